"""Hold advice for draw poker: the exact expected return of all 32 ways to hold a hand.

Brute force would evaluate every draw for every hold — about 2.6 million hands per
deal, seconds in pure Python. Instead the draws are counted by *rank pattern*: a
machine pays a hand that is not suited by its ranks alone (wild cards included: a
deuce is rank 2, the joker a rank of its own), so for each multiset of ranks the draw
can bring, the number of ways to draw it is a product of binomials over what is left
in the deck, and one look-up prices it. Draws whose natural cards all share the held
suit are then counted separately (with any wild cards drawn beside them) and
re-priced as flushes, straight flushes or royals. About 21,000 rank patterns cover
all 32 holds, well under the 50 ms a hint may take. Everything is exact
(``fractions.Fraction``); tests check the counting against plain enumeration on every
machine.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from math import comb

from ..core.cards import Card, Suit
from ..core.poker import JACKS_OR_BETTER_9_6, PayTable
from ..core.poker_machines import Joker, Machine, machine_of

__all__ = ["HoldEV", "hold_evs", "best_hold", "describe_hold", "coach"]

#: One prime per rank: 2..14 (ace high), and 15 for the joker.
_PRIME = {r: p for r, p in zip(range(2, 16), (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43), strict=True)}
_JOKER_RANK = 15
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


def _rank(card: Card) -> int:
    if isinstance(card, Joker):
        return _JOKER_RANK
    return 14 if card.rank == 1 else card.rank


def _copies(wild: str) -> dict[int, int]:
    """Ranks in the machine's deck and how many cards of each."""
    copies = {rank: 4 for rank in range(2, 15)}
    if wild == "joker":
        copies[_JOKER_RANK] = 1
    return copies


def _key(ranks: Sequence[int]) -> int:
    key = 1
    for rank in ranks:
        key *= _PRIME[rank]
    return key


@cache
def _multisets(k: int, wild: str) -> tuple[tuple[tuple[tuple[int, int], ...], int], ...]:
    """Every multiset of k ranks the deck can hold: ((rank, multiplicity) pairs, prime product)."""
    copies = _copies(wild)
    out = []
    for combo in itertools.combinations_with_replacement(sorted(copies), k):
        counts: dict[int, int] = {}
        for rank in combo:
            counts[rank] = counts.get(rank, 0) + 1
        if all(m <= copies[r] for r, m in counts.items()):
            out.append((tuple(counts.items()), _key(combo)))
    return tuple(out)


def _is_wild_rank(rank: int, wild: str) -> bool:
    return rank == _JOKER_RANK if wild == "joker" else (wild == "deuces" and rank == 2)


@lru_cache(maxsize=16)
def _pay_maps(machine: Machine, coins: int) -> tuple[dict[int, int], dict[int, int]]:
    """Coins returned for ``coins`` bet, by rank-prime key of five ranks: (hands whose
    natural cards are not all of one suit, hands whose natural cards are)."""
    plain: dict[int, int] = {}
    flush: dict[int, int] = {}
    for _pattern, key in _multisets(5, machine.wild):
        ranks = [r for r, m in _pattern for _ in range(m)]
        natural = tuple(sorted(r for r in ranks if not _is_wild_rank(r, machine.wild)))
        if len(natural) == 5 and len(set(natural)) == 1:
            continue
        wilds = 5 - len(natural)
        pay = machine.pay(machine.classify_key(natural, False, wilds), coins)
        if pay:
            plain[key] = pay
        if len(set(natural)) == len(natural):
            flush[key] = machine.pay(machine.classify_key(natural, True, wilds), coins)
    return plain, flush


@lru_cache(maxsize=4096)
def _paying_patterns(
    held_key: int, k: int, machine: Machine, coins: int
) -> tuple[tuple[tuple[tuple[int, int], ...], int], ...]:
    """Draw patterns of k ranks that make a paying not-suited hand with the held ranks."""
    plain, _ = _pay_maps(machine, coins)
    out = []
    for pattern, key in _multisets(k, machine.wild):
        pay = plain.get(held_key * key)
        if pay:
            out.append((pattern, pay))
    return tuple(out)


