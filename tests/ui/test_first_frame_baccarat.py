"""The baccarat table's first frame is the table as it stands: its layout is built for the
size its first layout gives it (nothing restyled or re-laid once mounted), it builds only
what that size shows, and it starts no work a later opening does not need."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from restyles import note_restyles
from textual.dom import DOMNode
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from cardtable.core.baccarat import Outcome
from cardtable.ui.app import CardTableApp
from cardtable.ui.screens import baccarat_odds
from cardtable.ui.screens.baccarat import BaccaratScreen
from cardtable.ui.widgets.baccarat import odds
from cardtable.ui.widgets.baccarat.layout import BaccaratLayout
from cardtable.ui.widgets.common.footer import KeyFooter

from helpers import settle

LARGE = (200, 50)


def _app(data_dir: Path) -> CardTableApp:
    return CardTableApp(data_dir=data_dir, seed=7, animations=False)


def gaps(app: CardTableApp) -> list[Static]:
    return list(app.screen.query_one(BaccaratLayout).query(".bac-gap").results(Static))


def _fills_the_screen(app: CardTableApp, height: int) -> None:
    """The huge table's spare rows are shared out: nothing empty above it or below it."""
    assert app.screen.query_one("#bac-top").region.y == 1
    assert app.screen.query_one("#bac-note").region.bottom == height - 1


@contextmanager
def restyles() -> Iterator[list[DOMNode]]:
    """The nodes styled again after they were styled as they were mounted."""
    with pytest.MonkeyPatch.context() as patch:
        yield note_restyles(patch)


async def test_a_table_that_is_not_huge_builds_no_spare_rows_and_grows_them_when_it_becomes_huge(
    data_dir: Path,
) -> None:
    app = _app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("2")
        await settle(pilot)
        assert gaps(app) == []
        await pilot.resize_terminal(*LARGE)
        await settle(pilot)
        found = gaps(app)
        assert len(found) == 4 and all(gap.region.height > 0 for gap in found)
        # one after each part, in the order the table is read
        before = [gap.parent.children[gap.parent.children.index(gap) - 1].id for gap in found if gap.parent]
        assert before == ["bac-top", "bac-hands", "bac-banner", "bac-actions"]
        _fills_the_screen(app, LARGE[1])
        await pilot.resize_terminal(80, 24)  # smaller again: the gaps stay, hidden
        await settle(pilot)
        assert all(gap.region.height == 0 for gap in gaps(app))


async def test_a_table_opened_huge_has_its_spare_rows_in_its_first_layout(data_dir: Path) -> None:
    app = _app(data_dir)
    async with app.run_test(size=LARGE) as pilot:
        await settle(pilot)
        await pilot.press("2")
        await settle(pilot)
        assert len(gaps(app)) == 4
        _fills_the_screen(app, LARGE[1])


@pytest.mark.parametrize("size", [(80, 24), (100, 40), LARGE], ids=["small", "roomy", "huge"])
async def test_nothing_of_the_table_is_restyled_once_mounted_as_it_opens(
    data_dir: Path, size: tuple[int, int]
) -> None:
    """Its size classes (roomy, huge), the banner's first look and the header's icon are
    set as they are built: a class set once mounted restyles the widget and all it holds."""
    app = _app(data_dir)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        with restyles() as restyled:
            await pilot.press("2")
            await settle(pilot)
        layout = app.screen.query_one(BaccaratLayout)
        assert [node for node in restyled if app.screen in node.ancestors_with_self] == []
        assert layout.has_class("-roomy") == (size == (100, 40)) and layout.has_class("-huge") == (size == LARGE)


