"""The draw-poker table: bet, deal five, tick the cards to exchange, draw, get paid.

The rules live in the core: :class:`~cardtable.core.poker_hand.DrawHand` steps one
hand, :class:`~cardtable.core.poker_table.PokerTable` says what a bet costs and
whether it can be dealt. The screen holds one reactive :attr:`PokerScreen.view` (a
:class:`~cardtable.ui.widgets.poker.view.PokerView`: the hand, the bet, the ticks,
the cards still face down, the tip, the notice) and renders it in
:meth:`PokerScreen.watch_view`; what a key, a button or a box may do is computed from
it (:meth:`PokerView.allows`). Each step is applied to
the hand at once and saved before it is shown: the deal commits the stake with the
hand saved open, each exchange is saved before its cards appear, and the settlement
pays and closes the hand in one transaction. Leaving mid-hand leaves it open; the
table resumes it when opened again. The reveal (:meth:`GameScreen.catch_up`) only
catches the picture up.

The table is a row of machines (``assets/paytables``): ``m`` or a click on the
machine line walks to the next one between hands, remembered in the settings; a hand is
always paid (and resumed) by the machine it was dealt on.

The coach (:mod:`cardtable.ai.coach_poker`): ``t`` lists the best holds of the
decision at hand in the screen's terms ("exchange 2 4 5 (keep K♠ J♦)") with their value
per coin, in every exchange round (exact in the last, an estimate with its ± before it),
and ticks the best hold's boxes when pressed again; the advice is worked out in a worker
thread as soon as the cards show. Every exchange is graded into the record's meta and the
history's details; ``k`` toggles coach mode, which questions a costly exchange first.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from math import hypot
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.events import Click
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Checkbox, Header
from textual.worker import get_current_worker

from ...ai.grading import WARN_THRESHOLD, Decision, grade
from ...core.poker_hand import HAND_SIZE, DrawHand, Phase
from ...core.poker_machines import JACKS_OR_BETTER, Machine
from ...core.poker_table import PokerTable
from ...core.record import RoundRecord
from ...resources import asset_path
from ...tables.hub import TableError
from ...tables.local import LocalAccount, LocalHub
from ...tables.poker import PokerService
from ..widgets.common.bet import BetControls
from ..widgets.common.card import CardSize, CardWidget
from ..widgets.common.footer import KeyFooter
from ..widgets.poker import machines as room
from ..widgets.poker.layout import PokerLayout, say
from ..widgets.poker.machines import machines_on_offer
from ..widgets.poker.view import PokerView
from ..widgets.poker.words import (
    NOT_SAVED,
    WAITING,
    coach_line,
    return_text,
)
from .base import GameScreen
from .coach_warning import CoachWarning

if TYPE_CHECKING:
    from ...ai.coach_poker import PokerAdvice

    #: One decision: the cards, the cards out of play, the rounds left, the machine, the coins.
    SpotKey = tuple[Any, ...]

__all__ = ["PokerScreen", "PokerView", "machines_on_offer"]


#: The screen's height from which the cards are large and the table centred.
ROOMY_FROM = 36


class PokerScreen(GameScreen):
    """Five-card draw at a row of video-poker machines (9/6 Jacks or Better first)."""

    GAME: ClassVar[str] = "poker"
    COACH_ON = "Coach mode on: an exchange that gives value away is questioned first."
    COACH_OFF = "Coach mode off: every exchange is still graded (see the summary)."
    CSS_PATH = [str(asset_path("styles", "poker.tcss"))]

    # Every table key is a priority binding: the app handles priority keys the moment
    # they arrive but forwards the others to the screen's queue, so a fast "- Enter"
    # from the terminal would deal before the bet went down. All priority keeps order.
    BINDINGS = [
        Binding("enter", "deal", "Deal", priority=True, id="poker.deal"),
        Binding("enter", "draw", "Draw", priority=True, id="poker.draw"),
        # When neither can run, enter still belongs to the table: it must not press
        # whatever button happens to have focus (e.g. the bet's "-").
        Binding("enter", "swallow", "", show=False, priority=True, id="poker.enter_idle"),
        Binding("1", "exchange(0)", "Exchange", key_display="1-5", priority=True, id="poker.toggle1"),
        Binding("2", "exchange(1)", "Exchange 2", show=False, priority=True, id="poker.toggle2"),
        Binding("3", "exchange(2)", "Exchange 3", show=False, priority=True, id="poker.toggle3"),
        Binding("4", "exchange(3)", "Exchange 4", show=False, priority=True, id="poker.toggle4"),
        Binding("5", "exchange(4)", "Exchange 5", show=False, priority=True, id="poker.toggle5"),
        # The bet's own − and + buttons and the machine line show these keys; the
        # footer then fits 80 columns.
        Binding("plus", "bet_up", "Bet", key_display="+/-", show=False, priority=True, id="poker.bet_up"),
        Binding("minus", "bet_down", "Bet −", show=False, priority=True, id="poker.bet_down"),
        Binding("up", "bet_up", "Bet +", show=False, priority=True, id="poker.bet_up_arrow"),
        Binding("down", "bet_down", "Bet −", show=False, priority=True, id="poker.bet_down_arrow"),
        Binding("r", "repeat", "Repeat", priority=True, id="poker.repeat"),
        Binding("t", "tip", "Tip", priority=True, id="poker.tip"),
        Binding("k", "coach", "Coach", priority=True, id="poker.coach"),
        Binding("m", "next_machine", "Machine", show=False, priority=True, id="poker.machine"),
    ]

    view: reactive[PokerView] = reactive(PokerView, init=False, repaint=False, bindings=True, always_update=True)
    """The table as shown; keys, buttons, boxes and widgets follow it."""

    def __init__(self) -> None:
        super().__init__()
        self.machines = machines_on_offer()
        self.pay_table: Machine = JACKS_OR_BETTER
        # -- the coach --
        #: The hand's graded exchanges (``Decision.to_json()``), kept in its record's meta.
        self._decisions: list[dict[str, Any]] = []
        #: Advice worked out for this hand's decisions, and the ones being worked out.
        self._advice: dict[SpotKey, PokerAdvice] = {}
        self._computing: set[SpotKey] = set()
        #: ``t`` was pressed before the advice was ready: show it when it comes.
        self._tip_wanted: SpotKey | None = None
        #: Enter was pressed before the advice was ready: (decision, ticks) to draw then.
        self._pending_draw: tuple[SpotKey, frozenset[int]] | None = None
        #: The coach's warning is open: no other draw until it is answered.
        self._warning_open = False

    def _chosen_machine(self) -> Machine:
        """The machine the settings remember (9/6 Jacks or Better if it is not on offer)."""
        key = self.app.settings.poker_machine
        return self.machines.get(key, self.machines.get(JACKS_OR_BETTER.key, JACKS_OR_BETTER))

    def _table_for(self, machine: Machine) -> PokerTable:
        settings = self.app.settings
        return PokerTable(int(settings.poker_coin), int(settings.poker_exchanges), machine)

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
        self.pay_table = self._chosen_machine()
        table = self._table_for(self.pay_table)
        self.set_reactive(PokerScreen.view, PokerView(table, bankroll=self.app.bankroll))
        layout = self._layout = PokerLayout(self.pay_table, table, ascii=self.app.ascii, id="poker-table")
        self._paytable, self._bet, self._banner = layout.paytable, layout.bet, layout.banner
        self._slots, self._machine = layout.slots, layout.machine
        yield Header()
        yield layout
        yield KeyFooter()

    def on_resize(self, event: events.Resize) -> None:
        """Large cards and a table centred in its height when the terminal has room."""
        roomy = event.size.height >= ROOMY_FROM
        self.set_class(roomy, "-roomy")
        self._slots.set_card_size(CardSize.LARGE if roomy else CardSize.BOX)

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
        self.pay_table = hand.pay_table
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

    def allowed(self, action: str) -> bool:
        return self.view.allows(action) is True

    # -- rendering ------------------------------------------------------------------------

    def watch_view(self, view: PokerView) -> None:
        self._layout.draw(view, self.allowed)

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
                self.view = replace(view, notice=(refusal.message, "error"))
            return
        deck = view.table.fresh_deck(self.app.make_shoe(self.GAME, 1))
        try:  # committed before a card is shown (RULES.md section 1)
            hand = self.service.deal(view.table, view.coins, deck)
        except TableError as error:
            if error.code == "store":
                self.report_refusal("The round was not dealt", error)
            else:
                self.view = replace(view, notice=(str(error), "error"))
            return
        self._new_hand_coach()
        self._reveal(replace(view, hand=hand, last_coins=view.coins, notice=None), range(HAND_SIZE))
        self._start_advice(self._spot_key(hand))  # worked out while the cards turn over

    def action_draw(self) -> None:
        """Exchange the ticked cards (none ticked: stand), then rank and pay.

        Every exchange is graded first (coach mode or not). The advice is usually
        ready — it is worked out in a thread as soon as the cards are shown; the last
        round's is exact and takes milliseconds, so it is worked out here if need be;
        an earlier round's may still be on its way, and then the draw follows it
        ("working…": no key waits meanwhile). In coach mode a costly exchange asks
        :class:`CoachWarning` first."""
        view = self.view
        before = view.hand
        if not self.allowed("draw") or before is None:
            return
        if before.phase is Phase.SHOWDOWN:  # the result was not saved: try again
            self.view = self._settled(view)
            return
        if self._warning_open or self._pending_draw is not None:
            return  # the coach's question is open, or the draw already waits for it
        key = self._spot_key(before)
        advice = self._advice.get(key)
        if advice is None and key[2] == 1:
            advice = self._advise_now(key)
        if advice is None:
            self._pending_draw = (key, view.ticked)
            self._start_advice(key)
            self.view = replace(view, tip="Working… the coach grades this exchange, then the cards come.")
            return
        self._decide(before, view.ticked, advice)

    def _decide(self, hand: DrawHand, ticked: frozenset[int], advice: PokerAdvice) -> None:
        """Grade the exchange of ``ticked``, then draw — or, in coach mode, warn first."""
        decision = self._grade(hand, ticked, advice)
        if self.app.settings.coach and self._costly(decision, advice, ticked):
            self._warning_open = True
            self.app.push_screen(CoachWarning(decision), partial(self._warned, hand, ticked, decision))
            return
        self._exchange(hand, ticked, decision)

    @staticmethod
    def _costly(decision: Decision, advice: PokerAdvice, ticked: frozenset[int]) -> bool:
        """Worth a warning: below the best by more than WARN_THRESHOLD — and, between two
        estimates, by more than twice their combined standard error as well (the coach
        does not question a choice the sampling cannot tell from the best)."""
        mine = advice.value_of(tuple(i for i in range(HAND_SIZE) if i not in ticked))
        noise = 2 * hypot(mine.se, advice.best.se)
        return decision.ev_best - decision.ev_chosen > WARN_THRESHOLD + noise

    def _warned(self, hand: DrawHand, ticked: frozenset[int], decision: Decision, go: bool | None) -> None:
        """The coach's warning was answered: draw anyway, or take it back (the boxes stay
        as they were and nothing is drawn)."""
        self._warning_open = False
        if self.view.hand is not hand:
            return
        if not go:
            self._banner.show(f"Taken back: {decision.best} is worth the most here. Your choice.", "info")
            return
        self._exchange(hand, ticked, decision)

    def _exchange(self, before: DrawHand, ticked: frozenset[int], decision: Decision | None) -> None:
        view = self.view
        # Saved before the new cards are shown: a restart must not offer the choice
        # again with the next cards known.
        try:
            hand = self.service.exchange(ticked, decision.to_json() if decision is not None else None)
        except TableError as error:
            self.report_refusal("That could not be saved, so it was not done", error)
            self.view = replace(view, hand=self.service.hand, bankroll=self.app.bankroll)
            return
        self._decisions = list(self.service.decisions)
        self._reveal(replace(view, hand=hand), hand.replaced)
        if hand.phase is Phase.DRAWING:
            self._start_advice(self._spot_key(hand))  # the next round's, while the cards turn

    def action_tip(self) -> None:
        """The best holds of this decision, each saying which cards to exchange, with its
        value per coin (exact in the last round; an earlier round's accounts for the
        rounds after it). Pressed again: tick the best hold's Exchange boxes."""
        hand = self.view.hand
        if not self.allowed("tip") or hand is None:
            return
        key = self._spot_key(hand)
        advice = self._advice.get(key)
        if advice is None and key[2] == 1:
            advice = self._advise_now(key)
        if advice is None:
            self._tip_wanted = key
            self._start_advice(key)
            self.view = replace(self.view, tip="Tip: working… (the coach weighs the rounds still to come)")
            return
        if self.view.advice is advice:  # shown already: tick the best hold's boxes
            best = advice.best
            self.view = replace(self.view, ticked=frozenset(best.discards), tip=self._tip_line(advice, ticked=True))
            return
        self.view = replace(self.view, advice=advice, tip=self._tip_line(advice))

    def _tip_line(self, advice: PokerAdvice, ticked: bool = False) -> str:
        from ...ai.coach_poker import hold_text

        best = advice.best
        figure = f"{best.ev:.3f}" if best.exact else f"about {best.ev:.3f} ±{best.se:.3f}"
        words = hold_text(advice.cards, best.hold, self.app.ascii)
        if ticked:
            return f"Ticked: {words} · Enter draws (change the boxes if you like)"
        if advice.about_equal:  # the sampling cannot tell these apart: said, not hidden
            also = " or ".join(hold_text(advice.cards, h, self.app.ascii) for h in advice.about_equal)
            return f"Tip: {words}, about equal to {also} · {figure} per coin · t ticks it"
        return f"Tip: {words} · {figure} per coin · t ticks it"

    # -- the coach: values worked out off the UI thread ----------------------------------

    def _new_hand_coach(self) -> None:
        self.workers.cancel_group(self, "poker-coach")  # the last hand's advice is not needed
        self._computing.clear()
        self._decisions = []
        self._advice.clear()
        self._tip_wanted = None
        self._pending_draw = None

    def _spot_key(self, hand: DrawHand) -> SpotKey:
        """(cards, cards out of play, rounds left, machine, coins) of the decision at hand."""
        from ...ai.coach_poker import out_of_play

        return (hand.cards, out_of_play(hand), hand.exchange_rounds - hand.exchanges_done, hand.pay_table, hand.coins)

    def _advise_now(self, key: SpotKey) -> PokerAdvice:
        """The last round's advice, exact, in a few milliseconds: worked out at once."""
        from ...ai.coach_poker import advise

        cards, out, rounds_left, machine, coins = key
        advice = self._advice[key] = advise(cards, machine, coins, out, rounds_left)
        return advice

    def _start_advice(self, key: SpotKey) -> None:
        """Work out the advice for ``key`` in a thread (once)."""
        if key in self._advice or key in self._computing:
            return
        self._computing.add(key)
        self.run_worker(partial(self._work_out, key), thread=True, group="poker-coach", exit_on_error=False)

    def _work_out(self, key: SpotKey) -> None:
        """In a worker thread: the advice, handed to the UI thread."""
        from ...ai.coach_poker import AdviceCancelled, advise

        worker = get_current_worker()
        cards, out, rounds_left, machine, coins = key
        try:
            advice = advise(cards, machine, coins, out, rounds_left, cancelled=lambda: worker.is_cancelled)
        except AdviceCancelled:
            return  # a new hand was dealt, or the app is closing
        except Exception:  # noqa: BLE001 — a failed tip must never break the table
            advice = None
        # a message, not call_from_thread: that would block this thread on an app
        # that is closing (and the interpreter waits for its worker threads at exit)
        self.post_message(self.AdviceReady(key, advice))

    class AdviceReady(Message):
        """A worker thread has the advice for a decision (None: it failed)."""

        def __init__(self, key: SpotKey, advice: PokerAdvice | None) -> None:
            super().__init__()
            self.key = key
            self.advice = advice

    def on_poker_screen_advice_ready(self, message: AdviceReady) -> None:
        message.stop()
        self._advice_ready(message.key, message.advice)

    def _advice_ready(self, key: SpotKey, advice: PokerAdvice | None) -> None:
        self._computing.discard(key)
        if advice is not None:
            self._advice[key] = advice
        if not self.is_mounted:
            return  # the table was left: the open hand waits, undrawn
        if self.app.screen is not self:
            # covered (the history, the rules): nothing is drawn behind the player's back
            if self._pending_draw is not None:
                self._pending_draw = None
                self.view = replace(self.view, tip="The draw waited for the coach: press Enter again.")
            self._tip_wanted = None
            return
        hand = self.view.hand
        current = hand is not None and hand.phase is Phase.DRAWING and self._spot_key(hand) == key
        if advice is None:
            if current:
                self._banner.show("The coach could not work this hand out: choose freely.", "error")
                if self._pending_draw is not None and hand is not None:
                    _key, ticked = self._pending_draw
                    self._pending_draw = None
                    self._exchange_ungraded(hand, ticked)
            return
        if not current or hand is None:
            return
        if self._pending_draw is not None and self._pending_draw[0] == key:
            _key, ticked = self._pending_draw
            self._pending_draw = None
            self.view = replace(self.view, tip=None)
            self._decide(hand, ticked, advice)
            return
        if self._tip_wanted == key:
            self._tip_wanted = None
            self.view = replace(self.view, advice=advice, tip=self._tip_line(advice))

    def _exchange_ungraded(self, before: DrawHand, ticked: frozenset[int]) -> None:
        """The draw when the coach failed (never expected): as before the coach existed."""
        self._exchange(before, ticked, None)

    def _grade(self, hand: DrawHand, ticked: frozenset[int], advice: PokerAdvice) -> Decision:
        from ...ai.coach_poker import hand_words, hold_text

        ascii = self.app.ascii
        chosen = tuple(i for i in range(HAND_SIZE) if i not in ticked)
        evs = {hold_text(advice.cards, h.hold, ascii): h.ev for h in advice.holds}
        spot = hand_words(hand.cards, ascii)
        if hand.exchange_rounds > 1:
            spot += f" · exchange {hand.exchanges_done + 1} of {hand.exchange_rounds}"
        mine, best = advice.value_of(chosen), advice.best
        estimated = not (mine.exact and best.exact)
        return grade("poker", spot, evs, hold_text(advice.cards, chosen, ascii), hand.stake, estimated=estimated)

    # -- the row of machines ----------------------------------------------------------------

    def _on_offer(self) -> dict[str, Machine]:
        """The machines a saved hand may name, by name (the record keeps name and key)."""
        offer = {machine.name: machine for machine in self.machines.values()}
        offer.setdefault(JACKS_OR_BETTER.name, JACKS_OR_BETTER)
        return offer

    def action_next_machine(self) -> None:
        """Walk to the next machine in the row (between hands); the choice is remembered."""
        if not self.allowed("next_machine"):
            return
        keys = list(self.machines)
        current = self.pay_table.key
        following = keys[(keys.index(current) + 1) % len(keys)] if current in keys else keys[0]
        self.choose_machine(following)

    def choose_machine(self, key: str) -> None:
        """Sit at machine ``key``: its pay table, its deck; saved in the settings."""
        machine = self.machines.get(key)
        if machine is None or not self.allowed("next_machine"):
            return
        settings = self.app.settings
        if settings.poker_machine != key:
            self.app.save_settings(replace(settings, poker_machine=key))
        self.pay_table = machine
        table = self._table_for(machine)
        self.view = replace(
            self.view, table=table, coins=min(self.view.coins, table.max_coins), tip=None, advice=None
        )
        self._show_machine()

    def _show_machine(self) -> None:
        """The pay table and the line naming the machine and its computed return."""
        machine = self.pay_table
        self._paytable.table = machine
        self.set_class(self._paytable.compact or len(machine.order) > 9, "-tall-paytable")
        folder = self.app.store.path.parent
        computing = room.progress_text(folder)
        figure = room.returns(folder).get(machine.key)
        say(self._machine, return_text(machine, figure if figure is not None else computing))
        # the machine's price tables for the tip, built in a thread (a few hundred ms the
        # first time; a tip then answers within its 50 ms)
        self.run_worker(lambda: room.warm_advice(machine), thread=True, group="warm-advice")

    def returns_changed(self) -> None:
        """The background analysis has a new figure (or has stopped): show it."""
        if self.is_mounted:
            self._show_machine()

    def on_key(self, event: events.Key) -> None:
        """A card key while no hand is to draw does nothing: say why."""
        if event.key in ("1", "2", "3", "4", "5") and not self.allowed("exchange"):
            event.stop()
            drawing = self.view.phase is Phase.DRAWING
            self._banner.show("Wait for the cards." if drawing else "Deal first: 1–5 tick cards to exchange.", "error")

    def action_exchange(self, position: int) -> None:
        """Tick or untick card ``position`` for exchange (keys 1–5, or a click on it)."""
        if self._pending_draw is not None:
            self._banner.show("The draw is on its way: the coach is grading it.", "info")
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
        elif widget is self._machine or widget is self._paytable:
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
            self.report_refusal("The result could not be saved yet", error)
            return replace(view, notice=NOT_SAVED, bankroll=self.app.bankroll)
        self.app.remember_table(self.GAME, {"coins": settled.coins})
        graded = [d for d in (Decision.from_json(x) for x in self._decisions) if d is not None]
        return replace(view, hand=settled, bankroll=self.app.bankroll, coach=coach_line(graded))
