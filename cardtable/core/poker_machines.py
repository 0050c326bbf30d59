"""Video-poker machines: pay tables with special rows, wild cards and the joker.

A :class:`Machine` is a pay table whose rows are :class:`PayHand` values — the ten
natural categories plus the rows that real machines add (four aces with a low
kicker, five of a kind, a wild royal, four deuces …) — and an optional wild card:
the four deuces (Deuces Wild) or one joker in a 53-card deck (Joker Poker).

:meth:`Machine.classify` names the row a hand is paid on. A wild card takes whatever
makes the best *paying* hand under this machine's table: the rows are tried from the
best paying down (ties: the stronger hand first) and the first one the cards can make
wins. Whether a row can be made depends only on the natural cards' ranks, whether
they share one suit, and the number of wild cards, so the answer is cached on that
key: thousands of keys cover every deal. ``tests/core/test_poker_machines.py``
checks it against a brute force that tries every substitution of every wild card.

The machines' numbers are data, one file per machine in ``assets/paytables/``, and
nowhere else. Pure but for one read: :data:`JACKS_OR_BETTER`, the house's machine (the
default of a hand, of old records, and DESIGN's ``JACKS_OR_BETTER_9_6``), is built from
its shipped file when this module is imported (:func:`shipped_machine`, standard library
only: the core imports nothing of the project); the room's other machines are loaded by
:mod:`cardtable.ai.poker_machines`.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import IntEnum, auto
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from .cards import Card, Shoe, Suit, cards_text, full_deck
from .poker_names import rank_name

__all__ = [
    "PayHand",
    "Machine",
    "Joker",
    "JOKER",
    "WILD_KINDS",
    "JACKS_OR_BETTER",
    "deck_cards",
    "new_deck",
    "restore_deck",
    "shipped_machine",
]

#: What may be wild: nothing, the four deuces, or one joker added to the deck.
WILD_KINDS = ("none", "deuces", "joker")


class PayHand(IntEnum):
    """A pay-table row; the order (1 up) is the hierarchy used when two rows pay the same."""

    HIGH_PAIR = auto()
    TWO_PAIR = auto()
    THREE_OF_A_KIND = auto()
    STRAIGHT = auto()
    FLUSH = auto()
    FULL_HOUSE = auto()
    FOUR_OF_A_KIND = auto()
    FOUR_5_K = auto()
    FOUR_2_4 = auto()
    FOUR_ACES = auto()
    FOUR_2_4_KICKER = auto()
    FOUR_ACES_KICKER = auto()
    STRAIGHT_FLUSH = auto()
    FIVE_OF_A_KIND = auto()
    WILD_ROYAL = auto()
    FOUR_DEUCES = auto()
    NATURAL_ROYAL = auto()


_LABELS: dict[PayHand, str] = {
    PayHand.HIGH_PAIR: "One Pair",
    PayHand.TWO_PAIR: "Two Pair",
    PayHand.THREE_OF_A_KIND: "Three of a Kind",
    PayHand.STRAIGHT: "Straight",
    PayHand.FLUSH: "Flush",
    PayHand.FULL_HOUSE: "Full House",
    PayHand.FOUR_OF_A_KIND: "Four of a Kind",
    PayHand.FOUR_5_K: "Four 5s–Ks",
    PayHand.FOUR_2_4: "Four 2s–4s",
    PayHand.FOUR_ACES: "Four Aces",
    PayHand.FOUR_2_4_KICKER: "Four 2s–4s + A–4",
    PayHand.FOUR_ACES_KICKER: "Four Aces + 2–4",
    PayHand.STRAIGHT_FLUSH: "Straight Flush",
    PayHand.FIVE_OF_A_KIND: "Five of a Kind",
    PayHand.WILD_ROYAL: "Wild Royal Flush",
    PayHand.FOUR_DEUCES: "Four Deuces",
    PayHand.NATURAL_ROYAL: "Royal Straight Flush",
}

#: Rows that only natural cards can make on these machines (the kicker rows).
_NATURAL_ONLY = (PayHand.FOUR_ACES_KICKER, PayHand.FOUR_2_4_KICKER)
#: Rows that only a machine with wild cards can pay.
_WILD_ONLY = (PayHand.FIVE_OF_A_KIND, PayHand.WILD_ROYAL)


# -- the joker -------------------------------------------------------------------------


@dataclass(frozen=True, order=False)
class Joker(Card):
    """The 53rd card of Joker Poker: wild, no rank, no suit of its own.

    A :class:`Card` (so a deck and a hand can hold it) with rank 0; its ``suit``
    field is a placeholder that nothing here reads. The natural evaluator refuses it.
    """

    rank: int = 0
    suit: Suit = Suit.SPADES

    def __post_init__(self) -> None:
        if self.rank != 0 or self.suit is not Suit.SPADES:
            raise ValueError("there is one joker: Joker()")

    @property
    def rank_letter(self) -> str:
        return "JK"

    @property
    def rank_label(self) -> str:
        return "JK"

    def label(self, ascii: bool = False) -> str:
        return "JK" if ascii else "JK★"

    def __str__(self) -> str:
        return "JK"

    def __repr__(self) -> str:
        return "JOKER"


JOKER = Joker()


def _parse_deck_text(text: str) -> list[Card]:
    return [JOKER if token.upper() == "JK" else Card.parse(token) for token in text.split()]


def deck_cards(wild: str) -> list[Card]:
    """The machine's full deck in a fixed order: 52 cards, plus the joker for Joker Poker."""
    return full_deck() + ([JOKER] if wild == "joker" else [])


