"""What a strategy drill says: the prompt, the verdict on an answer, the tally and the score.

Pure text from the drill's state (no widgets, no store), so that each widget of the drill
screen renders its own piece from its reactives.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from rich.text import Text

from ....ai.drills import Question, exchange_words
from ....ai.grading import Accuracy, Decision, accuracy
from ....core.money import format_chips
from ....store import DrillScore

__all__ = ["DRILL_TITLES", "BJ_KEYS", "Stake", "prompt_text", "verdict_text", "tally_text", "score_text"]

DRILL_TITLES = {"blackjack": "Blackjack", "poker": "Draw poker"}
#: The key answering each blackjack choice.
BJ_KEYS = {"Hit": "h", "Stand": "s", "Double": "d", "Split": "p"}


@dataclass(frozen=True)
class Stake:
    """What one question is played for: ``amount`` hundredths of a chip, and for poker the
    ``coins`` of ``coin`` hundredths it is made of (0 for blackjack)."""

    game: str
    amount: int
    coins: int = 0
    coin: int = 0

    def words(self) -> str:
        """"a 5-chip hand", "5 coins of 1 chips"."""
        if self.game == "blackjack":
            return f"a {format_chips(self.amount)}-chip hand"
        return f"{self.coins} coins of {format_chips(self.coin)} chips"


def money(hundredths: float) -> str:
    """Chips with two decimals (EV costs are fractional)."""
    return f"{hundredths / 100:,.2f}"


def _ev(value: float) -> str:
    return f"{value:+.3f}".replace("-", "\u2212")


def prompt_text(game: str, question: Question | None, ticked: Collection[int] = ()) -> str:
    """The line under the cards: what the keys do now ("Dealing…" before a question)."""
    if question is None:
        return "Dealing…"
    if game == "blackjack":
        keys = " · ".join(f"[b]{BJ_KEYS[w]}[/b] {w.lower()}" for w in ("Hit", "Stand", "Double", "Split")
                          if w in question.evs)
        return f"What do you do?  {keys}"
    return (f"Tick the cards to exchange ([b]1[/b]–[b]5[/b]), then [b]enter[/b]: "
            f"{exchange_words(sorted(ticked))}")


def _hold_words(q: Question, choice: str, ascii: bool) -> str:
    """"hold A♥ J♥", "stand pat", "exchange all five"."""
    hold = q.holds.get(choice, ())
    if not hold or len(hold) == 5:
        return choice
    return "hold " + " ".join(q.cards[i].label(ascii) for i in hold)


def _choice_words(game: str, q: Question, choice: str, ascii: bool) -> str:
    if game == "blackjack":
        return choice
    hold = q.holds.get(choice, ())
    if not hold or len(hold) == 5:
        return choice
    return f"{choice} (hold {' '.join(q.cards[i].label(ascii) for i in hold)})"


def verdict_text(q: Question, d: Decision, stake: Stake, ascii: bool) -> Text:
    """The verdict on one answer: best or not (and what it gave away), the cards, the EVs."""
    from ..common.card import cards_text

    game = stake.game
    out = Text()
    what = _choice_words(game, q, d.chosen, ascii)
    if d.is_best:
        out.append("✓ ", style="bold green")
        out.append(f"{what}: the best choice", style="bold")
        out.append(f" ({_ev(d.ev_chosen)} a unit of stake).\n")
    else:
        out.append("✗ ", style="bold red")
        out.append(f"{what}: the best was {_choice_words(game, q, d.best, ascii)}", style="bold")
        out.append(f" — you gave up {d.ev_best - d.ev_chosen:.3f} of the stake "
                   f"({money(d.cost)} chips for {stake.words()}).\n")
    out.append("  ")
    out.append_text(cards_text(q.cards, ascii))
    if q.up is not None:
        out.append(" against ")
        out.append_text(cards_text([q.up], ascii))
        out.append(f" — {q.spot}")
    out.append("\n  ")
    ranked = q.ranked()
    if game == "blackjack":
        out.append(" · ".join(f"{w} {_ev(v)}" for w, v in ranked))
    else:
        shown = ranked[:3]
        if d.chosen not in dict(shown):
            shown.append((d.chosen, q.evs[d.chosen]))
        out.append(" · ".join(f"{_hold_words(q, w, ascii)} {_ev(v)}" for w, v in shown) + " a coin")
    return out


def tally_text(decisions: Sequence[Decision], total: int) -> str:
    """The running tally, or before the first answer what the drill is."""
    tally = accuracy(decisions)
    if tally.taken:
        return f"{tally.taken} answered · {tally.best} best · {money(tally.cost)} chips of EV given away"
    return (f"{total} questions, weighted toward the ones players get wrong. "
            "Each answer is graded at once against the exact EVs.")


def score_text(tally: Accuracy, earlier: Sequence[DrillScore], stake: Stake) -> Text:
    """The drill's score, and how the player's earlier drills of this game went."""
    out = Text()
    share = round(100 * tally.best / tally.taken) if tally.taken else 0
    out.append("Drill over\n", style="bold")
    out.append(f"{tally.taken} answered, {tally.best} best ({share} %), "
               f"{money(tally.cost)} chips of EV given away ({stake.words()} each).\n")
    if earlier:
        out.append("Your earlier drills: " + ", ".join(
            f"{round(100 * s.best / s.answered) if s.answered else 0} %" for s in earlier[-5:]))
        best = max(earlier, key=lambda s: (s.share or 0.0, s.answered))
        out.append(f" (best {round(100 * (best.share or 0.0))} % on {best.at[:10]})\n")
    out.append("enter: another drill · escape: back", style="dim")
    return out
