"""Blackjack strategy analysis figures (run: python benchmarks/blackjack_analysis.py).

* Full analysis of the house rules (chart + level expectations), cold in a fresh
  process. Target: < 60 s (it runs in CI to check the cached chart).
* The peek variant after it (shares the dealer probabilities). Target: < 60 s.
* ``recommend`` warm, per call (the hint key). Target: < 50 ms.
* Prints the house edge under the derived strategy (literature: about 0.5 % for
  6 decks S17 DAS without hole card) and the cells where our chart departs from the
  published one.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cardtable.ai.bj_analysis import Analysis, chart_policy  # noqa: E402
from cardtable.ai.bj_chart import published_chart  # noqa: E402
from cardtable.ai.blackjack import recommend  # noqa: E402
from cardtable.core.blackjack import Action, Rules  # noqa: E402
from cardtable.core.cards import Card, parse_cards  # noqa: E402


def _pct(x: float) -> str:
    return f"{100 * x:.3f} %"


def main() -> None:
    house = Rules()
    t0 = time.perf_counter()
    analysis = Analysis(house)
    chart = analysis.chart()
    chart_time = time.perf_counter() - t0
    levels = analysis.level_returns()
    optimal = analysis.expected_return()
    total_time = time.perf_counter() - t0
    print(f"analysis of the house rules: chart {chart_time:.2f} s, with level expectations "
          f"{total_time:.2f} s (target < 60 s, ratio {total_time / 60:.2f})")

    t0 = time.perf_counter()
    peek = Analysis(Rules(dealer_peeks=True))
    peek_chart = peek.chart()
    peek_time = time.perf_counter() - t0
    print(f"peek variant (dealer probabilities shared): {peek_time:.2f} s (target < 60 s)")

    hands = [(parse_cards(h), Card.parse(u)) for h, u in
             [("5S 6D", "6H"), ("8S 8D", "TH"), ("AS 7D", "3C"), ("TS 2D 4C", "9H")]]
    recommend(house, *hands[0], set(Action))
    n = 20_000
    t0 = time.perf_counter()
    for i in range(n):
        cards, up = hands[i % len(hands)]
        recommend(house, cards, up, set(Action))
    warm = (time.perf_counter() - t0) / n
    print(f"recommend warm: {warm * 1e6:.1f} µs per call (target < 50 ms, ratio {warm / 0.050:.5f})")

    print()
    print("house rules (6 decks, S17, DAS, no peek, full loss to a dealer blackjack):")
    print(f"  house edge, derived chart:            {_pct(-levels['hard'])}")
    print(f"  house edge, composition-dependent:    {_pct(-optimal)}")
    print(f"  house edge, published chart (normal): {_pct(-levels['normal'])}")
    print(f"  house edge, easy (hit below 17):      {_pct(-levels['easy'])}")
    peek_edge = -peek.expected_return(chart_policy(peek_chart))
    print(f"with peek (literature about 0.40 %):    {_pct(peek_edge)}")

    published = published_chart().cells()
    for name, derived in (("peek", peek_chart), ("no peek (house)", chart)):
        cells = derived.cells()
        diff = sorted((k for k in published if cells.get(k) != published[k]), key=str)
        print(f"cells differing from the published chart, {name}: {len(diff)} of {len(published)}")
        for kind, key, up in diff:
            up_label = "A" if up == 1 else str(up)
            row = f"pair {'A' if key == 1 else key}" if kind == "pair" else f"{kind} {key}"
            ev = analysis.cells()[(kind, key, up)].ev if derived is chart else peek.cells()[(kind, key, up)].ev
            values = ", ".join(f"{a} {v:+.4f}" for a, v in
                               (("stand", ev.stand), ("hit", ev.hit), ("double", ev.double),
                                ("split", ev.split)) if v is not None)
            print(f"  {row} v {up_label}: published {published[(kind, key, up)]}, "
                  f"derived {cells[(kind, key, up)]}  ({values})")


if __name__ == "__main__":
    main()
