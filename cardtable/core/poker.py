"""Five-card poker hands: exact evaluator and the video-poker pay table (docs/rules.md section 4).

The evaluator orders all 2,598,960 five-card hands into exactly 7,462 hand values.
Every value is built once, keyed by the product of one prime per rank, so that
evaluating a hand is a handful of attribute reads, one multiplication chain and one
dictionary look-up: no sorting, no counting, no allocation.
``benchmarks/poker_eval.py`` holds it to at least the speed of treys.

The tables are built when first needed (a few hundred milliseconds), not at import:
importing the pay tables and categories (the lobby, the rules) costs nothing. The first
``from cardtable.core.poker import evaluate`` (or :func:`values_by_rank_key`,
:func:`all_hand_values`) builds them; ``evaluate`` is then the fast function itself.

The pay tables are machines (:class:`~cardtable.core.poker_machines.Machine`);
:data:`JACKS_OR_BETTER_9_6` is the house's 9/6 Jacks or Better machine, named here as
DESIGN's contract has it (``.payout(cards, coins)``).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from .cards import Card
from .poker_machines import JACKS_OR_BETTER as JACKS_OR_BETTER_9_6
from .poker_names import rank_name

__all__ = [
    "HandCategory",
    "HandValue",
    "evaluate",
    "all_hand_values",
    "rank_name",
    "RANK_PRIME",
    "values_by_rank_key",
    "JACKS_OR_BETTER_9_6",
]


class HandCategory(IntEnum):
    """The source's ten ranks, weakest first (so ``>`` means stronger)."""

    NO_PAIR = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    ROYAL_FLUSH = 9

    @property
    def label(self) -> str:
        """The name shown to the player, as in the source (``Royal Straight Flush`` …)."""
        return _LABELS[self]

    @classmethod
    def from_label(cls, text: str) -> HandCategory:
        """Look a category up by its enum name (``FULL_HOUSE``) or its label."""
        key = text.strip()
        try:
            return cls[key.upper().replace(" ", "_")]
        except KeyError:
            for category, label in _LABELS.items():
                if label.lower() == key.lower():
                    return category
        raise ValueError(f"unknown hand category {text!r}")


_LABELS: dict[HandCategory, str] = {
    HandCategory.NO_PAIR: "No Pair",
    HandCategory.ONE_PAIR: "One Pair",
    HandCategory.TWO_PAIR: "Two Pair",
    HandCategory.THREE_OF_A_KIND: "Three of a Kind",
    HandCategory.STRAIGHT: "Straight",
    HandCategory.FLUSH: "Flush",
    HandCategory.FULL_HOUSE: "Full House",
    HandCategory.FOUR_OF_A_KIND: "Four of a Kind",
    HandCategory.STRAIGHT_FLUSH: "Straight Flush",
    HandCategory.ROYAL_FLUSH: "Royal Straight Flush",
}

@dataclass(frozen=True, eq=False)
class HandValue:
    """The strength of a five-card hand; totally ordered, equal means a tie.

    ``strength`` runs from 0 (7-5-4-3-2 offsuit) to 7461 (a royal flush) and is all
    that comparisons use. ``ranks`` lists the ranks that decide the order inside the
    category, most significant first, with the ace as 14 (or as 1 in the wheel
    straight 5-4-3-2-A, whose ``ranks`` is ``(5, 4, 3, 2, 1)``).
    """

    strength: int
    category: HandCategory
    ranks: tuple[int, ...]

    # Comparisons by strength only: each value exists once, built with the tables.
    def __eq__(self, other: object) -> bool:
        if isinstance(other, HandValue):
            return self.strength == other.strength
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        if isinstance(other, HandValue):
            return self.strength != other.strength
        return NotImplemented

    def __lt__(self, other: HandValue) -> bool:
        if isinstance(other, HandValue):
            return self.strength < other.strength
        return NotImplemented

    def __le__(self, other: HandValue) -> bool:
        if isinstance(other, HandValue):
            return self.strength <= other.strength
        return NotImplemented

    def __gt__(self, other: HandValue) -> bool:
        if isinstance(other, HandValue):
            return self.strength > other.strength
        return NotImplemented

    def __ge__(self, other: HandValue) -> bool:
        if isinstance(other, HandValue):
            return self.strength >= other.strength
        return NotImplemented

    def __hash__(self) -> int:
        return self.strength

    @property
    def label(self) -> str:
        """The category's name as the source gives it."""
        return self.category.label

    def describe(self) -> str:
        """A longer name: ``One Pair of Jacks``, ``Full House, Kings over Fives`` …"""
        c, r = self.category, self.ranks
        if c is HandCategory.ROYAL_FLUSH:
            return c.label
        if c in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH):
            return f"{c.label}, {rank_name(r[0])} high"
        if c is HandCategory.FOUR_OF_A_KIND:
            return f"{c.label}, {rank_name(r[0], True)}"
        if c is HandCategory.FULL_HOUSE:
            return f"{c.label}, {rank_name(r[0], True)} over {rank_name(r[1], True)}"
        if c is HandCategory.THREE_OF_A_KIND:
            return f"{c.label}, {rank_name(r[0], True)}"
        if c is HandCategory.TWO_PAIR:
            return f"{c.label}, {rank_name(r[0], True)} and {rank_name(r[1], True)}"
        if c is HandCategory.ONE_PAIR:
            return f"{c.label} of {rank_name(r[0], True)}"
        return f"{c.label}, {rank_name(r[0])} high"  # NO_PAIR and FLUSH

    def __str__(self) -> str:
        return self.describe()

    def __repr__(self) -> str:
        return f"<HandValue {self.strength} {self.category.name} {self.ranks}>"


