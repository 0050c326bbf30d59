"""A plain container draws the lines one like it drew before.

A container that draws nothing of its own (Textual's ``render`` of a container: a blank
in its background, no keyline) still draws its box every frame: its background, border
and padding, line by line. A table has a dozen of them (its felt, rows, columns), and a
table opened again builds them anew, the same types in the same places at the same
sizes. Their lines depend only on the container's styles, its size, the part drawn and
the background it sits on: the styles come from the rules it matches (decided by the
classes and pseudo-classes of it and its ancestors, ``restyle.style_context``) unless
set by hand, and the background from its ancestors' styles. So the lines are kept per
stylesheet under that key and shared by every container alike; a container styled by
hand (but for its margins and size), with a keyline, or with a ``render`` or
``render_line`` of its own draws as Textual does.
"""

from __future__ import annotations

from typing import Any

from textual.css.stylesheet import Stylesheet
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from .widgets.common.restyle import drawings, style_context

__all__ = ["apply"]

_render_lines = Widget.render_lines
_render = Widget.render
_render_line = Widget.render_line

#: Container drawings kept per stylesheet at most (a screen has a dozen or two containers).
_DRAWN = 1024
#: Styles a container may have set by hand and still draw as the rules decide: they show,
#: place and size its box (its size is in the key) or lay out its children, they do not
#: paint it.
_PLACING = frozenset({"display", "margin", "width", "height", "min_width", "min_height", "max_width",
                      "max_height", "grid_size_columns", "grid_size_rows"})


def _plain(widget: Widget) -> bool:
    """Whether ``widget`` draws only its box: a container with Textual's own drawing (no
    ``render`` or ``render_line`` of its own), no keyline, and no style set by hand but
    where its box goes."""
    kind = type(widget)
    if kind.render is not _render or kind.render_line is not _render_line or not widget.is_container or widget.BLANK:
        return False
    keyline: str = widget.styles.keyline[0]  # "none" too, whatever its type says
    return keyline == "none" and _PLACING.issuperset(widget.styles.inline._rules)


def _remembered_render_lines(self: Widget, crop: Region) -> list[Strip]:
    if not _plain(self):
        return _render_lines(self, crop)
    stylesheet: Stylesheet = self.app.stylesheet
    drawn: dict[tuple[Any, ...], list[Strip]] = drawings(stylesheet, "_cardtable_containers_drawn", _DRAWN)
    key = (crop, self.size, self.background_colors, style_context(self, stylesheet))
    lines = drawn.get(key)
    if lines is None:
        lines = drawn[key] = _render_lines(self, crop)
    return lines


def apply() -> None:
    """Install the memory in Textual's Widget (once; idempotent)."""
    if hasattr(Widget, "BLANK") and hasattr(Widget, "is_container"):
        Widget.render_lines = _remembered_render_lines  # type: ignore[method-assign]
