"""The statistics screen's tables, each drawing its piece of the figures from a reactive.

The screen holds the figures read from the store (the rows per game, the graded decisions
and the drills' scores) in its reactives and binds these widgets to them.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.reactive import reactive
from textual.widgets import DataTable, Label

from ....ai.grading import Accuracy
from ....core.money import format_chips, format_signed
from ....history_stats import EDGE_FROM_ROUNDS, GAME_TITLES, CoachStats, StatsRow, local_minute
from ....store import DrillScore

__all__ = ["StatsTable", "StatsNote", "CoachFigures", "CoachData", "stats_cells", "accuracy_cells"]

_COLUMNS = ("Game", "Rounds", "Won", "Lost", "Pushed", "Net", "Best", "Worst", "Edge", "Exact")
#: The coach tab's tables: graded decisions per game and per day, and the drills.
_ACCURACY_COLUMNS = ("Decisions", "Best", "Share", "EV given away")
#: The drills listed, newest first.
DRILLS_SHOWN = 50

CoachData = tuple[CoachStats, tuple[DrillScore, ...]]
"""The graded decisions and the drills' scores."""


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


class StatsTable(DataTable[Text]):
    """A row per game and the total."""

    rows_shown: reactive[tuple[StatsRow, ...]] = reactive((), init=False)

    def on_mount(self) -> None:
        for name in _COLUMNS:
            self.add_column(name if name == "Game" else Text(name, justify="right"), key=name.lower())
        self.watch_rows_shown(self.rows_shown)

    def watch_rows_shown(self, rows: tuple[StatsRow, ...]) -> None:
        if not self.columns:
            return  # not mounted yet: on_mount fills it
        self.clear()
        for row in rows:
            self.add_row(*stats_cells(row), key=row.game)


class StatsNote(Label):
    """Refills, and what the edge columns mean."""

    rows_shown: reactive[tuple[StatsRow, ...]] = reactive(())

    def render(self) -> str:
        if not self.rows_shown:
            return ""
        return (f"Refills {self.rows_shown[-1].refills:,} · Edge: the house's win per chip staked, "
                f"shown from {EDGE_FROM_ROUNDS} rounds · Exact: with perfect play")


class CoachFigures(VerticalScroll):
    """The coach tab: graded decisions per game and per day, and the drills' scores. Its
    tables are built when the tab is first shown with figures to show (opening the
    statistics does not pay for a tab that is not shown)."""

    figures: reactive[CoachData | None] = reactive(None, init=False)
    _shown = False

    def on_show(self) -> None:
        if not self._shown:
            self._shown = True
            self.watch_figures(self.figures)

    def compose(self) -> ComposeResult:
        yield Label("Your decisions at the tables: the best choice, the EV given away", classes="coach-title")
        yield Label("Reading the graded decisions…", id="coach-wait", classes="coach-note")

    def _build_tables(self) -> None:
        if self.query("#coach-games"):
            return
        self.mount_all([
            DataTable(id="coach-games", cursor_type="none", zebra_stripes=True),
            Label("By day", classes="coach-title"),
            DataTable(id="coach-days", cursor_type="none", zebra_stripes=True),
            Label("Drills", classes="coach-title"),
            Label("", id="coach-drills-note", classes="coach-note"),
            DataTable(id="coach-drills", cursor_type="none", zebra_stripes=True),
        ])
        for table_id, first in (("coach-games", "Game"), ("coach-days", "Day")):
            table = self.query_one(f"#{table_id}", DataTable)
            table.add_column(first, key="label")
            for name in _ACCURACY_COLUMNS:
                table.add_column(Text(name, justify="right"), key=name.lower())
        drills = self.query_one("#coach-drills", DataTable)
        drills.add_column("When", key="when")
        drills.add_column("Game", key="game")
        for name in ("Answered", "Best", "Share", "EV given away"):
            drills.add_column(Text(name, justify="right"), key=name.lower())

    def watch_figures(self, figures: CoachData | None) -> None:
        if figures is None or not self._shown:
            return
        coach, drills = figures
        self._build_tables()
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
        self._show_drills(drills)

    def _show_drills(self, drills: tuple[DrillScore, ...]) -> None:
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
