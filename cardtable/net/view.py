"""A shared blackjack table as a client sees it: the server's ``table`` snapshot read
back into the core's own types.

The join client draws the same widgets as the local table, and those widgets draw a
core :class:`~cardtable.core.blackjack.RoundState`. :class:`SharedTable` is the
snapshot checked field by field (a malformed one is refused whole: ``SnapshotError``)
and :meth:`SharedTable.picture` is the round as a ``RoundState``, the other seats first
and the receiver's seat last — the order the local table draws (the player sits last).
No rule is decided here: the server decided everything; this only reads its answer.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..core.blackjack import Action, Hand, HandOutcome, HandResult, RoundState, Rules, SeatView
from ..core.cards import Card
from ..core.refusal import Refusal
from .clean import said

__all__ = ["SnapshotError", "SharedSeat", "SharedTable", "SEATS", "note_of"]

#: Seats at a shared blackjack table (the service's ``tables.blackjack.SEATS``).
SEATS = 5


class SnapshotError(ValueError):
    """A snapshot that does not read (a server of another version, or a bug)."""


def _int(data: dict[str, Any], key: str, default: int | None = None) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise SnapshotError(f"{key} is not a whole number")
    return value


def seconds_field(value: object) -> float | None:
    """A snapshot's ``window``: seconds (a number), or None."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value < 10**6:
        raise SnapshotError("window is not a number of seconds")
    return float(value)


def note_of(data: Mapping[str, Any]) -> Refusal:
    """A snapshot's ``note`` (what the table says) as a code and parameters to word;
    a missing or malformed one is the generic note, never an error."""
    note = data.get("note")
    if not isinstance(note, dict):
        return said("", None)
    return said(note.get("code"), note.get("params"))


def _card(text: object) -> Card:
    if not isinstance(text, str):
        raise SnapshotError("a card is not text")
    try:
        return Card.parse(text)
    except ValueError as error:
        raise SnapshotError(f"bad card {text!r}") from error


@dataclass(frozen=True)
class SharedSeat:
    """One seat of the shared table, as everyone sees it."""

    seat: int
    kind: str  # "human", "computer" or "empty"
    name: str = ""
    level: str | None = None
    connected: bool = True
    #: The bet for the next round (a person's), or the computer's minimum.
    bet: int = 0
    #: A computer seat's own chips (a person's bankroll is theirs alone: None).
    stack: int | None = None
    hands: tuple[Hand, ...] = ()
    results: tuple[HandResult | None, ...] = ()

    @property
    def empty(self) -> bool:
        return self.kind == "empty"

    @classmethod
    def read(cls, data: object) -> SharedSeat:
        if not isinstance(data, dict):
            raise SnapshotError("a seat is not an object")
        seat, kind = _int(data, "seat"), data.get("kind")
        if kind == "empty":
            return cls(seat, "empty")
        if kind not in ("human", "computer"):
            raise SnapshotError(f"seat kind {kind!r}")
        raw_hands = data.get("hands") or []
        if not isinstance(raw_hands, list):
            raise SnapshotError("hands is not a list")
        split = len(raw_hands) > 1  # only a split makes a second hand
        hands: list[Hand] = []
        results: list[HandResult | None] = []
        for h in raw_hands:
            if not isinstance(h, dict) or not isinstance(h.get("cards"), list):
                raise SnapshotError("a hand is not an object with cards")
            cards = tuple(_card(c) for c in h["cards"])
            hand = Hand(cards, _int(h, "stake"), bool(h.get("doubled")), split, False, bool(h.get("closed")))
            hands.append(hand)
            result = h.get("result")
            if isinstance(result, dict):
                try:
                    outcome = HandOutcome(result.get("outcome"))
                except ValueError as error:
                    raise SnapshotError("bad outcome") from error
                results.append(HandResult(cards, hand.stake, _int(result, "returned"), outcome, hand.doubled, split))
            else:
                results.append(None)
        level = data.get("level")
        stack = data.get("stack")
        return cls(
            seat=seat,
            kind=str(kind),
            name=str(data.get("name") or ""),
            level=level if isinstance(level, str) else None,
            connected=bool(data.get("connected", True)),
            bet=_int(data, "bet", 0),
            stack=stack if isinstance(stack, int) and not isinstance(stack, bool) else None,
            hands=tuple(hands),
            results=tuple(results),
        )


