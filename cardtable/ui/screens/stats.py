"""Statistics per game: rounds, won / lost / pushed, net, biggest win, refills."""

from __future__ import annotations

from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Header, Label

from ...core.money import format_chips, format_signed
from ...store import StoreError
from ..app import CardTableApp
from ..games import GAME_INFO
from ..widgets.common.chips import ChipBalance
from ..widgets.common.footer import KeyFooter

__all__ = ["StatsScreen"]


class StatsScreen(Screen[None]):
    """Read-only figures from the store, plus the last few rounds."""

    app = getters.app(CardTableApp)  # typed: the card room's own attributes


    DEFAULT_CSS = """
    #stats {
        padding: 0 1;
    }
    #stats-table {
        height: auto;
        max-height: 7;
    }
    #history-table {
        height: 1fr;
    }
    """

    BINDINGS = [Binding("escape", "app.pop_screen", "Back", id="stats.back")]

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="stats"):
            yield Label("Statistics", classes="screen-title")
            yield ChipBalance()
            yield DataTable(id="stats-table", cursor_type="none", zebra_stripes=True)
            yield Label("Last rounds", classes="section-title")
            yield DataTable(id="history-table", cursor_type="row", zebra_stripes=True)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.refresh_figures()

    def refresh_figures(self) -> None:
        """Re-read every figure from the store."""
        store = self.app.store
        try:
            rows = {game: store.stats(game) for game in GAME_INFO}
            entries = store.history(limit=30)
        except StoreError as error:
            self.app.report_store_error("The statistics could not be read", error)
            return
        table = self.query_one("#stats-table", DataTable)
        table.clear(columns=True)
        table.add_columns("Game", "Rounds", "Won", "Lost", "Pushed", "Net", "Biggest win", "Refills")
        for game, info in GAME_INFO.items():
            s = rows[game]
            figures = [s.rounds, s.won, s.lost, s.pushed, s.net, s.biggest_win, s.refills]
            table.add_row(info.title, *self._cells(figures), key=game)
        every = rows.values()
        totals = [
            sum(s.rounds for s in every),
            sum(s.won for s in every),
            sum(s.lost for s in every),
            sum(s.pushed for s in every),
            sum(s.net for s in every),
            max(s.biggest_win for s in every),  # the biggest single win, not a sum
            sum(s.refills for s in every),
        ]
        table.add_row("All games", *self._cells(totals), key="total")
        history = self.query_one("#history-table", DataTable)
        history.clear(columns=True)
        history.add_columns("When (UTC)", "Game", "Staked", "Returned", "Net")
        for entry in entries:
            history.add_row(
                entry.at.replace("T", " ")[:19],
                GAME_INFO[entry.game].title if entry.game in GAME_INFO else entry.game,
                format_chips(entry.stake),
                format_chips(entry.returned),
                format_signed(entry.returned - entry.stake),
            )

    @staticmethod
    def _cells(row: list[int]) -> list[str]:
        rounds, won, lost, pushed, net, biggest, refills = row
        return [
            f"{rounds:,}",
            f"{won:,}",
            f"{lost:,}",
            f"{pushed:,}",
            format_signed(net),
            format_chips(biggest),
            f"{refills:,}",
        ]
