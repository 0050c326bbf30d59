"""Why an action is refused, as a :class:`~cardtable.core.refusal.Refusal` (docs/rules.md section 3).

The round decides what is legal (:meth:`~cardtable.core.blackjack.Round.legal_actions`);
this module only explains a refusal after the fact, so that a key that does nothing
always says why (``double-short`` with the chips needed and left) instead of being
ignored; :mod:`cardtable.i18n.refusals` words it. It never allows anything the round refuses.
"""

from __future__ import annotations

from .blackjack import Action, Hand, Round, Rules
from .blackjack_totals import card_value
from .refusal import Refusal, RuleCode

__all__ = ["action_refusal"]


def action_refusal(round: Round, seat: int, action: Action) -> Refusal | None:
    """None when ``seat`` may take ``action`` now; otherwise why not."""
    turn = round.turn
    if turn is None or turn[0] != seat:
        return Refusal(RuleCode.WAIT_TURN)
    if action in round.legal_actions():
        return None
    hands = round.hands(seat)
    hand = hands[turn[1]]
    left = round.bankroll(seat)
    short = None
    if left is not None and left < hand.stake:
        short = {"needed": hand.stake, "left": left}
    reason = None
    if action is Action.HIT:
        reason = _hit_refusal(hand)
    elif action is Action.DOUBLE:
        reason = _double_refusal(hand, round.rules, short)
    elif action is Action.SPLIT:
        reason = _split_refusal(hand, len(hands), round.rules, short)
    return reason or Refusal(RuleCode.NOT_POSSIBLE, {"action": action.value})


def _hit_refusal(hand: Hand) -> Refusal:
    """Why a hand may not hit: a split ace, or a hand already at 21."""
    if hand.split_aces:
        return Refusal(RuleCode.SPLIT_ACE_ONE_CARD)
    return Refusal(RuleCode.NO_MORE_CARDS, {"total": hand.total})


def _double_refusal(hand: Hand, rules: Rules, short: dict[str, int] | None) -> Refusal | None:
    """Why a hand may not double (``short`` says the chips missing, if any)."""
    if hand.split_aces:
        return Refusal(RuleCode.SPLIT_ACE_NO_DOUBLE)
    if len(hand.cards) != 2:
        return Refusal(RuleCode.DOUBLE_FIRST_TWO)
    if hand.from_split and not rules.double_after_split:
        return Refusal(RuleCode.NO_DOUBLE_AFTER_SPLIT)
    if short:
        return Refusal(RuleCode.DOUBLE_SHORT, short)
    return None


def _split_refusal(hand: Hand, hands: int, rules: Rules, short: dict[str, int] | None) -> Refusal | None:
    """Why a hand may not split, the seat holding ``hands`` hands."""
    cards = hand.cards
    if len(cards) != 2 or card_value(cards[0]) != card_value(cards[1]):
        return Refusal(RuleCode.SPLIT_SAME_VALUE)
    if hands >= rules.max_hands:
        return Refusal(RuleCode.SPLIT_MAX_HANDS, {"hands": rules.max_hands})
    if hand.split_aces:
        return Refusal(RuleCode.SPLIT_ACES_ONCE)
    if short:
        return Refusal(RuleCode.SPLIT_SHORT, short)
    return None
