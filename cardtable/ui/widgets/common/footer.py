"""The footer: every key of the screen drawn by one widget.

Textual's ``Footer`` is a container holding a widget per key and per group: each is
built, styled and laid out (about 0.7 ms a widget; six at the lobby, a dozen at a
table), and a key dimmed is a class changed and a widget restyled. :class:`KeyFooter`
reads the same bindings and draws the same line, one row of cells: the same styles
(Textual's footer variables), spacing, groups and compact mode, hover, clicks and
tooltips (compared cell for cell with Textual's footer in the tests). A key dimmed,
reworded or retargeted is a new value of :attr:`KeyFooter.runs`, and one line repainted.
Too narrow a terminal crops the line (Textual's scrolls it; ours always fits 80 columns).
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.color import Color
from textual.css.styles import StylesBase
from textual.geometry import Region
from textual.reactive import reactive
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget

from .footer_keys import KeyRun, Piece, Role, ShownKey, enable, lay_out, line_width, read_runs
from .restyle import drawings, style_context

__all__ = ["KeyFooter"]

_DIM = Style(dim=True)
#: Footer lines remembered per stylesheet (a screen's keys in each of their states).
_DRAWN = 256


class KeyFooter(Widget, can_focus=False):
    """The screen's keys at the foot of the screen, dimmed when they do nothing."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {
        "footer-key",
        "footer-key--hover",
        "footer-key--key",
        "footer-key--description",
        "footer--label",
    }
    DEFAULT_CSS = """
    KeyFooter {
        dock: bottom;
        height: 1;
        width: 1fr;
        color: $footer-foreground;
        background: $footer-background;
        .footer-key { background: $footer-item-background; }
        .footer-key--hover { color: $footer-key-foreground; background: $block-hover-background; }
        .footer-key--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .footer-key--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        .footer--label {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
    }
    """

    runs: reactive[tuple[KeyRun, ...]] = reactive((), layout=False)
    """The keys shown, alone or in groups, as last read from the screen's bindings."""
    compact = reactive(False)
    """Keys set closer together (one cell less around each)."""
    hovered: reactive[int | None] = reactive(None)
    """The key under the mouse (its place among :meth:`keys`), if any."""

    def __init__(self, *, early: bool = False, compact: bool = False, **options: Any) -> None:
        #: Each combination of the footer's components, as Textual would style a key's part.
        self._styles: dict[tuple[str, ...], Style] = {}
        super().__init__(**options)
        self.set_reactive(KeyFooter.compact, compact)
        #: The keys are read when the footer is mounted, so the screen's first frame has
        #: them: for a screen whose keys do not depend on the focus (a list's enter is
        #: shown only once the list has it; such a footer waits for the screen's bindings).
        self.early = early
        self._keys_of: tuple[KeyRun, ...] | None = None
        self._keys: list[ShownKey] = []
        self._pieces_of: tuple[tuple[KeyRun, ...], bool] | None = None
        self._pieces: list[Piece] = []

    # -- the keys ------------------------------------------------------------------------

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)
        if self.early:
            self.refresh_keys()

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def bindings_changed(self, screen: Screen[object]) -> None:
        """The screen's bindings changed: read them again (not while the app is blurred,
        as Textual's footer: the focus left with it and comes back with it)."""
        if screen.app.app_focus and self.is_attached and screen is self.screen:
            self.refresh_keys()

    def refresh_keys(self) -> bool:
        """Read the screen's keys now, for this frame."""
        if not self.is_attached:
            return False
        self.runs = read_runs(_declared_order(self.screen), self.app.get_key_display)
        return True

    def refresh_actions(self, enabled: dict[str, bool]) -> bool:
        """Dim or undim the keys of just these actions (the caller knows no other key
        changed); False if there are no keys yet."""
        if not self.runs:
            return False
        laid_out = self._laid_out_now()
        self.runs = enable(self.runs, enabled)
        if laid_out:  # the same keys in the same places: only their looks change
            self._pieces_of = (self.runs, self.compact)
        return True

    def keys(self) -> list[ShownKey]:
        """Every key shown, in order."""
        if self._keys_of is not self.runs:
            self._keys_of, self._keys = self.runs, [key for run in self.runs for key in run.keys]
        return self._keys

    def spans(self) -> list[tuple[ShownKey, int, int]]:
        """Each key and the columns it covers (start, end), as drawn."""
        keys = self.keys()
        spans: dict[int, tuple[int, int]] = {}
        x = 0
        for piece in self._laid_out():
            width = cell_len(piece.text)
            if piece.key >= 0:
                start, _end = spans.get(piece.key, (x, x))
                spans[piece.key] = (start, x + width)
            x += width
        return [(keys[i], start, end) for i, (start, end) in sorted(spans.items())]

    def width_needed(self) -> int:
        """The cells the keys and the groups' labels take."""
        return line_width(self._laid_out())

    def _laid_out(self) -> list[Piece]:
        """The line's pieces for the keys and mode shown (worked out once for each)."""
        if not self._laid_out_now():
            self._pieces_of = (self.runs, self.compact)
            self._pieces = lay_out(self.runs, self.compact)
        return self._pieces

    def _laid_out_now(self) -> bool:
        """Whether the pieces kept are those of the keys and mode shown (by identity: a
        comparison would walk every key)."""
        return self._pieces_of is not None and self._pieces_of[0] is self.runs and self._pieces_of[1] == self.compact

    def _key_at(self, x: int) -> int | None:
        for i, (_key, start, end) in enumerate(self.spans()):
            if start <= x < end:
                return i
        return None

    # -- the mouse -----------------------------------------------------------------------

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self.hovered = self._key_at(event.x)

    def on_leave(self, event: events.Leave) -> None:
        self.hovered = None

    def watch_hovered(self, hovered: int | None) -> None:
        keys = self.keys()
        key = keys[hovered] if hovered is not None and hovered < len(keys) else None
        self.tooltip = (key.tooltip or None) if key is not None else None
        self.styles.pointer = "default" if key is None else "pointer"

    def on_mouse_down(self, event: events.MouseDown) -> None:
        """A key clicked is pressed (a dimmed one rings the bell), as in Textual's footer."""
        at = self._key_at(event.x)
        if at is None:
            return
        key = self.keys()[at]
        if key.enabled:
            self.app.simulate_key(key.key)
        else:
            self.app.bell()

    # -- drawing -------------------------------------------------------------------------

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._styles.clear()  # a new theme or new rules: styled afresh

    def _style(self, *names: str) -> Style:
        """The style Textual gives a widget nested in the footer with the styles of the
        named components, one inside the other (a key's description inside the key)."""
        style = self._styles.get(names)
        if style is None:
            layers: list[StylesBase] = [node.styles for node in reversed(self.ancestors_with_self)]
            layers.extend(self.get_component_styles(name) for name in names)
            style = self._styles[names] = _cascade(layers)
        return style

    def render_lines(self, crop: Region) -> list[Strip]:
        """The lines drawn for these keys, this look and size before, by this footer or
        another (a key dimmed and lit again; a table opened again has the same keys):
        strips are immutable, so shared."""
        stylesheet = self.app.stylesheet
        drawn: dict[tuple[Any, ...], list[Strip]] = drawings(stylesheet, "_cardtable_footers_drawn", _DRAWN)
        key = (self.runs, self.compact, self.hovered, crop, self.size, style_context(self, stylesheet))
        lines = drawn.get(key)
        if lines is None:
            lines = drawn[key] = super().render_lines(crop)
        return lines

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        base = self.rich_style
        if y:
            return Strip.blank(width, base)
        gap = Style.from_color(None, base.bgcolor)  # a margin: the footer's background alone
        keys = self.keys()
        segments: list[Segment] = []
        for piece in self._laid_out():
            if piece.role == Role.GAP:
                segments.append(Segment(piece.text, gap))
            elif piece.role == Role.LABEL:
                segments.append(Segment(piece.text, self._style("footer--label")))
            else:
                segments.append(Segment(piece.text, self._key_style(piece, keys[piece.key].enabled)))
        return Strip(segments).adjust_cell_length(width, gap).crop(0, width)

    def _key_style(self, piece: Piece, enabled: bool) -> Style:
        """A key's part as Textual's key draws it: the part's style over the key's, both
        dimmed when the key does nothing now."""
        item = "footer-key--hover" if piece.key == self.hovered else "footer-key"
        part = "footer-key--key" if piece.role == Role.KEY else "footer-key--description"
        if enabled:
            return self._style(item) + self._style(item, part)
        return self._style(item) + _DIM + self._style(item, part) + _DIM


