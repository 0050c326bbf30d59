"""What a blackjack round shows: hands, results, events, a seat's view, the table's picture.

Everything here is immutable (frozen dataclasses, enums and tuples), built by the
round (:mod:`cardtable.core.blackjack`) for screens, computer seats and the history.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import cached_property

from .blackjack_rules import Action, Rules
from .blackjack_totals import hand_total, is_natural
from .cards import Card

__all__ = ["Hand", "HandOutcome", "HandResult", "EventKind", "Event", "SeatView", "RoundState", "IllegalAction"]


# -- hands ------------------------------------------------------------------------


@dataclass(frozen=True)
class Hand:
    """One player hand as everyone at the table sees it (nothing here is secret).

    ``stake`` is everything staked on the hand (doubled included).
    """

    cards: tuple[Card, ...]
    stake: int
    doubled: bool = False
    from_split: bool = False
    #: Made by splitting aces: gets exactly one more card, then closes.
    split_aces: bool = False
    closed: bool = False

    @cached_property
    def _facts(self) -> tuple[int, bool]:
        # Computed once per (immutable) hand; cached_property writes the instance
        # dict directly, which a frozen dataclass allows.
        return hand_total(self.cards)

    @property
    def total(self) -> int:
        return self._facts[0]

    @property
    def soft(self) -> bool:
        return self._facts[1]

    @property
    def busted(self) -> bool:
        return self.total > 21

    @property
    def blackjack(self) -> bool:
        """A natural: ace and ten-value as the first two cards of an unsplit hand."""
        return not self.from_split and is_natural(self.cards)

    @property
    def done(self) -> bool:
        """Alias of ``closed``: no more actions on this hand."""
        return self.closed

    @property
    def waiting(self) -> bool:
        """A split hand that has not had its second card yet."""
        return self.from_split and len(self.cards) == 1

    def describe(self) -> str:
        """``soft 17`` / ``hard 12`` / ``blackjack`` / ``bust 24``."""
        if self.blackjack:
            return "blackjack"
        total, soft = hand_total(self.cards)
        if total > 21:
            return f"bust {total}"
        return f"{'soft' if soft else 'hard'} {total}"


class HandOutcome(Enum):
    """How a hand ended at settlement."""

    BLACKJACK = "blackjack"  # natural paid 3:2
    WIN = "win"
    PUSH = "push"
    LOSE = "lose"
    BUST = "bust"
    SURRENDER = "surrender"  # half the stake back


@dataclass(frozen=True)
class HandResult:
    """A settled hand: ``returned`` includes the stake (0 when lost)."""

    cards: tuple[Card, ...]
    stake: int
    returned: int
    outcome: HandOutcome
    doubled: bool = False
    from_split: bool = False

    @property
    def net(self) -> int:
        return self.returned - self.stake

    def to_dict(self) -> dict[str, object]:
        """The hand for the history, as plain data."""
        return {
            "cards": [str(c) for c in self.cards],
            "stake": self.stake,
            "returned": self.returned,
            "outcome": self.outcome.value,
            "doubled": self.doubled,
        }


# -- events -----------------------------------------------------------------------


class EventKind(Enum):
    """Steps of a round, in order, for the screen to animate."""

    DEAL = "deal"  # a card to a seat's hand (seat, hand) or the dealer (seat None)
    ACTION = "action"  # (seat, hand) took an action; note = the action's value
    SPLIT = "split"  # (seat, hand) split into hand and hand + 1
    DOUBLE = "double"  # (seat, hand) stake doubled; amount = the extra stake
    CLOSED = "closed"  # (seat, hand) closed; note says why
    REVEAL = "reveal"  # the dealer's face-down card is turned over
    DEALER_DONE = "dealer_done"  # the dealer stands or busts; note says which
    PAYOUT = "payout"  # (seat, hand) settled; amount = returned; note = outcome value


@dataclass(frozen=True)
class Event:
    """One step. A face-down card is dealt with ``card=None`` — events never leak it."""

    kind: EventKind
    seat: int | None = None  # None: the dealer
    hand: int | None = None
    card: Card | None = None
    face_up: bool = True
    amount: int = 0
    note: str = ""


# -- the seat's view --------------------------------------------------------------


@dataclass(frozen=True)
class SeatView:
    """All one seat may know — what a player at a real table sees, nothing more."""

    seat: int
    rules: Rules
    #: This seat's hands, in table order.
    hands: tuple[Hand, ...]
    #: The hand this seat is to act on, or None when it is not this seat's turn.
    hand_index: int | None
    dealer_up: Card
    #: Dealer cards face up (the up card only, until the reveal).
    dealer_cards: tuple[Card, ...]
    #: Every seat's hands (all face up).
    seats: tuple[tuple[Hand, ...], ...]
    #: Every face-up card on the table: all seats' cards, then the dealer's face-up cards.
    table_cards: tuple[Card, ...]
    #: Cards seen since the last shuffle, this round's face-up cards included.
    seen_since_shuffle: tuple[Card, ...]
    legal: frozenset[Action]
    #: Chips left beside this seat's stakes, or None when unlimited.
    bankroll: int | None
    #: (seat, hand) to act at the table, or None.
    turn: tuple[int, int] | None

    @property
    def hand(self) -> Hand | None:
        """The hand to act, if it is this seat's turn."""
        return None if self.hand_index is None else self.hands[self.hand_index]


@dataclass(frozen=True)
class RoundState:
    """The round as everyone at the table sees it at one moment: the picture a screen
    draws. The face-down card is ``None`` until the reveal; ``results`` fills in as
    hands are paid."""

    seats: tuple[tuple[Hand, ...], ...]
    #: The dealer's cards as shown (``None`` for the face-down card).
    dealer: tuple[Card | None, ...]
    revealed: bool
    #: (seat, hand) to act, or None.
    turn: tuple[int, int] | None
    #: Per seat, per hand: the settled result, or None until that hand is paid.
    results: tuple[tuple[HandResult | None, ...], ...]
    finished: bool
    #: How many events led to this picture (``Round.events[:applied]``).
    applied: int

    @property
    def dealer_visible(self) -> tuple[Card, ...]:
        return tuple(c for c in self.dealer if c is not None)

    @property
    def dealer_total(self) -> tuple[int, bool]:
        """(total, soft) of the face-up dealer cards."""
        return hand_total(self.dealer_visible)

    @property
    def dealer_natural(self) -> bool:
        """The dealer's revealed two cards make a natural (the only dealer BLACKJACK)."""
        return self.revealed and is_natural(self.dealer_visible)

    @property
    def dealer_busted(self) -> bool:
        return self.dealer_total[0] > 21

    def result(self, seat: int, hand: int) -> HandResult | None:
        row = self.results[seat] if seat < len(self.results) else ()
        return row[hand] if hand < len(row) else None


class IllegalAction(ValueError):
    """The action is not legal for the hand to act; the round is unchanged."""

