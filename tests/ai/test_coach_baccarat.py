"""The baccarat coach's exact bet values: against an enumeration
written here from RULES.md section 2 alone, and against the core's full-shoe odds."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from cardtable.ai.coach_baccarat import (
    BetOdds,
    baccarat_bet_evs,
    full_shoe_counts,
    outcome_probabilities,
    remaining_counts,
)
from cardtable.core.baccarat import Outcome, house_edges
from cardtable.core.cards import Shoe, parse_cards

# -- an independent enumeration: RULES.md section 2, card by card -------------------

#: RULES.md's table: the Player's third card's value -> the Banker draws with 0..this.
_BANKER_TABLE = {2: 4, 3: 4, 4: 5, 5: 5, 6: 6, 7: 6, 8: 2, 1: 3, 9: 3, 0: 3}


def _falling(n: int, k: int) -> int:
    """n (n-1) ... (n-k+1): the ways to deal k cards in order from n."""
    out = 1
    for i in range(k):
        out *= n - i
    return out


class _Enumeration:
    """Every coup card by card from a shoe of ``counts``, each with its number of ways to
    be dealt: the product of how many cards of each value it draws were left, in turn."""

    def __init__(self, by_value: dict[int, int]) -> None:
        self.counts = dict(by_value)
        self.cards = sum(by_value.values())
        self.result = {"P": 0, "B": 0, "T": 0}

    def draws(self) -> list[tuple[int, int]]:
        return [(v, k) for v, k in self.counts.items() if k]

    def decide(self, p: int, b: int, ways: int, used: int) -> None:
        """Count a coup of ``used`` cards: out of every deal of six cards, it is each of
        its ways followed by any of the cards left (so every coup has one denominator)."""
        self.result["P" if p > b else "B" if b > p else "T"] += ways * _falling(self.cards - used, 6 - used)

    def deal(self, cards: list[int], ways: int) -> None:
        if len(cards) == 4:
            self.after_four((cards[0] + cards[2]) % 10, (cards[1] + cards[3]) % 10, ways)
            return
        for v, k in self.draws():
            self.counts[v] -= 1
            self.deal(cards + [v], ways * k)
            self.counts[v] += 1

    def after_four(self, p: int, b: int, ways: int) -> None:
        if p >= 8 or b >= 8:
            self.decide(p, b, ways, 4)
        elif p >= 6:
            self.player_stands(p, b, ways)
        else:
            self.player_draws(p, b, ways)

    def player_stands(self, p: int, b: int, ways: int) -> None:
        """The Player stands on 6-7; the Banker draws on 0-5."""
        if b <= 5:
            for v, k in self.draws():
                self.decide(p, (b + v) % 10, ways * k, 5)
        else:
            self.decide(p, b, ways, 4)

    def player_draws(self, p: int, b: int, ways: int) -> None:
        """The Player draws on 0-5; the Banker draws by the table on the third card."""
        for v, k in self.draws():
            self.counts[v] -= 1
            p3 = (p + v) % 10
            if b <= _BANKER_TABLE[v]:
                for w, j in self.draws():
                    self.decide(p3, (b + w) % 10, ways * k * j, 6)
            else:
                self.decide(p3, b, ways * k, 5)
            self.counts[v] += 1


def _rules_probabilities(by_value: dict[int, int]) -> dict[str, Fraction]:
    """P(Player), P(Banker), P(Tie) by drawing every card in turn, each coup counted by
    its ways to be dealt (exact integers, a Fraction only at the end: the same sums as
    multiplying each card's chance along the path, many times faster): plain, which
    is the point."""
    enumeration = _Enumeration(by_value)
    enumeration.deal([], 1)
    every_deal = _falling(enumeration.cards, 6)
    return {key: Fraction(ways, every_deal) for key, ways in enumeration.result.items()}


def _by_value(remaining: dict[int, int]) -> dict[int, int]:
    values: dict[int, int] = {}
    for rank, count in remaining.items():
        value = rank if rank < 10 else 0
        values[value] = values.get(value, 0) + count
    return values


def _rules_evs(remaining: dict[int, int]) -> dict[Outcome, Fraction]:
    pr = _rules_probabilities(_by_value(remaining))
    return {
        Outcome.PLAYER: pr["P"] - pr["B"],
        Outcome.BANKER: Fraction(95, 100) * pr["B"] - pr["P"],
        Outcome.TIE: 8 * pr["T"] - (pr["P"] + pr["B"]),
    }


def _random_remaining(rng: random.Random, ranks: int, top: int) -> dict[int, int]:
    chosen = rng.sample(range(1, 14), ranks)
    remaining = {rank: rng.randint(1, top) for rank in chosen}
    while sum(remaining.values()) < 6:
        remaining[chosen[0]] += 1
    return remaining


@pytest.mark.parametrize("seed", range(8))
def test_small_random_shoes_match_the_rules_enumeration(seed: int) -> None:
    """Shoes of a few ranks and a few cards each, where every card changes the odds
    (cards run out, so a coup's later draws depend on the earlier ones)."""
    rng = random.Random(seed)
    remaining = _random_remaining(rng, rng.randint(2, 5), 4)
    assert baccarat_bet_evs(remaining) == _rules_evs(remaining)


@pytest.mark.parametrize("seed", range(2))
def test_random_depleted_shoes_match_the_rules_enumeration(seed: int) -> None:
    """A shoe with every value in it, of random depletion (late in an 8-deck shoe)."""
    rng = random.Random(100 + seed)
    remaining = {rank: rng.randint(0, 6) for rank in range(1, 14)}
    remaining[rng.randint(1, 9)] += 2
    assert baccarat_bet_evs(remaining) == _rules_evs(remaining)


@pytest.mark.parametrize("decks", [4, 6, 8])
def test_a_full_shoe_matches_the_cores_exact_house_edges(decks: int) -> None:
    evs = baccarat_bet_evs(full_shoe_counts(decks))
    edges = house_edges(decks)
    assert evs == {o: -edges[o] for o in Outcome}


def test_eight_deck_figures_and_probabilities_sum_to_one() -> None:
    evs = baccarat_bet_evs(full_shoe_counts(8))
    assert round(float(evs[Outcome.BANKER]), 6) == -0.010579
    assert round(float(evs[Outcome.PLAYER]), 6) == -0.012351
    assert round(float(evs[Outcome.TIE]), 6) == -0.143596
    assert sum(outcome_probabilities(full_shoe_counts(8)).values()) == 1


def test_a_shoe_too_big_for_int64_is_still_exact() -> None:
    """Above 1,000 cards the sums are Python integers; the odds stay those of the
    same proportions' infinite limit only approximately, but are exact for the shoe."""
    big = {rank: 80 for rank in range(1, 14)}  # 20 decks, 1,040 cards
    evs = baccarat_bet_evs(big)
    assert all(isinstance(v, Fraction) for v in evs.values())
    assert abs(float(evs[Outcome.BANKER]) - -0.0106) < 0.0005


def test_the_shoe_left_is_counted_without_its_order() -> None:
    shoe = Shoe.stacked("AS KD 9H 9C 2D 3S 4H TC")
    counts = remaining_counts(shoe.undealt())
    assert counts[1] == 1 and counts[9] == 2 and counts[10] == 1 and counts[13] == 1 and counts[5] == 0
    reordered = remaining_counts(reversed(parse_cards("AS KD 9H 9C 2D 3S 4H TC")))
    assert reordered == counts


def test_a_shoe_rich_in_nines_favours_the_tie() -> None:
    """Few shoes ever turn a bet in the player's favour; one made mostly of nines and
    tens makes ties of 9 to 9 and 0 to 0 common (the ui's sentence says so:
    tests/ui/test_i18n_baccarat.py)."""
    remaining = {9: 30, 8: 2, 13: 10, 1: 4, 4: 6}
    odds = BetOdds(remaining)
    assert odds.favourable == [Outcome.TIE], odds.evs
    plain = BetOdds(full_shoe_counts(8))
    assert plain.favourable == [] and plain.best is Outcome.BANKER


@pytest.mark.parametrize(
    "remaining, words",
    [
        ({1: 3}, "six cards"),
        ({0: 10}, "rank is 1"),
        ({14: 10}, "rank is 1"),
        ({1: -1, 2: 10}, "whole number"),
        ({1: 2.5, 2: 10}, "whole number"),
        ({True: 10}, "rank is 1"),
        ([1, 2, 3], "maps ranks"),
    ],
)
def test_bad_compositions_are_refused_in_words(remaining: object, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        baccarat_bet_evs(remaining)  # type: ignore[arg-type]
