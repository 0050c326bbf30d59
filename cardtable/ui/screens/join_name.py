"""``cardtable join`` without ``--name`` (and every page of ``cardtable web --server``):
the player's name at the shared table, asked once."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label

from ...cli_net import NAME_PATTERN
from ..widgets.common.footer import KeyFooter

__all__ = ["JoinNameScreen"]


class JoinNameScreen(ModalScreen[str | None]):
    """Asks for a name; dismisses with it, or None (escape: not joined)."""

    DEFAULT_CSS = """
    JoinNameScreen { align: center middle; }
    JoinNameScreen > Vertical {
        width: 60; height: auto; border: thick $accent; background: $surface; padding: 1 2;
    }
    JoinNameScreen Label { width: 1fr; margin-bottom: 1; }
    JoinNameScreen #join-problem { color: $error; margin: 1 0 0 0; }
    """

    BINDINGS = [Binding("escape", "cancel", "Quit", id="join.cancel")]

    def __init__(self, address: str) -> None:
        super().__init__()
        self.address = address

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(
                f"Your name at the shared tables of {self.address}\n"
                "(1 to 20 letters, digits, _ or -; the first join with a name makes it yours)"
            )
            yield Input(placeholder="name", max_length=20, id="join-name")
            yield Label("", id="join-problem")
        yield KeyFooter()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        name = event.value.strip()
        if NAME_PATTERN.fullmatch(name):
            self.dismiss(name)
            return
        self.query_one("#join-problem", Label).update(
            "A name is 1 to 20 letters, digits, '_' or '-' (no spaces)."
        )

    def action_cancel(self) -> None:
        """Not joining after all."""
        self.dismiss(None)
