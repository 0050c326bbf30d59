"""Every refused blackjack action says why (a code and its parameters, worded in English
here), and only refused ones do."""

from __future__ import annotations

from cardtable.core.blackjack import Action, Round, Rules
from cardtable.core.blackjack_refusals import action_refusal
from cardtable.core.cards import Shoe
from cardtable.core.refusal import Refusal, RuleCode
from cardtable.i18n.refusals import word_refusal

FILLER = " ".join(["2C"] * 12)


def words(refusal: Refusal | None) -> str | None:
    """The refusal as the player reads it in English."""
    return None if refusal is None else word_refusal(refusal)


def one_seat(stack: str, bankroll: int | None = None, rules: Rules | None = None, bet: int = 1_000) -> Round:
    """Deal order with one seat: player, dealer up, player, dealer face down, draws."""
    bankrolls = None if bankroll is None else [bankroll]
    return Round(rules or Rules(), Shoe.stacked(f"{stack} {FILLER}"), bets=[bet], bankrolls=bankrolls)


def test_legal_actions_have_no_refusal_and_illegal_ones_always_have_one() -> None:
    r = one_seat("8S 9H 8D 7C", bankroll=5_000)
    for action in Action:
        refusal = action_refusal(r, 0, action)
        assert (refusal is None) == (action in r.legal_actions()), action


def test_double_without_the_chips_names_what_is_needed_and_what_is_left() -> None:
    r = one_seat("5S 9H 6D 7C", bankroll=250, bet=400)
    assert Action.DOUBLE not in r.legal_actions()
    assert action_refusal(r, 0, Action.DOUBLE) == Refusal(RuleCode.DOUBLE_SHORT, {"needed": 400, "left": 250})
    assert words(action_refusal(r, 0, Action.DOUBLE)) == "Not enough chips to double: 4 needed, 2.50 left."
    assert words(action_refusal(r, 0, Action.SPLIT)) == "Only two cards of the same value can be split."


def test_split_without_the_chips_and_double_after_three_cards() -> None:
    r = one_seat("8S 9H 8D 7C", bankroll=300, bet=400)
    assert action_refusal(r, 0, Action.SPLIT) == Refusal(RuleCode.SPLIT_SHORT, {"needed": 400, "left": 300})
    assert words(action_refusal(r, 0, Action.SPLIT)) == "Not enough chips to split: 4 needed, 3 left."
    r = one_seat("2S 9H 3D 7C 4S", bankroll=5_000)
    r.act(Action.HIT)
    assert action_refusal(r, 0, Action.DOUBLE) == Refusal(RuleCode.DOUBLE_FIRST_TWO)
    assert words(action_refusal(r, 0, Action.DOUBLE)) == "Double only on a hand's first two cards."


def test_no_more_cards_on_21_and_no_turn_after_the_round() -> None:
    r = one_seat("TS 9H 5D 7C 6S", bankroll=5_000)
    r.act(Action.HIT)  # T 5 6 = 21: the hand closes by itself
    assert action_refusal(r, 0, Action.HIT) == Refusal(RuleCode.WAIT_TURN)
    assert words(action_refusal(r, 0, Action.HIT)) == "Wait for your turn."


def test_a_fifth_hand_is_refused_by_the_hand_limit() -> None:
    rules = Rules(max_hands=2)
    r = one_seat("8S 9H 8D 7C 8C 8H", bankroll=50_000, rules=rules)
    r.act(Action.SPLIT)
    assert action_refusal(r, 0, Action.SPLIT) == Refusal(RuleCode.SPLIT_MAX_HANDS, {"hands": 2})
    assert words(action_refusal(r, 0, Action.SPLIT)) == "At most 2 hands per seat: no more splits."
