"""A screen that is closed is freed: nothing the app keeps holds on to it.

A table (or any screen with a chip balance, or its balance) watched the app's bankroll, and Textual kept
that watcher — and through it every widget of the closed screen — until the bankroll
next changed: memory grew with each table opened, and every garbage collection walked
the dead screens again (a table took 150–200 ms longer to open when one ran).
"""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

import pytest
from textual.screen import Screen

from cardtable.ui.app import CardTableApp

from helpers import settle


@pytest.mark.parametrize("key", ["1", "2"])
async def test_a_closed_screen_is_freed(tmp_path: Path, key: str) -> None:
    app = CardTableApp(data_dir=tmp_path, animations=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lobby = app.screen
        await pilot.press(key)
        await settle(pilot)
        opened: weakref.ref[Screen[object]] = weakref.ref(app.screen)
        assert opened() is not lobby
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is lobby
        for _ in range(20):  # a finished worker's task may hold it a few turns of the loop more
            gc.collect()
            if opened() is None:
                break
            await pilot.pause()
        assert opened() is None, f"{type(opened()).__name__} is still held after closing"
