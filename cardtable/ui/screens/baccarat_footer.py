"""The baccarat table's footer at 80 columns in a long language: the chip keys (``+``
``-``) leave it when its words are wider than the terminal (the chip's − and + on the
table are the same keys, as ``c`` and ``r`` are named on their buttons), and if it is
still too wide the footer goes compact (one cell less around each key). Its keys are
dimmed in place as what they may do changes, only those that changed."""

from __future__ import annotations

from dataclasses import replace

from textual.screen import Screen

from ..widgets.common.footer import KeyFooter
from ..widgets.common.footer_keys import keys_width

__all__ = ["FooterFitting"]

#: The keys of the chip size (one group in the footer: ``+-``).
CHIP_KEYS = ("plus", "up", "minus", "down")
#: The checked actions the footer shows, with their parameters as bound, and the actions
#: of their footer keys (the three bet keys may do the same).
_DIMMED: dict[tuple[str, tuple[object, ...]], tuple[str, ...]] = {
    ("bet", ("P",)): ("bet('P')", "bet('B')", "bet('T')"),
    ("chip", (1,)): ("chip(1)",),
    ("chip", (-1,)): ("chip(-1)",),
    ("clear", ()): ("clear",),
    ("repeat", ()): ("repeat",),
    ("deal", ()): ("deal",),
}
#: Where the chip keys are in what the footer's keys may do (:attr:`FooterFitting._dimmed`).
_CHIP_AT = tuple(i for i, (action, _parameters) in enumerate(_DIMMED) if action == "chip")


class FooterFitting(Screen[None]):
    """Shows the chip keys in the footer when it has room for them, else leaves them out,
    and dims the footer's keys (the screen sets ``_footer``)."""

    _footer: KeyFooter

    #: The terminal's width the footer was last fitted to.
    fitted_width: int | None = None

    def fit_footer(self, footer: KeyFooter) -> bool:
        """Show or hide the chip keys for the terminal's width, and make the footer
        compact if it still needs it; True if the keys changed."""
        every = [(key, b) for key, (_node, b, _on, _tip) in self.active_bindings.items()]
        room = self.fitted_width = self.app.size.width
        display = self.app.get_key_display
        with_chips = (replace(b, show=True) if k in CHIP_KEYS else b for k, b in every)
        show = keys_width(with_chips, display, compact=False) <= room
        rest = keys_width((b for k, b in every if k not in CHIP_KEYS), display, compact=False)
        footer.compact = not show and rest > room
        changed = False
        for key in CHIP_KEYS:
            bindings = self._bindings.key_to_bindings.get(key, [])
            if any(b.show != show for b in bindings):
                self._bindings.key_to_bindings[key] = [replace(b, show=show) for b in bindings]
                changed = True
        return changed

    #: What the keys the footer dims may do, as last dimmed (None: read them again).
    _dimmed: tuple[bool | None, ...] | None = None

    def _dim_keys(self) -> None:
        """Dim the footer's keys now, in this key's frame (a ``bindings=True`` reactive
        would only tell the footer by a message, after the frame: a second frame, and a
        second reading of every binding); the full rebuild only when that cannot be done.
        Nothing when the checked actions may do what they could at the last dimming; only
        the keys of those that changed when the last dimming is known (every binding is
        read again only the first time, or after the footer was fitted or rebuilt)."""
        may = tuple(self.check_action(action, parameters) for action, parameters in _DIMMED)
        last = self._dimmed
        if may == last:
            return
        if last is not None:
            changed = {
                key: bool(now)
                for keys, now, before in zip(_DIMMED.values(), may, last, strict=True)
                if now != before
                for key in keys
            }
            if self._footer.refresh_actions(changed):
                self._dimmed = may
                return
        self._dimmed = may if self._footer.refresh_keys() else None
        if self._dimmed is None:
            self.refresh_bindings()

    def _dim_chip_keys(self, up: bool, down: bool) -> None:
        """The chip keys dimmed for a new chip size (``up``, ``down``: what they may do),
        now: a chip's size changes nothing else a key may do."""
        if self._footer.refresh_actions({"chip(1)": up, "chip(-1)": down}):
            if self._dimmed is not None:  # the chip keys as they are now dimmed
                dimmed = list(self._dimmed)
                dimmed[_CHIP_AT[0]], dimmed[_CHIP_AT[1]] = (True if up else None), (True if down else None)
                self._dimmed = tuple(dimmed)
        else:
            self._dimmed = None
            self._dim_keys()
