"""A row of tabs and its underline drawn by one widget, as Textual's ``Tabs`` draws them.

Why not ``TabbedContent``: its tab row is eight widgets (a scroll container, a bar, a list,
a widget per tab, the underline) laid out with auto widths, and it moved the underline in
a pass after the first layout; on the statistics screen that was about a quarter of the
CPU of opening it. This one widget draws the same two lines (each tab padded one cell
either side, the active one in the foreground colour, the others at half strength; the bar
under the active title) from the same colours, and answers the same mouse and keys: a
click on a title or under it, ←/→ while it has the focus. The screen shows the active
tab's pane with a ``ContentSwitcher``.
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
from textual.renderables.bar import Bar
from textual.strip import Strip
from textual.widget import Widget

__all__ = ["TabStrip"]


class TabStrip(Widget, can_focus=True):
    """Titles side by side, the active one underlined; ``active`` is the active tab's id."""

    DEFAULT_CSS = """
    TabStrip {
        width: 100%;
        height: 2;
        & > .tab-strip--tab { color: $foreground 50%; }
        & > .tab-strip--hover { color: $foreground; }
        & > .tab-strip--active { color: $foreground; }
        & > .underline--bar { color: $block-cursor-background; background: $foreground 10%; }
        &:ansi {
            & > .tab-strip--tab { text-style: dim; }
            & > .tab-strip--active { text-style: not dim bold; }
            & > .underline--bar { color: $block-cursor-background; background: $border-blurred; }
        }
        &:focus {
            & > .underline--bar { background: $foreground 30%; }
            & > .tab-strip--active {
                text-style: $block-cursor-text-style;
                color: $block-cursor-foreground;
                background: $block-cursor-background;
            }
        }
    }
    """

    COMPONENT_CLASSES = {"tab-strip--tab", "tab-strip--hover", "tab-strip--active", "underline--bar"}

    BINDINGS = [
        Binding("left", "previous_tab", "Previous tab", show=False),
        Binding("right", "next_tab", "Next tab", show=False),
    ]

    active: reactive[str] = reactive("", init=False)
    """The id of the active tab."""

    class Activated(Message):
        """A tab became the active one (by the mouse, a key or ``active``)."""

        def __init__(self, strip: TabStrip, tab: str) -> None:
            super().__init__()
            self.strip = strip
            self.tab = tab

    def __init__(self, tabs: Sequence[tuple[str, str]], *, id: str | None = None) -> None:
        """``tabs``: (id, title) of each tab, in order; the first is the active one."""
        super().__init__(id=id)
        self._ids = [tab_id for tab_id, _ in tabs]
        self._titles = {tab_id: title for tab_id, title in tabs}
        self._hover: str | None = None
        self.set_reactive(TabStrip.active, self._ids[0])

    def set_title(self, tab: str, title: str) -> None:
        """A tab's title (in a new language, say)."""
        self._titles[tab] = title
        self.refresh()

    def watch_active(self, active: str) -> None:
        self.post_message(self.Activated(self, active))

    def _spans(self) -> list[tuple[str, int, int]]:
        """Each tab's id and the cells its title takes (padding excluded), left to right."""
        spans = []
        x = 0
        for tab in self._ids:
            width = cell_len(self._titles[tab])
            spans.append((tab, x + 1, x + 1 + width))
            x += width + 2
        return spans

    def render_line(self, y: int) -> Strip:
        """The titles (line 0) or the underline (line 1), cell for cell as ``Tabs`` draws
        them: a title's padding has its tab's background only, the rest the strip's."""
        width = self.size.width
        base = Style.from_color(None, self.rich_style.bgcolor)
        if y == 0:
            segments = []
            for tab in self._ids:
                kind = "active" if tab == self.active else "hover" if tab == self._hover else "tab"
                style = self.get_component_rich_style(f"tab-strip--{kind}")
                pad = Segment(" ", Style.from_color(None, style.bgcolor))
                segments += [pad, Segment(self._titles[tab], style), pad]
            line = Strip(segments)
        elif y == 1:
            bar = self.get_component_rich_style("underline--bar")
            span = next(((start, end) for tab, start, end in self._spans() if tab == self.active), (0, 0))
            underline = Bar(
                highlight_range=span,
                highlight_style=Style.from_color(bar.color),
                background_style=Style.from_color(bar.bgcolor),
            )
            console = self.app.console
            line = Strip(console.render(underline, console.options.update_width(width))).apply_style(base)
        else:
            line = Strip([])
        return line.crop_extend(0, width, base).simplify()

    def _tab_at(self, x: int) -> str | None:
        return next((tab for tab, start, end in self._spans() if start - 1 <= x < end + 1), None)

    def on_click(self, event: events.Click) -> None:
        """A click on a title, or under it, makes its tab the active one."""
        tab = self._tab_at(event.x)
        if tab is not None:
            event.stop()
            self.focus()
            self.active = tab

    def on_mouse_move(self, event: events.MouseMove) -> None:
        hover = self._tab_at(event.x) if event.y == 0 else None
        if hover != self._hover:
            self._hover = hover
            self.refresh()

    def on_leave(self) -> None:
        if self._hover is not None:
            self._hover = None
            self.refresh()

    def _move(self, step: int) -> None:
        self.active = self._ids[(self._ids.index(self.active) + step) % len(self._ids)]

    def action_next_tab(self) -> None:
        self._move(+1)

    def action_previous_tab(self) -> None:
        self._move(-1)
