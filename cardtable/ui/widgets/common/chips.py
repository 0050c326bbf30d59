"""The chip balance: the shared bankroll, and what is on the table this round."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from ....core.money import format_chips

__all__ = ["ChipBalance"]


class ChipBalance(Static):
    """Shows the bankroll (kept in step with ``app.bankroll``) and the stake at risk."""

    DEFAULT_CSS = """
    ChipBalance {
        width: auto;
        height: 1;
        padding: 0 1;
    }
    """

    amount: reactive[int] = reactive(0)
    """Bankroll in hundredths of a chip."""
    at_stake: reactive[int] = reactive(0)
    """Chips on the table in the current round (hundredths)."""
    uncommitted: reactive[int] = reactive(0)
    """The part of ``at_stake`` still in the bankroll: bets placed but not yet dealt.

    A dealt stake has already left the bankroll (RULES.md section 1), so it is not
    taken off the figure a second time."""

    def on_mount(self) -> None:
        if hasattr(self.app, "bankroll"):
            self.watch(self.app, "bankroll", self._bankroll_changed, init=True)

    def _bankroll_changed(self, value: int) -> None:
        self.amount = value

    def render(self) -> Text:
        text = Text()
        text.append("Bankroll ", "dim")
        text.append(format_chips(self.amount - self.uncommitted), "bold")
        if self.at_stake:
            text.append("  on the table ", "dim")
            text.append(format_chips(self.at_stake), "bold")
        return text
