"""Baccarat scoreboards: bead plate, big road and the P/B/T tally.

The layouts come from :mod:`cardtable.core.roads`; these widgets only draw them. Each
cell is two terminal columns wide. When a board is longer than the widget is wide,
the most recent columns are shown (as a casino display scrolls). Player is blue,
Banker red, Tie green; with ``ascii`` the cells are the letters P, B and T instead of
circles.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from cardtable.core.baccarat import Outcome
from cardtable.core.roads import ROWS, bead_plate, big_road, tally
from cardtable.i18n import _
from cardtable.i18n.text import pad

from .words import side

__all__ = ["BeadPlate", "BigRoadBoard", "RoadTally", "OUTCOME_STYLE", "tally_width"]

#: Rich style per outcome (casino colours).
OUTCOME_STYLE: dict[Outcome, str] = {
    Outcome.PLAYER: "bold #5f9fff",
    Outcome.BANKER: "bold #ff5f5f",
    Outcome.TIE: "bold #5fd75f",
}
_EMPTY_STYLE = "#5f5f5f"
_CELL = 2  # terminal columns per cell
#: The tally's order, and its rows' names.
_TALLIED = (Outcome.PLAYER, Outcome.BANKER, Outcome.TIE)


def _tally_names() -> list[str]:
    """The tally's row names in the language in force (the coups' row last)."""
    return [side(o) for o in _TALLIED] + [_("Coups")]


def tally_width() -> int:
    """The tally's width in cells: its longest name, a mark before it and three digits
    after (14 in English; more for プレイヤー)."""
    return max(14, 2 + max(cell_len(name) for name in _tally_names()) + 4)


def _ascii(widget: Widget) -> bool:
    """The app's ``ascii`` setting (False outside the card room app)."""
    forced = getattr(widget, "force_ascii", None)
    if forced is not None:
        return bool(forced)
    try:
        return bool(getattr(widget.app, "ascii", False))
    except Exception:  # no active app (rendered standalone)
        return False


#: A cell of a large board (:attr:`_Board.large`): four columns by two lines.
_LARGE_CELL = 4


