"""Statistics: a row per game and the charts of the bankroll, the nets and the results,
and how well the player chose (the graded decisions per game, in all and by
day, and the drills' scores) on the "Coach" tab.

Why it reads in two steps: the table comes from the statistics the store keeps as each
round settles (no pass over the history), so the first frame is painted at once even
with 100,000 rounds (``benchmarks/history_size.py`` measures it); the charts (one pass
over the history's amounts), the graded decisions (one pass over the details) and the
exact house edges (SQLite sums the stakes per spot and machine) follow a moment later
from a thread, which also plots the chart on show: that chart is laid out in the first
frame (saying it is being drawn), so the figures arriving cost one repaint, not a layout,
a new widget and a plot. The screen keeps those figures in reactives, and its widgets
(``widgets/history/stats_views.py``, the charts) are bound to them and draw their part.
"""

from __future__ import annotations

from textual import getters, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, Horizontal, Vertical
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import ContentSwitcher, Label

from ...history_stats import CoachStats, StatsRow, coach_stats, exact_edges, stats_rows
from ...i18n import N_, _
from ...store import START_BANKROLL, DrillScore, Store, StoreError
from ..room import CardRoom
from ..widgets.common.chips import ChipBalance
from ..widgets.common.footer import KeyFooter
from ..widgets.common.header import TitleHeader
from ..widgets.history.chart_data import ChartData, chart_data_from_columns
from ..widgets.history.charts import BankrollChart, GameNetChart, PlotKey, Plotted, ResultsChart, StatsChart
from ..widgets.history.stats_views import (
    CoachData,
    CoachFigures,
    StatsNote,
    StatsTable,
    accuracy_cells,
    stats_cells,
)
from ..widgets.history.tab_strip import TabStrip

__all__ = ["StatsScreen", "stats_cells", "accuracy_cells"]

