"""A blackjack table's round as the data its clients read: events, hands, dealer, rules.

Pure functions of the core's state: nothing here knows who is connected. What leaves
never holds the dealer's face-down card before the reveal, nor any card of the shoe:
a face-down deal event has no card and ``Round.state()`` hides the hole card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from ..core.blackjack import Event, EventKind, Round, RoundState, Rules
from ..core.blackjack_table import Table
from ..core.record import RecordError, RoundRecord
from ..core.replay import stacked_snapshot
from .blackjack_seats import SeatState

__all__ = [
    "event_message", "hands_message", "dealer_message", "rules_message", "trimmed_record", "table_snapshot",
    "you_message", "WireTable",
]


class WireTable(Protocol):
    """What a snapshot reads of a blackjack table service (the service itself, named by
    its shape so that this module does not import the one that imports it)."""

    @property
    def id(self) -> int: ...
    @property
    def game(self) -> str: ...
    @property
    def seats(self) -> list[SeatState | None]: ...
    @property
    def host(self) -> Any: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def core(self) -> Table: ...
    @property
    def turn_timeout(self) -> float | None: ...
    @property
    def round_no(self) -> int: ...
    @property
    def stopping(self) -> bool | str: ...
    @property
    def note(self) -> dict[str, Any]: ...
    @property
    def phase(self) -> str: ...
    @property
    def round(self) -> Round | None: ...
    @property
    def occupants(self) -> tuple[SeatState, ...]: ...
    @property
    def table_seats(self) -> tuple[int, ...]: ...
    @property
    def turn_seconds_left(self) -> float: ...
    @property
    def window_left(self) -> float | None: ...
    def seat_of(self, key: str) -> int | None: ...


def event_message(e: Event, table_seats: Sequence[int], computer: Sequence[bool], by: str) -> dict[str, Any] | None:
    """One core event as a message; ``table_seats`` maps round seats to table seats and
    ``by`` says who took a person's action (player, timeout, stop)."""
    seat = None if e.seat is None else table_seats[e.seat]
    kind = e.kind
    if kind is EventKind.DEAL:
        return {"type": "deal", "seat": seat, "hand": e.hand,
                "card": None if e.card is None or not e.face_up else str(e.card), "face_up": e.face_up}
    if kind is EventKind.ACTION:
        return {"type": "action", "seat": seat, "hand": e.hand, "action": e.note,
                "by": "computer" if computer[e.seat or 0] else by}
    if kind is EventKind.SPLIT:
        return {"type": "split", "seat": seat, "hand": e.hand}
    if kind is EventKind.DOUBLE:
        return {"type": "double", "seat": seat, "hand": e.hand, "amount": e.amount}
    if kind is EventKind.CLOSED:
        return {"type": "closed", "seat": seat, "hand": e.hand, "why": e.note}
    if kind is EventKind.REVEAL:
        assert e.card is not None
        return {"type": "reveal", "card": str(e.card)}
    if kind is EventKind.DEALER_DONE:
        return {"type": "dealer_done", "total": e.amount, "note": e.note}
    if kind is EventKind.PAYOUT:
        return {"type": "payout", "seat": seat, "hand": e.hand, "returned": e.amount, "outcome": e.note}
    return None


def hands_message(state: RoundState, ri: int) -> list[dict[str, Any]]:
    """Round seat ``ri``'s hands as the snapshot lists them."""
    hands = []
    for hi, h in enumerate(state.seats[ri]):
        result = state.result(ri, hi)
        hands.append({
            "cards": [str(c) for c in h.cards], "total": h.total, "soft": h.soft,
            "stake": h.stake, "doubled": h.doubled, "closed": h.closed,
            "result": None if result is None else {"outcome": result.outcome.value, "returned": result.returned},
        })
    return hands


def dealer_message(state: RoundState | None) -> dict[str, Any]:
    """The dealer's row: the hole card is ``None`` and the total 0 until it is turned."""
    if state is None:
        return {"cards": [], "total": 0, "soft": False, "revealed": False}
    visible = state.dealer_visible
    total, soft = state.dealer_total
    return {"cards": [None if c is None else str(c) for c in state.dealer],
            "total": total if visible else 0, "soft": soft, "revealed": state.revealed}


