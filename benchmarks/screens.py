"""Opening each screen of the lobby: CPU to its first complete frame, against a bare screen.

Target (DESIGN.md section 6): every screen's first frame at most 1.5× the CPU of a bare
Textual screen (a Header, a Footer and 30 Statics) pushed in the same process. Each fresh
process (headless, 80×24, animations off, a data folder holding ``--rounds`` played rounds)
opens from the lobby, in turn: the bare screen, then each screen, back to the lobby
between them, ``--again`` times over. The clock is the UI thread's CPU
(``time.thread_time`` in the event loop's thread) from the action that opens the screen
until the screen is complete and painted: the app has gone idle (Pilot's pause: every
widget has handled its messages, compose, mount, deferred updates, timers due) and a frame
has been drawn after that. A worker thread (e.g. reading the history) is not counted: the UI
thread is free meanwhile. The time to the very first paint (possibly of a screen still
filling in) is shown too. The first opening in a process also pays the screen's imports:
it is reported apart from the median of the others.

    python benchmarks/screens.py [--processes 3] [--again 5] [--rounds 300] [--screen NAME]
                                 [--before OTHER_CHECKOUT]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

TARGET = 1.5
SCREENS = ("settings", "statistics", "history", "rules", "drills", "blackjack", "baccarat", "poker")

CHILD = r"""
import asyncio, json, sys, time
from textual.screen import Screen
from textual.widgets import Footer, Header, Static
from cardtable.ui.app import CardTableApp

class BareScreen(Screen):
    def compose(self):
        yield Header()
        for n in range(30):
            yield Static(f"line {n}")
        yield Footer()

_painted = []
_resume = Screen._on_screen_resume

def _on_screen_resume(self, *args):
    result = _resume(self, *args)
    if _painted and not _painted[-1].is_set():
        self.call_after_refresh(_painted[-1].set)
    return result

Screen._on_screen_resume = _on_screen_resume

OPEN = {
    "bare": lambda app: app.push_screen(BareScreen()),
    "settings": lambda app: app.screen.action_settings(),
    "statistics": lambda app: app.screen.action_statistics(),
    "history": lambda app: app.screen.action_history(),
    "rules": lambda app: app.action_rules(),
    "drills": lambda app: app.open_drill("blackjack"),
    "blackjack": lambda app: app.open_game("blackjack"),
    "baccarat": lambda app: app.open_game("baccarat"),
    "poker": lambda app: app.open_game("poker"),
}

async def painted(app):
    event = asyncio.Event()
    app.screen.call_after_refresh(event.set)
    await asyncio.wait_for(event.wait(), 120)

async def run(data_dir, names, again):
    app = CardTableApp(data_dir=data_dir, animations=False, seed=1)
    times = {name: [] for name in ["bare", *names]}
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lobby = app.screen
        for _ in range(again):
            for name in times:
                await app.workers.wait_for_complete()
                await pilot.pause()
                event = asyncio.Event()
                _painted.append(event)
                start = time.thread_time()
                OPEN[name](app)
                await asyncio.wait_for(event.wait(), 120)
                first = time.thread_time() - start
                await pilot.pause()
                await painted(app)
                times[name].append((first, time.thread_time() - start))
                assert app.screen is not lobby, name
                await app.workers.wait_for_complete()
                await pilot.pause()
                while app.screen is not lobby:
                    app.pop_screen()
                    await pilot.pause()
    app.store.close()
    print(json.dumps(times))

asyncio.run(run(sys.argv[1], sys.argv[2].split(","), int(sys.argv[3])))
"""

_CHILD_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def _fill(data_dir: str, rounds: int) -> None:
    from cardtable.history_gen import fill
    from cardtable.store import Store

    with Store.open(data_dir) as store:
        if store.history_count() < rounds:
            fill(store, rounds - store.history_count(), seed=1)


def measure(data_dir: str, names: list[str], again: int, env: dict[str, str]) -> dict[str, list[list[float]]]:
    """UI-thread CPU seconds of each opening (to the first paint, to the complete screen),
    by screen, in one fresh process (started in the data folder: with ``-c`` the current
    folder comes first on the import path, before ``PYTHONPATH``)."""
    done = subprocess.run([sys.executable, "-c", CHILD, data_dir, ",".join(names), str(again)],
                          capture_output=True, text=True, env=env, timeout=600, cwd=data_dir)
    if done.returncode != 0:
        raise RuntimeError(f"child failed: {done.stderr[-3000:]}")
    result: dict[str, list[list[float]]] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=int, default=3)
    parser.add_argument("--again", type=int, default=5, help="openings of each screen per process")
    parser.add_argument("--rounds", type=int, default=300, help="rounds in the history")
    parser.add_argument("--screen", action="append", choices=SCREENS, help="only this screen (repeatable)")
    parser.add_argument("--before", metavar="CHECKOUT", help="also time the cardtable source tree there")
    args = parser.parse_args()
    names = args.screen or list(SCREENS)
    trees: dict[str, dict[str, str]] = {"this tree": _CHILD_ENV}
    results: dict[str, list[dict[str, list[list[float]]]]] = {}
    with tempfile.TemporaryDirectory() as data_dir, tempfile.TemporaryDirectory() as caches:
        if args.before:  # its bytecode is cached here, not written into the other checkout
            before = {**_CHILD_ENV, "PYTHONPATH": os.path.abspath(args.before), "PYTHONPYCACHEPREFIX": caches}
            trees = {f"at {args.before}": before, **trees}
        results = {label: [] for label in trees}
        _fill(data_dir, args.rounds)
        for env in trees.values():
            measure(data_dir, names, 1, env)  # bytecode caches, file cache
        for _ in range(args.processes):
            for label, env in trees.items():
                results[label].append(measure(data_dir, names, args.again, env))
    worst = 0.0
    for label, runs in results.items():
        bare = statistics.median(t[1] for run in runs for t in run["bare"][1:])
        print(f"{label}: bare screen (Header, Footer, 30 Statics) median {bare * 1000:5.1f} ms CPU")
        for name in names:
            first = statistics.median(run[name][0][1] for run in runs)
            paint = statistics.median(t[0] for run in runs for t in run[name][1:])
            later = statistics.median(t[1] for run in runs for t in run[name][1:])
            ratio = later / bare
            if label == "this tree":
                worst = max(worst, ratio)
            verdict = "OK" if ratio <= TARGET else "OVER TARGET"
            print(f"  {name:10s} first opening {first * 1000:6.1f} ms ({first / bare:4.1f}x) · again: "
                  f"first paint {paint * 1000:6.1f} ms, complete {later * 1000:6.1f} ms  ratio {ratio:4.2f} "
                  f"-> {verdict}")
    print(f"({args.processes} processes x {args.again} openings, {args.rounds} rounds in the history; "
          f"target: each ratio (complete screen, again) <= {TARGET}; the first opening includes imports)")
    return 0 if worst <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
