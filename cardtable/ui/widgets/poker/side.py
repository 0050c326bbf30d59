"""Beside the pay table: the bet with its stake and action button, the exchange round,
the machine line with its computed return, and what is wild.

Each widget holds its own reactive (:class:`BetPanel.bet`, :class:`MachineLine.machine`
and :attr:`~MachineLine.figure`, :attr:`Line.text`) and draws itself from it; the
table's layout feeds them from the screen's :class:`~.view.PokerView`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.reactive import reactive
from textual.widgets import Button, Label, Static

from ....core.poker_hand import Phase
from ....core.poker_machines import JACKS_OR_BETTER, Machine
from ....i18n import NP_, _, pgettext
from ....i18n.formatting import chips
from ..common.bet import BetControls
from .view import PokerView
from .words import coins_text, return_text, wild_line

__all__ = ["Line", "BetState", "bet_state", "BetPanel", "MachineLine", "WildLine"]


class Line(Static):
    """A label in a fixed box (poker.tcss): a new :attr:`text` repaints, never re-lays out."""

    text: reactive[str] = reactive("", init=False, repaint=False)
    """The words shown."""

    def watch_text(self, text: str) -> None:
        self.update(text, layout=False)


@dataclass(frozen=True)
class BetState:
    """The bet as shown: the coins, whether they may change, the stake, the action button
    (``deal`` or ``draw``, its label in English -- translated where shown --, whether it
    is live) and the exchange round."""

    coins: int = 1
    locked: bool = False
    stake: int = 0
    action: str = "deal"
    label: str = "Deal"
    live: bool = True
    round: str = ""


def bet_state(view: PokerView) -> BetState:
    """What the bet panel shows for ``view``."""
    hand, phase = view.shown, view.phase
    betting, drawing = phase is Phase.BETTING, phase is Phase.DRAWING
    in_play = view.in_play
    if betting:
        refusal = view.refusal
        label = NP_("poker", "Refill…") if refusal is not None and refusal.refill else NP_("poker", "Deal")
    else:  # "Stand" here is poker's stand pat, not blackjack's stand: a context of its own
        label = NP_("poker", "Draw") if not drawing or view.ticked else NP_("poker", "Stand")
    action = "deal" if betting else "draw"
    rounds = ""
    if drawing and hand:
        rounds = _("Exchange {n} of {rounds}").format(n=hand.exchanges_done + 1, rounds=hand.exchange_rounds)
    return BetState(
        coins=view.coins,
        locked=not betting,
        stake=in_play.stake if in_play is not None else view.table.stake(view.coins),
        action=action,
        label=label,
        live=view.allows(action) is True,
        round=rounds,
    )


class BetPanel(Vertical):
    """``#poker-side``: the bet (``#poker-bet``), the stake, the action button, the round,
    then the machine line and what is wild."""

    bet: reactive[BetState] = reactive(BetState(), init=False, repaint=False)
    """The bet as shown."""

    def __init__(self, max_coins: int, machine: Machine, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.controls = BetControls(
            list(range(1, max_coins + 1)), value=1, label=_("Bet"), formatter=coins_text, id="poker-bet"
        )
        self.stake = Line("", id="poker-stake")
        self.action = Button(_("Deal"), id="poker-action", variant="success", action="screen.deal")
        self.round = Line("", id="poker-round")
        self.machine = MachineLine("", id="poker-machine")
        self.wild = WildLine("", id="poker-wild")
        self.machine.set_reactive(MachineLine.machine, machine)
        self.wild.machine = machine

    def compose(self) -> ComposeResult:
        yield self.controls
        yield self.stake
        yield self.action
        yield self.round
        yield self.machine
        yield self.wild

    def watch_bet(self, old: BetState, bet: BetState) -> None:
        controls = self.controls
        if controls.value != bet.coins:
            with controls.prevent(BetControls.Changed):
                controls.value = bet.coins
        controls.locked = bet.locked
        self.stake.text = _("Stake {amount} chips").format(amount=chips(bet.stake))
        action = self.action
        label = pgettext("poker", bet.label)
        if old.label != bet.label or str(action.label) != label:
            action.label = label
        action.action = f"screen.{bet.action}"
        action.disabled = not bet.live
        self.round.text = bet.round

    def retranslate(self) -> None:
        """The bet's words in the language in force (the rest follows the next view)."""
        controls = self.controls
        if controls.is_mounted:
            controls.query_one(".bet-label", Label).update(_("Bet"))
            controls.query_one(".bet-value", Label).update(coins_text(controls.value))
            self._fit_bet_label()
            self.watch_bet(self.bet, self.bet)  # the stake and the action button
        self.machine.redraw()
        self.wild.watch_machine(self.wild.machine)

    def on_resize(self, event: events.Resize) -> None:
        self._fit_bet_label()

    def _fit_bet_label(self) -> None:
        """The word before the bet's − and + only when the panel has room for it (a
        longer word, "ベット" or "Statymas", at 80 columns would push + out of sight; the
        stake line under it says the word anyway)."""
        controls = self.controls
        if not controls.is_mounted or not self.size.width:
            return
        label = controls.query_one(".bet-label", Label)
        others = sum(child.outer_size.width for child in controls.children if child is not label)
        fits = others + cell_len(_("Bet")) + label.styles.padding.width <= self.size.width
        if label.display != fits:  # set only on a change: setting it at all re-lays out the screen
            label.display = fits


class MachineLine(Static):
    """``#poker-machine``: ``m ▸ next machine`` and the machine's return as computed."""

    machine: reactive[Machine] = reactive(JACKS_OR_BETTER, init=False, repaint=False)
    """The machine the table sits at."""
    figure: reactive[Fraction | str | None] = reactive(None, init=False, repaint=False)
    """Its return (a Fraction), ``computing`` while the room works it out, or None."""

    def on_mount(self) -> None:
        self._show()

    def watch_machine(self) -> None:
        self._show()

    def watch_figure(self) -> None:
        self._show()

    def _show(self) -> None:
        self.update(return_text(self.machine, self.figure), layout=False)

    def redraw(self) -> None:
        """The line worded anew (the language changed)."""
        self._show()


class WildLine(Static):
    """``#poker-wild``: what is wild on this machine; hidden on a machine without."""

    machine: reactive[Machine | None] = reactive(None, repaint=False)
    """The machine the table sits at."""

    def watch_machine(self, machine: Machine | None) -> None:
        text = wild_line(machine) if machine is not None else ""
        self.update(text, layout=False)
        self.display = bool(text)
