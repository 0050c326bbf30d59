"""The exact return of every video-poker machine with perfect play, and how long it takes.

Target: under 2 minutes per machine on the 2-core machine, and the published
figures: 9/6 Jacks or Better 0.995439, 8/5 Bonus Poker 0.991660, 9/6 Double Double
Bonus 0.989808 (98.98 %), full-pay Deuces Wild 1.007620; Joker Poker (kings or better,
full pay) comes out at 1.006463 (published 100.65 %). The method is
``cardtable.ai.poker_analysis`` (all hands counted per subset with numpy, 32 holds by
inclusion–exclusion, 134,459 suit classes of deals, every core).

    python benchmarks/poker_return.py                 # every machine
    python benchmarks/poker_return.py --machine deuces-wild --workers 1
"""

from __future__ import annotations

import argparse
import sys
import time

from cardtable.ai.poker_analysis import analyse
from cardtable.ai.poker_machines import MACHINE_ORDER, machine_named

TARGET_SECONDS = 120.0
PUBLISHED = {
    "jacks-or-better-9-6": "0.995439",
    "bonus-poker-8-5": "0.991660",
    "double-double-bonus-9-6": "0.989808",
    "deuces-wild": "1.007620",
    "joker-poker": "1.006463",
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--machine", default="all", help=f"one of {', '.join(MACHINE_ORDER)}, or all")
    parser.add_argument("--workers", type=int, default=None, help="processes (default: every core)")
    args = parser.parse_args(argv)
    keys = list(MACHINE_ORDER) if args.machine == "all" else [machine_named(args.machine).key]
    ok = True
    for key in keys:
        start = time.perf_counter()
        analysis = analyse(machine_named(key), workers=args.workers)
        seconds = time.perf_counter() - start
        good = analysis.return_text == PUBLISHED[key] and seconds < TARGET_SECONDS
        ok = ok and good
        print(f"{key:<25} return {analysis.return_text}  variance {float(analysis.variance):8.4f}  "
              f"{seconds:5.1f} s  {'PASS' if good else 'FAIL'}", flush=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