#: The tabs' titles, by key (shown through ``_()``), in order; a tab's id is ``tab-KEY``.
_TAB_TITLES = {"bankroll": N_("Bankroll"), "nets": N_("Net per game"), "results": N_("Results"), "coach": N_("Coach")}
_TABS = [f"tab-{key}" for key in _TAB_TITLES]
#: The charts' tabs and kinds (the first is the tab shown at first).
_KINDS: dict[str, type[StatsChart]] = {"bankroll": BankrollChart, "nets": GameNetChart, "results": ResultsChart}
_CHARTS = tuple(_KINDS)


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
    StatsScreen #stats-charts { height: 1fr; }
    StatsScreen #stats-charts > Container { height: 1fr; }
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

    # The figures repaint only the widgets that draw them (bound to them, or the charts),
    # not the whole screen: a screen's reactive repaints the screen by default.
    rows: reactive[tuple[StatsRow, ...]] = reactive((), repaint=False)
    """A row per game and the total (with the exact edges once they are known)."""
    coach: reactive[CoachData | None] = reactive(None, repaint=False)
    """The graded decisions and the drills' scores, read in a thread."""
    chart_data: reactive[ChartData | None] = reactive(None, init=False, repaint=False)
    """The charts' figures, read in a thread (None until then)."""

    def compose(self) -> ComposeResult:
        self._read_rows()  # before the widgets bound to them: the first layout has them
        yield TitleHeader()
        with Vertical(id="stats"):
            with Horizontal(id="stats-top"):
                yield Label(_("Statistics"), id="stats-title", classes="screen-title")
                yield ChipBalance()
            yield StatsTable(id="stats-table", cursor_type="none", zebra_stripes=True).data_bind(
                rows_shown=StatsScreen.rows)
            yield StatsNote(id="stats-note").data_bind(rows_shown=StatsScreen.rows)
            # The chart shown first is laid out now and plotted when its data has been read
            # (in the same thread: its data arriving costs a repaint, not a layout); each
            # other one is mounted when its tab is first shown (see on_tab_strip_activated).
            yield TabStrip([(f"tab-{key}", _(title)) for key, title in _TAB_TITLES.items()], id="stats-tabs")
            with ContentSwitcher(initial=_TABS[0], id="stats-charts"):
                for key in _CHARTS:
                    with Container(id=f"tab-{key}"):
                        if key == _CHARTS[0]:
                            yield _KINDS[key](id=f"chart-{key}")
                with Container(id="tab-coach"):
                    yield CoachFigures(id="coach").data_bind(figures=StatsScreen.coach)
        yield KeyFooter()

    def on_mount(self) -> None:
        if self._rows_read:
            self.call_after_refresh(self._read_the_rest)

    _rows_read = False

    def _read_rows(self) -> None:
        """The table's rows from the store (kept as each round settles: no pass over the
        history), set without a repaint: the screen is not composed yet."""
        try:
            self.set_reactive(StatsScreen.rows, tuple(stats_rows(self.app.store)))
            self._rows_read = True
        except StoreError as error:
            self.app.report_store_error(_("The statistics could not be read"), error)

    def _chart(self, key: str) -> StatsChart | None:
        """The chart of tab ``key`` (the first one is composed; the others are None until
        their tab is first shown)."""
        found = self.query_one(f"#tab-{key}").query(f"#chart-{key}")
        return found.first(StatsChart) if found else None

    def watch_chart_data(self, data: ChartData | None) -> None:
        """The charts mounted so far draw the new figures (unless drawn with them already)."""
        if data is None:
            return
        for chart in self.query(StatsChart).results():
            if chart.data is not data:
                chart.show(data)

    def on_tab_strip_activated(self, event: TabStrip.Activated) -> None:
        """Show the tab's pane; a chart's tab shown for the first time gets its chart, laid
        out (and plotted, or saying it is being drawn) once at the size it is given."""
        self.query_one(ContentSwitcher).current = event.tab
        key = event.tab.removeprefix("tab-")
        if key in _CHARTS and self._chart(key) is None:
            self.query_one(f"#tab-{key}").mount(_KINDS[key](self.chart_data, id=f"chart-{key}"))

    def _read_the_rest(self) -> None:
        """Start the thread that reads the figures (and plots the chart shown), once the
        first frame is drawn."""
        chart = self._chart(_CHARTS[0])
        if chart is not None:
            self._load_rest(self.app.store, chart, chart.plot_key())

    @work(thread=True, exclusive=True, group="stats-figures")
    def _load_rest(self, store: Store, chart: StatsChart, key: PlotKey) -> None:
        try:
            data = chart_data_from_columns(*store.chart_columns(), store.refills(), START_BANKROLL)
        except StoreError:
            return
        try:
            coach = coach_stats(store)
            drills = store.drill_scores()
        except (StoreError, ValueError):
            coach, drills = None, []
        edges: dict[str, float | None] | None = None
        if any(r.staked for r in self.rows):
            try:
                edges = exact_edges(store)
            except Exception:  # noqa: BLE001 - the column stays "—"
                edges = None
        plotted = chart.plot_aside(data, key)
        # everything in one step: one repaint for the chart, the coach's tab and the edges
        self.app.call_from_thread(self._show_figures, data, coach, drills, edges, chart, plotted)

    def _show_figures(
        self, data: ChartData, coach: CoachStats | None, drills: list[DrillScore],
        edges: dict[str, float | None] | None, chart: StatsChart, plotted: Plotted | None,
    ) -> None:
        chart.show(data, plotted)  # before the reactive: its watcher finds the chart drawn
        self.chart_data = data
        if coach is not None:
            self.coach = (coach, tuple(drills))
        if edges is not None:
            try:
                self.rows = tuple(stats_rows(self.app.store, edges))
            except StoreError:
                return

    def retranslate(self) -> None:
        """The language changed: the title, the tabs, the tables and the charts in it."""
        self.query_one("#stats-title", Label).update(_("Statistics"))
        tabs = self.query_one(TabStrip)
        for key, title in _TAB_TITLES.items():
            tabs.set_title(f"tab-{key}", _(title))
        self.query_one(StatsTable).retranslate()
        self.query_one(StatsNote).refresh()
        self.query_one(CoachFigures).retranslate()
        for chart in self.query(StatsChart).results():
            chart.replot()  # its titles in the new language

    def action_history(self) -> None:
        from .history import HistoryScreen

        self.app.push_screen(HistoryScreen())

    def action_next_chart(self) -> None:
        tabs = self.query_one(TabStrip)
        order = _TABS
        current = tabs.active if tabs.active in order else order[0]
        tabs.active = order[(order.index(current) + 1) % len(order)]
