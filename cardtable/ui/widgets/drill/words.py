"""What a strategy drill says: the prompt, the verdict on an answer, the tally and the score.

Pure text from the drill's state (no widgets, no store), so that each widget of the drill
screen renders its own piece from its reactives.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from rich.text import Text

from ....ai.drills import Question, exchange_words
from ....ai.grading import Accuracy, Decision, accuracy, choice_words
from ....core.blackjack_totals import card_value, values_total
from ....i18n import N_, _, ngettext
from ....i18n.formatting import chips, number
from ....store import DrillScore

__all__ = ["DRILL_TITLES", "BJ_KEYS", "Stake", "prompt_text", "verdict_text", "tally_text", "score_text",
           "hand_against", "up_words", "spot_words"]

DRILL_TITLES = {"blackjack": N_("Blackjack drill"), "poker": N_("Draw poker drill")}
#: The key answering each blackjack choice.
BJ_KEYS = {"Hit": "h", "Stand": "s", "Double": "d", "Split": "p"}


def up_words(up: int) -> str:
    """The dealer's up card in words: "an ace", "an 8", "a 10"."""
    if up == 1:
        return _("an ace")
    return (_("an {value}") if up == 8 else _("a {value}")).format(value=up)


def hand_against(hand: str, up: int) -> str:
    """"hard 13 against a 2": a hand (already in words) against the dealer's up card."""
    return _("{hand} against {up}").format(hand=hand, up=up_words(up))


def spot_words(q: Question) -> str:
    """A question's situation in the language in force (``q.spot`` is the English kept
    with the answer): "pair of 8s against a 6", "soft 17 against an ace", or the cards."""
    if q.up is None or len(q.cards) != 2:
        return q.spot
    values = [card_value(c) for c in q.cards]
    if values[0] == values[1]:
        hand = _("pair of aces") if values[0] == 1 else _("pair of {value}s").format(value=values[0])
    else:
        total, soft = values_total(values)
        hand = (_("soft {total}") if soft else _("hard {total}")).format(total=total)
    return hand_against(hand, card_value(q.up))


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
            return _("a {amount}-chip hand").format(amount=chips(self.amount))
        return ngettext("{coins} coin of {coin} chips", "{coins} coins of {coin} chips", self.coins).format(
            coins=self.coins, coin=chips(self.coin))


def money(hundredths: float) -> str:
    """Chips with two decimals (EV costs are fractional)."""
    return number(hundredths / 100, 2)


def _ev(value: float) -> str:
    sign = "+" if value >= 0 else "\u2212"
    return sign + number(abs(value), 3)


def prompt_text(game: str, question: Question | None, ticked: Collection[int] = ()) -> str:
    """The line under the cards: what the keys do now ("Dealing…" before a question)."""
    if question is None:
        return _("Dealing…")
    if game == "blackjack":
        keys = " · ".join(f"[b]{BJ_KEYS[w]}[/b] {_(w.lower())}" for w in ("Hit", "Stand", "Double", "Split")
                          if w in question.evs)  # "hit", "stand" … (the index drill's words)
        return _("What do you do?  {keys}").format(keys=keys)
    return _("Tick the cards to exchange ({keys}), then {enter}: {choice}").format(
        keys="[b]1[/b]–[b]5[/b]", enter="[b]enter[/b]", choice=choice_words(exchange_words(sorted(ticked))))


def _held(q: Question, choice: str, ascii: bool) -> str | None:
    """The cards ``choice`` keeps ("A♥ J♥"), or None when it keeps none or all five."""
    hold = q.holds.get(choice, ())
    if not hold or len(hold) == 5:
        return None
    return " ".join(q.cards[i].label(ascii) for i in hold)


def _hold_words(q: Question, choice: str, ascii: bool) -> str:
    """"hold A♥ J♥", "stand pat", "exchange all five"."""
    held = _held(q, choice, ascii)
    return choice_words(choice) if held is None else _("hold {cards}").format(cards=held)


def _choice_words(game: str, q: Question, choice: str, ascii: bool) -> str:
    held = None if game == "blackjack" else _held(q, choice, ascii)
    if held is None:
        return choice_words(choice)
    return _("{choice} (hold {cards})").format(choice=choice_words(choice), cards=held)


def verdict_text(q: Question, d: Decision, stake: Stake, ascii: bool) -> Text:
    """The verdict on one answer: best or not (and what it gave away), the cards, the EVs."""
    from ..common.card import cards_text

    game = stake.game
    out = Text()
    what = _choice_words(game, q, d.chosen, ascii)
    if d.is_best:
        out.append("✓ ", style="bold green")
        out.append(_("{choice}: the best choice").format(choice=what), style="bold")
        out.append(" " + _("({ev} a unit of stake).").format(ev=_ev(d.ev_chosen)) + "\n")
    else:
        out.append("✗ ", style="bold red")
        out.append(_("{choice}: the best was {best}").format(
            choice=what, best=_choice_words(game, q, d.best, ascii)), style="bold")
        out.append(" " + _("— you gave up {share} of the stake ({cost} chips for {stake}).").format(
            share=number(d.ev_best - d.ev_chosen, 3), cost=money(d.cost), stake=stake.words()) + "\n")
    out.append("  ")
    out.append_text(cards_text(q.cards, ascii))
    if q.up is not None:
        out.append(" " + _("against") + " ")
        out.append_text(cards_text([q.up], ascii))
        out.append(f" — {spot_words(q)}")
    out.append("\n  ")
    ranked = q.ranked()
    if game == "blackjack":
        out.append(" · ".join(f"{choice_words(w)} {_ev(v)}" for w, v in ranked))
    else:
        shown = ranked[:3]
        if d.chosen not in dict(shown):
            shown.append((d.chosen, q.evs[d.chosen]))
        evs = " · ".join(f"{_hold_words(q, w, ascii)} {_ev(v)}" for w, v in shown)
        out.append(_("{evs} a coin").format(evs=evs))
    return out


def tally_text(decisions: Sequence[Decision], total: int) -> str:
    """The running tally, or before the first answer what the drill is."""
    tally = accuracy(decisions)
    if tally.taken:
        return _("{n} answered · {best} best · {cost} chips of EV given away").format(
            n=tally.taken, best=tally.best, cost=money(tally.cost))
    return ngettext("{n} question, weighted toward the ones players get wrong. "
                    "Each answer is graded at once against the exact EVs.",
                    "{n} questions, weighted toward the ones players get wrong. "
                    "Each answer is graded at once against the exact EVs.", total).format(n=total)


def score_text(tally: Accuracy, earlier: Sequence[DrillScore], stake: Stake) -> Text:
    """The drill's score, and how the player's earlier drills of this game went."""
    out = Text()
    share = round(100 * tally.best / tally.taken) if tally.taken else 0
    out.append(_("Drill over") + "\n", style="bold")
    out.append(_("{n} answered, {best} best ({share} %), {cost} chips of EV given away ({stake} each).").format(
        n=tally.taken, best=tally.best, share=share, cost=money(tally.cost), stake=stake.words()) + "\n")
    if earlier:
        shares = ", ".join(f"{round(100 * s.best / s.answered) if s.answered else 0} %" for s in earlier[-5:])
        best = max(earlier, key=lambda s: (s.share or 0.0, s.answered))
        out.append(_("Your earlier drills: {shares} (best {best} % on {day})").format(
            shares=shares, best=round(100 * (best.share or 0.0)), day=best.at[:10]) + "\n")
    out.append(_("enter: another drill · escape: back"), style="dim")
    return out
