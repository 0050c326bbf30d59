"""Where the blackjack screen's table is: in this process, or on a server.

The one blackjack screen (:mod:`~cardtable.ui.screens.blackjack`) asks a :class:`BlackjackClient` what the
table looks like and what the player may do, and hands it the player's choices. Two
clients answer the same questions:

- :class:`LocalBlackjackClient` wraps the in-process table service (the local game:
  one person, computer seats to the right). Its calls are direct and synchronous; each
  returns the core round's pictures since the last one shown, so the deal is animated
  card by card.
- :class:`RemoteBlackjackClient` wraps the connection to ``cardtable serve``: choices go
  out as protocol messages, and the server's ``table`` snapshots come back
  (:class:`~cardtable.net.view.SharedTable`); nothing is animated between two snapshots.

Neither decides a rule: refusals are the core's (``bet_refusal``, ``action_refusal``)
or the server's words.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ..ai.seats import ComputerSeats
from ..core.blackjack import Action, HandResult, Round, RoundState, Rules, SeatView
from ..core.blackjack_phase import Phase
from ..core.blackjack_refusals import action_refusal
from ..core.blackjack_table import Table, bet_refusal
from ..core.cards import Card
from ..core.refusal import Refusal, RuleCode
from ..i18n import _, ngettext
from ..i18n.refusals import word, word_refusal
from ..net.view import SharedTable
from ..tables.blackjack import BlackjackService
from ..tables.local import YOU
from .widgets.blackjack.table import ACTIONS, SEAT_NAMES, pause_kind, shoe_left_at

__all__ = ["BlackjackClient", "LocalBlackjackClient", "RemoteBlackjackClient", "OtherSeat", "Steps"]

#: Pictures of the round to show one by one (the local deal), oldest first.
Steps = tuple[RoundState, ...]


@dataclass(frozen=True)
class OtherSeat:
    """A seat beside the player's, as its row shows it."""

    name: str
    level: str  # "easy" / "normal" / "hard", "away", "free" or ""
    stack: int | None
    bet: int


class BlackjackClient(Protocol):
    """What the blackjack screen asks its table, local or shared."""

    rules: Rules
    #: A table shared with other people (a betting window, turn timers, a host).
    shared: bool
    #: ``r`` places the bet shown (local), or the last bet placed (shared: the bet
    #: shown may have changed while the window was open).
    repeats_bet_shown: bool

    @property
    def round_no(self) -> int:
        """The number of the round shown (a new number: a new round)."""

    def phase(self) -> Phase:
        """Where the table stands now (the picture on screen may still catch up)."""

    def picture(self) -> RoundState | None:
        """The round as it stands, the player's seat last (None before the first deal)."""

    def shoe_left(self) -> int: ...

    def just_shuffled(self) -> bool: ...

    def others(self) -> list[OtherSeat]:
        """The other seats, in the picture's order."""

    def legal(self) -> frozenset[Action]:
        """The player's legal actions now (empty when it is not their turn)."""

    def seat_view(self) -> SeatView | None:
        """The player's decision as their seat sees it (None when not their turn)."""

    def my_results(self) -> tuple[HandResult, ...]:
        """The player's settled hands in the round shown (empty until settled)."""

    def stake(self) -> int:
        """What the player has on the table in the round under way."""

    def bet_placed(self) -> bool:
        """The player's bet for the next round is in (a shared table's window)."""

    def may_bet(self) -> bool:
        """Bets are taken now."""

    def seen_before(self) -> tuple[Card, ...]:
        """The cards of the rounds completed since the shuffle."""

    def bet_refusal(self, bet: int, bankroll: int) -> str | None:
        """Why ``bet`` is refused now, in the player's language (None: it is not)."""

    def action_refusal(self, name: str) -> str:
        """Why the action ``name`` is refused now, in the player's language."""

    def bet(self, amount: int) -> Steps:
        """Place the bet (locally: deal it); the pictures to show. ``TableError``."""

    def act(self, action: Action, grade: dict[str, Any] | None) -> Steps:
        """Take ``action`` with its grade; the pictures to show. ``TableError``."""

    def pass_round(self) -> str | None:
        """Sit the next round out (a bet placed is taken back); why not, or None."""

    def leave(self) -> bool:
        """Give the seat up; False when the table could not be told (not connected)."""

    def pause_kind(self, state: RoundState) -> str | None:
        """The app's delay kind before showing ``state`` (a step of :meth:`bet`/:meth:`act`)."""

    def shoe_left_at(self, state: RoundState) -> int: ...


