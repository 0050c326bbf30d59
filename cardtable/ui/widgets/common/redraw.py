"""A frame that redraws only the widgets whose state changed.

Textual draws a partial frame by rendering every widget that overlaps the bounding box
of the dirty regions: a chip change (the chip row) and a dimmed footer key (the bottom
line) re-render the whole table between them, roads and buttons included, which was
most of a table key's cost. Only the strips under a dirty region reach the terminal,
and the cuts of a line fall on widget edges, so a widget that overlaps no dirty region
contributes nothing to the frame, nor does one beneath a widget that holds a whole dirty
region (the frame paints front to back, the first strip for a cut wins):
:class:`ChangedOnlyCompositor` leaves those out. The terminal's cells are painted
exactly as Textual paints them (``tests/ui/test_redraw.py`` compares the two).
"""

from __future__ import annotations

from typing import Any

from textual._compositor import ChopsUpdate, Compositor
from textual.geometry import Region
from textual.screen import Screen
from textual.widget import Widget

__all__ = ["ChangedOnlyCompositor", "redraw_changed_only"]


class ChangedOnlyCompositor(Compositor):
    """Textual's compositor whose partial frames render only the widgets overlapping a
    dirty region (full frames, layout and everything else are Textual's own)."""

    _changed: dict[Widget, tuple[Region, Region]] | None = None
    """The widgets the partial frame being drawn renders, or None outside one."""

    def render_partial_update(self) -> ChopsUpdate | None:
        dirty = tuple(self._dirty_regions)
        if not dirty:
            return super().render_partial_update()
        self.cuts  # noqa: B018 - the line cuts come from every widget: computed (cached) first
        widgets = super().visible_widgets  # front to back, the order the frame paints in
        drawn: set[Widget] = set()
        for area in dirty:
            for widget, (region, clip) in widgets.items():
                shown = region.intersection(clip)
                if shown.overlaps(area):
                    drawn.add(widget)
                    if shown.contains_region(area):
                        break  # the first widget holding the whole area hides those below it
        self._changed = {widget: place for widget, place in widgets.items() if widget in drawn}
        try:
            return super().render_partial_update()
        finally:
            self._changed = None

    @property
    def visible_widgets(self) -> dict[Widget, tuple[Region, Region]]:
        changed = self._changed
        return super().visible_widgets if changed is None else changed


def redraw_changed_only(screen: Screen[Any]) -> None:
    """Give ``screen`` the compositor that redraws only changed widgets (before it mounts).
    If Textual's compositor ever stops having the parts it relies on, the screen keeps
    Textual's own: slower, never wrong."""
    compositor = getattr(screen, "_compositor", None)
    if type(compositor) is Compositor and not compositor.widgets and _compatible():
        screen._compositor = ChangedOnlyCompositor()


def _compatible() -> bool:
    """Whether Textual's compositor still draws partial frames the way this relies on."""
    parts = ("render_partial_update", "_get_renders", "_render_chops", "cuts")
    return all(hasattr(Compositor, name) for name in parts) and isinstance(
        Compositor.__dict__.get("visible_widgets"), property
    )
