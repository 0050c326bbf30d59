"""Work Textual does again for a screen when nothing on it needs it.

1. A screen shown for the first time restyles every widget on it (``ScreenResume``'s
   ``refresh_styles``) a moment after each widget was styled as it was mounted: on a table
   that is a full stylesheet pass over fifty widgets, about a tenth of its opening.
   Nothing can have changed in between that was not already restyled where it changed
   (a class or pseudo-class change restyles its node at once); a screen resumed later
   (after a theme change, say) restyles as Textual does.
2. The top screen's ``Resize`` (Textual sends one to a screen after its first layout,
   and one at each terminal resize) lays out every screen beneath it as well. A screen
   beneath, already laid out at that size with nothing waiting to be laid out, would be
   laid out to the same result: that is skipped. A new size, or a change waiting on that
   screen, is laid out as before.

Both fall back to Textual's own behaviour if the parts they read move.
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.geometry import Size
from textual.screen import Screen

__all__ = ["apply"]

_resume = Screen._on_screen_resume
_resized = Screen._screen_resized


def _on_screen_resume(self: Screen[Any], event: events.ScreenResume) -> None:
    if event.refresh_styles and not self.__dict__.get("_cardtable_resumed"):
        event.refresh_styles = False  # styled as mounted, just now
    self.__dict__["_cardtable_resumed"] = True
    _resume(self, event)


def _screen_resized(self: Screen[Any], size: Size) -> None:
    try:
        settled = (
            not self.is_active  # beneath the top screen (possibly showing through it)
            and self._size == size
            and not self._layout_required
            and not self._layout_widgets
            and not self._dirty_widgets
        )
    except AttributeError:  # Textual's internals moved: do as it does
        settled = False
    if not settled:
        _resized(self, size)


def apply() -> None:
    """Install both in Textual's Screen (once; idempotent)."""
    method: Any = _on_screen_resume
    Screen._on_screen_resume = method  # type: ignore[method-assign]
    Screen._screen_resized = _screen_resized  # type: ignore[method-assign]
