"""What the draw-poker table shows, as one immutable value, and what it allows.

The screen holds one :class:`PokerView` in a reactive attribute and its widgets
render it. Every key, button and box takes its state from :meth:`PokerView.allows`:
nothing is switched on or off by hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ....core import config
from ....core.poker_hand import DrawHand, Phase
from ....core.poker_table import PokerTable, Refusal

if TYPE_CHECKING:  # the coach (numpy) is imported when a tip is first asked for
    from ....ai.coach_poker import PokerAdvice

__all__ = ["PokerView"]


@dataclass(frozen=True)
class PokerView:
    """The table as shown: the hand, the bet, the ticks, the reveal, the words."""

    table: PokerTable = PokerTable(config.DEFAULT_POKER_COIN)
    #: The hand under way or the last one settled (None before the first deal).
    hand: DrawHand | None = None
    #: The bet chosen for the next deal, in coins; and the last hand's, for ``r``.
    coins: int = 1
    last_coins: int | None = None
    #: The shared bankroll (hundredths): the app's, taken again after each store call.
    bankroll: int = 0
    #: Positions ticked for exchange; positions still face down in the reveal.
    ticked: frozenset[int] = frozenset()
    hidden: frozenset[int] = frozenset()
    #: The line under the cards about the advice asked for with ``t`` (until the next step).
    tip: str | None = None
    #: The coach's best holds, shown in the pay table's place (until the next step).
    advice: PokerAdvice | None = None
    #: After the draw: the coach's word on the hand's graded exchanges.
    coach: str | None = None
    #: The banner's (text, kind) while no result is shown.
    notice: tuple[str, str] | None = None

    @property
    def phase(self) -> Phase:
        """BETTING when no hand is under way (including after a settled hand)."""
        hand = self.hand
        return Phase.BETTING if hand is None or hand.phase is Phase.SETTLED else hand.phase

    @property
    def refusal(self) -> Refusal | None:
        """Why the bet chosen cannot be dealt now, or None."""
        return self.table.refusal(self.coins, self.bankroll)

    @property
    def in_play(self) -> DrawHand | None:
        """The hand between its deal and its settlement (its stake is on the table)."""
        hand = self.hand
        return hand if hand is not None and hand.in_progress else None

    @property
    def shown(self) -> DrawHand | None:
        """The hand the table shows: the one under way, or the last one settled on *this*
        machine (after ``m`` the last machine's hand and result are not shown under the
        next machine's pay table)."""
        hand = self.hand
        if hand is None or hand.in_progress or hand.pay_table == self.table.machine:
            return hand
        return None

    @property
    def result(self) -> DrawHand | None:
        """The settled hand once its cards are all face up (on this machine)."""
        hand = self.shown
        return hand if hand is not None and hand.phase is Phase.SETTLED and not self.hidden else None

    def allows(self, action: str) -> bool | None:
        """A table action's state, as Textual's ``check_action`` wants it: True to run,
        None shown dimmed, False hidden (so that ``enter`` reaches the next binding)."""
        phase = self.phase
        betting, drawing = phase is Phase.BETTING, phase is Phase.DRAWING
        if action == "deal":
            if not betting:
                return False  # hidden: enter means "draw" now
            refusal = self.refusal
            return True if refusal is None or refusal.refill else None  # broke: enter offers the refill
        if action == "draw":
            # SHOWDOWN only when the data file has not taken the result yet: enter retries.
            return drawing or phase is Phase.SHOWDOWN
        if action == "exchange":
            return True if drawing else None
        if action in ("bet_up", "bet_down"):
            can = self.coins < self.table.max_coins if action == "bet_up" else self.coins > 1
            return True if betting and can else None
        if action == "tip":
            return True if drawing and self.hand is not None else None  # every exchange round
        if action == "next_machine":
            return True if betting else None  # the machine changes between hands only
        if action == "repeat":
            last = self.last_coins
            return True if betting and last is not None and self.table.refusal(last, self.bankroll) is None else None
        return True