def rules_message(rules: Rules, turn_seconds: float | None) -> dict[str, Any]:
    """The table's rules as a client shows them."""
    return {"min_bet": rules.min_bet, "max_bet": rules.max_bet, "decks": rules.decks,
            "dealer_hits_soft_17": rules.dealer_hits_soft_17, "dealer_peeks": rules.dealer_peeks,
            "double_after_split": rules.double_after_split, "max_hands": rules.max_hands,
            "blackjack_pays": list(rules.blackjack_pays), "turn_seconds": turn_seconds}


def trimmed_record(record: RoundRecord, remaining: int, results: object) -> RoundRecord | None:
    """A settled round's record with a shoe of just the cards it dealt (the history keeps
    no more), checked by replaying it to the same ``results``; None if it differs."""
    from ..core.blackjack_table import Table

    try:
        tokens = str(record.start["shoe"]["cards"]).split()
        used = len(tokens) - remaining
        start = {**record.start, "shoe": stacked_snapshot(tokens[:used]), "seen": ""}
        trimmed = RoundRecord(record.game, start, record.actions, record.meta)
        again = Table.resume(trimmed)
        if again.finish_round() != results or again.shoe.remaining != 0:
            return None
    except (RecordError, KeyError, TypeError, ValueError, IndexError):
        return None
    return trimmed


def you_message(table: WireTable, key: str, turn: dict[str, Any] | None) -> dict[str, Any] | None:
    """What only ``key`` is told: their seat, bankroll, and legal actions on their turn."""
    mine = table.seat_of(key)
    seat_state = None if mine is None else table.seats[mine]
    if seat_state is None or seat_state.player is None:
        return None
    r = table.round
    legal: list[str] = []
    if turn is not None and turn["seat"] == mine and r is not None:
        legal = sorted(a.value for a in r.legal_actions())
    return {"seat": mine, "bankroll": seat_state.player.bankroll, "legal": legal,
            "host": seat_state is table.host}


def table_snapshot(table: WireTable, key: str | None = None) -> dict[str, Any]:
    """The table as a client draws it (``you``: what only ``key`` is told)."""
    r = table.round
    state = r.state() if r is not None else None
    hands_of: dict[int, list[dict[str, Any]]] = {}
    if state is not None:
        for ri, occupant in enumerate(table.occupants):
            seat = table.table_seats[ri]
            if table.seats[seat] is occupant:
                hands_of[seat] = hands_message(state, ri)
    # A computer seat in the round shows the chips beside its stake, as at the local table.
    beside: dict[int, int] = {}
    if table.phase == "playing" and r is not None:
        for ri, occupant in enumerate(table.occupants):
            left = r.bankroll(ri)
            if occupant.player is None and left is not None:
                beside[table.table_seats[ri]] = left
    seats = []
    for i, s in enumerate(table.seats):
        if s is None:
            seats.append({"seat": i, "kind": "empty"})
            continue
        seats.append({
            "seat": i, "kind": s.kind, "name": s.name, "level": s.level, "connected": s.connected,
            "bet": s.bet if s.player is not None else table.rules.min_bet,
            "stack": beside.get(i, s.stack) if s.player is None else None,
            "hands": hands_of.get(i, []),
        })
    dealer = dealer_message(state)
    turn = None
    if table.phase == "playing" and r is not None and r.turn is not None:
        turn_seat, turn_hand = r.turn
        turn = {"seat": table.table_seats[turn_seat], "hand": turn_hand,
                "seconds": table.turn_seconds_left}
    you = None if key is None else you_message(table, key, turn)
    return {
        "type": "table", "table": table.id, "game": table.game,
        "phase": "closing" if table.stopping and table.phase != "playing" else table.phase,
        "round": table.round_no, "host": None if table.host is None else table.host.name,
        "rules": rules_message(table.rules, table.turn_timeout),
        "seats": seats, "dealer": dealer, "turn": turn,
        "shoe": {"left": table.core.shoe.remaining, "size": table.core.shoe.size,
                 "cut_reached": table.core.cut_card_reached,
                 "seen": " ".join(str(c) for c in table.core.seen_since_shuffle)},
        "window": table.window_left,
        "note": table.note, "you": you,
    }
