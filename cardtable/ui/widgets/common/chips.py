"""The chip balance: the shared bankroll, and what is on the table this round."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from ....i18n import N_, _
from ....i18n.formatting import chips as format_chips
from ...watching import forget_app_watchers

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

    A dealt stake has already left the bankroll (docs/rules.md section 1), so it is not
    taken off the figure a second time."""

    _stale = False
    """A figure taken while the screen was hidden, to draw when it shows again."""

    def on_mount(self) -> None:
        if hasattr(self.app, "bankroll"):
            self.watch(self.app, "bankroll", self._bankroll_changed, init=True)
            self.app.screen_change_signal.subscribe(self, self._screen_changed)

    def on_unmount(self) -> None:
        forget_app_watchers(self)
        self.app.screen_change_signal.unsubscribe(self)

    def _bankroll_changed(self, value: int) -> None:
        if self.is_mounted and not self.screen.is_current:
            # hidden (the lobby's, under a table): the new figure without a repaint — an
            # auto-width line that changes width would re-lay the screen underneath and
            # repaint the whole table above it; it is drawn when its screen shows again
            self.set_reactive(ChipBalance.amount, value)
            self._stale = True
            return
        self.amount = value

    def _screen_changed(self, screen: object) -> None:
        if self._stale and self.is_mounted and self.screen.is_current:
            self._stale = False
            self.refresh(layout=True)

    def render(self) -> Text:
        """The longest wording that fits the width the layout gives (its figures always
        shown): "Bankroll 1,000  on the table 5", else "… in play 5", else "… + 5"."""
        forms = [self.wording(label) for label in _STAKE_LABELS] if self.at_stake else [self.wording("")]
        room = self.content_region.width if self.styles.width is not None and not self.styles.width.is_auto else 0
        if room <= 0:
            return forms[0]
        return next((form for form in forms if form.cell_len <= room), forms[-1])

    def wording(self, stake_label: str) -> Text:
        """The bankroll, and the stake on the table after ``stake_label``."""
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(_("Bankroll") + " ", "dim")
        text.append(format_chips(self.amount - self.uncommitted), "bold")
        if self.at_stake:
            text.append(" + " if stake_label == "+" else f"  {_(stake_label)} ", "dim")
            text.append(format_chips(self.at_stake), "bold")
        return text

    def on_resize(self) -> None:
        self.refresh()


#: How the stake is introduced, longest first (a narrow row takes a shorter one).
_STAKE_LABELS = (N_("on the table"), N_("in play"), "+")
