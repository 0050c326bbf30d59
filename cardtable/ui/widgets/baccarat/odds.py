"""The baccarat table's odds panel (``e``, "Edge"): each bet's exact value for the next coup.

It takes the roads' place while it is shown (the layout has no other room at 80×24)
and draws a :class:`OddsReport`: the three bets' expected return per chip for the cards
left in the shoe, beside a full shoe's, each outcome's chance, what the stake on each
spot is expected to return, and one plain sentence (:func:`.words.odds_sentence`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from rich.cells import cell_len
from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from ....ai.coach_baccarat import BetOdds, baccarat_bet_evs, bet_odds, full_shoe_counts
from ....ai.grading import Decision, grade
from ....core.baccarat import Outcome
from ....i18n import _
from ....i18n.formatting import chips, number
from ....i18n.text import pad
from .words import odds_sentence, percent, side, source_words

# percent: re-exported
__all__ = ["OddsPanel", "OddsReport", "count_odds", "grade_bets", "percent"]

#: Best bet first, as a player reads them.
_ORDER = (Outcome.BANKER, Outcome.PLAYER, Outcome.TIE)


def count_odds(
    counts: Mapping[int, int], decks: int
) -> tuple[BetOdds | None, Mapping[Outcome, Fraction] | None, str | None]:
    """The panel's figures for the cards ``counts`` (by rank) beside a full shoe of
    ``decks``, or why there are none. Slow the first time (numpy and the shared
    layout): the tables call it in a thread."""
    try:
        return bet_odds(counts), baccarat_bet_evs(full_shoe_counts(decks)), None
    except ValueError:
        return None, None, f"Only {sum(counts.values())} cards left: too few to count a coup."


def grade_bets(bets: Mapping[Outcome, int], counts: Mapping[int, int], source: str, decks: int) -> list[Decision]:
    """Each bet graded against the other two for the cards ``counts`` the coup is dealt
    from (``source`` says which; a stacked test shoe too short to count is graded as a
    full shoe of ``decks``)."""
    if not bets:
        return []
    try:
        odds = bet_odds(counts)
    except ValueError:
        odds, source = bet_odds(full_shoe_counts(decks)), f"a shoe of {decks} decks"
    evs = odds.words()
    return [grade("baccarat", source, evs, spot.label, stake) for spot, stake in bets.items() if stake]


@dataclass(frozen=True)
class OddsReport:
    """What the panel shows: the odds (None while counting, or ``problem`` says why
    there are none), where they come from, and the bets on the layout."""

    odds: BetOdds | None = None
    #: A full shoe's EVs for the same number of decks (the comparison column).
    full: Mapping[Outcome, Fraction] | None = None
    #: Where the cards come from: "412 cards left" / "a new shoe of 8 decks".
    source: str = ""
    bets: Mapping[Outcome, int] = field(default_factory=dict)
    problem: str | None = None


class OddsPanel(Static):
    """The three bets' exact values; ``e`` shows and hides it."""

    DEFAULT_CSS = """
    OddsPanel { height: 8; margin: 0 1; padding: 0 1; border-left: tall $accent; }
    """

    report: reactive[OddsReport] = reactive(OddsReport, init=False)
    """The figures shown (the screen sets them; the panel repaints when they change)."""

    def watch_report(self, report: OddsReport) -> None:
        self.update(self.text(report))

    @staticmethod
    def text(report: OddsReport) -> Text:
        """The panel as styled text (also what the tests read)."""
        text = Text()
        text.append(_("Edge for the next coup"), style="bold")
        if report.source:
            text.append(f" · {source_words(report.source)}", style="bold")
        text.append("   " + _("e hides") + "\n", style="dim")
        odds = report.odds
        if odds is None:
            problem = source_words(report.problem) if report.problem else _("Counting the cards left in the shoe…")
            text.append(problem, style="italic")
            return text
        names = {o: side(o) for o in _ORDER}
        first = max(8, *(cell_len(name) + 1 for name in names.values()))
        heads = (_("This shoe"), _("Full shoe"), _("Chance"))
        widths = [max(width, cell_len(head) + 1) for width, head in zip((11, 12, 10), heads, strict=True)]
        text.append(pad(_("Bet"), first) + "".join(_right(h, w) for h, w in zip(heads, widths, strict=True))
                    + "   " + _("Your bet") + "\n", style="dim")
        chances = odds.probabilities
        best = odds.best
        for outcome in _ORDER:
            ev = odds.evs[outcome]
            style = "green" if ev > 0 else "bold" if outcome is best else ""
            text.append(pad(names[outcome], first), style="bold" if outcome is best else "")
            text.append(_right(percent(ev), widths[0]), style=style)
            full = report.full[outcome] if report.full is not None else None
            text.append(_right(percent(full) if full is not None else "—", widths[1]), style="dim")
            chance = _("{value} %").format(value=number(float(chances[outcome]) * 100, 2))
            text.append(_right(chance, widths[2]))
            stake = report.bets.get(outcome, 0)
            if stake:
                expected = float(ev) * stake / 100
                sign = "+" if expected >= 0 else "\u2212"
                amount = sign + number(abs(expected), 2)
                text.append("   " + _("{stake} → expect {amount}").format(stake=chips(stake), amount=amount))
            text.append("\n")
        text.append(odds_sentence(odds, report.full), style="italic")
        return text


def _right(text: str, width: int) -> str:
    """``text`` right-aligned in ``width`` cells."""
    return " " * max(0, width - cell_len(text)) + text
