"""Why an action is refused, in the player's words (RULES.md section 3).

The round decides what is legal (:meth:`~cardtable.core.blackjack.Round.legal_actions`);
this module only explains a refusal after the fact, so that a key that does nothing
always says why ("not enough chips to double: 40 needed, 25 left") instead of being
ignored. It never allows anything the round refuses.
"""

from __future__ import annotations

from .blackjack import Action, Round
from .money import format_chips

__all__ = ["action_refusal"]


def _value(rank: int) -> int:
    return min(rank, 10)


def action_refusal(round: Round, seat: int, action: Action) -> str | None:
    """None when ``seat`` may take ``action`` now; otherwise the reason, as a sentence."""
    turn = round.turn
    if turn is None or turn[0] != seat:
        return "Wait for your turn."
    if action in round.legal_actions():
        return None
    hands = round.hands(seat)
    hand = hands[turn[1]]
    rules = round.rules
    left = round.bankroll(seat)
    short = left is not None and left < hand.stake
    need = f"{format_chips(hand.stake)} needed, {format_chips(left or 0)} left"
    if action is Action.HIT:
        if hand.split_aces:
            return "A split ace takes exactly one card."
        return f"No more cards: the hand is {hand.total}."
    if action is Action.DOUBLE:
        if hand.split_aces:
            return "A split ace takes exactly one card: no double."
        if len(hand.cards) != 2:
            return "Double only on a hand's first two cards."
        if hand.from_split and not rules.double_after_split:
            return "No double after a split at this table."
        if short:
            return f"Not enough chips to double: {need}."
    if action is Action.SPLIT:
        if len(hand.cards) != 2 or _value(hand.cards[0].rank) != _value(hand.cards[1].rank):
            return "Only two cards of the same value can be split."
        if len(hands) >= rules.max_hands:
            return f"At most {rules.max_hands} hands per seat: no more splits."
        if hand.split_aces:
            return "Aces are split only once."
        if short:
            return f"Not enough chips to split: {need}."
    return f"{action.value.capitalize()} is not possible now."
