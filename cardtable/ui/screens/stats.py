"""Statistics: a row per game and the charts of the bankroll, the nets and the results.

Why it reads in two steps: the table comes from the statistics the store keeps as each
round settles (no pass over the history), so the first frame is painted at once even
with 100,000 rounds (``benchmarks/history_size.py`` measures it); the charts (one pass
over the history's amounts) and the exact house edges (SQLite sums the stakes per
spot and machine) follow a moment later from a thread.
"""

from __future__ import annotations

from rich.text import Text
from textual import getters, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Header, Label, TabbedContent, TabPane

from ...core.money import format_chips, format_signed
from ...history_stats import StatsRow, exact_edges, stats_rows
from ...store import START_BANKROLL, Store, StoreError
from ..app import CardTableApp
from ..widgets.common.chips import ChipBalance
from ..widgets.common.footer import KeyFooter
from ..widgets.history.chart_data import ChartData, chart_data_from_columns

__all__ = ["StatsScreen", "stats_cells"]

_COLUMNS = ("Game", "Rounds", "Won", "Lost", "Pushed", "Net", "Best", "Worst", "Edge", "Exact")


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


class StatsScreen(Screen[None]):
    """Read-only figures from the store, and the charts."""

    app = getters.app(CardTableApp)  # typed: the card room's own attributes

    DEFAULT_CSS = """
    StatsScreen #stats { padding: 0 1; }
    StatsScreen #stats-top { height: 1; }
    StatsScreen #stats-top .screen-title { width: auto; margin-right: 2; text-style: bold; }
    StatsScreen #stats-top ChipBalance { width: 1fr; }
    StatsScreen #stats-table { height: auto; max-height: 6; }
    StatsScreen #stats-note { height: 1; color: $text-muted; }
    StatsScreen TabbedContent { height: 1fr; }
    StatsScreen TabPane { padding: 0; }
    StatsScreen .chart-wait { color: $text-muted; padding: 1 2; }
    """

    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back", id="stats.back"),
        Binding("y", "history", "History", id="stats.history"),
        Binding("c", "next_chart", "Next chart", id="stats.chart"),
    ]

    chart_data = ChartData()

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
        yield KeyFooter()

    def on_mount(self) -> None:
        table = self.query_one("#stats-table", DataTable)
        for name in _COLUMNS:
            table.add_column(name if name == "Game" else Text(name, justify="right"), key=name.lower())
        self.rows: list[StatsRow] = []
        self.refresh_figures()

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
            f"Refills {refills:,} · Edge: the house's win per chip staked · Exact: with perfect play"
        )
        self.call_after_refresh(self._load_rest, store)

    def _fill_table(self) -> None:
        table = self.query_one("#stats-table", DataTable)
        table.clear()
        for row in self.rows:
            table.add_row(*stats_cells(row), key=row.game)

    def show_charts(self, data: ChartData) -> None:
        """Draw the charts from ``data`` (the plotting library is imported only now)."""
        from ..widgets.history.charts import BankrollChart, GameNetChart, ResultsChart

        self.chart_data = data
        for key, kind in (("bankroll", BankrollChart), ("nets", GameNetChart), ("results", ResultsChart)):
            pane = self.query_one(f"#tab-{key}", TabPane)
            charts = pane.query(kind)
            if charts:
                charts.first().show(data)
            else:
                pane.query(".chart-wait").remove()
                pane.mount(kind(data, id=f"chart-{key}"))

    @work(thread=True, exclusive=True, group="stats-figures")
    def _load_rest(self, store: Store) -> None:
        try:
            data = chart_data_from_columns(*store.chart_columns(), store.refills(), START_BANKROLL)
        except StoreError:
            return
        self.app.call_from_thread(self.show_charts, data)
        if not any(r.staked for r in self.rows):
            return
        try:
            edges = exact_edges(store)
        except Exception:  # noqa: BLE001 - the column stays "—"
            return
        self.app.call_from_thread(self._show_edges, edges)

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
        order = ["tab-bankroll", "tab-nets", "tab-results"]
        current = tabs.active if tabs.active in order else order[0]
        tabs.active = order[(order.index(current) + 1) % len(order)]
