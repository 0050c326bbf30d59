"""The settings offer the table limits the rules promise, and read without colour:
switches [x]/[ ], a visible highlight. One list: ↑/↓ pick a setting,
←/→ step its value, enter, space or a click step it forward."""

from __future__ import annotations

from pathlib import Path

from settings_keys import row_text, to_setting

from cardtable.store import Store
from cardtable.ui.app import CardTableApp
from cardtable.ui.screens.settings import SettingsScreen
from cardtable.ui.widgets.common.bet import BetControls

from helpers import press, screen_text, settle


async def test_table_limits_chosen_in_the_settings_rule_the_tables(data_dir: Path) -> None:
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "o")
        assert isinstance(app.screen, SettingsScreen)
        await to_setting(pilot, "bj-limits")
        await press(pilot, "right")  # the second choice: 10–1,000
        assert app.settings.bj_min == 1_000 and app.settings.bj_max == 100_000
        assert "10–1,000 per hand" in screen_text(app)
        await to_setting(pilot, "bac-limits")
        await press(pilot, "right", "right", "right", "left")  # 25–2,500
        assert (app.settings.bac_min, app.settings.bac_max) == (2_500, 250_000)
        assert "25–2,500 per spot" in screen_text(app)
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
        await to_setting(pilot, "animations")

        def line() -> str:
            return next(row for row in screen_text(app).splitlines() if "deal card by card" in row)

        assert "[x] deal card by card" in line()  # the stored setting: on
        await press(pilot, "enter")
        assert "[ ] deal card by card" in line()
        assert app.settings.animations is False
        await press(pilot, "space")
        assert "[x] deal card by card" in line() and app.settings.animations is True


async def test_the_coach_mode_switch_is_the_coach_setting(data_dir: Path) -> None:
    """A Coach mode switch bound to Settings.coach (off by default)."""
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "o")
        await to_setting(pilot, "coach")
        assert app.settings.coach is False
        assert "[ ] warn before a costly choice" in screen_text(app)
        await press(pilot, "right")
        assert app.settings.coach is True
        assert "[x] warn before a costly choice" in screen_text(app)
    with Store.open(data_dir) as store:
        assert store.settings().coach is True
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:  # shown as saved
        await settle(pilot)
        await press(pilot, "o")
        assert "[x] warn before a costly choice" in row_text(app, "coach")


async def test_the_seats_and_their_levels_and_a_click(data_dir: Path) -> None:
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "o")
        assert app.settings.bj_seats == ("normal", "hard")
        assert "Computer seats" in row_text(app, "bj-seat-count") and "◂ 2 ▸" in row_text(app, "bj-seat-count")
        await press(pilot, "down", "down", "right")  # the second seat: hard -> easy (round again)
        assert app.settings.bj_seats == ("normal", "easy")
        await press(pilot, "down")  # the third and fourth seats are off: the highlight skips them
        assert "Table limits" in row_text(app, "bj-limits") and "5–500 per hand" in screen_text(app)
        await to_setting(pilot, "bj-seat-count")
        await press(pilot, "left", "left")  # no computer seats
        assert app.settings.bj_seats == ()
        await press(pilot, "right", "right", "right")  # back to three: the second kept its level
        assert app.settings.bj_seats == ("normal", "easy", "normal")
        await pilot.click("#settings-list", offset=(4, 1))  # a click on the seats row: the next value
        await settle(pilot)
        assert len(app.settings.bj_seats) == 4
        await press(pilot, "escape")
    with Store.open(data_dir) as store:
        assert store.settings().bj_seats == ("normal", "easy", "normal", "normal")


async def test_every_setting_is_on_the_list_and_the_footer_says_how_to_change_it(data_dir: Path) -> None:
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "o")
        for key, shown in (("ai-delay", "normal (0.5 s)"), ("baccarat-decks", "8 decks (standard)"),
                           ("poker-coin", "5 chips"), ("poker-exchanges", "◂ 1 ▸"), ("ascii", "[ ] letters"),
                           ("theme", "textual-dark")):
            assert shown in row_text(app, key), key
        assert "←→ Change" in screen_text(app).splitlines()[-1]
        await to_setting(pilot, "poker-coin")
        await press(pilot, "left")
        assert app.settings.poker_coin == 200
        await to_setting(pilot, "ai-delay")
        await press(pilot, "right")
        assert app.settings.ai_delay_ms == 1000
        await to_setting(pilot, "theme")
        await press(pilot, "right")
        assert app.settings.theme != "textual-dark" and app.theme == app.settings.theme


async def test_the_count_switch_is_the_count_setting(data_dir: Path) -> None:
    """Coach mode's count at the blackjack table (off by default), saved at once."""
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "o")
        await to_setting(pilot, "count")
        assert app.settings.count is False and "[ ] Hi-Lo count" in row_text(app, "count")
        await press(pilot, "right")
        assert app.settings.count is True and "[x] Hi-Lo count" in row_text(app, "count")
    with Store.open(data_dir) as store:
        assert store.settings().count is True
