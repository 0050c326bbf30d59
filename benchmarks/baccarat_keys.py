"""Baccarat key-press cost, key by key: the app's own CPU time per press, headless.

Target (DESIGN.md section 6): median under 10 ms per key press, animations off. The
same method as ``benchmarks/keypress.py`` (``time.process_time`` around ``pilot.press``),
broken down per key so a slow key shows. A key bound to nothing is timed as well: that
is Pilot's own cost (it wakes every widget of the screen to wait for idle), the floor
under every figure.

    python benchmarks/baccarat_keys.py [--rounds 20]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time

from cardtable.ui.app import CardTableApp

TARGET_MS = 10.0
#: One typical coup (as in benchmarks/keypress.py), then a key bound to nothing.
KEYS = ["plus", "p", "b", "t", "minus", "enter", "c", "r", "x"]


async def measure(rounds: int) -> dict[str, list[float]]:
    samples: dict[str, list[float]] = {key: [] for key in KEYS}
    with tempfile.TemporaryDirectory() as data_dir:
        app = CardTableApp(data_dir=data_dir, seed=1, animations=False, start="baccarat")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            widgets = len(list(app.screen.walk_children(with_self=True)))
            for _ in range(rounds):
                for key in KEYS:
                    start = time.process_time()
                    await pilot.press(key)
                    samples[key].append(time.process_time() - start)
                if app.store.can_refill(10**12):
                    app.store.refill("baccarat", 10**12)
        app.store.close()
    print(f"{widgets} widgets on the baccarat screen")
    return samples


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    samples = asyncio.run(measure(args.rounds))
    for key, values in samples.items():
        label = f"{key} (unbound)" if key == "x" else key
        print(f"{label:12s} median {statistics.median(values) * 1000:5.1f} ms")
    played = [v for key, values in samples.items() if key != "x" for v in values]
    median = statistics.median(played) * 1000
    p90 = statistics.quantiles(played, n=10)[-1] * 1000
    print(f"all keys of a coup: median {median:.1f} ms, p90 {p90:.1f} ms CPU "
          f"(target median < {TARGET_MS:.0f} ms) -> {'OK' if median < TARGET_MS else 'OVER TARGET'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
