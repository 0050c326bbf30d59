"""Statistics: a row per game and the charts of the bankroll, the nets and the results,
and how well the player chose (the graded decisions per game, in all and by
day, and the drills' scores) on the "Coach" tab.

Why it reads in two steps: the table comes from the statistics the store keeps as each
round settles (no pass over the history), so the first frame is painted at once even
with 100,000 rounds (``benchmarks/history_size.py`` measures it); the charts (one pass
over the history's amounts), the graded decisions (one pass over the details) and the
exact house edges (SQLite sums the stakes per spot and machine) follow a moment later
from a thread. The screen keeps those figures in reactives, and its widgets
(``widgets/history/stats_views.py``, the charts) are bound to them and draw their part.
"""

from __future__ import annotations

from textual import getters, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Header, Label, TabbedContent, TabPane

from ...history_stats import CoachStats, StatsRow, coach_stats, exact_edges, stats_rows
from ...i18n import N_, _
from ...store import START_BANKROLL, DrillScore, Store, StoreError
from ..room import CardRoom
from ..widgets.common.chips import ChipBalance
from ..widgets.common.footer import KeyFooter
from ..widgets.history.chart_data import ChartData, chart_data_from_columns
from ..widgets.history.stats_views import (
    CoachData,
    CoachFigures,
    StatsNote,
    StatsTable,
    accuracy_cells,
    stats_cells,
)

__all__ = ["StatsScreen", "stats_cells", "accuracy_cells"]

_TABS = ["tab-bankroll", "tab-nets", "tab-results", "tab-coach"]
_CHARTS = ("bankroll", "nets", "results")
#: The tabs' titles, by key (shown through ``_()``).
_TAB_TITLES = {"bankroll": N_("Bankroll"), "nets": N_("Net per game"), "results": N_("Results"), "coach": N_("Coach")}


