"""Cards, text notation and the shoe (docs/rules.md section 1).

Pure: no I/O, no UI. The shoe is the only mutable object here because it models a
physical stack being dealt; everything built on top of it keeps immutable state.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

__all__ = [
    "Suit",
    "Card",
    "parse_cards",
    "full_deck",
    "Shoe",
    "ShoeEmpty",
    "ShoeMark",
    "RANK_LETTERS",
    "cards_text",
]


class Suit(Enum):
    """The four French suits; the value is the notation letter."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        """The Unicode suit symbol."""
        return _SYMBOLS[self]

    @property
    def letter(self) -> str:
        """The notation letter (S H D C)."""
        return self.value

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are drawn in red."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)


_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
SUIT_ORDER: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)

#: Rank number -> notation letter (1 = ace ... 13 = king).
RANK_LETTERS: dict[int, str] = {
    1: "A", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7",
    8: "8", 9: "9", 10: "T", 11: "J", 12: "Q", 13: "K",
}
_RANK_FROM_TEXT: dict[str, int] = {v: k for k, v in RANK_LETTERS.items()}
_RANK_FROM_TEXT["10"] = 10
_SUIT_FROM_TEXT: dict[str, Suit] = {s.value: s for s in Suit}


@dataclass(frozen=True, order=False)
class Card:
    """One playing card. ``rank`` is 1 (ace) to 13 (king)."""

    rank: int
    suit: Suit

    def __post_init__(self) -> None:
        if not isinstance(self.rank, int) or not 1 <= self.rank <= 13:
            raise ValueError(f"card rank must be 1..13, not {self.rank!r}")
        if not isinstance(self.suit, Suit):
            raise ValueError(f"card suit must be a Suit, not {self.suit!r}")

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse ``AS``, ``TD``, ``10h``, ``qc`` … (case-insensitive)."""
        token = text.strip() if isinstance(text, str) else text
        if not isinstance(token, str) or len(token) < 2:
            raise ValueError(f"bad card {text!r}: expected rank (A 2-9 T J Q K or 10) then suit (S H D C)")
        upper = token.upper()
        rank_text, suit_text = upper[:-1], upper[-1]
        rank = _RANK_FROM_TEXT.get(rank_text)
        suit = _SUIT_FROM_TEXT.get(suit_text)
        if rank is None or suit is None:
            raise ValueError(f"bad card {text!r}: expected rank (A 2-9 T J Q K or 10) then suit (S H D C)")
        return cls(rank, suit)

    @property
    def rank_letter(self) -> str:
        """A 2-9 T J Q K."""
        return RANK_LETTERS[self.rank]

    @property
    def rank_label(self) -> str:
        """Rank as printed on the card face: A 2-10 J Q K."""
        return "10" if self.rank == 10 else RANK_LETTERS[self.rank]

    def label(self, ascii: bool = False) -> str:
        """Short display text: ``A♠`` or ``AS`` (``10♥`` / ``10H``)."""
        return self.rank_label + (self.suit.letter if ascii else self.suit.symbol)

    def __str__(self) -> str:
        return self.rank_letter + self.suit.letter

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse whitespace- or comma-separated cards: ``"AS KD TH"``."""
    if isinstance(text, str):
        tokens = text.replace(",", " ").split()
    else:
        tokens = list(text)
    return [Card.parse(token) for token in tokens]


def cards_text(cards: Iterable[Card]) -> str:
    """Cards in notation, space-separated (``"AS KD TH"``): the inverse of :func:`parse_cards`."""
    return " ".join(str(card) for card in cards)


def full_deck() -> list[Card]:
    """One 52-card deck in a fixed order (suits S H D C, ranks A..K)."""
    return [Card(rank, suit) for suit in SUIT_ORDER for rank in range(1, 14)]


class ShoeEmpty(IndexError):
    """Raised by :meth:`Shoe.draw` when no card is left."""


class Shoe:
    """A shoe of one or more decks, dealt from the top.

    Shuffled with a uniform Fisher–Yates shuffle driven by ``random.SystemRandom``
    unless a (seeded) generator is given. ``cut_from_end`` places the cut card that
    many cards before the bottom: once a card beyond it has been dealt,
    :attr:`cut_card_reached` is true and the table reshuffles before the next round.
    A round that empties the shoe goes on from a fresh one (:meth:`refill`).
    """

    def __init__(
        self,
        decks: int = 1,
        rng: random.Random | None = None,
        *,
        cut_from_end: int | None = None,
    ) -> None:
        if not isinstance(decks, int) or decks < 1:
            raise ValueError(f"a shoe needs at least one deck, not {decks!r}")
        self.decks = decks
        self._rng: random.Random = rng if rng is not None else random.SystemRandom()
        self._all: list[Card] = full_deck() * decks
        #: Cards in reverse dealing order; the first ``_left`` are still in the shoe.
        #: The list is never changed in place (a shuffle or restore makes a new one),
        #: so a mark or a clone can share it.
        self._cards: list[Card] = []
        self._left = 0
        self._stacked = False
        #: The shoe ran out within a round and was refilled: shuffle all before the next.
        self._dry = False
        self.cut_from_end = self._check_cut(cut_from_end, len(self._all))
        self.shuffle()

    @staticmethod
    def _check_cut(cut_from_end: int | None, size: int) -> int | None:
        if cut_from_end is None:
            return None
        if not isinstance(cut_from_end, int) or not 0 <= cut_from_end <= size:
            raise ValueError(f"cut card must be 0..{size} cards from the end, not {cut_from_end!r}")
        return cut_from_end

    @classmethod
    def stacked(
        cls,
        cards: Sequence[Card] | str,
        rng: random.Random | None = None,
        *,
        cut_from_end: int | None = None,
    ) -> Shoe:
        """A shoe that deals exactly ``cards``, first card first (for tests).

        A later :meth:`shuffle` mixes these same cards with ``rng``.
        """
        if isinstance(cards, str):
            cards = parse_cards(cards)
        shoe = cls.__new__(cls)
        shoe.decks = 0
        shoe._rng = rng if rng is not None else random.SystemRandom()
        shoe._all = list(cards)
        shoe._cards = list(reversed(shoe._all))  # top of the shoe is the end of the list
        shoe._left = len(shoe._cards)
        shoe._stacked = True
        shoe._dry = False
        shoe.cut_from_end = cls._check_cut(cut_from_end, len(shoe._all))
        return shoe

    # -- saving and restoring ----------------------------------------------------

    def snapshot(self) -> dict[str, object]:
        """The shoe as plain data: what is left, in dealing order, and where the cut is.

        With :meth:`restore` a saved round continues from exactly these cards (docs/rules.md
        section 1: an open round resumes with the same shoe). A stacked shoe also keeps
        its whole composition, which a later shuffle gathers.
        """
        data: dict[str, object] = {
            "decks": self.decks,
            "cut": self.cut_from_end,
            "cards": cards_text(reversed(self._cards[: self._left])),
        }
        if self.decks == 0:
            data["all"] = cards_text(self._all)
        if self._dry:
            data["dry"] = True
        return data

    @classmethod
    def restore(cls, data: object, rng: random.Random | None = None) -> Shoe:
        """The shoe of a :meth:`snapshot`; ``ValueError`` when the data is not one.

        A shoe of whole decks must hold no card more often than its decks do, so an
        edited snapshot cannot conjure a fourth ace of spades into a one-deck game.
        """
        if not isinstance(data, dict):
            raise ValueError("a shoe snapshot is a mapping")
        decks, cut, text = data.get("decks"), data.get("cut"), data.get("cards")
        if not isinstance(decks, int) or isinstance(decks, bool) or not 0 <= decks <= 64:
            raise ValueError(f"bad number of decks in a shoe snapshot: {decks!r}")
        if not isinstance(text, str):
            raise ValueError("a shoe snapshot lists its cards as text")
        remaining = parse_cards(text)
        if decks == 0:
            full_text = data.get("all")
            if not isinstance(full_text, str):
                raise ValueError("a stacked shoe snapshot lists all its cards")
            full = parse_cards(full_text)
        else:
            full = full_deck() * decks
        left = Counter(full)
        left.subtract(remaining)
        if any(count < 0 for count in left.values()):
            raise ValueError("a shoe snapshot holds cards its decks do not have")
        shoe = cls.__new__(cls)
        shoe.decks = decks
        shoe._rng = rng if rng is not None else random.SystemRandom()
        shoe._all = full
        shoe._cards = list(reversed(remaining))
        shoe._left = len(shoe._cards)
        shoe._stacked = decks == 0
        shoe._dry = data.get("dry") is True
        shoe.cut_from_end = cls._check_cut(cut, len(full))
        return shoe

    # -- dealing -----------------------------------------------------------------

    def draw(self) -> Card:
        """Deal the top card."""
        left = self._left - 1
        if left < 0:
            raise ShoeEmpty("the shoe is empty")
        self._left = left
        return self._cards[left]

    def shuffle(self) -> None:
        """Gather every card back and shuffle (Fisher–Yates).

        ``random.shuffle`` is the same Fisher–Yates, draw for draw, as the loop this
        replaced (``randrange(i + 1)`` from the top down), so seeded shoes deal as before.
        """
        cards = list(self._all)
        self._rng.shuffle(cards)
        # A new list every time: a mark (see :meth:`mark`) keeps the old one.
        self._cards = cards  # dealt from the end: order is uniform either way
        self._left = len(cards)
        self._stacked = False
        self._dry = False

    def refill(self, on_table: Iterable[Card]) -> None:
        """The shoe ran out within a round: the rest of the round is dealt from a fresh
        shoe — the cards of the decks that are not ``on_table`` (the discards), shuffled
        — and :attr:`cut_card_reached` stays true, so every card is shuffled before the
        next round. Only when every card is on the table is the fresh shoe a full one."""
        left = Counter(self._all)
        left.subtract(on_table)
        cards = list(left.elements()) or list(self._all)
        self._rng.shuffle(cards)
        self._cards = cards  # a new list: marks and clones keep theirs
        self._left = len(cards)
        self._dry = True

    def clone(self) -> Shoe:
        """A shoe holding the same cards in the same order, dealt independently (for
        playing two rule sets on identical cards); it shuffles with the same generator."""
        shoe = Shoe.__new__(Shoe)
        shoe.decks = self.decks
        shoe._rng = self._rng
        shoe._all = self._all
        shoe._cards = self._cards  # never changed in place: shared, not copied
        shoe._left = self._left
        shoe._stacked = self._stacked
        shoe._dry = self._dry
        shoe.cut_from_end = self.cut_from_end
        return shoe

    def mark(self) -> ShoeMark:
        """The shoe as it stands now, turned into a :meth:`snapshot` only when asked.

        Cheap enough to take every round: the list the shoe deals from is never
        changed in place (dealing moves a count), so the mark keeps it and the count.
        """
        return ShoeMark(self.decks, self.cut_from_end, self._cards, self._left, self._all, self._dry)

    reshuffle = shuffle

    # -- counts ------------------------------------------------------------------

    @property
    def rng(self) -> random.Random:
        """The generator this shoe shuffles with (kept when a snapshot is restored)."""
        return self._rng

    @property
    def size(self) -> int:
        """Cards in the full shoe."""
        return len(self._all)

    @property
    def remaining(self) -> int:
        """Cards not yet dealt."""
        return self._left

    def __len__(self) -> int:
        return self._left

    def undealt(self) -> list[Card]:
        """The cards not yet dealt, in dealing order (a copy: the shoe is unchanged)."""
        return self._cards[: self._left][::-1]

    @property
    def dealt(self) -> int:
        """Cards dealt since the last shuffle."""
        return len(self._all) - self._left

    @property
    def cut_card_reached(self) -> bool:
        """True once dealing has reached the cut card: finish this round, then reshuffle.

        The cut card lies ``cut_from_end`` cards above the bottom, so it is out as soon
        as no more than that many cards remain.
        """
        if self._dry:
            return True
        if self.cut_from_end is None:
            return False
        return self.remaining <= self.cut_from_end

    def __repr__(self) -> str:
        return f"<Shoe {self.remaining}/{self.size} cards, cut at {self.cut_from_end}>"


class ShoeMark:
    """A shoe's state at one moment (see :meth:`Shoe.mark`)."""

    __slots__ = ("_decks", "_cut", "_cards", "_count", "_all", "_dry")

    def __init__(self, decks: int, cut: int | None, cards: list[Card], count: int, all_cards: list[Card],
                 dry: bool = False) -> None:
        self._decks, self._cut, self._cards, self._count, self._all = decks, cut, cards, count, all_cards
        self._dry = dry

    def snapshot(self) -> dict[str, object]:
        """The same data as :meth:`Shoe.snapshot` taken at the mark."""
        data: dict[str, object] = {
            "decks": self._decks,
            "cut": self._cut,
            "cards": cards_text(reversed(self._cards[: self._count])),
        }
        if self._decks == 0:
            data["all"] = cards_text(self._all)
        if self._dry:
            data["dry"] = True
        return data
