"""Statistics: a row per game and the charts of the bankroll, the nets and the results,
and how well the player chose (the graded decisions per game, in all and by
day, and the drills' scores) on the "Coach" tab.

Why it reads in two steps: the table comes from the statistics the store keeps as each
round settles (no pass over the history), so the first frame is painted at once even
with 100,000 rounds (``benchmarks/history_size.py`` measures it); the charts (one pass
over the history's amounts), the graded decisions (one pass over the details) and the
exact house edges (SQLite sums the stakes per spot and machine) follow a moment later
from a thread.
"""

from __future__ import annotations

from rich.text import Text
from textual import getters, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Header, Label, TabbedContent, TabPane

from ...ai.grading import Accuracy
from ...core.money import format_chips, format_signed
from ...history_stats import (
    EDGE_FROM_ROUNDS,
    GAME_TITLES,
    CoachStats,
    StatsRow,
    coach_stats,
    exact_edges,
    local_minute,
    stats_rows,
)
from ...store import START_BANKROLL, DrillScore, Store, StoreError
from ..room import CardRoom
from ..widgets.common.chips import ChipBalance
from ..widgets.common.footer import KeyFooter
from ..widgets.history.chart_data import ChartData, chart_data_from_columns

__all__ = ["StatsScreen", "stats_cells", "accuracy_cells"]

_COLUMNS = ("Game", "Rounds", "Won", "Lost", "Pushed", "Net", "Best", "Worst", "Edge", "Exact")
#: The coach tab's tables: graded decisions per game and per day, and the drills.
_ACCURACY_COLUMNS = ("Decisions", "Best", "Share", "EV given away")
#: The drills listed, newest first.
DRILLS_SHOWN = 50
_TABS = ["tab-bankroll", "tab-nets", "tab-results", "tab-coach"]


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{value * 100:.2f}%".replace("-", "\u2212")


def _right(text: str, style: str = "") -> Text:
    return Text(text, style=style, justify="right")


def stats_cells(row: StatsRow) -> list[Text]:
    """A row's cells: numbers right-aligned, the net green or red."""
    net_style = "bold green" if row.net > 0 else "bold red" if row.net < 0 else ""
    title = Text(row.title, style="bold" if row.game == "total" else "")
    return [
        title,
        _right(f"{row.rounds:,}"),
        _right(f"{row.won:,}"),
        _right(f"{row.lost:,}"),
        _right(f"{row.pushed:,}"),
        _right(format_signed(row.net), net_style),
        _right(format_chips(row.biggest_win), "green" if row.biggest_win else ""),
        _right(format_signed(row.biggest_loss) if row.biggest_loss else "0", "red" if row.biggest_loss else ""),
        _right(_pct(row.edge)),
        _right(_pct(row.exact_edge), "dim"),
    ]


