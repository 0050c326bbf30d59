"""The count drill (``cardtable drill count``, or ``c`` in the lobby's drills).

Cards are dealt at a pace (one at a time, or all at once with ``pace`` 0 or ``space``),
a whole round or a run of single cards (``m``), from one shoe after another; then the
player types the running count and, with the decks left shown as a discard tray, the
true count. Each answer is graded at once and timed (:mod:`cardtable.ai.counting.drill`);
the score is kept with the other drills. While cards are being dealt, ``+``/``-``
change the pace, ``y`` the count system, and ``i`` opens the index drill
(:mod:`cardtable.ui.screens.index_drill`).
"""

from __future__ import annotations

import random
import time

from rich.text import Text
from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Input, Static

from ...ai.counting.drill import CountDrill, CountQuestion
from ...ai.counting.systems import load_systems, system_named
from ...i18n import N_, _
from ...i18n.formatting import number
from ...store import StoreError
from ..room import CardRoom
from ..widgets.common.card import cards_text
from ..widgets.common.footer import KeyFooter
from ..widgets.common.header import TitleHeader
from ..widgets.drill import count_words as words

__all__ = ["CountDrillScreen", "PACES"]

#: Seconds a card stays alone before the next (``+``/``-`` step through them).
PACES = (0.3, 0.5, 0.8, 1.2, 2.0)


