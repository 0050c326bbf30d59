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
3. The top screen itself, sent that ``Resize`` at the size it was just laid out at, lays
   out again at once for what its widgets asked since (each widget's new virtual size
   asks), and its update timer a moment later lays out once more for what the widgets
   changed on learning their size. The first is left to the timer: one layout for both.
4. The screen's mount, finishing after that first layout, asks for a repaint of the whole
   screen: a second whole frame, a moment after the first. The frame after the timer's
   layout repaints what moved and what changed, and no more.

So a new screen is laid out twice and painted twice, where Textual does it three and four
times. All fall back to Textual's own behaviour if the parts they read move.
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.geometry import Size
from textual.screen import Screen

__all__ = ["apply"]

_resume = Screen._on_screen_resume
_resized = Screen._screen_resized
_timer_update = Screen._on_timer_update


def _on_screen_resume(self: Screen[Any], event: events.ScreenResume) -> None:
    if event.refresh_styles and not self.__dict__.get("_cardtable_resumed"):
        event.refresh_styles = False  # styled as mounted, just now
    self.__dict__["_cardtable_resumed"] = True
    try:
        laid_out = self.is_attached and self._size != self.app.size and self.is_current
    except AttributeError:  # Textual's internals moved: do as it does
        laid_out = False
    _resume(self, event)
    if laid_out:
        self.__dict__["_cardtable_whole"] = True  # that layout painted the whole screen


def _on_timer_update(self: Screen[Any]) -> None:
    if self.__dict__.pop("_cardtable_whole", False) and getattr(self, "_layout_required", False):
        self._repaint_required = False  # the layout repaints what moved; the widgets, what changed
    _timer_update(self)


def _screen_resized(self: Screen[Any], size: Size) -> None:
    try:
        same = self._size == size
        if same and self.is_active:  # laid out at this size: what is pending waits for the timer
            return
        settled = (
            not self.is_active  # beneath the top screen (possibly showing through it)
            and same
            and not self._layout_required
            and not self._layout_widgets
            and not self._dirty_widgets
        )
    except AttributeError:  # Textual's internals moved: do as it does
        settled = False
    if not settled:
        _resized(self, size)


def apply() -> None:
    """Install them in Textual's Screen (once; idempotent)."""
    method: Any = _on_screen_resume
    Screen._on_screen_resume = method  # type: ignore[method-assign]
    Screen._screen_resized = _screen_resized  # type: ignore[method-assign]
    Screen._on_timer_update = _on_timer_update  # type: ignore[method-assign]