class LocalBlackjackClient:
    """The local game's table service, called directly (it has acted when a call returns)."""

    shared = False
    #: ``r`` deals the bet shown (after a round it shows the last bet).
    repeats_bet_shown = True

    def __init__(self, service: BlackjackService, seats: ComputerSeats) -> None:
        self.service = service
        self.seats = seats
        self.rules = service.rules

    @property
    def table(self) -> Table:
        return self.service.core

    @property
    def round(self) -> Round | None:
        return self.service.core.round

    @property
    def human(self) -> int:
        return len(self.seats)

    @property
    def round_no(self) -> int:
        return self.service.round_no

    def phase(self) -> Phase:
        r = self.round
        if r is None or r.finished:
            return Phase.BETTING
        return Phase.PLAYER if self.legal() else Phase.DEALING

    def picture(self) -> RoundState | None:
        return self.round.state() if self.round is not None else None

    def shoe_left(self) -> int:
        return self.table.shoe.remaining

    def just_shuffled(self) -> bool:
        return self.table.just_shuffled

    def others(self) -> list[OtherSeat]:
        r = self.round
        in_round = r is not None and not r.finished
        return [
            OtherSeat(SEAT_NAMES[i], level, (r.bankroll(i) or 0) if r is not None and in_round else stack,
                      self.rules.min_bet)
            for i, (level, stack) in enumerate(zip(self.seats.levels, self.seats.stacks, strict=True))
        ]

    def legal(self) -> frozenset[Action]:
        r = self.round
        if r is None or r.finished or r.turn is None or r.turn[0] != self.human:
            return frozenset()
        return frozenset(r.legal_actions())

    def seat_view(self) -> SeatView | None:
        r = self.round
        return r.view(self.human) if r is not None and self.legal() else None

    def my_results(self) -> tuple[HandResult, ...]:
        r = self.round
        return tuple(r.results[self.human]) if r is not None and r.results is not None else ()

    def stake(self) -> int:
        r = self.round
        return r.staked(self.human) if r is not None and not r.finished else 0

    def bet_placed(self) -> bool:
        return False

    def may_bet(self) -> bool:
        return True

    def seen_before(self) -> tuple[Card, ...]:
        return tuple(self.table.seen_since_shuffle)

    def bet_refusal(self, bet: int, bankroll: int) -> str | None:
        return _worded(self.table.refusal(bet, bankroll))

    def action_refusal(self, name: str) -> str:
        r = self.round
        refusal = action_refusal(r, self.human, ACTIONS[name]) if r is not None else None
        return word_refusal(refusal or Refusal(RuleCode.NOT_POSSIBLE, {"action": ACTIONS[name].value}))

    def _since(self, shown: int) -> Steps:
        r = self.round
        return tuple(r.states[shown:]) if r is not None else ()

    def bet(self, amount: int) -> Steps:
        self.service.bet(YOU, amount)
        return self._since(0)

    def act(self, action: Action, grade: dict[str, Any] | None) -> Steps:
        r = self.round
        shown = len(r.events) if r is not None else 0
        self.service.act(YOU, action, grade)
        return self._since(shown)

    def pass_round(self) -> str | None:
        return _("Nothing to sit out here: a round is dealt only when you bet.")

    def leave(self) -> bool:
        """The local seat is the screen's: nothing to tell (a round under way waits)."""
        return True

    def start_resumed(self) -> Steps:
        """A resumed round goes on: every picture from its deal."""
        self.service.start_resumed()
        return self._since(0)

    def settled(self) -> None:
        """The round shown is settled: the computer seats' chips follow it."""
        if self.round is not None:
            self.seats.settle(self.round)

    def pause_kind(self, state: RoundState) -> str | None:
        return pause_kind(self.round, state, self.human) if self.round is not None else None

    def shoe_left_at(self, state: RoundState) -> int:
        r = self.round
        return shoe_left_at(r, state, self.table.shoe.remaining) if r is not None else 0


