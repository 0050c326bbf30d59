"""Small label helpers shared by the tables."""

from __future__ import annotations

from textual.visual import VisualType
from textual.widgets import Label

__all__ = ["FixedLabel"]


class FixedLabel(Label):
    """A label whose box never depends on its text: an update repaints it without a
    re-layout of the screen (which would cost the whole frame)."""

    def update(self, content: VisualType = "", *, layout: bool = False) -> None:
        super().update(content, layout=layout)
