"""Index numbers derived from the exact effects of removal: the rule that turns a play's
effects into an index, and the Hi-Lo indices of a 6-deck S17 DAS peek game against the
published Illustrious 18."""

from __future__ import annotations

import pytest

from cardtable.ai.counting.effects import PlayEffects
from cardtable.ai.counting.indices import LIMIT, index_of, indices
from cardtable.ai.counting.refine import refine, shifted_shoe, shoe_true_count
from cardtable.ai.counting.systems import system_named
from cardtable.core.blackjack import Rules

SIX_DECKS = Rules(decks=6, dealer_peeks=True)
#: The Illustrious 18 (Schlesinger, Blackjack Attack) for Hi-Lo, 6 decks, S17, DAS, peek:
#: (hand, up, the play at the index or above, index).
ILLUSTRIOUS_18 = [
    ("any", "A", "insurance", 3), ("16", "10", "stand", 0), ("15", "10", "stand", 4), ("10,10", "5", "split", 5),
    ("10,10", "6", "split", 4), ("10", "10", "double", 4), ("12", "3", "stand", 2), ("12", "2", "stand", 3),
    ("11", "A", "double", 1), ("9", "2", "double", 1), ("10", "A", "double", 4), ("9", "7", "double", 3),
    ("16", "9", "stand", 5), ("13", "2", "stand", -1), ("12", "4", "stand", 0), ("12", "5", "stand", -2),
    ("12", "6", "stand", -1), ("13", "3", "stand", -2),
]


def _play(gain: float, removal: tuple[float, ...]) -> PlayEffects:
    return PlayEffects("hard", 16, 10, "hit", "stand", gain, removal, 0.01)


def test_an_index_is_where_the_linear_advantage_crosses_zero() -> None:
    """One deck, Hi-Lo: a play whose effects are a multiple of the tags gains
    (N-1)/52 x that multiple per true count; it crosses 0 at -gain / slope."""
    hilo = system_named("hilo")
    rules = Rules(decks=1)
    tags = hilo.tags
    found = index_of(_play(-0.01, tuple(0.002 * t for t in tags)), hilo, rules)
    assert found is not None
    slope = 51 / 52 * 0.002
    assert found.exact == pytest.approx(0.01 / slope)
    assert (found.action, found.otherwise, found.index) == ("stand", "hit", 5)
    # The same effects with the other sign: the alternative pays at low counts.
    low = index_of(_play(-0.01, tuple(-0.002 * t for t in tags)), hilo, rules)
    assert low is not None and (low.action, low.otherwise, low.index) == ("hit", "stand", -5)
    # A play no reachable count turns has no index.
    assert index_of(_play(-1.0, tuple(0.002 * t for t in tags)), hilo, rules) is None
    assert index_of(_play(-0.01, (0.001,) * 10), hilo, rules) is None  # effects the count cannot see
    assert LIMIT >= 5


def test_an_unbalanced_index_is_a_running_count_half_way_through_the_shoe() -> None:
    ko = system_named("ko")
    rules = Rules(decks=6)
    found = index_of(_play(-0.001, tuple(0.0001 * t for t in ko.tags)), ko, rules)
    assert found is not None
    # Effects along the tags: the slope per true count is (N-1)/52 x 0.0001 whatever the
    # tags' mean (KO's is not 0); the index is that true count as a running count with
    # 156 of the 312 cards left.
    true_count = 0.001 / (311 / 52 * 0.0001)
    assert found.exact == pytest.approx(ko.running_for_true(true_count, 156))
    assert found.index == round(found.exact) and found.index != round(true_count)


@pytest.mark.slow
def test_hilo_indices_for_six_decks_are_within_one_of_the_illustrious_18() -> None:
    found = {(i.hand, i.up, i.action): i for i in indices(system_named("hilo"), SIX_DECKS)}
    near = [play for play in ILLUSTRIOUS_18 if play[:3] in found and abs(found[play[:3]].index - play[3]) <= 1]
    # Computed with the linear estimate: all 18 are within 1 (13 exactly equal).
    assert len(near) >= 16, [(p, found.get(p[:3])) for p in ILLUSTRIOUS_18 if p not in near]
    exact = [play for play in ILLUSTRIOUS_18 if play[:3] in found and found[play[:3]].index == play[3]]
    assert len(exact) >= 10


@pytest.mark.parametrize("true_count", [-3, 0, 2, 5])
def test_a_shifted_shoe_holds_the_cards_a_true_count_implies(true_count: int) -> None:
    hilo = system_named("hilo")
    shoe = shifted_shoe(hilo, 6, true_count, 156)
    assert sum(shoe) == 156 and all(0 <= c for c in shoe)
    # Whole cards: within one card's worth of tags (1/3 of a true count at 3 decks left).
    assert abs(shoe_true_count(hilo, shoe, 6) - true_count) <= 1 / 3 + 1e-9
    if true_count == 0:
        assert shoe == (12,) * 9 + (48,)


@pytest.mark.slow
def test_the_linear_indices_agree_with_the_exact_analysis_of_shoes_at_each_count() -> None:
    """A few plays whose advantage is close to linear in the count: the linear estimate
    and the crossing found by analysing, exactly, the shoe each true count implies (half
    the shoe dealt) are within half a count."""
    hilo = system_named("hilo")
    wanted = {("15", "10", "stand"), ("12", "2", "stand"), ("10,10", "5", "split"), ("any", "A", "insurance")}
    linear = [i for i in indices(hilo, SIX_DECKS) if (i.hand, i.up, i.action) in wanted]
    assert len(linear) == len(wanted)
    exact = refine(linear, hilo, SIX_DECKS, span=range(2, 6))  # their indices lie between +3 and +5
    for before, after in zip(linear, exact, strict=True):
        assert after.exact != before.exact  # each was found by the exact analysis
        assert abs(after.exact - before.exact) < 0.5, (before, after)
