"""The baccarat table's footer at 80 columns in a long language: the chip keys (``+``
``-``) leave it when its words are wider than the terminal (the chip's − and + on the
table are the same keys, as ``c`` and ``r`` are named on their buttons), and if it is
still too wide the footer goes compact (one cell less around each key)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from itertools import groupby

from rich.cells import cell_len
from textual.app import App
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer

from ...i18n import _

__all__ = ["FooterFitting", "footer_width"]

#: The keys of the chip size (one group in the footer: ``+-``).
CHIP_KEYS = ("plus", "up", "minus", "down")


def footer_width(app: App[object], bindings: Iterable[Binding]) -> int:
    """The cells Textual's footer takes for ``bindings`` (those shown, the first per action),
    as it lays them out: `` key words `` for a key, a group's keys then its label."""
    first: dict[str, Binding] = {}
    for binding in bindings:
        if binding.show:
            first.setdefault(binding.action, binding)
    width = 0
    for group, members in groupby(first.values(), lambda binding: binding.group):
        keys = list(members)
        if group is not None and len(keys) > 1:
            width += sum(cell_len(app.get_key_display(b)) for b in keys) + cell_len(_(group.description)) + 3
        else:
            width += sum(cell_len(app.get_key_display(b)) + cell_len(_(b.description)) + 3 for b in keys)
    return width


class FooterFitting(Screen[None]):
    """Shows the chip keys in the footer when it has room for them, else leaves them out."""

    # compact, Textual's footer sets a group's label against the next key: one cell between
    DEFAULT_CSS = """
    FooterFitting Footer.-compact FooterLabel { margin: 0 1 0 0; }
    """

    #: The terminal's width the footer was last fitted to.
    fitted_width: int | None = None

    def fit_footer(self, footer: Footer) -> bool:
        """Show or hide the chip keys for the terminal's width, and make the footer
        compact if it still needs it; True if the keys changed."""
        every = [(key, b) for key, (_node, b, _on, _tip) in self.active_bindings.items()]
        room = self.fitted_width = self.app.size.width
        show = footer_width(self.app, (replace(b, show=True) if k in CHIP_KEYS else b for k, b in every)) <= room
        rest = footer_width(self.app, (b for k, b in every if k not in CHIP_KEYS))
        footer.compact = not show and rest > room
        changed = False
        for key in CHIP_KEYS:
            bindings = self._bindings.key_to_bindings.get(key, [])
            if any(b.show != show for b in bindings):
                self._bindings.key_to_bindings[key] = [replace(b, show=show) for b in bindings]
                changed = True
        return changed
