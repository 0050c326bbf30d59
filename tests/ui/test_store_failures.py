"""A locked or refusing data file never crashes the app.

Each case is played with keys as a player would; the app must report the failure in
plain words, lose nothing and keep running.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from settings_keys import row_text, to_setting
from textual.pilot import Pilot
from textual.widgets import Button

from cardtable.store import Store
from cardtable.ui.app import UI_BUSY_TIMEOUT_MS, CardTableApp
from cardtable.ui.screens.confirm import ConfirmScreen
from cardtable.ui.screens.lobby import LobbyScreen
from cardtable.ui.screens.poker import PokerScreen
from cardtable.ui.screens.settings import SettingsScreen

from helpers import notifications, settle


def messages(app: CardTableApp) -> list[str]:
    return notifications(app)


def lock(data_dir: Path) -> sqlite3.Connection:
    """Another program holding the file's write lock (as a busy second copy would)."""
    con = sqlite3.connect(data_dir / "cardtable.sqlite3", isolation_level=None, timeout=0)
    con.execute("BEGIN IMMEDIATE")
    return con




async def press_reset(pilot: Pilot) -> None:
    """Tab to the Start over button (below the fold at 80x24) and press it."""
    screen = pilot.app.screen
    assert isinstance(screen, SettingsScreen)
    button = screen.query_one("#reset", Button)
    button.focus()
    button.scroll_visible(animate=False)
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)


async def test_the_app_waits_only_briefly_for_a_locked_file(data_dir: Path) -> None:
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(80, 24)):
        (timeout,) = app.store._db().execute("PRAGMA busy_timeout").fetchone()
        assert timeout == UI_BUSY_TIMEOUT_MS <= 500


async def test_a_settings_change_on_a_locked_file_is_reported(data_dir: Path) -> None:
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        await settle(pilot)
        assert isinstance(app.screen, SettingsScreen)
        holder = lock(data_dir)
        try:
            await to_setting(pilot, "animations")
            await pilot.press("space")
            await settle(pilot)
        finally:
            holder.rollback()
            holder.close()
        assert isinstance(app.screen, SettingsScreen)  # still running, still there
        assert any(m.startswith("The settings could not be saved") and "busy" in m for m in messages(app))
        assert app.settings.animations is True  # nothing half-saved
        assert "[x] deal card by card" in row_text(app, "animations")  # and the list shows what is kept
        with Store.open(data_dir) as store:
            assert store.settings().animations is True


async def test_start_over_on_a_locked_file_or_with_an_open_round_is_reported(data_dir: Path) -> None:
    with Store.open(data_dir) as store:
        store.record_round("poker", 50_000, 0)
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        await settle(pilot)
        holder = lock(data_dir)
        try:
            await press_reset(pilot)
            assert isinstance(app.screen, ConfirmScreen)
            await pilot.press("y")
            await settle(pilot)
        finally:
            holder.rollback()
            holder.close()
        assert isinstance(app.screen, SettingsScreen)
        assert any(m.startswith("Nothing was reset") for m in messages(app))
        assert app.store.bankroll == 50_000 and app.store.history_count() == 1
        # with a round open, start over is refused too: the round must be played out
        app.store.commit_round("blackjack", 500, '{"x": 1}')
        await press_reset(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert any("still open" in m for m in messages(app))
        assert app.store.bankroll == 49_500 and app.store.open_games() == ("blackjack",)


async def test_the_refill_offer_after_another_copy_refilled_is_reported(data_dir: Path) -> None:
    with Store.open(data_dir) as store:
        store.record_round("poker", 99_800, 0)  # 2 chips left: below one 5-chip coin
    app = CardTableApp(data_dir=data_dir, animations=False, start="poker")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)  # the refill offer
        with Store.open(data_dir) as other:  # another copy takes the refill first
            other.refill("baccarat", 500)
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, PokerScreen)
        assert any(m.startswith("No refill") for m in messages(app))
        assert app.bankroll == app.store.bankroll == 100_000  # one refill, shown as the store has it
        assert app.store.stats("baccarat").refills == 1 and app.store.stats("poker").refills == 0


async def test_a_deal_on_a_locked_file_is_refused_in_plain_words(data_dir: Path) -> None:
    app = CardTableApp(data_dir=data_dir, animations=False, start="poker")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        holder = lock(data_dir)
        try:
            await pilot.press("enter")
            await settle(pilot)
        finally:
            holder.rollback()
            holder.close()
        screen = app.screen
        assert isinstance(screen, PokerScreen) and not screen.round_in_progress()
        assert any(m.startswith("The round was not dealt") for m in messages(app))
        assert app.bankroll == app.store.bankroll == 100_000
        assert not screen.query_one("#poker-action", Button).disabled
        await pilot.press("enter")  # the file is free again: this time it deals
        await settle(pilot)
        assert screen.round_in_progress() and app.store.bankroll == 99_500


async def test_statistics_on_an_unreadable_file_are_reported(data_dir: Path, monkeypatch) -> None:
    from cardtable.store import StoreError

    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        def broken(*args, **kwargs):
            raise StoreError("The data file could not be used: a disk input/output error occurred.")

        monkeypatch.setattr(app.store, "stats", broken)
        await pilot.press("s")
        await settle(pilot)
        assert any(m.startswith("The statistics could not be read") for m in messages(app))
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, LobbyScreen)
