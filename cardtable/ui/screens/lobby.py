"""The lobby: pick a game, see the bankroll, open statistics, settings and rules."""

from __future__ import annotations

from rich.cells import cell_len
from rich.markup import escape
from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Label, Static

from ...i18n import N_, _, ngettext
from ...i18n.text import pad, wrap
from ..games import GAME_INFO, game_available, translated_blurb
from ..room import CardRoom
from ..watching import prune_app_watchers
from ..widgets.common.chips import ChipBalance
from ..widgets.common.footer import KeyFooter
from ..widgets.common.header import TitleHeader
from ..widgets.common.menu import MenuItem
from ..widgets.common.menu_row import MenuRow

__all__ = ["LobbyScreen", "LobbyToCome", "wrap_blurb"]

_LOGO = "♠ ♥  c a r d t a b l e  ♦ ♣"
#: The room an entry gives its text: the entries are 76 cells wide with 2 cells of padding
#: each side (assets/styles/app.tcss).
_ENTRY_WIDTH = 76 - 4
#: An entry's key and title take this many cells at least ("1  Blackjack   ").
_INDENT = 15
_BLURB_WIDTH = _ENTRY_WIDTH - _INDENT
#: An entry is 3 rows high: a blurb takes at most this many lines.
_BLURB_LINES = 3
_LOGO_ASCII = "S H  c a r d t a b l e  D C"


def _title_width() -> int:
    """Cells for the games' titles in the language in force (Japanese titles are
    double-width), with one space after the longest."""
    return max(cell_len(_(info.title)) for info in GAME_INFO.values()) + 1


def _pack(parts: list[str], width: int, first_joiner: str = " · ") -> list[str]:
    """``parts`` in lines of at most ``width`` cells, joined by `` · `` (the first two by
    ``first_joiner``), a part wider than a line broken (between words, else characters)."""
    lines: list[str] = []
    for i, part in enumerate(parts):
        joiner = first_joiner if i == 1 else " · "
        if lines and cell_len(lines[-1]) + cell_len(joiner) + cell_len(part) <= width:
            lines[-1] += joiner + part
        else:
            lines += wrap(part, width) or [""]
    return lines


def _blurb_indent() -> int:
    """Where an entry's blurb starts: after the key, two spaces, the titles' column."""
    return 4 + max(_INDENT - 4, _title_width())


def wrap_blurb(blurb: str, width: int = _BLURB_WIDTH, indent: int = _INDENT) -> str:
    """A blurb in lines of at most ``width`` terminal cells, broken between its `` · ``
    parts (a part longer than a line between words, or between characters in Japanese),
    each line after the first indented under the first: an entry shows it whole at every
    terminal width. A blurb already in lines is kept as its maker laid it out; more lines
    than an entry has end in "…"; one whose lines do not fit ``width`` (a wider titles'
    column, in Japanese) is packed again, its first line leading the parts."""
    if "\n" in blurb:
        given = [line.strip() for line in blurb.split("\n")]
        if all(cell_len(line) <= width for line in given):
            return ("\n" + " " * indent).join(given)
        parts = [given[0]] + [part for line in given[1:] for part in line.split(" · ")]
        lines = _pack(parts, width, first_joiner=" ")
    else:
        lines = _pack(blurb.split(" · "), width)
    if len(lines) > _BLURB_LINES:
        lines = lines[:_BLURB_LINES]
        last = lines[-1]
        while last and cell_len(last) > width - 1:
            last = last[:-1]
        lines[-1] = last + "…"
    return ("\n" + " " * indent).join(escape(line) for line in lines)


#: The lobby's menu: (name, words, key).
_MENU = (
    ("statistics", N_("Statistics"), "s"),
    ("history", N_("History"), "y"),
    ("drills", N_("Drills"), "d"),
    ("settings", N_("Settings"), "o"),
    ("rules", N_("Rules"), "?"),
)


