"""Hold advice: exact expected returns, checked against plain enumeration and by hand."""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import comb

import pytest

from cardtable.ai.poker import best_hold, describe_hold, hold_evs
from cardtable.core.cards import Card, full_deck, parse_cards
from cardtable.core.poker import JACKS_OR_BETTER_9_6


def brute_ev(cards: list[Card], hold: tuple[int, ...], coins: int = 5) -> Fraction:
    """Deal every possible draw and average the pay (slow, obviously right)."""
    deck = [c for c in full_deck() if c not in cards]
    held = [cards[i] for i in hold]
    k = 5 - len(hold)
    total = sum(JACKS_OR_BETTER_9_6.payout(held + list(draw), coins) for draw in itertools.combinations(deck, k))
    return Fraction(total, comb(47, k) * coins)


HANDS = [
    "TH JH QH KH JS",   # four to a royal beside a pair of jacks
    "2S 7D 9H JC KS",   # trash with two high cards
    "AS AD 3H 4C 5S",   # pair of aces
    "2H 3H 4H 5H 6H",   # pat straight flush
    "5C 6D 7H 8S KC",   # open-ended straight draw
    "9S 9D 9H 4C 4D",   # pat full house
]


@pytest.mark.parametrize("text", HANDS)
def test_counting_matches_enumeration_for_small_draws(text: str) -> None:
    cards = parse_cards(text)
    evs = hold_evs(cards)
    assert len(evs) == 32
    assert len({h.hold for h in evs}) == 32
    for h in evs:
        if len(h.hold) >= 2:  # draws of up to 3 cards: quick to enumerate
            assert h.ev == brute_ev(cards, h.hold), h.hold


@pytest.mark.slow
def test_counting_matches_enumeration_for_big_draws() -> None:
    cards = parse_cards("2S 7D 9H JC KS")
    evs = {h.hold: h.ev for h in hold_evs(cards)}
    for hold in [(), (3,), (4,), (0,)]:
        assert evs[hold] == brute_ev(cards, hold), hold


def test_four_to_a_royal_by_hand() -> None:
    # Hold TH JH QH KH, discard JS; 47 cards left. At 5 coins:
    # AH royal 4000, 9H straight flush 250, 7 other hearts flush 30 each,
    # 3 aces + 3 nines straight 20 each, JC JD QS QD QC KS KD KC pair 5 each.
    cards = parse_cards("TH JH QH KH JS")
    expected = Fraction(4000 + 250 + 7 * 30 + 6 * 20 + 8 * 5, 47 * 5)
    best = best_hold(cards)
    assert best.hold == (0, 1, 2, 3)
    assert best.ev == expected
    assert best.discards == (4,)


def test_pat_hands_are_kept() -> None:
    assert best_hold(parse_cards("2H 3H 4H 5H 6H")).hold == (0, 1, 2, 3, 4)
    assert best_hold(parse_cards("2H 3H 4H 5H 6H")).ev == 50
    assert best_hold(parse_cards("9S 9D 9H 4C 4D")).hold == (0, 1, 2, 3, 4)


def test_high_pair_is_held() -> None:
    best = best_hold(parse_cards("AS AD 3H 4C 5S"))
    assert best.hold == (0, 1)


def test_royal_bonus_changes_the_advice_with_coins() -> None:
    # At 1 coin the royal pays 250 per coin instead of 800: a draw that can make a
    # royal is worth less per coin, a draw that cannot is worth the same.
    cards = parse_cards("JH QH KH JS 4C")
    five = {h.hold: h.ev for h in hold_evs(cards, coins=5)}
    one = {h.hold: h.ev for h in hold_evs(cards, coins=1)}
    assert one[(0, 1, 2)] < five[(0, 1, 2)]
    assert one[(0, 3)] == five[(0, 3)]  # no royal possible: same per-coin return


def test_invalid_input() -> None:
    with pytest.raises(ValueError):
        hold_evs(parse_cards("AS AS 3H 4C 5S"))
    with pytest.raises(ValueError):
        hold_evs(parse_cards("AS KS 3H 4C 5S"), coins=6)


def test_describe_hold() -> None:
    cards = parse_cards("TH JH QH KH JS")
    assert describe_hold(cards, (0, 1, 2, 3), ascii=True) == "hold 10H JH QH KH"
    assert describe_hold(cards, ()) == "exchange all five"
    assert describe_hold(cards, (0, 1, 2, 3, 4)).startswith("stand pat")
