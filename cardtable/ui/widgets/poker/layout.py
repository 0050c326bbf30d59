"""The draw-poker table's layout: the status line, the pay table with the bet and the
action beside it, the banner, the five card places and the hint, drawn from the view.

The screen (``ui/screens/poker.py``) holds the :class:`PokerView` and drives the hand;
this widget composes the table once and draws a view. Whether the action button is live
is asked back through the screen's ``allowed``.
"""

from __future__ import annotations

from collections.abc import Callable

from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label, Static

from ....core.money import format_chips
from ....core.poker_hand import Phase
from ....core.poker_machines import Machine
from ....core.poker_table import PokerTable
from ..common.banner import Banner
from ..common.bet import BetControls
from ..common.chips import ChipBalance
from .cards import CardSlots
from .coach import CoachPanel, advice_text
from .paytable import MAX_LINES, PayTableWidget
from .view import PokerView
from .words import coin_info, coins_text, held_line, hint, result_line, wild_line

__all__ = ["PokerLayout", "say"]

#: Rows a tall table (the screen's ``-roomy``) keeps for all but the pay table: the
#: status line, the banner, the large cards (12), the hint and four gaps of one row.
ROOMY_REST = 19


def say(label: Static, text: str) -> None:
    """Update a fixed-box label (poker.tcss) only when its text changes: a repaint, no
    re-layout of the screen."""
    if label.content != text:
        label.update(text, layout=False)


class PokerLayout(Vertical):
    """Everything between the header and the footer (ids as in poker.tcss)."""

    DEFAULT_CSS = """
    PokerLayout { height: auto; }
    """

    def __init__(self, machine: Machine, table: PokerTable, *, ascii: bool, id: str | None = None) -> None:
        super().__init__(id=id)
        self.balance = ChipBalance(id="poker-balance")
        self.coin_info = Label(coin_info(table.coin_size, table.exchange_rounds), id="poker-coin-info")
        self.paytable = PayTableWidget(machine, coins=1, id="poker-paytable")
        self.coach = CoachPanel("", id="poker-coach")
        self._ascii = ascii
        self._coach_shown: object = None
        self.bet = BetControls(
            list(range(1, table.max_coins + 1)), value=1, label="Bet", formatter=coins_text, id="poker-bet"
        )
        self.stake = Label("", id="poker-stake")
        self.action = Button("Deal", id="poker-action", variant="success", action="screen.deal")
        self.round = Label("", id="poker-round")
        self.machine = Static("", id="poker-machine")
        self.wild = Label(wild_line(machine), id="poker-wild")
        self.wild.display = bool(self.wild.content)
        self.banner = Banner(id="poker-banner")
        self.slots = CardSlots(ascii=ascii, id="poker-cards")
        self.message = Static("", id="poker-message")

    def compose(self) -> ComposeResult:
        # the gaps (.poker-gap) are shown on a tall terminal only: they share the spare
        # rows between the parts, so the table fills the height instead of floating in it
        with Horizontal(id="poker-status"):
            yield self.balance
            yield self.coin_info
        yield Static(classes="poker-gap")
        with Horizontal(id="poker-top"):
            yield self.paytable
            yield self.coach
            with Vertical(id="poker-side"):
                yield self.bet
                yield self.stake
                yield self.action
                yield self.round
                yield self.machine
                yield self.wild
        yield Static(classes="poker-gap")
        yield self.banner
        yield Static(classes="poker-gap")
        yield self.slots
        yield Static(classes="poker-gap")
        yield self.message

    def on_resize(self, event: events.Resize) -> None:
        """A tall table gives the pay table the rows it needs for every coin column."""
        roomy = self.screen.has_class("-roomy")
        self.paytable.max_lines = max(MAX_LINES, event.size.height - ROOMY_REST) if roomy else MAX_LINES

    def draw(self, view: PokerView, allowed: Callable[[str], bool]) -> None:
        """Draw the view: the cards and ticks, the result, the pay table's lit row, the
        bet, the stake, the action button and the hint."""
        hand, result, phase = view.shown, view.result, view.phase
        betting, drawing = phase is Phase.BETTING, phase is Phase.DRAWING
        self.slots.show(
            hand.cards if hand is not None else (),
            hidden=view.hidden,
            ticked=view.ticked,
            winners=result.winning_positions if result is not None else (),
            open_=drawing,
        )
        if result is not None:
            text, kind = result_line(result)
        elif view.notice is not None:
            text, kind = view.notice
        elif drawing and hand is not None and not view.hidden:
            text, kind = held_line(hand), "info"  # the dealt hand named before the draw
        else:
            text, kind = "", ""
        if text != self.banner.text or (kind and not self.banner.has_class(f"-{kind}")):
            self.banner.show(text, kind) if kind else self.banner.clear()
        self.paytable.winner = result.winning_category if result is not None else None
        wild = wild_line(view.table.machine)
        say(self.wild, wild)
        if self.wild.display != bool(wild):
            self.wild.display = bool(wild)
        advice = view.advice if drawing and hand is not None else None
        if advice is not None and hand is not None and advice is not self._coach_shown:
            if self.paytable.display and self.paytable.outer_size.height:
                # the pay table's box exactly: nothing below it moves
                self.coach.styles.height = self.paytable.outer_size.height
            lines = int(self.coach.styles.height.value) if self.coach.styles.height else 0
            self.coach.update(
                advice_text(advice, hand.exchanges_done + 1, hand.exchange_rounds, self._ascii, lines=lines)
            )
        self._coach_shown = advice
        if self.coach.display != (advice is not None):
            self.coach.display = advice is not None
            self.paytable.display = advice is None
        in_play = view.in_play
        self.paytable.coins = in_play.coins if in_play is not None else view.coins
        if self.bet.value != view.coins:
            with self.bet.prevent(BetControls.Changed):
                self.bet.value = view.coins
        self.bet.locked = not betting
        stake = in_play.stake if in_play is not None else view.table.stake(view.coins)
        say(self.stake, f"Stake {format_chips(stake)} chips")
        self.balance.at_stake = in_play.stake if in_play is not None else 0
        if betting:
            refusal = view.refusal
            label = "Refill…" if refusal is not None and refusal.refill else "Deal"
        else:
            label = "Draw" if not drawing or view.ticked else "Stand"
        if str(self.action.label) != label:
            self.action.label = label
        self.action.action = "screen.deal" if betting else "screen.draw"
        self.action.disabled = not allowed("deal" if betting else "draw")
        rounds = f"Exchange {hand.exchanges_done + 1} of {hand.exchange_rounds}" if drawing and hand else ""
        say(self.round, rounds)
        say(self.message, hint(view))
