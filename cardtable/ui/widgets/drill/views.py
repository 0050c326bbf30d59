"""The strategy drill's widgets, each rendering its piece of the drill from its reactives.

The screen holds the drill's state (the question, the ticks, the answers, over or not) in
its own reactives and binds these widgets to them (``data_bind``); the verdict on the last
answer and the final score are set on their widgets when they happen.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.widgets import Label, Static

from ....ai.drills import Question
from ....ai.grading import Accuracy, Decision
from ....i18n import _
from ....store import DrillScore
from ..common.card import CardWidget
from ..poker.cards import CardSlots, hand_slots
from .words import DRILL_TITLES, Stake, prompt_text, score_text, spot_words, tally_text, verdict_text

__all__ = ["DrillTitle", "DrillTally", "DrillPrompt", "DrillVerdict", "DrillScoreBox",
           "BlackjackQuestion", "PokerQuestion"]


class DrillTitle(Static):
    """"Blackjack drill · question 3 of 20", or "· over"."""

    decisions: reactive[tuple[Decision, ...]] = reactive(())
    question: reactive[Question | None] = reactive(None)
    over: reactive[bool] = reactive(False)

    def __init__(self, game: str, total: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.game, self.total = game, total

    def render(self) -> str:
        title = _(DRILL_TITLES[self.game])
        if self.over:
            return _("{title} · over").format(title=title)
        if self.question is None and not self.decisions:
            return title
        return _("{title} · question {n} of {total}").format(title=title, n=len(self.decisions) + 1, total=self.total)


class DrillTally(Static):
    """The running tally (answered, best, EV given away)."""

    decisions: reactive[tuple[Decision, ...]] = reactive((), layout=True)

    def __init__(self, total: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.total = total

    def render(self) -> str:
        return tally_text(self.decisions, self.total)


class DrillPrompt(Static):
    """What the keys do now, "Dealing…" while a question is made, or why none came."""

    question: reactive[Question | None] = reactive(None, layout=True)
    ticked: reactive[frozenset[int]] = reactive(frozenset())
    failure: reactive[str] = reactive("", layout=True)
    """Set when a question could not be made (said instead of the prompt)."""

    def __init__(self, game: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.game = game

    def render(self) -> str:
        return self.failure or prompt_text(self.game, self.question, self.ticked)


class DrillVerdict(Static):
    """The verdict on the last answer."""

    graded: reactive[tuple[Question, Decision, Stake] | None] = reactive(None, layout=True)

    def __init__(self, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.ascii = ascii

    def render(self) -> Text:
        if self.graded is None:
            return Text()
        question, decision, stake = self.graded
        return verdict_text(question, decision, stake, self.ascii)


class DrillScoreBox(Static):
    """The drill's score and the earlier ones; hidden until the drill is over."""

    score: reactive[tuple[Accuracy, tuple[DrillScore, ...], Stake] | None] = reactive(None, layout=True)

    def render(self) -> Text:
        return Text() if self.score is None else score_text(*self.score)

    def watch_score(self, score: tuple[Accuracy, tuple[DrillScore, ...], Stake] | None) -> None:
        self.set_class(score is None, "-hidden")


class BlackjackQuestion(Horizontal):
    """The dealer's up card and the player's two cards."""

    question: reactive[Question | None] = reactive(None, init=False)

    def __init__(self, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.ascii = ascii

    def compose(self) -> ComposeResult:
        with Vertical(id="drill-dealer-box"):
            yield Label(_("Dealer shows"), classes="drill-label", id="drill-dealer-label")
            with Horizontal(id="drill-dealer"):
                yield CardWidget(None, ascii=self.ascii, id="drill-up")
        with Vertical(id="drill-hand-box"):
            yield Label(_("Your hand"), classes="drill-label", id="drill-hand-label")
            with Horizontal(id="drill-hand"):
                yield CardWidget(None, ascii=self.ascii, id="drill-card-0")
                yield CardWidget(None, ascii=self.ascii, id="drill-card-1")

    def watch_question(self, question: Question | None) -> None:
        if question is None:
            return  # the last cards stay while the next question is dealt
        self.query_one("#drill-up", CardWidget).card = question.up
        for i, card in enumerate(question.cards):
            self.query_one(f"#drill-card-{i}", CardWidget).card = card
        self.retranslate()

    def retranslate(self) -> None:
        """The labels in the language in force."""
        self.query_one("#drill-dealer-label", Label).update(_("Dealer shows"))
        hand = self.question
        self.query_one("#drill-hand-label", Label).update(
            _("Your hand") if hand is None else _("Your hand: {spot}").format(spot=spot_words(hand)))


class PokerQuestion(Vertical):
    """The machine played, and the five cards with their Exchange boxes."""

    question: reactive[Question | None] = reactive(None, init=False)
    ticked: reactive[frozenset[int]] = reactive(frozenset(), init=False)

    def __init__(self, machine: str, stake: Stake, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.machine, self.stake, self.ascii = machine, stake, ascii

    def _machine_line(self) -> str:
        """"Jacks or Better · 5 coins of 1 chips · tick the cards to exchange"."""
        return _("{machine} · {stake} · tick the cards to exchange").format(
            machine=self.machine, stake=self.stake.words())

    def compose(self) -> ComposeResult:
        yield Label(self._machine_line(), classes="drill-label", id="drill-machine")
        yield CardSlots(ascii=self.ascii, id="drill-slots")

    def retranslate(self) -> None:
        """The machine's line in the language in force."""
        self.query_one("#drill-machine", Label).update(self._machine_line())

    def watch_question(self) -> None:
        self._show()

    def watch_ticked(self) -> None:
        self._show()

    def _show(self) -> None:
        if self.question is not None:
            self.query_one(CardSlots).slots = hand_slots(self.question.cards, ticked=self.ticked, open_=True)
