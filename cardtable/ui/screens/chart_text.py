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
from ...ai.blackjack import up_card_words
from ...core.blackjack import Rules
from ...i18n import N_, _, ngettext
from ...i18n.formatting import number
from ...i18n.text import pad

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
    "rules_words",
]

#: (kind "hard"/"soft"/"pair", row key as in bj_chart, dealer up value 1..10, 1 = ace)
Highlight = tuple[str, int, int]

#: What each code plays, in words (translated where shown: ``_(CODE_WORDS[code])``).
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
#: The action a code plays when everything is allowed, in the table's words.
_CODE_ACTION = {"H": N_("Hit"), "S": N_("Stand"), "Dh": N_("Double"), "Ds": N_("Double"), "P": N_("Split"),
                "Rh": N_("Surrender"), "Rs": N_("Surrender"), "Rp": N_("Surrender")}
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


def legend(compact: bool = False) -> Text:
    """The codes, the difference mark and the highlight: two columns on four lines, or
    one column when its words would be wider than a table (``compact``: the narrow one)."""
    room = (_LABEL_COMPACT + 3 * len(UP_ORDER)) if compact else (_LABEL + _CELL * len(UP_ORDER))
    width = max(7, *(cell_len(_(CODE_WORDS[code])) + 1 for code in ("H", "S", "P")))
    pairs = (("H", "Dh"), ("S", "Ds"))
    two = all(3 + width + 3 + cell_len(_(CODE_WORDS[right])) <= room for _left, right in pairs)
    out = Text()
    for left, right in pairs:
        out.append(f"{left:<2}", style=_CODE_STYLE[left])
        out.append(" " + (pad(_(CODE_WORDS[left]), width) if two else _(CODE_WORDS[left]) + "\n"))
        out.append(f"{right:<2}", style=_CODE_STYLE[right])
        out.append(f" {_(CODE_WORDS[right])}\n")
    out.append("P ", style=_CODE_STYLE["P"])
    out.append(" " + (pad(_(CODE_WORDS["P"]), width) if two else _(CODE_WORDS["P"]) + "\n"))
    out.append("▸H", style=_HIGHLIGHT_STYLE)
    out.append(" " + _("your hand") + "\n")
    out.append("H*", style=_CODE_STYLE["H"])
    out.append(" " + _("not as the published chart"))
    return out


def cell_name(kind: str, key: int, up: int) -> str:
    """A cell in words: ``hard 16 against a 10``, ``8,8 against an ace``."""
    if kind == "pair":
        what = row_label("pair", key)
    else:
        what = (_("soft {total}") if kind == "soft" else _("hard {total}")).format(total=key)
    return _("{hand} against {card}").format(hand=what, card=up_card_words(up))


def _action_ev(ev: object, action: str) -> float | None:
    value = getattr(ev, action.lower(), None)
    return value if isinstance(value, float) else None


def _signed(value: float) -> str:
    return ("+" if value >= 0 else "\u2212") + number(abs(value), 3)


#: Without a peek: what the face-down card does, by up card (ace, ten) and by whether
#: the published action puts more on the table.
_NO_PEEK = {
    (1, True): N_("No peek: a ten face down (about {share}) is a blackjack that takes the extra stake too."),
    (1, False): N_("No peek: a ten face down (about {share}) is a blackjack that takes every stake."),
    (10, True): N_("No peek: an ace face down (about {share}) is a blackjack that takes the extra stake too."),
    (10, False): N_("No peek: an ace face down (about {share}) is a blackjack that takes every stake."),
}


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
    mine, theirs = _(ours_action), _(theirs_action)
    text = _("{cell}: published {published}, here {ours}.").format(
        cell=cell_name(kind, key, up), published=_(CODE_WORDS[published]), ours=_(CODE_WORDS[ours]))
    if ours_ev is not None and theirs_ev is not None:
        text += " " + _("{ours} {ours_ev}, {theirs} {theirs_ev} a unit of stake.").format(
            ours=mine, ours_ev=_signed(ours_ev), theirs=theirs, theirs_ev=_signed(theirs_ev))
    extra_stake = theirs_action in ("Double", "Split") and ours_action not in ("Double", "Split")
    if not rules.dealer_peeks and up in (1, 10):
        share = (16 if up == 1 else 4) / (52 - 1)  # per deck, the up card out
        text += " " + _(_NO_PEEK[up, extra_stake]).format(share=f"{share:.0%}")
        peek = analysis_for(replace(rules, dealer_peeks=True)).cell(kind, key, up).ev
        p_theirs, p_ours = _action_ev(peek, theirs_action), _action_ev(peek, ours_action)
        if p_theirs is not None and p_ours is not None:
            if p_theirs > p_ours:
                text += " " + _("Where the dealer peeks, {action} is better by {gap}.").format(
                    action=theirs, gap=number(p_theirs - p_ours, 3))
            else:
                close = _("Even where the dealer peeks it is close ({theirs} {theirs_ev}, {ours} {ours_ev}).")
                text += " " + close.format(theirs=theirs, theirs_ev=_signed(p_theirs), ours=mine,
                                           ours_ev=_signed(p_ours))
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
        out.append(_("blackjack pays {a}:{b}").format(a=rules.blackjack_pays[0], b=rules.blackjack_pays[1]))
    if len(out) > 1:
        return _("{first} and {last}").format(first=_(", ").join(out[:-1]), last=out[-1])
    return out[0] if out else ""


def rules_words(rules: Rules) -> str:
    """The rules in short, in the language in force: ``6 decks, S17, DAS, no peek (full
    loss to dealer blackjack), …`` (the chart's title; the analysis keeps its own words)."""
    parts = [
        ngettext("{n} deck", "{n} decks", rules.decks).format(n=rules.decks),
        "H17" if rules.dealer_hits_soft_17 else "S17",
        "DAS" if rules.double_after_split else _("no DAS"),
        _("peek") if rules.dealer_peeks else _("no peek (full loss to dealer blackjack)"),
        _("split to {n} hands").format(n=rules.max_hands),
        _("resplit aces") if rules.resplit_aces else _("aces split once"),
        _("blackjack pays {a}:{b}").format(a=rules.blackjack_pays[0], b=rules.blackjack_pays[1]),
    ]
    if rules.late_surrender:
        parts.append(_("late surrender"))
    return _(", ").join(parts)
