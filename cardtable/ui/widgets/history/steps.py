"""A settled round taken apart into the steps a replay shows, by the game's own core.

Why here and not in the screen: the steps are what the tests check against an
independent replay of the same record, and each is a picture the live table's
widgets already know how to draw (blackjack's ``RoundState``, baccarat's state with
the cards shown so far, poker's ``DrawHand``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ....core.baccarat_table import BaccaratState, BaccaratTable
from ....core.blackjack import Event, EventKind, Round, RoundState
from ....core.blackjack_table import Table
from ....core.money import format_chips
from ....core.poker_hand import DrawHand
from ....core.record import RecordError, RoundRecord
from ..blackjack.table import SEAT_NAMES

__all__ = ["BlackjackSteps", "BaccaratSteps", "PokerSteps", "Steps", "steps_for"]


@dataclass(frozen=True)
class BlackjackSteps:
    """One picture per event of the round (the core keeps them: ``Round.states``)."""

    table: Table
    levels: tuple[str, ...]

    @property
    def round(self) -> Round:
        assert self.table.round is not None
        return self.table.round

    def __len__(self) -> int:
        return len(self.round.states)

    def picture(self, index: int) -> RoundState:
        return self.round.states[index]

    def caption(self, index: int) -> str:
        state = self.round.states[index]
        return describe_event(self.round.events[state.applied - 1], len(self.levels)) if state.applied else ""


def _who(seat: int | None, human: int) -> str:
    if seat is None:
        return "The dealer"
    if seat == human:
        return "You"
    return SEAT_NAMES[seat] if seat < len(SEAT_NAMES) else f"Seat {seat + 1}"


def describe_event(event: Event, human: int) -> str:
    """One blackjack event in words, as the replay's caption."""
    who = _who(event.seat, human)
    hand = f" (hand {event.hand + 1})" if event.hand else ""
    kind = event.kind
    if kind is EventKind.DEAL:
        if event.card is None:
            return f"{who} takes a card face down"
        return f"{who}{hand} {'take' if who == 'You' else 'takes'} {event.card}"
    if kind is EventKind.ACTION:
        return f"{who}{hand}: {event.note}"
    if kind is EventKind.SPLIT:
        return f"{who} split{'' if who == 'You' else 's'}"
    if kind is EventKind.DOUBLE:
        return f"{who}{hand} double{'' if who == 'You' else 's'} ({format_chips(event.amount)} more)"
    if kind is EventKind.CLOSED:
        return f"{who}{hand}: the hand closes ({event.note})"
    if kind is EventKind.REVEAL:
        return f"The dealer turns over {event.card}" if event.card else "The dealer turns the card over"
    if kind is EventKind.DEALER_DONE:
        return f"The dealer {'busts' if event.note == 'bust' else 'stands'} on {event.amount}"
    if kind is EventKind.PAYOUT:
        return f"{who}{hand}: {event.note} — {format_chips(event.amount)} returned"
    return kind.value


@dataclass(frozen=True)
class BaccaratSteps:
    """The coup card by card: step ``k`` shows the first ``k`` cards; the last step
    shows the result on the spots."""

    table: BaccaratTable

    @property
    def state(self) -> BaccaratState:
        return self.table.state()

    def __len__(self) -> int:
        coup = self.table.coup
        return (coup.cards_used if coup is not None else 0) + 2

    def shown(self, index: int) -> int:
        coup = self.table.coup
        return min(index, coup.cards_used if coup is not None else 0)

    def settled(self, index: int) -> bool:
        return index == len(self) - 1

    def caption(self, index: int) -> str:
        coup = self.table.coup
        if coup is None:
            return ""
        if index == 0:
            bets = ", ".join(f"{o.label} {format_chips(s)}" for o, s in self.table.bets.items())
            return f"Bets: {bets}"
        if self.settled(index):
            return f"{coup.describe()} — {coup.outcome.label}{' wins' if coup.outcome.label != 'Tie' else ''}"
        hand, card = coup.deal_order[index - 1]
        return f"{hand.label} gets {card}"


@dataclass(frozen=True)
class PokerSteps:
    """The hand as dealt, after each exchange (or stand), and settled."""

    hands: tuple[DrawHand, ...]
    #: Positions the player chose to exchange next, per step (ticked on the cards).
    chosen: tuple[tuple[int, ...], ...]

    def __len__(self) -> int:
        return len(self.hands)

    def caption(self, index: int) -> str:
        hand = self.hands[index]
        if index == 0:
            return f"Dealt · bet {hand.coins} coin{'s' if hand.coins > 1 else ''}"
        if index == len(self.hands) - 1:
            if hand.paid:
                name = hand.pay_table.row_label(hand.paid)
            else:
                name = f"{hand.value.describe()}: no win" if hand.value is not None else "No win"
            return f"{name} — {hand.payout_coins} coin{'s' if hand.payout_coins != 1 else ''} returned"
        step = hand.steps[index - 1] if index - 1 < len(hand.steps) else ("stand",)
        if step[0] == "exchange":
            n = len(step[1])
            return "Stood pat" if n == 0 else f"Exchanged {n} card{'s' if n > 1 else ''}"
        return "Stood pat"


Steps = BlackjackSteps | BaccaratSteps | PokerSteps


def steps_for(record: RoundRecord) -> Steps:
    """The replay of ``record`` by its game's core; :class:`RecordError` if it does not replay."""
    if record.game == "blackjack":
        from ....ai.seats import ComputerSeats

        table = Table.resume(record, keep_states=True)
        r = table.round
        assert r is not None
        seats = ComputerSeats.from_meta(record.meta, r.seats)
        if r.turn is not None:
            # A computer seat's last actions were saved quietly and may be missing (a
            # failed save just before the settlement): the seats decide again, as they
            # did, from the same views. The player's own actions are always saved.
            table.play_computers([*seats.players, None])
            if r.turn is not None:
                raise RecordError("the saved round stops before the end")
        table.finish_round()
        return BlackjackSteps(table, seats.levels)
    if record.game == "baccarat":
        return BaccaratSteps(BaccaratTable.resume(record))
    if record.game == "poker":
        from ....ai.poker_machines import load_machines

        machines = {m.name: m for m in load_machines().values()}
        hands: list[DrawHand] = []
        chosen: list[tuple[int, ...]] = []
        for n in range(len(record.actions) + 1):
            partial = RoundRecord(record.game, record.start, record.actions[:n], record.meta)
            hands.append(DrawHand.replay(partial, machines))
            step: Any = record.actions[n] if n < len(record.actions) else ("stand",)
            chosen.append(tuple(step[1]) if step[0] == "exchange" else ())
        hands.append(hands[-1].settle())
        chosen.append(())
        return PokerSteps(tuple(hands), tuple(chosen))
    raise RecordError(f"no replay for {record.game!r}")