class _Board(Widget):
    """Common part: an ``outcomes`` reactive and a 6-row grid render.

    ``large`` (a tall, wide terminal): each cell is four columns by two lines, its mark
    drawn twice as large, so the boards read from across the room as a casino's do."""

    DEFAULT_CSS = """
    _Board {
        height: 6;
        width: 1fr;
    }
    """

    outcomes: reactive[tuple[Outcome, ...]] = reactive(tuple)
    large: reactive[bool] = reactive(False)

    def __init__(
        self,
        outcomes: Sequence[Outcome] = (),
        *,
        ascii: bool | None = None,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.force_ascii = ascii
        self.set_reactive(type(self).outcomes, tuple(outcomes))

    def watch_large(self, large: bool) -> None:
        self.styles.height = ROWS * (2 if large else 1)

    def visible_columns(self) -> int:
        cell = _LARGE_CELL if self.large else _CELL
        return max(1, self.size.width // cell) if self.size.width else 12

    def _mark(self, glyph: str, style: str, ties: int = 0, solid: bool = True) -> list[Text]:
        """One cell: ``glyph`` in ``style`` (the tie count after it), as the board's size
        draws it — one line of two columns, or two lines of four with a larger mark."""
        tie = (str(ties) if ties < 10 else "+") if ties else " "
        tie_style = OUTCOME_STYLE[Outcome.TIE]
        if not self.large:
            if ties:
                return [Text.assemble((glyph, style), (tie, tie_style))]
            return [Text(glyph + " ", style)]
        if _ascii(self) or style == _EMPTY_STYLE:  # a letter, or an empty place's dot
            return [Text.assemble((f" {glyph} ", style), (tie, tie_style)), Text(" " * _LARGE_CELL)]
        top, bottom = ("▄▄", "▀▀") if solid else ("╭╮", "╰╯")
        return [Text.assemble((" " + top, style), (" ", "")), Text.assemble((" " + bottom, style), (tie, tie_style))]

    def _grid_text(self, grid: dict[tuple[int, int], list[Text]], used: int) -> Text:
        """Draw ``grid`` ((col, row) -> the cell's lines), showing the last columns."""
        shown = self.visible_columns()
        first = max(0, used - shown)
        blanks = [line.plain for line in self._mark("." if _ascii(self) else "·", _EMPTY_STYLE)]
        text = Text(no_wrap=True, overflow="crop")
        for row in range(ROWS):
            for part, blank in enumerate(blanks):
                if row or part:
                    text.append("\n")
                gap = 0  # empty cells waiting: appended as one run (one span, not one per cell)
                for col in range(first, first + shown):
                    cell = grid.get((col, row))
                    if cell is None:
                        gap += 1
                        continue
                    if gap:
                        text.append(blank * gap, style=_EMPTY_STYLE)
                        gap = 0
                    text.append_text(cell[part])
                if gap:
                    text.append(blank * gap, style=_EMPTY_STYLE)
        return text


class BeadPlate(_Board):
    """Every coup of the shoe, column by column, ties included."""

    DEFAULT_CSS = """
    BeadPlate {
        height: 6;
        width: 1fr;
    }
    """

    def render(self) -> Text:
        letters = _ascii(self)
        grid: dict[tuple[int, int], list[Text]] = {}
        cells = bead_plate(self.outcomes)
        for cell in cells:
            glyph = cell.outcome.letter if letters else "●"
            grid[(cell.column, cell.row)] = self._mark(glyph, OUTCOME_STYLE[cell.outcome])
        used = (cells[-1].column + 1) if cells else 0
        return self._grid_text(grid, used)


class BigRoadBoard(_Board):
    """Player/Banker runs in columns; a green digit after a cell counts its ties."""

    DEFAULT_CSS = """
    BigRoadBoard {
        height: 6;
        width: 1fr;
    }
    """

    def render(self) -> Text:
        letters = _ascii(self)
        road = big_road(self.outcomes)
        grid: dict[tuple[int, int], list[Text]] = {}
        for cell in road.cells:
            grid[(cell.column, cell.row)] = self._cell(cell.outcome, cell.ties, letters)
        if not road.cells and road.pending_ties:
            grid[(0, 0)] = self._cell(None, road.pending_ties, letters)
        return self._grid_text(grid, road.width)

    def _cell(self, outcome: Outcome | None, ties: int, letters: bool) -> list[Text]:
        """The glyph in its side's colour, then the tie count in green (``+`` past 9)."""
        if outcome is None:
            glyph, style = ("." if letters else "·"), _EMPTY_STYLE
        else:
            glyph, style = (outcome.letter if letters else "○"), OUTCOME_STYLE[outcome]
        return self._mark(glyph, style, ties, solid=False)


class RoadTally(Widget):
    """Counts of Player / Banker / Tie in the current shoe."""

    DEFAULT_CSS = """
    RoadTally {
        height: auto;
        width: auto;
    }
    """

    outcomes: reactive[tuple[Outcome, ...]] = reactive(tuple)

    def __init__(self, outcomes: Sequence[Outcome] = (), *, ascii: bool | None = None,
                 name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.force_ascii = ascii
        self.set_reactive(RoadTally.outcomes, tuple(outcomes))

    def render(self) -> Text:
        counts = tally(self.outcomes)
        letters = _ascii(self)
        names = _tally_names()
        width = max(6, *(cell_len(name) for name in names))
        text = Text(no_wrap=True)
        for i, outcome in enumerate(_TALLIED):
            if i:
                text.append("\n")
            glyph = outcome.letter if letters else "●"
            text.append(glyph, style=OUTCOME_STYLE[outcome])
            text.append(f" {pad(names[i], width)} {counts[outcome]:>3}")
        text.append(f"\n  {pad(names[3], width - 1)}  {len(self.outcomes):>3}")
        return text

    def summary(self) -> str:
        """Plain text of the counts, e.g. ``P 3 B 4 T 1`` (tests, accessibility)."""
        counts = tally(self.outcomes)
        return " ".join(f"{o.letter} {counts[o]}" for o in Outcome)
