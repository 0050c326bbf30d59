"""The history browser: every settled round, filtered and ordered, opened for a replay.

Why paged: a player's history grows to 100,000 rounds and more; the list reads a page
at a time from the store (``Store.history_page``) and the next page when the cursor
nears the end, so it opens as fast with a long history as with a short one. The first
page is one screenful and a little more (the screen opens at once), the next ones larger.
The filters are plain one-line controls that a key (``g`` ``w`` ``b``) or a click moves to
the next choice: three drop-down selects cost more than the rest of the screen together.
Each read for a new filter (the first one included) runs in a thread, which also makes the
rows' small cards: the screen's first frame is drawn before any data is read, and a filter
key never waits on the file.
"""

from __future__ import annotations

from datetime import timedelta

from rich.cells import cell_len
from rich.text import Text
from textual import getters, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Input, Label

from ...core.record import RecordError, RoundRecord
from ...i18n import N_, _, ngettext
from ...i18n.formatting import number
from ...store import HistoryEntry, HistoryFilter, Store, StoreError
from ..games import GAME_INFO
from ..room import CardRoom
from ..widgets.common.footer import KeyFooter
from ..widgets.common.header import TitleHeader
from ..widgets.history.filters import FilterChoice, day_start_utc, parse_day
from ..widgets.history.rows import Row, game_name, net_text, round_cards, row_cells
from ..widgets.history.steps import steps_for
from .history_replay import replay_screen

__all__ = ["HistoryScreen", "round_cards", "net_text", "parse_day"]

#: Rows read from the store at a time.
PAGE = 200
#: The first page: the rows a screen of this height shows and a few more (each row costs
#: its measure and its add; the next page is read when the cursor nears the end).
FIRST_PAGE_MIN = 20

_RESULTS = ((N_("Any result"), ""), (N_("Won"), "won"), (N_("Lost"), "lost"), (N_("Pushed"), "pushed"))
_ORDERS = ((N_("Newest first"), "newest"), (N_("Biggest swings"), "swing"), (N_("Oldest first"), "oldest"))
#: The order in the status line (lower case, mid-sentence).
_ORDER_WORDS = {"newest": N_("newest first"), "swing": N_("biggest swings"), "oldest": N_("oldest first")}
#: The list's columns: (key, heading, right-aligned).
_COLUMNS = (
    ("when", N_("When"), False), ("game", N_("Game"), False), ("stake", N_("Staked"), True),
    ("net", N_("Net"), True), ("cards", N_("Cards"), False),
)


class PageRead(Message):
    """The reading thread's result: the count and first page for one filter, or an error."""

    def __init__(self, generation: int, total: int, page: list[HistoryEntry], rows: list[Row],
                 error: str | None = None) -> None:
        super().__init__()
        self.generation = generation
        self.total = total
        self.page = page
        self.rows = rows
        self.error = error


