"""Every one of the 2,598,960 five-card hands: category counts and the 7,462 distinct values."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from cardtable.core.cards import full_deck
from cardtable.core.poker import HandCategory as H
from cardtable.core.poker import evaluate

# The textbook counts (e.g. Wikipedia, "Poker probability"), not computed by our code.
EXPECTED = {
    H.ROYAL_FLUSH: 4,
    H.STRAIGHT_FLUSH: 36,
    H.FOUR_OF_A_KIND: 624,
    H.FULL_HOUSE: 3_744,
    H.FLUSH: 5_108,
    H.STRAIGHT: 10_200,
    H.THREE_OF_A_KIND: 54_912,
    H.TWO_PAIR: 123_552,
    H.ONE_PAIR: 1_098_240,
    H.NO_PAIR: 1_302_540,
}


@pytest.mark.slow
def test_all_hands() -> None:
    by_value = Counter(map(evaluate, combinations(full_deck(), 5)))
    assert sum(by_value.values()) == 2_598_960
    assert len(by_value) == 7_462
    by_category: Counter[H] = Counter()
    for value, n in by_value.items():
        by_category[value.category] += n
    assert by_category == EXPECTED
