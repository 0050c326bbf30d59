"""The shared baccarat table as a client sees it: the server's ``baccarat`` snapshot
read back into the core's own types.

The join client draws the local table's widgets, and those draw a core
:class:`~cardtable.core.baccarat_table.BaccaratState`. :class:`SharedBaccarat` is the
snapshot checked field by field (a malformed one is refused whole: ``SnapshotError``);
its last coup is dealt again by the core's tableau from the cards the server names, so
a coup the rules would not deal is refused too. :meth:`SharedBaccarat.picture` is the
table as the local widgets draw it. :class:`ShoeCount` follows the cards this client
has seen dealt since the shoe was shuffled — every baccarat card is dealt face up — so
the exact odds can be counted as at the local table, when nothing was missed.

No rule is decided here: the server decides everything; this only reads its answer
(and :meth:`SharedBaccarat.refusal` says beforehand what the server would refuse).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from ..core.baccarat import CUT_FROM_END, Coup, Outcome, play_coup
from ..core.baccarat_table import BaccaratState, layout_refusal
from ..core.cards import Card, Shoe, ShoeEmpty
from ..core.refusal import Refusal
from ..tables.codes import ErrorCode, NoteCode
from .view import SnapshotError, note_of, seconds_field

__all__ = ["Settled", "SharedBaccarat", "SharedBaccaratSeat", "ShoeCount", "SnapshotError", "SPOTS", "spot_bets"]

#: The protocol's spot names (``bet.spot``, a seat's ``bets``) and the core's outcomes.
SPOTS: Mapping[str, Outcome] = MappingProxyType(
    {"player": Outcome.PLAYER, "banker": Outcome.BANKER, "tie": Outcome.TIE}
)
#: A coup's outcome as the snapshot spells it.
_OUTCOME_WORDS = {"player": Outcome.PLAYER, "banker": Outcome.BANKER, "tie": Outcome.TIE}
_PHASES = ("betting", "closing")


def _int(data: Mapping[str, Any], key: str, *, low: int | None = 0) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise SnapshotError(f"{key} is not a whole number")
    if low is not None and value < low:
        raise SnapshotError(f"{key} is {value}, below {low}")
    return value


def _object(data: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    value = data.get(key)
    if not isinstance(value, dict):
        raise SnapshotError(f"{key} is not an object")
    return value


def _text(data: Mapping[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise SnapshotError(f"{key} is not text")
    return value


def _flag(data: Mapping[str, Any], key: str) -> bool:
    value = data.get(key)
    if not isinstance(value, bool):
        raise SnapshotError(f"{key} is not true or false")
    return value


def _cards(data: Mapping[str, Any], key: str) -> tuple[Card, ...]:
    raw = data.get(key)
    if not isinstance(raw, list) or not 2 <= len(raw) <= 3:
        raise SnapshotError(f"{key} is not a hand of two or three cards")
    cards = []
    for text in raw:
        if not isinstance(text, str):
            raise SnapshotError(f"a card of {key} is not text")
        try:
            cards.append(Card.parse(text))
        except ValueError as error:
            raise SnapshotError(f"bad card {text!r}") from error
    return tuple(cards)


def spot_bets(raw: object, *, what: str = "bets") -> Mapping[Outcome, int]:
    """A ``{"player": 500, …}`` object as the core's read-only ``{Outcome: stake}``
    (empty spots left out), or ``SnapshotError``."""
    if not isinstance(raw, dict):
        raise SnapshotError(f"{what} is not an object")
    bets: dict[Outcome, int] = {}
    for spot, amount in raw.items():
        outcome = SPOTS.get(spot)
        if outcome is None:
            raise SnapshotError(f"{what} names no spot {spot!r}")
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
            raise SnapshotError(f"{what} on {spot} is not an amount")
        if amount:
            bets[outcome] = amount
    return MappingProxyType(bets)


def _coup(data: Mapping[str, Any]) -> Coup:
    """The last coup, dealt again by the core's tableau from the cards named (Player,
    Banker, Player, Banker, then the third cards): the totals and outcome must agree."""
    player, banker = _cards(data, "player"), _cards(data, "banker")
    order = [player[0], banker[0], player[1], banker[1], *player[2:], *banker[2:]]
    try:
        coup = play_coup(Shoe.stacked(order))
    except ShoeEmpty:
        raise SnapshotError("the last coup is short of a card the tableau draws") from None
    if (coup.player, coup.banker) != (player, banker):
        raise SnapshotError("the last coup is not one the tableau deals")
    outcome = _OUTCOME_WORDS.get(_text(data, "outcome"))
    if (_int(data, "player_total"), _int(data, "banker_total"), outcome) != (
        coup.player_total,
        coup.banker_total,
        coup.outcome,
    ):
        raise SnapshotError("the last coup's totals or outcome do not match its cards")
    return coup


@dataclass(frozen=True)
class SharedBaccaratSeat:
    """One seat of the shared baccarat table, as everyone sees it."""

    seat: int
    kind: str  # "human" or "empty"
    name: str = ""
    connected: bool = True
    #: Said ``deal``: ready for the coup with these bets.
    ready: bool = False
    #: Said ``deal`` without a bet: sits the next coup out.
    passed: bool = False
    #: The bets for the next coup (empty spots left out).
    bets: Mapping[Outcome, int] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def empty(self) -> bool:
        return self.kind == "empty"

    @property
    def staked(self) -> int:
        return sum(self.bets.values())

    @classmethod
    def read(cls, data: object) -> SharedBaccaratSeat:
        if not isinstance(data, dict):
            raise SnapshotError("a seat is not an object")
        seat, kind = _int(data, "seat"), data.get("kind")
        if kind == "empty":
            return cls(seat, "empty")
        if kind != "human":
            raise SnapshotError(f"seat kind {kind!r}")
        name = _text(data, "name")
        if not name:
            raise SnapshotError("a seated player without a name")
        return cls(
            seat=seat,
            kind="human",
            name=name,
            connected=_flag(data, "connected"),
            ready=_flag(data, "ready"),
            passed=data.get("passed") is True,
            bets=spot_bets(data.get("bets"), what=f"{name}'s bets"),
        )


@dataclass(frozen=True)
class SharedBaccarat:
    """The server's ``baccarat`` snapshot, checked and typed."""

    table: int
    phase: str  # "betting" or "closing"
    round: int
    #: The table's limits per spot, its shoe's decks and its betting window (seconds;
    #: 0: no window, the coup waits for everyone with a bet).
    min_bet: int
    max_bet: int
    decks: int
    bet_seconds: float
    seats: tuple[SharedBaccaratSeat, ...]
    #: The last coup dealt (its cards stay on the table), or None before the first.
    last: Coup | None
    #: This shoe's outcomes, oldest first (the roads).
    roads: tuple[Outcome, ...]
    shoe_left: int
    shoe_size: int
    #: What the table says (a code and its parameters: the client words it).
    note: Refusal
    #: Seconds left in the betting window (the coup is dealt when it closes), or None.
    window: float | None = None
    #: The receiver's own part: their seat and bankroll (None: not seated).
    you_seat: int | None = None
    bankroll: int | None = None

    @classmethod
    def read(cls, data: object) -> SharedBaccarat:
        """The snapshot ``data`` (a decoded ``baccarat`` message), or ``SnapshotError``."""
        if not isinstance(data, dict):
            raise SnapshotError("a snapshot is not an object")
        try:
            return cls._read(data)
        except SnapshotError:
            raise
        except (TypeError, ValueError, KeyError, AttributeError) as error:
            raise SnapshotError(f"a baccarat snapshot that does not read: {error}") from error

    @classmethod
    def _read(cls, data: Mapping[str, Any]) -> SharedBaccarat:
        if data.get("type", "baccarat") != "baccarat" or data.get("game", "baccarat") != "baccarat":
            raise SnapshotError("not a baccarat snapshot")
        phase = _text(data, "phase")
        if phase not in _PHASES:
            raise SnapshotError(f"phase {phase!r}")
        rules = _object(data, "rules")
        min_bet, max_bet = _int(rules, "min_bet", low=1), _int(rules, "max_bet", low=1)
        if max_bet < min_bet:
            raise SnapshotError("max_bet is below min_bet")
        seconds = rules.get("bet_seconds")
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 <= seconds < 1e6:
            raise SnapshotError("bet_seconds is not a number of seconds")
        raw_seats = data.get("seats")
        if not isinstance(raw_seats, list) or not raw_seats:
            raise SnapshotError("seats is not a list of seats")
        seats = tuple(SharedBaccaratSeat.read(s) for s in raw_seats)
        if len({s.seat for s in seats}) != len(seats):
            raise SnapshotError("a seat number comes twice")
        raw_last = data.get("last")
        last = None if raw_last is None else _coup(_object(data, "last"))
        roads_text = _text(data, "roads")
        try:
            roads = tuple(Outcome(letter) for letter in roads_text)
        except ValueError:
            raise SnapshotError(f"roads {roads_text!r} are not P, B and T") from None
        shoe = _object(data, "shoe")
        left, size = _int(shoe, "left"), _int(shoe, "size")
        if left > size:
            raise SnapshotError("more cards left than the shoe holds")
        you_seat = bankroll = None
        if data.get("you") is not None:
            you = _object(data, "you")
            you_seat, bankroll = _int(you, "seat"), _int(you, "bankroll")
            if not any(s.seat == you_seat and not s.empty for s in seats):
                raise SnapshotError("your seat is not among the seated")
        return cls(
            table=_int(data, "table"),
            phase=phase,
            round=_int(data, "round"),
            min_bet=min_bet,
            max_bet=max_bet,
            decks=_int(rules, "decks", low=1),
            bet_seconds=float(seconds),
            seats=seats,
            last=last,
            roads=roads,
            shoe_left=left,
            shoe_size=size,
            note=note_of(data),
            window=seconds_field(data.get("window")),
            you_seat=you_seat,
            bankroll=bankroll,
        )

    # -- who is here -----------------------------------------------------------------

    @property
    def mine(self) -> SharedBaccaratSeat | None:
        return next((s for s in self.seats if s.seat == self.you_seat and not s.empty), None)

    @property
    def others(self) -> tuple[SharedBaccaratSeat, ...]:
        """The other people seated, in seat order."""
        return tuple(s for s in self.seats if not s.empty and s.seat != self.you_seat)

    @property
    def my_bets(self) -> Mapping[Outcome, int]:
        mine = self.mine
        return mine.bets if mine is not None else MappingProxyType({})

    @property
    def betting(self) -> bool:
        """Bets may be placed (the server is not closing and the receiver is seated)."""
        return self.phase == "betting" and self.mine is not None

    @property
    def any_bets(self) -> bool:
        return any(s.bets for s in self.seats)

    @property
    def waiting_for(self) -> tuple[str, ...]:
        """The connected players who have neither said ready with a bet nor passed: the
        coup waits for them (or for the betting window)."""
        return tuple(
            s.name for s in self.seats
            if not s.empty and s.connected and not s.passed and not (s.ready and s.bets)
        )

    @property
    def standard_shoe(self) -> bool:
        """The shoe is one of the rules' decks (a test's stacked shoe is not)."""
        return self.shoe_size == 52 * self.decks

    @property
    def cut_from_end(self) -> int | None:
        """Where the cut card lies (docs/rules.md section 2: 16 cards from the end of a
        standard shoe); None for a shoe that is not the rules' own."""
        return CUT_FROM_END if self.standard_shoe else None

    @property
    def cut_out(self) -> bool:
        """The cut card is out: the next coup comes from a new shoe."""
        cut = self.cut_from_end
        return cut is not None and self.shoe_left <= cut

    # -- what the server would refuse ---------------------------------------------

    def refusal(self, bets: Mapping[Outcome, int]) -> Refusal | None:
        """Why the server would refuse ``bets`` (the receiver's whole layout after a
        change), by the server's own rule; None when it would take them."""
        if self.phase != "betting":
            return Refusal(NoteCode.CLOSES_NO_COUPS)
        if self.mine is None or self.bankroll is None:
            return Refusal(ErrorCode.NOT_SEATED)
        return layout_refusal(bets, self.bankroll, self.min_bet, self.max_bet)  # the server's own rule

    # -- the picture the local widgets draw ------------------------------------------

    def picture(
        self,
        last_bets: Mapping[Outcome, int] | None = None,
        *,
        result_shown: bool = False,
        repeat_on_deal: bool = False,
    ) -> BaccaratState:
        """The table between coups: the receiver's bets for the next coup on the spots,
        the last coup's cards on the table (its spots marked with ``last_bets`` while
        ``result_shown``), the roads and the shoe."""
        return BaccaratState(
            bets=self.my_bets,
            last_coup=self.last,
            last_bets=MappingProxyType(dict(last_bets or {})),
            result_shown=result_shown and self.last is not None,
            history=self.roads,
            shoe_left=self.shoe_left,
            decks=self.decks if self.standard_shoe else 0,
            cut_from_end=self.cut_from_end,
            repeat_on_deal=repeat_on_deal and not self.my_bets,
        )

    def dealing(self, bets: Mapping[Outcome, int]) -> BaccaratState:
        """The last coup on the table as it is dealt out, with the receiver's ``bets``
        on it (the roads without it until it is settled)."""
        if self.last is None:
            raise ValueError("no coup to deal out")
        return BaccaratState(
            bets=MappingProxyType({o: s for o, s in bets.items() if s}),
            coup=self.last,
            history=self.roads[:-1],
            shoe_left=self.shoe_left,
            decks=self.decks if self.standard_shoe else 0,
            cut_from_end=self.cut_from_end,
            new_shoe=len(self.roads) == 1 and self.round > 1,
        )


