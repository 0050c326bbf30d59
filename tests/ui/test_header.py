"""Every screen's header is one widget (``TitleHeader``) that draws, segment for segment,
what Textual's four-widget ``Header`` draws: the icon, the title and subtitle centred
between the icon's and the clock's columns, cut with an ellipsis when too long, in either
theme. Its title follows the screen's and the app's, and a click leaves it one row."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.screen import Screen
from textual.widgets import Header, Static

from cardtable.ui.widgets.common.header import TitleHeader

from helpers import settle


class _Screen(Screen[None]):
    def __init__(self, mine: bool, title: str | None, sub_title: str | None) -> None:
        super().__init__()
        self.mine = mine
        if title is not None:
            self.title = title
        if sub_title is not None:
            self.sub_title = sub_title

    def compose(self) -> ComposeResult:
        yield TitleHeader() if self.mine else Header()
        yield Static("body")


class _App(App[None]):
    ENABLE_COMMAND_PALETTE = False
    TITLE = "cardtable"
    SUB_TITLE = "a terminal card room"


async def _first_line(
    mine: bool, width: int, theme: str, title: str | None, sub_title: str | None
) -> list[tuple[str, str]]:
    app = _App()
    async with app.run_test(size=(width, 6)) as pilot:
        app.theme = theme
        await app.push_screen(_Screen(mine, title, sub_title))
        await settle(pilot)
        line = app.screen._compositor.render_strips()[0]
        return [(segment.text, str(segment.style)) for segment in line]


@pytest.mark.parametrize("width", [80, 120, 33])
@pytest.mark.parametrize("theme", ["textual-dark", "textual-light"])
@pytest.mark.parametrize("title, sub_title", [
    (None, None), ("ブラックジャック", "Europos taisyklės"), ("x" * 70, "y" * 40), ("Poker", ""),
])
async def test_the_header_draws_what_textuals_draws(width: int, theme: str, title: str | None,
                                                    sub_title: str | None) -> None:
    textual = await _first_line(False, width, theme, title, sub_title)
    mine = await _first_line(True, width, theme, title, sub_title)
    assert mine == textual
    assert sum(len(text) for text, _style in mine if text.isascii()) <= width


def _painted_title(app: App[None]) -> str:
    return "".join(segment.text for segment in app.screen._compositor.render_strips()[0])


async def test_the_header_follows_the_title_and_stays_one_row_when_clicked() -> None:
    app = _App()
    async with app.run_test(size=(80, 6)) as pilot:
        await app.push_screen(_Screen(True, None, None))
        await settle(pilot)
        header = app.screen.query_one(TitleHeader)
        assert len(header.children) == 0  # one widget
        app.screen.sub_title = "Blackjack"  # the screen's own
        await settle(pilot)
        assert "cardtable — Blackjack" in _painted_title(app)
        app.screen.sub_title = None  # the app's again, then a new one
        app.sub_title = "Baccarat"
        await settle(pilot)
        assert "cardtable — Baccarat" in _painted_title(app)
        app.title = "card room"
        await settle(pilot)
        assert "card room — Baccarat" in _painted_title(app)
        await pilot.click(TitleHeader, offset=(40, 0))
        await settle(pilot)
        assert header.size.height == 1 and not header.has_class("-tall")
