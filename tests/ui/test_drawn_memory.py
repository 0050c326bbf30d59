"""A plain container draws from the lines one like it drew before
(``cardtable/ui/drawn_memory.py``), and those are the lines Textual draws for it now."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

from cardtable.ui import drawn_memory
from cardtable.ui.app import CardTableApp

from helpers import press, settle

#: The tests compare drawn lines.
pytestmark = pytest.mark.paints


def textual_lines(widget: Widget) -> list[Strip]:
    """``widget``'s lines as Textual draws them now, from nothing."""
    widget._styles_cache.clear()
    return drawn_memory._render_lines(widget, widget.outer_size.region)


def plain_containers(app: App[None]) -> list[Widget]:
    return [w for w in app.screen.walk_children(Widget, with_self=False) if drawn_memory._plain(w) and w.display]


def drawn_by_textual(monkeypatch: pytest.MonkeyPatch) -> list[Widget]:
    """The plain containers Textual draws from now on (not from memory)."""
    drawn: list[Widget] = []
    original = drawn_memory._render_lines

    def drawing(widget: Widget, crop: Region) -> list[Strip]:
        drawn.append(widget)
        return original(widget, crop)

    monkeypatch.setattr(drawn_memory, "_render_lines", drawing)
    return drawn


class Lined(Widget):
    """A container that draws a line of its own through the line API."""

    DEFAULT_CSS = "Lined { layout: vertical; width: 10; height: 3; }"

    def render_line(self, y: int) -> Strip:
        return Strip.blank(self.size.width) if y else Strip.blank(1)


class Boxes(App[None]):
    CSS = """
    Screen { layout: horizontal; }
    .red-frame { border: round red; }
    .green-frame { border: round green; }
    .blue { background: blue 50%; border: round blue; }
    Vertical { width: 10; height: 5; }
    Horizontal { width: 12; height: 7; }
    """

    def compose(self) -> ComposeResult:
        yield Vertical(Static("a"), classes="red-frame")
        yield Vertical(Static("b"), classes="green-frame")  # alike but for its rules
        yield Horizontal(Vertical(Static("c"), classes="blue"))  # a see-through box
        yield Horizontal(Vertical(Static("d"), classes="blue"))  # ... on a red set by hand
        yield Lined(Static("e"))

    def on_mount(self) -> None:
        self.query(Horizontal).last().styles.background = "red"


async def test_containers_alike_in_size_draw_as_their_styles_and_background_say() -> None:
    app = Boxes()
    async with app.run_test(size=(60, 10)) as pilot:
        await pilot.pause()
        boxes = list(app.query(Vertical))
        assert len(boxes) == 4 and all(drawn_memory._plain(box) for box in boxes)
        assert len({box.size for box in boxes}) == 1
        drawn = [box.render_lines(box.outer_size.region) for box in boxes]
        assert drawn == [textual_lines(box) for box in boxes]
        assert len({tuple(tuple(line) for line in lines) for lines in drawn}) == 4  # none taken for another
        lined = app.query_one(Lined)
        assert lined.is_container and not drawn_memory._plain(lined)  # draws lines of its own
        box = boxes[0]
        box.styles.background = "yellow"  # styled by hand: Textual's drawing
        await pilot.pause()
        assert not drawn_memory._plain(box)
        assert box.render_lines(box.outer_size.region) == textual_lines(box) != drawn[0]


@pytest.mark.parametrize(("hotkey", "keys"), [("1", ("enter",)), ("2", ("p", "enter")), ("3", ("enter",))])
async def test_a_table_opened_again_draws_its_containers_as_textual_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, hotkey: str, keys: tuple[str, ...]
) -> None:
    app = CardTableApp(data_dir=tmp_path, seed=1, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for theme in (None, "textual-light"):
            if theme is not None:
                app.theme = theme
                await settle(pilot)
            for opening in range(2):
                drawn = drawn_by_textual(monkeypatch)
                await press(pilot, hotkey)
                monkeypatch.undo()
                containers = plain_containers(app)
                assert len(containers) >= 4
                if opening == 1:  # the same table again: every container from memory
                    assert not any(w in containers for w in drawn)
                for widget in containers:
                    assert widget.render_lines(widget.outer_size.region) == textual_lines(widget), widget
                if opening == 1:
                    await press(pilot, *keys)  # a round under way
                    for widget in plain_containers(app):
                        assert widget.render_lines(widget.outer_size.region) == textual_lines(widget), widget
                await press(pilot, "escape")
                while type(app.screen).__name__ != "LobbyScreen":
                    await press(pilot, "escape")
