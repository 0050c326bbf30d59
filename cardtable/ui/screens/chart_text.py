"""The strategy chart as text: its tables, legend and the explanation of each cell where
it parts from the published chart (no widgets here: :mod:`.chart` shows them).

A cell is its code and, when it differs from the published chart, ``*`` right after
the code and inside the cell's colour ("H* " / "Dh*"): the mark belongs to the cell it
follows, never to its neighbour.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from rich.cells import cell_len
from rich.text import Text

from ...ai.bj_chart import UP_ORDER, Chart, published_chart
from ...ai.grading import choice_words
from ...core.blackjack import Rules
from ...i18n import N_, _, ngettext
from ...i18n.formatting import number
from ...i18n.text import pad
from ..widgets.drill.words import hand_against

__all__ = [
    "CODE_WORDS",
    "Highlight",
    "cell_name",
    "chart_rows",
    "chart_table",
    "differences",
    "explain_difference",
    "legend",
    "row_label",
]

#: (kind "hard"/"soft"/"pair", row key as in bj_chart, dealer up value 1..10, 1 = ace)
Highlight = tuple[str, int, int]

#: Each code's play in words (English: translate with ``_()`` where shown, see :func:`code_words`).
CODE_WORDS: Mapping[str, str] = {
    "H": N_("hit"),
    "S": N_("stand"),
    "Dh": N_("double, else hit"),
    "Ds": N_("double, else stand"),
    "P": N_("split"),
    "Rh": N_("surrender, else hit"),
    "Rs": N_("surrender, else stand"),
    "Rp": N_("surrender, else split"),
}


def code_words(code: str | None) -> str:
    """A chart code's play in the language in force ("not in the chart" for none)."""
    return _(CODE_WORDS[code]) if code is not None and code in CODE_WORDS else _("not in the chart")

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
_TITLES = {"hard": N_("Hard totals"), "soft": N_("Soft totals (an ace counted 11)"), "pair": N_("Pairs")}
_TITLES_COMPACT = {"hard": N_("Hard totals"), "soft": N_("Soft totals (ace as 11)"), "pair": N_("Pairs")}
#: Width of a row's label and of one cell (compact: 6 and 3).
_LABEL = 8
_CELL = 4
_LABEL_COMPACT = 7


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


