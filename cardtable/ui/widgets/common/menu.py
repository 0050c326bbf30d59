"""A light clickable menu entry for the lobby.

The lobby is the first thing painted, and Textual's Button brings a large stylesheet
(all its variants) that costs several milliseconds to parse and apply at start-up.
A menu entry needs much less: a label, hover and focus styles, click and enter.
"""

from __future__ import annotations

from textual.binding import Binding
from textual.message import Message
from textual.widgets import Static

__all__ = ["MenuItem"]


class MenuItem(Static, can_focus=True):
    """One entry of the lobby: click it, or focus it and press enter."""

    DEFAULT_CSS = """
    MenuItem {
        width: 1fr;
        height: 3;
        padding: 1 2;
        background: $boost;
        color: $text;
    }
    MenuItem:hover {
        background: $primary 25%;
    }
    MenuItem:focus {
        background: $primary 45%;
        text-style: bold;
    }
    MenuItem:disabled {
        color: $text-disabled;
        background: $boost;
    }
    """

    BINDINGS = [Binding("enter,space", "press", "Open", show=False)]

    class Pressed(Message):
        """The entry was clicked or activated with the keyboard."""

        def __init__(self, item: MenuItem) -> None:
            super().__init__()
            self.item = item

        @property
        def control(self) -> MenuItem:
            return self.item

    def on_click(self) -> None:
        self.action_press()

    def action_press(self) -> None:
        """Activate the entry (nothing when disabled)."""
        if not self.disabled:
            self.post_message(self.Pressed(self))
