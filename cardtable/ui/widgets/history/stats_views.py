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
from ....history_stats import ALL_GAMES, EDGE_FROM_ROUNDS, CoachStats, StatsRow, stats_headings
from ....i18n import N_, _, ngettext
from ....i18n.formatting import chips, number, signed
from ....store import DrillScore
from .rows import game_name, local_day_text, local_time

__all__ = ["StatsTable", "StatsNote", "CoachFigures", "CoachData", "stats_cells", "accuracy_cells"]

#: The table's columns' keys (their headings: ``stats_headings()``).
_COLUMNS = ("game", "rounds", "won", "lost", "pushed", "net", "best", "worst", "edge", "exact")
#: The coach tab's tables: graded decisions per game and per day, and the drills.
_ACCURACY_COLUMNS = (
    ("decisions", N_("Decisions")), ("best", N_("Best")), ("share", N_("Share")),
    ("ev given away", N_("EV given away")),
)
_DRILL_COLUMNS = (
    ("answered", N_("Answered")), ("best", N_("Best")), ("share", N_("Share")),
    ("ev given away", N_("EV given away")),
)
#: The drills listed, newest first.
DRILLS_SHOWN = 50

CoachData = tuple[CoachStats, tuple[DrillScore, ...]]
"""The graded decisions and the drills' scores."""


def _pct(value: float | None) -> str:
    """A share as the language writes it (``1.23%``, ``1,23%``), a real minus, "—" unknown."""
    return "—" if value is None else f"{number(value * 100, 2)}%".replace("-", "\u2212")


def _right(text: str, style: str = "") -> Text:
    return Text(text, style=style, justify="right")


def stats_cells(row: StatsRow) -> list[Text]:
    """A row's cells: numbers right-aligned, the net green or red."""
    net_style = "bold green" if row.net > 0 else "bold red" if row.net < 0 else ""
    title = Text(_(row.title), style="bold" if row.game == "total" else "")
    return [
        title,
        _right(number(row.rounds)),
        _right(number(row.won)),
        _right(number(row.lost)),
        _right(number(row.pushed)),
        _right(signed(row.net), net_style),
        _right(chips(row.biggest_win), "green" if row.biggest_win else ""),
        _right(signed(row.biggest_loss) if row.biggest_loss else "0", "red" if row.biggest_loss else ""),
        _right(_pct(row.edge)),
        _right(_pct(row.exact_edge), "dim"),
    ]


def accuracy_cells(tally: Accuracy) -> list[Text]:
    """Decisions, best, share and the EV given away (chips), right-aligned."""
    share = tally.share
    return [
        _right(number(tally.taken)),
        _right(number(tally.best)),
        _right("—" if share is None else f"{number(share * 100, 0)} %"),
        _right(number(tally.cost / 100, 2), "red" if tally.cost >= 0.005 else ""),
    ]


