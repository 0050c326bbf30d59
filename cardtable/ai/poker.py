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

The deck need not be fresh: ``out`` takes away the cards already out of play (an earlier
exchange round's discards, docs/rules.md section 4), which is the coach's last round
(:mod:`cardtable.ai.coach_poker`). The counting runs on numpy arrays (the rank patterns
of each hold as indices into the deck's binomial table; the suited draws as bit masks of
ranks), about a millisecond a hand.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from math import comb
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    import numpy.typing as npt

from ..core.cards import Card, Suit
from ..core.poker import JACKS_OR_BETTER_9_6
from ..core.poker_machines import Joker, Machine

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


#: Columns of the per-deck binomial table: C(left, m) for m = 0..5 drawn of a rank.
_M = 6


@lru_cache(maxsize=4096)
def _pattern_arrays(
    held_key: int, k: int, machine: Machine, coins: int
) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.int64]]:
    """:func:`_paying_patterns` as arrays for numpy: for each pattern, k indices into a
    deck's binomial table (``rank * _M + m``; the padding is rank 0, which the deck
    never holds, drawn 0 times: C(0, 0) = 1), and the pays."""
    patterns = _paying_patterns(held_key, k, machine, coins)
    index = np.zeros((len(patterns), k), dtype=np.intp)
    pays = np.zeros(len(patterns), dtype=np.int64)
    for row, (pattern, pay) in enumerate(patterns):
        for col, (rank, m) in enumerate(pattern):
            index[row, col] = rank * _M + m
        pays[row] = pay
    return index, pays


#: _BINOM_TABLE[n, m] = C(n, m) for n 0..4 and m 0..5 (0 when m > n).
_BINOM_TABLE = np.array([[comb(n, m) for m in range(_M)] for n in range(5)], dtype=np.int64)


