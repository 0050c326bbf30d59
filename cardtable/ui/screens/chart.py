"""The blackjack strategy chart: the chart this program derived for
the house rules, the cell of the hand in play highlighted, and the cells where it parts
from the published chart marked and explained.

The chart is :func:`cardtable.ai.blackjack.strategy_chart` (the cached asset for the
house rules: instant; other rules are derived in a thread, with a progress line). The
published chart is the standard 4–8 deck S17 DAS chart for a dealer who peeks
(:func:`cardtable.ai.bj_chart.published_chart`). Where the two differ the explanation is
computed from the analysis: the EVs of both actions in that cell under these rules, and
what the published action is worth when the dealer peeks.

The tables sit side by side (narrower cells under 104 columns); when the chart is
taller than the terminal it scrolls (to the highlighted row when there is one), and a
line at the foot says there is more and which keys scroll.
"""

from __future__ import annotations

from rich.text import Text
from textual import events, getters, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Static

from ...ai.bj_chart import UP_ORDER, Chart
from ...core.blackjack import Rules
from ...i18n import N_, _, ngettext
from ..room import CardRoom
from ..widgets.common.footer import KeyFooter
from ..widgets.common.header import TitleHeader
from .chart_text import (
    CODE_WORDS,
    Highlight,
    cell_name,
    chart_rows,
    chart_table,
    code_words,
    differences,
    explain_difference,
    legend,
    row_label,
)

__all__ = [
    "ChartScreen",
    "CODE_WORDS",
    "chart_table",
    "differences",
    "explain_difference",
    "row_label",
    "Highlight",
]

#: Below this width the tables' cells are narrow (the three tables still sit side by side).
_WIDE = 104