# -- the tables -------------------------------------------------------------------------

#: One prime per rank; index is Card.rank (1 = ace, 13 = king). The ace gets the
#: largest prime because it plays high everywhere except in the wheel.
_PRIME_OF_HIGH = dict(zip(range(2, 15), (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41), strict=True))
_PRIMES: tuple[int, ...] = (0,) + tuple(_PRIME_OF_HIGH[14 if r == 1 else r] for r in range(1, 14))


def _straight_top(distinct_desc: tuple[int, ...]) -> int | None:
    """Top rank of a straight made by five distinct high ranks (descending), or None."""
    if distinct_desc == (14, 5, 4, 3, 2):
        return 5  # the wheel: the ace plays low
    if distinct_desc[0] - distinct_desc[4] == 4:
        return distinct_desc[0]
    return None


def _classify(ranks_desc: tuple[int, ...], flush: bool) -> tuple[HandCategory, tuple[int, ...]]:
    """Category and tie-break ranks for a multiset of high ranks (descending)."""
    counts = Counter(ranks_desc)
    # Group by (count, rank), larger groups first, then higher ranks.
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = tuple(n for _, n in groups)
    order = tuple(rank for rank, _ in groups)
    if shape == (1, 1, 1, 1, 1):
        top = _straight_top(ranks_desc)
        if top is not None:
            kickers = (5, 4, 3, 2, 1) if top == 5 else tuple(range(top, top - 5, -1))
            if flush:
                return (HandCategory.ROYAL_FLUSH if top == 14 else HandCategory.STRAIGHT_FLUSH), kickers
            return HandCategory.STRAIGHT, kickers
        return (HandCategory.FLUSH if flush else HandCategory.NO_PAIR), order
    if flush:
        raise ValueError("a flush cannot repeat a rank")
    by_shape = {
        (4, 1): HandCategory.FOUR_OF_A_KIND,
        (3, 2): HandCategory.FULL_HOUSE,
        (3, 1, 1): HandCategory.THREE_OF_A_KIND,
        (2, 2, 1): HandCategory.TWO_PAIR,
        (2, 1, 1, 1): HandCategory.ONE_PAIR,
    }
    return by_shape[shape], order


def _build_tables() -> tuple[dict[int, HandValue], dict[int, HandValue], dict[int, HandValue], tuple[HandValue, ...]]:
    """All 7,462 values, and the look-ups by prime product.

    Returns (flush table, distinct-rank table, repeated-rank table, values weakest first).
    """
    entries: list[tuple[HandCategory, tuple[int, ...], int, bool]] = []
    for combo in itertools.combinations_with_replacement(range(14, 1, -1), 5):
        if combo[0] == combo[4]:
            continue  # five of a kind needs a joker
        key = 1
        for rank in combo:
            key *= _PRIME_OF_HIGH[rank]
        category, order = _classify(combo, flush=False)
        entries.append((category, order, key, False))
        if len(set(combo)) == 5:
            category, order = _classify(combo, flush=True)
            entries.append((category, order, key, True))
    entries.sort(key=lambda e: (e[0], e[1]))
    flushes: dict[int, HandValue] = {}
    distinct: dict[int, HandValue] = {}
    repeated: dict[int, HandValue] = {}
    values: list[HandValue] = []
    for category, order, key, flush in entries:
        value = HandValue(len(values), category, order)
        values.append(value)
        if flush:
            flushes[key] = value
        elif category in (HandCategory.NO_PAIR, HandCategory.STRAIGHT):
            distinct[key] = value
        else:
            repeated[key] = value
    return flushes, distinct, repeated, tuple(values)


