"""The data behind the statistics screen's charts, without the plotting library.

Why apart from the charts: the screen builds this in a thread and imports the plots
(textual-plotext) only when it draws them, so its first frame never waits for either.
A history of 100,000 rounds has far more points than a terminal has cells; :func:`thin`
keeps each bucket's extremes (and so every swing a player would see).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ....store import BankrollPoint

__all__ = ["ChartData", "thin", "chart_data", "chart_data_from_columns", "MAX_POINTS"]

#: Points kept per series at most (a wide terminal has ~200 columns, braille doubles it).
MAX_POINTS = 800


def thin(xs: Sequence[int], ys: Sequence[float], most: int = MAX_POINTS) -> tuple[list[int], list[float]]:
    """At most about ``most`` points: per bucket its first, lowest and highest point."""
    n = len(xs)
    if n <= most:
        return list(xs), list(ys)
    size = max(1, (3 * n) // most)
    out_x: list[int] = []
    out_y: list[float] = []
    for start in range(0, n, size):
        end = min(n, start + size)
        chunk = range(start, end)
        low = min(chunk, key=ys.__getitem__)
        high = max(chunk, key=ys.__getitem__)
        for i in sorted({start, low, high}):
            out_x.append(xs[i])
            out_y.append(ys[i])
    if out_x[-1] != xs[-1]:
        out_x.append(xs[-1])
        out_y.append(ys[-1])
    return out_x, out_y


@dataclass(frozen=True)
class ChartData:
    """Everything the charts draw, in chips (floats are only for drawing)."""

    #: Round number (1 = the first in the history) and the bankroll after it.
    rounds: tuple[int, ...] = ()
    bankroll: tuple[float, ...] = ()
    #: Refills: the round number they came after and the bankroll they gave.
    refills: tuple[tuple[int, float], ...] = ()
    #: Per game: round numbers and the game's cumulative net after each.
    nets: dict[str, tuple[tuple[int, ...], tuple[float, ...]]] = field(default_factory=dict)
    #: Every round's net, in chips.
    results: tuple[float, ...] = ()
    #: The bankroll before the first round ("round 0"), where the bankroll line starts.
    opening: float = 0.0


def chart_data(points: Sequence[BankrollPoint], refills: Sequence[tuple[int, str, int]], start: int) -> ChartData:
    """The charts' data from :meth:`Store.bankroll_series` and :meth:`Store.refills`."""
    return chart_data_from_columns(
        [p.id for p in points], [p.game for p in points], [p.net for p in points],
        [p.bankroll for p in points], refills, start,
    )


def chart_data_from_columns(
    ids: Sequence[int],
    games: Sequence[str],
    nets: Sequence[int],
    bankrolls: Sequence[int | None],
    refills: Sequence[tuple[int, str, int]],
    start: int,
) -> ChartData:
    """The charts' data from the store's columns (:meth:`Store.chart_columns`).

    Rounds without a known bankroll (an old file's) are placed by adding their nets to
    ``start``, the opening bankroll."""
    n = len(ids)
    bankroll: list[float] = []
    running = start
    # Before the first round: its bankroll less its net when the history knows it (the
    # start of the history may not be a new player's 1,000), else ``start``.
    opening = start if not n or bankrolls[0] is None else bankrolls[0] - nets[0]
    per_game: dict[str, tuple[list[int], list[float]]] = {}
    totals: dict[str, int] = {}
    for i in range(n):
        b = bankrolls[i]
        net = nets[i]
        running = b if b is not None else running + net
        bankroll.append(running / 100)
        game = games[i]
        total = totals.get(game, 0) + net
        totals[game] = total
        xs, ys = per_game.setdefault(game, ([], []))
        xs.append(i + 1)
        ys.append(total / 100)
    position = {round_id: i + 1 for i, round_id in enumerate(ids)}
    marks: list[tuple[int, float]] = []
    for after, _at, amount in refills:
        # the refill came after round ``after`` (an id): marked where it lifted the bankroll to
        index = position.get(after)
        if index is None:
            index = sum(1 for i in ids if i <= after)
        before = bankroll[index - 1] if 0 < index <= n else start / 100
        marks.append((index, before + amount / 100))
    return ChartData(
        tuple(range(1, n + 1)),
        tuple(bankroll),
        tuple(marks),
        {g: (tuple(x), tuple(y)) for g, (x, y) in per_game.items()},
        tuple(net / 100 for net in nets),
        opening / 100,
    )
