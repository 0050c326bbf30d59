"""The computer seats' own chips: the minimum bet each round, a buy-in when broke, and
the levels a saved round keeps."""

from __future__ import annotations

import pytest

from cardtable.ai.seats import COMPUTER_STACK, ComputerSeats
from cardtable.core.record import RecordError


def test_unknown_levels_are_dropped_and_at_most_four_sit() -> None:
    seats = ComputerSeats(["hard", "bogus", "easy", "normal", "hard", "easy"])
    assert seats.levels == ("hard", "easy", "normal", "hard")
    assert len(seats.players) == len(seats) == 4
    assert seats.stacks == [COMPUTER_STACK] * 4


def test_each_seat_bets_the_minimum_and_buys_in_again_when_broke() -> None:
    seats = ComputerSeats(["easy", "normal"])
    seats.stacks = [COMPUTER_STACK - 700, 300]  # the second cannot cover 500
    bets, bankrolls = seats.stakes(500)
    assert bets == [500, 500]
    assert bankrolls == [COMPUTER_STACK - 1_200, COMPUTER_STACK - 500]
    assert seats.stacks == [COMPUTER_STACK - 700, COMPUTER_STACK]


def test_meta_round_trips_and_a_bad_meta_is_a_record_error() -> None:
    seats = ComputerSeats(["normal", "hard"])
    assert ComputerSeats.from_meta(seats.meta(), seats=3).levels == ("normal", "hard")
    for meta in ({}, {"levels": "hard"}, {"levels": ["hard"]}, {"levels": ["normal", "wizard"]}):
        with pytest.raises(RecordError):
            ComputerSeats.from_meta(meta, seats=3)


def test_the_table_services_meta_names_the_person_too_and_reads_the_same() -> None:
    """The service keeps one level per round seat, None for the person (last locally)."""
    assert ComputerSeats.from_meta({"levels": ["normal", "hard", None]}, seats=3).levels == ("normal", "hard")
    with pytest.raises(RecordError):  # the person is not where the local table seats them
        ComputerSeats.from_meta({"levels": [None, "normal", "hard"]}, seats=3)
