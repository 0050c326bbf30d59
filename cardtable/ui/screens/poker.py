"""The draw-poker table: bet, deal five, tick the cards to exchange, draw, get paid.

The rules live in the core: :class:`~cardtable.core.poker_hand.DrawHand` steps one
hand, :class:`~cardtable.core.poker_table.PokerTable` says what a bet costs and
whether it can be dealt, and :class:`~cardtable.tables.poker.PokerService` commits,
saves and pays every hand. The screen holds one reactive :attr:`PokerScreen.view` (a
:class:`~cardtable.ui.widgets.poker.view.PokerView`: the hand, the bet, the ticks, the
cards still face down, the tip, the notice) and hands it to the layout, whose widgets
each redraw the part that changed; what a key, a button or a box may do is computed
from it (:meth:`PokerView.allows`). Each step is applied to the hand at once and saved
before it is shown: the deal commits the stake with the hand saved open, each exchange
is saved before its cards appear, and the settlement pays and closes the hand in one
transaction. Leaving mid-hand leaves it open; the table resumes it when opened again.
The reveal (:meth:`GameScreen.catch_up`) only catches the picture up.

The machine choice is :class:`~.poker_machines.PokerMachines`'s, the coach (tips,
grading, coach mode) :class:`~.poker_coach.PokerCoach`'s.
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.events import Click
from textual.reactive import reactive
from textual.widgets import Checkbox

from ...ai.grading import Decision
from ...core.poker_hand import HAND_SIZE, DrawHand, Phase
from ...core.record import RoundRecord
from ...i18n import N_, _
from ...i18n.refusals import word_refusal
from ...resources import asset_path
from ...tables.hub import TableError
from ...tables.local import LocalAccount, LocalHub
from ...tables.poker import PokerService
from ..widgets.common.bet import BetControls
from ..widgets.common.card import CardSize, CardWidget
from ..widgets.common.footer import KeyFooter
from ..widgets.common.header import TitleHeader
from ..widgets.poker import machines as room
from ..widgets.poker.layout import PokerLayout
from ..widgets.poker.machines import machines_on_offer
from ..widgets.poker.view import PokerView
from ..widgets.poker.words import NOT_SAVED, WAITING
from .poker_coach import PokerCoach
from .poker_keys import POKER_KEYS
from .poker_machines import PokerMachines

__all__ = ["PokerScreen", "PokerView", "machines_on_offer"]


#: The screen's height from which the cards are large and the table centred.
ROOMY_FROM = 36
#: The table's actions whose state the footer and the buttons show.
ACTIONS = ("deal", "draw", "exchange", "bet_up", "bet_down", "repeat", "tip", "next_machine")


class PokerScreen(PokerCoach, PokerMachines):
    """Five-card draw at a row of video-poker machines (9/6 Jacks or Better first)."""

    GAME: ClassVar[str] = "poker"
    COACH_ON = N_("Coach mode on: an exchange that gives value away is questioned first.")
    COACH_OFF = N_("Coach mode off: every exchange is still graded (see the summary).")
    CSS_PATH = [str(asset_path("styles", "poker.tcss"))]

    BINDINGS = POKER_KEYS  # every one a priority binding: poker_keys.py says why

    view: reactive[PokerView] = reactive(PokerView, init=False, repaint=False, always_update=True)
    """The table as shown; keys, buttons, boxes and widgets follow it."""

    def __init__(self) -> None:
        super().__init__()
        self._machines_setup()
        self._coach_setup()
        #: What each table action may do, as the footer last showed it.
        self._keys_shown: tuple[bool | None, ...] = ()

    @property
    def hand(self) -> DrawHand | None:
        return self.view.hand

    @property
    def phase(self) -> Phase:
        return self.view.phase

    def table_minimum(self) -> int:
        return self.view.table.stake(1)

    def ticked(self) -> list[int]:
        """Positions ticked for exchange."""
        return sorted(self.view.ticked)

    def round_in_progress(self) -> bool:
        return self.view.in_play is not None

    # -- layout ---------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        #: The machine's table service: it commits, saves and pays every hand.
        self.service = PokerService(LocalAccount(self.app.store, self.app.bankroll), LocalHub(self.table_said))
        machine = self._chosen_machine()
        table = self._table_for(machine)
        self.set_reactive(PokerScreen.view, PokerView(table, bankroll=self.app.bankroll))
        # laid out for the terminal's height at once: a tall one is not first drawn short
        roomy = self.app.size.height >= ROOMY_FROM
        layout = PokerLayout(machine, table, ascii=self.app.ascii, roomy=roomy, id="poker-table")
        self._layout = layout
        self._banner, self._bet, self._slots = layout.banner, layout.bet, layout.slots
        self._set_roomy(roomy)
        self._footer = KeyFooter(early=True)
        yield TitleHeader()
        yield layout
        yield self._footer

    def on_resize(self, event: events.Resize) -> None:
        self._set_roomy(event.size.height >= ROOMY_FROM)

    def _set_roomy(self, roomy: bool) -> None:
        """Large cards and a table centred in its height when the terminal has room."""
        self.set_class(roomy, "-roomy")
        self._slots.set_card_size(CardSize.LARGE if roomy else CardSize.BOX)
        self._layout.set_roomy(roomy)

    def on_mount(self) -> None:
        self.watch(self.app, "bankroll", self._bankroll_changed, init=False)
        self.view = replace(self._resumed(self._recalled(self.view)), bankroll=self.app.bankroll)
        self._show_machine()
        hand = self.view.hand
        if hand is not None and hand.phase is Phase.DRAWING:  # a resumed hand: its advice
            self._start_advice(self._spot_key(hand))
        room.start_background_analysis(self.app, self.app.store.path.parent)
        self.call_after_refresh(self._after_first_refresh)

    def _resumed(self, view: PokerView) -> PokerView:
        """A hand left open (here or in an earlier run), dealt again from its record."""
        hand = self.resume_saved(self._replay_saved)
        if hand is None:
            return view
        # The hand is paid by the machine it was dealt on, whatever is chosen now.
        view = replace(view, table=self._table_for(hand.pay_table))
        view = replace(view, hand=hand, coins=hand.coins, last_coins=hand.coins, notice=WAITING)
        return self._settled(view) if hand.phase is Phase.SHOWDOWN else view

    def _replay_saved(self, record: RoundRecord) -> DrawHand:
        """The saved hand dealt again; the exchanges graded before it was left come back."""
        hand = DrawHand.replay(record, self._on_offer(), self.app.rng(self.GAME))
        saved = record.meta.get("decisions")
        if isinstance(saved, list):
            self._decisions = [d.to_json() for d in (Decision.from_json(x) for x in saved) if d is not None]
        self.service.resumed(hand, self._decisions)
        return hand

    def _after_first_refresh(self) -> None:
        # BetControls skips its first button sync (it is not yet "mounted" in its own
        # on_mount), so the "-" button would stay enabled at the minimum: sync it now.
        self._bet.set_values(self._bet.values)
        self.offer_refill_if_needed()

    # -- what may be done: computed from the view -----------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.view.allows(action)

    # -- rendering ------------------------------------------------------------------------

    def watch_view(self, view: PokerView) -> None:
        self._layout.view = view
        keys = tuple(view.allows(action) for action in ACTIONS)
        if keys != self._keys_shown:  # the footer is dimmed only when a key's state changes,
            self._keys_shown = keys  # in this key's frame (the full rebuild if it cannot be)
            if not self._footer.refresh_keys():
                self.refresh_bindings()

    # -- actions ---------------------------------------------------------------------------

    def action_swallow(self) -> None:
        """Enter while dealing or drawing is not possible: do nothing."""

    def action_bet_up(self) -> None:
        if self.allowed("bet_up"):
            self.view = replace(self.view, coins=self.view.coins + 1)

    def action_bet_down(self) -> None:
        if self.allowed("bet_down"):
            self.view = replace(self.view, coins=self.view.coins - 1)

    def on_bet_controls_changed(self, event: BetControls.Changed) -> None:
        """The bet's own − and + buttons were clicked."""
        event.stop()
        if event.value != self.view.coins:
            self.view = replace(self.view, coins=event.value)

    def _bankroll_changed(self, bankroll: int) -> None:
        """A refill (or another table) changed the bankroll: what can be bet changes too."""
        self.view = replace(self.view, bankroll=bankroll)

    def action_repeat(self) -> None:
        """Bet the last hand's coins again and deal."""
        last = self.view.last_coins
        if self.allowed("repeat") and last is not None:
            self.view = replace(self.view, coins=last)
            self.action_deal()

    def action_deal(self) -> None:
        """Place the bet and deal five from a fresh deck."""
        view = self.view
        if not self.allowed("deal"):
            return
        refusal = view.refusal
        if refusal is not None:  # only the refill case gets here: the others dim enter
            if refusal.refill:
                self.offer_refill_if_needed()
            else:
                self.view = replace(view, notice=(word_refusal(refusal), "error"))
            return
        deck = view.table.fresh_deck(self.app.make_shoe(self.GAME, 1))
        try:  # committed before a card is shown (docs/rules.md section 1)
            hand = self.service.deal(view.table, view.coins, deck)
        except TableError as error:
            if error.code == "store":
                self.report_refusal(_("The round was not dealt"), error)
            else:
                self.view = replace(view, notice=(str(error), "error"))
            return
        self._new_hand_coach()
        self._reveal(replace(view, hand=hand, last_coins=view.coins, notice=None), range(HAND_SIZE))
        self._start_advice(self._spot_key(hand))  # worked out while the cards turn over


    def _exchange(self, before: DrawHand, ticked: frozenset[int], decision: Decision | None) -> None:
        view = self.view
        # Saved before the new cards are shown: a restart must not offer the choice
        # again with the next cards known.
        try:
            hand = self.service.exchange(ticked, decision.to_json() if decision is not None else None)
        except TableError as error:
            self.report_refusal(_("That could not be saved, so it was not done"), error)
            self.view = replace(view, hand=self.service.hand, bankroll=self.app.bankroll)
            return
        self._decisions = list(self.service.decisions)
        self._reveal(replace(view, hand=hand), hand.replaced)
        if hand.phase is Phase.DRAWING:
            self._start_advice(self._spot_key(hand))  # the next round's, while the cards turn


    # -- ticks ---------------------------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        """A card key while no hand is to draw does nothing: say why."""
        if event.key in ("1", "2", "3", "4", "5") and not self.allowed("exchange"):
            event.stop()
            drawing = self.view.phase is Phase.DRAWING
            why = _("Wait for the cards.") if drawing else _("Deal first: 1–5 tick cards to exchange.")
            self._banner.show(why, "error")

    def action_exchange(self, position: int) -> None:
        """Tick or untick card ``position`` for exchange (keys 1–5, or a click on it)."""
        if self._pending_draw is not None:
            self._banner.show(_("The draw is on its way: the coach is grading it."), "info")
            return
        if self.allowed("exchange"):
            self.view = replace(self.view, ticked=self.view.ticked ^ {position})

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        """A click (or space) on an Exchange box."""
        event.stop()
        position = self._slots.boxes.index(event.checkbox) if event.checkbox in self._slots.boxes else -1
        if position >= 0 and (position in self.view.ticked) != event.value:
            self.action_exchange(position)

    def on_click(self, event: Click) -> None:
        """A click on a card ticks or unticks its Exchange box."""
        widget = event.widget
        if isinstance(widget, CardWidget) and widget in self._slots.cards:
            self.action_exchange(self._slots.cards.index(widget))
        elif widget is self._layout.machine or widget is self._layout.paytable:
            self.action_next_machine()  # a click on the machine line or its pay table

    # -- steps ---------------------------------------------------------------------------

    def _reveal(self, view: PokerView, positions: range | tuple[int, ...]) -> None:
        """Show ``view`` (its hand settled first if it reached the showdown); with
        animations on, ``positions`` turn over one by one.

        The state has already moved on, so keys keep working meanwhile: a newer step
        simply replaces this reveal (the base screen's catch-up runs one at a time).
        """
        view = replace(view, ticked=frozenset(), tip=None, advice=None, coach=None)
        if view.hand is not None and view.hand.phase is Phase.SHOWDOWN:
            view = self._settled(view)
        hidden = frozenset(positions) if self.app.animations else frozenset()
        self.view = replace(view, hidden=hidden, bankroll=self.app.bankroll)
        self.catch_up(sorted(hidden), self._turn_over, lambda _position: self.app.delay("card"), self._dealt)
        if view.hand is not None and view.hand.phase is Phase.SETTLED:
            self.offer_refill_if_needed()  # broke? offer the free refill now, not at the next deal

    def _turn_over(self, position: int) -> None:
        self.view = replace(self.view, hidden=self.view.hidden - {position})

    def _dealt(self) -> None:
        if self.view.hidden:
            self.view = replace(self.view, hidden=frozenset())

    def _recalled(self, view: PokerView) -> PokerView:
        """The last bet, as the table was left (r deals it again)."""
        coins = self.app.table_memory(self.GAME).get("coins")
        if isinstance(coins, int) and not isinstance(coins, bool) and 1 <= coins <= view.table.max_coins:
            return replace(view, coins=coins, last_coins=coins)
        return view

    def _settled(self, view: PokerView) -> PokerView:
        """Rank and pay the hand in the showdown: one transaction in the store. If the
        data file refuses, the hand stays in the showdown (open in the store) and
        ``enter`` tries again."""
        hand = view.hand
        if hand is None or hand.phase is not Phase.SHOWDOWN:
            return view
        try:
            settled = self.service.settle()
        except TableError as error:
            self.report_refusal(_("The result could not be saved yet"), error)
            return replace(view, notice=NOT_SAVED, bankroll=self.app.bankroll)
        self.app.remember_table(self.GAME, {"coins": settled.coins})
        return replace(view, hand=settled, bankroll=self.app.bankroll, coach=self._coach_words())
