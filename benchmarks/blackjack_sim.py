"""Blackjack simulator speed (run: python benchmarks/blackjack_sim.py [rounds]).

Plays rounds with one computer seat per level on the real table (6 decks, cut card
at 75 %), as ``cardtable simulate`` does, and prints rounds per second.
Target: >= 5,000 rounds/s per level (a million rounds in a few minutes).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cardtable.ai.simulate import simulate  # noqa: E402

TARGET = 5_000


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 50_000
    for level in ("easy", "normal", "hard"):
        simulate(200, level, seed=0)  # warm: charts loaded
        t0 = time.perf_counter()
        result = simulate(rounds, level, seed=1)
        elapsed = time.perf_counter() - t0
        rate = rounds / elapsed
        print(f"{level:6s}: {rate:,.0f} rounds/s over {rounds:,} rounds "
              f"(target >= {TARGET:,}, ratio {rate / TARGET:.2f}); "
              f"house edge {100 * result.house_edge:.2f} % ± {100 * result.std_error:.2f} %")


if __name__ == "__main__":
    main()
