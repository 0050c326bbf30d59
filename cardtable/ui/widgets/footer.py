"""A footer that dims keys in place instead of rebuilding itself on every change.

Textual's Footer recomposes (builds every key widget anew) whenever the screen's
bindings are refreshed. Game screens refresh bindings after almost every key press,
to dim the keys that do nothing in the new phase, and that rebuild was the largest
part of a key press's cost (tens of milliseconds). When the same actions are still
shown and only their enabled state changes, this footer flips the ``-disabled`` mark on
the existing keys; a full rebuild happens only when the set of keys changes, or if
Textual's Footer internals ever move (then it simply behaves like Footer).
"""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

__all__ = ["KeyFooter"]


class KeyFooter(Footer):
    """Footer whose keys are dimmed in place when only their enabled state changes."""

    def bindings_changed(self, screen: Screen) -> None:  # type: ignore[override]
        try:
            if self._update_in_place(screen):
                return
        except AttributeError:  # Footer internals moved: fall back to the full rebuild
            pass
        super().bindings_changed(screen)

    def _update_in_place(self, screen: Screen) -> bool:
        if not (self.is_attached and screen is self.screen and self._bindings_ready):
            return False
        enabled: dict[str, bool] = {}
        for _node, binding, is_enabled, _tooltip in screen.active_bindings.values():
            if binding.show:
                enabled.setdefault(binding.action, is_enabled)
        keys = [key for key in self.query(FooterKey) if not key.has_class("-command-palette")]
        if not keys or {key.action for key in keys} != set(enabled):
            return False
        for key in keys:
            off = not enabled[key.action]
            if key._disabled != off:
                key._disabled = off
                key.set_class(off, "-disabled")
        return True