@lru_cache(maxsize=8192)
def _flush_arrays(
    held_key: int, k: int, j: int, wild_rank: int, machine: Machine, coins: int
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Draws of ``k`` cards whose ``k - j`` natural cards share the held cards' suit,
    beside ``j`` wild cards: each set of natural ranks as a bit mask, and what such a
    draw adds over its not-suited price (only the sets that add anything)."""
    plain, flush = _pay_maps(machine, coins)
    wild_key = _PRIME[wild_rank] ** j if j else 1
    natural = [r for r in range(2, 15) if not _is_wild_rank(r, machine.wild)]
    masks: list[int] = []
    extras: list[int] = []
    for ranks in itertools.combinations(natural, k - j):
        key = held_key * wild_key
        mask = 0
        for rank in ranks:
            key *= _PRIME[rank]
            mask |= 1 << rank
        if key in flush:
            extra = flush[key] - plain.get(key, 0)
            if extra:
                masks.append(mask)
                extras.append(extra)
    return np.array(masks, dtype=np.int64), np.array(extras, dtype=np.int64)


def _flush_extra(
    held_key: int, available: int, wilds_left: int, wild_rank: int, k: int, machine: Machine, coins: int
) -> int:
    """What draws whose natural cards are all of one suit add over their not-suited price.

    ``available``: that suit's natural ranks still in the deck, as a bit mask;
    ``wilds_left``: wild cards still in the deck (they may come with such a draw).
    """
    extra = 0
    missing = ~available
    for j in range(min(k, wilds_left) + 1):
        masks, extras = _flush_arrays(held_key, k, j, wild_rank, machine, coins)
        if len(masks):
            extra += comb(wilds_left, j) * int(extras[(masks & missing) == 0].sum())
    return extra


#: Every hold: (positions kept, cards drawn), fewest kept first.
_HOLDS = tuple((hold, 5 - size) for size in range(6) for hold in itertools.combinations(range(5), size))


def _hold_totals(hand: Sequence[Card], machine: Machine, coins: int, gone: Sequence[Card]) -> list[tuple[int, int]]:
    """For each hold in :data:`_HOLDS` order: (coins returned summed over every draw,
    the number of draws). No checks: the callers check the cards."""
    wild = machine.wild
    wild_rank = _JOKER_RANK if wild == "joker" else 2
    counts = [0] * (_JOKER_RANK + 1)  # index 0: the padding rank, none left
    for rank in range(2, 15):
        counts[rank] = 4
    if wild == "joker":
        counts[_JOKER_RANK] = 1
    natural_bits = sum(1 << r for r in range(2, 15) if not _is_wild_rank(r, wild))
    suited_left = dict.fromkeys(Suit, natural_bits)
    ranks_of = []
    suit_of: list[Suit | None] = []
    for card in hand:
        rank = _rank(card)
        ranks_of.append(rank)
        suit_of.append(None if machine.is_wild(card) else card.suit)
    for card in list(hand) + list(gone):
        rank = _rank(card)
        counts[rank] -= 1
        if not machine.is_wild(card):
            suited_left[card.suit] &= ~(1 << rank)
    wilds_left = counts[wild_rank] if wild != "none" else 0
    unseen = machine.deck_size - 5 - len(gone)
    # ways[rank * _M + m]: the ways to draw m cards of that rank from this deck
    ways_of = _BINOM_TABLE[np.array(counts, dtype=np.intp)].reshape(-1)
    out: list[tuple[int, int]] = []
    for hold, k in _HOLDS:
        held_key = 1
        for i in hold:
            held_key *= _PRIME[ranks_of[i]]
        # Every draw priced as a not-suited hand, counted by rank pattern; only the
        # patterns that pay anything with these held ranks are visited.
        index, pays = _pattern_arrays(held_key, k, machine, coins)
        if k > 1:
            total = int(ways_of[index].prod(axis=1) @ pays)
        elif k == 1:
            total = int(ways_of[index[:, 0]] @ pays)
        else:
            total = int(pays.sum())
        # Draws whose natural cards all share the held natural cards' suit: re-price.
        suits = {suit_of[i] for i in hold} - {None}
        if len(suits) <= 1:
            for suit in suits or Suit:
                assert suit is not None
                total += _flush_extra(held_key, suited_left[suit], wilds_left, wild_rank, k, machine, coins)
        out.append((total, comb(unseen, k)))
    return out


def hold_evs(
    cards: Sequence[Card],
    machine: Machine = JACKS_OR_BETTER_9_6,
    coins: int = 5,
    out: Sequence[Card] = (),
) -> list[HoldEV]:
    """All 32 holds of a hand with their exact expected return, best first, for one
    draw (the last exchange round).

    The return is in coins per coin bet (``1`` = the stake back). The draw comes from
    the unseen cards: the machine's deck (52, or 53 with the joker) less the five held
    now and less ``out``, the cards already out of play (docs/rules.md section 4: cards
    discarded in an earlier exchange round are not shuffled back, so a later exchange
    draws from a smaller deck). ``machine``: any :class:`Machine`, wild cards included.
    """
    machine.classify(cards)  # five distinct cards of this machine's deck, or ValueError
    gone = list(out)
    if gone:
        deck = set(machine.deck())
        if not all(card in deck for card in gone) or len(set(gone) | set(cards)) != len(gone) + len(cards):
            raise ValueError("the cards out of play must be distinct cards of the deck, none of them in the hand")
    if not isinstance(coins, int) or isinstance(coins, bool) or not 1 <= coins <= machine.max_coins:
        raise ValueError(f"bet 1 to {machine.max_coins} coins, not {coins!r}")
    totals = _hold_totals(list(cards), machine, coins, gone)
    results = [
        HoldEV(Fraction(total, ways * coins), hold) for (hold, _k), (total, ways) in zip(_HOLDS, totals, strict=True)
    ]
    results.sort(key=lambda h: (-h.ev, -len(h.hold), h.hold))
    return results


def best_hold(cards: Sequence[Card], machine: Machine = JACKS_OR_BETTER_9_6, coins: int = 5) -> HoldEV:
    """The hold with the highest expected return (more cards held on a tie)."""
    return hold_evs(cards, machine, coins)[0]


def describe_hold(cards: Sequence[Card], hold: Sequence[int], ascii: bool = False) -> str:
    """``hold K♠ Q♠`` / ``exchange all five`` / ``stand pat``."""
    if len(hold) == 5:
        return "stand pat (keep all five)"
    if not hold:
        return "exchange all five"
    return "hold " + " ".join(cards[i].label(ascii) for i in hold)


def coach(
    dealt: Sequence[Card], hold: Sequence[int], machine: Machine = JACKS_OR_BETTER_9_6, coins: int = 5
) -> tuple[HoldEV, HoldEV]:
    """(the hold chosen, the best hold) for a dealt hand, with their exact returns: what
    the coach says after the draw. Equal returns mean the choice was as good as any."""
    evs = hold_evs(dealt, machine, coins)
    chosen = tuple(sorted(hold))
    mine = next(h for h in evs if h.hold == chosen)
    return mine, evs[0]
