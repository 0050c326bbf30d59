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
(:mod:`cardtable.ai.coach_poker`). The counting runs on numpy arrays: the ways to draw
every pattern of k ranks from this deck (products of binomials, one pass over the
patterns), then one matrix product prices them for all the holds drawing k cards; the
suited draws are sets of ranks as bit masks, checked against each suit's ranks left.
About a fifth of a millisecond a hand.
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


#: Columns of the per-deck binomial table: C(left, m) for m = 0..5 drawn of a rank.
_M = 6
#: _BINOM_TABLE[n, m] = C(n, m) for n 0..4 and m 0..5 (0 when m > n).
_BINOM_TABLE = np.array([[comb(n, m) for m in range(_M)] for n in range(5)], dtype=np.int64)


@cache
def _draw_index(k: int, wild: str) -> npt.NDArray[np.intp]:
    """Every multiset of k ranks the deck can hold (:func:`_multisets`, in its order) as
    indices into a deck's binomial table, ``rank * _M + m`` (the padding is rank 0, which
    the deck never holds, drawn 0 times: C(0, 0) = 1). Stored as k rows, one column per
    multiset: the product over a draw's ranks then runs along whole rows (numpy reduces
    along a short last axis several times slower)."""
    multisets = _multisets(k, wild)
    index = np.zeros((k, len(multisets)), dtype=np.intp)
    for col, (pattern, _key) in enumerate(multisets):
        for row, (rank, m) in enumerate(pattern):
            index[row, col] = rank * _M + m
    index.flags.writeable = False
    return index


@lru_cache(maxsize=4096)
def _pay_vector(held_key: int, k: int, machine: Machine, coins: int) -> npt.NDArray[np.int64]:
    """What each k-rank draw of :func:`_draw_index` pays beside the held ranks, as a hand
    that is not suited (0 when nothing)."""
    plain, _ = _pay_maps(machine, coins)
    pays = np.array([plain.get(held_key * key, 0) for _pattern, key in _multisets(k, machine.wild)], dtype=np.int64)
    pays.flags.writeable = False
    return pays


@lru_cache(maxsize=64)
def _paying_draws(
    held_key: int, k: int, machine: Machine, coins: int
) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.int64]]:
    """:func:`_draw_index` and :func:`_pay_vector` kept to the draws that pay: for a
    hold that is alone with its number of cards drawn (all five exchanged)."""
    pays = _pay_vector(held_key, k, machine, coins)
    paying = np.flatnonzero(pays)
    return np.ascontiguousarray(_draw_index(k, machine.wild)[:, paying]), pays[paying]


@cache
def _suited_masks(size: int, wild: str) -> npt.NDArray[np.int64]:
    """Every set of ``size`` natural ranks (``itertools.combinations`` order) as a bit mask."""
    natural = [r for r in range(2, 15) if not _is_wild_rank(r, wild)]
    masks = np.array([sum(1 << r for r in ranks) for ranks in itertools.combinations(natural, size)], dtype=np.int64)
    masks.flags.writeable = False
    return masks


@lru_cache(maxsize=8192)
def _flush_vector(held_key: int, k: int, j: int, wild_rank: int, machine: Machine, coins: int) -> npt.NDArray[np.int64]:
    """Draws of ``k`` cards whose ``k - j`` natural cards share the held cards' suit, beside
    ``j`` wild cards: for each set of natural ranks (:func:`_suited_masks`), what such a
    draw adds over its not-suited price."""
    plain, flush = _pay_maps(machine, coins)
    base = held_key * (_PRIME[wild_rank] ** j if j else 1)
    natural = [r for r in range(2, 15) if not _is_wild_rank(r, machine.wild)]
    extras = []
    for ranks in itertools.combinations(natural, k - j):
        key = base
        for rank in ranks:
            key *= _PRIME[rank]
        extras.append(flush[key] - plain.get(key, 0) if key in flush else 0)
    vector = np.array(extras, dtype=np.int64)
    vector.flags.writeable = False
    return vector


#: Every hold: (positions kept, cards drawn), fewest kept first.
_HOLDS = tuple((hold, 5 - size) for size in range(6) for hold in itertools.combinations(range(5), size))
#: The holds (their places in :data:`_HOLDS`) by the number of cards drawn, 1 to 4.
_BY_DRAWN = tuple((k, tuple(i for i, (_hold, drawn) in enumerate(_HOLDS) if drawn == k)) for k in (1, 2, 3, 4))
_SUIT_INDEX = {suit: i for i, suit in enumerate(Suit)}