def chart_rows(chart: Chart, kind: str) -> list[int]:
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
    A cell is the code, then ``*`` when it differs from the published chart; the highlighted
    cell is drawn black on white (and, unless ``compact``, starts with ``▸``).
    ``compact``: 3 cells a column and a 6-cell label (two tables side by side fit 80)."""
    label, cell = (_LABEL_COMPACT, 3) if compact else (_LABEL, _CELL)
    lit_up = highlight[2] if highlight is not None and highlight[0] == kind else None
    out = Text()
    out.append(_(_TITLES_COMPACT[kind] if compact else _TITLES[kind]), style="bold")
    out.append("\n" + " " * label)
    for up in UP_ORDER:
        text = f"{_up_label(up):<2}" + " " * (cell - 2)
        out.append(text if compact else f" {text[:-1]}", style="bold reverse" if up == lit_up else "bold")
    for key in chart_rows(chart, kind):
        out.append("\n")
        mine = lit_up is not None and highlight is not None and highlight[1] == key
        out.append(f"{row_label(kind, key):<{label}}", style="bold reverse" if mine else "bold")
        row = {"hard": chart.hard, "soft": chart.soft, "pair": chart.pairs}[kind][key]
        for up, code in zip(UP_ORDER, row, strict=True):
            lit = mine and up == lit_up
            mark = "*" if (kind, key, up) in differ else ""
            text = f"{code}{mark}" if compact else f"{'▸' if lit else ' '}{code}{mark}"
            out.append(f"{text:<{cell}}", style=_HIGHLIGHT_STYLE if lit else _CODE_STYLE.get(code, ""))
    return out


def legend(room: int = 48) -> Text:
    """The codes, the difference mark and the highlight: two to a line (four lines), or
    one to a line (six) when two do not fit the ``room`` cells under a table (long words:
    Japanese is double-width)."""
    entries = [(code, _CODE_STYLE[code], code_words(code)) for code in ("H", "Dh", "S", "Ds", "P")]
    entries.append(("▸H", _HIGHLIGHT_STYLE, _("your hand")))
    width = max(7, *(cell_len(words) + 1 for _code, _style, words in entries[0::2]))
    rows = [entries[i:i + 2] for i in range(0, len(entries), 2)]
    if any(3 + width + 3 + cell_len(pair[1][2]) > room for pair in rows):
        rows = [[entry] for entry in entries]
    rows.append([("H*", _CODE_STYLE["H"], _("not as the published chart"))])
    out = Text()
    for n, row in enumerate(rows):
        for i, (code, style, words) in enumerate(row):
            out.append(f"{code:<2}", style=style)
            out.append(" " + (pad(words, width) if i < len(row) - 1 else words))
        if n < len(rows) - 1:
            out.append("\n")
    return out


def cell_name(kind: str, key: int, up: int) -> str:
    """"hard 16 against a 10", "8,8 against an ace"."""
    what = {"hard": _("hard {total}"), "soft": _("soft {total}")}.get(kind, row_label(kind, key))
    return hand_against(what.format(total=key), up)


def _action_ev(ev: object, action: str) -> float | None:
    value = getattr(ev, action.lower(), None)
    return value if isinstance(value, float) else None


def _signed(value: float) -> str:
    return ("+" if value >= 0 else "\u2212") + number(abs(value), 3)


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
    ours_words, theirs_words = choice_words(ours_action), choice_words(theirs_action)
    text = _("{cell}: published {published}, here {ours}.").format(
        cell=cell_name(kind, key, up), published=code_words(published), ours=code_words(ours))
    if ours_ev is not None and theirs_ev is not None:
        text += " " + _("{ours} {ours_ev}, {theirs} {theirs_ev} a unit of stake.").format(
            ours=ours_words, ours_ev=_signed(ours_ev), theirs=theirs_words, theirs_ev=_signed(theirs_ev))
    extra_stake = theirs_action in ("Double", "Split") and ours_action not in ("Double", "Split")
    if not rules.dealer_peeks and up in (1, 10):
        share = number(round(100 * (16 if up == 1 else 4) / (52 - 1)))  # per deck, the up card out
        if extra_stake:
            no_peek = (_("No peek: a ten face down (about {share}%) is a blackjack that takes the extra stake too.")
                       if up == 1 else
                       _("No peek: an ace face down (about {share}%) is a blackjack that takes the extra stake too."))
        else:
            no_peek = (_("No peek: a ten face down (about {share}%) is a blackjack that takes every stake.")
                       if up == 1 else
                       _("No peek: an ace face down (about {share}%) is a blackjack that takes every stake."))
        text += " " + no_peek.format(share=share)
        peek = analysis_for(replace(rules, dealer_peeks=True)).cell(kind, key, up).ev
        p_theirs, p_ours = _action_ev(peek, theirs_action), _action_ev(peek, ours_action)
        if p_theirs is not None and p_ours is not None:
            if p_theirs > p_ours:
                text += " " + _("Where the dealer peeks, {theirs} is better by {by}.").format(
                    theirs=theirs_words, by=number(p_theirs - p_ours, 3))
            else:
                close = _("Even where the dealer peeks it is close ({theirs} {theirs_ev}, {ours} {ours_ev}).")
                text += " " + close.format(
                    theirs=theirs_words, theirs_ev=_signed(p_theirs), ours=ours_words, ours_ev=_signed(p_ours))
    else:
        changes = _rule_changes(rules)
        text += " " + (_("Here {changes}, unlike the published chart's game: that moves this cell.").format(
            changes=changes) if changes else _("The published chart rounds this close call the other way."))
    return text


def _rule_changes(rules: Rules) -> str:
    """How ``rules`` differ from the published chart's game (4–8 decks, S17, DAS, peek)."""
    out = []
    if rules.dealer_hits_soft_17:
        out.append(_("the dealer hits soft 17"))
    if not rules.dealer_peeks:
        out.append(_("the dealer does not peek"))
    if not rules.double_after_split:
        out.append(_("there is no double after a split"))
    if not 4 <= rules.decks <= 8:
        out.append(ngettext("the shoe has {n} deck", "the shoe has {n} decks", rules.decks).format(n=rules.decks))
    if rules.late_surrender:
        out.append(_("late surrender is offered"))
    if tuple(rules.blackjack_pays) != (3, 2):
        out.append(_("blackjack pays {pays}").format(pays=f"{rules.blackjack_pays[0]}:{rules.blackjack_pays[1]}"))
    if len(out) > 1:
        return _("{first} and {last}").format(first=_(", ").join(out[:-1]), last=out[-1])
    return out[0] if out else ""
