"""The poker coach at the draw-poker table: tips, grading, coach mode.

``t`` lists the best holds of the decision at hand in the screen's terms ("exchange 2 4 5
(keep K♠ J♦)") with their value per coin, in every exchange round (exact in the last, an
estimate with its ± before it), and ticks the best hold's boxes when pressed again. The
advice is worked out in a worker thread as soon as the cards show. Every exchange is
graded before it is drawn (into the record's meta and the history's details); with coach
mode on (``k``) a costly exchange asks :class:`CoachWarning` first. The screen says how an
exchange is taken (:meth:`PokerCoach._exchange`).
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from math import hypot
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from textual.message import Message
from textual.worker import get_current_worker

from ...ai.grading import WARN_THRESHOLD, Decision, grade
from ...core.poker_hand import HAND_SIZE, DrawHand, Phase
from ...i18n import _
from ...i18n.formatting import number
from ..widgets.common.banner import Banner
from ..widgets.poker.layout import PokerLayout
from ..widgets.poker.view import PokerView
from ..widgets.poker.words import coach_line, ev_text, hold_words, stored_hold_words
from .base import GameScreen
from .coach_warning import CoachWarning

if TYPE_CHECKING:
    from ...ai.coach_poker import PokerAdvice

    #: One decision: the cards, the cards out of play, the rounds left, the machine, the coins.
    SpotKey = tuple[Any, ...]

__all__ = ["PokerCoach"]


class PokerCoach(GameScreen):
    """The coach's part of the draw-poker table (the screen holds the view and the hand)."""

    view: PokerView
    _banner: Banner
    _layout: PokerLayout

    def _coach_setup(self) -> None:
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

    def allowed(self, action: str) -> bool:
        return self.view.allows(action) is True

    if TYPE_CHECKING:  # the screen's: the hand's life

        def _settled(self, view: PokerView) -> PokerView:
            """``view`` with its hand in the showdown ranked and paid."""
            ...

        def _exchange(self, before: DrawHand, ticked: frozenset[int], decision: Decision | None) -> None:
            """Exchange ``ticked``, saved first, graded with ``decision``."""
            ...

    # -- the draw: graded first --------------------------------------------------------------

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
            self.view = replace(view, tip=_("Working… the coach grades this exchange, then the cards come."))
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
            best = stored_hold_words(decision.best)
            self._banner.show(_("Taken back: {best} is worth the most here. Your choice.").format(best=best), "info")
            return
        self._exchange(hand, ticked, decision)


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
            self.view = replace(self.view, tip=_("Tip: working… (the coach weighs the rounds still to come)"))
            return
        if self.view.advice is advice:  # shown already: tick the best hold's boxes
            best = advice.best
            self.view = replace(self.view, ticked=frozenset(best.discards), tip=self._tip_line(advice, ticked=True))
            return
        self.view = replace(self.view, advice=advice, tip=self._tip_line(advice, width=self._message_width()))

    def _tip_line(self, advice: PokerAdvice, ticked: bool = False, width: int = 0) -> str:
        """The tip under the cards; the holds about equal to the best are named too when
        the line has room for them (``width`` cells; 0: any room)."""
        best = advice.best
        if best.exact:
            figure = ev_text(best.ev)
        else:
            figure = _("about {ev} ±{se}").format(ev=ev_text(best.ev), se=number(best.se, 3))
        words = hold_words(advice.cards, best.hold, self.app.ascii)
        if ticked:
            return _("Ticked: {hold} · Enter draws (change the boxes if you like)").format(hold=words)
        plain = _("Tip: {hold} · {ev} per coin · t ticks it").format(hold=words, ev=figure)
        if advice.about_equal:  # the sampling cannot tell these apart: said, not hidden
            also = _(" or ").join(hold_words(advice.cards, h, self.app.ascii) for h in advice.about_equal)
            tip = _("Tip: {hold}, about equal to {others} · {ev} per coin · t ticks it")
            tip = tip.format(hold=words, others=also, ev=figure)
            # too long for its line: the panel beside it lists those holds anyway
            return tip if not width or cell_len(tip) <= width else plain
        return plain

    def _coach_words(self) -> str | None:
        """The coach's word on the hand's graded exchanges, for the line under the cards."""
        graded = [d for d in (Decision.from_json(x) for x in self._decisions) if d is not None]
        return coach_line(graded, self._message_width())

    def retranslate(self) -> None:
        """The language changed: every word of the table anew (the coach's after the draw
        and the tip shown are worded again from what they say)."""
        view = self.view
        if view.coach is not None:
            view = replace(view, coach=self._coach_words())
        advice = view.advice
        if view.tip is not None and advice is not None:  # "Tip: …", or "Ticked: …" once t ticked it
            ticked = view.ticked == frozenset(advice.best.discards)
            view = replace(view, tip=self._tip_line(advice, ticked, self._message_width()))
        self._layout.retranslate()
        self.view = view  # the banner, the bet and the hint worded from it anew

    def _message_width(self) -> int:
        """The cells of the line under the cards (the tip's, the coach's)."""
        width = self._layout.message.content_region.width
        return width if width > 0 else self.app.size.width - 2

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

    def on_poker_coach_advice_ready(self, message: AdviceReady) -> None:
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
                self.view = replace(self.view, tip=_("The draw waited for the coach: press Enter again."))
            self._tip_wanted = None
            return
        hand = self.view.hand
        current = hand is not None and hand.phase is Phase.DRAWING and self._spot_key(hand) == key
        if advice is None:
            if current:
                self._banner.show(_("The coach could not work this hand out: choose freely."), "error")
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
            self.view = replace(self.view, advice=advice, tip=self._tip_line(advice, width=self._message_width()))

    def _exchange_ungraded(self, before: DrawHand, ticked: frozenset[int]) -> None:
        """The draw when the coach failed (never expected): as before the coach existed."""
        self._exchange(before, ticked, None)

    def _grade(self, hand: DrawHand, ticked: frozenset[int], advice: PokerAdvice) -> Decision:
        from ...ai.coach_poker import hand_words, hold_text

        ascii = self.app.ascii
        chosen = tuple(i for i in range(HAND_SIZE) if i not in ticked)
        evs = {hold_text(advice.cards, h.hold, ascii): h.ev for h in advice.holds}
        spot = hand_words(hand.cards, ascii)  # the store's words, English like the rest of it
        if hand.exchange_rounds > 1:
            spot += f" · exchange {hand.exchanges_done + 1} of {hand.exchange_rounds}"
        mine, best = advice.value_of(chosen), advice.best
        estimated = not (mine.exact and best.exact)
        return grade("poker", spot, evs, hold_text(advice.cards, chosen, ascii), hand.stake, estimated=estimated)
