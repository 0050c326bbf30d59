"""The statistics' tab strip: one widget that draws, cell for cell, what Textual's ``Tabs``
draws (titles, the underline under the active one, focused or not, double-width titles),
and answers the mouse and the keys as ``Tabs`` does."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Tab, Tabs
from textual.widgets._tabs import Underline

from cardtable.ui.widgets.history.tab_strip import TabStrip

TITLES = [("tab-one", "Bankroll"), ("tab-two", "ゲーム別収支"), ("tab-three", "Rezultatai"), ("tab-four", "Coach")]


class TabsApp(App[None]):
    def __init__(self, strip: bool) -> None:
        super().__init__()
        self.strip = strip
        self.animation_level = "none"  # Tabs slides its underline: compared where it stops

    def compose(self) -> ComposeResult:
        if self.strip:
            yield TabStrip(TITLES)
        else:
            yield Tabs(*(Tab(title, id=tab_id) for tab_id, title in TITLES))


async def _drawn(
    strip: bool, active: str, focused: bool, theme: str, hover: tuple[int, int] | None = None
) -> list[list[tuple[str, str]]]:
    """The two lines the tabs draw at 60 columns, as (text, style) runs."""
    app = TabsApp(strip)
    async with app.run_test(size=(60, 4)) as pilot:
        widget: TabStrip | Tabs = app.query_one(TabStrip) if strip else app.query_one(Tabs)
        await pilot.pause()
        app.theme = theme  # changed after the first frame, as the settings change it
        widget.active = active
        if focused:
            widget.focus()
        else:
            app.set_focus(None)
        if hover is not None:
            await pilot.hover(TabStrip if strip else Tabs, offset=hover)
        await pilot.pause()
        if isinstance(widget, Tabs):  # its underline moves a refresh after the tab
            underline, tab = widget.query_one(Underline), widget.query_one(f"#{active}")
            while (underline.highlight_start, underline.highlight_end) != tab.virtual_region.shrink(
                tab.styles.gutter
            ).column_span:
                await pilot.pause()
        lines = app.screen._compositor.render_strips()[:2]
        return [[(seg.text, str(seg.style)) for seg in line.simplify()] for line in lines]


@pytest.mark.parametrize("theme", ("textual-dark", "textual-light"))
@pytest.mark.parametrize("focused", (False, True))
@pytest.mark.parametrize("active", ("tab-one", "tab-two", "tab-four"))
async def test_the_strip_draws_what_textual_tabs_draw(active: str, focused: bool, theme: str) -> None:
    assert await _drawn(True, active, focused, theme) == await _drawn(False, active, focused, theme)


@pytest.mark.parametrize("hover", ((12, 0), (2, 0), (12, 1), (50, 0)))
async def test_a_title_under_the_mouse_is_drawn_as_tabs_draw_it(hover: tuple[int, int]) -> None:
    drawn = [await _drawn(strip, "tab-one", False, "textual-dark", hover) for strip in (True, False)]
    assert drawn[0] == drawn[1]


async def test_a_click_on_a_title_or_under_it_and_the_arrows_choose_the_tab() -> None:
    app = TabsApp(strip=True)
    async with app.run_test(size=(60, 4)) as pilot:
        strip = app.query_one(TabStrip)
        shown: list[str] = []
        strip.watch(strip, "active", lambda tab: shown.append(tab), init=False)
        assert strip.active == "tab-one"
        await pilot.click(TabStrip, offset=(12, 0))  # on "ゲーム別収支" (cells 11 to 22)
        assert strip.active == "tab-two" and app.focused is strip
        await pilot.click(TabStrip, offset=(27, 1))  # under "Rezultatai"
        assert strip.active == "tab-three"
        await pilot.press("right", "right")
        assert strip.active == "tab-one"  # round from the last to the first
        await pilot.press("left")
        assert strip.active == "tab-four"
        assert shown == ["tab-two", "tab-three", "tab-four", "tab-one", "tab-four"]
