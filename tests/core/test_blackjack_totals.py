"""The blackjack hand total, the one rule every reader of a total asks (RULES.md section 3)."""

from __future__ import annotations

from itertools import combinations_with_replacement

import pytest

from cardtable.core import blackjack
from cardtable.core.blackjack_totals import (
    card_value,
    counts_total,
    hand_total,
    is_natural,
    soft_total,
    values_total,
)
from cardtable.core.cards import Card, Suit, parse_cards


def _brute(values: tuple[int, ...]) -> tuple[int, bool]:
    """Every way of counting each ace 1 or 11; the best total not over 21, else the least."""
    aces = values.count(1)
    hard = sum(values)
    options = [hard + 10 * k for k in range(aces + 1)]
    fitting = [t for t in options if t <= 21]
    best = max(fitting) if fitting else min(options)
    return best, best != hard


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("AS 6D", (17, True)),
        ("AS 6D TC", (17, False)),
        ("AS AD", (12, True)),
        ("AS AD 9C", (21, True)),
        ("AS AD 9C KH", (21, False)),
        ("KS QD", (20, False)),
        ("KS QD 5C", (25, False)),
        ("AS KD", (21, True)),
        ("5S 6D", (11, False)),
        ("AS", (11, True)),
    ],
)
def test_hand_total_counts_an_ace_11_only_when_it_fits(text: str, expected: tuple[int, bool]) -> None:
    cards = parse_cards(text)
    assert hand_total(cards) == expected
    assert values_total([card_value(c) for c in cards]) == expected


def test_face_cards_count_ten_and_the_ace_one() -> None:
    assert [card_value(Card(rank, Suit.CLUBS)) for rank in range(1, 14)] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]


def test_every_hand_up_to_six_cards_agrees_with_counting_each_ace_both_ways() -> None:
    checked = 0
    for size in range(1, 7):
        for values in combinations_with_replacement(range(1, 11), size):
            expected = _brute(values)
            assert values_total(values) == expected, values
            counts = tuple(values.count(v) for v in range(1, 11))
            assert counts_total(counts) == expected, counts
            assert soft_total(sum(values), 1 in values) == expected
            checked += 1
    assert checked == 8007  # multisets of 1-6 values out of 10


def test_empty_hand_is_hard_zero() -> None:
    assert values_total(()) == (0, False)
    assert counts_total((0,) * 10) == (0, False)
    assert hand_total(()) == (0, False)


def test_natural_is_two_cards_worth_21() -> None:
    assert is_natural(parse_cards("AS KD"))
    assert is_natural(parse_cards("TS AD"))
    assert not is_natural(parse_cards("AS 9D AC"))
    assert not is_natural(parse_cards("KS QD"))


def test_the_engine_module_still_offers_the_shared_names() -> None:
    """``from cardtable.core.blackjack import card_value, hand_total`` is the contract."""
    assert blackjack.hand_total is hand_total
    assert blackjack.card_value is card_value
    assert blackjack.values_total is values_total
    assert blackjack.Hand(parse_cards("AS 6D"), 500).describe() == "soft 17"


def test_the_engine_module_keeps_the_design_contract_names() -> None:
    """DESIGN.md section 3 imports the game from ``cardtable.core.blackjack``; the split
    modules must not move a name out of it."""
    for name in ("Action", "Rules", "Round", "IllegalAction", "HandResult", "SeatView", "RoundState",
                 "Hand", "HandOutcome", "Event", "EventKind", "Spot", "decode_spot", "legal_from_mask"):
        assert name in blackjack.__all__ and hasattr(blackjack, name), name
    assert issubclass(blackjack.IllegalAction, ValueError)