class LobbyScreen(Screen[None]):
    """The card room's front door."""

    app = getters.app(CardRoom)  # typed: the card room's own attributes


    BINDINGS = [
        # The game keys are written on the game entries themselves: the footer then fits 80.
        Binding("1", "open_game('blackjack')", N_("Blackjack"), id="lobby.blackjack", show=False),
        Binding("2", "open_game('baccarat')", N_("Baccarat"), id="lobby.baccarat", show=False),
        Binding("3", "open_game('poker')", N_("Poker"), id="lobby.poker", show=False),
        Binding("s", "statistics", N_("Stats"), id="lobby.statistics"),
        Binding("o", "settings", N_("Settings"), id="lobby.settings"),
        Binding("y", "history", N_("History"), id="lobby.history"),
        Binding("d", "drills", N_("Drills"), id="lobby.drills"),
    ]

    def compose(self) -> ComposeResult:
        # One column of parts centred by the screen itself (no container around them, nor
        # around the game entries: each widget costs start-up time).
        yield TitleHeader()
        yield Static(_LOGO_ASCII if self.app.ascii else _LOGO, id="logo")
        yield ChipBalance(id="lobby-balance")
        waiting = self.app.open_games()
        for info in GAME_INFO.values():
            entry = MenuItem(id=f"game-{info.key}", classes="game-button", disabled=not game_available(info.key))
            self._fill_entry(entry, info.key, info.key in waiting)
            yield entry
        # the entries are filled: the screen's first showing need not fill them again
        self._filled = True
        yield MenuRow([(name, _(text), key) for name, text, key in _MENU], id="lobby-menu")
        yield Label(self._note(), id="lobby-note")
        yield KeyFooter(early=True)

    def _note(self) -> str:
        remote = self.app.remote
        if remote is None:
            return _("Chips are virtual: they have no money value and can never be withdrawn.")
        return _("Shared tables at {address} · your chips on that server").format(address=escape(remote.address))

    def _fill_texts(self) -> None:
        """The menu's and the note's words in the language in force."""
        menu = self.query_one("#lobby-menu", MenuRow)
        for name, text, _key in _MENU:
            menu.set_label(name, _(text))
        self.query_one("#lobby-note", Label).update(self._note())

    def retranslate(self) -> None:
        """The language changed (in the settings): every text of the lobby anew."""
        if self.is_mounted:
            self._fill_texts()
            self.on_screen_resume()

    def _blurb(self, game: str) -> str | None:
        """Poker's entry names its machines and their returns as this program computed them
        (at a shared table, each entry says who sits where)."""
        if self.app.remote is not None:
            return self._shared_blurb(game)
        if game != "poker":
            return None
        from ..widgets.poker import machines as room

        return room.lobby_blurb(self.app.store.path.parent, indent=_blurb_indent())

    def returns_changed(self) -> None:
        """A machine's return was computed in the background: the poker entry shows it."""
        if self.is_mounted:
            self.on_screen_resume()

    def on_mount(self) -> None:
        if self.app.remote is not None:  # cardtable join: the server's tables, kept fresh
            self.watch(self.app, "shared_lobby", self._shared_lobby_changed, init=False)
            self.set_interval(2.0, self._ask_lobby)

    def _ask_lobby(self) -> None:
        if self.app.session is not None and self.app.screen is self:
            self.app.session.send({"type": "lobby"})

    def _shared_lobby_changed(self) -> None:
        if self.is_mounted:
            self.on_screen_resume()

    def _shared_blurb(self, game: str) -> str:
        """``cardtable join``: who sits at the server's tables of ``game``."""
        if game == "poker":
            return _("a game for one: played at home (plain 'cardtable')")
        tables = [t for t in self.app.shared_lobby if t.get("game") == game]
        if not tables:
            return _("no one seated yet: press the key to open the table")
        parts = []
        for table in tables[:3]:
            raw = table.get("seats")  # a server's data: anything but a list of seats reads as none
            seats = [s for s in raw if isinstance(s, dict)] if isinstance(raw, list) else []
            names = [str(s.get("name", "?")) for s in seats if s.get("kind") == "human"]
            computers = sum(1 for s in seats if s.get("kind") == "computer")
            if computers:
                names.append(ngettext("{n} computer", "{n} computers", computers).format(n=computers))
            free = table.get("free")
            who = ", ".join(names) or _("no one")
            part = _("table {table}: {who}").format(table=table.get("table"), who=who)
            if isinstance(free, int):
                part += " · " + ngettext("{n} free", "{n} free", free).format(n=free)
            parts.append(part)
        more = " " + _("(+{n} more)").format(n=len(tables) - 3) if len(tables) > 3 else ""
        return " | ".join(parts) + more

    @staticmethod
    def _entry_text(game: str, waiting: bool, blurb: str | None = None) -> str:
        """A game's entry; a round left open there is marked, since it waits for the player.
        The titles make one column as wide as the longest in the language in force."""
        info = GAME_INFO[game]
        indent = _blurb_indent()
        head = f"[b]{info.hotkey}  {escape(pad(_(info.title), indent - 4))}[/b] "
        if not game_available(game):
            return head + escape(_("this table is not open yet"))
        if waiting:
            return head + "[b $warning]● {waiting}[/] — {resume}".format(
                waiting=escape(_("your round is waiting")), resume=escape(_("resume it"))
            )
        shown = blurb if blurb is not None else translated_blurb(info.blurb)
        return head + wrap_blurb(shown, _ENTRY_WIDTH - indent, indent)

    _filled = False
    """The game entries were just filled by compose (reset at the first showing)."""

    def on_screen_resume(self) -> None:
        prune_app_watchers(self.app)  # those of the screens just closed
        self.app.sync_bankroll()
        if self._filled:
            self._filled = False
            return
        waiting = self.app.open_games()
        for game in GAME_INFO:
            self._fill_entry(self.query_one(f"#game-{game}", MenuItem), game, game in waiting)

    def _fill_entry(self, entry: MenuItem, game: str, waiting: bool) -> None:
        """A game's entry: its text, its mark when a round waits there, and its padding
        rows left to a blurb of two or three lines."""
        entry.set_class(waiting, "-waiting")
        text = self._entry_text(game, waiting, self._blurb(game))
        entry.update(text)
        entry.styles.padding = (0, 2) if "\n" in text else (1, 2)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "open_game" and parameters:
            return True if game_available(str(parameters[0])) else None
        return True

    def action_open_game(self, game: str) -> None:
        """Sit down at a game's table."""
        if game_available(game):
            self.app.open_game(game)

    def action_statistics(self) -> None:
        """Show the statistics."""
        from .stats import StatsScreen

        if self._server_keeps(N_("Your statistics at these shared tables are kept by the server, under your name.")):
            return
        self.app.push_screen(StatsScreen())

    def action_history(self) -> None:
        """Show the history browser (every settled round, replayable)."""
        from .history import HistoryScreen

        if self._server_keeps(N_("Your history at these shared tables is kept by the server, under your name.")):
            return
        self.app.push_screen(HistoryScreen())

    def _server_keeps(self, what: str) -> bool:
        """At a shared table the server keeps the history and statistics: say so."""
        if self.app.remote is None:
            return False
        self.notify(
            _(what) + " " + _("(Its host can list it: cardtable history --data-dir <its data>/players/<name>.)"),
            timeout=8,
        )
        return True

    def action_drills(self) -> None:
        """Choose a strategy drill (blackjack or poker) and start it."""
        from .drill import DrillChoice

        def chosen(game: str | None) -> None:
            if game:
                self.app.open_drill(game)

        self.app.push_screen(DrillChoice(), chosen)

    def action_settings(self) -> None:
        """Show the settings."""
        from .settings import SettingsScreen

        self.app.push_screen(SettingsScreen())

    def on_menu_item_pressed(self, event: MenuItem.Pressed) -> None:
        event.stop()
        self.action_open_game((event.item.id or "").removeprefix("game-"))

    def on_menu_row_pressed(self, event: MenuRow.Pressed) -> None:
        event.stop()
        opened = {
            "statistics": self.action_statistics,
            "history": self.action_history,
            "drills": self.action_drills,
            "settings": self.action_settings,
            "rules": self.app.action_rules,
        }
        opened[event.name]()


class LobbyToCome(Screen[None]):
    """What lies under a table opened at start (``cardtable blackjack``): nothing, until it
    is shown, when the lobby takes its place."""

    app = getters.app(CardRoom)  # typed: the card room's own attributes

    def __init__(self) -> None:
        super().__init__()
        # Replacing a screen takes back the result callback it was pushed with: the
        # bottom screen was pushed without one.
        self._push_result_callback(self, None)

    def on_screen_resume(self) -> None:
        """Shown again (the table closed): the lobby. At start the table opens over this
        screen, or the app shows the lobby itself when the table cannot open."""
        self.app.show_lobby()
