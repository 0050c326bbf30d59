"""The poker coach's panel: the best holds of the decision at hand, in the screen's terms.

Shown in the pay table's place while the player asks (``t``), gone at the next step.
Each line says which cards to *exchange* and what the hold returns per coin bet;
an estimate carries its ± standard error.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import Static

if TYPE_CHECKING:  # the coach (numpy) is imported when a tip is first asked for
    from ....ai.coach_poker import PokerAdvice

__all__ = ["CoachPanel", "advice_text", "SHOWN"]

#: How many holds the panel lists, best first.
SHOWN = 5


def _figure(ev: float, se: float, exact: bool) -> str:
    return f"{ev:6.3f}" if exact else f"{ev:6.3f} ±{se:.3f}"


def advice_text(advice: PokerAdvice, round_no: int, rounds: int, ascii: bool = False) -> Text:
    """The panel's lines: a title, the best holds, and how the figures were found."""
    from ....ai.coach_poker import hold_text

    text = Text()
    where = f"exchange {round_no} of {rounds}" if rounds > 1 else "the draw"
    # most important first: a short pay table's box (8 lines) cuts the last lines
    text.append(f"Coach · best holds for {where} (per coin bet)\n", style="bold")
    for n, hold in enumerate(advice.holds[:SHOWN], start=1):
        words = hold_text(advice.cards, hold.hold, ascii)
        figure = _figure(hold.ev, hold.se, hold.exact)
        width = max(1, 36 - len(words))
        text.append(f"{n}. {words}{' ' * width}{figure}\n", style="bold" if n == 1 else "")
    if advice.exact:
        note = "exact: every draw counted" + (", then the best last round" if advice.rounds_left > 1 else "")
    elif advice.rounds_left == 2:
        note = "± 1 standard error · sampled, seed fixed by the hand"
    else:
        note = "sampled ± 1 s.e.; middle round: best one-draw hold"
    text.append(note + "\n", style="dim")
    if advice.rounds_left > 1:
        text.append("values count the rounds still to come, played best\n", style="dim")
    text.append("t again ticks the best hold's Exchange boxes", style="dim italic")
    return text


class CoachPanel(Static):
    """The advice in the pay table's place (same box: nothing else moves)."""

    DEFAULT_CSS = """
    CoachPanel {
        width: 56;
        max-width: 100%;
        height: 10;
        margin-right: 1;
        padding: 0 1;
        background: $boost;
        display: none;
    }
    """