class RemoteBlackjackClient:
    """A seat at a server's table: the last snapshot, and messages sent out."""

    shared = True
    #: ``r`` places the last bet again (the bet shown may have been changed meanwhile).
    repeats_bet_shown = False

    def __init__(self, first: SharedTable, send: Callable[[dict[str, Any]], bool]) -> None:
        self.state = first
        self.rules = first.rules
        self.send = send
        #: When the turn or the betting window shown times out (the event loop's clock).
        self.deadline: float | None = None

    def update(self, state: SharedTable) -> None:
        self.state = state
        seconds = state.turn_seconds if state.turn is not None else state.bet_window
        loop = asyncio.get_running_loop()
        self.deadline = None if seconds is None else loop.time() + max(0.0, seconds)

    @property
    def seconds_left(self) -> int | None:
        """Whole seconds left on the clock shown (rounded up), or None."""
        if self.deadline is None:
            return None
        return max(0, int(self.deadline - asyncio.get_running_loop().time() + 0.999))

    @property
    def round_no(self) -> int:
        return self.state.round

    def phase(self) -> Phase:
        if not self.state.in_round:
            return Phase.BETTING
        return Phase.PLAYER if self.state.my_turn else Phase.DEALING

    def picture(self) -> RoundState | None:
        return self.state.picture()

    def shoe_left(self) -> int:
        return self.state.shoe_left

    def just_shuffled(self) -> bool:
        return False

    def others(self) -> list[OtherSeat]:
        seats = []
        for seat in self.state.others:
            if seat.empty:
                seats.append(OtherSeat(_("Seat {n}").format(n=seat.seat + 1), "free", None, 0))
            elif seat.kind == "computer":  # named by this client: the server's name is English
                seats.append(OtherSeat(_("Computer"), seat.level or "", seat.stack, seat.bet))
            else:
                name = _("{name} (host)").format(name=seat.name) if seat.name == self.state.host else seat.name
                seats.append(OtherSeat(name, "" if seat.connected else "away", seat.stack, seat.bet))
        return seats

    def legal(self) -> frozenset[Action]:
        return self.state.legal if self.state.my_turn else frozenset()

    def seat_view(self) -> SeatView | None:
        return self.state.seat_view()

    def my_results(self) -> tuple[HandResult, ...]:
        mine, picture = self.state.mine, self.state.picture()
        if mine is None or picture is None or not picture.finished:
            return ()
        return tuple(r for r in mine.results if r is not None)

    def stake(self) -> int:
        return self.state.stake_of_mine()

    def bet_placed(self) -> bool:
        mine = self.state.mine
        return mine is not None and bool(mine.bet)

    def may_bet(self) -> bool:
        return self.state.phase == "betting" and self.state.you_seat is not None

    def seen_before(self) -> tuple[Card, ...]:
        return self.state.seen

    def bet_refusal(self, bet: int, bankroll: int) -> str | None:
        return _worded(bet_refusal(self.rules, bet, bankroll))

    def action_refusal(self, name: str) -> str:
        state = self.state
        if state.turn is None:
            return word("no-hand")
        if not state.my_turn:
            return _("Not your turn: {who}.").format(who=word_refusal(state.note).rstrip(".。"))
        return word_refusal(Refusal(RuleCode.NOT_POSSIBLE, {"action": ACTIONS[name].value}))

    def bet(self, amount: int) -> Steps:
        self.send({"type": "bet", "amount": amount})
        return ()

    def act(self, action: Action, grade: dict[str, Any] | None) -> Steps:
        message: dict[str, Any] = {"type": "act", "action": action.value}
        if grade is not None:
            message["grade"] = grade
        self.send(message)
        return ()

    def pass_round(self) -> str | None:
        if not self.may_bet():
            return _("A round is being played: you can sit the next one out once it is settled.")
        self.send({"type": "clear"})
        return None

    def leave(self) -> bool:
        return self.send({"type": "leave"})

    def computers(self, levels: Sequence[str]) -> str:
        """The host fills the empty seats with computer players of ``levels``, or, when
        computers sit here, takes them all away; what was done, in words."""
        computers = [s for s in self.state.seats if s.kind == "computer"]
        if computers:
            for seat in computers:
                self.send({"type": "computer", "seat": seat.seat, "level": None})
            return _("The computer players leave the table.")
        empty = [s for s in self.state.seats if s.empty]
        if not empty:
            return _("Every seat is taken.")
        levels = list(levels) or ["normal"]
        for i, seat in enumerate(empty):
            self.send({"type": "computer", "seat": seat.seat, "level": levels[i % len(levels)]})
        return ngettext("A computer player takes the empty seat (its level from your settings).",
                        "Computer players take the {n} empty seats (levels from your settings).",
                        len(empty)).format(n=len(empty))

    def pause_kind(self, state: RoundState) -> str | None:
        return None

    def shoe_left_at(self, state: RoundState) -> int:
        return self.state.shoe_left


def _worded(refusal: Refusal | None) -> str | None:
    """A refusal in the player's language, or None."""
    return None if refusal is None else word_refusal(refusal)