def new_deck(wild: str, rng: random.Random | None = None) -> Shoe:
    """A freshly shuffled deck for one hand on a machine with ``wild`` cards."""
    if wild != "joker":
        return Shoe(1, rng)
    deck = Shoe.stacked(deck_cards(wild), rng)
    deck.shuffle()
    return deck


def restore_deck(data: object, wild: str, rng: random.Random | None = None) -> Shoe:
    """The deck of a :meth:`Shoe.snapshot`, reading the joker's ``JK`` too.

    A joker deck holds each of its cards once (the 53, or fewer when stacked for a test);
    other decks go to :meth:`Shoe.restore`.
    """
    if wild != "joker":
        return Shoe.restore(data, rng)
    if not isinstance(data, dict) or not isinstance(data.get("cards"), str) or not isinstance(data.get("all"), str):
        raise ValueError("a joker deck snapshot lists its cards and the whole deck as text")
    full = _parse_deck_text(data["all"])
    remaining = _parse_deck_text(data["cards"])
    if len(set(full)) != len(full):
        raise ValueError("a joker deck holds each card once")
    left = Counter(full)
    left.subtract(remaining)
    if any(n < 0 for n in left.values()):
        raise ValueError("a deck snapshot holds cards its deck does not have")
    return Shoe.stacked(remaining, rng)  # deals exactly the remaining cards, in order


# -- the machine -------------------------------------------------------------------------


