"""Blackjack coach figures (run: python benchmarks/coach_blackjack.py [--quick]).

``blackjack_action_evs`` for realistic decisions, timed one call at a time in this
process (the UI calls it in a worker thread). Targets: p95 under 50 ms and
every case under 250 ms.

* full shoe: every two-card hand (pairs with split legal) against every up card;
* multi-card hands (3-5 cards, hit or stand) against random up cards, full shoe;
* depleted shoes: 6 decks with 20-75 % dealt at random, two-card hands (split legal on
  pairs, double on all) and multi-card hands;
* the first call of a fresh process (the dealer trees and hand layouts are built once).

Every case is a distinct question (the same question twice is answered from a small
cache, timed separately). The dealer's distributions are kept per shoe across
questions: the full-shoe groups share one shoe per up card and so run partly warm, as
the questions of one round do; every depleted case is a new shoe (cold). The CPU
columns show what a loaded machine adds to the wall-clock figures.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cardtable.ai.coach import blackjack_action_evs, full_shoe  # noqa: E402
from cardtable.core.blackjack import Action, Rules  # noqa: E402
from cardtable.core.blackjack_totals import values_total  # noqa: E402

P95_TARGET = 0.050
MAX_TARGET = 0.250

Case = tuple[list[int], int, frozenset[Action], dict[int, int] | None]


def _legal(hand: Sequence[int]) -> frozenset[Action]:
    total = _total(hand)
    legal = {Action.STAND}
    if total < 21:
        legal.add(Action.HIT)
    if len(hand) == 2:
        legal.add(Action.DOUBLE)
        if hand[0] == hand[1]:
            legal.add(Action.SPLIT)
    return frozenset(legal)


def _total(hand: Sequence[int]) -> int:
    return values_total(hand)[0]


def _shoe_cards(decks: int) -> list[int]:
    return [v for v, c in full_shoe(decks).items() for _ in range(c)]


def full_shoe_cases() -> list[Case]:
    cases: list[Case] = []
    for up in range(1, 11):
        for c1 in range(1, 11):
            for c2 in range(c1, 11):
                if c1 == 1 and c2 == 10:
                    continue  # a natural is not a decision
                cases.append(([c1, c2], up, _legal([c1, c2]), None))
    return cases


def multi_card_cases(rng: random.Random, n: int, remaining: bool) -> list[Case]:
    cases: list[Case] = []
    while len(cases) < n:
        shoe = _shoe_cards(6)
        rng.shuffle(shoe)
        dealt = rng.randint(int(0.2 * len(shoe)), int(0.75 * len(shoe))) if remaining else 0
        gone, rest = shoe[:dealt], shoe[dealt:]
        del gone
        up = rest.pop()
        hand = [rest.pop(), rest.pop()]
        while _total(hand) < 21 and len(hand) < 5 and rng.random() < 0.7:
            hand.append(rest.pop())
        if _total(hand) >= 21 or len(hand) < 3:
            continue
        counts = {v: rest.count(v) for v in range(1, 11)} if remaining else None
        cases.append((hand, up, frozenset({Action.HIT, Action.STAND}), counts))
    return cases


def depleted_two_card_cases(rng: random.Random, n: int) -> list[Case]:
    cases: list[Case] = []
    while len(cases) < n:
        shoe = _shoe_cards(6)
        rng.shuffle(shoe)
        dealt = rng.randint(int(0.2 * len(shoe)), int(0.75 * len(shoe)))
        rest = shoe[dealt:]
        up = rest.pop()
        hand = [rest.pop(), rest.pop()]
        if len(cases) % 3 == 0:  # a third of them pairs, the slowest splits
            if rest.count(hand[0]) == 0:
                continue
            rest.remove(hand[0])
            hand[1] = hand[0]
        if _total(hand) == 21:
            continue
        counts = {v: rest.count(v) for v in range(1, 11)}
        cases.append((hand, up, _legal(hand), counts))
    return cases


def _time(rules: Rules, cases: list[Case]) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU seconds of each call (the CPU time shows what a loaded
    machine adds to the wall clock)."""
    times: list[float] = []
    cpu: list[float] = []
    for hand, up, legal, remaining in cases:
        c0 = time.thread_time()
        t0 = time.perf_counter()
        blackjack_action_evs(rules, hand, up, legal, remaining)
        times.append(time.perf_counter() - t0)
        cpu.append(time.thread_time() - c0)
    return times, cpu


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def _report(name: str, times: list[float], cpu: list[float]) -> tuple[float, float]:
    p50 = statistics.median(times)
    p95 = _p95(times)
    worst = max(times)
    print(f"{name:<42} n={len(times):>4}  p50 {p50 * 1e3:5.1f} ms  p95 {p95 * 1e3:5.1f} ms"
          f" (target < {P95_TARGET * 1e3:.0f}, ratio {p95 / P95_TARGET:.2f})  max {worst * 1e3:6.1f} ms"
          f" (target < {MAX_TARGET * 1e3:.0f}, ratio {worst / MAX_TARGET:.2f})"
          f"  | CPU p95 {_p95(cpu) * 1e3:5.1f} max {max(cpu) * 1e3:6.1f} ms")
    return p95, worst


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    quick = "--quick" in args
    rng = random.Random(11)
    house = Rules()

    t0 = time.perf_counter()
    blackjack_action_evs(house, [8, 8], 2, _legal([8, 8]))
    print(f"first call in a fresh process (8,8 vs 2, split legal): {(time.perf_counter() - t0) * 1e3:.1f} ms"
          f" (target < {MAX_TARGET * 1e3:.0f})")
    t0 = time.perf_counter()
    blackjack_action_evs(house, [8, 8], 2, _legal([8, 8]))
    print(f"the same question again: {(time.perf_counter() - t0) * 1e3:.2f} ms")

    groups: list[tuple[str, Callable[[], list[Case]], Rules]] = [
        ("full shoe, every 2-card hand x up card", full_shoe_cases, house),
        ("full shoe, multi-card hands", lambda: multi_card_cases(rng, 60 if quick else 200, False), house),
        ("depleted shoes, 2-card hands (1/3 pairs)", lambda: depleted_two_card_cases(rng, 60 if quick else 300),
         house),
        ("depleted shoes, multi-card hands", lambda: multi_card_cases(rng, 60 if quick else 200, True), house),
        ("peek + H17, full shoe, every 2-card hand", full_shoe_cases,
         Rules(dealer_peeks=True, dealer_hits_soft_17=True)),
    ]
    if quick:
        groups = groups[:4]
    all_times: list[float] = []
    all_cpu: list[float] = []
    t_start = time.perf_counter()
    for name, make, rules in groups:
        times, cpu = _time(rules, make())
        _report(name, times, cpu)
        all_times.extend(times)
        all_cpu.extend(cpu)
    p95, worst = _report("all cases", all_times, all_cpu)
    print(f"benchmark wall time {time.perf_counter() - t_start:.1f} s")
    ok = p95 < P95_TARGET and worst < MAX_TARGET
    print("targets met" if ok else "TARGETS MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
