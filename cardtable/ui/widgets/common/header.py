"""The header of a screen whose title never lays the screen out again.

Textual's header sets its title from four watchers (the app's and the screen's title and
subtitle), each the first time when the header is mounted, in callbacks that may run
after the screen's first frame; each sets the title's text with a layout of the whole
screen, though the title's box is the header's whole line whatever it says. Here the
title repaints only, and only when its words change. Its icon, disabled when there is
no command palette, is built disabled rather than restyled once mounted.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.visual import VisualType
from textual.widgets import Header
from textual.widgets._header import HeaderIcon, HeaderTitle

__all__ = ["TitleHeader"]


class _Title(HeaderTitle):
    """The header's title: a new title repaints its line, the same title nothing."""

    _shown: VisualType | None = None

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        if content != self._shown:
            self._shown = content
            super().update(content, layout=False)


class TitleHeader(Header):
    """Textual's header, with a title that repaints without a layout, and an icon born
    disabled when there is no command palette to open (not restyled once mounted)."""

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, HeaderIcon) and not self.app.ENABLE_COMMAND_PALETTE:
                widget.disabled = True
            yield _Title() if type(widget) is HeaderTitle else widget
