"""A Footer that dims and undims its keys in place (used by the blackjack table).

Textual's Footer recomposes every key whenever any binding's enabled state changes,
which costs tens of milliseconds on a table screen where every key press changes
what is legal. When the same actions are still shown, only the ``-disabled`` marks
change here; a full rebuild happens only when the set of keys does. (The same idea
as the baccarat screen's footer; candidates for one shared widget.)
"""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

__all__ = ["DimmingFooter"]


class DimmingFooter(Footer):
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