@dataclass(frozen=True)
class Machine:
    """One video-poker machine: its rows (coins returned for 1..max_coins coins, stake
    included), its wild cards and its smallest paying pair (11 jacks, 13 kings)."""

    key: str
    name: str
    pays: Mapping[PayHand, tuple[int, ...]]
    wild: str = "none"
    max_coins: int = 5
    min_pair_rank: int = 11
    #: Rows strongest first: by pay at max coins, then by the hierarchy.
    order: tuple[PayHand, ...] = field(init=False, repr=False, compare=False)
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.wild not in WILD_KINDS:
            raise ValueError(f"wild must be one of {', '.join(WILD_KINDS)}, not {self.wild!r}")
        if not isinstance(self.max_coins, int) or self.max_coins < 1:
            raise ValueError(f"max_coins must be a positive int, not {self.max_coins!r}")
        if not 2 <= self.min_pair_rank <= 14:
            raise ValueError(f"min_pair_rank must be 2..14, not {self.min_pair_rank!r}")
        clean: dict[PayHand, tuple[int, ...]] = {}
        for hand, row in self.pays.items():
            hand = PayHand(hand)
            row = tuple(row)
            if len(row) != self.max_coins or not all(isinstance(n, int) and n > 0 for n in row):
                raise ValueError(f"{hand.name}: need {self.max_coins} positive whole coin amounts, not {row!r}")
            clean[hand] = row
        if self.wild != "none" and any(h in clean for h in _NATURAL_ONLY):
            raise ValueError("kicker rows are for machines without wild cards")
        if self.wild == "none" and any(h in clean for h in _WILD_ONLY):
            raise ValueError(f"{', '.join(h.name for h in _WILD_ONLY)} need wild cards")
        if PayHand.FOUR_DEUCES in clean and self.wild != "deuces":
            raise ValueError("FOUR_DEUCES is a Deuces Wild row")
        if PayHand.NATURAL_ROYAL not in clean:
            raise ValueError("every machine pays the natural royal")
        order = tuple(sorted(clean, key=lambda h: (clean[h][-1], h), reverse=True))
        object.__setattr__(self, "pays", MappingProxyType(clean))
        object.__setattr__(self, "order", order)
        # Hashed once: machines key the advice caches, looked up many times per hint.
        rows = tuple((h, clean[h]) for h in order)
        object.__setattr__(self, "_hash", hash((self.key, self.name, rows, self.wild, self.max_coins,
                                                 self.min_pair_rank)))

    def __hash__(self) -> int:
        return self._hash

    # -- data ---------------------------------------------------------------------

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> Machine:
        """Build from the asset's JSON shape (``assets/paytables/*.json``)."""
        try:
            pays = {PayHand[str(name)]: tuple(row) for name, row in data["pays"].items()}
            return cls(
                key=str(data["key"]),
                name=str(data["name"]),
                pays=pays,
                wild=str(data.get("wild", "none")),
                max_coins=int(data.get("max_coins", 5)),
                min_pair_rank=int(data.get("min_pair_rank", 11)),
            )
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"bad machine data: {exc}") from None

    def to_mapping(self) -> dict[str, Any]:
        """The JSON shape of this machine (inverse of :meth:`from_mapping`)."""
        return {
            "key": self.key,
            "name": self.name,
            "wild": self.wild,
            "max_coins": self.max_coins,
            "min_pair_rank": self.min_pair_rank,
            "pays": {h.name: list(self.pays[h]) for h in self.order},
        }

    # -- display ------------------------------------------------------------------

    def rows(self) -> tuple[tuple[PayHand, tuple[int, ...]], ...]:
        """Paying rows, best paying first, for display."""
        return tuple((h, self.pays[h]) for h in self.order)

    def row_label(self, hand: PayHand) -> str:
        """Row name: ``Jacks or Better``, ``Natural Royal Flush`` on a wild machine …"""
        if hand is PayHand.HIGH_PAIR:
            return f"{rank_name(self.min_pair_rank, True)} or Better"
        if hand is PayHand.NATURAL_ROYAL and self.wild != "none":
            return "Natural Royal Flush"
        return _LABELS[hand]

    @property
    def deck_size(self) -> int:
        """52, or 53 with the joker."""
        return 53 if self.wild == "joker" else 52

    def is_wild(self, card: Card) -> bool:
        """Whether ``card`` is wild on this machine."""
        if self.wild == "joker":
            return isinstance(card, Joker)
        return self.wild == "deuces" and card.rank == 2

    def deck(self) -> list[Card]:
        """The machine's full deck in a fixed order."""
        return deck_cards(self.wild)

    # -- paying -------------------------------------------------------------------

    def _check_coins(self, coins: int) -> None:
        if not isinstance(coins, int) or isinstance(coins, bool) or not 1 <= coins <= self.max_coins:
            raise ValueError(f"bet 1 to {self.max_coins} coins, not {coins!r}")

    def classify(self, cards: Sequence[Card]) -> PayHand | None:
        """The row five distinct cards are paid on (wild cards at their best), or None."""
        if len(cards) != 5 or len(set(cards)) != 5 or not all(isinstance(c, Card) for c in cards):
            raise ValueError(f"a poker hand is exactly five distinct cards, not {cards_text(cards)!r}")
        natural = [c for c in cards if not self.is_wild(c)]
        if any(isinstance(c, Joker) for c in natural):
            raise ValueError("this machine deals no joker")
        ranks = tuple(sorted(14 if c.rank == 1 else c.rank for c in natural))
        suited = len({c.suit for c in natural}) <= 1
        return self.classify_key(ranks, suited, 5 - len(natural))

    def classify_key(self, ranks: tuple[int, ...], suited: bool, wilds: int) -> PayHand | None:
        """:meth:`classify` by its key: the natural cards' ranks (2..14, sorted), whether
        they share a suit, and the number of wild cards."""
        return _classify(self.order, self.min_pair_rank, self.wild == "deuces", ranks, suited, wilds)

    def pay(self, hand: PayHand | None, coins: int) -> int:
        """Coins returned by a row for ``coins`` bet (0 for None)."""
        self._check_coins(coins)
        return 0 if hand is None else self.pays[hand][coins - 1]

    def payout(self, cards: Sequence[Card], coins: int) -> int:
        """Coins returned for five cards, stake included (0 when they pay nothing)."""
        self._check_coins(coins)
        return self.pay(self.classify(cards), coins)

    def paying_positions(self, cards: Sequence[Card]) -> tuple[int, ...]:
        """Positions of the cards that make the paying hand: the pairs or the three of a
        kind (with the wild cards that made them), all five from a straight up."""
        hand = self.classify(cards)
        if hand is None:
            return ()
        if hand >= PayHand.STRAIGHT:
            return tuple(range(5))
        wild = [i for i, c in enumerate(cards) if self.is_wild(c)]
        counts = Counter(14 if c.rank == 1 else c.rank for c in cards if not self.is_wild(c))
        if not wild:
            return tuple(i for i, c in enumerate(cards) if counts[14 if c.rank == 1 else c.rank] >= 2)
        top = max(counts, key=lambda r: (counts[r], r))
        made = [i for i, c in enumerate(cards) if not self.is_wild(c) and (14 if c.rank == 1 else c.rank) == top]
        return tuple(sorted(made + wild))


