"""The draw-poker table's layout: the status line, the pay table with the bet and the
action beside it, the banner, the five card places and the hint.

The screen (``ui/screens/poker.py``) holds the :class:`PokerView` and drives the hand; it
hands each new view to :attr:`PokerLayout.view`. The layout feeds every widget the part
of the view it shows — the card places their :class:`~.cards.Slot`, the pay table its
machine, coin column and lit row, the bet panel its :class:`~.side.BetState`, the coach
panel its advice, the hint line its words — and each widget redraws only when its own
state changed (ticking one box redraws that card, nothing else).
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.widgets import Label, Static

from ....core.poker_hand import Phase
from ....core.poker_machines import Machine
from ....core.poker_table import PokerTable
from ....i18n import _
from ..common.banner import Banner
from ..common.chips import ChipBalance
from .cards import CardSlots, hand_slots
from .coach import Advised, CoachPanel
from .paytable import MAX_LINES, PayTableWidget
from .side import BetPanel, Line, bet_state
from .view import PokerView
from .words import coin_info, held_line, hint, result_line

__all__ = ["PokerLayout", "banner_words"]

#: Rows a tall table (the screen's ``-roomy``) keeps for all but the pay table: the
#: status line, the banner, the large cards (12), the hint and four gaps of one row.
ROOMY_REST = 19


def banner_words(view: PokerView) -> tuple[str, str]:
    """The banner's (text, kind): the result, else the notice, else the hand held now."""
    result, hand = view.result, view.shown
    if result is not None:
        return result_line(result)
    if view.notice is not None:
        text, kind = view.notice
        return _(text), kind
    if view.phase is Phase.DRAWING and hand is not None and not view.hidden:
        return held_line(hand), "info"  # the dealt hand named before the draw
    return "", ""


def _gap(roomy: bool) -> list[Static]:
    """A gap between two parts of a tall table (none on a short one)."""
    return [Static(classes="poker-gap")] if roomy else []


class PokerLayout(Vertical):
    """Everything between the header and the footer (ids as in poker.tcss)."""

    # the rows between the header and the footer, not its parts' heights added up: the
    # parts sit at its top either way, and no layout has to measure the table first
    DEFAULT_CSS = """
    PokerLayout { height: 1fr; }
    """

    view: reactive[PokerView] = reactive(PokerView, init=False, repaint=False, always_update=True)
    """The table as shown (the screen's state)."""

    def __init__(
        self, machine: Machine, table: PokerTable, *, ascii: bool, roomy: bool = False, id: str | None = None
    ) -> None:
        super().__init__(id=id)
        self._roomy = roomy
        self.balance = ChipBalance(id="poker-balance")
        self._poker_table = table
        self.coin_info = Label(coin_info(table.coin_size, table.exchange_rounds), id="poker-coin-info")
        self.paytable = PayTableWidget(machine, coins=1, id="poker-paytable")
        self.coach = CoachPanel(ascii=ascii, id="poker-coach")
        self.side = BetPanel(table.max_coins, machine, id="poker-side")
        self.bet, self.action, self.machine = self.side.controls, self.side.action, self.side.machine
        self.banner = Banner(id="poker-banner")
        self.slots = CardSlots(ascii=ascii, id="poker-cards")
        self.message = Line("", id="poker-message")

    def compose(self) -> ComposeResult:
        # the gaps (.poker-gap) exist on a tall terminal only: they share the spare rows
        # between the parts, so the table fills the height instead of floating in it
        roomy = self._roomy
        with Horizontal(id="poker-status"):
            yield self.balance
            yield self.coin_info
        yield from _gap(roomy)
        with Horizontal(id="poker-top"):
            yield self.paytable
            yield self.coach
            yield self.side
        yield from _gap(roomy)
        yield self.banner
        yield from _gap(roomy)
        yield self.slots
        yield from _gap(roomy)
        yield self.message

    def set_roomy(self, roomy: bool) -> None:
        """The terminal became tall (the gaps come) or short again (they go)."""
        if roomy == self._roomy:
            return
        self._roomy = roomy
        if not self.is_mounted:  # composed as it is now
            return
        if roomy:
            for part in ("#poker-status", "#poker-top", "#poker-banner", "#poker-cards"):
                self.mount(*_gap(True), after=self.query_one(part))
        else:
            self.query(".poker-gap").remove()

    def retranslate(self) -> None:
        """Every word of the table in the language in force (the language changed)."""
        self.coin_info.update(coin_info(self._poker_table.coin_size, self._poker_table.exchange_rounds))
        self.slots.retranslate()
        self.side.retranslate()
        self.coach.redraw()
        self.paytable.refresh()  # the banner and the hint follow the screen's next view

    def on_resize(self, event: events.Resize) -> None:
        """A tall table gives the pay table the rows it needs for every coin column."""
        roomy = self.screen.has_class("-roomy")
        self.paytable.max_lines = max(MAX_LINES, event.size.height - ROOMY_REST) if roomy else MAX_LINES

    def watch_view(self, view: PokerView) -> None:
        """Feed each widget its part of ``view``; unchanged parts are not redrawn."""
        hand, result = view.shown, view.result
        drawing = view.phase is Phase.DRAWING
        self.slots.slots = hand_slots(
            hand.cards if hand is not None else (),
            hidden=view.hidden,
            ticked=view.ticked,
            winners=result.winning_positions if result is not None else (),
            open_=drawing,
        )
        text, kind = banner_words(view)
        banner = self.banner
        if text != banner.text or (kind and not banner.has_class(f"-{kind}")):
            banner.show(text, kind) if kind else banner.clear()
        machine = view.table.machine
        self.machine.machine = machine
        self.side.wild.machine = machine
        self._show_advice(view)
        paytable = self.paytable
        paytable.winner = result.winning_category if result is not None else None
        in_play = view.in_play
        paytable.coins = in_play.coins if in_play is not None else view.coins
        self.side.bet = bet_state(view)
        self.balance.at_stake = in_play.stake if in_play is not None else 0
        self.message.text = hint(view)

    def _show_advice(self, view: PokerView) -> None:
        """The coach's panel in the pay table's box while advice is asked for."""
        hand = view.shown
        advice = view.advice if view.phase is Phase.DRAWING and hand is not None else None
        coach, paytable = self.coach, self.paytable
        if advice is None or hand is None:
            coach.advised = None
        else:
            if coach.advised is None and paytable.display and paytable.outer_size.height:
                coach.styles.height = paytable.outer_size.height  # its box exactly: nothing below moves
            coach.advised = Advised(advice, hand.exchanges_done + 1, hand.exchange_rounds)
        if coach.display != (advice is not None):
            coach.display = advice is not None
            paytable.display = advice is None