async def test_the_odds_are_warmed_up_by_the_first_table_opened_only(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The warm-up count (numpy, the shared tables) is done once in a program: a table
    opened again starts no thread for it."""
    counted: list[int] = []
    count_odds = odds.count_odds  # what the screen imported

    def counting(counts: dict[int, int], decks: int) -> object:
        counted.append(decks)
        return count_odds(counts, decks)

    monkeypatch.setattr(baccarat_odds, "_WARMED", [])  # as in a program that has opened no table yet
    monkeypatch.setattr(baccarat_odds, "count_odds", counting)
    app = _app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("2")
        await settle(pilot)
        assert len(counted) == 1
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("2")
        await settle(pilot)
        assert app.screen.query(BaccaratLayout)
        assert len(counted) == 1


async def test_nothing_on_the_table_asks_for_a_layout_after_its_first_frame(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its widgets are drawn for the first layout (the header's title included): a widget
    asking for another one lays the whole screen out again."""
    first: list[bool] = []
    asked: list[Widget] = []
    refresh_layout, refresh = Screen._refresh_layout, Widget.refresh
    laying_out = [False]

    def counted_layout(self: Screen[object], *args: object, **kwargs: object) -> None:
        laying_out[0] = True
        try:
            refresh_layout(self, *args, **kwargs)  # type: ignore[arg-type]
        finally:
            laying_out[0] = False
        if isinstance(self, BaccaratScreen):
            first.append(True)

    def noted_refresh(self: Widget, *regions: object, layout: bool = False, **kwargs: object) -> Widget:
        if layout and first and not laying_out[0]:
            asked.append(self)
        return refresh(self, *regions, layout=layout, **kwargs)  # type: ignore[arg-type]

    app = _app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        monkeypatch.setattr(Screen, "_refresh_layout", counted_layout)
        monkeypatch.setattr(Widget, "refresh", noted_refresh)
        await pilot.press("2")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, BaccaratScreen) and first
        # the screen itself is laid out once more by Textual as its mount completes
        assert [widget for widget in asked if widget is not screen and screen in widget.ancestors] == []


def _footer_actions(app: CardTableApp) -> list[str]:
    return [key.action for key in app.screen.query_one(KeyFooter).keys()]


async def test_the_footer_is_fitted_again_only_when_the_width_changes(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The footer is fitted to the terminal's width (the chip keys leave it when it is
    too narrow for them) in compose and again when the width changes; a resize that keeps
    the width (the one after the first layout) does not read every binding again."""
    app = _app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        fits: list[int] = []
        fit_footer = BaccaratScreen.fit_footer

        def counted(self: BaccaratScreen, footer: KeyFooter) -> bool:
            fits.append(self.app.size.width)
            return fit_footer(self, footer)

        monkeypatch.setattr(BaccaratScreen, "fit_footer", counted)
        await pilot.press("2")
        await settle(pilot)
        assert fits == [80]  # in compose only
        assert "chip(1)" in _footer_actions(app)
        await pilot.resize_terminal(80, 30)
        await settle(pilot)
        assert fits == [80]
        await pilot.resize_terminal(100, 30)
        await settle(pilot)
        assert fits == [80, 100] and "chip(1)" in _footer_actions(app)


async def test_a_chip_on_a_spot_gives_that_spot_its_stake_and_leaves_the_rest_of_the_table_alone(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A key redraws what it changed: the other spots, the roads and the hands are not
    handed their same values again (each a reactive to set and compare)."""
    app = _app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("2")
        await settle(pilot)
        for key in ("b", "enter", "p"):  # one coup on the roads and in the hands, a new bet
            await pilot.press(key)
            await settle(pilot)
        given: list[tuple[Widget, str]] = []
        reactive_set = Reactive._set

        def noted(self: Reactive[object], obj: object, value: object, always: bool = False) -> None:
            if isinstance(obj, Widget):
                given.append((obj, self.name))
            reactive_set(self, obj, value, always)  # type: ignore[arg-type]

        monkeypatch.setattr(Reactive, "_set", noted)
        await pilot.press("p")  # a second chip on the Player
        await settle(pilot)
        table = app.screen.query_one(BaccaratLayout)
        player = table.spots[Outcome.PLAYER]
        assert player.stake > 0
        assert (player, "stake") in given
        others = (*table.hands, *table.boards, *(s for s in table.spots.values() if s is not player))
        assert [(type(w).__name__, name) for w, name in given if w in others] == []


def _dimmed(app: CardTableApp, action: str) -> bool:
    return next(not key.enabled for key in app.screen.query_one(KeyFooter).keys() if key.action == action)


async def test_a_key_that_changes_what_the_keys_may_do_dims_only_those_footer_keys(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first bet lets ``enter`` deal: its footer key lights up in that key's frame,
    without every binding of the screen read again to restate the whole footer."""
    app = _app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("2")
        await settle(pilot)
        await pilot.press("plus")  # a chip key between: the footer still knows its keys
        await settle(pilot)
        assert _dimmed(app, "deal")
        restated: list[object] = []
        refresh_keys = KeyFooter.refresh_keys

        def counted(footer: KeyFooter) -> bool:
            restated.append(footer)
            return refresh_keys(footer)

        monkeypatch.setattr(KeyFooter, "refresh_keys", counted)
        await pilot.press("p")
        await settle(pilot)
        assert not _dimmed(app, "deal")
        await pilot.press("c")  # nothing on the table again: enter may not deal
        await settle(pilot)
        assert _dimmed(app, "deal")
        assert not _dimmed(app, "chip(-1)")  # the chip as raised
        assert restated == []