class ChartScreen(Screen[None]):
    """The strategy chart for ``rules``; ``highlight`` marks the hand in play."""

    app = getters.app(CardRoom)  # typed: the card room's own attributes

    DEFAULT_CSS = """
    ChartScreen #chart-scroll { padding: 0 1; }
    ChartScreen #chart-title { width: 1fr; color: $text-muted; }
    ChartScreen #chart-hand { width: 1fr; }
    ChartScreen #chart-body { height: auto; width: 1fr; align-horizontal: center; margin-top: 1; }
    ChartScreen #chart-left, ChartScreen #chart-right { width: auto; height: auto; }
    ChartScreen #chart-left { margin-right: 4; }
    ChartScreen #chart-body.-compact #chart-left { margin-right: 2; }
    ChartScreen .chart-table { width: auto; height: auto; margin-bottom: 1; }
    ChartScreen #chart-legend { width: auto; height: auto; }
    ChartScreen #chart-diffs { width: 1fr; height: auto; }
    ChartScreen #chart-more { height: 1; width: 1fr; padding: 0 1;
                              background: $boost; color: $text-muted; text-style: italic; }
    """

    BINDINGS = [
        Binding("escape", "app.pop_screen", N_("Back"), id="chart.back"),
        Binding("g", "app.pop_screen", N_("Close chart"), id="chart.close", show=False),
    ]

    def __init__(self, rules: Rules, highlight: Highlight | None = None) -> None:
        super().__init__()
        self.rules = rules
        self.highlight = highlight
        self.chart: Chart | None = None
        #: Narrow cells (terminals under 104 columns): the tables still sit side by side.
        self.compact = False
        self.diffs: dict[Highlight, tuple[str, str]] = {}
        #: The explanation of each differing cell, once computed.
        self.explanations: dict[Highlight, str] = {}

    def _title(self) -> str:
        from ...ai.bj_analysis import describe_rules

        return _("{title} — {rules}").format(
            title="[b]" + _("Basic strategy as this program derived it") + "[/b]",
            rules=describe_rules(self.rules, translated=True))

    def compose(self) -> ComposeResult:
        yield TitleHeader()
        with VerticalScroll(id="chart-scroll"):
            yield Static(self._title(), id="chart-title")
            yield Static("", id="chart-hand")
            with Horizontal(id="chart-body"):
                with Vertical(id="chart-left"):
                    yield Static(_("Deriving the chart for these rules…"), id="chart-hard", classes="chart-table")
                    yield Static(legend(self._room()), id="chart-legend")
                with Vertical(id="chart-right"):
                    yield Static("", id="chart-soft", classes="chart-table")
                    yield Static("", id="chart-pair", classes="chart-table")
            yield Static("", id="chart-diffs")
        yield Static("", id="chart-more")
        yield KeyFooter()

    def on_mount(self) -> None:
        from ...ai.blackjack import chart_ready, strategy_chart

        self.query_one("#chart-hand", Static).display = self.highlight is not None
        scroll = self.query_one("#chart-scroll", VerticalScroll)
        for name in ("scroll_y", "virtual_size", "size"):  # the foot line follows all three
            self.watch(scroll, name, self._say_more_soon)
        if chart_ready(self.rules):
            self._show(strategy_chart(self.rules))
        else:
            self._derive()

    @work(thread=True, exclusive=True, group="chart")
    def _derive(self) -> None:
        from ...ai.blackjack import strategy_chart

        def progress(done: int, total: int) -> None:
            self.app.call_from_thread(self._progress, done, total)

        chart = strategy_chart(self.rules, progress)
        self.app.call_from_thread(self._show, chart)

    def _progress(self, done: int, total: int) -> None:
        self.query_one("#chart-hard", Static).update(
            _("Deriving the chart for these rules… {done}/{total} up cards").format(done=done, total=total))

    def _draw_tables(self) -> None:
        if self.chart is None:
            return
        differ = set(self.diffs)
        for kind in ("hard", "soft", "pair"):
            self.query_one(f"#chart-{kind}", Static).update(
                chart_table(self.chart, kind, differ=differ, highlight=self.highlight, compact=self.compact))

    def _show(self, chart: Chart) -> None:
        self.chart = chart
        self.diffs = differences(chart)
        self._draw_tables()
        self._show_hand()
        self._show_diffs()
        if self.diffs:
            self._explain()
        self.call_after_refresh(self._scroll_to_highlight)

    def _show_hand(self) -> None:
        """The line naming the hand in play and the chart's play for it."""
        if self.highlight is None or self.chart is None:
            return
        kind, key, up = self.highlight
        rows = {"hard": self.chart.hard, "soft": self.chart.soft, "pair": self.chart.pairs}.get(kind, {})
        code = rows[key][UP_ORDER.index(up)] if key in rows and up in UP_ORDER else None
        hand = Text("▸ ", style="bold")
        hand.append(_("Your hand, {cell}: ").format(cell=cell_name(kind, key, up)))
        hand.append(code_words(code), style="bold")
        if self.highlight in self.diffs:
            hand.append(" " + _("— not as the published chart (see below)"))
        self.query_one("#chart-hand", Static).update(hand)

    def retranslate(self) -> None:
        """Every text of the chart in the language in force (the explanations again too)."""
        self.query_one("#chart-title", Static).update(self._title())
        self.query_one("#chart-legend", Static).update(legend(self._room()))
        if self.chart is None:
            return
        self._draw_tables()
        self._show_hand()
        self.explanations.clear()
        self._show_diffs()
        if self.diffs:
            self._explain()
        self._say_more()

    def _show_diffs(self) -> None:
        out = Text()
        if not self.diffs and self.chart is not None:
            out.append(_("This chart is the published one, cell for cell."), style="bold")
        else:
            count = len(self.diffs)
            out.append(ngettext(
                "{n} cell not as the published chart "
                "(4–8 decks, dealer stands on soft 17, double after split, dealer peeks):",
                "{n} cells not as the published chart "
                "(4–8 decks, dealer stands on soft 17, double after split, dealer peeks):", count).format(n=count),
                style="bold")
            for cell in sorted(self.diffs, key=lambda c: ("hard", "soft", "pair").index(c[0])):
                published, ours = self.diffs[cell]
                out.append("\n* ", style="bold")
                out.append(self.explanations.get(cell) or _(
                    "{cell}: published {published}, here {ours} (working out why…)").format(
                        cell=cell_name(*cell), published=code_words(published), ours=code_words(ours)))
        self.query_one("#chart-diffs", Static).update(out)

    @work(thread=True, exclusive=True, group="chart-why")
    def _explain(self) -> None:
        found: dict[Highlight, str] = {}
        for cell, (published, ours) in self.diffs.items():
            found[cell] = explain_difference(self.rules, cell, published, ours)
        self.app.call_from_thread(self._explained, found)

    def _explained(self, found: dict[Highlight, str]) -> None:
        self.explanations.update(found)
        if self.is_mounted:
            self._show_diffs()

    def _room(self) -> int:
        """The width of a table (the legend below it fits in it)."""
        return 37 if self.compact else 48

    def on_resize(self, event: events.Resize) -> None:
        compact = event.size.width < _WIDE
        self.query_one("#chart-body").set_class(compact, "-compact")
        if compact != self.compact:
            self.compact = compact
            self._draw_tables()
            self.query_one("#chart-legend", Static).update(legend(self._room()))
        self.call_after_refresh(self._scroll_to_highlight)

    def _say_more_soon(self) -> None:
        self.call_after_refresh(self._say_more)

    def _say_more(self) -> None:
        """The foot line: whether the chart goes on below (or above) and how to scroll;
        hidden when it all fits."""
        try:
            scroll = self.query_one("#chart-scroll", VerticalScroll)
            more = self.query_one("#chart-more", Static)
        except NoMatches:  # the chart is closing (its parts went first): nothing to say
            return
        below, above = scroll.scroll_y < scroll.max_scroll_y, scroll.scroll_y > 0
        more.display = scroll.max_scroll_y > 0
        if below:
            more.update("▼ " + _("more below: ↓ / PgDn / End or the mouse wheel scroll the chart"))
        elif above:
            more.update("▲ " + _("the end of the chart: ↑ / PgUp / Home scroll back up"))

    def _scroll_to_highlight(self) -> None:
        """Bring the highlighted row into view (at 80×24 the tables scroll)."""
        if self.highlight is None or self.chart is None:
            return
        kind, key, _ = self.highlight
        keys = chart_rows(self.chart, kind)
        if key not in keys:
            return
        try:
            table = self.query_one(f"#chart-{kind}", Static)
            scroll = self.query_one("#chart-scroll", VerticalScroll)
        except NoMatches:  # the chart is closing
            return
        top, height = round(scroll.scroll_y), scroll.scrollable_content_region.height
        line = table.region.y - scroll.scrollable_content_region.y + top + 2 + keys.index(key)
        if not top <= line < top + height:  # out of view: bring it to the middle
            scroll.scroll_to(y=max(0, line - height // 2), animate=False)