class StatsTable(DataTable[Text]):
    """A row per game and the total."""

    rows_shown: reactive[tuple[StatsRow, ...]] = reactive((), init=False)

    def on_mount(self) -> None:
        self._add_columns()
        self.watch_rows_shown(self.rows_shown)

    def _add_columns(self) -> None:
        for key, name in zip(_COLUMNS, stats_headings(), strict=True):
            self.add_column(name if key == "game" else Text(name, justify="right"), key=key)

    def retranslate(self) -> None:
        """The headings and the rows again in the language in force."""
        self.clear(columns=True)
        self._add_columns()
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
        return _(
            "Refills {refills} · Edge: the house's win per chip staked, shown from {rounds} rounds"
            " · Exact: with perfect play"
        ).format(refills=number(self.rows_shown[-1].refills), rounds=number(EDGE_FROM_ROUNDS))


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
        yield Label(_("Your decisions at the tables: the best choice, the EV given away"), id="coach-title",
                    classes="coach-title")
        yield Label(_("Reading the graded decisions…"), id="coach-wait", classes="coach-note")

    def _build_tables(self) -> None:
        if self.query("#coach-games"):
            return
        self.mount_all([
            DataTable(id="coach-games", cursor_type="none", zebra_stripes=True),
            Label(_("By day"), id="coach-days-title", classes="coach-title"),
            DataTable(id="coach-days", cursor_type="none", zebra_stripes=True),
            Label(_("Drills"), id="coach-drills-title", classes="coach-title"),
            Label("", id="coach-drills-note", classes="coach-note"),
            DataTable(id="coach-drills", cursor_type="none", zebra_stripes=True),
        ])

    def _columns(self) -> None:
        """The tables' headings in the language in force (the rows are added after)."""
        for table_id, first in (("coach-games", _("Game")), ("coach-days", _("Day"))):
            table = self.query_one(f"#{table_id}", DataTable)
            table.clear(columns=True)
            table.add_column(first, key="label")
            for key, name in _ACCURACY_COLUMNS:
                table.add_column(Text(_(name), justify="right"), key=key)
        drills = self.query_one("#coach-drills", DataTable)
        drills.clear(columns=True)
        drills.add_column(_("When"), key="when")
        drills.add_column(_("Game"), key="game")
        for key, name in _DRILL_COLUMNS:
            drills.add_column(Text(_(name), justify="right"), key=key)

    def watch_figures(self, figures: CoachData | None) -> None:
        if figures is None or not self._shown:
            return
        coach, drills = figures
        self._build_tables()
        self._columns()
        games = self.query_one("#coach-games", DataTable)
        for game, tally in coach.by_game.items():
            games.add_row(Text(game_name(game)), *accuracy_cells(tally), key=game)
        games.add_row(Text(_(ALL_GAMES), style="bold"), *accuracy_cells(coach.total), key="total")
        days = self.query_one("#coach-days", DataTable)
        for day, tally in coach.by_day:
            days.add_row(Text(local_day_text(day)), *accuracy_cells(tally), key=day)
        self.query_one("#coach-wait", Label).update(
            _("Each choice graded against the best one, coach mode on or off (EV in chips).")
            if coach.total.taken
            else _("No decisions graded yet: every choice at the tables is graded from now on.")
        )
        self._show_drills(drills)

    def _show_drills(self, drills: tuple[DrillScore, ...]) -> None:
        table = self.query_one("#coach-drills", DataTable)
        for score in sorted(drills, key=lambda d: d.at, reverse=True)[:DRILLS_SHOWN]:
            tally = Accuracy(score.answered, score.best, score.cost)
            table.add_row(Text(local_time(score.at)), Text(game_name(score.game)), *accuracy_cells(tally))
        totals: dict[str, tuple[int, Accuracy]] = {}
        for score in drills:
            count, tally = totals.get(score.game, (0, Accuracy()))
            totals[score.game] = (count + 1, tally + Accuracy(score.answered, score.best, score.cost))
        note = " · ".join(
            ngettext(
                "{game}: {n} drill, {best} of {taken} best", "{game}: {n} drills, {best} of {taken} best", count
            ).format(game=game_name(game), n=number(count), best=number(tally.best), taken=number(tally.taken))
            for game, (count, tally) in totals.items()
        )
        self.query_one("#coach-drills-note", Label).update(
            note or _("No drills yet: cardtable drill blackjack, cardtable drill poker, or d in the lobby.")
        )

    def retranslate(self) -> None:
        """The language changed: the titles, the notes and the tables again in it."""
        self.query_one("#coach-title", Label).update(
            _("Your decisions at the tables: the best choice, the EV given away"))
        if self.figures is None or not self._shown:  # its tables are built when first shown
            self.query_one("#coach-wait", Label).update(_("Reading the graded decisions…"))
            return
        self.query_one("#coach-days-title", Label).update(_("By day"))
        self.query_one("#coach-drills-title", Label).update(_("Drills"))
        self.watch_figures(self.figures)