class CountDrillScreen(Screen[None]):
    """``questions`` batches of cards to count, with ``system`` on ``decks`` decks."""

    app = getters.app(CardRoom)

    DEFAULT_CSS = """
    CountDrillScreen #count { padding: 0 2; height: 1fr; }
    CountDrillScreen #count-title { text-style: bold; color: $accent; }
    CountDrillScreen #count-intro { color: $text-muted; }
    CountDrillScreen #count-keys { color: $text-muted; margin-bottom: 1; }
    CountDrillScreen #count-cards { height: auto; min-height: 2; margin-bottom: 1; }
    CountDrillScreen #count-answer { width: 24; }
    CountDrillScreen #count-answer.-hidden, CountDrillScreen #count-score.-hidden { display: none; }
    CountDrillScreen #count-feedback { height: auto; margin-top: 1; }
    CountDrillScreen #count-score { height: auto; border: round $accent; padding: 0 1; }
    """

    BINDINGS = [
        Binding("space", "show_all", N_("Show all"), id="count.all"),
        Binding("plus", "pace(-1)", N_("Faster"), key_display="+/-", id="count.faster"),
        Binding("minus", "pace(1)", N_("Slower"), show=False, id="count.slower"),
        # said on the screen's own line (#count-keys): the footer has no room for them in
        # Lithuanian or Japanese (nor for ^q and ? in English)
        Binding("m", "mode", N_("Rounds/cards"), id="count.mode", show=False),
        Binding("y", "system", N_("System"), id="count.system", show=False),
        Binding("i", "indices", N_("Index drill"), id="count.indices", show=False),
        Binding("enter", "again", N_("Again"), priority=True, id="count.again"),
        Binding("escape", "end", N_("End drill"), id="count.end"),
        Binding("escape", "leave", N_("Back"), id="count.back"),
    ]

    def __init__(self, *, questions: int = 10, seed: int | None = None, pace: float = 0.8,
                 system: str = "hilo", decks: int = 6, whole_rounds: bool = True) -> None:
        super().__init__()
        self.total = questions
        self.seed = seed
        self.pace = pace
        self.system = system_named(system)
        self.decks = decks
        self.whole_rounds = whole_rounds
        self.question: CountQuestion | None = None
        self.phase = "dealing"  # then "running", "true"; "over" at the end
        self.shown = 0
        self.running_answer = 0.0
        self.results: list[tuple[bool, bool, float]] = []  # (running right, true right, seconds)
        self.recorded = False
        self._asked_at = 0.0
        self._timer: Timer | None = None
        self._drill: CountDrill | None = None

    def _rng(self) -> random.Random:
        if self.seed is not None:
            return random.Random(f"{self.seed}:drill:count")
        stream = self.app.rng("drill:count")
        return random.Random(stream.getrandbits(64)) if stream is not None else random.Random()

    def compose(self) -> ComposeResult:
        yield TitleHeader()
        with Vertical(id="count"):
            yield Static("", id="count-title")
            yield Static("", id="count-intro")
            yield Static("", id="count-keys")
            yield Static("", id="count-cards")
            yield Static("", id="count-ask")
            yield Input(placeholder=_("a number, e.g. -3"), restrict=r"[-+0-9.]*", max_length=8, id="count-answer",
                        classes="-hidden", disabled=True)
            yield Static("", id="count-score", classes="-hidden")
            yield Static("", id="count-feedback")
        yield KeyFooter()

    def on_mount(self) -> None:
        self._drill = CountDrill(self.system, self.decks, self._rng(), whole_rounds=self.whole_rounds)
        self._next()

    # -- a question: deal, then ask -----------------------------------------------------

    def _next(self) -> None:
        assert self._drill is not None
        self.question = self._drill.question()
        self.phase, self.shown = "dealing", 0
        self._words()
        self._hide_answer()
        self._show_cards()
        if self.pace <= 0:
            self._dealt()
        else:
            self._timer = self.set_interval(self.pace, self._deal_one)
        self.refresh_bindings()

    def _words(self) -> None:
        """The title, the intro and the question of this phase, in the language in force."""
        q, over = self.question, self.phase == "over" or self.question is None
        self.query_one("#count-title", Static).update(
            words.title(self.system.name, self.decks, len(self.results) + 1, self.total, over))
        self.query_one("#count-keys", Static).update("" if over else words.keys_line())
        if q is None or over:
            return
        self.query_one("#count-intro", Static).update(words.intro(q, self.system.initial_running_count(self.decks)))
        self.query_one("#count-ask", Static).update(words.asking(self.phase, q))
        self.query_one("#count-answer", Input).placeholder = _("a number, e.g. -3")

    def retranslate(self) -> None:
        """Every line of the drill in the language in force."""
        self._words()
        if self.phase != "over":
            self._show_cards()

    def _show_cards(self) -> None:
        """The cards dealt so far; a whole round hand by hand (you, then the dealer)."""
        q = self.question
        cards = q.cards[: self.shown] if q is not None else ()
        if not cards or q is None or not q.hands:
            self.query_one("#count-cards", Static).update(cards_text(cards, self.app.ascii) if cards else Text("…"))
            return
        out = Text()
        start = 0
        for n, size in enumerate(q.hands):
            part = cards[start:start + size]
            start += size
            if not part:
                break
            name = _("Dealer") if n == len(q.hands) - 1 else (
                _("You") if n == 0 else _("Seat {n}").format(n=n + 1))
            out.append(("   " if n else "") + _("{who}: ").format(who=name))
            out.append_text(cards_text(part, self.app.ascii))
        self.query_one("#count-cards", Static).update(out)

    def _deal_one(self) -> None:
        if self.question is None or self.phase != "dealing":
            return
        self.shown += 1
        self._show_cards()
        if self.shown >= len(self.question.cards):
            self._dealt()

    def _dealt(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        assert self.question is not None
        self.shown = len(self.question.cards)
        self._show_cards()
        self.phase = "running"
        self._ask(words.asking(self.phase, self.question))
        self._asked_at = time.monotonic()
        self.refresh_bindings()

    def _ask(self, prompt: str) -> None:
        self.query_one("#count-ask", Static).update(prompt)
        answer = self.query_one("#count-answer", Input)
        answer.value = ""
        answer.disabled = False
        answer.set_class(False, "-hidden")
        answer.focus()

    def _hide_answer(self) -> None:
        """No answer box while cards are dealt (the screen's keys work then)."""
        answer = self.query_one("#count-answer", Input)
        answer.set_class(True, "-hidden")
        answer.disabled = True
        self.set_focus(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        q = self.question
        if q is None or self.phase not in ("running", "true"):
            return
        try:
            value = float(event.value)
        except ValueError:
            self.query_one("#count-feedback", Static).update(_("Type a number, e.g. 3 or -2 (halves: 1.5)."))
            return
        if self.phase == "running":
            self.running_answer = value
            self.phase = "true"
            self._ask(words.asking(self.phase, q))
            return
        running_ok, true_ok = q.grade(self.running_answer, value)
        seconds = time.monotonic() - self._asked_at
        self.results.append((running_ok, true_ok, seconds))
        self.query_one("#count-feedback", Static).update(
            words.verdict(q, (running_ok, self.running_answer), (true_ok, value), seconds))
        if len(self.results) >= self.total:
            self._finish()
        else:
            self._next()

    # -- keys ----------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("show_all", "pace", "mode", "system", "indices"):
            if self.phase == "over":
                return False
            return True if self.phase == "dealing" else None
        if action == "again":
            return self.phase == "over"
        if action == "end":
            return self.phase != "over" and bool(self.results)
        if action == "leave":
            return self.phase == "over" or not self.results
        return True

    def action_show_all(self) -> None:
        if self.phase == "dealing":
            self._dealt()

    def action_pace(self, step: int) -> None:
        """A faster (-1) or slower (+1) pace, from the next card on."""
        slower = [p for p in PACES if p > self.pace]
        faster = [p for p in PACES if p < self.pace]
        if step > 0 and slower:
            self.pace = slower[0]
        elif step < 0 and faster:
            self.pace = faster[-1]
        if self._timer is not None:
            self._timer.stop()
            self._timer = self.set_interval(self.pace, self._deal_one)
        self.notify(_("A card every {seconds} s").format(seconds=number(self.pace, 1)), timeout=2)

    def action_mode(self) -> None:
        """Whole rounds or runs of single cards, from the next question."""
        self.whole_rounds = not self.whole_rounds
        if self._drill is not None:
            self._drill.whole_rounds = self.whole_rounds
        self.notify(_("Whole rounds") if self.whole_rounds else _("Single cards"), timeout=2)

    def action_system(self) -> None:
        """The next count system; a new shoe starts with it."""
        keys = list(load_systems())
        self.system = load_systems()[keys[(keys.index(self.system.key) + 1) % len(keys)]]
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self._drill = CountDrill(self.system, self.decks, self._rng(), whole_rounds=self.whole_rounds)
        self._next()

    def action_indices(self) -> None:
        """The index drill of this system (the answers so far are kept)."""
        from .index_drill import IndexDrillScreen

        self.app.switch_screen(IndexDrillScreen(system=self.system.key))

    def action_end(self) -> None:
        if self.results:
            self._finish()

    def action_leave(self) -> None:
        self.app.pop_screen()

    def action_again(self) -> None:
        if self.phase == "over":
            self.app.switch_screen(CountDrillScreen(questions=self.total, pace=self.pace, system=self.system.key,
                                                    decks=self.decks, whole_rounds=self.whole_rounds))

    # -- the end ---------------------------------------------------------------------------

    def _finish(self) -> None:
        if self._timer is not None:
            self._timer.stop()
        self.phase = "over"
        self.question = None
        self._hide_answer()
        for part in ("#count-cards", "#count-ask", "#count-intro"):
            self.query_one(part, Static).update("")
        self._record(sum(1 for r, t, _s in self.results if r and t))
        score = self.query_one("#count-score", Static)
        score.set_class(False, "-hidden")
        score.update(words.score(self.results))
        self._words()
        self.refresh_bindings()

    def _record(self, best: int) -> None:
        if self.recorded or not self.results:
            return
        self.recorded = True
        try:
            self.app.store.record_drill("count", len(self.results), best, 0.0)
        except (StoreError, ValueError) as error:
            self.notify(_("The drill's score could not be kept: {error}").format(error=error),
                        severity="error", timeout=8)

    def on_unmount(self) -> None:
        """Leaving mid-drill (ctrl+q) still keeps what was answered."""
        if self.phase != "over":
            try:
                self._record(sum(1 for r, t, _ in self.results if r and t))
            except Exception:  # noqa: BLE001 - the app is closing; never a traceback
                pass
