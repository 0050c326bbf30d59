"""European blackjack table engine (RULES.md section 3).

A :class:`Round` is the "server" for one round: it owns the dealing from a shoe,
tells who is to act and what is legal, validates every action (the human's and the
computer seats' alike), plays the dealer and settles in exact hundredths of a chip.

Everything a caller can read is immutable (frozen dataclasses and tuples); the round
itself is the one mutable object, like the shoe it deals from. A computer seat gets
only :meth:`Round.view` — never the face-down card, never the shoe.

``Action``, ``Rules``, ``card_value`` and ``hand_total`` are shared with
``cardtable.ai``; keep their names.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from enum import Enum
from functools import cached_property

from . import config
from .cards import Card, Shoe, ShoeEmpty

__all__ = [
    "Action",
    "Rules",
    "card_value",
    "hand_total",
    "Hand",
    "HandOutcome",
    "HandResult",
    "EventKind",
    "Event",
    "SeatView",
    "RoundState",
    "IllegalAction",
    "Round",
    "Spot",
    "decode_spot",
    "legal_from_mask",
    "HIT_BIT",
    "STAND_BIT",
    "DOUBLE_BIT",
    "SPLIT_BIT",
    "SURRENDER_BIT",
]


class Action(Enum):
    """What a player may do with the hand to act."""

    HIT = "hit"
    STAND = "stand"
    DOUBLE = "double"
    SPLIT = "split"
    #: Late surrender (only where ``Rules.late_surrender``): half the stake back.
    SURRENDER = "surrender"

    #: Members are singletons: identity hashing keeps dict and set look-ups in C
    #: (Enum's own ``__hash__`` is Python code, called on every decision).
    __hash__ = object.__hash__


@dataclass(frozen=True)
class Rules:
    """A blackjack variant; the defaults are this house's rules (RULES.md section 3)."""

    decks: int = config.BLACKJACK_DECKS
    #: Cut card after this percentage of the shoe has been dealt.
    penetration_percent: int = 75
    dealer_hits_soft_17: bool = False
    #: False: European no-hole-card game; a dealer blackjack takes doubled and split stakes.
    #: True (the American variant, for analysis and tests): after the deal a dealer with
    #: a natural says so at once, no one acts, and only the original stakes are lost.
    dealer_peeks: bool = False
    double_after_split: bool = True
    max_hands: int = 4
    resplit_aces: bool = False
    #: Late surrender: on the first two cards of an unsplit hand, give up half the
    #: stake. A dealer natural still takes the whole stake (with peek it never gets
    #: that far). Off in this house (RULES.md section 3: no surrender).
    late_surrender: bool = False
    #: Blackjack pays num:den.
    blackjack_pays: tuple[int, int] = (3, 2)
    min_bet: int = config.DEFAULT_TABLE_MIN  # hundredths
    max_bet: int = config.DEFAULT_TABLE_MAX

    def __post_init__(self) -> None:
        """Refuse a variant the engine cannot deal, with the field named."""
        for name in ("decks", "penetration_percent", "max_hands", "min_bet", "max_bet"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"Rules.{name} must be an int, not {value!r}")
        if self.decks < 1:
            raise ValueError(f"Rules.decks must be at least 1, not {self.decks}")
        if not 1 <= self.penetration_percent <= 100:
            raise ValueError(f"Rules.penetration_percent must be 1-100, not {self.penetration_percent}")
        if self.max_hands < 1:
            raise ValueError(f"Rules.max_hands must be at least 1, not {self.max_hands}")
        pays = self.blackjack_pays
        if (
            not isinstance(pays, tuple)
            or len(pays) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) and x > 0 for x in pays)
        ):
            raise ValueError(f"Rules.blackjack_pays must be two positive ints (num, den), not {pays!r}")

    def to_dict(self) -> dict[str, object]:
        """The variant as plain data (for a saved round)."""
        data: dict[str, object] = {f.name: getattr(self, f.name) for f in fields(self)}
        data["blackjack_pays"] = list(self.blackjack_pays)
        return data

    @classmethod
    def from_dict(cls, data: object) -> Rules:
        """The variant of :meth:`to_dict`; ``ValueError`` when the data is not one."""
        if not isinstance(data, dict):
            raise ValueError("rules are a mapping")
        known = {f.name for f in fields(cls)}
        values = {k: v for k, v in data.items() if k in known}
        if isinstance(values.get("blackjack_pays"), list):
            values["blackjack_pays"] = tuple(values["blackjack_pays"])
        for name in ("dealer_hits_soft_17", "dealer_peeks", "double_after_split", "resplit_aces",
                     "late_surrender"):
            if name in values and not isinstance(values[name], bool):
                raise ValueError(f"Rules.{name} must be true or false")
        return cls(**values)

    @property
    def cut_from_end(self) -> int:
        """Cards behind the cut card in a full shoe (78 for 6 decks at 75 %)."""
        return self.decks * 52 * (100 - self.penetration_percent) // 100


