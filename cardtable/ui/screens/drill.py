"""Strategy drills: a stream of decisions, each graded at once.

``cardtable drill blackjack|poker`` opens :class:`DrillScreen` over the lobby; the lobby
offers it on ``d`` (:class:`DrillChoice` asks which game). Blackjack is answered with the
table's keys (``h`` ``s`` ``d`` ``p``), poker with ``1``–``5`` to tick the cards to
exchange and ``enter`` to draw. Each answer is graded against the exact EVs
(:mod:`cardtable.ai.drills`) and the next question follows at once, the verdict on the
last one shown above it. After :data:`~cardtable.ai.drills.DEFAULT_QUESTIONS` answers, or
on ``escape``, the score (answered, best, EV given away) is shown and kept in the store
(:meth:`cardtable.store.Store.record_drill`).

The questions are made in a thread, one ahead of the player (an analysis call is a
fraction of a second the first time an up card or a machine is seen), so a key never
waits on arithmetic. Keys typed while a question is still being dealt ("Dealing…", the
first one on a busy machine) are kept and applied, in order, once it is shown: a key is
never lost. A drill's EVs are per unit of stake; the cost in chips is for a
blackjack hand at the table minimum and a poker hand of 5 coins of the coin size.
"""

from __future__ import annotations

from textual import events, getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Checkbox
from textual.worker import Worker, WorkerState

from ...ai.drills import DEFAULT_QUESTIONS, DRILL_GAMES, BlackjackDrill, PokerDrill, Question, exchange_words
from ...ai.grading import Accuracy, Decision, accuracy
from ...i18n import N_, _
from ...store import StoreError
from ..room import CardRoom
from ..widgets.common.card import CardSize, CardWidget
from ..widgets.common.footer import KeyFooter
from ..widgets.common.header import TitleHeader
from ..widgets.drill.views import (
    BlackjackQuestion,
    DrillPrompt,
    DrillScoreBox,
    DrillTally,
    DrillTitle,
    DrillVerdict,
    PokerQuestion,
)
from ..widgets.drill.words import DRILL_TITLES, Stake
from .drill_choice import DrillChoice
from .drill_making import make_drill

__all__ = ["DrillScreen", "DrillChoice", "DRILL_TITLES"]

#: From this many rows the cards are drawn large.
_ROOMY_HEIGHT = 34


