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

import random

from rich.text import Text
from textual import events, getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Checkbox, Header, Label, Static
from textual.worker import Worker, WorkerState

from ...ai.drills import DEFAULT_QUESTIONS, DRILL_GAMES, BlackjackDrill, PokerDrill, Question, exchange_words
from ...ai.grading import Accuracy, Decision, accuracy
from ...core.money import format_chips
from ...store import StoreError
from ..room import CardRoom
from ..widgets.common.card import CardSize, CardWidget, cards_text
from ..widgets.common.footer import KeyFooter
from ..widgets.common.menu import MenuItem
from ..widgets.poker.cards import CardSlots, hand_slots

__all__ = ["DrillScreen", "DrillChoice", "DRILL_TITLES"]

DRILL_TITLES = {"blackjack": "Blackjack", "poker": "Draw poker"}
_BJ_KEYS = {"Hit": "h", "Stand": "s", "Double": "d", "Split": "p"}
#: Poker: coins a drill hand is played with (the EVs are per coin at this bet).
_POKER_COINS = 5
#: From this many rows the cards are drawn large.
_ROOMY_HEIGHT = 34


def _ev(value: float) -> str:
    return f"{value:+.3f}".replace("-", "\u2212")


class DrillScreen(Screen[None]):
    """One drill of ``questions`` decisions of ``game`` ("blackjack" or "poker")."""

    app = getters.app(CardRoom)  # typed: the card room's own attributes

    DEFAULT_CSS = """
    DrillScreen #drill { padding: 0 2; height: 1fr; }
    DrillScreen #drill-title { width: 1fr; text-style: bold; color: $accent; }
    DrillScreen #drill-tally { width: 1fr; color: $text-muted; margin-bottom: 1; }
    DrillScreen .drill-label { width: 1fr; height: 1; }
    DrillScreen #drill-play { height: auto; }
    DrillScreen #drill-table { height: auto; }
    DrillScreen #drill-dealer-box { width: 18; height: auto; }
    DrillScreen #drill-hand-box { width: 1fr; height: auto; }
    DrillScreen #drill-dealer, DrillScreen #drill-hand { height: 5; width: auto; margin-bottom: 1; }
    DrillScreen #drill-dealer CardWidget, DrillScreen #drill-hand CardWidget { margin-right: 1; }
    DrillScreen CardSlots { height: auto; width: auto; margin-bottom: 1; }
    DrillScreen .poker-slot { width: 13; height: auto; }
    DrillScreen .poker-key { width: 1fr; content-align: center middle; }
    DrillScreen .poker-slot CardWidget { margin-left: 3; }
    DrillScreen #drill-prompt { width: 1fr; height: auto; }
    DrillScreen #drill-feedback { width: 1fr; height: auto; margin-top: 1; }
    DrillScreen #drill-score { width: 1fr; height: auto; border: round $accent; padding: 0 1; }
    DrillScreen #drill-play.-hidden, DrillScreen #drill-score.-hidden { display: none; }
    DrillScreen.-roomy #drill-dealer, DrillScreen.-roomy #drill-hand { height: 9; }
    DrillScreen.-roomy #drill-dealer-box { width: 22; }
    DrillScreen.-roomy .poker-slot { width: 15; }
    DrillScreen.-roomy .poker-slot CardWidget { margin-left: 2; }
    """

    BINDINGS = [
        Binding("h", "answer('Hit')", "Hit", priority=True, id="drill.hit"),
        Binding("s", "answer('Stand')", "Stand", priority=True, id="drill.stand"),
        Binding("d", "answer('Double')", "Double", priority=True, id="drill.double"),
        Binding("p", "answer('Split')", "Split", priority=True, id="drill.split"),
        Binding("1", "tick(0)", "Exchange", key_display="1-5", priority=True, id="drill.tick1"),
        Binding("2", "tick(1)", "Exchange 2", show=False, priority=True, id="drill.tick2"),
        Binding("3", "tick(2)", "Exchange 3", show=False, priority=True, id="drill.tick3"),
        Binding("4", "tick(3)", "Exchange 4", show=False, priority=True, id="drill.tick4"),
        Binding("5", "tick(4)", "Exchange 5", show=False, priority=True, id="drill.tick5"),
        Binding("enter", "draw", "Draw", priority=True, id="drill.draw"),
        Binding("enter", "again", "Again", priority=True, id="drill.again"),
        Binding("escape", "end", "End drill", id="drill.end"),
        Binding("escape", "leave", "Back", id="drill.back"),
    ]

    def __init__(self, game: str, *, questions: int = DEFAULT_QUESTIONS, seed: int | None = None) -> None:
        super().__init__()
        if game not in DRILL_GAMES:
            raise ValueError(f"no drills for {game!r}; choose {' or '.join(DRILL_GAMES)}")
        self.game = game
        self.total = questions
        self.seed = seed
        self.question: Question | None = None
        self.ticked: set[int] = set()
        self.decisions: list[Decision] = []
        self.over = False
        self.recorded = False
        self._ready: list[Question] = []
        #: Answers and ticks typed while the question was being dealt, applied once it shows.
        self._typed_ahead: list[tuple[str, str | int]] = []
        self._making = False
        self._drill: BlackjackDrill | PokerDrill | None = None
        self.stake = 0
        """Hundredths of a chip a question is played for (the cost's unit)."""

    # -- building --------------------------------------------------------------------

    def _rng(self) -> random.Random:
        """``seed``'s generator; else, under ``--seed``, one seeded from the app's stream for
        this game's drills (each drill of the session new, the session reproducible; the
        drill's own generator, as its questions are made in a thread); else unpredictable."""
        if self.seed is not None:
            return random.Random(f"{self.seed}:drill:{self.game}")
        stream = self.app.rng(f"drill:{self.game}")
        return random.Random(stream.getrandbits(64)) if stream is not None else random.Random()

    def _make_drill(self) -> BlackjackDrill | PokerDrill:
        settings = self.app.settings
        if self.game == "blackjack":
            from ...core.blackjack import Rules

            self.stake = settings.bj_min
            return BlackjackDrill(Rules(min_bet=settings.bj_min, max_bet=settings.bj_max), self._rng())
        from ...ai.poker_machines import UnknownMachine, default_machine, machine_named

        try:
            machine = machine_named(settings.poker_machine)
        except UnknownMachine:
            machine = default_machine()
        self.stake = _POKER_COINS * settings.poker_coin
        return PokerDrill(machine, self._rng(), coins=_POKER_COINS)

    def compose(self) -> ComposeResult:
        ascii = self.app.ascii
        yield Header()
        with Vertical(id="drill"):
            yield Static(f"{DRILL_TITLES[self.game]} drill", id="drill-title")
            yield Static("", id="drill-tally")
            with Vertical(id="drill-play"):
                if self.game == "blackjack":
                    with Horizontal(id="drill-table"):
                        with Vertical(id="drill-dealer-box"):
                            yield Label("Dealer shows", classes="drill-label", id="drill-dealer-label")
                            with Horizontal(id="drill-dealer"):
                                yield CardWidget(None, ascii=ascii, id="drill-up")
                        with Vertical(id="drill-hand-box"):
                            yield Label("Your hand", classes="drill-label", id="drill-hand-label")
                            with Horizontal(id="drill-hand"):
                                yield CardWidget(None, ascii=ascii, id="drill-card-0")
                                yield CardWidget(None, ascii=ascii, id="drill-card-1")
                else:
                    yield Label("", classes="drill-label", id="drill-machine")
                    yield CardSlots(ascii=ascii, id="drill-slots")
                yield Static("Dealing…", id="drill-prompt")
            yield Static("", id="drill-score", classes="-hidden")
            yield Static("", id="drill-feedback")
        yield KeyFooter()

    def on_mount(self) -> None:
        self._drill = self._make_drill()
        if isinstance(self._drill, PokerDrill):
            self.query_one("#drill-machine", Label).update(
                f"{self._drill.machine.name} · {_POKER_COINS} coins of {format_chips(self.app.settings.poker_coin)}"
                " chips · tick the cards to exchange")
        self._show_tally()
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
                self.query_one("#drill-prompt", Static).update(
                    f"The next question could not be made ({event.worker.error}).")

    def _next(self) -> None:
        """Show the next question (or wait for it), and start making the one after; then
        apply the keys typed while it was being dealt."""
        self.question = self._ready.pop(0) if self._ready else None
        self.ticked = set()
        self._draw_question()
        self.refresh_bindings()
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

    def _draw_question(self) -> None:
        q = self.question
        prompt = self.query_one("#drill-prompt", Static)
        if q is None:
            prompt.update("Dealing…")
            return
        number = len(self.decisions) + 1
        self.query_one("#drill-title", Static).update(
            f"{DRILL_TITLES[self.game]} drill · question {number} of {self.total}")
        if self.game == "blackjack":
            self.query_one("#drill-up", CardWidget).card = q.up
            for i, card in enumerate(q.cards):
                self.query_one(f"#drill-card-{i}", CardWidget).card = card
            self.query_one("#drill-hand-label", Label).update(f"Your hand: {q.spot}")
            keys = " · ".join(f"[b]{_BJ_KEYS[w]}[/b] {w.lower()}" for w in ("Hit", "Stand", "Double", "Split")
                              if w in q.evs)
            prompt.update(f"What do you do?  {keys}")
        else:
            self.query_one("#drill-slots", CardSlots).slots = hand_slots(q.cards, ticked=self.ticked, open_=True)
            prompt.update(f"Tick the cards to exchange ([b]1[/b]–[b]5[/b]), then [b]enter[/b]: "
                          f"{exchange_words(sorted(self.ticked))}")

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
            if blackjack or self.over:
                return False
            return True
        if action == "again":
            return True if self.over else False
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
        self._draw_question()

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
        decision = q.grade(chosen, self.stake)
        self.decisions.append(decision)
        self.query_one("#drill-feedback", Static).update(self._verdict(q, decision))
        self._show_tally()
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

    # -- words -----------------------------------------------------------------------

    def _money(self, hundredths: float) -> str:
        return f"{hundredths / 100:,.2f}"

    def _stake_words(self) -> str:
        if self.game == "blackjack":
            return f"a {format_chips(self.stake)}-chip hand"
        return f"{_POKER_COINS} coins of {format_chips(self.app.settings.poker_coin)} chips"

    def _verdict(self, q: Question, d: Decision) -> Text:
        ascii = self.app.ascii
        out = Text()
        what = self._choice_words(q, d.chosen)
        if d.is_best:
            out.append("✓ ", style="bold green")
            out.append(f"{what}: the best choice", style="bold")
            out.append(f" ({_ev(d.ev_chosen)} a unit of stake).\n")
        else:
            out.append("✗ ", style="bold red")
            out.append(f"{what}: the best was {self._choice_words(q, d.best)}", style="bold")
            out.append(f" — you gave up {d.ev_best - d.ev_chosen:.3f} of the stake "
                       f"({self._money(d.cost)} chips for {self._stake_words()}).\n")
        out.append("  ")
        out.append_text(cards_text(q.cards, ascii))
        if q.up is not None:
            out.append(" against ")
            out.append_text(cards_text([q.up], ascii))
            out.append(f" — {q.spot}")
        out.append("\n  ")
        ranked = q.ranked()
        if self.game == "blackjack":
            out.append(" · ".join(f"{w} {_ev(v)}" for w, v in ranked))
        else:
            shown = ranked[:3]
            if d.chosen not in dict(shown):
                shown.append((d.chosen, q.evs[d.chosen]))
            out.append(" · ".join(f"{self._hold_words(q, w)} {_ev(v)}" for w, v in shown) + " a coin")
        return out

    def _hold_words(self, q: Question, choice: str) -> str:
        """"hold A♥ J♥", "stand pat", "exchange all five"."""
        hold = q.holds.get(choice, ())
        if not hold or len(hold) == 5:
            return choice
        return "hold " + " ".join(q.cards[i].label(self.app.ascii) for i in hold)

    def _choice_words(self, q: Question, choice: str) -> str:
        if self.game == "blackjack":
            return choice
        hold = q.holds.get(choice, ())
        if not hold or len(hold) == 5:
            return choice
        return f"{choice} (hold {' '.join(q.cards[i].label(self.app.ascii) for i in hold)})"

    def _show_tally(self) -> None:
        tally = accuracy(self.decisions)
        text = (f"{tally.taken} answered · {tally.best} best · {self._money(tally.cost)} chips of EV given away"
                if tally.taken else
                f"{self.total} questions, weighted toward the ones players get wrong. "
                "Each answer is graded at once against the exact EVs.")
        self.query_one("#drill-tally", Static).update(text)

    # -- the end ---------------------------------------------------------------------

    @property
    def tally(self) -> Accuracy:
        return accuracy(self.decisions)

    def _finish(self) -> None:
        if self.over:
            return
        self.over = True
        self.question = None
        tally = self.tally
        self._record(tally)
        self.query_one("#drill-play").set_class(True, "-hidden")
        score = self.query_one("#drill-score", Static)
        score.set_class(False, "-hidden")
        score.update(self._score_text(tally))
        self.query_one("#drill-title", Static).update(f"{DRILL_TITLES[self.game]} drill · over")
        self.refresh_bindings()

    def _record(self, tally: Accuracy) -> None:
        if self.recorded or not tally.taken:
            return
        self.recorded = True
        try:
            self.app.store.record_drill(self.game, tally.taken, tally.best, tally.cost)
        except (StoreError, ValueError) as error:
            self.notify(f"The drill's score could not be kept: {error}", severity="error", timeout=8)

    def _score_text(self, tally: Accuracy) -> Text:
        out = Text()
        share = round(100 * tally.best / tally.taken) if tally.taken else 0
        out.append("Drill over\n", style="bold")
        out.append(f"{tally.taken} answered, {tally.best} best ({share} %), "
                   f"{self._money(tally.cost)} chips of EV given away ({self._stake_words()} each).\n")
        try:
            earlier = self.app.store.drill_scores(self.game)[:-1] if self.recorded else \
                self.app.store.drill_scores(self.game)
        except StoreError:
            earlier = []
        if earlier:
            last = earlier[-5:]
            out.append("Your earlier drills: " + ", ".join(
                f"{round(100 * s.best / s.answered) if s.answered else 0} %" for s in last))
            best = max(earlier, key=lambda s: (s.share or 0.0, s.answered))
            out.append(f" (best {round(100 * (best.share or 0.0))} % on {best.at[:10]})\n")
        out.append("enter: another drill · escape: back", style="dim")
        return out

    def on_unmount(self) -> None:
        """Leaving mid-drill (ctrl+q) still keeps what was answered."""
        if not self.over:
            try:
                self._record(self.tally)
            except Exception:  # noqa: BLE001 - the app is closing; never a traceback
                pass


