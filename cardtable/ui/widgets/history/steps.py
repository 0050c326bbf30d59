"""A settled round taken apart into the steps a replay shows, by the game's own core.

Why here and not in the screen: the steps are what the tests check against an
independent replay of the same record, and each is a picture the live table's
widgets already know how to draw (blackjack's ``RoundState``, baccarat's state with
the cards shown so far, poker's ``DrawHand``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ....core.baccarat import Outcome
from ....core.baccarat_table import BaccaratState, BaccaratTable
from ....core.blackjack import Event, EventKind, Round, RoundState
from ....core.blackjack_table import Table
from ....core.poker_hand import DrawHand
from ....core.record import RecordError, RoundRecord
from ....i18n import N_, _, ngettext
from ....i18n.formatting import chips
from ..blackjack.table import SEAT_NAMES
from ..poker.names import category_name, row_name

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


#: The core's notes on blackjack events (actions, why a hand closed, how it was paid),
#: shown in the replay's captions through ``_()``; the store keeps the English notes.
_NOTES = {
    "hit": N_("hit"), "stand": N_("stand"), "double": N_("double"), "split": N_("split"),
    "surrender": N_("surrender"), "blackjack": N_("blackjack"), "dealer blackjack": N_("dealer blackjack"),
    "split aces": N_("split aces"), "bust": N_("bust"), "win": N_("win"), "push": N_("push"), "lose": N_("lose"),
}


def _note(note: str | None) -> str:
    return _(_NOTES[note]) if note in _NOTES else str(note or "")


def _who(seat: int | None, hand: int | None, human: int) -> tuple[str, bool]:
    """Who the event is about in words, and whether it is the player ("you")."""
    if seat is None:
        return _("The dealer"), False
    if seat == human:
        return (_("You (hand {n})").format(n=hand + 1) if hand else _("You")), True
    name = SEAT_NAMES[seat] if seat < len(SEAT_NAMES) else _("Seat {n}").format(n=seat + 1)
    return (_("{name} (hand {n})").format(name=name, n=hand + 1) if hand else name), False


def describe_event(event: Event, human: int) -> str:
    """One blackjack event in words, as the replay's caption (the player is "you": the
    verb's form differs, so each sentence has its two messages)."""
    who, you = _who(event.seat, event.hand, human)
    kind = event.kind
    if kind is EventKind.DEAL:
        if event.card is None:
            text = _("{who} take a card face down") if you else _("{who} takes a card face down")
        else:
            text = _("{who} take {card}") if you else _("{who} takes {card}")
        return text.format(who=who, card=event.card)
    if kind is EventKind.ACTION:
        return _("{who}: {action}").format(who=who, action=_note(event.note))
    if kind is EventKind.SPLIT:
        return (_("{who} split") if you else _("{who} splits")).format(who=who)
    if kind is EventKind.DOUBLE:
        text = _("{who} double ({amount} more)") if you else _("{who} doubles ({amount} more)")
        return text.format(who=who, amount=chips(event.amount))
    if kind is EventKind.CLOSED:
        return _("{who}: the hand closes ({why})").format(who=who, why=_note(event.note))
    if kind is EventKind.REVEAL:
        if event.card:
            return _("The dealer turns over {card}").format(card=event.card)
        return _("The dealer turns the card over")
    if kind is EventKind.DEALER_DONE:
        text = _("The dealer busts on {total}") if event.note == "bust" else _("The dealer stands on {total}")
        return text.format(total=event.amount)
    if kind is EventKind.PAYOUT:
        return _("{who}: {outcome} — {amount} returned").format(
            who=who, outcome=_note(event.note), amount=chips(event.amount))
    return kind.value


#: The sides and spots as the baccarat table names them (shown through ``_()``).
_SIDES = {Outcome.PLAYER: N_("Player"), Outcome.BANKER: N_("Banker"), Outcome.TIE: N_("Tie")}


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
            bets = ", ".join(f"{_(_SIDES[o])} {chips(s)}" for o, s in self.table.bets.items())
            return _("Bets: {bets}").format(bets=bets)
        if self.settled(index):
            shown = _("{p} {p_total} ({p_cards})  {b} {b_total} ({b_cards})").format(
                p=_("P"), p_total=coup.player_total, p_cards=" ".join(str(c) for c in coup.player),
                b=_("B"), b_total=coup.banker_total, b_cards=" ".join(str(c) for c in coup.banker),
            )
            if coup.outcome is Outcome.TIE:
                return _("{coup} — a tie").format(coup=shown)
            return _("{coup} — {side} wins").format(coup=shown, side=_(_SIDES[coup.outcome]))
        hand, card = coup.deal_order[index - 1]
        return _("{side} gets {card}").format(side=_(_SIDES[hand]), card=card)


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
            return ngettext("Dealt · bet {n} coin", "Dealt · bet {n} coins", hand.coins).format(n=hand.coins)
        if index == len(self.hands) - 1:
            if hand.paid:
                name = row_name(hand.pay_table, hand.paid)  # the pay table's row, as the table names it
            elif hand.value is not None:
                name = _("{hand}: no win").format(hand=category_name(hand.value.category))
            else:
                name = _("No win")
            n = hand.payout_coins
            return ngettext("{hand} — {n} coin returned", "{hand} — {n} coins returned", n).format(hand=name, n=n)
        step = hand.steps[index - 1] if index - 1 < len(hand.steps) else ("stand",)
        if step[0] == "exchange" and step[1]:
            n = len(step[1])
            return ngettext("Exchanged {n} card", "Exchanged {n} cards", n).format(n=n)
        return _("Stood pat")


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
                raise RecordError(_("the saved round stops before the end"))
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
    raise RecordError(_("no replay for {game}").format(game=repr(record.game)))
