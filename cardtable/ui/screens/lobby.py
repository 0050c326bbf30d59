"""The lobby: pick a game, see the bankroll, open statistics, settings and rules."""

from __future__ import annotations

import textwrap

from rich.markup import escape
from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Header, Label, Static

from ..games import GAME_INFO, game_available
from ..room import CardRoom
from ..widgets.common.chips import ChipBalance
from ..widgets.common.footer import KeyFooter
from ..widgets.common.menu import MenuItem

__all__ = ["LobbyScreen", "wrap_blurb"]

_LOGO = "♠ ♥  c a r d t a b l e  ♦ ♣"
#: An entry's first cells ("1  Blackjack   "), and the room left for its blurb: the
#: entries are 76 cells wide with 2 cells of padding each side (assets/styles/app.tcss).
_INDENT = 15
_BLURB_WIDTH = 76 - 4 - _INDENT
#: An entry is 3 rows high: a blurb takes at most this many lines.
_BLURB_LINES = 3
_LOGO_ASCII = "S H  c a r d t a b l e  D C"


def wrap_blurb(blurb: str, width: int = _BLURB_WIDTH, indent: int = _INDENT) -> str:
    """A blurb in lines of at most ``width`` cells, broken between its `` · `` parts (a
    part longer than a line between words), each line after the first indented under the
    first: an entry shows it whole at every terminal width. A blurb already in lines is
    kept as its maker laid it out; more lines than an entry has end in "…"."""
    if "\n" in blurb:
        return blurb
    lines: list[str] = []
    for part in blurb.split(" · "):
        if lines and len(lines[-1]) + 3 + len(part) <= width:
            lines[-1] += " · " + part
        else:
            lines += textwrap.wrap(part, width) or [""]
    if len(lines) > _BLURB_LINES:
        lines = lines[:_BLURB_LINES]
        lines[-1] = lines[-1][: width - 1] + "…"
    return ("\n" + " " * indent).join(escape(line) for line in lines)


class LobbyScreen(Screen[None]):
    """The card room's front door."""

    app = getters.app(CardRoom)  # typed: the card room's own attributes


    BINDINGS = [
        # The game keys are written on the game entries themselves: the footer then fits 80.
        Binding("1", "open_game('blackjack')", "Blackjack", id="lobby.blackjack", show=False),
        Binding("2", "open_game('baccarat')", "Baccarat", id="lobby.baccarat", show=False),
        Binding("3", "open_game('poker')", "Poker", id="lobby.poker", show=False),
        Binding("s", "statistics", "Stats", id="lobby.statistics"),
        Binding("o", "settings", "Settings", id="lobby.settings"),
        Binding("y", "history", "History", id="lobby.history"),
        Binding("d", "drills", "Drills", id="lobby.drills"),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="lobby"):
            yield Static(_LOGO_ASCII if self.app.ascii else _LOGO, id="logo")
            yield ChipBalance(id="lobby-balance")
            with Vertical(id="games"):
                waiting = self.app.open_games()
                for info in GAME_INFO.values():
                    yield MenuItem(
                        self._entry_text(info.key, info.key in waiting, self._blurb(info.key)),
                        id=f"game-{info.key}",
                        classes="game-button",
                        disabled=not game_available(info.key),
                    )
            with Horizontal(id="lobby-menu"):
                yield MenuItem("Statistics [b]s[/b]", id="menu-statistics", classes="menu-button")
                yield MenuItem("History [b]y[/b]", id="menu-history", classes="menu-button")
                yield MenuItem("Drills [b]d[/b]", id="menu-drills", classes="menu-button")
                yield MenuItem("Settings [b]o[/b]", id="menu-settings", classes="menu-button")
                yield MenuItem("Rules [b]?[/b]", id="menu-rules", classes="menu-button")
            remote = self.app.remote
            yield Label(
                "Chips are virtual: they have no money value and can never be withdrawn."
                if remote is None
                else f"Shared tables at {remote.address} · your chips on that server",
                id="lobby-note",
            )
        yield KeyFooter()

    def _blurb(self, game: str) -> str | None:
        """Poker's entry names its machines and their returns as this program computed them
        (at a shared table, each entry says who sits where)."""
        if self.app.remote is not None:
            return self._shared_blurb(game)
        if game != "poker":
            return None
        from ..widgets.poker import machines as room

        return room.lobby_blurb(self.app.store.path.parent)

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
            return "a game for one: played at home (plain 'cardtable')"
        tables = [t for t in self.app.shared_lobby if t.get("game") == game]
        if not tables:
            return "no one seated yet: press the key to open the table"
        parts = []
        for table in tables[:3]:
            raw = table.get("seats")  # a server's data: anything but a list of seats reads as none
            seats = [s for s in raw if isinstance(s, dict)] if isinstance(raw, list) else []
            names = [str(s.get("name", "?")) for s in seats if s.get("kind") == "human"]
            computers = sum(1 for s in seats if s.get("kind") == "computer")
            if computers:
                names.append(f"{computers} computer" + ("s" if computers > 1 else ""))
            free = table.get("free")
            who = ", ".join(names) or "no one"
            parts.append(f"table {table.get('table')}: {who}" + (f" · {free} free" if isinstance(free, int) else ""))
        more = f" (+{len(tables) - 3} more)" if len(tables) > 3 else ""
        return " | ".join(parts) + more

    @staticmethod
    def _entry_text(game: str, waiting: bool, blurb: str | None = None) -> str:
        """A game's entry; a round left open there is marked, since it waits for the player."""
        info = GAME_INFO[game]
        if not game_available(game):
            return f"[b]{info.hotkey}  {info.title:<11}[/b] this table is not open yet"
        if waiting:
            return f"[b]{info.hotkey}  {info.title:<11}[/b] [b $warning]● your round is waiting[/] — resume it"
        return f"[b]{info.hotkey}  {info.title:<11}[/b] {wrap_blurb(blurb or info.blurb)}"

    def on_screen_resume(self) -> None:
        self.app.sync_bankroll()
        waiting = self.app.open_games()
        for game in GAME_INFO:
            entry = self.query_one(f"#game-{game}", MenuItem)
            entry.set_class(game in waiting, "-waiting")
            text = self._entry_text(game, game in waiting, self._blurb(game))
            entry.update(text)
            # A blurb of two or three lines uses the entry's padding rows.
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

        if self._server_keeps("statistics"):
            return
        self.app.push_screen(StatsScreen())

    def action_history(self) -> None:
        """Show the history browser (every settled round, replayable)."""
        from .history import HistoryScreen

        if self._server_keeps("history"):
            return
        self.app.push_screen(HistoryScreen())

    def _server_keeps(self, what: str) -> bool:
        """At a shared table the server keeps the history and statistics: say so."""
        if self.app.remote is None:
            return False
        self.notify(
            f"Your {what} at these shared tables is kept by the server, under your name "
            "(its host can list it: cardtable history --data-dir <its data>/players/<name>).",
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
        button_id = event.item.id or ""
        event.stop()
        if button_id.startswith("game-"):
            self.action_open_game(button_id.removeprefix("game-"))
        elif button_id == "menu-statistics":
            self.action_statistics()
        elif button_id == "menu-history":
            self.action_history()
        elif button_id == "menu-drills":
            self.action_drills()
        elif button_id == "menu-settings":
            self.action_settings()
        elif button_id == "menu-rules":
            self.app.action_rules()
