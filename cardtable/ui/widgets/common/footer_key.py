"""A footer key that remembers how it looked in each state.

A table dims and undims footer keys on most key presses; Textual's key works its look
out afresh each time (its styles and every ancestor's, three walks up the tree), about
half the cost of a key press's frame. :class:`DimmableKey` keeps the text it rendered
per state: its words, its dimming, its compact mode, and the classes and pseudo-classes
of it and its ancestors under the same stylesheet (a new theme or language is a new
state). Inline styles set on its ancestors are not part of the state: none are.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from .restyle import style_context

__all__ = ["DimmableKey"]

#: Looks remembered per key at most (a key has two or three).
_LOOKS = 8


class DimmableKey(FooterKey):
    """Textual's footer key, its rendered text remembered per state."""

    _looks: dict[tuple[Any, ...], Text] | None = None
    _looks_rules: object = None

    @classmethod
    def like(cls, key: FooterKey) -> FooterKey:
        """A remembering twin of ``key`` as Textual's footer made it (``key`` itself if
        Textual's key ever takes other arguments)."""
        try:
            twin = cls(
                key.key,
                key.key_display,
                key.description,
                key.action,
                disabled=key._disabled,
                tooltip=str(key.tooltip or ""),
                classes=" ".join(sorted(key.classes - {"-disabled"})),
            )
        except TypeError:  # pragma: no cover - a future Textual
            return key
        return twin.data_bind(compact=Footer.compact)

    def render(self) -> Text:
        stylesheet = self.app.stylesheet
        rules = stylesheet.rules_map
        looks = self._looks
        if looks is None or self._looks_rules is not rules or len(looks) >= _LOOKS:
            looks = self._looks = {}
            self._looks_rules = rules
        state = (
            self.key_display,
            self.description,
            self.compact,
            self.styles.text_style,
            style_context(self, stylesheet),
        )
        look = looks.get(state)
        if look is None:
            look = looks[state] = super().render()
        return look.copy()