@lru_cache(maxsize=65536)
def _flush_extra(
    held_key: int, available: tuple[int, ...], wilds_left: int, wild_rank: int, k: int, machine: Machine, coins: int
) -> int:
    """What draws whose natural cards are all of one suit add over their not-suited price.

    ``available``: that suit's natural ranks still in the deck; ``wilds_left``: wild cards
    still in the deck (they may come with such a draw). Cached: the same pattern recurs.
    """
    plain, flush = _pay_maps(machine, coins)
    extra = 0
    for j in range(min(k, wilds_left) + 1):
        ways = comb(wilds_left, j)
        wild_key = _PRIME[wild_rank] ** j if j else 1
        subtotal = 0
        for ranks in itertools.combinations(available, k - j):
            key = held_key * wild_key
            for rank in ranks:
                key *= _PRIME[rank]
            if key in flush:
                subtotal += flush[key] - plain.get(key, 0)
        extra += ways * subtotal
    return extra


def hold_evs(
    cards: Sequence[Card], pay_table: PayTable | Machine = JACKS_OR_BETTER_9_6, coins: int = 5
) -> list[HoldEV]:
    """All 32 holds of a dealt hand with their exact expected return, best first.

    The return is in coins per coin bet (``1`` = the stake back); it assumes one
    exchange from the unseen cards of a fresh deck (47, or 48 with the joker).
    ``pay_table``: a plain pay table or any :class:`Machine`, wild cards included.
    """
    machine = machine_of(pay_table)
    machine.classify(cards)  # five distinct cards of this machine's deck, or ValueError
    if not isinstance(coins, int) or isinstance(coins, bool) or not 1 <= coins <= machine.max_coins:
        raise ValueError(f"bet 1 to {machine.max_coins} coins, not {coins!r}")
    wild = machine.wild
    wild_rank = _JOKER_RANK if wild == "joker" else 2
    hand = list(cards)
    left = _copies(wild)
    natural_ranks = [r for r in range(2, 15) if not _is_wild_rank(r, wild)]
    suited_left: dict[Suit, set[int]] = {suit: set(natural_ranks) for suit in Suit}
    for card in hand:
        rank = _rank(card)
        left[rank] -= 1
        if not machine.is_wild(card):
            suited_left[card.suit].discard(rank)
    wilds_left = left.get(wild_rank, 0) if wild != "none" else 0
    unseen = machine.deck_size - 5
    results: list[HoldEV] = []
    for size in range(6):
        k = 5 - size
        total_ways = comb(unseen, k)
        for hold in itertools.combinations(range(5), size):
            held = [hand[i] for i in hold]
            held_key = _key([_rank(card) for card in held])
            # Every draw priced as a not-suited hand, counted by rank pattern; only the
            # patterns that pay anything with these held ranks are visited.
            total = 0
            for pattern, pay in _paying_patterns(held_key, k, machine, coins):
                ways = pay
                for rank, m in pattern:
                    ways *= _BINOM[left[rank]][m]
                    if not ways:
                        break
                total += ways
            # Draws whose natural cards all share the held natural cards' suit: re-price.
            suits = {card.suit for card in held if not machine.is_wild(card)}
            candidates = list(Suit) if not suits else (list(suits) if len(suits) == 1 else [])
            for suit in candidates:
                total += _flush_extra(
                    held_key, tuple(sorted(suited_left[suit])), wilds_left, wild_rank, k, machine, coins
                )
            results.append(HoldEV(Fraction(total, total_ways * coins), hold))
    results.sort(key=lambda h: (-h.ev, -len(h.hold), h.hold))
    return results


def best_hold(
    cards: Sequence[Card], pay_table: PayTable | Machine = JACKS_OR_BETTER_9_6, coins: int = 5
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


def coach(
    dealt: Sequence[Card], hold: Sequence[int], pay_table: PayTable | Machine = JACKS_OR_BETTER_9_6, coins: int = 5
) -> tuple[HoldEV, HoldEV]:
    """(the hold chosen, the best hold) for a dealt hand, with their exact returns: what
    the coach says after the draw. Equal returns mean the choice was as good as any."""
    evs = hold_evs(dealt, pay_table, coins)
    chosen = tuple(sorted(hold))
    mine = next(h for h in evs if h.hold == chosen)
    return mine, evs[0]
