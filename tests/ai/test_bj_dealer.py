"""Dealer probabilities: checked against a plain brute force over every drawing order."""

from __future__ import annotations

from fractions import Fraction

import pytest

from cardtable.ai.bj_dealer import BLACKJACK, BUST, DealerTree, full_shoe_counts


def brute_force(up: int, counts: list[int], hits_soft_17: bool) -> list[Fraction]:
    """Exact outcome probabilities by walking every card order (no shared states)."""
    out = [Fraction(0)] * 7

    def total(cards: list[int]) -> tuple[int, bool]:
        hard = sum(cards)
        if 1 in cards and hard + 10 <= 21:
            return hard + 10, True
        return hard, False

    def walk(cards: list[int], left: list[int], p: Fraction) -> None:
        t, soft = total(cards)
        if len(cards) == 2 and t == 21:
            out[BLACKJACK] += p
            return
        if t > 21:
            out[BUST] += p
            return
        if t > 17 or (t == 17 and not (soft and hits_soft_17)):
            out[t - 17] += p
            return
        n = sum(left)
        for v in range(10):
            if left[v]:
                left[v] -= 1
                walk(cards + [v + 1], left, p * Fraction(left[v] + 1, n))
                left[v] += 1

    walk([up], list(counts), Fraction(1))
    return out


@pytest.mark.parametrize("up", range(1, 11))
@pytest.mark.parametrize("h17", [False, True])
def test_tree_matches_brute_force_on_a_small_shoe(up: int, h17: bool) -> None:
    # A short, uneven shoe keeps the brute force small and makes removal matter.
    counts = [2, 1, 2, 1, 2, 1, 2, 1, 2, 5]
    counts[up - 1] = max(counts[up - 1] - 1, 0)
    expected = brute_force(up, counts, h17)
    got = DealerTree(up, h17).distribution(counts)
    for e, g in zip(expected, got, strict=True):
        assert g == pytest.approx(float(e), abs=1e-12)


def test_six_deck_facts() -> None:
    full = list(full_shoe_counts(6))
    assert full == [24] * 9 + [96]
    # ace up: blackjack when the face-down card is one of 96 tens among 311 cards
    counts = full[:]
    counts[0] -= 1
    d = DealerTree(1, False).distribution(counts)
    assert d[BLACKJACK] == pytest.approx(96 / 311)
    assert sum(d) == pytest.approx(1.0)
    # a dealer showing 6 busts about 42 % of the time (published: 42.3 % for 6 decks S17)
    counts = full[:]
    counts[5] -= 1
    d6 = DealerTree(6, False).distribution(counts)
    assert 0.415 < d6[BUST] < 0.43
    # H17 moves soft 17s into further draws: fewer final 17s than S17
    assert DealerTree(6, True).distribution(counts)[0] < d6[0]


def test_only_tens_left() -> None:
    counts = [0] * 9 + [10]
    assert DealerTree(7, False).distribution(counts)[0] == pytest.approx(1.0)  # 7 + 10 = 17
    assert DealerTree(1, False).distribution(counts)[BLACKJACK] == pytest.approx(1.0)
    assert DealerTree(5, False).distribution(counts)[BUST] == pytest.approx(1.0)  # 5+10+10


@pytest.mark.parametrize("up", range(1, 11))
def test_compiled_tree_matches_the_state_walk(up: int) -> None:
    counts = list(full_shoe_counts(6))
    counts[up - 1] -= 1
    counts[3] -= 5
    counts[9] -= 11
    tree = DealerTree(up, False)
    assert tree.distribution(counts) == pytest.approx(tree.distribution_reference(counts), abs=1e-14)


@pytest.mark.parametrize("hits_soft_17", [False, True])
def test_many_shoes_at_once_equal_one_at_a_time(hits_soft_17: bool) -> None:
    """The numpy batch gives the very same floats as the straight-line code."""
    import random

    rng = random.Random(9)
    for up in (1, 6, 10):
        tree = DealerTree(up, hits_soft_17)
        shoes = [tuple(rng.randint(0, 24) if v < 9 else rng.randint(0, 96) for v in range(10))
                 for _ in range(60)]
        shoes.append((0, 0, 0, 0, 0, 0, 0, 0, 0, 3))  # a nearly empty shoe, renormalised
        assert tree.distributions(shoes) == [tree.distribution(s) for s in shoes]
