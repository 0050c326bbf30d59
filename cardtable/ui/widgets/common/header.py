"""The header of every screen, drawn by one widget.

Textual's header is four widgets (itself, its icon, its title, the clock's space), and
every widget Textual builds costs about as much as a small screen's own work; the header
is on every screen, the lobby's first frame included. :class:`TitleHeader` is Textual's
``Header`` (its styles, its ``-tall`` toggle on a click, its reading of the screen's and
the app's title) drawing the same cells itself: the icon in its eight columns on the
left, the clock's ten on the right, the title centred between them and cut with an
ellipsis when it does not fit. A new title repaints its line, never lays the screen out.
The icon opens no command palette (the card room has none), and a click does not make the
header three rows tall.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.app import ComposeResult
from textual.content import Content
from textual.events import Click, Mount
from textual.strip import Strip
from textual.widgets import Header

__all__ = ["TitleHeader"]

#: The columns of Textual's header icon (padding included) and of its clock's space.
_ICON_WIDTH = 8
_CLOCK_WIDTH = 10


class TitleHeader(Header):
    """Textual's header drawn by one widget (one row, no command palette, no clock)."""

    _title: Content | None = None
    """The title as last drawn."""

    def compose(self) -> ComposeResult:
        return iter(())

    def _on_mount(self, event: Mount) -> None:
        event.prevent_default()  # Textual's header sets a title widget this one has not
        for owner in (self.app, self.screen):
            self.watch(owner, "title", self._retitle, init=False)
            self.watch(owner, "sub_title", self._retitle, init=False)

    def _retitle(self) -> None:
        """A title or subtitle changed: repaint if the words shown did."""
        if self.is_mounted and self.format_title() != self._title:
            self.refresh()

    def on_click(self, event: Click) -> None:
        """Textual's header grows to three rows on a click: here it stays one (at 80×24
        every row of a table is spoken for)."""
        event.prevent_default()

    def render_line(self, y: int) -> Strip:
        """The cells Textual's four widgets draw, run for run: each widget's padding in
        the header's background alone, the space an alignment leaves in its full style."""
        width = self.size.width
        base = self.rich_style
        padding = Style.from_color(None, base.bgcolor)
        if y:
            return Strip([Segment(" " * width, padding)], width)
        fill = base + Style(reverse=False)
        self._title = title = self.format_title()
        room = max(width - _ICON_WIDTH - _CLOCK_WIDTH, 0)
        shown = title.truncate(room, ellipsis=True) if title.cell_length > room else title
        left = (room - shown.cell_length) // 2
        icon = self.icon[:1]
        segments = [
            Segment(" ", padding),
            Segment(icon, base),
            Segment(" " * (_ICON_WIDTH - 2 - len(icon)), fill),
            Segment(" ", padding),
            *([Segment(" " * left, fill)] if left else []),
            *shown.render_segments(self.visual_style),
            *([Segment(" " * right, fill)] if (right := room - left - shown.cell_length) else []),
            Segment(" ", padding),
            Segment("", base),
            Segment(" " * (_CLOCK_WIDTH - 2), padding),
            Segment(" ", padding),
        ]
        strip = Strip(segments)
        return strip if strip.cell_length == width else strip.crop_extend(0, width, padding)
