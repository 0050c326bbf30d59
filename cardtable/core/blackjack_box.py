"""A blackjack hand while the round deals it (mutable, its total kept as cards arrive).

Internal to the round (:mod:`cardtable.core.blackjack`): the public, frozen
:class:`~cardtable.core.blackjack_state.Hand` is made from a box only when someone looks.
"""

from __future__ import annotations

from .blackjack_state import Hand
from .blackjack_totals import CARD_VALUES, soft_total
from .cards import Card

__all__ = ["HandBox"]


class HandBox:
    """A hand while the round deals it: mutable, its total kept as cards arrive.

    The public, frozen :class:`Hand` is made from it only when someone looks
    (and kept until the box changes), so dealing costs no dataclass copies.
    """

    __slots__ = ("cards", "hard", "ace", "total", "soft", "stake", "doubled", "from_split",
                 "split_aces", "closed", "_hand")

    def __init__(self, cards: list[Card], stake: int, from_split: bool = False,
                 split_aces: bool = False) -> None:
        self.cards: list[Card] = []
        self.hard = 0
        self.ace = False
        self.total = 0
        self.soft = False
        self.stake = stake
        self.doubled = False
        self.from_split = from_split
        self.split_aces = split_aces
        self.closed = False
        self._hand: Hand | None = None
        for card in cards:
            self.add(card)

    def add(self, card: Card) -> None:
        """Deal ``card`` to the hand (counted here, in one step: this runs for every card
        the simulator deals)."""
        self.cards.append(card)
        v = CARD_VALUES[card.rank]
        hard = self.hard + v
        self.hard = hard
        if v == 1:
            self.ace = True
        self.total, self.soft = soft_total(hard, self.ace)
        self._hand = None

    @property
    def natural(self) -> bool:
        """Two cards worth 21 in a hand not made by a split."""
        return self.total == 21 and len(self.cards) == 2 and not self.from_split

    def hand(self) -> Hand:
        """The frozen picture of the box (made again only after it changed)."""
        hand = self._hand
        if hand is None:
            hand = Hand(tuple(self.cards), self.stake, self.doubled, self.from_split,
                        self.split_aces, self.closed)
            self._hand = hand
        return hand