class StatsScreen(Screen[None]):
    """Read-only figures from the store, and the charts."""

    app = getters.app(CardRoom)  # typed: the card room's own attributes

    DEFAULT_CSS = """
    StatsScreen #stats { padding: 0 1; }
    StatsScreen #stats-top { height: 1; }
    StatsScreen #stats-top .screen-title { width: auto; margin-right: 2; text-style: bold; }
    StatsScreen #stats-top ChipBalance { width: 1fr; }
    StatsScreen #stats-table { height: auto; max-height: 6; }
    StatsScreen #stats-note { height: auto; width: 1fr; color: $text-muted; }
    StatsScreen TabbedContent { height: 1fr; }
    StatsScreen TabPane { padding: 0; }
    StatsScreen .chart-wait { color: $text-muted; padding: 1 2; }
    StatsScreen #coach { padding: 0 1; }
    StatsScreen #coach DataTable { height: auto; margin-bottom: 1; }
    StatsScreen #coach .coach-title { text-style: bold; }
    StatsScreen #coach .coach-note { color: $text-muted; width: 1fr; }
    """

    BINDINGS = [
        Binding("escape", "app.pop_screen", N_("Back"), id="stats.back"),
        Binding("y", "history", N_("History"), id="stats.history"),
        Binding("c", "next_chart", N_("Next chart"), id="stats.chart"),
    ]

    rows: reactive[tuple[StatsRow, ...]] = reactive(())
    """A row per game and the total (with the exact edges once they are known)."""
    coach: reactive[CoachData | None] = reactive(None)
    """The graded decisions and the drills' scores, read in a thread."""
    chart_data: reactive[ChartData | None] = reactive(None, init=False)
    """The charts' figures, read in a thread (None until then)."""

    def compose(self) -> ComposeResult:
        self._read_rows()  # before the widgets bound to them: the first layout has them
        yield Header()
        with Vertical(id="stats"):
            with Horizontal(id="stats-top"):
                yield Label(_("Statistics"), id="stats-title", classes="screen-title")
                yield ChipBalance()
            yield StatsTable(id="stats-table", cursor_type="none", zebra_stripes=True).data_bind(
                rows_shown=StatsScreen.rows)
            yield StatsNote(id="stats-note").data_bind(rows_shown=StatsScreen.rows)
            # The plots are mounted when their data has been read (see watch_chart_data).
            with TabbedContent(id="stats-charts"):
                for key in _CHARTS:
                    with TabPane(_(_TAB_TITLES[key]), id=f"tab-{key}"):
                        yield Label(_("Drawing the chart…"), classes="chart-wait")
                with TabPane(_(_TAB_TITLES["coach"]), id="tab-coach"):
                    yield CoachFigures(id="coach").data_bind(figures=StatsScreen.coach)
        yield KeyFooter()

    def on_mount(self) -> None:
        if self._rows_read:
            self.call_after_refresh(self._load_rest, self.app.store)

    _rows_read = False

    def _read_rows(self) -> None:
        """The table's rows from the store (kept as each round settles: no pass over the
        history), set without a repaint: the screen is not composed yet."""
        try:
            self.set_reactive(StatsScreen.rows, tuple(stats_rows(self.app.store)))
            self._rows_read = True
        except StoreError as error:
            self.app.report_store_error(_("The statistics could not be read"), error)

    def watch_chart_data(self, data: ChartData | None) -> None:
        """Draw the charts (the plotting library is imported only now): the chart on the
        tab shown at once, each other one when its tab is first shown."""
        if data is None:
            return
        active = self.query_one(TabbedContent).active
        for key in _CHARTS:
            drawn = bool(self.query_one(f"#tab-{key}", TabPane).query(f"#chart-{key}"))
            if drawn or f"tab-{key}" == active:  # a chart drawn before is updated
                self._draw_chart(key)

    def _draw_chart(self, key: str) -> None:
        from ..widgets.history.charts import BankrollChart, GameNetChart, ResultsChart

        assert self.chart_data is not None
        kind = {"bankroll": BankrollChart, "nets": GameNetChart, "results": ResultsChart}[key]
        pane = self.query_one(f"#tab-{key}", TabPane)
        charts = pane.query(kind)
        if charts:
            charts.first().show(self.chart_data)
        else:  # the note is hidden at once: the chart is laid out (and plotted) once, at its size
            waiting = pane.query(".chart-wait")
            waiting.set(display=False)
            waiting.remove()
            pane.mount(kind(self.chart_data, id=f"chart-{key}"))

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        """A chart's tab is shown for the first time: its chart is drawn now."""
        key = (event.pane.id or "").removeprefix("tab-")
        waiting = not event.pane.query(f"#chart-{key}")
        if self.chart_data is not None and key in _CHARTS and waiting:
            self._draw_chart(key)

    @work(thread=True, exclusive=True, group="stats-figures")
    def _load_rest(self, store: Store) -> None:
        try:
            data = chart_data_from_columns(*store.chart_columns(), store.refills(), START_BANKROLL)
        except StoreError:
            return
        try:
            coach = coach_stats(store)
            drills = store.drill_scores()
        except (StoreError, ValueError):
            coach, drills = None, []
        # the chart and the coach's tab in one step: one layout and one frame for both
        self.app.call_from_thread(self._show_figures, data, coach, drills)
        if not any(r.staked for r in self.rows):
            return
        try:
            edges = exact_edges(store)
        except Exception:  # noqa: BLE001 - the column stays "—"
            return
        self.app.call_from_thread(self._show_edges, edges)

    def _show_figures(self, data: ChartData, coach: CoachStats | None, drills: list[DrillScore]) -> None:
        self.chart_data = data
        if coach is not None:
            self.coach = (coach, tuple(drills))

    def _show_edges(self, edges: dict[str, float | None]) -> None:
        try:
            self.rows = tuple(stats_rows(self.app.store, edges))
        except StoreError:
            return

    def retranslate(self) -> None:
        """The language changed: the title, the tabs, the tables and the charts in it."""
        self.query_one("#stats-title", Label).update(_("Statistics"))
        tabs = self.query_one(TabbedContent)
        for key, title in _TAB_TITLES.items():
            tabs.get_tab(f"tab-{key}").label = _(title)
        for waiting in self.query(".chart-wait").results(Label):
            waiting.update(_("Drawing the chart…"))
        self.query_one(StatsTable).retranslate()
        self.query_one(StatsNote).refresh()
        self.query_one(CoachFigures).retranslate()
        if self.chart_data is not None:
            self.watch_chart_data(self.chart_data)

    def action_history(self) -> None:
        from .history import HistoryScreen

        self.app.push_screen(HistoryScreen())

    def action_next_chart(self) -> None:
        tabs = self.query_one(TabbedContent)
        order = _TABS
        current = tabs.active if tabs.active in order else order[0]
        tabs.active = order[(order.index(current) + 1) % len(order)]
