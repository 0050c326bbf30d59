"""A footer that dims keys in place instead of rebuilding itself on every change.

Textual's Footer recomposes (builds every key widget anew) whenever the screen's
bindings are refreshed. Game screens refresh bindings after almost every key press,
to dim the keys that do nothing in the new phase, so that rebuild was the biggest part
of a key press's cost. When the keys shown are the same and only their enabled state
changes, this footer just flips ``disabled`` on the existing keys.
"""

from __future__ import annotations

from collections import defaultdict
from itertools import groupby

from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

__all__ = ["KeyFooter"]


class KeyFooter(Footer):
    """Footer that updates enabled/disabled keys in place when it can."""

    def _wanted(self) -> list[tuple[str, str, bool]]:
        """(key, action, enabled) for each key widget, in the order Footer.compose yields them."""
        bindings = [
            (binding, enabled)
            for (_, binding, enabled, _tooltip) in self.screen.active_bindings.values()
            if binding.show
        ]
        by_action: defaultdict[str, list[tuple[object, bool]]] = defaultdict(list)
        for binding, enabled in bindings:
            by_action[binding.action].append((binding, enabled))
        wanted: list[tuple[str, str, bool]] = []
        for _group, items in groupby(by_action.values(), lambda multi: multi[0][0].group):  # type: ignore[attr-defined]
            for multi in items:
                binding, enabled = multi[0]
                wanted.append((binding.key, binding.action, enabled))  # type: ignore[attr-defined]
        return wanted

    def bindings_changed(self, screen: Screen) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            self.call_after_refresh(self._update_or_recompose)

    async def _update_or_recompose(self) -> None:
        if not self.is_attached:
            return
        wanted = self._wanted()
        keys = [key for key in self.query(FooterKey) if "-command-palette" not in key.classes]
        same = len(keys) == len(wanted) and all(
            key.key == k and key.action == a for key, (k, a, _e) in zip(keys, wanted)
        )
        if not same:
            await self.recompose()
            return
        for key, (_k, _a, enabled) in zip(keys, wanted):
            if key.disabled == enabled:
                key.disabled = not enabled
