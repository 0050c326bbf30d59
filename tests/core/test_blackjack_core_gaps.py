"""Gaps found by mutation: when the dealer draws on 17 (S17 and H17).

Deal order with one seat: player, dealer up, player, dealer face-down, then draws.
The player always holds T 9 (19) and stands; every shoe holds at least one card
more than the dealer should take, so a dealer who draws once too often is seen.
"""

from __future__ import annotations

import pytest

from cardtable.core.blackjack import Action, Round, Rules
from cardtable.core.cards import Shoe, parse_cards

H17 = Rules(dealer_hits_soft_17=True)
S17 = Rules()


def dealer_after_stand(rules: Rules, stack: str) -> tuple:
    """Deal ``stack`` to one seat, stand, finish; the dealer's cards, in order."""
    r = Round(rules, Shoe.stacked(stack), bets=[500])
    assert r.turn == (0, 0)
    r.act(Action.STAND)
    r.finish()
    assert r.finished
    return r.dealer_cards


def cards(text: str) -> tuple:
    return tuple(parse_cards(text))


def test_the_default_rules_are_s17() -> None:
    assert Rules().dealer_hits_soft_17 is False


@pytest.mark.parametrize(
    ("stack", "dealer"),
    [
        # dealer T 7: hard 17 in two cards; the 5 must stay in the shoe
        ("TS TH 9D 7C 5S", "TH 7C"),
        # dealer 9 5 draws a 3: hard 17 in three cards; the 4 stays in the shoe
        ("TS 9H 9D 5C 3S 4S", "9H 5C 3S"),
        # dealer A 6 draws a T: A 6 T is a HARD 17 (the ace counts 1) and stands
        ("TS AH 9D 6C TC 4S", "AH 6C TC"),
        # dealer 6 6 draws a 5: hard 17
        ("TS 6H 9D 6C 5S 2S", "6H 6C 5S"),
    ],
    ids=["T7", "9-5-3", "A-6-T", "6-6-5"],
)
def test_h17_dealer_stands_on_every_hard_17(stack: str, dealer: str) -> None:
    assert dealer_after_stand(H17, stack) == cards(dealer)


@pytest.mark.parametrize(
    ("stack", "dealer"),
    [
        # dealer A 6: soft 17 hits; the 2 makes soft 19, which stands (the 5 stays)
        ("TS AH 9D 6C 2S 5S", "AH 6C 2S"),
        # dealer A 3 draws a 3: A 3 3 is soft 17 in three cards and hits again (4: soft 21)
        ("TS AH 9D 3C 3S 4S 5S", "AH 3C 3S 4S"),
        # dealer 6 A: soft 17 whatever the order of the cards; draws a T: hard 17, stands
        ("TS 6H 9D AC TD 5S", "6H AC TD"),
    ],
    ids=["A6-2", "A-3-3-4", "6A-T"],
)
def test_h17_dealer_hits_soft_17(stack: str, dealer: str) -> None:
    assert dealer_after_stand(H17, stack) == cards(dealer)


@pytest.mark.parametrize(
    ("stack", "dealer"),
    [
        ("TS AH 9D 6C 2S 5S", "AH 6C"),  # soft 17 in two cards stands
        ("TS AH 9D 3C 3S 4S", "AH 3C 3S"),  # soft 17 in three cards stands
        ("TS TH 9D 7C 5S", "TH 7C"),  # hard 17 stands
        ("TS 9H 9D 6C 2S 5S", "9H 6C 2S"),  # 15 draws to 17 and stands
    ],
    ids=["A6", "A-3-3", "T7", "9-6-2"],
)
def test_s17_dealer_stands_on_soft_17(stack: str, dealer: str) -> None:
    assert dealer_after_stand(S17, stack) == cards(dealer)


def test_h17_soft_17_changes_the_result() -> None:
    """The same cards, both rules: S17 the dealer's soft 17 loses to 19; H17 the dealer
    draws a 3 to 20 and wins. The settlement follows the dealer's draw."""
    stack = "TS AH 9D 6C 3S 5S"
    s17 = Round(S17, Shoe.stacked(stack), bets=[500])
    s17.act(Action.STAND)
    (result,), = s17.finish()
    assert result.returned == 1_000
    h17 = Round(H17, Shoe.stacked(stack), bets=[500])
    h17.act(Action.STAND)
    (result,), = h17.finish()
    assert h17.dealer_cards == cards("AH 6C 3S")
    assert result.returned == 0