@dataclass(frozen=True)
class SharedTable:
    """The server's ``table`` snapshot, checked and typed."""

    table: int
    phase: str  # "betting", "playing" or "closing"
    round: int
    host: str | None
    rules: Rules
    turn_timeout: float
    seats: tuple[SharedSeat, ...]
    dealer: tuple[Card | None, ...]
    revealed: bool
    #: (seat number, hand) to act, and the seconds it had left when the snapshot was sent.
    turn: tuple[int, int] | None
    turn_seconds: float
    shoe_left: int
    #: What the table says (a code and its parameters: the client words it).
    note: Refusal
    #: Seconds left in the betting window (the round is dealt when it closes), or None.
    bet_window: float | None = None
    #: The receiver's own part: seat, bankroll, legal actions, host or not.
    you_seat: int | None = None
    bankroll: int | None = None
    legal: frozenset[Action] = frozenset()
    is_host: bool = False
    #: The cards of the rounds completed since the last shuffle (public: all were face up).
    seen: tuple[Card, ...] = ()

    @classmethod
    def read(cls, data: dict[str, Any]) -> SharedTable:
        """The snapshot ``data`` (a decoded ``table`` message), or ``SnapshotError``."""
        try:
            return cls._read(data)
        except SnapshotError:
            raise
        except (TypeError, ValueError, KeyError, AttributeError) as error:
            raise SnapshotError(f"a table snapshot that does not read: {error}") from error

    @classmethod
    def _read(cls, data: dict[str, Any]) -> SharedTable:
        rules_data = data["rules"]
        pays = rules_data.get("blackjack_pays", [3, 2])
        rules = Rules(
            decks=_int(rules_data, "decks"),
            dealer_hits_soft_17=bool(rules_data.get("dealer_hits_soft_17")),
            dealer_peeks=bool(rules_data.get("dealer_peeks")),
            double_after_split=bool(rules_data.get("double_after_split", True)),
            max_hands=_int(rules_data, "max_hands"),
            blackjack_pays=(int(pays[0]), int(pays[1])),
            min_bet=_int(rules_data, "min_bet"),
            max_bet=_int(rules_data, "max_bet"),
        )
        seats = tuple(SharedSeat.read(s) for s in data["seats"])
        dealer_data = data.get("dealer") or {}
        dealer = tuple(None if c is None else _card(c) for c in dealer_data.get("cards", []))
        turn_data = data.get("turn")
        turn = None
        seconds = 0.0
        if isinstance(turn_data, dict):
            turn = (_int(turn_data, "seat"), _int(turn_data, "hand"))
            seconds = float(turn_data.get("seconds", 0.0))
        you = data.get("you")
        legal: frozenset[Action] = frozenset()
        you_seat = bankroll = None
        is_host = False
        if isinstance(you, dict):
            you_seat, bankroll = _int(you, "seat"), _int(you, "bankroll")
            legal = frozenset(Action(a) for a in you.get("legal", []))
            is_host = bool(you.get("host"))
        shoe = data.get("shoe") or {}
        return cls(
            table=_int(data, "table"),
            phase=str(data.get("phase", "betting")),
            round=_int(data, "round", 0),
            host=data.get("host") if isinstance(data.get("host"), str) else None,
            rules=rules,
            turn_timeout=float(rules_data.get("turn_seconds", 30.0)),
            seats=seats,
            dealer=dealer,
            revealed=bool(dealer_data.get("revealed")),
            turn=turn,
            turn_seconds=seconds,
            shoe_left=_int(shoe, "left", 0),
            note=note_of(data),
            bet_window=seconds_field(data.get("window")),
            you_seat=you_seat,
            bankroll=bankroll,
            legal=legal,
            is_host=is_host,
            seen=tuple(_card(c) for c in str(shoe.get("seen", "")).split()),
        )

    # -- the picture -------------------------------------------------------------------

    @property
    def others(self) -> tuple[SharedSeat, ...]:
        """Every seat but the receiver's, in seat order (the rows above their hands)."""
        return tuple(s for s in self.seats if s.seat != self.you_seat)

    @property
    def mine(self) -> SharedSeat | None:
        return next((s for s in self.seats if s.seat == self.you_seat), None)

    @property
    def order(self) -> tuple[int, ...]:
        """Seat numbers in the picture's order: the others, then the receiver."""
        return tuple(s.seat for s in self.others) + (() if self.you_seat is None else (self.you_seat,))

    @property
    def in_round(self) -> bool:
        return self.phase == "playing"

    @property
    def my_turn(self) -> bool:
        return self.turn is not None and self.turn[0] == self.you_seat and bool(self.legal)

    def picture(self) -> RoundState | None:
        """The round as the core's picture (others first, the receiver last), or None
        before the first deal."""
        if not self.dealer and not any(s.hands for s in self.seats):
            return None
        by_seat = {s.seat: s for s in self.seats}
        order = self.order
        seats = tuple(by_seat[n].hands if n in by_seat else () for n in order)
        results = tuple(by_seat[n].results if n in by_seat else () for n in order)
        turn = None
        if self.turn is not None and self.turn[0] in order:
            turn = (order.index(self.turn[0]), self.turn[1])
        finished = self.phase != "playing" and bool(self.dealer)
        return RoundState(seats, self.dealer, self.revealed, turn, results, finished, 0)

    def seat_view(self) -> SeatView | None:
        """The receiver's seat as the core's :class:`SeatView` on their turn (what the
        coach values: their hand, the up card, every card seen since the shuffle)."""
        mine = self.mine
        up = self.dealer[0] if self.dealer else None
        if not self.my_turn or mine is None or self.turn is None or up is None:
            return None
        dealer_up = tuple(c for c in self.dealer if c is not None)
        seats = tuple(s.hands for s in self.seats if s.hands)
        table_cards = tuple(c for hands in seats for h in hands for c in h.cards) + dealer_up
        return SeatView(
            seat=self.order.index(mine.seat), rules=self.rules, hands=mine.hands, hand_index=self.turn[1],
            dealer_up=up, dealer_cards=dealer_up, seats=seats, table_cards=table_cards,
            seen_since_shuffle=self.seen + table_cards, legal=self.legal, bankroll=self.bankroll,
            turn=(self.order.index(mine.seat), self.turn[1]),
        )

    def stake_of_mine(self) -> int:
        """What the receiver has on the table in the round under way."""
        mine = self.mine
        return sum(h.stake for h in mine.hands) if mine is not None and self.in_round else 0
