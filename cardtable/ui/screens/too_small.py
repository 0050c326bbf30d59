"""Shown instead of a broken layout when the terminal is smaller than 80×24."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import ModalScreen
from textual.widgets import Static

from ...i18n import _
from ..terminal_size import MIN_HEIGHT, MIN_WIDTH

__all__ = ["TooSmallScreen", "MIN_WIDTH", "MIN_HEIGHT"]


class TooSmallScreen(ModalScreen[None]):
    """Covers everything until the terminal is at least 80×24 again."""

    DEFAULT_CSS = """
    TooSmallScreen {
        align: center middle;
        background: $background;
    }
    TooSmallScreen > Static {
        width: 1fr;
        height: auto;
        text-align: center;
        color: $warning;
    }
    """

    def compose(self) -> ComposeResult:
        yield Static(id="too-small-message")

    def on_mount(self) -> None:
        self.update_size(self.app.size.width, self.app.size.height)

    def update_size(self, width: int, height: int) -> None:
        """Say how big the terminal is now and how big it must be."""
        self.query_one(Static).update(
            _("Please enlarge the terminal.")
            + "\n"
            + _("cardtable needs at least {needed}; this one is {size}.").format(
                needed=f"{MIN_WIDTH}×{MIN_HEIGHT}", size=f"{width}×{height}"
            )
            + "\n"
            + _("Nothing is lost: the table comes back as soon as it fits.")
        )