#: Blackjack value by rank (index 0 unused).
_VALUE = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)


def card_value(card: Card) -> int:
    """Blackjack value with the ace as 1: 2-10 face, J/Q/K 10, A 1."""
    return _VALUE[card.rank]


def hand_total(cards: Sequence[Card]) -> tuple[int, bool]:
    """(best total, soft?) — soft when an ace counts 11."""
    total = 0
    has_ace = False
    for c in cards:
        v = _VALUE[c.rank]
        total += v
        if v == 1:
            has_ace = True
    if has_ace and total <= 11:
        return total + 10, True
    return total, False


def is_natural(cards: Sequence[Card]) -> bool:
    """Two cards worth 21 (whether it *counts* as a natural depends on splitting)."""
    return len(cards) == 2 and hand_total(cards)[0] == 21


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


# -- the round --------------------------------------------------------------------

#: Bits of a legal-action mask (see :meth:`Round.spot_key`).
HIT_BIT, STAND_BIT, DOUBLE_BIT, SPLIT_BIT, SURRENDER_BIT = 1, 2, 4, 8, 16
_ACTION_BIT: dict[Action, int] = {
    Action.HIT: HIT_BIT,
    Action.STAND: STAND_BIT,
    Action.DOUBLE: DOUBLE_BIT,
    Action.SPLIT: SPLIT_BIT,
    Action.SURRENDER: SURRENDER_BIT,
}
#: The legal set of every mask, built once.
_LEGAL_SETS: tuple[frozenset[Action], ...] = tuple(
    frozenset(a for a, bit in _ACTION_BIT.items() if mask & bit) for mask in range(32)
)


def legal_from_mask(mask: int) -> frozenset[Action]:
    """The actions of a legal-action mask."""
    return _LEGAL_SETS[mask]


@dataclass(frozen=True)
class Spot:
    """A decision as a basic-strategy player sees it, decoded from :meth:`Round.spot_key`."""

    total: int
    soft: bool
    #: The card value (ace = 1) of a two-card pair, else 0.
    pair: int
    #: The hand holds exactly two cards.
    two_cards: bool
    #: The dealer's up card value (ace = 1).
    up: int
    legal: frozenset[Action]


def decode_spot(key: int) -> Spot:
    """The :class:`Spot` of a :meth:`Round.spot_key`."""
    key, mask = divmod(key, 32)
    key, up = divmod(key, 11)
    key, two = divmod(key, 2)
    key, soft = divmod(key, 2)
    pair, total = divmod(key, 32)
    return Spot(total, bool(soft), pair, bool(two), up, _LEGAL_SETS[mask])


class _Box:
    """A hand while the round deals it: mutable, its total kept as cards arrive.

    The public, frozen :class:`Hand` is made from it only when someone looks
    (and kept until the box changes), so dealing costs no dataclass copies.
    """

    __slots__ = ("cards", "hard", "ace", "total", "soft", "stake", "doubled", "from_split",
                 "split_aces", "closed", "_hand")

    def __init__(self, cards: list[Card], stake: int, from_split: bool = False,
                 split_aces: bool = False) -> None:
        self.cards = cards
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
            self._count(card)

    def _count(self, card: Card) -> None:
        v = _VALUE[card.rank]
        hard = self.hard + v
        self.hard = hard
        if v == 1:
            self.ace = True
        if self.ace and hard <= 11:
            self.total, self.soft = hard + 10, True
        else:
            self.total, self.soft = hard, False

    def add(self, card: Card) -> None:
        self.cards.append(card)
        self._count(card)
        self._hand = None

    @property
    def natural(self) -> bool:
        return self.total == 21 and len(self.cards) == 2 and not self.from_split

    def hand(self) -> Hand:
        hand = self._hand
        if hand is None:
            hand = Hand(tuple(self.cards), self.stake, self.doubled, self.from_split,
                        self.split_aces, self.closed)
            self._hand = hand
        return hand