def accuracy_cells(tally: Accuracy) -> list[Text]:
    """Decisions, best, share and the EV given away (chips), right-aligned."""
    share = tally.share
    return [
        _right(f"{tally.taken:,}"),
        _right(f"{tally.best:,}"),
        _right("—" if share is None else f"{share * 100:.0f} %"),
        _right(f"{tally.cost / 100:,.2f}", "red" if tally.cost >= 0.005 else ""),
    ]


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
    StatsScreen #coach .coach-note { color: $text-muted; }
    """

    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back", id="stats.back"),
        Binding("y", "history", "History", id="stats.history"),
        Binding("c", "next_chart", "Next chart", id="stats.chart"),
    ]

    chart_data = ChartData()
    _charts_ready = False

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="stats"):
            with Horizontal(id="stats-top"):
                yield Label("Statistics", classes="screen-title")
                yield ChipBalance()
            yield DataTable(id="stats-table", cursor_type="none", zebra_stripes=True)
            yield Label("", id="stats-note")
            # The plots are mounted when their data has been read (see show_charts).
            with TabbedContent(id="stats-charts"):
                for title, key in (("Bankroll", "bankroll"), ("Net per game", "nets"), ("Results", "results")):
                    with TabPane(title, id=f"tab-{key}"):
                        yield Label("Drawing the chart…", classes="chart-wait")
                # The coach's tables are built with their figures (see show_coach): the first
                # frame does not pay for a tab that is not shown.
                with TabPane("Coach", id="tab-coach"), VerticalScroll(id="coach"):
                    yield Label("Your decisions at the tables: the best choice, the EV given away",
                                classes="coach-title")
                    yield Label("Reading the graded decisions…", id="coach-wait", classes="coach-note")
        yield KeyFooter()

    def on_mount(self) -> None:
        table = self.query_one("#stats-table", DataTable)
        for name in _COLUMNS:
            table.add_column(name if name == "Game" else Text(name, justify="right"), key=name.lower())
        self.rows: list[StatsRow] = []
        self.coach: CoachStats | None = None
        self.drills: list[DrillScore] = []
        self.refresh_figures()

    def _build_coach_tables(self) -> None:
        """The coach tab's tables, once (mounted when the first figures arrive)."""
        if self.query("#coach-games"):
            return
        self.query_one("#coach", VerticalScroll).mount_all([
            DataTable(id="coach-games", cursor_type="none", zebra_stripes=True),
            Label("By day", classes="coach-title"),
            DataTable(id="coach-days", cursor_type="none", zebra_stripes=True),
            Label("Drills", classes="coach-title"),
            Label("", id="coach-drills-note", classes="coach-note"),
            DataTable(id="coach-drills", cursor_type="none", zebra_stripes=True),
        ])
        for table_id, first in (("coach-games", "Game"), ("coach-days", "Day")):
            coach_table = self.query_one(f"#{table_id}", DataTable)
            coach_table.add_column(first, key="label")
            for name in _ACCURACY_COLUMNS:
                coach_table.add_column(Text(name, justify="right"), key=name.lower())
        drills = self.query_one("#coach-drills", DataTable)
        drills.add_column("When", key="when")
        drills.add_column("Game", key="game")
        for name in ("Answered", "Best", "Share", "EV given away"):
            drills.add_column(Text(name, justify="right"), key=name.lower())

    def refresh_figures(self) -> None:
        """Re-read every figure from the store: the table now, the charts and the
        exact edges from a thread once this frame is painted."""
        store = self.app.store
        try:
            self.rows = stats_rows(store)
        except StoreError as error:
            self.app.report_store_error("The statistics could not be read", error)
            return
        self._fill_table()
        refills = self.rows[-1].refills
        self.query_one("#stats-note", Label).update(
            f"Refills {refills:,} · Edge: the house's win per chip staked, shown from {EDGE_FROM_ROUNDS} rounds"
            " · Exact: with perfect play"
        )
        self.call_after_refresh(self._load_rest, store)

    def _fill_table(self) -> None:
        table = self.query_one("#stats-table", DataTable)
        table.clear()
        for row in self.rows:
            table.add_row(*stats_cells(row), key=row.game)

    def show_charts(self, data: ChartData) -> None:
        """Draw the charts from ``data`` (the plotting library is imported only now): the
        chart on the tab shown at once, each other one when its tab is first shown."""
        self.chart_data = data
        self._charts_ready = True
        active = self.query_one(TabbedContent).active
        for key in ("bankroll", "nets", "results"):
            drawn = not self.query_one(f"#tab-{key}", TabPane).query(".chart-wait")
            if drawn or f"tab-{key}" == active:  # a chart drawn before is updated
                self._draw_chart(key)

    def _draw_chart(self, key: str) -> None:
        from ..widgets.history.charts import BankrollChart, GameNetChart, ResultsChart

        kind = {"bankroll": BankrollChart, "nets": GameNetChart, "results": ResultsChart}[key]
        pane = self.query_one(f"#tab-{key}", TabPane)
        charts = pane.query(kind)
        if charts:
            charts.first().show(self.chart_data)
        else:
            pane.query(".chart-wait").remove()
            pane.mount(kind(self.chart_data, id=f"chart-{key}"))

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        """A chart's tab is shown for the first time: its chart is drawn now."""
        key = (event.pane.id or "").removeprefix("tab-")
        waiting = bool(event.pane.query(".chart-wait"))
        if self._charts_ready and key in ("bankroll", "nets", "results") and waiting:
            self._draw_chart(key)

    @work(thread=True, exclusive=True, group="stats-figures")
    def _load_rest(self, store: Store) -> None:
        try:
            data = chart_data_from_columns(*store.chart_columns(), store.refills(), START_BANKROLL)
        except StoreError:
            return
        self.app.call_from_thread(self.show_charts, data)
        try:
            coach = coach_stats(store)
            drills = store.drill_scores()
        except (StoreError, ValueError):
            coach, drills = None, []
        if coach is not None:
            self.app.call_from_thread(self.show_coach, coach, drills)
        if not any(r.staked for r in self.rows):
            return
        try:
            edges = exact_edges(store)
        except Exception:  # noqa: BLE001 - the column stays "—"
            return
        self.app.call_from_thread(self._show_edges, edges)

    def show_coach(self, coach: CoachStats, drills: list[DrillScore]) -> None:
        """The graded decisions per game, in all and by day, and the drills' scores."""
        self.coach, self.drills = coach, drills
        self._build_coach_tables()
        games = self.query_one("#coach-games", DataTable)
        games.clear()
        for game, tally in coach.by_game.items():
            games.add_row(Text(GAME_TITLES.get(game, game)), *accuracy_cells(tally), key=game)
        games.add_row(Text("All games", style="bold"), *accuracy_cells(coach.total), key="total")
        days = self.query_one("#coach-days", DataTable)
        days.clear()
        for day, tally in coach.by_day:
            days.add_row(Text(day), *accuracy_cells(tally), key=day)
        self.query_one("#coach-wait", Label).update(
            "Each choice graded against the best one, coach mode on or off (EV in chips)."
            if coach.total.taken
            else "No decisions graded yet: every choice at the tables is graded from now on."
        )
        table = self.query_one("#coach-drills", DataTable)
        table.clear()
        for score in sorted(drills, key=lambda d: d.at, reverse=True)[:DRILLS_SHOWN]:
            tally = Accuracy(score.answered, score.best, score.cost)
            table.add_row(Text(local_minute(score.at)), Text(GAME_TITLES.get(score.game, score.game)),
                          *accuracy_cells(tally))
        totals: dict[str, tuple[int, Accuracy]] = {}
        for score in drills:
            count, tally = totals.get(score.game, (0, Accuracy()))
            totals[score.game] = (count + 1, tally + Accuracy(score.answered, score.best, score.cost))
        note = " · ".join(
            f"{GAME_TITLES.get(game, game)}: {count:,} drill{'s' if count != 1 else ''},"
            f" {tally.best:,} of {tally.taken:,} best"
            for game, (count, tally) in totals.items()
        )
        self.query_one("#coach-drills-note", Label).update(
            note or "No drills yet: cardtable drill blackjack, cardtable drill poker, or d in the lobby."
        )

    def _show_edges(self, edges: dict[str, float | None]) -> None:
        try:
            self.rows = stats_rows(self.app.store, edges)
        except StoreError:
            return
        if self.is_mounted:
            self._fill_table()

    def action_history(self) -> None:
        from .history import HistoryScreen

        self.app.push_screen(HistoryScreen())

    def action_next_chart(self) -> None:
        tabs = self.query_one(TabbedContent)
        order = _TABS
        current = tabs.active if tabs.active in order else order[0]
        tabs.active = order[(order.index(current) + 1) % len(order)]
