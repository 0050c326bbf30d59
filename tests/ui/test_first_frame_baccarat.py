"""The baccarat table's first frame is the table as it stands: its layout is built for the
size its first layout gives it (nothing restyled or re-laid once mounted), it builds only
what that size shows, and it starts no work a later opening does not need."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from textual.app import App
from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode
from textual.widgets import Static

from cardtable.ui.app import CardTableApp
from cardtable.ui.screens import baccarat_odds
from cardtable.ui.widgets.baccarat.layout import BaccaratLayout
from cardtable.ui.widgets.common.bet import BetControls

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
    restyled: list[DOMNode] = []
    register, apply = App._register, Stylesheet.apply
    registering = [0]

    def counted_register(self: App[object], *args: object, **kwargs: object) -> object:
        registering[0] += 1
        try:
            return register(self, *args, **kwargs)  # type: ignore[arg-type]
        finally:
            registering[0] -= 1

    def noted_apply(self: Stylesheet, node: DOMNode, *args: object, **kwargs: object) -> None:
        if not registering[0]:
            restyled.append(node)
        apply(self, node, *args, **kwargs)  # type: ignore[arg-type]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(App, "_register", counted_register)
        patch.setattr(Stylesheet, "apply", noted_apply)
        yield restyled


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
    """Its size classes (roomy, huge) and the banner's first look are set as it is built:
    a class set once mounted restyles the widget and everything in it."""
    app = _app(data_dir)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        with restyles() as restyled:
            await pilot.press("2")
            await settle(pilot)
        layout = app.screen.query_one(BaccaratLayout)
        # the chip's − and + (a control every table shares) are left to its own tests
        ours = [
            node for node in restyled
            if layout in node.ancestors_with_self and not any(isinstance(a, BetControls) for a in node.ancestors)
        ]
        assert ours == []
        assert layout.has_class("-roomy") == (size == (100, 40)) and layout.has_class("-huge") == (size == LARGE)


async def test_the_odds_are_warmed_up_by_the_first_table_opened_only(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The warm-up count (numpy, the shared tables) is done once in a program: a table
    opened again starts no thread for it."""
    counted: list[int] = []
    count_odds = baccarat_odds.count_odds

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
