"""The index drill (``i`` in the count drill): a hand, a dealer up card and a true count —
the right play by the index numbers the program computes for the system and this house's
rules (:func:`cardtable.ai.counting.indices.indices`). The indices are computed in a
thread the first time (seconds); the score is kept with the other drills.
"""

from __future__ import annotations

import random

from rich.text import Text
from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Header, Static
from textual.worker import Worker, WorkerState

from ...ai.counting.drill import IndexDrill, IndexQuestion
from ...ai.counting.systems import CountSystem, system_named
from ...core.blackjack import Rules
from ...store import StoreError
from ..room import CardRoom
from ..widgets.common.footer import KeyFooter

__all__ = ["IndexDrillScreen"]

_KEYS = {"hit": "h", "stand": "s", "double": "d", "split": "p", "surrender": "r"}


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
        Binding("h", "answer('hit')", "Hit", id="index.hit"),
        Binding("s", "answer('stand')", "Stand", id="index.stand"),
        Binding("d", "answer('double')", "Double", id="index.double"),
        Binding("p", "answer('split')", "Split", id="index.split"),
        Binding("r", "answer('surrender')", "Surrender", id="index.surrender"),
        Binding("escape", "leave", "Back", id="index.back"),
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
        yield Header()
        with Vertical(id="index"):
            yield Static(f"Index drill · {self.system.name}", id="index-title")
            yield Static("Computing the index numbers for these rules…", id="index-question")
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
                f"The indices could not be computed ({event.worker.error}).")

    def _next(self) -> None:
        assert self.drill is not None
        q = self.question = self.drill.question()
        play = q.index
        hand = "Insurance?" if play.kind == "insurance" else f"{play.hand} against {play.up}"
        keys = " · ".join(f"[b]{_KEYS[a]}[/b] {a}" for a in q.choices if a in _KEYS)
        self.query_one("#index-title", Static).update(
            f"Index drill · {self.system.name} · question {self.answered + 1} of {self.total}")
        self.query_one("#index-question", Static).update(
            f"{hand} at a true count of {_count(q.true_count)}: which play?\n{keys}")
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "answer":
            q = self.question
            return True if q is not None and parameters and parameters[0] in q.choices else None
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
        out.append(f"{play.hand} v {play.up} at {_count(q.true_count)}: {q.answer}", style="bold")
        out.append(f" — {play.action} at {_count(play.index)} or more, else {play.otherwise} "
                   f"(basic strategy: {play.basic}).\n{self.right} of {self.answered} right.")
        self.query_one("#index-feedback", Static).update(out)
        if self.answered >= self.total:
            self._finish()
        else:
            self._next()

    def _finish(self) -> None:
        self.question = None
        self.query_one("#index-question", Static).update(
            f"Drill over: {self.right} of {self.answered} right. escape: back")
        self._record()
        self.refresh_bindings()

    def _record(self) -> None:
        if self.recorded or not self.answered:
            return
        self.recorded = True
        try:
            self.app.store.record_drill("count", self.answered, self.right, 0.0)
        except (StoreError, ValueError) as error:
            self.notify(f"The drill's score could not be kept: {error}", severity="error", timeout=8)

    def action_leave(self) -> None:
        self._record()
        self.app.pop_screen()
