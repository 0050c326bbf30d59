"""The count drill: cards from a shoe, then "running count?" and "true count?"; and the
index drill: a hand, an up card and a true count, "the right play?".

Pure: no Textual, no store. A drill is deterministic for a given ``random.Random``.

**Count questions** follow one shoe: each shows the next batch of cards (a few single
cards, or a whole round: two cards to each of ``seats`` players and the dealer, and the
hits), and asks the running count after them (from the start of the shoe: 0, or the
initial running count of an unbalanced system), then the true count with the decks
left (read from the discard tray, to the half deck). A running count is right when it
is exact; a true count when it is the exact one rounded, floored or truncated (the
three ways players convert), or within 0.1. When the shoe reaches its cut card, the
next question starts a new shoe (said so).

**Index questions** draw a play from the indices the program computes for the system
and the rules (:func:`~cardtable.ai.counting.indices.indices`) and a true count near its
index; the right answer is the index's play at that count.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from cardtable.core.blackjack_totals import card_value, hand_total
from cardtable.core.cards import Card, Shoe

from .indices import Index
from .systems import CARDS_PER_DECK, CountSystem

__all__ = ["CountQuestion", "CountDrill", "IndexQuestion", "IndexDrill", "true_count_right", "decks_in_tray"]


def decks_in_tray(cards_left: int) -> float:
    """Decks left as a player reads them from the discard tray: to the nearest half deck
    (at least half a deck)."""
    return max(1, round(cards_left / (CARDS_PER_DECK / 2))) / 2


def true_count_right(answer: float, exact: float) -> bool:
    """A true count is right rounded, floored or truncated, or within 0.1."""
    if abs(answer - exact) <= 0.1:
        return True
    return answer in (math.floor(exact + 0.5), math.floor(exact), float(math.trunc(exact)))


@dataclass(frozen=True)
class CountQuestion:
    """One batch of cards to count."""

    cards: tuple[Card, ...]
    #: The running count before these cards (what the player should have had).
    before: float
    #: The running count after them: the answer.
    running: float
    #: Decks left, as read from the tray, and the true count they give.
    decks_left: float
    true_count: float
    #: This batch starts a new shoe.
    new_shoe: bool
    #: How many of ``cards`` each hand holds, players first, the dealer last (a whole
    #: round); empty for a run of single cards.
    hands: tuple[int, ...] = ()

    def grade(self, running: float, true_count: float) -> tuple[bool, bool]:
        """(running count right, true count right)."""
        return running == self.running, true_count_right(true_count, self.true_count)


class CountDrill:
    """Questions from one shoe after another: ``round`` batches deal a whole round
    (``seats`` players and the dealer), else ``single`` cards one after another."""

    def __init__(self, system: CountSystem, decks: int = 6, rng: random.Random | None = None, *,
                 whole_rounds: bool = True, seats: int = 1, single: int = 6, penetration: int = 75) -> None:
        self.system = system
        self.decks = decks
        self.rng = rng if rng is not None else random.Random()
        self.whole_rounds = whole_rounds
        self.seats = seats
        self.single = single
        self.cut = decks * CARDS_PER_DECK * (100 - penetration) // 100
        self._shoe: Shoe | None = None
        self.running = 0.0

    def _batch(self, shoe: Shoe) -> list[list[Card]]:
        if not self.whole_rounds:
            return [[shoe.draw() for _ in range(min(self.single, shoe.remaining))]]
        hands: list[list[Card]] = [[] for _ in range(self.seats + 1)]  # the dealer last
        for _ in range(2):
            for hand in hands:
                hand.append(shoe.draw())
        for hand in hands:  # everyone draws to 17 or more: enough for counting
            while shoe.remaining and hand_total(hand)[0] < 17:
                hand.append(shoe.draw())
        return hands

    def question(self) -> CountQuestion:
        new_shoe = self._shoe is None or self._shoe.remaining <= self.cut
        if new_shoe:
            self._shoe = Shoe(self.decks, random.Random(self.rng.getrandbits(64)))
            self.running = self.system.initial_running_count(self.decks)
        shoe = self._shoe
        assert shoe is not None
        before = self.running
        hands = self._batch(shoe)
        cards = [card for hand in hands for card in hand]
        self.running = before + sum(self.system.tag(card_value(card)) for card in cards)
        decks_left = decks_in_tray(shoe.remaining)
        true_count = self.system.true_count(self.running, round(decks_left * CARDS_PER_DECK))
        sizes = tuple(len(hand) for hand in hands) if self.whole_rounds else ()
        return CountQuestion(tuple(cards), before, self.running, decks_left, true_count, new_shoe, sizes)


@dataclass(frozen=True)
class IndexQuestion:
    """A hand, an up card and a true count: which play?"""

    index: Index
    true_count: int

    @property
    def answer(self) -> str:
        return self.index.action if self.true_count >= self.index.index else self.index.otherwise

    @property
    def choices(self) -> tuple[str, str]:
        return self.index.action, self.index.otherwise


class IndexDrill:
    """Questions on the indices of ``found`` (those within ``limit`` true counts of 0),
    the count drawn within 2 of each index."""

    def __init__(self, found: Sequence[Index], rng: random.Random | None = None, limit: int = 6) -> None:
        self.plays = [i for i in found if abs(i.index) <= limit]
        if not self.plays:
            raise ValueError("no index plays to drill")
        self.rng = rng if rng is not None else random.Random()

    def question(self) -> IndexQuestion:
        play = self.rng.choice(self.plays)
        return IndexQuestion(play, play.index + self.rng.randint(-2, 2))
