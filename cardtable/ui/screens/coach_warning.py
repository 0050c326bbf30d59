"""The coach's warning before a costly choice, shared by every table.

A table in coach mode grades a choice before making it; when the choice gives up more
than :data:`~cardtable.ai.grading.WARN_THRESHOLD` of the stake, it pushes this dialog
instead of acting. One key answers: ``enter`` takes the choice anyway, ``escape`` takes
it back (nothing has happened yet, so the player simply chooses again).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label

from ...ai.grading import Decision, choice_words
from ...i18n import N_, _
from ...i18n.formatting import number
from ..widgets.common.footer import KeyFooter

__all__ = ["CoachWarning", "warning_text"]


def warning_text(decision: Decision) -> str:
    """"Hit is better: Stand gives up 0.021 of the stake (0.21 chips on average)."""
    if decision.estimated:
        text = _("{best} is better: {chosen} gives up about {share} of the stake ({cost} chips on average).")
    else:
        text = _("{best} is better: {chosen} gives up {share} of the stake ({cost} chips on average).")
    return text.format(best=choice_words(decision.best), chosen=choice_words(decision.chosen),
                       share=number(decision.ev_best - decision.ev_chosen, 3), cost=number(decision.cost / 100, 2))


class CoachWarning(ModalScreen[bool]):
    """Dismisses with True to go ahead with the choice, False to take it back."""

    DEFAULT_CSS = """
    CoachWarning {
        align: center middle;
    }
    CoachWarning > Vertical {
        width: 64;
        max-width: 100%;
        height: auto;
        border: thick $warning;
        background: $surface;
        padding: 1 2;
    }
    CoachWarning #coach-title {
        text-style: bold;
        color: $warning;
    }
    CoachWarning Label {
        width: 1fr;
        margin-bottom: 1;
    }
    CoachWarning Horizontal {
        height: auto;
        align-horizontal: center;
    }
    CoachWarning Button {
        margin: 0 2;
    }
    """

    BINDINGS = [
        Binding("enter", "answer(True)", N_("Take it anyway"), priority=True, id="coach.go"),
        Binding("escape", "answer(False)", N_("Take it back"), priority=True, id="coach.back"),
    ]

    def __init__(self, decision: Decision) -> None:
        super().__init__()
        self.decision = decision

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(_("Coach"), id="coach-title")
            yield Label(warning_text(self.decision), id="coach-text")
            with Horizontal():
                yield Button(self._go_words(), id="coach-go", variant="warning")
                yield Button(_("Take it back"), id="coach-back", variant="primary")
        yield KeyFooter()

    def _go_words(self) -> str:
        return _("{choice} anyway").format(choice=choice_words(self.decision.chosen))

    def retranslate(self) -> None:
        """The words again, in the language now in force."""
        self.query_one("#coach-title", Label).update(_("Coach"))
        self.query_one("#coach-text", Label).update(warning_text(self.decision))
        self.query_one("#coach-go", Button).label = self._go_words()
        self.query_one("#coach-back", Button).label = _("Take it back")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "coach-go")

    def action_answer(self, go: bool) -> None:
        """Go ahead with the choice (True) or take it back (False)."""
        self.dismiss(go)
