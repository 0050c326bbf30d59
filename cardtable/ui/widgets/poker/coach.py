"""The poker coach's panel: the best holds of the decision at hand, in the screen's terms.

Shown in the pay table's place (its box exactly) while the player asks (``t``), gone at
the next step. Each line says which cards to *exchange* and what the hold returns per
coin bet; an estimate carries its ± standard error. As many holds are listed as the box
has room for (at least :data:`SHOWN`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from ....i18n import _
from ....i18n.formatting import number
from ....i18n.text import pad
from .words import hold_words

if TYPE_CHECKING:  # the coach (numpy) is imported when a tip is first asked for
    from ....ai.coach_poker import PokerAdvice

__all__ = ["CoachPanel", "Advised", "advice_text", "SHOWN"]

#: How many holds the panel lists at least, best first (more when its box has room).
SHOWN = 5


def _figure(ev: float, se: float, exact: bool) -> str:
    figure = number(ev, 3).rjust(6)
    return figure if exact else _("{ev} ±{se}").format(ev=figure, se=number(se, 3))


def advice_text(advice: PokerAdvice, round_no: int, rounds: int, ascii: bool = False, lines: int = 0) -> Text:
    """The panel's lines: a title, the best holds, and how the figures were found.

    ``lines`` is the box's height: the holds fill what the title and the notes leave
    (never fewer than :data:`SHOWN`; a short box cuts the last notes first)."""
    if advice.exact:
        note = _("exact: every draw counted, then the best last round") if advice.rounds_left > 1 else _(
            "exact: every draw counted"
        )
    elif advice.rounds_left == 2:
        note = _("± 1 s.e. · sampled, seed fixed by the hand")
    else:
        note = _("sampled ± 1 s.e.; middle round: best one-draw hold")
    notes = [(note, "dim")]
    if advice.rounds_left > 1:
        notes.append((_("values count the rounds still to come, played best"), "dim"))
    notes.append((_("t again ticks the best hold's Exchange boxes"), "dim italic"))
    shown = min(len(advice.holds), max(SHOWN, lines - 1 - len(notes)))
    text = Text(no_wrap=True, overflow="crop")
    if rounds > 1:
        title = _("Coach · best holds, exchange {n} of {rounds} (per coin bet)").format(n=round_no, rounds=rounds)
    else:
        title = _("Coach · best holds, the draw (per coin bet)")
    # most important first: a short pay table's box (8 lines) cuts the last lines
    text.append(title, style="bold")
    for n, hold in enumerate(advice.holds[:shown], start=1):
        words = pad(f"{n}. {hold_words(advice.cards, hold.hold, ascii)} ", 35)  # one space at least
        text.append(f"\n{words}{_figure(hold.ev, hold.se, hold.exact)}", style="bold" if n == 1 else "")
    for line, style in notes:
        text.append("\n" + line, style=style)
    return text


@dataclass(frozen=True, eq=False)
class Advised:
    """The advice shown for the decision at hand: exchange ``round_no`` of ``rounds``."""

    advice: PokerAdvice
    round_no: int
    rounds: int

    def __eq__(self, other: object) -> bool:
        """The same advice object for the same round (advice is never compared by value)."""
        if not isinstance(other, Advised):
            return NotImplemented
        return self.advice is other.advice and (self.round_no, self.rounds) == (other.round_no, other.rounds)

    def __hash__(self) -> int:
        return hash((id(self.advice), self.round_no, self.rounds))


class CoachPanel(Static):
    """The advice in the pay table's place (same box: nothing else moves)."""

    advised: reactive[Advised | None] = reactive(None, init=False, repaint=False)
    """The advice shown (None: the panel is hidden and the pay table shows)."""

    def __init__(self, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__("", id=id)
        self._ascii = ascii

    def watch_advised(self, advised: Advised | None) -> None:
        if advised is None:
            return
        lines = int(self.styles.height.value) if self.styles.height else 0
        self.update(advice_text(advised.advice, advised.round_no, advised.rounds, self._ascii, lines=lines))

    def redraw(self) -> None:
        """The advice shown, worded anew (the language changed)."""
        self.watch_advised(self.advised)

    DEFAULT_CSS = """
    /* the pay table's width: nothing beside it moves or is pushed out */
    CoachPanel {
        width: 53;
        max-width: 100%;
        height: 10;
        margin-right: 1;
        padding: 0 1;
        background: $boost;
        display: none;
    }
    """
