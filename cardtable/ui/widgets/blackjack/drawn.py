"""A row of the blackjack table drawn from its state at the width Textual gives it.

The dealer's row and a computer seat fit their words to their width (the shoe's line
to the right, a seat's money on one line or two, cards fanned to fit). Drawn when
Textual measures or renders them, at the width it gives, they need no repaint of their
own when the terminal is resized, and a state given before the table's first layout
is in its first frame at the right width.
"""

from __future__ import annotations

from rich.text import Text
from textual.content import Content
from textual.css.styles import RulesMap
from textual.reactive import reactive
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.visual import RenderOptions, Visual
from textual.widgets import Static

__all__ = ["DrawnRow"]


class _AtWidth(Visual):
    """A row's text drawn for the width Textual measures or renders it at (the width is
    Textual's to give: asking the row its size while the screen is laid out would lay
    the screen out again)."""

    def __init__(self, row: DrawnRow) -> None:
        self._row = row

    @property
    def plain(self) -> str:
        """The text as the row shows it (as a text's ``plain``)."""
        return self._row._content(self._row._width).plain

    def render_strips(self, width: int, height: int | None, style: VisualStyle, options: RenderOptions) -> list[Strip]:
        self._row._width = width
        return self._row._content(width).render_strips(width, height, style, options)

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return self._row._content(container_width).get_optimal_width(rules, container_width)

    def get_height(self, rules: RulesMap, width: int) -> int:
        return self._row._content(width).get_height(rules, width)


class DrawnRow(Static):
    """A row drawn from its ``state`` at the width it is rendered at: Textual renders it
    again when its width changes, so a resize repaints nothing by hand, and a state
    given before the first layout is in the first frame at the right width. The screen
    is laid out again only when the row's number of lines changes."""

    state: reactive[object]
    #: The row last drawn: (width, state, its content, its number of lines).
    _drawn: tuple[int, object, Content, int] | None = None
    #: The width the row was last rendered at (0: not yet).
    _width = 0

    def _draw(self, width: int) -> Text:
        """The row's text at ``width`` cells (0: not laid out yet)."""
        raise NotImplementedError

    def _follow_state(self) -> None:
        """What follows the state but not the width (classes, markers)."""

    def _drawing(self, width: int) -> tuple[int, object, Content, int]:
        state, drawn = self.state, self._drawn
        if drawn is None or drawn[0] != width or drawn[1] is not state:
            text = self._draw(width)
            content = Content.from_rich_text(text, console=self.app.console)
            drawn = self._drawn = (width, state, content, text.plain.count("\n") + 1)
        return drawn

    def _content(self, width: int) -> Content:
        return self._drawing(width)[2]

    def render(self) -> Visual:
        return _AtWidth(self)

    def watch_state(self) -> None:
        self._paint()

    def _paint(self) -> None:
        """Draw the row again (its state changed, or the language)."""
        lines = self._drawn[3] if self._drawn is not None else 0
        self._drawn = None
        self._follow_state()
        self.refresh(layout=self._drawing(self._width)[3] != lines)