def _declared_order(screen: Screen[object]) -> list[tuple[Binding, bool, str]]:
    """The screen's active bindings (binding, enabled, tooltip) in the order their nodes
    declare them, a focused widget's own first and the app's last. Textual lists them in
    the order the focus's chain meets their keys, so a key the focused widget binds too (a
    button's enter) would jump to the front of the footer as the focus moved."""
    place: dict[tuple[int, str], tuple[int, int]] = {}
    for rank, (node, bindings) in enumerate(screen._modal_binding_chain):
        for index, key in enumerate(bindings.key_to_bindings):
            place.setdefault((id(node), key), (rank, index))
    unknown = (len(place), 0)
    active = sorted(screen.active_bindings.items(), key=lambda item: place.get((id(item[1].node), item[0]), unknown))
    return [(shown.binding, shown.enabled, shown.tooltip) for _key, shown in active]


def _cascade(layers: list[StylesBase]) -> Style:
    """Textual's cascade of colours and text styles down a line of nested styles
    (``DOMNode.rich_style``), for components nested in one another."""
    background = Color(0, 0, 0, 0)
    color = Color(255, 255, 255, 0)
    style = Style()
    opacity = 1.0
    for styles in layers:
        has_rule = styles.has_rule
        opacity *= styles.opacity
        if has_rule("background"):
            tinted = styles.background.tint(styles.background_tint)
            text_background = background + tinted
            background += tinted.multiply_alpha(opacity)
        else:
            text_background = background
        if has_rule("color"):
            color = styles.color
        style += styles.text_style
        if has_rule("auto_color") and styles.auto_color:
            color = text_background.get_contrast_text(color.a)
    return style + Style.from_color(
        (background + color).rich_color if (background.a or color.a) else None,
        background.rich_color if background.a else None,
    )
