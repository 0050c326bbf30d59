"""The server has closed: reconnect, or play on at home. Never an exit to the shell."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label

from ...i18n import N_, _
from ..widgets.common.footer import KeyFooter

__all__ = ["ServerClosedScreen"]


class ServerClosedScreen(ModalScreen[str]):
    """Says the server closed; dismisses with ``"reconnect"`` or ``"local"``."""

    DEFAULT_CSS = """
    ServerClosedScreen { align: center bottom; background: $background 30%; }
    ServerClosedScreen > Vertical {
        width: 64; height: auto; border: thick $warning; background: $surface;
        padding: 0 2; margin-bottom: 2;
    }
    ServerClosedScreen Label { width: 1fr; margin-bottom: 1; }
    ServerClosedScreen Horizontal { height: auto; align-horizontal: center; }
    ServerClosedScreen Button { margin: 0 1; }
    """

    BINDINGS = [
        Binding("r", "choose('reconnect')", N_("Reconnect"), id="closed.reconnect"),
        Binding("l,escape", "choose('local')", N_("Local lobby"), id="closed.local"),
    ]

    def __init__(self, address: str, why: str = "", last: str = "") -> None:
        super().__init__()
        self.address = address
        self.why = why
        #: The table's last words (the last round's result), shown above the choice.
        self.last = last

    def compose(self) -> ComposeResult:
        with Vertical():
            if self.last:
                yield Label(_("Last round: {result}").format(result=self.last), id="closed-last", markup=False)
            words = _("The server at {address} has closed.").format(address=self.address)
            if self.why:
                words += f" {self.why}"
            words += " " + _("Your chips there are kept for your next visit.")
            yield Label(words, id="closed-words", markup=False)
            with Horizontal():
                yield Button(_("Reconnect") + "  r", id="reconnect", variant="primary")
                yield Button(_("Local lobby") + "  l", id="local")
        yield KeyFooter()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss("reconnect" if event.button.id == "reconnect" else "local")

    def action_choose(self, choice: str) -> None:
        """Reconnect to the same server, or go back to this machine's own card room."""
        self.dismiss(choice)
