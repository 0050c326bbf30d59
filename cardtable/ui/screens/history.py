"""The history browser: every settled round, filtered and ordered, opened for a replay.

Why paged: a player's history grows to 100,000 rounds and more; the list reads a page
at a time from the store (``Store.history_page``) and the next page when the cursor
nears the end, so it opens as fast with a long history as with a short one. The first
page is one screenful and a little more (the screen opens at once), the next ones larger.
The filters are plain one-line controls that a key (``g`` ``w`` ``b``) or a click moves to
the next choice: three drop-down selects cost more than the rest of the screen together.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta, timezone

from rich.text import Text
from textual import getters, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Header, Input, Label, Static

from ...core.cards import Card
from ...core.money import format_chips, format_signed
from ...core.record import RecordError, RoundRecord
from ...store import HistoryEntry, HistoryFilter, StoreError
from ..games import GAME_INFO
from ..room import CardRoom
from ..widgets.common.card import cards_mini
from ..widgets.common.footer import KeyFooter
from ..widgets.history.steps import steps_for
from .history_replay import local_time, replay_screen

__all__ = ["HistoryScreen", "round_cards", "net_text", "parse_day"]

#: Rows read from the store at a time, and for the first frame.
PAGE = 200
FIRST_PAGE = 40
#: Cells of one small card in the list: a ten's three, every other card padded to match.
_CARD_CELLS = 3

_RESULTS = (("Any result", ""), ("Won", "won"), ("Lost", "lost"), ("Pushed", "pushed"))
_ORDERS = (("Newest first", "newest"), ("Biggest swings", "swing"), ("Oldest first", "oldest"))


def parse_day(text: str) -> date | None:
    """A ``YYYY-MM-DD`` date, or None for an empty field; ``ValueError`` otherwise."""
    text = text.strip()
    if not text:
        return None
    return date.fromisoformat(text)


def day_start_utc(day: date) -> str:
    """Local midnight at the start of ``day`` as the store's UTC text."""
    local = datetime.combine(day, time()).astimezone()
    return local.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _cards(names: object, ascii: bool) -> Text:
    cards: list[Card] = []
    if isinstance(names, list):
        for name in names:
            try:
                cards.append(Card.parse(str(name)))
            except ValueError:
                continue
    return cards_mini(cards, ascii, width=_CARD_CELLS, in_table=True)


def round_cards(entry: HistoryEntry, ascii: bool = False) -> Text:
    """The round's cards as small cards: yours (each hand), then the dealer's / banker's."""
    d = entry.details
    out = Text()
    if entry.game == "blackjack":
        hands = d.get("hands") if isinstance(d.get("hands"), list) else []
        for i, hand in enumerate(hands or []):
            if i:
                out.append(" │ ")
            out.append_text(_cards(hand.get("cards") if isinstance(hand, dict) else None, ascii))
        out.append("  vs ", style="dim")
        out.append_text(_cards(d.get("dealer"), ascii))
    elif entry.game == "baccarat":
        out.append("P ", style="dim")
        out.append_text(_cards(d.get("player"), ascii))
        out.append("  B ", style="dim")
        out.append_text(_cards(d.get("banker"), ascii))
    elif entry.game == "poker":
        out.append_text(_cards(d.get("cards"), ascii))
        if d.get("paid_on"):
            out.append(f" {d['paid_on']}", style="dim")
    return out


def net_text(amount: int) -> Text:
    """A signed amount, right-aligned, green when won and red when lost."""
    style = "bold green" if amount > 0 else "bold red" if amount < 0 else "dim"
    return Text(format_signed(amount), style=style, justify="right")


