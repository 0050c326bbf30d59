"""Bead plate and big road built from given sequences of outcomes."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable.core.baccarat import Outcome
from cardtable.core.roads import BeadCell, RoadCell, bead_plate, big_road, tally

P, B, T = Outcome.PLAYER, Outcome.BANKER, Outcome.TIE


def seq(text: str) -> list[Outcome]:
    return [Outcome(ch) for ch in text if not ch.isspace()]


def cells(road) -> list[tuple[str, int, int, int]]:
    """(letter, column, row, ties) per big road cell, in order."""
    return [(c.outcome.letter, c.column, c.row, c.ties) for c in road.cells]


# -- bead plate ---------------------------------------------------------------------------


def test_bead_plate_fills_columns_top_to_bottom_including_ties() -> None:
    plate = bead_plate(seq("PBTPPB BT"))
    assert [(c.column, c.row, c.outcome.letter) for c in plate] == [
        (0, 0, "P"), (0, 1, "B"), (0, 2, "T"), (0, 3, "P"), (0, 4, "P"), (0, 5, "B"),
        (1, 0, "B"), (1, 1, "T"),
    ]


def test_bead_plate_empty_and_other_heights() -> None:
    assert bead_plate([]) == ()
    assert bead_plate(seq("PPP"), rows=2) == (
        BeadCell(0, 0, P), BeadCell(0, 1, P), BeadCell(1, 0, P),
    )
    with pytest.raises(ValueError):
        bead_plate(seq("P"), rows=0)


# -- big road -----------------------------------------------------------------------------


def test_big_road_new_column_when_winner_changes() -> None:
    road = big_road(seq("PPBBBPB"))
    assert cells(road) == [
        ("P", 0, 0, 0), ("P", 0, 1, 0),
        ("B", 1, 0, 0), ("B", 1, 1, 0), ("B", 1, 2, 0),
        ("P", 2, 0, 0),
        ("B", 3, 0, 0),
    ]
    assert road.width == 4
    assert road.pending_ties == 0


def test_ties_are_marked_on_the_previous_cell() -> None:
    road = big_road(seq("PPTBTTB"))
    assert cells(road) == [
        ("P", 0, 0, 0), ("P", 0, 1, 1),
        ("B", 1, 0, 2), ("B", 1, 1, 0),
    ]


def test_a_tie_does_not_break_a_run() -> None:
    road = big_road(seq("BTB"))
    assert cells(road) == [("B", 0, 0, 1), ("B", 0, 1, 0)]


def test_ties_at_the_start_of_a_shoe_go_on_the_first_cell() -> None:
    road = big_road(seq("TT"))
    assert road.cells == ()
    assert road.pending_ties == 2
    assert road.width == 0
    road = big_road(seq("TTBTP"))
    assert cells(road) == [("B", 0, 0, 3), ("P", 1, 0, 0)]
    assert road.pending_ties == 0


def test_dragon_tail_turns_right_along_the_bottom_row() -> None:
    road = big_road(seq("BBBBBBBB"))  # 8 bankers on a 6-row board
    assert cells(road) == [("B", 0, r, 0) for r in range(6)] + [("B", 1, 5, 0), ("B", 2, 5, 0)]
    assert road.width == 3


def test_a_run_next_to_a_tail_turns_above_it() -> None:
    road = big_road(seq("BBBBBBBB PP BBBBBBB P"))
    assert cells(road) == (
        [("B", 0, r, 0) for r in range(6)] + [("B", 1, 5, 0), ("B", 2, 5, 0)]
        + [("P", 1, 0, 0), ("P", 1, 1, 0)]
        # column 2 is blocked at row 5 by the first tail: turn right at row 4
        + [("B", 2, r, 0) for r in range(5)] + [("B", 3, 4, 0), ("B", 4, 4, 0)]
        + [("P", 3, 0, 0)]
    )


def test_a_tail_on_the_top_row_pushes_the_next_run_right() -> None:
    # a 2-row board makes the rare case short: the P run can only turn along row 0
    road = big_road(seq("BBB PP B"), rows=2)
    assert cells(road) == [
        ("B", 0, 0, 0), ("B", 0, 1, 0), ("B", 1, 1, 0),
        ("P", 1, 0, 0), ("P", 2, 0, 0),
        ("B", 3, 0, 0),  # column 2's top is taken by the P tail
    ]


def test_long_tie_and_tail_together() -> None:
    road = big_road(seq("T PPPPPPP T T"))
    assert cells(road)[0] == ("P", 0, 0, 1)
    assert cells(road)[-1] == ("P", 1, 5, 2)
    assert road.grid()[(1, 5)] == RoadCell(1, 5, P, 2)


@given(st.lists(st.sampled_from(list(Outcome)), max_size=90))
def test_road_invariants(outcomes: list[Outcome]) -> None:
    road = big_road(outcomes)
    positions = [(c.column, c.row) for c in road.cells]
    assert len(positions) == len(set(positions))  # never two results in one cell
    assert all(0 <= r < 6 for _, r in positions)
    assert len(road.cells) == sum(o is not T for o in outcomes)
    assert sum(c.ties for c in road.cells) + road.pending_ties == outcomes.count(T)
    assert [c.outcome for c in road.cells] == [o for o in outcomes if o is not T]
    plate = bead_plate(outcomes)
    assert [c.outcome for c in plate] == outcomes


def test_tally() -> None:
    assert tally(seq("PBBTPBB")) == {P: 2, B: 4, T: 1}
    assert tally([]) == {P: 0, B: 0, T: 0}
