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

import functools
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


@functools.cache
def engine_coups() -> tuple[tuple[tuple[int, ...], Outcome], ...]:
    """Every value sequence a coup can use, with its outcome, dealt by the engine.

    A prefix is dealt from a shoe holding only that prefix; when the engine asks for
    another card (``ShoeEmpty``) the prefix is extended by every value. The shoe holds
    nothing but the sequence, so what the engine deals does not depend on the number of
    decks: it is dealt once here, and :func:`enumerate_coups` weighs it for each shoe.
    """
    coups: list[tuple[tuple[int, ...], Outcome]] = []
    prefix: list[Card] = []
    values: list[int] = []

    def walk() -> None:
        try:
            coup = play_coup(Shoe.stacked(prefix))
        except ShoeEmpty:
            for v in range(10):
                prefix.append(REPRESENTATIVE[v])
                values.append(v)
                walk()
                prefix.pop()
                values.pop()
            return
        assert coup.cards_used == len(prefix)
        coups.append((tuple(values), coup.outcome))

    walk()
    return tuple(coups)


def enumerate_coups(decks: int) -> tuple[dict[Outcome, Fraction], int]:
    """Exact outcome probabilities by weighing every coup the engine dealt
    (:func:`engine_coups`) for a shoe of ``decks`` decks."""
    n = 52 * decks
    denominator = falling(n, 6)
    weights = {o: 0 for o in Outcome}
    coups = 0
    for sequence, outcome in engine_coups():
        counts = [16 * decks] + [4 * decks] * 9
        weight = 1
        for v in sequence:
            weight *= counts[v]  # 0 once a value runs out: that sequence cannot be dealt
            counts[v] -= 1
        if weight == 0:
            continue
        coups += 1
        k = len(sequence)
        weights[outcome] += weight * falling(n - k, 6 - k)
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
