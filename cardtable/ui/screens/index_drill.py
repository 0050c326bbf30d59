"""The index drill (``i`` in the count drill): a hand, a dealer up card and a true count —
the right play by the index numbers the program computes for the system and this house's
rules (:func:`cardtable.ai.counting.indices.indices`). The indices are read in a thread
(shipped for the house's rules; seconds of analysis for others); the score is kept with
the other drills.
"""

from __future__ import annotations

import random

from rich.text import Text
from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static
from textual.worker import Worker, WorkerState

from ...ai.counting.drill import IndexDrill, IndexQuestion
from ...ai.counting.systems import CountSystem, system_named
from ...core.blackjack import Rules
from ...i18n import N_, _
from ...store import StoreError
from ..room import CardRoom
from ..widgets.common.footer import KeyFooter
from ..widgets.common.header import TitleHeader

__all__ = ["IndexDrillScreen"]

_KEYS = {"hit": "h", "stand": "s", "double": "d", "split": "p", "surrender": "r"}
#: The plays in words (the index tables keep them in English: they are data).
_PLAYS = {"hit": N_("hit"), "stand": N_("stand"), "double": N_("double"), "split": N_("split"),
          "surrender": N_("surrender"), "insurance": N_("insurance"),
          "no insurance": N_("no insurance")}


def _play(action: str) -> str:
    """An index play's action in the language in force."""
    return _(_PLAYS[action]) if action in _PLAYS else action


def _hand(play: object) -> str:
    """An index play's hand: "16", "soft 18", "10,10" (soft totals in words)."""
    hand = str(getattr(play, "hand", ""))
    if hand.startswith("soft "):
        return _("soft {total}").format(total=hand.removeprefix("soft "))
    return hand


def _count(x: int) -> str:
    return f"{x:+d}".replace("-", "\u2212") if x else "0"


class IndexDrillScreen(Screen[None]):
    """``questions`` index plays of ``system`` at this house's rules."""

    app = getters.app(CardRoom)

    DEFAULT_CSS = """
    IndexDrillScreen #index { padding: 0 2; height: 1fr; }
    IndexDrillScreen #index-title { text-style: bold; color: $accent; margin-bottom: 1; }
    IndexDrillScreen #index-question { height: auto; margin-bottom: 1; }
    IndexDrillScreen #index-feedback { height: auto; }
    """

    BINDINGS = [
        Binding("h", "answer('hit')", N_("Hit"), id="index.hit"),
        Binding("s", "answer('stand')", N_("Stand"), id="index.stand"),
        Binding("d", "answer('double')", N_("Double"), id="index.double"),
        Binding("p", "answer('split')", N_("Split"), id="index.split"),
        Binding("r", "answer('surrender')", N_("Surrender"), id="index.surrender"),
        Binding("escape", "leave", N_("Back"), id="index.back"),
    ]

    def __init__(self, *, system: str = "hilo", questions: int = 10, seed: int | None = None,
                 rules: Rules | None = None) -> None:
        super().__init__()
        self.system: CountSystem = system_named(system)
        self.rules = rules if rules is not None else Rules()
        self.total = questions
        self.seed = seed
        self.drill: IndexDrill | None = None
        self.question: IndexQuestion | None = None
        self.right = 0
        self.answered = 0
        self.recorded = False

    def compose(self) -> ComposeResult:
        yield TitleHeader()
        with Vertical(id="index"):
            yield Static(_("Index drill · {system}").format(system=self.system.name), id="index-title")
            yield Static(_("Computing the index numbers for these rules…"), id="index-question")
            yield Static("", id="index-feedback")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.run_worker(self._indices, thread=True, group="index-drill", exit_on_error=False)

    def _indices(self) -> IndexDrill:
        from ...ai.counting.indices import indices

        rng = random.Random(f"{self.seed}:drill:index") if self.seed is not None else random.Random()
        return IndexDrill(indices(self.system, self.rules), rng)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group != "index-drill":
            return
        if event.state is WorkerState.SUCCESS and isinstance(event.worker.result, IndexDrill):
            self.drill = event.worker.result
            self._next()
        elif event.state is WorkerState.ERROR:
            self.query_one("#index-question", Static).update(
                _("The indices could not be computed ({error}).").format(error=event.worker.error))

    def _next(self) -> None:
        assert self.drill is not None
        self.question = self.drill.question()
        self._ask()
        self.refresh_bindings()

    def _ask(self) -> None:
        """The title and the question in the language in force."""
        q = self.question
        if q is None:
            return
        play = q.index
        hand = _("Insurance?") if play.kind == "insurance" else _("{hand} against {up}").format(
            hand=_hand(play), up=play.up)
        keys = " · ".join(f"[b]{_KEYS[a]}[/b] {_play(a)}" for a in q.choices if a in _KEYS)
        self.query_one("#index-title", Static).update(
            _("Index drill · {system} · question {n} of {total}").format(
                system=self.system.name, n=self.answered + 1, total=self.total))
        self.query_one("#index-question", Static).update(
            _("{hand} at a true count of {count}: which play?").format(hand=hand, count=_count(q.true_count))
            + "\n" + keys)

    def retranslate(self) -> None:
        """The question in the language in force (the last verdict stays as it was said)."""
        if self.question is not None:
            self._ask()
        elif self.answered >= self.total:
            self._over()
        elif self.drill is None:
            self.query_one("#index-question", Static).update(_("Computing the index numbers for these rules…"))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "answer":
            q = self.question
            # only the question's two plays are in the footer (all five are too wide in Japanese)
            return q is not None and bool(parameters) and parameters[0] in q.choices
        return True

    def action_answer(self, chosen: str) -> None:
        q = self.question
        if q is None or chosen not in q.choices:
            return
        self.answered += 1
        ok = chosen == q.answer
        self.right += ok
        play = q.index
        out = Text()
        out.append("✓ " if ok else "✗ ", style="bold green" if ok else "bold red")
        out.append(_("{hand} v {up} at {count}: {answer}").format(
            hand=_hand(play), up=play.up, count=_count(q.true_count), answer=_play(q.answer)), style="bold")
        out.append(" " + _("— {action} at {index} or more, else {otherwise} (basic strategy: {basic}).").format(
            action=_play(play.action), index=_count(play.index), otherwise=_play(play.otherwise),
            basic=_play(play.basic)))
        out.append("\n" + _("{right} of {n} right.").format(right=self.right, n=self.answered))
        self.query_one("#index-feedback", Static).update(out)
        if self.answered >= self.total:
            self._finish()
        else:
            self._next()

    def _finish(self) -> None:
        self.question = None
        self._over()
        self._record()
        self.refresh_bindings()

    def _over(self) -> None:
        self.query_one("#index-question", Static).update(
            _("Drill over: {right} of {n} right. escape: back").format(right=self.right, n=self.answered))

    def _record(self) -> None:
        if self.recorded or not self.answered:
            return
        self.recorded = True
        try:
            self.app.store.record_drill("count", self.answered, self.right, 0.0)
        except (StoreError, ValueError) as error:
            self.notify(_("The drill's score could not be kept: {error}").format(error=error),
                        severity="error", timeout=8)

    def action_leave(self) -> None:
        self._record()
        self.app.pop_screen()
