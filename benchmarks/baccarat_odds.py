"""Baccarat speed figures against their targets (run: python benchmarks/baccarat_odds.py).

* ``outcome_probabilities(8)`` cold (first call, computes) and warm (cached):
  the rules screen prints the house edges from it. Target: cold < 50 ms, warm < 1 ms.
* ``play_coup`` on a fresh 8-deck shoe, per coup. Target: < 50 µs.
* The exactness enumeration through ``play_coup`` (tests/core/test_baccarat_exact.py).
  Target: < 10 s on one core.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cardtable.core import baccarat  # noqa: E402


def main() -> None:
    t0 = time.perf_counter()
    baccarat.outcome_probabilities(8)
    cold = time.perf_counter() - t0
    t0 = time.perf_counter()
    for _ in range(1000):
        baccarat.outcome_probabilities(8)
        baccarat.house_edges(8)
    warm = (time.perf_counter() - t0) / 1000
    print(f"outcome_probabilities(8) cold: {cold * 1e3:.1f} ms (target < 50 ms, ratio {cold / 0.050:.2f})")
    print(f"odds + house_edges warm: {warm * 1e6:.1f} µs (target < 1000 µs, ratio {warm / 0.001:.3f})")

    rng = random.Random(1)
    coups = 0
    t0 = time.perf_counter()
    while coups < 20_000:
        shoe = baccarat.new_shoe(8, rng)
        while not baccarat.needs_reshuffle(shoe):
            baccarat.play_coup(shoe)
            coups += 1
    per = (time.perf_counter() - t0) / coups
    print(
        f"play_coup incl. shuffles: {per * 1e6:.1f} µs per coup over {coups} coups"
        f" (target < 50 µs, ratio {per / 50e-6:.2f})"
    )

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "core"))
    from test_baccarat_exact import enumerate_coups  # noqa: E402

    t0 = time.perf_counter()
    probs, dealt = enumerate_coups(8)
    took = time.perf_counter() - t0
    figures = ", ".join(f"{o.label} {float(p):.6f}" for o, p in probs.items())
    print(
        f"enumeration through play_coup: {dealt} coups in {took:.2f} s"
        f" (target < 10 s, ratio {took / 10:.2f}); {figures}"
    )


if __name__ == "__main__":
    main()
