"""Once the lobby is painted, what exists lives out of the cyclic collector's walks and
the young generation is collected every 20,000 allocations (a table's opening allocates
about 100,000 objects, nearly all freed by reference counting). Checked in a fresh
interpreter: this test process tunes its own collector (``conftest.py``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = """
import asyncio, gc, sys
from cardtable.ui.app import CardTableApp

async def main():
    before = gc.get_threshold(), gc.get_freeze_count()
    app = CardTableApp(data_dir=sys.argv[1], animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        print(before[0][0], before[1], gc.get_threshold()[0], gc.get_freeze_count() > 0)

asyncio.run(main())
"""


def test_the_lobby_painted_the_collector_walks_less_and_less_often(data_dir: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(data_dir)], capture_output=True, text=True, timeout=120, check=True
    )
    young_before, frozen_before, young_after, frozen_after = done.stdout.split()
    assert (young_before, frozen_before) == ("700", "0")  # Python's own, until the lobby shows
    assert (young_after, frozen_after) == ("20000", "True")
