"""The blackjack strategy chart (issue 11 point 6): the chart this program derived for
the house rules, the cell of the hand in play highlighted, and the cells where it parts
from the published chart marked and explained.

The chart is :func:`cardtable.ai.blackjack.strategy_chart` (the cached asset for the
house rules: instant; other rules are derived in a thread, with a progress line). The
published chart is the standard 4–8 deck S17 DAS chart for a dealer who peeks
(:func:`cardtable.ai.bj_chart.published_chart`). Where the two differ the explanation is
computed from the analysis: the EVs of both actions in that cell under these rules, and
what the published action is worth when the dealer peeks.

Wide terminals show the hard totals beside the soft totals and pairs; at 80 columns
everything is one column that scrolls (to the highlighted row when there is one).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from rich.text import Text
from textual import events, getters, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Header, Static

from ...ai.bj_chart import UP_ORDER, Chart, published_chart
from ...core.blackjack import Rules
from ..app import CardTableApp
from ..widgets.common.footer import KeyFooter

__all__ = [
    "ChartScreen",
    "CODE_WORDS",
    "chart_table",
    "differences",
    "explain_difference",
    "row_label",
    "Highlight",
]

#: (kind "hard"/"soft"/"pair", row key as in bj_chart, dealer up value 1..10, 1 = ace)
Highlight = tuple[str, int, int]

CODE_WORDS: Mapping[str, str] = {
    "H": "hit",
    "S": "stand",
    "Dh": "double, else hit",
    "Ds": "double, else stand",
    "P": "split",
    "Rh": "surrender, else hit",
    "Rs": "surrender, else stand",
    "Rp": "surrender, else split",
}
#: The action a code plays when everything is allowed, in the table's words.
_CODE_ACTION = {"H": "Hit", "S": "Stand", "Dh": "Double", "Ds": "Double", "P": "Split",
                "Rh": "Surrender", "Rs": "Surrender", "Rp": "Surrender"}
_CODE_STYLE = {
    "H": "bold #ffffff on #a8323a",
    "S": "bold #1b1b1b on #d8c25a",
    "Dh": "bold #ffffff on #2d66b0",
    "Ds": "bold #ffffff on #4b86c8",
    "P": "bold #ffffff on #2f8040",
    "Rh": "bold #ffffff on #76489c",
    "Rs": "bold #ffffff on #76489c",
    "Rp": "bold #ffffff on #76489c",
}
_HIGHLIGHT_STYLE = "bold #000000 on #ffffff"
_TITLES = {"hard": "Hard totals", "soft": "Soft totals (an ace counted 11)", "pair": "Pairs"}
_TITLES_COMPACT = {"hard": "Hard totals", "soft": "Soft totals (ace as 11)", "pair": "Pairs"}
#: Width of a row's label and of one cell (compact: 6 and 3).
_LABEL = 8
_CELL = 4
_LABEL_COMPACT = 7
#: Below this width the three tables stack in one column.
_WIDE = 104


def _up_label(up: int) -> str:
    return "A" if up == 1 else str(up)


def row_label(kind: str, key: int) -> str:
    """A row's name: "16" (hard), "17 A,6" (soft), "8,8" / "A,A" (pair)."""
    if kind == "pair":
        card = _up_label(key)
        return f"{card},{card}"
    if kind == "soft" and 13 <= key <= 20:
        return f"{key} A,{key - 11}"
    return str(key)


def _rows(chart: Chart, kind: str) -> list[int]:
    rows = {"hard": chart.hard, "soft": chart.soft, "pair": chart.pairs}[kind]
    if kind == "pair":
        return sorted(rows, key=lambda v: 11 if v == 1 else v)  # 2,2 … 10,10 then A,A
    return sorted(rows)


def differences(chart: Chart, published: Chart | None = None) -> dict[Highlight, tuple[str, str]]:
    """Cells where ``chart`` differs from the published chart: {cell: (published, ours)}."""
    ours = chart.cells()
    theirs = (published or published_chart()).cells()
    return {cell: (theirs[cell], code) for cell, code in ours.items() if cell in theirs and theirs[cell] != code}


