"""Why an action is refused, in the player's words (docs/rules.md section 3).

The round decides what is legal (:meth:`~cardtable.core.blackjack.Round.legal_actions`);
this module only explains a refusal after the fact, so that a key that does nothing
always says why ("not enough chips to double: 40 needed, 25 left") instead of being
ignored. It never allows anything the round refuses.
"""

from __future__ import annotations

from .blackjack import Action, Hand, Round, Rules
from .blackjack_totals import card_value
from .money import format_chips

__all__ = ["action_refusal"]


def action_refusal(round: Round, seat: int, action: Action) -> str | None:
    """None when ``seat`` may take ``action`` now; otherwise the reason, as a sentence."""
    turn = round.turn
    if turn is None or turn[0] != seat:
        return "Wait for your turn."
    if action in round.legal_actions():
        return None
    hands = round.hands(seat)
    hand = hands[turn[1]]
    left = round.bankroll(seat)
    short = None
    if left is not None and left < hand.stake:
        short = f"{format_chips(hand.stake)} needed, {format_chips(left)} left"
    reason = None
    if action is Action.HIT:
        reason = _hit_refusal(hand)
    elif action is Action.DOUBLE:
        reason = _double_refusal(hand, round.rules, short)
    elif action is Action.SPLIT:
        reason = _split_refusal(hand, len(hands), round.rules, short)
    return reason or f"{action.value.capitalize()} is not possible now."


def _hit_refusal(hand: Hand) -> str:
    """Why a hand may not hit: a split ace, or a hand already at 21."""
    if hand.split_aces:
        return "A split ace takes exactly one card."
    return f"No more cards: the hand is {hand.total}."


def _double_refusal(hand: Hand, rules: Rules, short: str | None) -> str | None:
    """Why a hand may not double (``short`` says the chips missing, if any)."""
    if hand.split_aces:
        return "A split ace takes exactly one card: no double."
    if len(hand.cards) != 2:
        return "Double only on a hand's first two cards."
    if hand.from_split and not rules.double_after_split:
        return "No double after a split at this table."
    if short:
        return f"Not enough chips to double: {short}."
    return None


def _split_refusal(hand: Hand, hands: int, rules: Rules, short: str | None) -> str | None:
    """Why a hand may not split, the seat holding ``hands`` hands."""
    cards = hand.cards
    if len(cards) != 2 or card_value(cards[0]) != card_value(cards[1]):
        return "Only two cards of the same value can be split."
    if hands >= rules.max_hands:
        return f"At most {rules.max_hands} hands per seat: no more splits."
    if hand.split_aces:
        return "Aces are split only once."
    if short:
        return f"Not enough chips to split: {short}."
    return None