@dataclass(frozen=True)
class ShoeCount:
    """The cards this client saw dealt from the table's shoe since it was shuffled.

    Every baccarat card is dealt face up, so a player who has watched since the shuffle
    knows what is left (never its order). Each snapshot is followed with
    :meth:`follow`; the count is usable only while it accounts for every card dealt
    (a player who sat down mid-shoe, or missed a coup, waits for the next shoe)."""

    cards: tuple[Card, ...] = ()

    def follow(self, before: SharedBaccarat | None, now: SharedBaccarat) -> ShoeCount:
        """The count after ``now`` (the snapshot that followed ``before``)."""
        if now.shoe_left == now.shoe_size:
            return ShoeCount()  # a shoe nothing was dealt from
        if before is None or now.round == before.round or now.last is None:
            return self
        dealt = now.last.player + now.last.banker
        if len(now.roads) == 1:  # the coup was the first of its shoe
            return ShoeCount(dealt)
        if now.round == before.round + 1:
            return ShoeCount(self.cards + dealt)
        return self  # coups were missed: the count falls short until the next shoe

    def exact(self, now: SharedBaccarat) -> bool:
        """Every card dealt from this shoe was seen."""
        return now.standard_shoe and len(self.cards) == now.shoe_size - now.shoe_left

    def next_coup(self, now: SharedBaccarat) -> tuple[dict[int, int] | None, str]:
        """The cards the next coup is dealt from, by rank (1-13), and where they come
        from; or None and why they cannot be known."""
        if not now.standard_shoe:
            return None, f"This table's shoe is not a shoe of {now.decks} decks: its cards cannot be counted."
        full = {rank: 4 * now.decks for rank in range(1, 14)}
        if now.cut_out:
            return full, f"a new shoe of {now.decks} decks"
        if not self.exact(now):
            missed = now.shoe_size - now.shoe_left - len(self.cards)
            # one banner line at 80 columns
            return None, f"You missed {missed} cards of this shoe: exact odds again from the next shoe."
        seen = Counter(card.rank for card in self.cards)
        return {rank: full[rank] - seen[rank] for rank in full}, f"{now.shoe_left} cards left"


