"""``y`` at a shared table: the player's own rounds on the server.

The server keeps each player's history in their own store there (the rounds played at
its tables); the protocol's ``history`` answer lists the newest of them, and this
dialog shows that list: when, the stake and the net of each round.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static

from ...core.money import format_chips, format_signed
from ..widgets.common.footer import KeyFooter

__all__ = ["SharedHistory", "history_lines"]

_TITLES = {"blackjack": "Blackjack", "baccarat": "Baccarat"}


def history_lines(message: dict[str, Any]) -> list[str]:
    """The rounds of a ``history`` answer, one line each (a malformed row is skipped)."""
    lines = []
    for row in message.get("rounds", []):
        at, stake, returned = row.get("at"), row.get("stake"), row.get("returned")
        if not isinstance(at, str) or not isinstance(stake, int) or not isinstance(returned, int):
            continue
        when = at[:16].replace("T", " ")
        lines.append(f"{when}   stake {format_chips(stake):>8}   net {format_signed(returned - stake):>9}")
    return lines


class SharedHistory(ModalScreen[None]):
    """The player's newest rounds at the server's tables, as it answered."""

    DEFAULT_CSS = """
    SharedHistory { align: center middle; }
    SharedHistory > Vertical {
        width: 64; max-width: 100%; height: auto; max-height: 100%;
        border: thick $accent; background: $surface; padding: 0 2;
    }
    SharedHistory .title { text-style: bold; width: 1fr; content-align: center middle; margin-top: 1; }
    SharedHistory #shared-history { margin-top: 1; height: auto; max-height: 14; overflow-y: auto; }
    SharedHistory Center { height: auto; margin: 1 0; }
    """
    BINDINGS = [Binding("escape,enter,y", "close", "Close", id="shared-history.close", priority=True)]

    def __init__(self, message: dict[str, Any], server: str) -> None:
        super().__init__()
        self.lines = history_lines(message)
        total = message.get("total")
        self.total = total if isinstance(total, int) else len(self.lines)
        self.game = str(message.get("game", "blackjack"))
        self.server = server

    def compose(self) -> ComposeResult:
        with Vertical():
            title = _TITLES.get(self.game, self.game)
            yield Label(f"{title} — your rounds at {self.server}", classes="title")
            if not self.lines:
                text = "No round of yours settled on this server yet."
            else:
                shown = len(self.lines)
                more = f" (the newest {shown} of {self.total:,})" if self.total > shown else ""
                text = "\n".join([f"Newest first{more}:", "", *self.lines])
            yield Static(text, id="shared-history")
            with Center():
                yield Button("Close", id="shared-history-ok", variant="primary")
        yield KeyFooter()

    def action_close(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)
