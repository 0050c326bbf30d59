"""A checkbox that reads ticked or not without colour: ``[x]`` / ``[ ]``.

Textual's ``Checkbox`` draws the same ``X`` on and off and tells them apart by colour
alone, which a colour-blind player, a light theme or a monochrome terminal loses.
"""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Checkbox

__all__ = ["TickBox"]


class TickBox(Checkbox):
    """A checkbox drawn ``[x] label`` when ticked and ``[ ] label`` when not."""

    DEFAULT_CSS = """
    TickBox { background: transparent; }
    TickBox > .toggle--button { background: transparent; color: $text-muted; }
    TickBox.-on > .toggle--button { color: $success; text-style: bold; }
    TickBox:focus > .toggle--label { text-style: bold underline; }
    TickBox:focus > .toggle--button { color: $accent; text-style: bold; }
    """

    @property
    def _button(self) -> Content:
        style = self.get_visual_style("toggle--button")
        return Content.assemble(("[x]" if self.value else "[ ]", style))