# -- classification by key -------------------------------------------------------------

_WINDOWS = tuple(frozenset(range(top - 4, top + 1)) if top > 5 else frozenset({14, 2, 3, 4, 5}) for top in range(5, 15))
_ROYAL = frozenset({10, 11, 12, 13, 14})


def _in_window(ranks: frozenset[int], royal_too: bool) -> bool:
    return any(ranks <= w for w in _WINDOWS if royal_too or w != _ROYAL)


@dataclass(frozen=True)
class _Shape:
    """What decides the rows a hand can make: its natural cards' rank counts, whether
    they share a suit, and its number of wild cards."""

    counts: Counter[int]
    suited: bool
    w: int
    #: The rank counts, largest first (``[3, 1]``), and the largest (0 with no natural card).
    shape: list[int]
    top: int
    #: No two natural cards share a rank.
    distinct: bool
    rank_set: frozenset[int]

    @classmethod
    def of(cls, ranks: tuple[int, ...], suited: bool, w: int) -> _Shape:
        counts = Counter(ranks)
        shape = sorted(counts.values(), reverse=True)
        top = shape[0] if shape else 0
        return cls(counts, suited, w, shape, top, len(counts) == len(ranks), frozenset(counts))


@lru_cache(maxsize=65536)
def _classify(
    order: tuple[PayHand, ...], min_pair: int, deuces: bool, ranks: tuple[int, ...], suited: bool, w: int
) -> PayHand | None:
    """The first row of ``order`` that the natural ``ranks`` and ``w`` wild cards can make
    exactly (wild cards may stand for any card, even one already in the hand)."""
    hand_shape = _Shape.of(ranks, suited, w)
    for hand in order:
        if _makes(hand, hand_shape, min_pair, deuces):
            return hand
    return None


def _makes(hand: PayHand, s: _Shape, min_pair: int, deuces: bool) -> bool:
    """Whether ``s`` can make row ``hand`` exactly, by the row's group in the hierarchy."""
    if hand >= PayHand.STRAIGHT_FLUSH:
        return _makes_straight_flush_or_better(hand, s, deuces)
    if hand >= PayHand.FOUR_OF_A_KIND:
        return _makes_four_of_a_kind(hand, s)
    return _makes_below_four(hand, s, min_pair)