def _deck_left(
    hand: Sequence[Card], machine: Machine, gone: Sequence[Card]
) -> tuple[list[int], list[int], list[int], list[int]]:
    """What the draw comes from: the cards left of each rank (index 0: the padding rank,
    none), each suit's natural ranks left (a bit mask); and the hand's cards: each one's
    rank prime, and 1 << its suit (0 for a wild card)."""
    wild = machine.wild
    counts = [0] * (_JOKER_RANK + 1)
    for rank in range(2, 15):
        counts[rank] = 4
    if wild == "joker":
        counts[_JOKER_RANK] = 1
    natural_bits = sum(1 << r for r in range(2, 15) if not _is_wild_rank(r, wild))
    suited_left = [natural_bits] * 4
    primes = []
    suit_bits = []
    for card in hand:
        primes.append(_PRIME[_rank(card)])
        suit_bits.append(0 if machine.is_wild(card) else 1 << _SUIT_INDEX[card.suit])
    for card in list(hand) + list(gone):
        rank = _rank(card)
        counts[rank] -= 1
        if not machine.is_wild(card):
            suited_left[_SUIT_INDEX[card.suit]] &= ~(1 << rank)
    return counts, suited_left, primes, suit_bits


def _hold_totals(hand: Sequence[Card], machine: Machine, coins: int, gone: Sequence[Card]) -> list[tuple[int, int]]:
    """For each hold in :data:`_HOLDS` order: (coins returned summed over every draw,
    the number of draws). No checks: the callers check the cards."""
    wild = machine.wild
    wild_rank = _JOKER_RANK if wild == "joker" else 2
    counts, suited_left, primes, suit_bits = _deck_left(hand, machine, gone)
    wilds_left = counts[wild_rank] if wild != "none" else 0
    unseen = machine.deck_size - 5 - len(gone)
    # ways_of[rank * _M + m]: the ways to draw m cards of that rank from this deck
    ways_of = _BINOM_TABLE[np.array(counts, dtype=np.intp)].reshape(-1)
    held_keys = []
    for hold, _k in _HOLDS:
        key = 1
        for i in hold:
            key *= primes[i]
        held_keys.append(key)
    # Every draw priced as a not-suited hand, counted by rank pattern: the ways to draw
    # each pattern of k ranks (a product of binomials over this deck), times what it pays
    # with the held ranks, summed -- for all the holds drawing k cards at once.
    totals = [0] * len(_HOLDS)
    totals[-1] = _pay_maps(machine, coins)[0].get(held_keys[-1], 0)  # standing pat
    index, pays = _paying_draws(1, 5, machine, coins)  # exchanging all five: the paying draws only
    totals[0] = int(ways_of[index].prod(axis=0) @ pays)
    for k, places in _BY_DRAWN:
        draws = ways_of[_draw_index(k, wild)].prod(axis=0)
        prices = np.stack([_pay_vector(held_keys[p], k, machine, coins) for p in places])
        for p, total in zip(places, (prices @ draws).tolist(), strict=True):
            totals[p] = total
    # Draws whose natural cards all share the held natural cards' suit: re-priced.
    suited = _SuitedDraws(suited_left, wilds_left, wild_rank, machine, coins)
    out: list[tuple[int, int]] = []
    for p, (hold, k) in enumerate(_HOLDS):
        total = totals[p]
        suits = 0
        for i in hold:
            suits |= suit_bits[i]
        if suits & (suits - 1) == 0:  # the held natural cards share one suit (or there are none)
            total += suited.extra(held_keys[p], k, suits.bit_length() - 1)
        out.append((total, comb(unseen, k)))
    return out


class _SuitedDraws:
    """The draws of one deck whose natural cards all share a suit, priced over their
    not-suited price. For each set of natural ranks a draw may bring: whether all of
    them are still in the deck, in each suit (one row per suit, 1 or 0)."""

    def __init__(self, suited_left: list[int], wilds_left: int, wild_rank: int, machine: Machine, coins: int) -> None:
        self.missing = np.array([~left for left in suited_left], dtype=np.int64)[:, None]
        self.wilds_left, self.wild_rank, self.machine, self.coins = wilds_left, wild_rank, machine, coins
        self.available: dict[int, npt.NDArray[np.int64]] = {}

    def extra(self, held_key: int, k: int, suit: int) -> int:
        """What the draws of ``k`` cards whose natural cards are all of ``suit`` (-1: of
        any one suit) add to the hold's not-suited total; ``wilds_left`` wild cards may
        come beside them."""
        extra = 0
        for j in range(min(k, self.wilds_left) + 1):
            size = k - j
            available = self.available.get(size)
            if available is None:
                masks = _suited_masks(size, self.machine.wild)
                available = self.available[size] = ((masks & self.missing) == 0).astype(np.int64)
            extras = _flush_vector(held_key, k, j, self.wild_rank, self.machine, self.coins)
            if suit < 0:  # every suit
                extra += comb(self.wilds_left, j) * int((available @ extras).sum())
            else:
                extra += comb(self.wilds_left, j) * int(available[suit] @ extras)
        return extra


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
