"""Hold advice for draw poker: the exact expected return of all 32 ways to hold a hand.

Brute force would evaluate every draw for every hold — about 2.6 million hands per
deal, seconds in pure Python. Instead the draws are counted by *rank pattern*: a pay
table pays a non-flush hand by its ranks alone, so for each multiset of ranks the
draw can bring, the number of ways to draw it is a product of binomials over what is
left in the deck, and one look-up prices it. Draws whose cards are all of the held
suit are then counted separately and re-priced as flushes (or straight / royal
flushes). About 21,000 rank patterns cover all 32 holds, well under the 50 ms a hint
may take. Everything is exact (``fractions.Fraction``); a test checks the counting
against plain enumeration.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from math import comb

from ..core.cards import Card, Suit
from ..core.poker import JACKS_OR_BETTER_9_6, RANK_PRIME, PayTable, evaluate, values_by_rank_key

__all__ = ["HoldEV", "hold_evs", "best_hold", "describe_hold"]

_HIGH_RANKS = tuple(range(2, 15))
#: _BINOM[n][m] = C(n, m) for n, m in 0..4.
_BINOM = tuple(tuple(comb(n, m) for m in range(5)) for n in range(5))


@dataclass(frozen=True, order=True)
class HoldEV:
    """One way to hold: positions kept (0-4) and the exact expected coins per coin bet."""

    ev: Fraction
    hold: tuple[int, ...]

    @property
    def discards(self) -> tuple[int, ...]:
        """Positions to exchange."""
        return tuple(i for i in range(5) if i not in self.hold)


def _high(card: Card) -> int:
    return 14 if card.rank == 1 else card.rank


@cache
def _multisets(k: int) -> tuple[tuple[tuple[tuple[int, int], ...], int], ...]:
    """Every multiset of k ranks: ((rank, multiplicity) pairs, prime product)."""
    out = []
    for combo in itertools.combinations_with_replacement(_HIGH_RANKS, k):
        counts: dict[int, int] = {}
        key = 1
        for rank in combo:
            counts[rank] = counts.get(rank, 0) + 1
            key *= RANK_PRIME[rank]
        if all(m <= 4 for m in counts.values()):
            out.append((tuple(counts.items()), key))
    return tuple(out)


@lru_cache(maxsize=16)
def _pay_maps(table: PayTable, coins: int) -> tuple[dict[int, int], dict[int, int]]:
    """Coins returned for ``coins`` bet, by rank-prime key: (non-flush hands, flushes)."""
    plain = {}
    for key, value in values_by_rank_key(flush=False).items():
        pay = table.payout_for(value, coins)
        if pay:
            plain[key] = pay
    flush = {key: table.payout_for(value, coins) for key, value in values_by_rank_key(flush=True).items()}
    return plain, flush


@lru_cache(maxsize=4096)
def _paying_patterns(
    held_ranks: tuple[int, ...], k: int, table: PayTable, coins: int
) -> tuple[tuple[tuple[tuple[int, int], ...], int], ...]:
    """Draw patterns of k ranks that make a paying non-flush hand with ``held_ranks``."""
    plain, _ = _pay_maps(table, coins)
    held_key = 1
    for rank in held_ranks:
        held_key *= RANK_PRIME[rank]
    out = []
    for pattern, key in _multisets(k):
        pay = plain.get(held_key * key)
        if pay:
            out.append((pattern, pay))
    return tuple(out)


@lru_cache(maxsize=65536)
def _flush_extra(held_key: int, available: tuple[int, ...], k: int, table: PayTable, coins: int) -> int:
    """What one-suit draws add over their non-flush price, for held cards of that suit.

    ``available`` lists the suit's ranks still in the deck. Cached: the same pattern
    recurs across holds and deals.
    """
    plain, flush = _pay_maps(table, coins)
    extra = 0
    for ranks in itertools.combinations(available, k):
        key = held_key
        for rank in ranks:
            key *= RANK_PRIME[rank]
        extra += flush.get(key, 0) - plain.get(key, 0)
    return extra


def hold_evs(
    cards: Sequence[Card], pay_table: PayTable = JACKS_OR_BETTER_9_6, coins: int = 5
) -> list[HoldEV]:
    """All 32 holds of a dealt hand with their exact expected return, best first.

    The return is in coins per coin bet (``1`` = the stake back); it assumes one
    exchange from the 47 unseen cards of a fresh deck.
    """
    evaluate(cards)  # five distinct valid cards, or ValueError
    if not isinstance(coins, int) or isinstance(coins, bool) or not 1 <= coins <= pay_table.max_coins:
        raise ValueError(f"bet 1 to {pay_table.max_coins} coins, not {coins!r}")
    hand = list(cards)
    left = {rank: 4 for rank in _HIGH_RANKS}
    suited_left: dict[Suit, set[int]] = {suit: set(_HIGH_RANKS) for suit in Suit}
    for card in hand:
        left[_high(card)] -= 1
        suited_left[card.suit].discard(_high(card))
    results: list[HoldEV] = []
    for size in range(6):
        k = 5 - size
        total_ways = comb(47, k)
        for hold in itertools.combinations(range(5), size):
            held = [hand[i] for i in hold]
            held_key = 1
            for card in held:
                held_key *= RANK_PRIME[_high(card)]
            # Every draw priced as a non-flush hand, counted by rank pattern; only the
            # patterns that pay anything with these held ranks are visited.
            total = 0
            held_ranks = tuple(sorted(_high(card) for card in held))
            for pattern, pay in _paying_patterns(held_ranks, k, pay_table, coins):
                ways = pay
                for rank, m in pattern:
                    ways *= _BINOM[left[rank]][m]
                    if not ways:
                        break
                total += ways
            # Draws that complete a flush: re-price them.
            suits = {card.suit for card in held}
            candidates = list(Suit) if not held else (list(suits) if len(suits) == 1 else [])
            for suit in candidates:
                total += _flush_extra(held_key, tuple(sorted(suited_left[suit])), k, pay_table, coins)
            results.append(HoldEV(Fraction(total, total_ways * coins), hold))
    results.sort(key=lambda h: (-h.ev, -len(h.hold), h.hold))
    return results


def best_hold(
    cards: Sequence[Card], pay_table: PayTable = JACKS_OR_BETTER_9_6, coins: int = 5
) -> HoldEV:
    """The hold with the highest expected return (more cards held on a tie)."""
    return hold_evs(cards, pay_table, coins)[0]


def describe_hold(cards: Sequence[Card], hold: Sequence[int], ascii: bool = False) -> str:
    """``hold K♠ Q♠`` / ``exchange all five`` / ``stand pat``."""
    if len(hold) == 5:
        return "stand pat (keep all five)"
    if not hold:
        return "exchange all five"
    return "hold " + " ".join(cards[i].label(ascii) for i in hold)
