"""Exactness: the engine's odds, by enumerating every coup through ``play_coup``.

Every ordered sequence of card *values* for the six card positions is weighted by how
many cards of each value remain in a full shoe (sampling without replacement). Each
sequence is dealt by the real engine from a stacked shoe. Positions that a coup never
uses are pruned: a prefix is dealt from a shoe holding only that prefix, and only when
the engine asks for another card (``ShoeEmpty``) is the prefix extended by every value.
A coup that stops after k cards stands for all its continuations, so its weight is
multiplied by the falling product of the cards left: the sum stays exact.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from cardtable.core.baccarat import Outcome, house_edges, outcome_probabilities, play_coup
from cardtable.core.cards import Card, Shoe, ShoeEmpty, Suit

#: One card standing for each value class (value 0 is a ten).
REPRESENTATIVE = [Card(10, Suit.SPADES)] + [Card(v, Suit.SPADES) for v in range(1, 10)]


def falling(n: int, k: int) -> int:
    out = 1
    for i in range(k):
        out *= n - i
    return out


def enumerate_coups(decks: int) -> tuple[dict[Outcome, Fraction], int]:
    """Exact outcome probabilities by dealing every value sequence through the engine."""
    counts = [16 * decks] + [4 * decks] * 9
    n = 52 * decks
    denominator = falling(n, 6)
    weights = {o: 0 for o in Outcome}
    coups = 0
    prefix: list[Card] = []

    def walk(weight: int) -> None:
        nonlocal coups
        try:
            coup = play_coup(Shoe.stacked(prefix))
        except ShoeEmpty:
            for v in range(10):
                if counts[v]:
                    w = weight * counts[v]
                    counts[v] -= 1
                    prefix.append(REPRESENTATIVE[v])
                    walk(w)
                    prefix.pop()
                    counts[v] += 1
            return
        assert coup.cards_used == len(prefix)
        coups += 1
        k = len(prefix)
        weights[coup.outcome] += weight * falling(n - k, 6 - k)

    walk(1)
    return {o: Fraction(w, denominator) for o, w in weights.items()}, coups


@pytest.fixture(scope="module")
def eight_decks() -> tuple[dict[Outcome, Fraction], int]:
    return enumerate_coups(8)


def test_eight_deck_probabilities_to_six_decimals(eight_decks) -> None:
    probs, coups = eight_decks
    assert sum(probs.values()) == 1
    assert f"{float(probs[Outcome.BANKER]):.6f}" == "0.458597"
    assert f"{float(probs[Outcome.PLAYER]):.6f}" == "0.446247"
    assert f"{float(probs[Outcome.TIE]):.6f}" == "0.095156"
    # far fewer than the 10**6 unpruned sequences were dealt
    assert 10_000 <= coups < 10**6


def test_cached_odds_agree_exactly_with_the_engine(eight_decks) -> None:
    probs, _ = eight_decks
    assert outcome_probabilities(8) == probs


def test_house_edges_eight_decks() -> None:
    edges = house_edges(8)
    assert f"{float(edges[Outcome.BANKER]) * 100:.2f}" == "1.06"
    assert f"{float(edges[Outcome.PLAYER]) * 100:.2f}" == "1.24"
    assert f"{float(edges[Outcome.TIE]) * 100:.2f}" == "14.36"
    # more precisely (published figures for 8 decks)
    assert f"{float(edges[Outcome.BANKER]) * 100:.4f}" == "1.0579"
    assert f"{float(edges[Outcome.PLAYER]) * 100:.4f}" == "1.2351"
    assert f"{float(edges[Outcome.TIE]) * 100:.4f}" == "14.3596"


def test_six_deck_odds() -> None:
    probs = outcome_probabilities(6)
    assert f"{float(probs[Outcome.BANKER]):.6f}" == "0.458653"
    assert f"{float(probs[Outcome.PLAYER]):.6f}" == "0.446279"
    assert f"{float(probs[Outcome.TIE]):.6f}" == "0.095069"
    edges = house_edges(6)
    assert f"{float(edges[Outcome.BANKER]) * 100:.2f}" == "1.06"
    assert f"{float(edges[Outcome.PLAYER]) * 100:.2f}" == "1.24"
    assert f"{float(edges[Outcome.TIE]) * 100:.2f}" == "14.44"


@pytest.mark.slow
def test_four_deck_engine_matches_cached_odds() -> None:
    probs, _ = enumerate_coups(4)
    assert outcome_probabilities(4) == probs
    assert sum(probs.values()) == 1
