"""What every game screen shares: leaving the table safely, rules, refills."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding
from textual.screen import Screen

from .confirm import ConfirmScreen

__all__ = ["GameScreen"]


class GameScreen(Screen[None]):
    """Base of the three table screens.

    A subclass sets ``GAME`` and overrides :meth:`round_in_progress` and
    :meth:`void_round`. Nothing is taken from the bankroll until a round settles
    (``app.record_round``), so voiding a round returns every stake by itself.
    """

    GAME: ClassVar[str] = ""

    BINDINGS = [
        Binding("escape", "leave", "Lobby", id="game.leave"),
    ]

    def round_in_progress(self) -> bool:
        """True while bets are down and the round is not settled."""
        return False

    def void_round(self) -> None:
        """Drop the round under way: nothing is recorded, stakes come back."""

    def on_leave(self) -> None:
        """Called just before the screen closes (e.g. to show a session summary)."""

    def table_minimum(self) -> int:
        """The smallest bet this table takes (hundredths), for the refill offer."""
        return 0

    def action_leave(self) -> None:
        """Back to the lobby, asking first when a round is under way."""
        if not self.round_in_progress():
            self._close()
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.void_round()
                self.notify("The round is void: your stake was returned.")
                self._close()

        self.app.push_screen(
            ConfirmScreen(
                "A round is under way. Leave the table?\n"
                "The round will be void and your stake returned.",
                yes="Leave",
                no="Stay",
            ),
            answered,
        )

    def _close(self) -> None:
        self.on_leave()
        if self.app.screen is self:
            self.app.pop_screen()

    def offer_refill_if_needed(self) -> None:
        """Offer the free refill when the bankroll is below this table's minimum."""
        minimum = self.table_minimum()
        if minimum > 0:
            self.app.offer_refill(self.GAME, minimum)  # type: ignore[attr-defined]
