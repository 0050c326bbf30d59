"""Every screen's footer is one widget (``KeyFooter``) that draws, cell for cell, what
Textual's ``Footer`` (a widget per key and per group) draws for the same bindings: keys
alone and in groups, dimmed keys, compact mode, a key under the mouse, in either theme;
and a click on a key presses it, as on Textual's."""

from __future__ import annotations

import pytest
from rich.style import Style
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Static

from cardtable.ui.widgets.common.footer import KeyFooter

from helpers import settle

_BET = Binding.Group("Bet", compact=True)
_SIZE = Binding.Group("Size")


class _Screen(Screen[None]):
    BINDINGS = [
        Binding("enter", "deal", "Deal"),
        Binding("p", "bet('P')", "Player", group=_BET),
        Binding("b", "bet('B')", "Banker", group=_BET),
        Binding("t", "bet('T')", "Tie", group=_BET),
        Binding("plus", "size(1)", "Bigger", group=_SIZE),
        Binding("minus", "size(-1)", "Smaller", group=_SIZE),
        Binding("x", "toss", "Toss the cards"),
        Binding("z", "hidden", "Hidden", show=False),
        Binding("?", "rules", "Rules"),
    ]
    #: Textual's footer, compact, sets a group's label against the next key; ours leaves a
    #: cell, as the card room's baccarat footer asked of Textual's.
    DEFAULT_CSS = "_Screen Footer.-compact FooterLabel { margin: 0 1 0 0; }"

    def __init__(self, mine: bool, compact: bool, off: frozenset[str]) -> None:
        super().__init__()
        self.mine, self.compact, self.off = mine, compact, off
        self.pressed: list[str] = []

    def compose(self) -> ComposeResult:
        yield Static("body")
        yield KeyFooter(early=True, compact=self.compact) if self.mine else Footer(compact=self.compact)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return None if action in self.off else True  # None: shown dimmed

    def action_deal(self) -> None:
        self.pressed.append("deal")

    def action_toss(self) -> None:
        self.pressed.append("toss")


class _App(App[None]):
    ENABLE_COMMAND_PALETTE = False


def _cells(app: App[None]) -> list[tuple[str, str, str, bool, bool, bool]]:
    """The footer's row as a player sees it: each cell's character, colours, bold, dim
    and reverse (however the line is split into segments)."""
    line = app.screen._compositor.render_strips()[-1]
    cells = []
    for segment in line:
        style = segment.style or Style()
        for character in segment.text:
            cells.append((
                character,
                style.color.triplet.hex if style.color and style.color.triplet else str(style.color),
                style.bgcolor.triplet.hex if style.bgcolor and style.bgcolor.triplet else str(style.bgcolor),
                bool(style.bold), bool(style.dim), bool(style.reverse),
            ))
    return cells


async def _footer_row(mine: bool, *, compact: bool = False, theme: str = "textual-dark",
                      off: frozenset[str] = frozenset(), hover: int | None = None, width: int = 100,
                      theme_after: bool = False) -> list:
    app = _App()
    async with app.run_test(size=(width, 5)) as pilot:
        if not theme_after:
            app.theme = theme
        await app.push_screen(_Screen(mine, compact, off))
        await settle(pilot)
        if theme_after:  # the footer drawn in one theme, then another
            _cells(app)
            app.theme = theme
            await settle(pilot)
        if hover is not None:
            await pilot.hover(offset=(hover, 4))
            await settle(pilot)
        return _cells(app)


@pytest.mark.parametrize("compact", [False, True])
@pytest.mark.parametrize("theme", ["textual-dark", "textual-light"])
@pytest.mark.parametrize("off", [frozenset(), frozenset({"deal", "bet", "size", "rules"})])
async def test_the_footer_draws_what_textuals_draws(compact: bool, theme: str, off: frozenset[str]) -> None:
    textual = await _footer_row(False, compact=compact, theme=theme, off=off)
    mine = await _footer_row(True, compact=compact, theme=theme, off=off)
    assert "".join(cell[0] for cell in mine) == "".join(cell[0] for cell in textual)
    assert mine == textual


async def test_a_new_theme_restyles_the_footer_as_textuals() -> None:
    off = frozenset({"deal", "bet"})
    mine = await _footer_row(True, theme="textual-light", off=off, theme_after=True)
    assert mine == await _footer_row(False, theme="textual-light", off=off)
    assert mine != await _footer_row(True, theme="textual-dark", off=off)


@pytest.mark.parametrize("x", [1, 5, 10, 18, 30, 46])
async def test_a_key_under_the_mouse_looks_as_on_textuals(x: int) -> None:
    textual = await _footer_row(False, hover=x)
    mine = await _footer_row(True, hover=x)
    assert mine == textual
    assert mine != await _footer_row(True)  # the hover shows


async def test_a_click_presses_the_key_and_a_dimmed_key_rings() -> None:
    app = _App()
    async with app.run_test(size=(100, 5)) as pilot:
        screen = _Screen(True, False, frozenset({"toss"}))
        await app.push_screen(screen)
        await settle(pilot)
        footer = screen.query_one(KeyFooter)
        assert len(footer.children) == 0  # one widget
        spans = {key.action: (start, end) for key, start, end in footer.spans()}
        start, end = spans["deal"]
        await pilot.click(offset=(end - 1, 4))
        await settle(pilot)
        assert screen.pressed == ["deal"]
        bells: list[None] = []
        app.bell = lambda: bells.append(None)  # type: ignore[method-assign]
        await pilot.click(offset=(spans["toss"][0], 4))
        await settle(pilot)
        assert screen.pressed == ["deal"] and len(bells) == 1


class _Button(Static, can_focus=True):
    BINDINGS = [Binding("enter", "press", "Press", show=False), Binding("space", "press", "Press")]


class _FocusScreen(Screen[None]):
    BINDINGS = [Binding("escape", "lobby", "Lobby"), Binding("enter", "deal", "Deal", priority=True),
                Binding("h", "hit", "Hit")]

    def compose(self) -> ComposeResult:
        yield _Button("one", id="one")
        yield KeyFooter(early=True)


async def test_the_keys_keep_their_order_wherever_the_focus_is() -> None:
    """A focused widget that binds enter too puts it first in Textual's list of bindings:
    the footer keeps the order the screen declares (the widget's own shown keys first)."""
    app = _App()
    async with app.run_test(size=(100, 5)) as pilot:
        screen = _FocusScreen()
        await app.push_screen(screen)
        await settle(pilot)
        footer = screen.query_one(KeyFooter)
        assert screen.focused is screen.query_one("#one")  # focused as the screen opened
        assert list(screen.active_bindings)[0] == "enter"  # Textual's order: the focus's first
        assert [key.action for key in footer.keys()] == ["press", "lobby", "deal", "hit"]
        screen.set_focus(None)
        await settle(pilot)
        assert [key.action for key in footer.keys()] == ["lobby", "deal", "hit"]


async def test_the_key_under_the_mouse_gives_its_tooltip() -> None:
    app = _App()
    async with app.run_test(size=(100, 5)) as pilot:
        screen = _Screen(True, False, frozenset())
        await app.push_screen(screen)
        await settle(pilot)
        footer = screen.query_one(KeyFooter)
        spans = {key.action: start for key, start, _end in footer.spans()}
        await pilot.hover(offset=(spans["bet('B')"], 4))
        await settle(pilot)
        assert footer.tooltip == "Banker"  # a grouped key: its own words
        await pilot.hover(offset=(0, 0))
        await settle(pilot)
        assert footer.hovered is None and footer.tooltip is None
