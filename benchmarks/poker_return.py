"""The return of 9/6 Jacks or Better with perfect play, computed exactly.

RULES.md states 99.5439 % (5 coins, one exchange). This script derives it from our
own evaluator and hold analysis: every one of the 2,598,960 deals is reduced to its
suit-isomorphism class (134,459 classes), the best of the 32 holds is found exactly
for one hand of each class, and the results are weighted by class size.

It takes a while in pure Python (about 134,459 hold analyses); ``--sample N`` checks a
seeded random sample of N classes instead and prints that estimate (unweighted by
nothing: deals are drawn uniformly, so the sample mean is unbiased).

    python benchmarks/poker_return.py            # exact, slow
    python benchmarks/poker_return.py --sample 3000
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time
from collections import Counter
from fractions import Fraction

from cardtable.ai.poker import best_hold
from cardtable.core.cards import SUIT_ORDER, Card, full_deck
from cardtable.core.poker import JACKS_OR_BETTER_9_6

TARGET = Fraction(995439, 1_000_000)  # 99.5439 %, to 4 decimals of a percent
CLASSES = 134_459


def canonical(hand: tuple[Card, ...]) -> tuple[tuple[int, ...], ...]:
    """The deal's suit-isomorphism class: per-suit rank sets, sorted."""
    per_suit: dict[object, list[int]] = {}
    for card in hand:
        per_suit.setdefault(card.suit, []).append(card.rank)
    return tuple(sorted((tuple(sorted(r)) for r in per_suit.values()), key=lambda t: (-len(t), t)))


def representative(key: tuple[tuple[int, ...], ...]) -> list[Card]:
    """One hand of a class."""
    # A class uses one to four suits: the suits it does not use are left over.
    return [Card(rank, suit) for ranks, suit in zip(key, SUIT_ORDER, strict=False) for rank in ranks]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=0, help="random deals instead of all classes")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    table, coins = JACKS_OR_BETTER_9_6, 5

    if args.sample:
        rng = random.Random(args.seed)
        deck = full_deck()
        total = Fraction(0)
        for _ in range(args.sample):
            total += best_hold(rng.sample(deck, 5), table, coins).ev
        estimate = total / args.sample
        print(f"sample of {args.sample:,} deals (seed {args.seed}): return {float(estimate) * 100:.4f} %"
              f"  (exact figure {float(TARGET) * 100:.4f} %; a sample this size is only indicative)")
        print(f"time {time.perf_counter() - start:.1f} s")
        return 0

    classes = Counter(canonical(hand) for hand in itertools.combinations(full_deck(), 5))
    print(f"{sum(classes.values()):,} deals in {len(classes):,} suit classes "
          f"({time.perf_counter() - start:.1f} s)", flush=True)
    if len(classes) != CLASSES:
        print(f"expected {CLASSES:,} classes", file=sys.stderr)
        return 1
    total = Fraction(0)
    for n, (key, weight) in enumerate(classes.items(), start=1):
        total += weight * best_hold(representative(key), table, coins).ev
        if n % 10_000 == 0:
            print(f"  {n:,}/{len(classes):,} classes, {time.perf_counter() - start:.0f} s", flush=True)
    result = total / 2_598_960
    percent = float(result) * 100
    print(f"return with perfect play, 5 coins: {percent:.6f} %  (RULES.md: 99.5439 %)")
    print(f"exact: {result}")
    print(f"time {time.perf_counter() - start:.1f} s")
    ok = round(percent, 4) == 99.5439
    print("MATCHES RULES.md" if ok else "DIFFERS FROM RULES.md")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
