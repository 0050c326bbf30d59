"""Baccarat scoreboards (docs/rules.md section 2): bead plate and big road, built purely.

Both are computed from the outcomes of the current shoe, oldest first. They record
history only: coups are independent and the roads predict nothing.

* **Bead plate:** one cell per coup (ties included), filled top to bottom, six rows,
  column by column, left to right.
* **Big road:** one cell per Player or Banker win. A run of the same winner goes down
  one column; when the winner changes the next run starts at the top of the next
  column. A tie takes no cell: it is counted on the previous cell; ties before the
  first decision of the shoe are remembered and counted on the first cell. A run that
  reaches the bottom row (or meets an earlier run's cell below it) turns right and
  continues along that row: the "dragon tail".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .baccarat import Outcome

__all__ = [
    "ROWS",
    "BeadCell",
    "RoadCell",
    "BigRoad",
    "bead_plate",
    "big_road",
    "tally",
]

#: Height of both boards, as in every casino.
ROWS = 6


@dataclass(frozen=True)
class BeadCell:
    """One coup on the bead plate."""

    column: int
    row: int
    outcome: Outcome


@dataclass(frozen=True)
class RoadCell:
    """One Player or Banker win on the big road, with the ties counted on it."""

    column: int
    row: int
    outcome: Outcome
    ties: int = 0


@dataclass(frozen=True)
class BigRoad:
    """The big road of a shoe.

    ``pending_ties`` counts ties seen while no Player/Banker decision exists yet (they
    move onto the first cell as soon as it appears).
    """

    cells: tuple[RoadCell, ...]
    pending_ties: int = 0
    rows: int = ROWS

    @property
    def width(self) -> int:
        """Columns used (0 when empty)."""
        return 1 + max((c.column for c in self.cells), default=-1)

    def grid(self) -> dict[tuple[int, int], RoadCell]:
        """(column, row) -> cell."""
        return {(c.column, c.row): c for c in self.cells}


def bead_plate(outcomes: Iterable[Outcome], rows: int = ROWS) -> tuple[BeadCell, ...]:
    """Cells of the bead plate: coup ``i`` sits at column ``i // rows``, row ``i % rows``."""
    _check_rows(rows)
    return tuple(BeadCell(i // rows, i % rows, o) for i, o in enumerate(outcomes))


def big_road(outcomes: Iterable[Outcome], rows: int = ROWS) -> BigRoad:
    """Lay out the big road for ``outcomes`` (oldest first)."""
    _check_rows(rows)
    cells: list[RoadCell] = []
    taken: set[tuple[int, int]] = set()
    pending_ties = 0
    run_start = -1  # column where the current run began
    col = row = 0
    turned = False
    for outcome in outcomes:
        if outcome is Outcome.TIE:
            if cells:
                last = cells[-1]
                cells[-1] = RoadCell(last.column, last.row, last.outcome, last.ties + 1)
            else:
                pending_ties += 1
            continue
        if not cells or cells[-1].outcome is not outcome:
            # a new run: top of the first column after the last run's start that is free
            run_start += 1
            while (run_start, 0) in taken:
                run_start += 1
            col, row, turned = run_start, 0, False
        else:
            below = (col, row + 1)
            if not turned and row + 1 < rows and below not in taken:
                row += 1
            else:
                turned = True
                col += 1
                while (col, row) in taken:
                    col += 1
        ties = 0
        if not cells:  # the shoe's first decision carries the ties dealt before it
            ties, pending_ties = pending_ties, 0
        cells.append(RoadCell(col, row, outcome, ties))
        taken.add((col, row))
    return BigRoad(tuple(cells), pending_ties, rows)


def tally(outcomes: Sequence[Outcome] | Iterable[Outcome]) -> dict[Outcome, int]:
    """Count of Player, Banker and Tie results."""
    counts = {o: 0 for o in Outcome}
    for o in outcomes:
        counts[o] += 1
    return counts


def _check_rows(rows: int) -> None:
    if not isinstance(rows, int) or rows < 1:
        raise ValueError(f"a road needs at least one row, not {rows!r}")
