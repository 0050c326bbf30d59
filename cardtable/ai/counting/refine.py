"""Index numbers refined by the exact analysis of shoes at each true count.

The linear estimate (:mod:`cardtable.ai.counting.indices`) extrapolates single-card
effects of removal. Here, for every whole true count in a span, a shoe half-way through
(half its cards left) is built with the composition that count implies — the full
shoe's proportions shifted along the system's tags, rounded to whole cards — and the
analysis values every chart cell for it exactly. A play's index is where its exact
advantage over the other play changes sign between two such shoes (interpolated on the
shoes' own true counts, which the rounding moves a little from the whole counts); a
play whose sign does not change in the span keeps its linear estimate.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import replace

from cardtable.core.blackjack import Rules

from ..bj_analysis import Analysis
from ..bj_dealer import full_shoe_counts
from .effects import _options
from .indices import Index
from .systems import CARDS_PER_DECK, CountSystem

__all__ = ["shifted_shoe", "shoe_true_count", "refine", "SPAN"]

#: True counts at which shoes are analysed.
SPAN = tuple(range(-6, 9))


def _shares(system: CountSystem, decks: int) -> tuple[list[float], float, float]:
    full = full_shoe_counts(decks)
    n = sum(full)
    p = [c / n for c in full]
    mean = sum(pi * t for pi, t in zip(p, system.tags, strict=True))
    var = sum(pi * (t - mean) ** 2 for pi, t in zip(p, system.tags, strict=True))
    return p, mean, var


def shifted_shoe(system: CountSystem, decks: int, true_count: float, cards_left: int) -> tuple[int, ...]:
    """The whole-card composition of ``cards_left`` cards from a ``decks``-deck shoe that a
    true count of ``true_count`` implies (the expected one, rounded)."""
    full = full_shoe_counts(decks)
    p, mean, var = _shares(system, decks)
    shift = true_count * cards_left / CARDS_PER_DECK / var
    wanted = [min(float(f), max(0.0, cards_left * pi - shift * pi * (t - mean)))
              for f, pi, t in zip(full, p, system.tags, strict=True)]
    counts = [math.floor(w) for w in wanted]
    order = sorted(range(10), key=lambda i: wanted[i] - counts[i], reverse=True)
    for i in order:  # the largest remainders first, as long as the shoe holds the cards
        if sum(counts) >= cards_left:
            break
        if counts[i] < full[i]:
            counts[i] += 1
    return tuple(counts)


def shoe_true_count(system: CountSystem, shoe: Sequence[int], decks: int) -> float:
    """The true count a counter reads when ``shoe`` is what is left."""
    _, mean, _ = _shares(system, decks)
    n = sum(shoe)
    tags = sum(c * t for c, t in zip(shoe, system.tags, strict=True))
    return -CARDS_PER_DECK * (tags / n - mean)


def _advantage(analysis: Analysis, index: Index) -> float:
    """The exact advantage of ``index.action`` over ``index.otherwise`` for this shoe."""
    if index.kind == "insurance":
        shoe = analysis.shoe
        tens, cards = shoe[9], sum(shoe) - 1  # the ace is up
        value = 3.0 * tens / cards - 1.0
        return value if index.action == "insurance" else -value
    options = _options(analysis.cell(index.kind, index.key, index.up_value).ev, index.kind)
    return options[index.action] - options[index.otherwise]


def refine(found: Sequence[Index], system: CountSystem, rules: Rules, span: Sequence[int] = SPAN,
           progress: Callable[[int, int], None] | None = None) -> tuple[Index, ...]:
    """``found`` with each index moved to where the exact analysis changes the play."""
    decks = rules.decks
    left = sum(full_shoe_counts(decks)) // 2
    points: list[tuple[float, list[float]]] = []
    for done, tc in enumerate(span, start=1):
        shoe = shifted_shoe(system, decks, tc, left)
        analysis = Analysis(rules, shoe)
        points.append((shoe_true_count(system, shoe, decks), [_advantage(analysis, i) for i in found]))
        if progress is not None:
            progress(done, len(span))
    points.sort(key=lambda point: point[0])
    out: list[Index] = []
    for k, index in enumerate(found):
        crossing = None
        for (tc0, a0), (tc1, a1) in zip(points, points[1:], strict=False):
            if a0[k] < 0 <= a1[k] and tc1 > tc0:
                crossing = tc0 + (tc1 - tc0) * (-a0[k]) / (a1[k] - a0[k])
                break
        if crossing is None:
            out.append(index)
            continue
        shown = crossing if system.balanced else system.running_for_true(crossing, left)
        out.append(replace(index, index=math.floor(shown + 0.5), exact=shown, true_index=crossing))
    return tuple(out)
