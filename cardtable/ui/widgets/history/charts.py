"""The statistics screen's charts: the bankroll over rounds (refills marked), each
game's net over rounds, and the distribution of results — real plots with axes
(textual-plotext).

Why the data is thinned here: a history of 100,000 rounds has far more points than
a terminal has cells; :func:`thin` keeps each bucket's extremes (and so every swing a
player would see) and the chart redraws in milliseconds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from textual_plotext import PlotextPlot

from ....store import BankrollPoint

__all__ = [
    "ChartData", "BankrollChart", "GameNetChart", "ResultsChart", "thin", "chart_data", "chart_data_from_columns",
]

#: Points kept per series at most (a wide terminal has ~200 columns, braille doubles it).
MAX_POINTS = 800

_GAME_COLOURS = {"blackjack": "green", "baccarat": "orange", "poker": "cyan"}
_GAME_TITLES = {"blackjack": "Blackjack", "baccarat": "Baccarat", "poker": "Draw poker"}


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
    )


def _int_ticks(low: float, high: float, count: int = 5) -> list[int]:
    """About ``count`` whole-number ticks from ``low`` to ``high`` (round numbers)."""
    lo, hi = int(low), int(round(high))
    if hi <= lo:
        return [lo]
    step = max(1, round((hi - lo) / (count - 1)))
    ticks = list(range(lo, hi + 1, step))
    if ticks[-1] != hi and hi - ticks[-1] > step // 2:
        ticks.append(hi)
    return ticks


def _axes(p: Any, xs: Sequence[float], ys: Sequence[float]) -> None:
    """Whole rounds on x, whole chips (with thousands separators) on y."""
    xt = _int_ticks(min(xs), max(xs))
    p.xticks(xt, [f"{x:,}" for x in xt])
    yt = _int_ticks(min(ys), max(ys))
    p.yticks(yt, [f"{y:,}" for y in yt])


class _Chart(PlotextPlot):
    """A plot drawn again from :attr:`data` whenever it is given new data."""

    DEFAULT_CSS = """
    _Chart { height: 1fr; min-height: 8; }
    """

    def __init__(self, data: ChartData | None = None, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.data = data or ChartData()

    def show(self, data: ChartData) -> None:
        self.data = data
        self.draw()
        self.refresh()

    def on_mount(self) -> None:
        self.draw()

    def draw(self) -> None:
        plt = self.plt
        plt.clear_data()
        plt.clear_figure()
        self.plot(plt)

    def plot(self, plt: object) -> None:  # pragma: no cover - overridden
        raise NotImplementedError


class BankrollChart(_Chart):
    """The bankroll after each round, with the refills marked."""

    def plot(self, plt: object) -> None:
        p = self.plt
        d = self.data
        p.title("Bankroll after each round (chips)")
        p.xlabel("round")
        if not d.rounds:
            p.text("no rounds yet", x=0.5, y=0.5)
            return
        xs, ys = thin(d.rounds, d.bankroll)
        p.plot(xs, ys, marker="braille", color="green", label="bankroll")
        _axes(p, xs, [*ys, *(y for _, y in d.refills)])
        if d.refills:
            p.scatter([x for x, _ in d.refills], [y for _, y in d.refills], marker="▲", color="red", label="refill")


class GameNetChart(_Chart):
    """Each game's net result so far, over the rounds of the whole history."""

    def plot(self, plt: object) -> None:
        p = self.plt
        d = self.data
        p.title("Net per game over rounds (chips)")
        p.xlabel("round")
        if not d.nets:
            p.text("no rounds yet", x=0.5, y=0.5)
            return
        every_x: list[float] = []
        every_y: list[float] = [0.0]
        for game, (xs, ys) in sorted(d.nets.items()):
            tx, ty = thin(xs, ys)
            p.plot(tx, ty, marker="braille", color=_GAME_COLOURS.get(game, "white"), label=_GAME_TITLES.get(game, game))
            every_x += tx
            every_y += ty
        p.horizontal_line(0, color="gray")
        _axes(p, every_x, every_y)


class ResultsChart(_Chart):
    """How often each result happened: the rounds' nets as a histogram."""

    def plot(self, plt: object) -> None:
        p = self.plt
        d = self.data
        p.title("Results per round (chips): how often each")
        p.xlabel("net of the round")
        if not d.results:
            p.text("no rounds yet", x=0.5, y=0.5)
            return
        p.hist(list(d.results), bins=min(40, max(5, len(set(d.results)))), color="cyan")
