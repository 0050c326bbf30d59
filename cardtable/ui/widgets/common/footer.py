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

from typing import Any

from rich.cells import cell_len
from rich.style import Style
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey, FooterLabel

from ....i18n import _
from .footer_key import DimmableKey

__all__ = ["KeyFooter"]

_DIM = Style(dim=True)
_PLAIN = Style()


class KeyFooter(Footer):
    """Footer whose keys are dimmed in place when only their enabled state changes."""

    def __init__(self, *children: Widget, early: bool = False, **options: Any) -> None:
        super().__init__(*children, **options)
        #: The keys are built with the screen, not after its first frame: for a screen
        #: whose shown keys do not depend on the focus (the tables' keys are the screen's).
        self.early = early

    def compose(self) -> ComposeResult:
        """Footer's keys, born in the footer's compact state: a key starts compact and is
        then data-bound to the footer, and each of those two changes restyled every key
        (a quarter of the time to open a table)."""
        self._keys = None  # new keys: found again once mounted
        if self.early and not self._bindings_ready and self.is_attached:
            # Textual's Footer composes empty and builds its keys once the screen first
            # publishes its bindings, after the first frame: a second layout and render of
            # the whole screen. The screen's bindings are known now; a later change of them
            # is applied in place (or rebuilds, as before). Where the focus adds or hides
            # keys (a list's enter), building them before the focus lands builds them twice.
            self.set_reactive(Footer._bindings_ready, True)
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                widget = DimmableKey.like(widget)  # a dimmed key repaints from memory
                widget.description = _(widget.description)  # marked N_() where bound
                widget.set_reactive(FooterKey.compact, self.compact)
                widget.set_class(self.compact, "-compact", update=False)
            elif isinstance(widget, FooterLabel):  # a group's description ("Bet" for p b t)
                widget.update(_(str(widget.content)))
            yield widget

    _keys: list[FooterKey] | None = None
    """The footer's keys (the command palette's left out), once mounted."""

    _rebuild_pending = False
    """A full rebuild is queued: it reads the bindings when it runs, so one is enough
    (a new screen changes its bindings several times before its first frame)."""

    def bindings_changed(self, screen: Screen[object]) -> None:
        try:
            if self._update_in_place(screen):
                return
        except AttributeError:  # Footer internals moved: fall back to the full rebuild
            pass
        if self._rebuild_pending and self.is_attached and screen is self.screen:
            return
        self._rebuild_pending = screen.app.app_focus and self.is_attached and screen is self.screen
        super().bindings_changed(screen)

    async def recompose(self) -> None:
        self._rebuild_pending = False
        if self.is_attached:  # a rebuild queued just before its screen closed has nothing to do
            await super().recompose()

    def refresh_keys(self) -> bool:
        """Dim/undim the keys now, in the current frame; False if a full rebuild is needed."""
        return self._update_in_place(self.screen)

    def refresh_actions(self, enabled: dict[str, bool]) -> bool:
        """Dim/undim the keys of just these actions (the caller knows no other changed),
        without reading every binding; False if the keys are not there to do so."""
        keys = self._keys
        if keys is None or not keys[0].is_attached:
            return False
        for key in keys:
            if key.action in enabled:
                self._set_enabled(key, enabled[key.action])
        return True

    def _update_in_place(self, screen: Screen[object]) -> bool:
        """Bring the keys up to the screen's bindings without a rebuild; False if one is needed."""
        if not (self.is_attached and screen is self.screen and self._bindings_ready):
            return False
        shown = self._shown_actions(screen)
        keys = self._keys
        if keys is None or not keys[0].is_attached:  # once per build (a query a key press cost)
            keys = [key for key in self.query(FooterKey) if not key.has_class("-command-palette")]
            if not keys:
                return False
            self._keys = keys
        if {key.action for key in keys} == set(shown):
            return self._restate(keys, shown)
        return self._retarget(keys, shown)

    @staticmethod
    def _shown_actions(screen: Screen[object]) -> dict[str, tuple[str, str, bool]]:
        """The actions the footer shows, in order: action -> (key, description, enabled)."""
        shown: dict[str, tuple[str, str, bool]] = {}
        for _node, binding, is_enabled, _tooltip in screen.active_bindings.values():
            if binding.show and binding.action not in shown:  # Footer shows the first per action
                shown[binding.action] = (binding.key, _(binding.description), is_enabled)
        return shown

    def _restate(self, keys: list[FooterKey], shown: dict[str, tuple[str, str, bool]]) -> bool:
        """The same actions: reword and dim/undim each key; False if a group's label changed."""
        # A grouped key shows no description of its own (its group's label does).
        reworded = [k for k in keys if not k.has_class("-grouped") and k.description != shown[k.action][1]]
        if reworded and any(key.has_class("-grouped") for key in keys):
            return False  # the language changed: the groups' labels too, in a full rebuild
        for key in keys:
            if key in reworded:
                self._describe(key, shown[key.action][1])
            self._set_enabled(key, shown[key.action][2])
        return True

    def _retarget(self, keys: list[FooterKey], shown: dict[str, tuple[str, str, bool]]) -> bool:
        """The same keys now run other actions (e.g. poker's enter: Deal -> Draw): retarget
        each key in place rather than rebuild. Grouped keys are left to a full rebuild (False)."""
        wanted = list(shown.items())
        if len(keys) != len(wanted) or any(key.has_class("-grouped") for key in keys):
            return False
        if [key.key for key in keys] != [spec[0] for _action, spec in wanted]:
            return False
        for key, (action, (_key, description, is_enabled)) in zip(keys, wanted, strict=True):
            if key.action != action or key.description != description:
                key.action = action
                self._describe(key, description)
            self._set_enabled(key, is_enabled)
        return True

    @staticmethod
    def _describe(key: FooterKey, description: str) -> None:
        relayout = cell_len(key.description) != cell_len(description)
        key.description = description
        key.refresh(layout=relayout)

    @staticmethod
    def _set_enabled(key: FooterKey, enabled: bool) -> None:
        """Dim or undim one key. A class change restyles the key (a full stylesheet pass,
        about 2 ms a key on a table's key press); the ``-disabled`` mark is kept for what
        reads it, and the dim look it stands for is set inline, which only repaints."""
        off = not enabled
        if key._disabled != off:
            key._disabled = off
            if off:
                key._classes.add("-disabled")
            else:
                key._classes.discard("-disabled")
            key.styles.text_style = _DIM if off else _PLAIN