def chart_table(chart: Chart, kind: str, *, differ: set[Highlight] | frozenset[Highlight] = frozenset(),
                highlight: Highlight | None = None, compact: bool = False) -> Text:
    """One table of the chart as text: a title, the up cards, a row per total or pair.
    A cell is the code and ``*`` when it differs from the published chart; the highlighted
    cell is drawn black on white (and, unless ``compact``, starts with ``▸``).
    ``compact``: 3 cells a column and a 6-cell label (two tables side by side fit 80)."""
    label, cell = (_LABEL_COMPACT, 3) if compact else (_LABEL, _CELL)
    lit_up = highlight[2] if highlight is not None and highlight[0] == kind else None
    out = Text()
    out.append(_TITLES_COMPACT[kind] if compact else _TITLES[kind], style="bold")
    out.append("\n" + " " * label)
    for up in UP_ORDER:
        text = f"{_up_label(up):<2}" + " " * (cell - 2)
        out.append(text if compact else f" {text[:-1]}", style="bold reverse" if up == lit_up else "bold")
    for key in _rows(chart, kind):
        out.append("\n")
        mine = lit_up is not None and highlight is not None and highlight[1] == key
        out.append(f"{row_label(kind, key):<{label}}", style="bold reverse" if mine else "bold")
        row = {"hard": chart.hard, "soft": chart.soft, "pair": chart.pairs}[kind][key]
        for up, code in zip(UP_ORDER, row, strict=True):
            lit = mine and up == lit_up
            mark = "*" if (kind, key, up) in differ else " "
            text = f"{code:<2}{mark}" if compact else f"{'▸' if lit else ' '}{code:<2}{mark}"
            out.append(text, style=_HIGHLIGHT_STYLE if lit else _CODE_STYLE.get(code, ""))
    return out


def legend() -> Text:
    """The codes, the difference mark and the highlight, on four lines."""
    out = Text()
    for left, right in (("H", "Dh"), ("S", "Ds")):
        out.append(f"{left:<2}", style=_CODE_STYLE[left])
        out.append(f" {CODE_WORDS[left]:<7}")
        out.append(f"{right:<2}", style=_CODE_STYLE[right])
        out.append(f" {CODE_WORDS[right]}\n")
    out.append("P ", style=_CODE_STYLE["P"])
    out.append(f" {CODE_WORDS['P']:<7}")
    out.append("▸H", style=_HIGHLIGHT_STYLE)
    out.append(" your hand\n")
    out.append("*", style="bold")
    out.append("  not as the published chart")
    return out


def _cell_name(kind: str, key: int, up: int) -> str:
    what = {"hard": f"hard {key}", "soft": f"soft {key}", "pair": f"{row_label('pair', key)}"}[kind]
    return f"{what} against {'an ace' if up == 1 else ('an 8' if up == 8 else f'a {up}')}"


def _action_ev(ev: object, action: str) -> float | None:
    value = getattr(ev, action.lower(), None)
    return value if isinstance(value, float) else None


def _signed(value: float) -> str:
    return f"{value:+.3f}".replace("-", "\u2212")


def explain_difference(rules: Rules, cell: Highlight, published: str, ours: str) -> str:
    """Why the derived chart parts from the published one in ``cell``, from the analysis:
    the EVs of both actions under ``rules``, and what the published action is worth when
    the dealer peeks (the published chart's game). Takes a fraction of a second (two
    analyses of one up card): call it off the UI thread."""
    from ...ai.bj_analysis import analysis_for

    kind, key, up = cell
    here = analysis_for(rules).cell(kind, key, up).ev
    ours_action, theirs_action = _CODE_ACTION[ours], _CODE_ACTION[published]
    ours_ev, theirs_ev = _action_ev(here, ours_action), _action_ev(here, theirs_action)
    text = f"{_cell_name(kind, key, up)}: published {CODE_WORDS[published]}, here {CODE_WORDS[ours]}."
    if ours_ev is not None and theirs_ev is not None:
        text += f" {ours_action} {_signed(ours_ev)}, {theirs_action} {_signed(theirs_ev)} a unit of stake."
    extra_stake = theirs_action in ("Double", "Split") and ours_action not in ("Double", "Split")
    if not rules.dealer_peeks and up in (1, 10):
        hole = "a ten" if up == 1 else "an ace"
        share = (16 if up == 1 else 4) / (52 - 1)  # per deck, the up card out
        text += (f" No peek: {hole} face down (about {share:.0%}) is a blackjack that takes"
                 f" {'the extra stake too' if extra_stake else 'every stake'}.")
        peek = analysis_for(replace(rules, dealer_peeks=True)).cell(kind, key, up).ev
        p_theirs, p_ours = _action_ev(peek, theirs_action), _action_ev(peek, ours_action)
        if p_theirs is not None and p_ours is not None:
            if p_theirs > p_ours:
                text += f" Where the dealer peeks, {theirs_action} is better by {p_theirs - p_ours:.3f}."
            else:
                text += (f" Even where the dealer peeks it is close ({theirs_action} {_signed(p_theirs)},"
                         f" {ours_action} {_signed(p_ours)}).")
    else:
        changes = _rule_changes(rules)
        text += f" Here {changes}, unlike the published chart's game: that moves this cell." if changes else (
            " The published chart rounds this close call the other way.")
    return text


