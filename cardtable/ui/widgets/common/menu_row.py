"""A row of menu entries drawn by one widget: the lobby's Statistics, History, Drills,
Settings and Rules.

Why not a widget per entry: every widget Textual builds costs about as much as the rest
of a small screen's start (styles matched, messages, a place in the layout and the
compositor), and the lobby is the first frame a player waits for. This one widget draws
the same boxes (side by side, one cell apart, the label centred with its key in bold) in
the looks of :class:`~.menu.MenuItem`, and answers the same mouse and keys: a click on an
entry opens it, ←/→ move between the entries while the row has the focus, enter or space
opens the one under the cursor.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

__all__ = ["MenuRow", "MenuSpan"]

#: An entry as drawn: its name, its label (words and key, plain), where its box starts and
#: how wide it is.
MenuSpan = tuple[str, str, int, int]


class MenuRow(Widget, can_focus=True):
    """Entries side by side, each a box of the row's height; ``cursor`` is the entry
    that enter opens while the row has the focus."""

    DEFAULT_CSS = """
    MenuRow {
        width: 1fr;
        height: 3;
        & > .menu-row--entry { background: $boost; color: $text; }
        & > .menu-row--hover { background: $primary 25%; color: $text; }
        & > .menu-row--cursor { background: $primary 45%; color: $text; text-style: bold; }
    }
    """

    COMPONENT_CLASSES = {"menu-row--entry", "menu-row--hover", "menu-row--cursor"}

    BINDINGS = [
        Binding("left", "move(-1)", "Previous entry", show=False),
        Binding("right", "move(1)", "Next entry", show=False),
        Binding("enter,space", "press", "Open", show=False),
    ]

    cursor: reactive[str] = reactive("", init=False)
    """The entry enter opens while the row has the focus (highlighted then)."""

    class Pressed(Message):
        """An entry was clicked, or opened with the keyboard."""

        def __init__(self, row: MenuRow, name: str) -> None:
            super().__init__()
            self.row = row
            self.name = name

        @property
        def control(self) -> MenuRow:
            return self.row

    def __init__(self, entries: Sequence[tuple[str, str, str]], *, id: str | None = None) -> None:
        """``entries``: (name, words, key) of each entry, left to right."""
        super().__init__(id=id)
        self._names = [name for name, _, _ in entries]
        self._labels = {name: (words, key) for name, words, key in entries}
        self._hover: str | None = None
        self.set_reactive(MenuRow.cursor, self._names[0])

    def set_label(self, name: str, words: str, key: str | None = None) -> None:
        """An entry's words (in a new language, say) and, if given, its key."""
        self._labels[name] = (words, self._labels[name][1] if key is None else key)
        self.refresh()

    def spans(self) -> list[MenuSpan]:
        """Each entry's name, plain label, and box (start, width), left to right: the
        width less the gaps, shared as evenly as cells allow (the first boxes take the
        cells left over)."""
        count = len(self._names)
        room = max(self.size.width - (count - 1), 0)
        x = 0
        spans: list[MenuSpan] = []
        for i, name in enumerate(self._names):
            width = room // count + (1 if i < room % count else 0)
            words, key = self._labels[name]
            spans.append((name, f"{words} {key}", x, width))
            x += width + 1
        return spans

    def render_line(self, y: int) -> Strip:
        """Row ``y`` of every box: the label on the middle row, centred and cut to its box
        less a cell of padding each side."""
        width = self.size.width
        base = Style.from_color(None, self.rich_style.bgcolor)
        segments: list[Segment] = []
        for i, (name, _label, _x, box) in enumerate(self.spans()):
            kind = "cursor" if name == self.cursor and self.has_focus else "hover" if name == self._hover else "entry"
            style = self.get_component_rich_style(f"menu-row--{kind}")
            if i:
                segments.append(Segment(" ", base))
            if y == self.size.height // 2:
                segments += self._label_segments(name, box, style)
            else:
                segments.append(Segment(" " * box, style))
        return Strip(segments).crop_extend(0, width, base).simplify()

    def _label_segments(self, name: str, box: int, style: Style) -> list[Segment]:
        words, key = self._labels[name]
        room = max(box - 2, 0)
        shown = Strip([Segment(words + " ", style), Segment(key, style + Style(bold=True))]).crop(0, room)
        used = shown.cell_length
        left = (box - used) // 2
        return [Segment(" " * left, style), *shown, Segment(" " * (box - used - left), style)]

    def _entry_at(self, x: int) -> str | None:
        return next((name for name, _, start, box in self.spans() if start <= x < start + box), None)

    def watch_cursor(self) -> None:
        self.refresh()

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def on_click(self, event: events.Click) -> None:
        """A click on an entry opens it."""
        name = self._entry_at(event.x)
        if name is not None:
            event.stop()
            self.cursor = name
            self.post_message(self.Pressed(self, name))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        hover = self._entry_at(event.x)
        if hover != self._hover:
            self._hover = hover
            self.refresh()

    def on_leave(self) -> None:
        if self._hover is not None:
            self._hover = None
            self.refresh()

    def action_move(self, step: int) -> None:
        """The cursor to the next (1) or previous (-1) entry, round the row."""
        self.cursor = self._names[(self._names.index(self.cursor) + step) % len(self._names)]

    def action_press(self) -> None:
        """Open the entry under the cursor."""
        self.post_message(self.Pressed(self, self.cursor))

    def label_width(self, name: str) -> int:
        """Cells the entry's label takes (words, a space, the key)."""
        words, key = self._labels[name]
        return cell_len(words) + 1 + cell_len(key)
