"""A footer key that draws a look drawn before from memory.

A table dims and undims footer keys on most key presses; Textual's key works its look
out afresh each time (its styles and every ancestor's, three walks up the tree), about
half the cost of a key press's frame, and a table opened again draws a dozen new keys
exactly as the last ones looked. :class:`DimmableKey` keeps, for all keys under one
stylesheet, the text rendered per state and the lines drawn from it: the state is the
words, the dimming, the compact mode, and the classes and pseudo-classes of the key and
its ancestors (a new theme or language is a new state). Inline styles set on its
ancestors are not part of the state: none are.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.geometry import Region
from textual.strip import Strip
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from .restyle import drawings, style_context

__all__ = ["DimmableKey"]

#: Looks remembered per stylesheet at most, for all keys (a key has two or three; a
#: screen has about a dozen keys, in each language).
_LOOKS = 512


class DimmableKey(FooterKey):
    """Textual's footer key, its rendered text remembered per state."""

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

    def _state(self) -> tuple[Any, ...]:
        """What decides the key's look now."""
        return (
            self.key_display,
            self.description,
            self.compact,
            self.styles.text_style,
            style_context(self, self.app.stylesheet),
        )

    def render(self) -> Text:
        looks: dict[tuple[Any, ...], Text] = drawings(self.app.stylesheet, "_cardtable_key_looks", _LOOKS)
        state = self._state()
        look = looks.get(state)
        if look is None:
            look = looks[state] = super().render()
        return look.copy()

    def render_lines(self, crop: Region) -> list[Strip]:
        """A dimmed or undimmed key draws the lines drawn in that state before, by this
        key or another (a table opened again has the same keys): its styles, text and
        size decide them (strips are immutable, so shared safely)."""
        drawn: dict[tuple[Any, ...], list[Strip]] = drawings(self.app.stylesheet, "_cardtable_keys_drawn", 2 * _LOOKS)
        key = (self._state(), crop, self.size)
        lines = drawn.get(key)
        if lines is None:
            lines = drawn[key] = super().render_lines(crop)
        return lines