def _rule_changes(rules: Rules) -> str:
    """How ``rules`` differ from the published chart's game (4–8 decks, S17, DAS, peek)."""
    out = []
    if rules.dealer_hits_soft_17:
        out.append("the dealer hits soft 17")
    if not rules.dealer_peeks:
        out.append("the dealer does not peek")
    if not rules.double_after_split:
        out.append("there is no double after a split")
    if not 4 <= rules.decks <= 8:
        out.append(f"the shoe has {rules.decks} deck{'s' if rules.decks != 1 else ''}")
    if rules.late_surrender:
        out.append("late surrender is offered")
    if tuple(rules.blackjack_pays) != (3, 2):
        out.append(f"blackjack pays {rules.blackjack_pays[0]}:{rules.blackjack_pays[1]}")
    if len(out) > 1:
        return ", ".join(out[:-1]) + " and " + out[-1]
    return out[0] if out else ""


class ChartScreen(Screen[None]):
    """The strategy chart for ``rules``; ``highlight`` marks the hand in play."""

    app = getters.app(CardTableApp)  # typed: the card room's own attributes

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
    """

    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back", id="chart.back"),
        Binding("g", "app.pop_screen", "Close chart", id="chart.close", show=False),
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

    def compose(self) -> ComposeResult:
        from ...ai.bj_analysis import describe_rules

        yield Header()
        with VerticalScroll(id="chart-scroll"):
            yield Static(f"[b]Basic strategy as this program derived it[/b] — {describe_rules(self.rules)}",
                         id="chart-title")
            yield Static("", id="chart-hand")
            with Horizontal(id="chart-body"):
                with Vertical(id="chart-left"):
                    yield Static("Deriving the chart for these rules…", id="chart-hard", classes="chart-table")
                    yield Static(legend(), id="chart-legend")
                with Vertical(id="chart-right"):
                    yield Static("", id="chart-soft", classes="chart-table")
                    yield Static("", id="chart-pair", classes="chart-table")
            yield Static("", id="chart-diffs")
        yield KeyFooter()

    def on_mount(self) -> None:
        from ...ai.blackjack import chart_ready, strategy_chart

        self.query_one("#chart-hand", Static).display = self.highlight is not None
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
        self.query_one("#chart-hard", Static).update(f"Deriving the chart for these rules… {done}/{total} up cards")

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
        if self.highlight is not None:
            kind, key, up = self.highlight
            rows = {"hard": chart.hard, "soft": chart.soft, "pair": chart.pairs}.get(kind, {})
            code = rows[key][UP_ORDER.index(up)] if key in rows and up in UP_ORDER else None
            hand = Text("▸ ", style="bold")
            hand.append(f"Your hand, {_cell_name(kind, key, up)}: ")
            hand.append(CODE_WORDS.get(code, "not in the chart") if code else "not in the chart", style="bold")
            if self.highlight in self.diffs:
                hand.append(" — not as the published chart (see below)")
            self.query_one("#chart-hand", Static).update(hand)
        self._show_diffs()
        if self.diffs:
            self._explain()
        self.call_after_refresh(self._scroll_to_highlight)

    def _show_diffs(self) -> None:
        out = Text()
        if not self.diffs and self.chart is not None:
            out.append("This chart is the published one, cell for cell.", style="bold")
        else:
            count = len(self.diffs)
            out.append(f"{count} cell{'s' if count != 1 else ''} not as the published chart "
                       "(4–8 decks, dealer stands on soft 17, double after split, dealer peeks):", style="bold")
            for cell in sorted(self.diffs, key=lambda c: ("hard", "soft", "pair").index(c[0])):
                published, ours = self.diffs[cell]
                out.append("\n* ", style="bold")
                out.append(self.explanations.get(cell) or
                           f"{_cell_name(*cell)}: published {CODE_WORDS[published]}, here {CODE_WORDS[ours]} "
                           "(working out why…)")
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

    def on_resize(self, event: events.Resize) -> None:
        compact = event.size.width < _WIDE
        self.query_one("#chart-body").set_class(compact, "-compact")
        if compact != self.compact:
            self.compact = compact
            self._draw_tables()
        self.call_after_refresh(self._scroll_to_highlight)

    def _scroll_to_highlight(self) -> None:
        """Bring the highlighted row into view (at 80×24 the tables scroll)."""
        if self.highlight is None or self.chart is None:
            return
        kind, key, _ = self.highlight
        table = self.query_one(f"#chart-{kind}", Static)
        keys = _rows(self.chart, kind)
        if key not in keys:
            return
        scroll = self.query_one("#chart-scroll", VerticalScroll)
        top, height = round(scroll.scroll_y), scroll.scrollable_content_region.height
        line = table.region.y - scroll.scrollable_content_region.y + top + 2 + keys.index(key)
        if not top <= line < top + height:  # out of view: bring it to the middle
            scroll.scroll_to(y=max(0, line - height // 2), animate=False)
