"""The settings offer the table limits the rules promise, and read without colour
(issue 12): checkboxes [x]/[ ], a visible focus."""

from __future__ import annotations

from pathlib import Path

from cardtable.store import Store
from cardtable.ui.app import CardTableApp
from cardtable.ui.screens.settings import SettingsScreen
from cardtable.ui.widgets.common.bet import BetControls
from cardtable.ui.widgets.common.tickbox import TickBox

from helpers import press, screen_text, settle


async def test_table_limits_chosen_in_the_settings_rule_the_tables(data_dir: Path) -> None:
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "o")
        assert isinstance(app.screen, SettingsScreen)
        await pilot.click("#bj-limits")
        await settle(pilot)
        await press(pilot, "down", "enter")  # the second choice: 10–1,000
        assert app.settings.bj_min == 1_000 and app.settings.bj_max == 100_000
        assert "10–1,000 per hand" in screen_text(app)
        await pilot.click("#bac-limits")
        await settle(pilot)
        await press(pilot, "down", "down", "enter")  # 25–2,500
        assert (app.settings.bac_min, app.settings.bac_max) == (2_500, 250_000)
        await press(pilot, "escape", "1")
        bet = app.screen.query_one("#bj-bet", BetControls)
        assert bet.value == 1_000 and bet.values[0] == 1_000 and bet.values[-1] == 100_000
        assert not app.screen.query("#chip-500")  # a 5 chip is below the table's minimum
    with Store.open(data_dir) as store:  # kept in the data file
        assert (store.settings().bj_min, store.settings().bac_max) == (1_000, 250_000)


async def test_checkboxes_read_ticked_or_not_without_colour(data_dir: Path) -> None:
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "o")
        box = app.screen.query_one("#animations", TickBox)

        def line() -> str:
            return next(row for row in screen_text(app).splitlines() if "deal card by card" in row)

        assert box.value is True and "[x] deal card by card" in line()  # the stored setting: on
        await pilot.click("#animations")
        await settle(pilot)
        assert box.value is False and "[ ] deal card by card" in line()
        assert app.settings.animations is False


async def test_the_coach_mode_switch_is_the_coach_setting(data_dir: Path) -> None:
    """Issue 11: a Coach mode switch bound to Settings.coach (off by default)."""
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "o")
        box = app.screen.query_one("#coach", TickBox)
        assert box.value is False and app.settings.coach is False
        box.scroll_visible(animate=False)
        await settle(pilot)
        assert "[ ] warn before a costly choice" in screen_text(app)
        await pilot.click("#coach")
        await settle(pilot)
        assert box.value is True and app.settings.coach is True
        assert "[x] warn before a costly choice" in screen_text(app)
    with Store.open(data_dir) as store:
        assert store.settings().coach is True
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:  # shown as saved
        await settle(pilot)
        await press(pilot, "o")
        assert app.screen.query_one("#coach", TickBox).value is True
