"""The statistics screen's charts: the bankroll over rounds (refills marked), each
game's net over rounds, and the distribution of results — real plots with axes
(textual-plotext), drawn from a :class:`~.chart_data.ChartData`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual_plotext import PlotextPlot

from .chart_data import ChartData, chart_data, chart_data_from_columns, thin

__all__ = [
    "ChartData", "BankrollChart", "GameNetChart", "ResultsChart", "thin", "chart_data", "chart_data_from_columns",
]

_GAME_COLOURS = {"blackjack": "green", "baccarat": "orange", "poker": "cyan"}
_GAME_TITLES = {"blackjack": "Blackjack", "baccarat": "Baccarat", "poker": "Draw poker"}


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
