"""Figures computed by the code and placed into the rules text (never typed in)."""

from __future__ import annotations

import re
from collections.abc import Callable

from ..i18n import _
from ..i18n.formatting import number

__all__ = ["fill_placeholders"]


def _baccarat_house_edges(decks: int = 8) -> str:
    try:
        from ..core.baccarat import Outcome, house_edges, outcome_probabilities
    except ImportError:
        return "_(" + _("house edges not available") + ")_"
    rows = ["| {} | {} | {} |".format(_("Bet"), _("Wins"), _("House edge")), "|---|---|---|"]
    probs = outcome_probabilities(decks)
    edges = house_edges(decks)
    for outcome, name in ((Outcome.BANKER, _("Banker")), (Outcome.PLAYER, _("Player")), (Outcome.TIE, _("Tie"))):
        wins = number(float(probs[outcome]) * 100, 4)
        edge = number(float(edges[outcome]) * 100, 2)
        rows.append(f"| {name} | {wins} % | {edge} % |")
    note = "\n\n" + _(
        "Computed exactly by the program for the {decks}-deck shoe of your settings "
        "(every card drawn without replacement)."
    ).format(decks=decks)
    return "\n".join(rows) + note


_PLACEHOLDERS: dict[str, Callable[[int], str]] = {
    "house_edges": _baccarat_house_edges,
}


def fill_placeholders(text: str, *, baccarat_decks: int = 8) -> str:
    """Replace ``{{name}}`` markers with figures computed by the program."""

    def replace(match: re.Match[str]) -> str:
        producer = _PLACEHOLDERS.get(match.group(1))
        if producer is None:
            return match.group(0)
        try:
            return producer(baccarat_decks)
        except Exception as error:  # a figure must never break the rules screen
            return "_(" + _("could not compute: {error}").format(error=error) + ")_"

    return re.sub(r"\{\{\s*(\w+)\s*\}\}", replace, text)
