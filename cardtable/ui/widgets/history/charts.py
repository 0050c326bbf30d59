"""The statistics screen's charts: the bankroll over rounds (refills marked), each
game's net over rounds, and the distribution of results — real plots with axes
(textual-plotext), drawn from a :class:`~.chart_data.ChartData`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len
from textual.app import RenderResult
from textual_plotext import PlotextPlot

from ....i18n import _
from ....i18n.formatting import number
from .chart_data import ChartData, chart_data, chart_data_from_columns, thin
from .rows import game_name

__all__ = [
    "ChartData", "BankrollChart", "GameNetChart", "ResultsChart", "thin", "chart_data", "chart_data_from_columns",
]

_GAME_COLOURS = {"blackjack": "green", "baccarat": "orange", "poker": "cyan"}


def nice_ticks(low: float, high: float, most: int) -> list[int]:
    """Whole-number ticks a round step apart (1, 2, 5, 10, 20, 25, 50 …) that cover ``low``
    to ``high`` in at most ``most`` ticks (two at least): the first at or below ``low``,
    the last at or above ``high``, so the axis is drawn from the first to the last."""
    lo, hi = math.floor(low), math.ceil(high)
    if hi <= lo:
        lo, hi = lo - 1, lo + 1
    most = max(2, most)
    magnitude = 1
    while True:
        for factor in (1, 2, 2.5, 5):
            step = int(factor * magnitude)
            if step != factor * magnitude:
                continue  # 2.5 only from 25 up: ticks are whole numbers
            first, last = lo - lo % step, hi + (-hi) % step
            if (last - first) // step + 1 <= most:
                return list(range(first, last + 1, step))
        magnitude *= 10


#: Ticks on an axis at most, however large the terminal (more read as a ruler).
_MOST_TICKS = 11


def _cells(text: str) -> str:
    """``text`` for the plotting library, which gives every character one cell: each
    double-width character (Japanese) is followed by a zero-width space, so that the
    library's count of cells is the terminal's and the plot's borders stay in place."""
    return "".join(char + "\u200b" * (cell_len(char) - 1) for char in text)


def _label(value: float) -> str:
    return number(value, 0)


def _axes(p: Any, xs: Sequence[float], ys: Sequence[float], size: tuple[int, int]) -> None:
    """Round whole numbers on both axes, as many as the plot has room for with their labels
    apart (a label and two blank cells across, every other row up), and the plot drawn
    from the first tick to the last."""
    width, height = size
    label = max(cell_len(_label(v)) for v in (min(ys), max(ys)))
    across = max(cell_len(_label(v)) for v in (min(xs), max(xs)))
    xt = nice_ticks(min(xs), max(xs), min(_MOST_TICKS, (width - label - 4) // (across + 3)))
    yt = nice_ticks(min(ys), max(ys), min(_MOST_TICKS, (height - 5) // 2))
    p.xticks(xt, [_label(x) for x in xt])
    p.xlim(xt[0], xt[-1])
    p.yticks(yt, [_label(y) for y in yt])
    p.ylim(yt[0], yt[-1])


class _Chart(PlotextPlot):
    """A plot of :attr:`data`, plotted when it is painted: once at the size the layout
    gives it (not first at a guessed size and again when laid out), and again only when
    its data, its size or the theme change — a repaint of the screen reuses the plot."""

    DEFAULT_CSS = """
    _Chart { height: 1fr; min-height: 8; }
    """

    def __init__(self, data: ChartData | None = None, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.data = data or ChartData()
        #: The size the data was last plotted at (None: to be plotted again).
        self._drawn_for: tuple[int, int] | None = None
        #: The last plot painted, for the same (size, theme).
        self._painted: tuple[tuple[int, int], str, RenderResult] | None = None

    def show(self, data: ChartData) -> None:
        self.data = data
        self._drawn_for = self._painted = None
        self.refresh()

    def on_resize(self) -> None:
        """The ticks depend on the room: chosen again at the new size (when painted)."""
        if self.room != self._drawn_for:
            self.refresh()

    def render(self) -> RenderResult:
        room = self.room
        if room != self._drawn_for:
            self.draw()
        painted = self._painted
        if painted is not None and painted[0] == room and painted[1] == self.app.theme:
            return painted[2]
        result = super().render()
        self._painted = (room, self.app.theme, result)
        return result

    @property
    def room(self) -> tuple[int, int]:
        """The plot's size in cells (a terminal's when not laid out yet)."""
        return (self.size.width or 80, self.size.height or 12)

    def draw(self) -> None:
        plt = self.plt
        plt.clear_data()
        plt.clear_figure()
        self.plot(plt)
        self._drawn_for = self.room
        self._painted = None

    def plot(self, plt: object) -> None:  # pragma: no cover - overridden
        raise NotImplementedError


class BankrollChart(_Chart):
    """The bankroll after each round, with the refills marked."""

    def plot(self, plt: object) -> None:
        p = self.plt
        d = self.data
        # The title says what the marks are: a legend box would hide the line's start.
        p.title(_cells(_("Bankroll after each round (chips) · ▲ a refill") if d.refills
                       else _("Bankroll after each round (chips)")))
        p.xlabel(_cells(_("round")))
        if not d.rounds:
            p.text(_cells(_("no rounds yet")), x=0.5, y=0.5)
            return
        xs, ys = thin((0, *d.rounds), (d.opening, *d.bankroll))  # from the bankroll before round 1
        p.plot(xs, ys, marker="braille", color="green")
        _axes(p, xs, [*ys, *(y for _, y in d.refills)], self.room)
        if d.refills:
            p.scatter([x for x, _ in d.refills], [y for _, y in d.refills], marker="▲", color="red")


class GameNetChart(_Chart):
    """Each game's net result so far, over the rounds of the whole history."""

    def plot(self, plt: object) -> None:
        p = self.plt
        d = self.data
        p.title(_cells(_("Net per game over rounds (chips)")))
        p.xlabel(_cells(_("round")))
        if not d.nets:
            p.text(_cells(_("no rounds yet")), x=0.5, y=0.5)
            return
        every_x: list[float] = []
        every_y: list[float] = [0.0]
        for game, (xs, ys) in sorted(d.nets.items()):
            tx, ty = thin(xs, ys)
            p.plot(tx, ty, marker="braille", color=_GAME_COLOURS.get(game, "white"), label=_cells(game_name(game)))
            every_x += tx
            every_y += ty
        p.horizontal_line(0, color="gray")
        _axes(p, every_x, every_y, self.room)


class ResultsChart(_Chart):
    """How often each result happened: the rounds' nets as a histogram."""

    def plot(self, plt: object) -> None:
        p = self.plt
        d = self.data
        p.title(_cells(_("Results per round (chips): how often each")))
        p.xlabel(_cells(_("net of the round")))
        if not d.results:
            p.text(_cells(_("no rounds yet")), x=0.5, y=0.5)
            return
        results = list(d.results)
        bins = min(40, max(5, len(set(results))))
        low, high = min(results), max(results)
        if high - low < 1:  # one result (or all alike): a bar in the middle of a range
            low, high = low - 1, high + 1
        width = (high - low) / bins
        counts = [0] * bins
        for value in results:
            counts[min(bins - 1, int((value - low) / width))] += 1
        p.hist(results, bins=bins, color="cyan")
        _axes(p, [low, high], [0, max(counts)], self.room)