class HistoryScreen(Screen[None]):
    """Settled rounds, newest first by default; enter opens a round's replay."""

    app = getters.app(CardRoom)  # typed: the card room's own attributes

    AUTO_FOCUS = "#history-list"
    """The list has the keys from the start (a date field focused first changed the keys
    shown twice before the first frame, each time a rebuild of the footer)."""

    BINDINGS = [
        Binding("escape", "app.pop_screen", N_("Back"), id="history.back"),
        Binding("g", "cycle('game')", N_("Game"), id="history.game"),
        Binding("w", "cycle('result')", N_("Won/lost"), id="history.result"),
        Binding("b", "cycle('order')", N_("Biggest"), id="history.order"),
        Binding("enter", "open", N_("Replay"), id="history.open"),
    ]

    DEFAULT_CSS = """
    HistoryScreen #history-filters { height: 1; padding: 0 1; }
    HistoryScreen #history-filters .filter-choice { width: auto; margin-right: 2; }
    HistoryScreen #history-filters Input { width: 12; }
    HistoryScreen #history-filters .filter-label { width: auto; padding: 0 1 0 0; color: $text-muted; }
    HistoryScreen #history-status { height: 1; width: 1fr; padding: 0 1; color: $text-muted; }
    HistoryScreen #history-list { height: 1fr; }
    """

    def __init__(self, game: str | None = None) -> None:
        super().__init__()
        self.filter = HistoryFilter(game=game)
        self.entries: list[HistoryEntry] = []
        self.total = 0
        self._bad_dates = False
        self._generation = 0
        """Counts the reads asked for: a page read for an older filter is dropped."""
        self.reading = False
        """True while the first page for the current filter is being read."""

    def compose(self) -> ComposeResult:
        games = [(N_("Every game"), "")] + [(info.title, key) for key, info in GAME_INFO.items()]
        yield TitleHeader()
        with Vertical():
            with Horizontal(id="history-filters"):
                yield FilterChoice(tuple(games), self.filter.game or "", id="filter-game")
                yield FilterChoice(_RESULTS, "", id="filter-result")
                yield FilterChoice(_ORDERS, "newest", id="filter-order")
                yield Input(placeholder=_("from date"), compact=True, id="filter-since", max_length=10)
                yield Label(" – ", classes="filter-label")
                yield Input(placeholder=_("to date"), compact=True, id="filter-until", max_length=10)
            yield Label("", id="history-status")
            yield DataTable(id="history-list", cursor_type="row", zebra_stripes=True)
        yield KeyFooter()

    def on_mount(self) -> None:
        self._add_columns()
        self.reload()

    def _add_columns(self) -> None:
        table = self.query_one("#history-list", DataTable)
        for key, heading, right in _COLUMNS:
            table.add_column(Text(_(heading), justify="right") if right else _(heading), key=key)

    def retranslate(self) -> None:
        """The language changed: the filters, the date fields, the headings and the rows
        (their dates and names) again in it."""
        for choice in self.query(FilterChoice):
            choice.retranslate()
        self.query_one("#filter-since", Input).placeholder = _("from date")
        self.query_one("#filter-until", Input).placeholder = _("to date")
        self.query_one("#history-list", DataTable).clear(columns=True)
        self._add_columns()
        self.reload()

    # -- reading -------------------------------------------------------------------

    def reload(self) -> None:
        """Read the count and the first page for the current filter, in a thread."""
        self.query_one("#history-list", DataTable).clear()
        if self.entries:
            self.refresh_bindings()  # no row to replay until the new page comes
        self.entries = []
        self.total = 0
        self._generation += 1
        self.reading = True
        self._status(_("Reading the history…"))
        first = max(FIRST_PAGE_MIN, self.app.size.height)
        self._read_first(self.app.store, self.filter, self._generation, self.app.ascii, first)

    @work(thread=True, exclusive=True, group="history-read")
    def _read_first(self, store: Store, wanted: HistoryFilter, generation: int, ascii: bool, limit: int) -> None:
        try:
            total = store.history_matching(wanted)
            page = store.history_page(wanted, limit=limit, offset=0) if total else []
        except (StoreError, ValueError) as error:
            self.post_message(PageRead(generation, 0, [], [], str(error)))
            return
        self.post_message(PageRead(generation, total, page, [row_cells(entry, ascii) for entry in page]))

    @on(PageRead)
    def _first_page(self, message: PageRead) -> None:
        if message.generation != self._generation:
            return  # read for a filter since changed
        self.reading = False
        if message.error is not None:
            self._status(_("The history could not be read: {error}").format(error=message.error))
            return
        self.total = message.total
        self._add_rows(message.page, message.rows)
        self._status()

    def _add_rows(self, page: list[HistoryEntry], rows: list[Row]) -> None:
        table = self.query_one("#history-list", DataTable)
        for entry, cells in zip(page, rows, strict=True):
            table.add_row(*cells, key=str(entry.id))
        if page and not self.entries:
            self.refresh_bindings()  # enter (replay) is offered once there is a row
        self.entries.extend(page)

    def _load_more(self) -> None:
        """The next page, read at once (the cursor is near the end of the list)."""
        if self.reading or len(self.entries) >= self.total:
            return
        try:
            page = self.app.store.history_page(self.filter, limit=PAGE, offset=len(self.entries))
        except (StoreError, ValueError) as error:
            self._status(_("The history could not be read: {error}").format(error=error))
            return
        ascii = self.app.ascii
        self._add_rows(page, [row_cells(entry, ascii) for entry in page])

    def _status(self, text: str | None = None) -> None:
        if text is None:
            f = self.filter
            what = game_name(f.game) if f.game in GAME_INFO else _("every game")
            order = _(_ORDER_WORDS.get(f.order, f.order))
            rounds = ngettext("{n} round", "{n} rounds", self.total).format(n=number(self.total))
            room = self.query_one("#history-status", Label).content_region.width or self.app.size.width - 2
            longest_first = [
                _("{rounds} · {game} · {order} · local time · enter replays a round"),
                _("{rounds} · {game} · {order} · enter replays"),
                _("{rounds} · {game} · {order}"),
                "{rounds}",
            ]
            lines = [line.format(rounds=rounds, game=what, order=order) for line in longest_first]
            if self._bad_dates:  # the hint first, then as much of the rest as fits
                hint = _("Dates are written YYYY-MM-DD (e.g. 2026-11-30) · {status}")
                lines = [hint.format(status=line) for line in lines]
            text = next((line for line in lines if cell_len(line) <= room), lines[-1])
        self.query_one("#history-status", Label).update(text, layout=False)  # one fixed line

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
            self.app.report_store_error(_("The round could not be read"), error)
            return
        if text is None:
            self.notify(
                _("This round was played before whole rounds were kept: it can be listed, not replayed."),
                timeout=6,
            )
            return
        try:
            steps = steps_for(RoundRecord.from_json(text))
        except RecordError as error:
            self.notify(_("This round cannot be replayed: {error}.").format(error=error), severity="warning", timeout=6)
            return
        self.app.push_screen(replay_screen(entry, steps))
