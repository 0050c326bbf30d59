"""What the blackjack table shows, rebuilt from the engine's events one step at a time.

The screen never draws the engine's state directly while cards are still "in the
air": it replays the round's events into a :class:`Scene`, one event per animation
step, so cards appear one at a time. Once every event is applied the scene equals
the engine's state (tests check this), so the screen is never out of step.
Pure Python: no Textual here, which keeps it easy to test.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Sequence

from ...core.blackjack import Event, EventKind, hand_total, is_natural
from ...core.cards import Card

__all__ = ["SceneHand", "Scene"]


@dataclass(frozen=True)
class SceneHand:
    """One hand as drawn: its cards so far, its stake and how it ended."""

    cards: tuple[Card, ...] = ()
    stake: int = 0
    doubled: bool = False
    from_split: bool = False
    closed: bool = False
    #: Why it closed: stand, bust, blackjack, 21, double, split aces.
    closed_note: str = ""
    #: After settlement: blackjack, win, push, lose, bust.
    outcome: str = ""
    returned: int | None = None

    @property
    def total(self) -> int:
        return hand_total(self.cards)[0]

    @property
    def soft(self) -> bool:
        return hand_total(self.cards)[1]

    @property
    def blackjack(self) -> bool:
        return not self.from_split and is_natural(self.cards)  # the core's rule, not ours

    @property
    def busted(self) -> bool:
        return self.total > 21

    @property
    def net(self) -> int | None:
        return None if self.returned is None else self.returned - self.stake

    def total_text(self) -> str:
        """``soft 17`` / ``hard 17`` / ``BLACKJACK`` / ``BUST 24`` / empty."""
        if not self.cards:
            return ""
        if self.blackjack:
            return "BLACKJACK"
        total, soft = hand_total(self.cards)
        if total > 21:
            return f"BUST {total}"
        return f"{'soft' if soft else 'hard'} {total}"


@dataclass
class Scene:
    """The table as drawn. ``apply`` one event at a time."""

    seats: list[list[SceneHand]] = field(default_factory=list)
    #: Dealer cards as shown; None is the face-down card.
    dealer: list[Card | None] = field(default_factory=list)
    revealed: bool = False
    dealer_note: str = ""
    applied: int = 0

    @classmethod
    def for_bets(cls, bets: Sequence[int]) -> Scene:
        return cls(seats=[[SceneHand(stake=bet)] for bet in bets])

    @property
    def dealer_total(self) -> int | None:
        """The dealer's total once revealed (None before)."""
        if not self.revealed:
            return None
        return hand_total([c for c in self.dealer if c is not None])[0]

    def dealer_text(self) -> str:
        """``17`` / ``BLACKJACK`` / ``BUST 24``; the up card's value before the reveal."""
        cards = [c for c in self.dealer if c is not None]
        if not cards:
            return ""
        total, soft = hand_total(cards)
        if not self.revealed:
            return f"shows {total}"
        if len(cards) == 2 and total == 21:
            return "BLACKJACK"
        if total > 21:
            return f"BUST {total}"
        return f"{'soft ' if soft else ''}{total}"

    def apply(self, event: Event) -> None:
        """Move the picture one step forward."""
        self.applied += 1
        kind = event.kind
        if kind is EventKind.DEAL:
            if event.seat is None:
                self.dealer.append(event.card if event.face_up else None)
            else:
                hand = self.seats[event.seat][event.hand or 0]
                assert event.card is not None
                self._set(event.seat, event.hand or 0, replace(hand, cards=hand.cards + (event.card,)))
        elif kind is EventKind.SPLIT:
            seat, index = event.seat or 0, event.hand or 0
            hand = self.seats[seat][index]
            first = replace(hand, cards=hand.cards[:1], from_split=True)
            second = SceneHand(cards=hand.cards[1:2], stake=event.amount, from_split=True)
            self.seats[seat][index : index + 1] = [first, second]
        elif kind is EventKind.DOUBLE:
            seat, index = event.seat or 0, event.hand or 0
            hand = self.seats[seat][index]
            self._set(seat, index, replace(hand, stake=hand.stake + event.amount, doubled=True))
        elif kind is EventKind.CLOSED:
            seat, index = event.seat or 0, event.hand or 0
            hand = self.seats[seat][index]
            self._set(seat, index, replace(hand, closed=True, closed_note=event.note))
        elif kind is EventKind.REVEAL:
            self.revealed = True
            if len(self.dealer) > 1:
                self.dealer[1] = event.card
        elif kind is EventKind.DEALER_DONE:
            self.dealer_note = event.note
        elif kind is EventKind.PAYOUT:
            seat, index = event.seat or 0, event.hand or 0
            hand = self.seats[seat][index]
            self._set(seat, index, replace(hand, outcome=event.note, returned=event.amount))

    def _set(self, seat: int, index: int, hand: SceneHand) -> None:
        self.seats[seat][index] = hand
