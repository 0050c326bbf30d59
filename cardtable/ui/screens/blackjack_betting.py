"""Between rounds at the blackjack table: the bet shown and what it may be.

A chip button sets the bet, ``+``/``−`` step it, and the local table remembers the last
bet and the computer seats' chips between visits. Whether a bet may be placed is the
table's rule, asked through the screen's client
(:meth:`~cardtable.ui.screens.blackjack.BlackjackScreen.deal_refusal`).
"""

from __future__ import annotations

from textual.reactive import reactive

from ...ai.seats import ComputerSeats
from ...core.blackjack import Rules
from ...i18n import _
from ..blackjack_client import BlackjackClient
from ..widgets.blackjack.table import TableView
from ..widgets.common.banner import Banner
from ..widgets.common.bet import BetControls
from .base import GameScreen

__all__ = ["BlackjackBetting"]


class BlackjackBetting(GameScreen):
    """The blackjack screen's betting between rounds (its base class)."""

    GAME = "blackjack"

    # No bindings=True: the footer's keys are dimmed in the key's own frame (_dim_keys),
    # not by a message after it (a second frame and a second reading of every binding).
    view: reactive[TableView] = reactive(TableView, always_update=True, repaint=False)
    """The picture on screen and its phase; keys, buttons and widgets follow it."""

    # Set up by the table screen.
    client: BlackjackClient | None
    rules: Rules
    seats: ComputerSeats
    last_bet: int | None
    _bet: BetControls
    _banner: Banner

    def allowed(self, action: str, parameter: object = None) -> bool:
        """Whether the action may be taken now (the table screen answers)."""
        raise NotImplementedError

    def action_bet(self, step: int) -> None:
        """One step up or down the bet ladder."""
        if self.allowed("bet", step):
            self._bet.increase() if step == 1 else self._bet.decrease()

    def action_chip(self, value: int) -> None:
        """A chip button: bet exactly that much."""
        if self.allowed("chip", value):
            self._bet.set_value(value)

    def on_bet_controls_changed(self, event: BetControls.Changed) -> None:
        """Nothing else depends on the bet: its own − and + buttons follow it, and the
        bet keys are not in the footer, so the key repaints only the bet row."""
        event.stop()

    @property
    def banner(self) -> Banner:
        return self._banner

    def deal_refusal(self, bet: int | None = None) -> str | None:
        """Why the bet shown (or ``bet``) cannot be placed now (the table's words), or None."""
        if self.client is None:
            return _("The table is not ready.")
        return self.client.bet_refusal(self._bet.value if bet is None else bet, self.app.bankroll)

    def _recall(self) -> None:
        """The last bet and the computer seats' chips, as the table was left."""
        memory = self.app.table_memory(self.GAME)
        seats = memory.get("seats")
        if isinstance(seats, dict):
            self.seats.restore(seats)
        last = memory.get("last_bet")
        if isinstance(last, int) and self.rules.min_bet <= last <= self.rules.max_bet:
            self.last_bet = last
            self._bet.set_value(last)

    def _remember(self) -> None:
        self.app.remember_table(self.GAME, {"last_bet": self.last_bet, "seats": self.seats.memory()})
