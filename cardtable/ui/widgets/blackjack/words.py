"""What the blackjack table says, in the language in force: hand totals, the dealer's
total, the hands' outcomes, the turn prompt and the result line.

Words only: every figure (totals, naturals, outcomes, amounts) comes from the core,
whose own words (``Hand.describe``, ``HandOutcome.value``) stay data for the store and
the wire; here they are worded for the player.
"""

from __future__ import annotations

from collections.abc import Sequence

from ....ai.blackjack import up_card_words
from ....core.blackjack import Action, Hand, HandOutcome, HandResult, RoundState, SeatView, hand_total
from ....i18n import N_, _
from ....i18n.formatting import signed

__all__ = [
    "ACTION_NAMES",
    "LEVEL_NAMES",
    "action_name",
    "level_name",
    "hand_words",
    "dealer_text",
    "outcome_word",
    "up_card_words",
    "turn_prompt",
    "result_line",
]

#: The player's actions as buttons, the footer and the coach name them.
ACTION_NAMES = {
    Action.HIT: N_("Hit"),
    Action.STAND: N_("Stand"),
    Action.DOUBLE: N_("Double"),
    Action.SPLIT: N_("Split"),
    Action.SURRENDER: N_("Surrender"),
}
#: A computer seat's level by its stored code (the settings' words).
LEVEL_NAMES = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard"),
               "free": N_("free"), "away": N_("away")}
#: A settled hand's outcome, short, in capitals on the hand's box.
_OUTCOMES = {
    HandOutcome.BLACKJACK: N_("BLACKJACK"),
    HandOutcome.WIN: N_("WIN"),
    HandOutcome.PUSH: N_("PUSH"),
    HandOutcome.LOSE: N_("LOSE"),
    HandOutcome.BUST: N_("BUST"),
    HandOutcome.SURRENDER: N_("SURRENDER"),
}
#: The same outcome in the result line's prose.
_OUTCOME_WORDS = {
    HandOutcome.BLACKJACK: N_("blackjack"),
    HandOutcome.WIN: N_("win"),
    HandOutcome.PUSH: N_("push"),
    HandOutcome.LOSE: N_("lose"),
    HandOutcome.BUST: N_("bust"),
    HandOutcome.SURRENDER: N_("surrender"),
}


def action_name(action: Action) -> str:
    """``Hit``, ``Stand``, ``Double``, ``Split`` in the language in force."""
    return _(ACTION_NAMES[action])


def level_name(level: str) -> str:
    """A seat's level (``easy``…) or state (``free``, ``away``) in the language in force."""
    return _(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level


def outcome_word(outcome: HandOutcome, *, capitals: bool = False) -> str:
    """A settled hand's outcome: ``WIN`` on its box, ``win`` in a sentence."""
    return _((_OUTCOMES if capitals else _OUTCOME_WORDS)[outcome])


def hand_words(hand: Hand) -> str:
    """``soft 17`` / ``hard 12`` / ``blackjack`` / ``bust 24`` (the core's
    :meth:`Hand.describe`, worded)."""
    if hand.blackjack:
        return _("blackjack")
    total, soft = hand_total(hand.cards)
    if total > 21:
        return _("bust {total}").format(total=total)
    return (_("soft {total}") if soft else _("hard {total}")).format(total=total)


def dealer_text(state: RoundState) -> str:
    """``17`` / ``BLACKJACK`` / ``BUST 24``; the up card's value before the reveal."""
    cards = state.dealer_visible
    if not cards:
        return ""
    total, soft = state.dealer_total
    if not state.revealed:  # the up card: an ace shows as A, not as 11 or 1
        return _("shows {card}").format(card="A" if cards[0].rank == 1 else total)
    if state.dealer_natural:
        return _("BLACKJACK")
    if total > 21:
        return _("BUST {total}").format(total=total)
    return _("soft {total}").format(total=total) if soft else str(total)


def turn_prompt(view: SeatView, prefix: str = "") -> str:
    """``Your turn: hard 15 against a 10`` (with the hand number after a split)."""
    hand = view.hand
    if hand is None or view.hand_index is None:
        return ""
    against = up_card_words(min(view.dealer_up.rank, 10))
    if len(view.hands) > 1:
        words = _("Your turn (hand {n} of {hands}): {total} against {card}").format(
            n=view.hand_index + 1, hands=len(view.hands), total=hand_words(hand), card=against)
    else:
        words = _("Your turn: {total} against {card}").format(total=hand_words(hand), card=against)
    return prefix + words


def result_line(state: RoundState, mine: Sequence[HandResult]) -> tuple[str, str]:
    """(``Dealer 20 · you: win, bust · round +5``, banner kind) for the player's hands."""
    words = _(", ").join(outcome_word(result.outcome) for result in mine)
    net = sum(result.net for result in mine)
    kind = "win" if net > 0 else ("lose" if net < 0 else "push")
    line = _("Dealer {total} · you: {outcomes} · round {net}").format(
        total=dealer_text(state), outcomes=words, net=signed(net))
    return line, kind