#: Raw events as tuples (kind, seat, hand, card, face_up, amount, note); Event
#: objects are made only when :attr:`Round.events` is read.
_RawEvent = tuple[EventKind, int | None, int | None, Card | None, bool, int, str]
_DEAL, _ACTION, _SPLIT, _DOUBLE, _CLOSED, _REVEAL, _DEALER_DONE, _PAYOUT = (
    EventKind.DEAL, EventKind.ACTION, EventKind.SPLIT, EventKind.DOUBLE, EventKind.CLOSED,
    EventKind.REVEAL, EventKind.DEALER_DONE, EventKind.PAYOUT,
)
_HIT, _STAND, _DOUBLE_A, _SPLIT_A, _SURRENDER = (
    Action.HIT, Action.STAND, Action.DOUBLE, Action.SPLIT, Action.SURRENDER,
)


class Round:
    """One round at the table, from the deal to the settlement.

    ``bets`` has one entry per seat (seat 0 first); ``bankrolls`` (chips left beside
    each seat's stake) limit doubles and splits, ``None`` = unlimited. ``seen`` is the
    cards already seen since the last shuffle before this round (the table passes it).

    The same engine serves the screen and the simulator: hands keep their totals as
    cards arrive, events are stored as tuples until read, and a computer player may
    decide from :meth:`spot_key` (plain integers) instead of a full :meth:`view`.
    """

    def __init__(
        self,
        rules: Rules,
        shoe: Shoe,
        bets: Sequence[int],
        bankrolls: Sequence[int] | None = None,
        *,
        seen: Sequence[Card] = (),
        keep_states: bool = False,
    ) -> None:
        if not bets:
            raise ValueError("a round needs at least one seat")
        for bet in bets:
            if type(bet) is not int or bet <= 0:
                raise ValueError(f"a bet is a positive int of hundredths, not {bet!r}")
        if bankrolls is not None:
            if len(bankrolls) != len(bets):
                raise ValueError("one bankroll per seat")
            for b in bankrolls:
                if not isinstance(b, int) or b < 0:
                    raise ValueError(f"a bankroll is a non-negative int, not {b!r}")
        self.rules = rules
        self._shoe = shoe
        self._draw = shoe.draw
        self._seen_before: tuple[Card, ...] = seen if type(seen) is tuple else tuple(seen)
        self._bankrolls: list[int] | None = None if bankrolls is None else list(bankrolls)
        self._boxes: list[list[_Box]] = [[_Box([], bet)] for bet in bets]
        self._dealer: list[Card] = []
        self._dealer_box = _Box([], 0)
        self._revealed = False
        self._turn: tuple[int, int] | None = None
        self._results: list[list[HandResult]] | None = None
        self._nets: list[int] = []
        self._raw: list[_RawEvent] = []
        self._event_objs: list[Event] = []
        #: With ``keep_states``: the picture after each event, for a screen's replay.
        self._keep_states = keep_states
        self._states: list[RoundState] = []
        self._paid: list[list[HandResult | None]] = [[None] for _ in bets]
        #: (seat, hand, action) for every action taken, in order: with the starting
        #: state, all that is needed to deal this round again.
        self._actions: list[tuple[int, int, Action]] = []
        self._refills = False  # a shoe too short for the deal raises ShoeEmpty (the table reshuffles)
        self._deal()
        self._refills = True

    # -- public state -------------------------------------------------------------

    @property
    def seats(self) -> int:
        return len(self._boxes)

    @property
    def turn(self) -> tuple[int, int] | None:
        """(seat, hand index) to act, None when the players are done."""
        return self._turn

    @property
    def events(self) -> tuple[Event, ...]:
        """Every step so far, in order (the screen keeps its own read position)."""
        objs = self._event_objs
        raw = self._raw
        for i in range(len(objs), len(raw)):
            objs.append(Event(*raw[i]))
        return tuple(objs)

    def _emit(self, kind: EventKind, seat: int | None = None, hand: int | None = None,
              card: Card | None = None, face_up: bool = True, amount: int = 0, note: str = "") -> None:
        self._raw.append((kind, seat, hand, card, face_up, amount, note))
        if self._keep_states:
            self._states.append(self.state())

    def state(self) -> RoundState:
        """The picture now: what everyone at the table sees."""
        dealer: tuple[Card | None, ...] = tuple(self._dealer)
        if not self._revealed and len(dealer) > 1:
            dealer = (dealer[0], None) + dealer[2:]
        return RoundState(
            seats=self.all_hands,
            dealer=dealer,
            revealed=self._revealed,
            turn=self._turn,
            results=tuple(tuple(row) for row in self._paid),
            finished=self._results is not None,
            applied=len(self._raw),
        )

    @property
    def states(self) -> tuple[RoundState, ...]:
        """With ``keep_states``: the picture after each of :attr:`events`."""
        return tuple(self._states)

    @property
    def actions(self) -> tuple[tuple[int, int, str], ...]:
        """Every action taken so far as ``(seat, hand, action value)``, in order."""
        return tuple((seat, hand, action.value) for seat, hand, action in self._actions)

    def hands(self, seat: int) -> tuple[Hand, ...]:
        return tuple(box.hand() for box in self._boxes[seat])

    @property
    def all_hands(self) -> tuple[tuple[Hand, ...], ...]:
        return tuple(tuple(box.hand() for box in boxes) for boxes in self._boxes)

    @property
    def revealed(self) -> bool:
        return self._revealed

    @property
    def dealer_up(self) -> Card:
        return self._dealer[0]

    @property
    def dealer_visible(self) -> tuple[Card, ...]:
        """The dealer's face-up cards (the up card only until the reveal)."""
        return tuple(self._dealer) if self._revealed else (self._dealer[0],)

    @property
    def dealer_cards(self) -> tuple[Card, ...]:
        """All the dealer's cards, the face-down one included — for the table, not seats."""
        return tuple(self._dealer)

    @property
    def finished(self) -> bool:
        return self._results is not None

    @property
    def results(self) -> list[list[HandResult]] | None:
        return None if self._results is None else [list(r) for r in self._results]

    def net(self, seat: int) -> int:
        """A settled seat's net result in hundredths (returns minus stakes)."""
        if self._results is None:
            raise IllegalAction("the round is not settled")
        return self._nets[seat]

    def hand_count(self, seat: int) -> int:
        """How many hands the seat plays (more than one after a split)."""
        return len(self._boxes[seat])

    def details(self, seat: int) -> dict[str, object]:
        """A settled round as the history keeps it, for ``seat``: the dealer's cards and
        that seat's hands with their stakes, returns and outcomes."""
        results = self.results
        if results is None:
            raise IllegalAction("the round is not settled")
        return {
            "dealer": [str(c) for c in self._dealer],
            "hands": [result.to_dict() for result in results[seat]],
            "seats": self.seats,
        }

    def bankroll(self, seat: int) -> int | None:
        """Chips left beside the seat's stakes, or None when unlimited."""
        return None if self._bankrolls is None else self._bankrolls[seat]

    def staked(self, seat: int) -> int:
        """Everything the seat has on the table now."""
        return sum(box.stake for box in self._boxes[seat])

    def face_up_cards(self) -> tuple[Card, ...]:
        """Every face-up card on the table: seats' cards in order, then the dealer's."""
        cards: list[Card] = []
        for boxes in self._boxes:
            for box in boxes:
                cards.extend(box.cards)
        if self._revealed:
            cards.extend(self._dealer)
        else:
            cards.append(self._dealer[0])
        return tuple(cards)

    def cards_dealt(self) -> tuple[Card, ...]:
        """Every card dealt this round, the face-down one included (for the discards)."""
        return self.face_up_cards() + (() if self._revealed else tuple(self._dealer[1:]))

    # -- legality -----------------------------------------------------------------

    def legal_actions(self) -> set[Action]:
        """The actions legal for the hand to act (empty when no one is to act)."""
        if self._turn is None:
            return set()
        seat, index = self._turn
        return set(_LEGAL_SETS[self._mask(seat, index)])

    def legal_mask(self) -> int:
        """The legal actions of the hand to act as bits (``HIT_BIT`` ...); 0 when none."""
        if self._turn is None:
            return 0
        seat, index = self._turn
        return self._mask(seat, index)

    def _mask(self, seat: int, index: int) -> int:
        boxes = self._boxes[seat]
        box = boxes[index]
        if box.closed:
            return 0
        rules = self.rules
        money = self._bankrolls[seat] if self._bankrolls is not None else None
        affordable = money is None or money >= box.stake
        cards = box.cards
        two = len(cards) == 2
        can_split = (
            two
            and _VALUE[cards[0].rank] == _VALUE[cards[1].rank]
            and affordable
            and len(boxes) < rules.max_hands
            and (not box.split_aces or rules.resplit_aces)
        )
        if box.split_aces:
            # Only reached when resplitting aces is allowed and a second ace came.
            return STAND_BIT | SPLIT_BIT if can_split else STAND_BIT
        mask = STAND_BIT
        if box.total < 21:
            mask |= HIT_BIT
        if two:
            if affordable and (not box.from_split or rules.double_after_split):
                mask |= DOUBLE_BIT
            if can_split:
                mask |= SPLIT_BIT
            if rules.late_surrender and not box.from_split and len(boxes) == 1:
                mask |= SURRENDER_BIT
        return mask

    def spot_key(self) -> int:
        """The decision to make as one plain integer: the hand's total, softness, pair
        value and card count, the dealer's up card and the legal actions — all a
        basic-strategy player uses (:func:`decode_spot` reads it back). Raises
        :class:`IllegalAction` when no one is to act."""
        turn = self._turn
        if turn is None:
            raise IllegalAction("no hand is to act")
        seat, index = turn
        box = self._boxes[seat][index]
        cards = box.cards
        two = len(cards) == 2
        pair = 0
        if two:
            v = _VALUE[cards[0].rank]
            if v == _VALUE[cards[1].rank]:
                pair = v
        key = (((pair * 32 + box.total) * 2 + box.soft) * 2 + two) * 11 + _VALUE[self._dealer[0].rank]
        return key * 32 + self._mask(seat, index)

    # -- dealing ------------------------------------------------------------------

    def _refill(self) -> Card:
        """The shoe ran out after the deal: a round never deals past the shoe's last
        card, so the rest of it is dealt from a fresh shoe of the cards not on the table
        (:meth:`Shoe.refill`; nothing seen before is left in it). Returns its first card."""
        if not self._refills:
            raise ShoeEmpty("the shoe is empty")
        self._shoe.refill(self.cards_dealt())
        self._seen_before = ()
        return self._draw()

    def _give(self, seat: int, index: int) -> Card:
        try:
            card = self._draw()
        except ShoeEmpty:
            card = self._refill()
        self._boxes[seat][index].add(card)
        self._raw.append((_DEAL, seat, index, card, True, 0, ""))
        if self._keep_states:
            self._states.append(self.state())
        return card

    def _close(self, seat: int, index: int, note: str) -> None:
        box = self._boxes[seat][index]
        box.closed = True
        box._hand = None
        self._emit(_CLOSED, seat, index, note=note)

    def _deal(self) -> None:
        """RULES.md: a card up to each seat, one up to the dealer, a second to each
        seat, then the dealer's second card face down."""
        seats = range(len(self._boxes))
        for seat in seats:
            self._give(seat, 0)
        up = self._draw()
        self._dealer.append(up)
        self._dealer_box.add(up)
        self._emit(_DEAL, None, None, up)
        for seat in seats:
            self._give(seat, 0)
        hole = self._draw()
        self._dealer.append(hole)
        self._dealer_box.add(hole)
        self._emit(_DEAL, None, None, None, face_up=False)
        for seat in seats:
            if self._boxes[seat][0].natural:
                self._close(seat, 0, "blackjack")
        if self.rules.dealer_peeks and self._dealer_box.total == 21:
            # Peek variant: the dealer's natural ends the round before anyone acts, so
            # only the original stakes are at risk. (No peek, the house rule: players
            # act without knowing, and the natural later takes every stake.)
            for seat in seats:
                if not self._boxes[seat][0].closed:
                    self._close(seat, 0, "dealer blackjack")
            self._turn = None
            return
        self._advance(0, 0)

    def _advance(self, seat: int, index: int) -> None:
        """Move the turn to the first open hand at or after (seat, index), dealing the
        second card to a split hand as play reaches it (casino order)."""
        all_boxes = self._boxes
        while seat < len(all_boxes):
            boxes = all_boxes[seat]
            while index < len(boxes):
                box = boxes[index]
                if not box.closed and len(box.cards) == 1:
                    self._give(seat, index)
                    if box.split_aces and self._mask(seat, index) & ~STAND_BIT == 0:
                        self._close(seat, index, "split aces")
                    elif box.total == 21:
                        self._close(seat, index, "21")
                if not box.closed:
                    self._turn = (seat, index)
                    return
                index += 1
            seat += 1
            index = 0
        self._turn = None

    # -- acting -------------------------------------------------------------------

    def act(self, action: Action) -> None:
        """Apply ``action`` to the hand to act; :class:`IllegalAction` if not legal."""
        if self._turn is None:
            if not isinstance(action, Action):
                raise IllegalAction(f"not an action: {action!r}")
            raise IllegalAction("no hand is to act")
        seat, index = self._turn
        bit = _ACTION_BIT.get(action) if isinstance(action, Action) else None
        if bit is None:
            raise IllegalAction(f"not an action: {action!r}")
        if not self._mask(seat, index) & bit:
            hand = self._boxes[seat][index].hand()
            raise IllegalAction(
                f"{action.value} is not legal for seat {seat} hand {index} ({hand.describe()})"
            )
        box = self._boxes[seat][index]
        self._actions.append((seat, index, action))
        self._emit(_ACTION, seat, index, note=action.value)
        if action is _HIT:
            self._give(seat, index)
            total = box.total
            if total > 21:
                self._close(seat, index, "bust")
            elif total == 21:
                self._close(seat, index, "21")
            else:
                return  # the same hand is still to act
        elif action is _STAND:
            self._close(seat, index, "stand")
        elif action is _DOUBLE_A:
            stake = box.stake
            self._pay_in(seat, stake)
            box.stake = stake * 2
            box.doubled = True
            box._hand = None
            self._emit(_DOUBLE, seat, index, amount=stake)
            self._give(seat, index)
            self._close(seat, index, "bust" if box.total > 21 else "double")
        elif action is _SPLIT_A:
            stake = box.stake
            self._pay_in(seat, stake)
            first, second = box.cards
            aces = first.rank == 1
            self._boxes[seat][index : index + 1] = [
                _Box([first], stake, from_split=True, split_aces=aces),
                _Box([second], stake, from_split=True, split_aces=aces),
            ]
            self._paid[seat][index : index + 1] = [None, None]
            self._emit(_SPLIT, seat, index, amount=stake)
        else:  # surrender
            self._close(seat, index, "surrender")
        self._advance(seat, index)

    def _pay_in(self, seat: int, amount: int) -> None:
        if self._bankrolls is not None:
            self._bankrolls[seat] -= amount

    # -- dealer and settlement ----------------------------------------------------

    def finish(self) -> list[list[HandResult]]:
        """Reveal, play the dealer (stands on all 17s unless the rules say H17) and
        settle every hand. Idempotent once done."""
        if self._results is not None:
            return self.results  # type: ignore[return-value]
        if self._turn is not None:
            raise IllegalAction(f"seat {self._turn[0]} is still to act")
        self._revealed = True
        self._emit(_REVEAL, None, None, self._dealer[1])
        surrendered = self._surrendered()
        dealer = self._dealer_box
        natural = dealer.total == 21 and len(dealer.cards) == 2
        if not natural and not all(
            box.total > 21 or id(box) in surrendered for boxes in self._boxes for box in boxes
        ):
            hits_soft_17 = self.rules.dealer_hits_soft_17
            while dealer.total < 17 or (dealer.total == 17 and dealer.soft and hits_soft_17):
                try:
                    card = self._draw()
                except ShoeEmpty:
                    card = self._refill()
                self._dealer.append(card)
                dealer.add(card)
                self._emit(_DEAL, None, None, card)
        dealer_total = dealer.total
        self._emit(
            _DEALER_DONE,
            amount=dealer_total,
            note="blackjack" if natural else ("bust" if dealer_total > 21 else "stand"),
        )
        results: list[list[HandResult]] = []
        nets: list[int] = []
        for seat, boxes in enumerate(self._boxes):
            seat_results = []
            net = 0
            for index, box in enumerate(boxes):
                result = self._settle(box, dealer_total, natural, id(box) in surrendered)
                seat_results.append(result)
                net += result.returned - result.stake
                self._paid[seat][index] = result
                if self._bankrolls is not None:
                    self._bankrolls[seat] += result.returned
                self._emit(_PAYOUT, seat, index, amount=result.returned, note=result.outcome.value)
            results.append(seat_results)
            nets.append(net)
        self._results = results
        self._nets = nets
        if self._states:
            self._states[-1] = self.state()  # the last picture is the settled table
        return self.results  # type: ignore[return-value]

    def _surrendered(self) -> set[int]:
        """Ids of the boxes given up (the last action on them was a surrender)."""
        if not self.rules.late_surrender:
            return set()
        return {id(self._boxes[seat][index]) for seat, index, action in self._actions
                if action is _SURRENDER}

    def _settle(self, box: _Box, dealer_total: int, dealer_bj: bool, surrendered: bool) -> HandResult:
        stake = box.stake
        total = box.total
        if total > 21:
            outcome, returned = HandOutcome.BUST, 0
        elif box.natural:
            if dealer_bj:
                outcome, returned = HandOutcome.PUSH, stake
            else:
                num, den = self.rules.blackjack_pays
                # Exact for every stake in whole chips or even hundredths; an odd number
                # of hundredths (never offered by the table) rounds the half down.
                outcome, returned = HandOutcome.BLACKJACK, stake + stake * num // den
        elif dealer_bj:
            # No peek: the dealer's natural takes doubled and split stakes in full
            # (a surrendered hand too: late surrender only saves half against a hand
            # that is not a natural). Peek: no one acted, so the original stake only.
            outcome, returned = HandOutcome.LOSE, 0
        elif surrendered:
            outcome, returned = HandOutcome.SURRENDER, stake // 2
        elif dealer_total > 21 or total > dealer_total:
            outcome, returned = HandOutcome.WIN, 2 * stake
        elif total == dealer_total:
            outcome, returned = HandOutcome.PUSH, stake
        else:
            outcome, returned = HandOutcome.LOSE, 0
        return HandResult(tuple(box.cards), stake, returned, outcome, box.doubled, box.from_split)

    # -- views --------------------------------------------------------------------

    def view(self, seat: int) -> SeatView:
        """Everything ``seat`` may know: no face-down card, no shoe order."""
        if not 0 <= seat < self.seats:
            raise IndexError(f"no seat {seat}")
        table = self.face_up_cards()
        to_act = self._turn is not None and self._turn[0] == seat
        return SeatView(
            seat=seat,
            rules=self.rules,
            hands=self.hands(seat),
            hand_index=self._turn[1] if to_act else None,  # type: ignore[index]
            dealer_up=self._dealer[0],
            dealer_cards=self.dealer_visible,
            seats=self.all_hands,
            table_cards=table,
            seen_since_shuffle=self._seen_before + table,
            legal=_LEGAL_SETS[self.legal_mask()] if to_act else frozenset(),
            bankroll=self.bankroll(seat),
            turn=self._turn,
        )