#: High rank (2..14, ace = 14) -> its prime; a hand's rank key is the product.
RANK_PRIME: Mapping[int, int] = MappingProxyType(dict(_PRIME_OF_HIGH))


class _Tables:
    """The evaluator's tables, built once on first use (see the module's docstring)."""

    def __init__(self) -> None:
        self.flush, self.distinct, self.repeated, self.values = _build_tables()
        self.plain_view: Mapping[int, HandValue] = MappingProxyType({**self.distinct, **self.repeated})
        self.flush_view: Mapping[int, HandValue] = MappingProxyType(dict(self.flush))
        self.evaluate = _make_evaluate(self)


_built: list[_Tables] = []


def _tables() -> _Tables:
    if not _built:
        _built.append(_Tables())
    return _built[0]


def values_by_rank_key(flush: bool) -> Mapping[int, HandValue]:
    """The evaluator's table: rank key (product of :data:`RANK_PRIME`) -> value.

    ``flush=True`` gives the 1,287 one-suit hands, ``False`` the 6,175 others.
    For analyses that count hands by ranks (the hold advice) instead of dealing them.
    """
    tables = _tables()
    return tables.flush_view if flush else tables.plain_view


def all_hand_values() -> tuple[HandValue, ...]:
    """Every distinct hand value, weakest first (7,462 of them)."""
    return _tables().values


def _bad_hand(cards: object) -> ValueError:
    shown = repr(cards)
    if isinstance(cards, Iterable):
        try:
            shown = " ".join(str(c) for c in cards)
        except TypeError:
            pass
    return ValueError(f"a poker hand is exactly five distinct cards, not [{shown}]")


def _make_evaluate(tables: _Tables) -> Callable[[Sequence[Card]], HandValue]:
    """Build :func:`evaluate` with its tables bound as closure cells (the fastest reads)."""
    card_class = Card
    primes, flushes, distinct, repeated = _PRIMES, tables.flush, tables.distinct, tables.repeated
    bad_hand = _bad_hand

    def evaluate(cards: Sequence[Card]) -> HandValue:
        """The value of exactly five distinct cards; anything else is a ``ValueError``.

        Written for speed (it is the inner loop of the hold analysis and of the
        exhaustive test): straight-line code and one dictionary look-up.
        """
        try:
            a, b, c, d, e = cards
        except (TypeError, ValueError):
            raise bad_hand(cards) from None
        if not (
            a.__class__ is card_class and b.__class__ is card_class and c.__class__ is card_class
            and d.__class__ is card_class and e.__class__ is card_class
        ):
            raise bad_hand(cards)
        ra = a.rank; rb = b.rank; rc = c.rank; rd = d.rank; re = e.rank  # noqa: E702
        sa = a.suit; sb = b.suit; sc = c.suit; sd = d.suit; se = e.suit  # noqa: E702
        p = primes
        key = p[ra] * p[rb] * p[rc] * p[rd] * p[re]
        if sa is sb and sa is sc and sa is sd and sa is se:
            value = flushes.get(key)
            if value is None:  # one suit and a repeated rank: the same card twice
                raise bad_hand(cards)
            return value
        value = distinct.get(key)
        if value is not None:
            return value
        value = repeated.get(key)
        if value is None or (
            (ra == rb and sa is sb) or (ra == rc and sa is sc) or (ra == rd and sa is sd)
            or (ra == re and sa is se) or (rb == rc and sb is sc) or (rb == rd and sb is sd)
            or (rb == re and sb is se) or (rc == rd and sc is sd) or (rc == re and sc is se)
            or (rd == re and sd is se)
        ):
            raise bad_hand(cards)
        return value

    return evaluate


if TYPE_CHECKING:

    def evaluate(cards: Sequence[Card]) -> HandValue:
        """The value of exactly five distinct cards; anything else is a ``ValueError``."""
        ...


def __getattr__(name: str) -> Any:
    """``evaluate`` is built with the tables the first time it is asked for (then it is
    an ordinary module attribute and this is not called again)."""
    if name == "evaluate":
        function = _tables().evaluate
        globals()["evaluate"] = function
        return function
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
