"""Opening the rules (`?`) from a game table: the app's own CPU time, headless, animations off.

Target: the first opening at most 250 ms, opening them again at most
50 ms. Each run is a fresh Python process (so the first opening pays what it pays in a real
session: imports, building the screen), seated at the baccarat table, which presses
``?`` then ``escape`` three times. Like keypress.py this measures CPU time
(``time.process_time``) around the press and the pause after it, not wall time: Pilot's
``press`` waits for the app to go idle (~40 ms of wall time that is mostly sleeping). A key
bound to nothing is measured the same way and shown, as Pilot's and Textual's own cost.

    python benchmarks/rules_screen.py [--runs 7] [--game baccarat]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

FIRST_TARGET_MS = 250.0
AGAIN_TARGET_MS = 50.0
OPENINGS = 3

CHILD = r"""
import asyncio, json, sys, time
from cardtable.ui.app import CardTableApp

async def run(data_dir, game, openings):
    app = CardTableApp(data_dir=data_dir, start=game, animations=False)
    opens, closes, idle = [], [], []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert getattr(app.screen, "GAME", None) == game, app.screen
        for _ in range(3):
            start = time.process_time()
            await pilot.press("f12")  # bound to nothing
            await pilot.pause()
            idle.append(time.process_time() - start)
        for _ in range(openings):
            start = time.process_time()
            await pilot.press("question_mark")
            await pilot.pause()
            opens.append(time.process_time() - start)
            assert type(app.screen).__name__ == "RulesScreen", app.screen
            start = time.process_time()
            await pilot.press("escape")
            await pilot.pause()
            closes.append(time.process_time() - start)
            assert getattr(app.screen, "GAME", None) == game, app.screen
    app.store.close()
    print(json.dumps({"opens": opens, "closes": closes, "idle": idle}))

asyncio.run(run(sys.argv[1], sys.argv[2], int(sys.argv[3])))
"""

#: Children may write bytecode caches, as an installed package has them (see startup.py).
_CHILD_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def measure(data_dir: str, game: str) -> dict[str, list[float]]:
    """CPU seconds of each opening and closing of the rules in one fresh process."""
    proc = subprocess.run(
        [sys.executable, "-c", CHILD, data_dir, game, str(OPENINGS)],
        capture_output=True,
        text=True,
        env=_CHILD_ENV,
        timeout=300,
    )
    if proc.returncode != 0:
        raise RuntimeError(f"child failed: {proc.stderr}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--game", default="baccarat")
    args = parser.parse_args()
    runs: list[dict[str, list[float]]] = []
    with tempfile.TemporaryDirectory() as data_dir:
        measure(data_dir, args.game)  # warm the file cache, write bytecode caches, create the data file
        for _ in range(args.runs):
            runs.append(measure(data_dir, args.game))

    def ms(values: list[float]) -> str:
        return " ".join(f"{v * 1000:6.1f}" for v in values)

    first = statistics.median(run["opens"][0] for run in runs) * 1000
    again = statistics.median(v for run in runs for v in run["opens"][1:]) * 1000
    close = statistics.median(v for run in runs for v in run["closes"]) * 1000
    base = statistics.median(v for run in runs for v in run["idle"]) * 1000
    for number, run in enumerate(runs, 1):
        print(f"run {number}: open {ms(run['opens'])} ms · close {ms(run['closes'])} ms CPU")
    ok_first = first <= FIRST_TARGET_MS
    ok_again = again <= AGAIN_TARGET_MS
    for label, median, target, ok in (
        ("first opening  ", first, FIRST_TARGET_MS, ok_first),
        ("opening again  ", again, AGAIN_TARGET_MS, ok_again),
    ):
        print(f"{label} median {median:6.1f} ms (target <= {target:.0f} ms) -> {'PASS' if ok else 'FAIL'}")
    print(f"closing (escape) median {close:5.1f} ms · a key bound to nothing {base:4.1f} ms (Pilot's own cost)")
    print(f"({args.runs} fresh processes at the {args.game} table, {OPENINGS} openings each, CPU time)")
    print("PASS" if ok_first and ok_again else "FAIL")
    return 0 if ok_first and ok_again else 1


if __name__ == "__main__":
    sys.exit(main())
