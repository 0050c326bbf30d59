"""The blackjack session: the player's results since sitting down, and the summary
shown on leaving the table (RULES.md section 3, "Session")."""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static

from ...core.blackjack import HandOutcome, HandResult
from ...core.money import format_signed

__all__ = ["SessionStats", "SessionSummary"]


@dataclass
class SessionStats:
    """The player's results since sitting down."""

    rounds: int = 0
    won: int = 0
    lost: int = 0
    pushed: int = 0
    blackjacks: int = 0
    net: int = 0

    def add(self, results: list[HandResult]) -> None:
        self.rounds += 1
        for r in results:
            if r.returned > r.stake:
                self.won += 1
            elif r.returned == r.stake:
                self.pushed += 1
            else:
                self.lost += 1
            if r.outcome is HandOutcome.BLACKJACK:
                self.blackjacks += 1
            self.net += r.returned - r.stake

    def lines(self) -> list[str]:
        return [
            f"Rounds played   {self.rounds}",
            f"Hands won       {self.won}",
            f"Hands lost      {self.lost}",
            f"Hands pushed    {self.pushed}",
            f"Blackjacks      {self.blackjacks}",
            f"Net             {format_signed(self.net)}",
        ]


class SessionSummary(ModalScreen[None]):
    """Shown when the player leaves the table."""

    DEFAULT_CSS = """
    SessionSummary { align: center middle; }
    SessionSummary > Vertical {
        width: 40; height: auto; border: thick $accent; background: $surface; padding: 1 2;
    }
    SessionSummary .title { text-style: bold; width: 1fr; content-align: center middle; }
    SessionSummary #summary { margin: 1 0; }
    """
    BINDINGS = [Binding("escape,enter", "close", "Close", id="summary.close", priority=True)]

    def __init__(self, stats: SessionStats) -> None:
        super().__init__()
        self.stats = stats

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("Blackjack — session summary", classes="title")
            yield Static("\n".join(self.stats.lines()), id="summary")
            with Center():
                yield Button("OK", id="summary-ok", variant="primary")

    def action_close(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)
