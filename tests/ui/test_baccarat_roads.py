"""The scoreboard widgets draw the core's layouts (colour, letters, scrolling)."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.containers import Vertical

from cardtable.core.baccarat import Outcome
from cardtable.ui.widgets.baccarat.roads import BeadPlate, BigRoadBoard, RoadTally


def seq(text: str) -> tuple[Outcome, ...]:
    return tuple(Outcome(ch) for ch in text if not ch.isspace())


class Boards(App[None]):
    def __init__(self, outcomes: tuple[Outcome, ...], ascii: bool | None) -> None:
        super().__init__()
        self.outcomes = outcomes
        self.board_ascii = ascii

    def compose(self) -> ComposeResult:
        with Vertical():
            yield BeadPlate(self.outcomes, ascii=self.board_ascii, id="bead")
            yield BigRoadBoard(self.outcomes, ascii=self.board_ascii, id="road")
            yield RoadTally(self.outcomes, ascii=self.board_ascii, id="tally")


def rows(widget) -> list[str]:
    return widget.render().plain.split("\n")


async def test_ascii_boards_show_letters_and_tie_counts() -> None:
    app = Boards(seq("T PPB TT B"), ascii=True)
    async with app.run_test(size=(20, 20)):
        bead = rows(app.query_one("#bead"))
        assert len(bead) == 6
        assert [r[:4] for r in bead] == ["T B ", "P . ", "P . ", "B . ", "T . ", "T . "]
        road = rows(app.query_one("#road"))
        # P run with the leading tie on its first cell, then B carrying two ties
        assert road[0].startswith("P1B2")
        assert road[1].startswith("P B ")
        assert len(road[0]) == 20  # ten two-column cells fill the width
        tally = app.query_one("#tally", RoadTally)
        assert tally.summary() == "P 2 B 2 T 3"
        assert "Coups    7" in tally.render().plain


async def test_symbols_and_colours_when_not_ascii() -> None:
    app = Boards(seq("PBT"), ascii=False)
    async with app.run_test(size=(20, 20)):
        bead = app.query_one("#bead").render()
        assert bead.plain.split("\n")[:3] == ["● " + "· " * 9, "● " + "· " * 9, "● " + "· " * 9]
        colours = {str(span.style) for span in bead.spans}
        assert {"bold #5f9fff", "bold #ff5f5f", "bold #5fd75f"} <= colours
        road = app.query_one("#road").render().plain.split("\n")
        assert road[0].startswith("○ ○1")


async def test_long_boards_show_the_latest_columns() -> None:
    # 90 coups: 15 bead columns do not fit 10 cells; the last 10 columns are shown
    outcomes = seq("PB" * 44 + "TT")
    app = Boards(outcomes, ascii=True)
    async with app.run_test(size=(20, 20)):
        bead = rows(app.query_one("#bead"))
        assert bead[5].rstrip().endswith("T")  # the last coup is in view
        road = rows(app.query_one("#road"))
        assert road[0].rstrip().endswith("B2")  # 88 alternating columns: the last ones shown
        assert road[0].replace(" ", "") == "PBPBPBPBPB2"


async def test_reactive_update_redraws() -> None:
    app = Boards((), ascii=True)
    async with app.run_test(size=(20, 20)) as pilot:
        board = app.query_one("#road", BigRoadBoard)
        assert set(rows(board)[0]) <= {".", " "}
        board.outcomes = seq("BB")
        await pilot.pause()
        assert rows(board)[0].startswith("B ")
        assert rows(board)[1].startswith("B ")