def _makes_straight_flush_or_better(hand: PayHand, s: _Shape, deuces: bool) -> bool:
    """The royals, four deuces, five of a kind and the straight flush."""
    if hand is PayHand.NATURAL_ROYAL:
        return s.w == 0 and s.suited and s.rank_set == _ROYAL
    if hand is PayHand.FOUR_DEUCES:
        return deuces and s.w == 4
    if hand is PayHand.WILD_ROYAL:
        return s.w >= 1 and s.suited and s.distinct and s.rank_set <= _ROYAL
    if hand is PayHand.FIVE_OF_A_KIND:
        return s.w >= 1 and len(s.counts) <= 1
    return s.suited and s.distinct and _in_window(s.rank_set, royal_too=False)  # STRAIGHT_FLUSH


def _makes_four_of_a_kind(hand: PayHand, s: _Shape) -> bool:
    """The four-of-a-kind rows: with a kicker (natural cards only), by rank, or any."""
    counts, w = s.counts, s.w
    if hand is PayHand.FOUR_ACES_KICKER:
        return w == 0 and counts.get(14) == 4 and any(counts.get(r) == 1 for r in (2, 3, 4))
    if hand is PayHand.FOUR_2_4_KICKER:
        return w == 0 and any(
            counts.get(r) == 4 and any(counts.get(k) == 1 for k in (14, 2, 3, 4) if k != r) for r in (2, 3, 4)
        )
    if hand is PayHand.FOUR_ACES:
        return counts.get(14, 0) + w >= 4
    if hand is PayHand.FOUR_2_4:
        return any(counts.get(r, 0) + w >= 4 for r in (2, 3, 4))
    if hand is PayHand.FOUR_5_K:
        return any(counts.get(r, 0) + w >= 4 for r in range(5, 14))
    return s.top + w >= 4  # FOUR_OF_A_KIND


def _makes_below_four(hand: PayHand, s: _Shape, min_pair: int) -> bool:
    """The full house down to the paying pair."""
    counts, shape, top = s.counts, s.shape, s.top
    if hand is PayHand.FULL_HOUSE:
        return len(counts) <= 2 and top <= 3 and (len(shape) < 2 or shape[1] <= 2)
    if hand is PayHand.FLUSH:
        return s.suited
    if hand is PayHand.STRAIGHT:
        return s.distinct and _in_window(s.rank_set, royal_too=True)
    if hand is PayHand.THREE_OF_A_KIND:
        return top + s.w >= 3 and top <= 3 and len(counts) <= 3 and (len(shape) < 2 or shape[1] == 1)
    if hand is PayHand.TWO_PAIR:
        return top <= 2 and len(counts) <= 3
    return _makes_high_pair(s, min_pair)


def _makes_high_pair(s: _Shape, min_pair: int) -> bool:
    """Exactly one pair, of ``min_pair`` or better (a wild card pairs any natural card)."""
    if s.top > 2 or s.shape.count(2) > 1:
        return False
    if s.top == 2:
        return any(s.counts[r] == 2 and r >= min_pair for r in s.counts)
    return s.w >= 2 or (s.w == 1 and any(r >= min_pair for r in s.counts))


def shipped_machine(key: str) -> Machine:
    """The machine of the shipped file ``assets/paytables/<key>.json`` (inside the package
    in a wheel, beside it in a source checkout, as :mod:`cardtable.resources` finds it)."""
    package = Path(__file__).resolve().parent.parent
    tried = [folder / "paytables" / f"{key}.json" for folder in (package / "assets", package.parent / "assets")]
    for path in tried:
        if path.is_file():
            return Machine.from_mapping(json.loads(path.read_text(encoding="utf-8")))
    raise FileNotFoundError(f"pay table {key!r} not found (tried {', '.join(map(str, tried))})")


#: The house's first machine, 9/6 Jacks or Better (docs/rules.md section 4): the default of a
#: hand and of old records. Read from its file, the one place its numbers are written.
JACKS_OR_BETTER: Machine = shipped_machine("jacks-or-better-9-6")
