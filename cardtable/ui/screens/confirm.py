"""A yes/no question over the current screen."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label

from ...i18n import N_, _
from ..widgets.common.footer import KeyFooter

__all__ = ["ConfirmScreen"]


class ConfirmScreen(ModalScreen[bool]):
    """Asks one question; dismisses with True (yes) or False (no / escape)."""

    DEFAULT_CSS = """
    ConfirmScreen {
        align: center middle;
    }
    ConfirmScreen > Vertical {
        width: 60;
        height: auto;
        border: thick $warning;
        background: $surface;
        padding: 1 2;
    }
    ConfirmScreen Label {
        width: 1fr;
        margin-bottom: 1;
    }
    ConfirmScreen Horizontal {
        height: auto;
        align-horizontal: center;
    }
    ConfirmScreen Button {
        margin: 0 2;
    }
    """

    BINDINGS = [
        Binding("y", "answer(True)", N_("Yes"), id="confirm.yes"),
        Binding("n,escape", "answer(False)", N_("No"), id="confirm.no"),
    ]

    def __init__(self, question: str, yes: str | None = None, no: str | None = None, *, default: bool = False) -> None:
        super().__init__()
        self.question = question
        self.yes_label = _("Yes") if yes is None else yes
        self.no_label = _("No") if no is None else no
        #: The answer ``enter`` gives (the focused button): "no" unless the question's
        #: yes is what the player nearly always wants (a free refill when broke).
        self.default = default

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.question, id="question")
            with Horizontal():
                yield Button(self.yes_label, id="yes", variant="warning")
                yield Button(self.no_label, id="no", variant="primary")
        # The dialog's own keys at the foot, over the table's (which do nothing now).
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#yes" if self.default else "#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        """Close with the given answer."""
        self.dismiss(answer)
