"""The statistics screen's charts: the bankroll over rounds (refills marked), each
game's net over rounds, and the distribution of results — real plots with axes
(textual-plotext's plotting object), drawn from a :class:`~.chart_data.ChartData`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len
from rich.padding import Padding
from rich.text import Text
from textual.app import RenderResult
from textual.color import Color
from textual.widget import Widget

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


#: How a plot is drawn: its size in cells, the app's theme, and that theme's surface and
#: foreground colours (the plot's background and text, as textual-plotext's "auto" theme).
PlotKey = tuple[tuple[int, int], str, tuple[tuple[int, int, int], tuple[int, int, int]]]
#: A plot drawn: how, and the text drawn.
Plotted = tuple[PlotKey, Text]


def _plotted(chart: StatsChart, data: ChartData, key: PlotKey) -> Text:
    """``chart``'s plot of ``data`` drawn as ``key`` says, with a plotting object of its own
    (a thread may call it). The plotting library is imported here, when a chart is drawn
    first, not when the statistics open."""
    from textual_plotext.plot import Plot, _rgbify_theme, _sequence
    from textual_plotext.plot import _themes as themes

    (width, height), theme, (surface, foreground) = key
    name = f"textual-auto-{theme}"  # the theme textual-plotext's PlotextPlot would register
    if name not in themes:
        sequence: list[str | int | tuple[int, int, int]] = [*_sequence]
        themes[name] = _rgbify_theme(surface, surface, foreground, "default", sequence)
    plt = Plot()
    chart.plot(plt, data, (width, height))
    plt.plotsize(width, height)
    plt._set_size(width, height)
    plt.theme(name)
    return Text.from_ansi(plt.build())


class StatsChart(Widget):
    """A plot of :attr:`data` (with textual-plotext's plotting object): plotted once at the
    size the layout gives it (not first at a guessed size and again when laid out), and
    again only when its data, its size or the theme change — a repaint of the screen reuses
    the plot. Until its data is known it says that the chart is being drawn; the screen may
    plot it in a thread (:meth:`plot_aside`) and hand the plot over with the data
    (:meth:`show`): the data arriving then costs the screen a repaint, not a layout and a plot."""

    COMPONENT_CLASSES = {"chart--waiting"}

    DEFAULT_CSS = """
    StatsChart { width: 1fr; height: 1fr; min-height: 8; }
    StatsChart > .chart--waiting { color: $text-muted; }
    """

    def __init__(self, data: ChartData | None = None, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.data = data
        #: The last plot painted (None: to be plotted when painted).
        self._painted: Plotted | None = None

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self.refresh())

    def show(self, data: ChartData, plotted: Plotted | None = None) -> None:
        """Plot ``data`` (when painted, unless ``plotted`` already holds its plot)."""
        self.data = data
        self._painted = plotted
        self.refresh()

    def replot(self) -> None:
        """Plot again when painted (its texts in a new language)."""
        self._painted = None
        self.refresh()

    def on_resize(self) -> None:
        """The ticks depend on the room: chosen again at the new size (when painted)."""
        if self._painted is not None and self._painted[0][0] != self.room:
            self.refresh()

    def render(self) -> RenderResult:
        if self.data is None:  # as the screen's note "Drawing the chart…" (padding 1 2)
            waiting = Text(_("Drawing the chart…"), style=self.get_component_rich_style("chart--waiting"))
            return Padding(waiting, (1, 2))
        key = self.plot_key()
        painted = self._painted
        if painted is None or painted[0] != key:
            painted = self._painted = (key, _plotted(self, self.data, key))
        return painted[1]

    def plot_key(self) -> PlotKey:
        """How the chart is plotted now: its size, the app's theme and its colours."""
        variables = self.app.theme_variables
        colours = (Color.parse(variables["surface"]).rgb, Color.parse(variables["foreground"]).rgb)
        return self.room, self.app.theme, colours

    def plot_aside(self, data: ChartData, key: PlotKey) -> Plotted | None:
        """The plot of ``data`` for :meth:`show`, drawn (by a thread) at the size laid out
        by now and as ``key`` says otherwise (None before the chart is laid out)."""
        if not self.size.area:
            return None
        key = (self.room, *key[1:])
        return key, _plotted(self, data, key)

    @property
    def room(self) -> tuple[int, int]:
        """The plot's size in cells (a terminal's when not laid out yet)."""
        return (self.size.width or 80, self.size.height or 12)

    def plot(self, p: Any, d: ChartData, room: tuple[int, int]) -> None:  # pragma: no cover - overridden
        raise NotImplementedError


class BankrollChart(StatsChart):
    """The bankroll after each round, with the refills marked."""

    def plot(self, p: Any, d: ChartData, room: tuple[int, int]) -> None:
        # The title says what the marks are: a legend box would hide the line's start.
        p.title(_cells(_("Bankroll after each round (chips) · ▲ a refill") if d.refills
                       else _("Bankroll after each round (chips)")))
        p.xlabel(_cells(_("round")))
        if not d.rounds:
            p.text(_cells(_("no rounds yet")), x=0.5, y=0.5)
            return
        xs, ys = thin((0, *d.rounds), (d.opening, *d.bankroll))  # from the bankroll before round 1
        p.plot(xs, ys, marker="braille", color="green")
        _axes(p, xs, [*ys, *(y for _, y in d.refills)], room)
        if d.refills:
            p.scatter([x for x, _ in d.refills], [y for _, y in d.refills], marker="▲", color="red")


class GameNetChart(StatsChart):
    """Each game's net result so far, over the rounds of the whole history."""

    def plot(self, p: Any, d: ChartData, room: tuple[int, int]) -> None:
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
        _axes(p, every_x, every_y, room)


class ResultsChart(StatsChart):
    """How often each result happened: the rounds' nets as a histogram."""

    def plot(self, p: Any, d: ChartData, room: tuple[int, int]) -> None:
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
        _axes(p, [low, high], [0, max(counts)], room)