class FilterChoice(Static):
    """One filter: its current choice shown as ``◂ Won ▸``; a click moves to the next one."""

    class Moved(Message):
        """The choice was clicked: move it on."""

        def __init__(self, choice: FilterChoice) -> None:
            super().__init__()
            self.choice = choice

    def __init__(self, choices: tuple[tuple[str, str], ...], value: str, *, id: str) -> None:
        super().__init__(id=id, classes="filter-choice")
        self.choices = choices
        self.value = value
        self._show()

    def _show(self) -> None:
        self.update(f"◂ {dict((v, k) for k, v in self.choices).get(self.value, self.value)} ▸")

    def move(self) -> str:
        """The next choice (round again after the last); returns it."""
        values = [v for _, v in self.choices]
        self.value = values[(values.index(self.value) + 1) % len(values)] if self.value in values else values[0]
        self._show()
        return self.value

    def on_click(self) -> None:
        self.post_message(self.Moved(self))


class HistoryScreen(Screen[None]):
    """Settled rounds, newest first by default; enter opens a round's replay."""

    app = getters.app(CardRoom)  # typed: the card room's own attributes

    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back", id="history.back"),
        Binding("g", "cycle('game')", "Game", id="history.game"),
        Binding("w", "cycle('result')", "Won/lost", id="history.result"),
        Binding("b", "cycle('order')", "Biggest", id="history.order"),
        Binding("enter", "open", "Replay", id="history.open"),
    ]

    DEFAULT_CSS = """
    HistoryScreen #history-filters { height: 1; padding: 0 1; }
    HistoryScreen #history-filters .filter-choice { width: auto; margin-right: 2; }
    HistoryScreen #history-filters Input { width: 12; }
    HistoryScreen #history-filters .filter-label { width: auto; padding: 0 1 0 0; color: $text-muted; }
    HistoryScreen #history-status { height: 1; padding: 0 1; color: $text-muted; }
    HistoryScreen #history-list { height: 1fr; }
    """

    def __init__(self, game: str | None = None) -> None:
        super().__init__()
        self.filter = HistoryFilter(game=game)
        self.entries: list[HistoryEntry] = []
        self.total = 0
        self._bad_dates = False

    def compose(self) -> ComposeResult:
        games = [("Every game", "")] + [(info.title, key) for key, info in GAME_INFO.items()]
        yield Header()
        with Vertical():
            with Horizontal(id="history-filters"):
                yield FilterChoice(tuple(games), self.filter.game or "", id="filter-game")
                yield FilterChoice(_RESULTS, "", id="filter-result")
                yield FilterChoice(_ORDERS, "newest", id="filter-order")
                yield Input(placeholder="from date", compact=True, id="filter-since", max_length=10)
                yield Label(" – ", classes="filter-label")
                yield Input(placeholder="to date", compact=True, id="filter-until", max_length=10)
            yield Label("", id="history-status")
            yield DataTable(id="history-list", cursor_type="row", zebra_stripes=True)
        yield KeyFooter()

    def on_mount(self) -> None:
        table = self.query_one("#history-list", DataTable)
        table.add_column("When", key="when")
        table.add_column("Game", key="game")
        table.add_column(Text("Staked", justify="right"), key="stake")
        table.add_column(Text("Net", justify="right"), key="net")
        table.add_column("Cards", key="cards")
        self.reload()
        table.focus()

    # -- reading -------------------------------------------------------------------

    def reload(self) -> None:
        """Read the first page for the current filter."""
        table = self.query_one("#history-list", DataTable)
        table.clear()
        self.entries = []
        try:
            self.total = self.app.store.history_matching(self.filter)
        except (StoreError, ValueError) as error:
            self._status(f"The history could not be read: {error}")
            return
        self._load_more()
        self._status()

    def _load_more(self) -> None:
        if len(self.entries) >= self.total:
            return
        try:
            limit = PAGE if self.entries else FIRST_PAGE
            page = self.app.store.history_page(self.filter, limit=limit, offset=len(self.entries))
        except (StoreError, ValueError) as error:
            self._status(f"The history could not be read: {error}")
            return
        table = self.query_one("#history-list", DataTable)
        ascii = self.app.ascii
        for entry in page:
            title = GAME_INFO[entry.game].title if entry.game in GAME_INFO else entry.game
            table.add_row(
                local_time(entry.at),
                title,
                Text(format_chips(entry.stake), justify="right"),
                net_text(entry.net),
                round_cards(entry, ascii),
                key=str(entry.id),
            )
        self.entries.extend(page)

    def _status(self, text: str | None = None) -> None:
        if text is None:
            f = self.filter
            what = GAME_INFO[f.game].title if f.game in GAME_INFO else "every game"
            order = dict((v, k) for k, v in _ORDERS)[f.order].lower()
            rounds = "1 round" if self.total == 1 else f"{self.total:,} rounds"
            text = f"{rounds} · {what} · {order} · local time · enter replays a round"
            if len(text) > 78:
                text = f"{rounds} · {what} · {order} · enter replays"
            if self._bad_dates:
                text = "Dates are written YYYY-MM-DD (e.g. 2026-11-30) · " + text
        self.query_one("#history-status", Label).update(text)

    @on(DataTable.RowHighlighted, "#history-list")
    def _near_the_end(self, event: DataTable.RowHighlighted) -> None:
        if event.cursor_row >= len(self.entries) - 10:
            self._load_more()

    # -- filters ---------------------------------------------------------------------

    @on(FilterChoice.Moved)
    def _choice_clicked(self, event: FilterChoice.Moved) -> None:
        self.action_cycle((event.choice.id or "").removeprefix("filter-"))

    @on(Input.Submitted)
    @on(Input.Changed)
    def _dates_changed(self, event: Input.Changed | Input.Submitted) -> None:
        since_text = self.query_one("#filter-since", Input).value
        until_text = self.query_one("#filter-until", Input).value
        try:
            since, until = parse_day(since_text), parse_day(until_text)
        except ValueError:
            if len(since_text.strip()) == 10 or len(until_text.strip()) == 10:
                self._bad_dates = True
                self._status()
            return
        self._bad_dates = False
        new = HistoryFilter(
            self.filter.game,
            None if since is None else day_start_utc(since),
            None if until is None else day_start_utc(until + timedelta(days=1)),
            self.filter.result,
            self.filter.order,
        )
        if new != self.filter:
            self.filter = new
            self.reload()

    def _set(self, name: str, value: str) -> None:
        f = self.filter
        if name == "game":
            new = HistoryFilter(value or None, f.since, f.until, f.result, f.order)
        elif name == "result":
            new = HistoryFilter(f.game, f.since, f.until, value or None, f.order)
        elif name == "order":
            new = HistoryFilter(f.game, f.since, f.until, f.result, value or "newest")
        else:
            return
        if new != self.filter:
            self.filter = new
            self.reload()

    def action_cycle(self, name: str) -> None:
        """The filter keys (and a click on a filter): the next choice of that filter."""
        choice = self.query_one(f"#filter-{name}", FilterChoice)
        self._set(name, choice.move())

    # -- opening a round ----------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "open":
            return True if self.entries else None
        return True

    @on(DataTable.RowSelected, "#history-list")
    def _row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.open_row(event.cursor_row)

    def action_open(self) -> None:
        table = self.query_one("#history-list", DataTable)
        if self.focused is table:
            return  # the table's own enter selects the row (RowSelected)
        self.open_row(table.cursor_row)

    def open_row(self, row: int) -> None:
        """Replay the round on ``row`` (a round from before records were kept cannot be)."""
        if not 0 <= row < len(self.entries):
            return
        entry = self.entries[row]
        try:
            text = self.app.store.round_record(entry.id)
        except StoreError as error:
            self.app.report_store_error("The round could not be read", error)
            return
        if text is None:
            self.notify(
                "This round was played before whole rounds were kept: it can be listed, not replayed.",
                timeout=6,
            )
            return
        try:
            steps = steps_for(RoundRecord.from_json(text))
        except RecordError as error:
            self.notify(f"This round cannot be replayed: {error}.", severity="warning", timeout=6)
            return
        self.app.push_screen(replay_screen(entry, steps))
