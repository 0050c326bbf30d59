"""The command pauses the cyclic collector for the start; once the first screen is
painted the collector runs again, and when that screen is the lobby what exists lives out
of its walks and the young generation is collected every 20,000 allocations (a table's
opening allocates about 100,000 objects, nearly all freed by reference counting). Checked
in a fresh interpreter: this test process tunes its own collector (``conftest.py``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = """
import asyncio, gc, sys
from cardtable.ui.collector import pause_collection
from cardtable.ui.app import CardTableApp

async def main():
    pause_collection()  # as the command does before it imports the app
    before = gc.isenabled(), gc.get_freeze_count()
    app = CardTableApp(data_dir=sys.argv[1], animations=False, start=sys.argv[2] or None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        print(before[0], before[1], type(app.screen).__name__, gc.isenabled(), gc.get_threshold()[0],
              gc.get_freeze_count() > 0)

asyncio.run(main())
"""


def _start(data_dir: Path, game: str = "") -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(data_dir), game], capture_output=True, text=True, timeout=120, check=True
    )
    return done.stdout.split()


def test_the_lobby_painted_the_collector_runs_again_and_walks_less_and_less_often(data_dir: Path) -> None:
    assert _start(data_dir) == ["False", "0", "LobbyScreen", "True", "20000", "True"]


def test_a_table_opened_at_start_turns_the_collector_on_again_without_freezing_it(data_dir: Path) -> None:
    """A table opened at start is freed when it closes: it is not frozen, but the
    collector must not stay paused."""
    assert _start(data_dir, "baccarat") == ["False", "0", "BaccaratScreen", "True", "20000", "False"]