_NO_BETS: Mapping[Outcome, int] = MappingProxyType({})


@dataclass(frozen=True)
class Settled:
    """A coup's settlement as the table announced it (``round_settled``)."""

    round: int
    #: Each bettor's net on the coup, by seat.
    nets: Mapping[int, int]
    #: The receiver's bets on it (empty: they sat it out) and their net (None: sat out).
    mine: Mapping[Outcome, int]
    my_net: int | None

    @classmethod
    def read(cls, message: Mapping[str, Any], seat: int | None) -> Settled | None:
        """The event ``message`` for the receiver at ``seat``; None if it does not read."""
        number, results = message.get("round"), message.get("results")
        if isinstance(number, bool) or not isinstance(number, int) or not isinstance(results, list):
            return None
        nets: dict[int, int] = {}
        mine: Mapping[Outcome, int] = _NO_BETS
        my_net = None
        try:
            for result in results:
                at, net = result["seat"], result["net"]
                if not isinstance(at, int) or isinstance(net, bool) or not isinstance(net, int):
                    return None
                nets[at] = net
                if at == seat:
                    mine, my_net = spot_bets(result.get("bets")), net
        except (TypeError, KeyError, SnapshotError):
            return None
        return cls(number, MappingProxyType(nets), mine, my_net)