class DrillScreen(Screen[None]):
    """One drill of ``questions`` decisions of ``game`` ("blackjack" or "poker").

    Its state is four reactives (the question shown, the cards ticked, the answers graded,
    over or not) that the widgets are bound to; the screen itself makes the questions and
    turns keys into answers.
    """

    app = getters.app(CardRoom)  # typed: the card room's own attributes

    DEFAULT_CSS = """
    DrillScreen #drill { padding: 0 2; height: 1fr; }
    DrillScreen #drill-title { width: 1fr; text-style: bold; color: $accent; }
    DrillScreen #drill-tally { width: 1fr; color: $text-muted; margin-bottom: 1; }
    DrillScreen .drill-label { width: 1fr; height: 1; }
    DrillScreen #drill-play, DrillScreen PokerQuestion { height: auto; }
    DrillScreen #drill-table { height: auto; }
    DrillScreen #drill-dealer-box { width: 18; height: auto; }
    DrillScreen #drill-hand-box { width: 1fr; height: auto; }
    DrillScreen #drill-dealer, DrillScreen #drill-hand { height: 5; width: auto; margin-bottom: 1; }
    DrillScreen #drill-dealer CardWidget, DrillScreen #drill-hand CardWidget { margin-right: 1; }
    DrillScreen CardSlots { height: auto; width: auto; margin-bottom: 1; }
    DrillScreen .poker-slot { grid-columns: 13; grid-rows: 6 1; width: 65; height: 7; }
    DrillScreen .poker-slot CardWidget { margin: 1 0 0 3; }
    DrillScreen #drill-prompt { width: 1fr; height: auto; }
    DrillScreen #drill-feedback { width: 1fr; height: auto; margin-top: 1; }
    DrillScreen #drill-score { width: 1fr; height: auto; border: round $accent; padding: 0 1; }
    DrillScreen #drill-play.-hidden, DrillScreen #drill-score.-hidden { display: none; }
    DrillScreen.-roomy #drill-dealer, DrillScreen.-roomy #drill-hand { height: 9; }
    DrillScreen.-roomy #drill-dealer-box { width: 22; }
    DrillScreen.-roomy .poker-slot { grid-columns: 15; grid-rows: 10 1; width: 75; height: 11; }
    DrillScreen.-roomy .poker-slot CardWidget { margin: 1 0 0 2; }
    """

    BINDINGS = [
        Binding("h", "answer('Hit')", N_("Hit"), priority=True, id="drill.hit"),
        Binding("s", "answer('Stand')", N_("Stand"), priority=True, id="drill.stand"),
        Binding("d", "answer('Double')", N_("Double"), priority=True, id="drill.double"),
        Binding("p", "answer('Split')", N_("Split"), priority=True, id="drill.split"),
        Binding("1", "tick(0)", N_("Exchange"), key_display="1-5", priority=True, id="drill.tick1"),
        Binding("2", "tick(1)", N_("Exchange 2"), show=False, priority=True, id="drill.tick2"),
        Binding("3", "tick(2)", N_("Exchange 3"), show=False, priority=True, id="drill.tick3"),
        Binding("4", "tick(3)", N_("Exchange 4"), show=False, priority=True, id="drill.tick4"),
        Binding("5", "tick(4)", N_("Exchange 5"), show=False, priority=True, id="drill.tick5"),
        Binding("enter", "draw", N_("Draw"), priority=True, id="drill.draw"),
        Binding("enter", "again", N_("Again"), priority=True, id="drill.again"),
        Binding("escape", "end", N_("End drill"), id="drill.end"),
        Binding("escape", "leave", N_("Back"), id="drill.back"),
    ]

    question: reactive[Question | None] = reactive(None, bindings=True)
    """The question shown (None while the next one is dealt, and once the drill is over)."""
    ticked: reactive[frozenset[int]] = reactive(frozenset())
    """Poker: the cards ticked for exchange."""
    decisions: reactive[tuple[Decision, ...]] = reactive(())
    """The answers so far, graded."""
    over: reactive[bool] = reactive(False, bindings=True)

    def __init__(self, game: str, *, questions: int = DEFAULT_QUESTIONS, seed: int | None = None) -> None:
        super().__init__()
        if game not in DRILL_GAMES:
            raise ValueError(f"no drills for {game!r}; choose {' or '.join(DRILL_GAMES)}")
        self.game = game
        self.total = questions
        self.seed = seed
        self.recorded = False
        self._ready: list[Question] = []
        #: Answers and ticks typed while the question was being dealt, applied once it shows.
        self._typed_ahead: list[tuple[str, str | int]] = []
        self._making = False
        self._drill: BlackjackDrill | PokerDrill | None = None
        self.stake = Stake(game, 0)
        """What a question is played for (the cost's unit)."""

    # -- building --------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        ascii = self.app.ascii
        drill, stake = make_drill(self.app, self.game, self.seed)  # the settings, read once
        self._drill, self.stake = drill, stake
        state = {"question": DrillScreen.question, "decisions": DrillScreen.decisions}
        yield TitleHeader()
        with Vertical(id="drill"):
            yield DrillTitle(self.game, self.total, id="drill-title").data_bind(**state, over=DrillScreen.over)
            yield DrillTally(self.total, id="drill-tally").data_bind(decisions=DrillScreen.decisions)
            with Vertical(id="drill-play"):
                if isinstance(drill, PokerDrill):
                    yield PokerQuestion(drill.machine.name, stake, ascii=ascii, id="drill-poker").data_bind(
                        question=DrillScreen.question, ticked=DrillScreen.ticked)
                else:
                    yield BlackjackQuestion(ascii=ascii, id="drill-table").data_bind(question=DrillScreen.question)
                yield DrillPrompt(self.game, id="drill-prompt").data_bind(
                    question=DrillScreen.question, ticked=DrillScreen.ticked)
            yield DrillScoreBox(id="drill-score", classes="-hidden")
            yield DrillVerdict(ascii=ascii, id="drill-feedback")
        yield KeyFooter()

    def on_mount(self) -> None:
        self._make()

    def on_resize(self, event: events.Resize) -> None:
        """A centred column 80 wide; large cards from 34 rows (as the tables)."""
        width, height = event.size
        side = max(2, (width - 80) // 2)
        self.query_one("#drill").styles.padding = (2 if height >= _ROOMY_HEIGHT else 0, side, 0, side)
        roomy = height >= _ROOMY_HEIGHT
        self.set_class(roomy, "-roomy")
        size = CardSize.LARGE if roomy else CardSize.BOX
        for card in self.query(CardWidget):
            card.size_class = size

    def watch_over(self, over: bool) -> None:
        self.query_one("#drill-play").set_class(over, "-hidden")

    # -- questions, made one ahead in a thread --------------------------------------

    def _make(self) -> None:
        if self._making or self.over or self._drill is None or self._ready:
            return  # one question ahead is enough
        if len(self.decisions) + (self.question is not None) >= self.total:
            return
        self._making = True
        self.run_worker(self._drill.question, thread=True, group="drill-question", exit_on_error=False)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group != "drill-question":
            return
        if event.state is WorkerState.SUCCESS:
            self._making = False
            result = event.worker.result
            if isinstance(result, Question):
                self._ready.append(result)
            if self.question is None and not self.over:
                self._next()
            else:
                self._make()
        elif event.state in (WorkerState.ERROR, WorkerState.CANCELLED):
            self._making = False
            if event.state is WorkerState.ERROR:
                failed = _("The next question could not be made ({error}).")
                self.query_one(DrillPrompt).failure = failed.format(error=event.worker.error)

    def _next(self) -> None:
        """Show the next question (or wait for it), and start making the one after; then
        apply the keys typed while it was being dealt."""
        self.ticked = frozenset()
        self.question = self._ready.pop(0) if self._ready else None
        self._make()
        while self._typed_ahead and self.question is not None and not self.over:
            action, argument = self._typed_ahead.pop(0)
            if action == "answer":
                self.action_answer(str(argument))
            elif action == "tick":
                self.action_tick(int(argument))
            else:
                self.action_draw()

    def _dealing(self) -> bool:
        """A question is on its way (typed keys wait for it)."""
        return self.question is None and not self.over and self._drill is not None

    # -- keys ------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        blackjack = self.game == "blackjack"
        if action == "answer":
            if not blackjack or self.over:
                return False
            q = self.question
            if q is None:
                return True  # typed ahead: kept for the question being dealt
            return True if (parameters and parameters[0] in q.evs) else None
        if action in ("tick", "draw"):
            return not (blackjack or self.over)
        if action == "again":
            return self.over
        if action == "end":  # mid-drill with answers: end it and show the score
            return not self.over and bool(self.decisions)
        if action == "leave":
            return self.over or not self.decisions
        return True

    def action_answer(self, chosen: str) -> None:
        """Blackjack: take ``chosen`` ("Hit", "Stand", "Double", "Split")."""
        if self._dealing() and self.game == "blackjack":
            self._typed_ahead.append(("answer", chosen))
            return
        q = self.question
        if q is None or self.over or chosen not in q.evs:
            return
        self._graded(q, chosen)

    def action_tick(self, index: int) -> None:
        """Poker: tick (or untick) card ``index`` for exchange."""
        if self._dealing() and self.game == "poker":
            self._typed_ahead.append(("tick", index))
            return
        if self.question is None or self.over or self.game != "poker":
            return
        self.ticked ^= {index}

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        """A click on a card's Exchange box."""
        event.stop()
        box_id = event.checkbox.id or ""
        if box_id.startswith("exchange-") and self.question is not None and not self.over:
            index = int(box_id.removeprefix("exchange-"))
            if (index in self.ticked) != event.value:
                self.action_tick(index)

    def on_click(self, event: events.Click) -> None:
        """A click on a poker card ticks it, as on the table."""
        widget = event.widget
        if self.game == "poker" and isinstance(widget, CardWidget) and (widget.id or "").startswith("card-"):
            self.action_tick(int((widget.id or "card-0").removeprefix("card-")))

    def action_draw(self) -> None:
        """Poker: exchange the ticked cards (the answer)."""
        if self._dealing() and self.game == "poker":
            self._typed_ahead.append(("draw", 0))
            return
        q = self.question
        if q is None or self.over or self.game != "poker":
            return
        self._graded(q, exchange_words(sorted(self.ticked)))

    def _graded(self, q: Question, chosen: str) -> None:
        decision = q.grade(chosen, self.stake.amount)
        self.decisions = (*self.decisions, decision)
        self.query_one(DrillVerdict).graded = (q, decision, self.stake)
        if len(self.decisions) >= self.total:
            self._finish()
        else:
            self._next()

    def action_end(self) -> None:
        """End the drill now: its score is shown and kept."""
        if self.decisions:
            self._finish()

    def action_leave(self) -> None:
        """Back to the room (the score, if any, is already kept)."""
        self.app.pop_screen()

    def action_again(self) -> None:
        """Another drill of the same game."""
        if not self.over:
            return
        self.app.switch_screen(DrillScreen(self.game, questions=self.total, seed=None))

    # -- the end ---------------------------------------------------------------------

    @property
    def tally(self) -> Accuracy:
        return accuracy(self.decisions)

    def _finish(self) -> None:
        if self.over:
            return
        self.question = None
        self.over = True
        tally = self.tally
        self._record(tally)
        try:
            earlier = self.app.store.drill_scores(self.game)
        except StoreError:
            earlier = []
        if self.recorded:
            earlier = earlier[:-1]  # this drill's own score is the last one kept
        self.query_one(DrillScoreBox).score = (tally, tuple(earlier), self.stake)

    def _record(self, tally: Accuracy) -> None:
        if self.recorded or not tally.taken:
            return
        self.recorded = True
        try:
            self.app.store.record_drill(self.game, tally.taken, tally.best, tally.cost)
        except (StoreError, ValueError) as error:
            said = _("The drill's score could not be kept: {error}").format(error=error)
            self.notify(said, severity="error", timeout=8)

    def retranslate(self) -> None:
        """The words kept in widgets, in the language in force (the rest render anew)."""
        for view in (*self.query(BlackjackQuestion), *self.query(PokerQuestion)):
            view.retranslate()

    def on_unmount(self) -> None:
        """Leaving mid-drill (ctrl+q) still keeps what was answered."""
        if not self.over:
            try:
                self._record(self.tally)
            except Exception:  # noqa: BLE001 - the app is closing; never a traceback
                pass
