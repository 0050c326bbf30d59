"""The draw-poker machine's service: a hand's money, from the bet to the payout.

Draw poker is a game for one, but no screen drives money: this service takes the bet
(the machine's refusal first), commits the stake before a card is shown, saves each
exchange (with the coach's grade) before its new cards are shown, and pays the hand in
one transaction (docs/rules.md section 1). The hand itself is the core's immutable
:class:`~cardtable.core.poker_hand.DrawHand`; the screen shows the one this service
returns. The bankroll after each step, and the data file's refusals, go to the person
through the hub, as at the other tables.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..core.cards import Shoe
from ..core.poker_hand import DrawHand
from ..core.poker_table import PokerTable
from ..core.record import RoundRecord
from ..store import StoreError
from .hub import Account, Hub, TableError

__all__ = ["PokerService", "GAME"]

GAME = "poker"


class PokerService:
    """One person's video-poker machine: the hand in play and its graded exchanges."""

    def __init__(self, account: Account, hub: Hub) -> None:
        self.account = account
        self.hub = hub
        #: The hand in play (or the last one), as the core dealt it.
        self.hand: DrawHand | None = None
        #: The coach's grades of this hand's exchanges (``Decision.to_json()``).
        self.decisions: list[dict[str, Any]] = []

    def resumed(self, hand: DrawHand, decisions: Sequence[dict[str, Any]]) -> None:
        """Carry on a hand left open (dealt again from its record by the screen's replay)."""
        self.hand, self.decisions = hand, list(decisions)

    def record(self, hand: DrawHand, decisions: Sequence[dict[str, Any]]) -> RoundRecord:
        """The hand's record with the exchanges graded so far in its meta."""
        record = hand.record()
        return RoundRecord(record.game, record.start, record.actions, {"decisions": list(decisions)})

    def deal(self, table: PokerTable, coins: int, deck: Shoe) -> DrawHand:
        """Bet ``coins`` and deal five from ``deck``; the stake is committed first.
        :class:`TableError` ``bad-bet`` (the machine's words) or ``store`` (nothing dealt)."""
        refusal = table.refusal(coins, self.account.store.bankroll)
        if refusal is not None:
            raise TableError.refused("bad-bet", refusal)
        hand = table.deal(coins, self.account.store.bankroll, deck)
        self._save("commit", hand, [], hand.stake)
        self.hand, self.decisions = hand, []
        return hand

    def exchange(self, ticked: Iterable[int], decision: dict[str, Any] | None = None) -> DrawHand:
        """Exchange the ``ticked`` positions (none: stand), saved with ``decision`` before
        the new cards are shown. :class:`TableError` ``store``: nothing was drawn."""
        before = self.hand
        if before is None:
            raise TableError("no-hand", "there is no hand to draw to")
        positions = sorted(ticked)
        hand = before.exchange(positions) if positions else before.stand()
        decisions = self.decisions if decision is None else [*self.decisions, decision]
        try:
            self._save("update", hand, decisions, 0)
        except TableError:
            # The deck moved on: the hand is dealt again, as it was, from its own record.
            self.hand = DrawHand.replay(before.record(), {before.pay_table.name: before.pay_table})
            raise
        self.hand, self.decisions = hand, decisions
        return hand

    def settle(self) -> DrawHand:
        """Rank and pay the hand in the showdown, in one transaction. :class:`TableError`
        ``unsettled`` when the data file refuses: the hand stays open, settle again."""
        hand = self.hand
        if hand is None:
            raise TableError("no-hand", "there is no hand to settle")
        settled = hand.settle()
        details = settled.details()
        if self.decisions:
            details["decisions"] = list(self.decisions)
        try:
            bankroll = self.account.store.settle_round(GAME, settled.returned, details, stake=settled.stake)
        except StoreError as error:
            raise TableError("unsettled", str(error)) from None
        self._bankroll(bankroll, "hand settled")
        self.hand = settled
        return settled

    def _save(self, how: str, hand: DrawHand, decisions: Sequence[dict[str, Any]], stake: int) -> None:
        store = self.account.store
        text = self.record(hand, decisions).to_json()
        try:
            bankroll = store.commit_round(GAME, stake, text) if how == "commit" else store.update_round(GAME, text)
        except StoreError as error:
            raise TableError("store", str(error)) from None
        self._bankroll(bankroll, "stake taken at the deal" if how == "commit" else "exchange saved")

    def _bankroll(self, bankroll: int, why: str) -> None:
        self.account.bankroll = bankroll
        self.hub.send(self.account.key, {"type": "bankroll", "bankroll": bankroll, "why": why})