class DrillChoice(ModalScreen[str | None]):
    """Which drill: ``b`` blackjack, ``p`` poker, ``c`` the count; escape: none."""

    DEFAULT_CSS = """
    DrillChoice { align: center middle; }
    DrillChoice > Vertical {
        width: 66; max-width: 100%; height: auto;
        border: thick $accent; background: $surface; padding: 1 2;
    }
    DrillChoice #drill-choice-title { text-style: bold; margin-bottom: 1; width: 1fr; }
    DrillChoice MenuItem { width: 1fr; margin-bottom: 1; }
    """

    BINDINGS = [
        Binding("b,1", "choose('blackjack')", "Blackjack", id="drillchoice.blackjack"),
        Binding("p,3", "choose('poker')", "Poker", id="drillchoice.poker"),
        Binding("c", "choose('count')", "Count", id="drillchoice.count"),
        Binding("escape", "choose('')", "Back", id="drillchoice.back"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("Drills: practise the decisions players get wrong", id="drill-choice-title")
            yield MenuItem("[b]b[/b]  Blackjack: pairs, soft doubles, 12–16 against 7–A",
                           id="drill-choice-blackjack")
            yield MenuItem("[b]p[/b]  Draw poker: hands where the obvious hold is wrong",
                           id="drill-choice-poker")
            yield MenuItem("[b]c[/b]  Card counting: running and true count", id="drill-choice-count")
        yield KeyFooter()

    def on_menu_item_pressed(self, event: MenuItem.Pressed) -> None:
        event.stop()
        self.dismiss((event.item.id or "").removeprefix("drill-choice-") or None)

    def action_choose(self, game: str) -> None:
        self.dismiss(game or None)
