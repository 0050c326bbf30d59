"""The baccarat coach: the exact value of each bet for the cards left in the shoe.

:func:`baccarat_bet_evs` enumerates every coup the remaining cards can deal — every
ordered sequence of the (at most six) cards a coup uses, by card value — and weighs it
exactly by the counts left, so the odds follow the shoe as it is depleted. A player may
know these counts: every baccarat card is dealt face up, so the composition left is the
full shoe less the cards seen since the shuffle (what a player counts from the table or
the roads); the *order* of the shoe is never used.

How it is fast (the brief's budget is 50 ms; ``benchmarks/coach_baccarat.py``): the
10,000 ordered four-card starts (Player, Banker, Player, Banker by value) and, for each,
the 100 possible fifth and sixth cards are laid out once as numpy index tables, with the
outcome of every (start, fifth, sixth) decided once by the tableau of
:mod:`cardtable.core.baccarat`. A composition then costs a few array products in
integers: each start's weight is the falling product of the counts, each continuation's
the product of the counts left after it. Every coup is extended to six cards (a coup
that stops after four or five is weighted by all its continuations), so all weights
share the denominator ``N (N-1) ... (N-5)`` and the sums are exact ``int64`` (the sum of
all weights is that denominator: 5.3e15 for eight decks); larger shoes fall back to
Python integers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ..core.baccarat import Outcome, banker_draws, is_natural, player_draws
from ..core.cards import Card

__all__ = [
    "BANKER_PAYS",
    "BetOdds",
    "baccarat_bet_evs",
    "bet_odds",
    "full_shoe_counts",
    "remaining_counts",
]

#: The Banker's net win per unit, nominal (docs/rules.md section 2: 0.95:1, 5 % commission).
#: The table pays ``stake * 95 // 100`` hundredths, rounding any fraction of a
#: hundredth down; its bets are whole chips (multiples of 100 hundredths), so that
#: rounding never happens at the table and 0.95 is exact for every bet it takes.
BANKER_PAYS = Fraction(95, 100)
#: The Tie's net win per unit (8:1).
TIE_PAYS = 8
#: The most cards one coup can use.
COUP_CARDS = 6
#: Above this many cards the int64 sums could overflow: Python integers are used.
_INT64_SAFE = 1000
#: Outcome codes in the tables: the index in this tuple.
_OUTCOMES = (Outcome.PLAYER, Outcome.BANKER, Outcome.TIE)


def _winner(player: int, banker: int) -> int:
    return 0 if player > banker else 1 if banker > player else 2


@lru_cache(maxsize=1)
def _tables() -> tuple[Any, Any, Any, Any]:
    """The layout shared by every composition (built once, ~20 ms).

    The four-card starts (P1 B1 P2 B2 by value) are grouped by the multiset of their
    values (715 of them): a start's weight depends only on that multiset, its outcome
    only on the two totals. ``values`` (715, 4) and ``repeats`` (715, 4): each
    multiset's values sorted and how many earlier ones are equal (the falling
    product); ``removed`` (715, 10): its cards by value; ``wins`` (2, 715, 100): for
    Player and Banker, how many orderings of the multiset that outcome wins with each
    (fifth, sixth) card — the Tie's weight is what is left of the total.
    """
    import numpy as np

    starts = np.indices((10, 10, 10, 10), dtype=np.int64).reshape(4, -1).T  # every ordered P1 B1 P2 B2
    # The outcome of every (player total, banker total, fifth, sixth) by the tableau;
    # the fifth card is the Player's third when the Player draws, else the Banker's.
    by_totals = np.empty((10, 10, 10, 10), dtype=np.int8)
    for p in range(10):
        for b in range(10):
            if is_natural(p) or is_natural(b) or (not player_draws(p) and not banker_draws(b, None)):
                by_totals[p, b] = _winner(p, b)
            elif not player_draws(p):  # the Banker alone draws: the fifth card decides
                for fifth in range(10):
                    by_totals[p, b, fifth] = _winner(p, (b + fifth) % 10)
            else:
                for fifth in range(10):
                    p3 = (p + fifth) % 10
                    if banker_draws(b, fifth):
                        for sixth in range(10):
                            by_totals[p, b, fifth, sixth] = _winner(p3, (b + sixth) % 10)
                    else:
                        by_totals[p, b, fifth] = _winner(p3, b)
    codes = by_totals[(starts[:, 0] + starts[:, 2]) % 10, (starts[:, 1] + starts[:, 3]) % 10].reshape(-1, 100)
    # Group the starts by their sorted values: sort once, then sum each run of equal keys.
    ordered = np.sort(starts, axis=1)
    key = ((ordered[:, 0] * 10 + ordered[:, 1]) * 10 + ordered[:, 2]) * 10 + ordered[:, 3]
    order = np.argsort(key, kind="stable")
    key = key[order]
    first = np.flatnonzero(np.r_[True, key[1:] != key[:-1]])
    values = ordered[order][first]
    wins = np.stack([np.add.reduceat((codes[order] == k).astype(np.int64), first, axis=0) for k in range(2)])
    repeats = np.zeros_like(values)
    for i in range(1, 4):
        for j in range(i):
            repeats[:, i] += values[:, j] == values[:, i]
    removed = (values[:, :, None] == np.arange(10)).sum(axis=1).astype(np.int64)
    return values, repeats, removed, wins


def _outcome_weights(counts: tuple[int, ...]) -> tuple[list[int], int]:
    """Integer weights of Player, Banker and Tie over every six-card sequence, and the
    total: ``counts`` holds the cards left by value (0 = tens and courts, 1-9)."""
    import numpy as np

    n = sum(counts)
    total = 1
    for i in range(COUP_CARDS):
        total *= n - i
    values, repeats, removed, wins = _tables()
    dtype: Any = np.int64 if n <= _INT64_SAFE else object
    c = np.array(counts, dtype=dtype)
    # Each multiset's weight: c[v1] (c[v2] - [v2 = v1]) ... (a count never goes below 0)
    factors = np.maximum(c[values] - repeats, 0)
    start_weight = factors[:, 0] * factors[:, 1] * factors[:, 2] * factors[:, 3]
    live = start_weight != 0
    left = c[None, :] - removed[live]  # (k, 10) counts after the start
    pair = (left[:, :, None] * np.maximum(left[:, None, :] - np.eye(10, dtype=np.int64), 0)).reshape(-1, 100)
    weights = [int(((pair * wins[k][live]).sum(axis=1) * start_weight[live]).sum()) for k in range(2)]
    return [weights[0], weights[1], total - weights[0] - weights[1]], total


def _counts_by_value(remaining: Mapping[int, int]) -> tuple[int, ...]:
    """``remaining`` (rank 1-13 -> count) checked and folded into values 0-9."""
    if not isinstance(remaining, Mapping):
        raise ValueError(f"remaining maps ranks 1-13 to counts, not {type(remaining).__name__}")
    values = [0] * 10
    for rank, count in remaining.items():
        if isinstance(rank, bool) or not isinstance(rank, int) or not 1 <= rank <= 13:
            raise ValueError(f"a rank is 1 (ace) to 13 (king), not {rank!r}")
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise ValueError(f"the count of rank {rank} must be a whole number of cards, not {count!r}")
        values[rank if rank < 10 else 0] += count
    left = sum(values)
    if left < COUP_CARDS:
        raise ValueError(f"a coup may need six cards; the shoe has {left}")
    return tuple(values)


@lru_cache(maxsize=256)
def _probabilities(counts: tuple[int, ...]) -> tuple[Fraction, Fraction, Fraction]:
    weights, total = _outcome_weights(counts)
    return Fraction(weights[0], total), Fraction(weights[1], total), Fraction(weights[2], total)


def outcome_probabilities(remaining: Mapping[int, int]) -> dict[Outcome, Fraction]:
    """The exact chance that the next coup is won by Player, Banker, or is a Tie."""
    probs = _probabilities(_counts_by_value(remaining))
    return dict(zip(_OUTCOMES, probs, strict=True))


def baccarat_bet_evs(remaining: Mapping[int, int]) -> dict[Outcome, Fraction]:
    """The exact expected return per unit bet on Player, Banker and Tie for the next
    coup, dealt from the cards ``remaining`` (rank 1-13 -> count left in the shoe).

    Net return (0 = break even): Player wins 1:1, Banker 0.95:1 (:data:`BANKER_PAYS`;
    the table's rounding of the commission down to the hundredth never applies to its
    whole-chip bets), Tie 8:1; on a tie the Player and Banker bets push (count 0), and
    a bet that loses returns -1. ``ValueError`` for anything that is not a composition
    of at least six cards. Cached per composition.
    """
    p, b, t = _probabilities(_counts_by_value(remaining))
    return {
        Outcome.PLAYER: p - b,
        Outcome.BANKER: BANKER_PAYS * b - p,
        Outcome.TIE: TIE_PAYS * t - (1 - t),
    }


class BetOdds:
    """The three bets' exact values for one composition (the ui words what they mean)."""

    __slots__ = ("cards", "evs", "probabilities")

    def __init__(self, remaining: Mapping[int, int]) -> None:
        self.cards = sum(remaining.values())
        self.evs = baccarat_bet_evs(remaining)
        self.probabilities = outcome_probabilities(remaining)

    @property
    def best(self) -> Outcome:
        """The bet worth the most (Banker on a tie of values, as the house's own pick)."""
        return max((Outcome.BANKER, Outcome.PLAYER, Outcome.TIE), key=lambda o: self.evs[o])

    @property
    def favourable(self) -> list[Outcome]:
        """The bets worth more than nothing to the player (almost never any)."""
        return [o for o in (Outcome.BANKER, Outcome.PLAYER, Outcome.TIE) if self.evs[o] > 0]

    def words(self) -> dict[str, float]:
        """The EVs by the bet's name, as the grading takes them."""
        return {o.label: float(ev) for o, ev in self.evs.items()}


def bet_odds(remaining: Mapping[int, int]) -> BetOdds:
    """:class:`BetOdds` for ``remaining`` (``ValueError`` as :func:`baccarat_bet_evs`)."""
    return BetOdds(remaining)


def full_shoe_counts(decks: int) -> dict[int, int]:
    """A full shoe of ``decks`` decks: four of each rank per deck."""
    if isinstance(decks, bool) or not isinstance(decks, int) or decks < 1:
        raise ValueError(f"a shoe has at least one deck, not {decks!r}")
    return {rank: 4 * decks for rank in range(1, 14)}


def remaining_counts(cards: Iterable[Card]) -> dict[int, int]:
    """The cards left by rank (1-13), counted without regard to their order."""
    counts = Counter(card.rank for card in cards)
    return {rank: counts.get(rank, 0) for rank in range(1, 14)}
