"""The draw-poker table's rules in the core: a bet is dealt only when the bankroll
covers it (PokerTable), and the cards a paying hand lights (DrawHand.winning_positions).

(Not named test_poker_table.py: pytest's default import mode needs test basenames to
differ from tests/ui/test_poker_table_*.py.)
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable.core.cards import Shoe, parse_cards
from cardtable.core.poker import JACKS_OR_BETTER_9_6
from cardtable.core.poker_hand import DrawHand, Phase
from cardtable.core.poker_machines import JACKS_OR_BETTER
from cardtable.core.poker_table import NO_COIN, OVER_BANKROLL, BetRefused, PokerTable, Refusal
from cardtable.core.refusal import RuleCode
from cardtable.i18n.refusals import word_refusal

COIN = 500  # 5 chips, in hundredths
TABLE = PokerTable(COIN, exchange_rounds=2)


def test_a_bet_costs_its_coins() -> None:
    assert TABLE.max_coins == JACKS_OR_BETTER_9_6.max_coins == 5
    assert [TABLE.stake(n) for n in range(1, 6)] == [500, 1_000, 1_500, 2_000, 2_500]


def test_a_covered_bet_is_accepted_to_the_last_hundredth() -> None:
    assert TABLE.refusal(1, 500) is None
    assert TABLE.refusal(5, 2_500) is None
    assert TABLE.refusal(3, 100_000) is None


def test_a_bet_above_the_bankroll_is_refused_in_plain_words() -> None:
    refusal = TABLE.refusal(2, 999)
    assert refusal is OVER_BANKROLL and not refusal.refill
    assert refusal.code == RuleCode.COINS_SHORT
    assert word_refusal(refusal) == "Not enough chips for this bet: lower it with −."


def test_below_one_coin_the_refill_is_offered_whatever_the_bet() -> None:
    for coins in (1, 3, 5):
        refusal = TABLE.refusal(coins, 499)
        assert refusal is NO_COIN and refusal.refill
    assert word_refusal(NO_COIN) == "Your bankroll cannot cover one coin: Enter offers the free refill."
    assert TABLE.refusal(1, 0) is NO_COIN


@pytest.mark.parametrize("coins", [0, 6, -1, True, 2.0, "2"])
def test_a_bet_off_the_machine_is_refused(coins: object) -> None:
    refusal = TABLE.refusal(coins, 100_000)  # type: ignore[arg-type]
    assert isinstance(refusal, Refusal) and not refusal.refill
    assert refusal.code == RuleCode.COINS_RANGE and refusal.params["most"] == 5
    assert word_refusal(refusal).startswith("The machine takes 1 to 5 coins")


@given(
    coin=st.integers(1, 10_000),
    coins=st.integers(1, 5),
    bankroll=st.integers(0, 100_000),
)
def test_refusal_is_exactly_the_money_rule(coin: int, coins: int, bankroll: int) -> None:
    table = PokerTable(coin)
    refusal = table.refusal(coins, bankroll)
    if coin > bankroll:
        assert refusal is NO_COIN
    elif coins * coin > bankroll:
        assert refusal is OVER_BANKROLL
    else:
        assert refusal is None


def test_deal_bets_and_deals_an_accepted_bet() -> None:
    hand = TABLE.deal(3, 1_500, Shoe.stacked("JS JD 4H 7C 9S"))
    assert hand.phase is Phase.DRAWING
    assert hand.cards == tuple(parse_cards("JS JD 4H 7C 9S"))
    assert (hand.coins, hand.stake, hand.coin_size, hand.exchange_rounds) == (3, 1_500, COIN, 2)
    assert hand.pay_table is JACKS_OR_BETTER_9_6 is JACKS_OR_BETTER  # the house machine, one object


@pytest.mark.parametrize(("coins", "bankroll", "refusal"), [(3, 1_499, OVER_BANKROLL), (1, 0, NO_COIN)])
def test_deal_refuses_before_a_card_leaves_the_deck(coins: int, bankroll: int, refusal: Refusal) -> None:
    deck = Shoe.stacked("JS JD 4H 7C 9S")
    with pytest.raises(BetRefused) as raised:
        TABLE.deal(coins, bankroll, deck)
    assert raised.value.refusal is refusal
    assert raised.value.refusal is refusal
    assert isinstance(raised.value, ValueError)
    assert deck.dealt == 0


def test_new_hand_waits_for_its_bet_at_this_table() -> None:
    hand = TABLE.new_hand()
    assert hand.phase is Phase.BETTING
    assert (hand.coin_size, hand.exchange_rounds) == (COIN, 2)


@pytest.mark.parametrize(("coin", "rounds"), [(0, 1), (-500, 1), (500, 0), (500, 4)])
def test_a_table_with_a_bad_coin_or_rounds_cannot_be_set_up(coin: int, rounds: int) -> None:
    with pytest.raises(ValueError):
        PokerTable(coin, rounds)


def settled(deck: str, exchange: tuple[int, ...] = ()) -> DrawHand:
    hand = PokerTable(COIN).deal(1, 500, Shoe.stacked(deck))
    hand = hand.exchange(exchange) if exchange else hand.stand()
    return hand.settle()


@pytest.mark.parametrize(
    ("deck", "exchange", "lit"),
    [
        ("JS JD 4H 7C 9S", (), (0, 1)),  # jacks or better: the pair
        ("KS KD 5H 2C 9S  5C 8D", (3, 4), (0, 1, 2, 3)),  # two pair: not the kicker
        ("4S 9D 4H 4C KS", (), (0, 2, 3)),  # three of a kind
        ("2H 3H 4H 5H 6H", (), (0, 1, 2, 3, 4)),  # straight flush: all five
        ("9S 9D 9H 9C 2S", (), (0, 1, 2, 3, 4)),  # four of a kind: from a straight up, all five
        ("TS TD 3H 4C 5S", (), ()),  # a low pair pays nothing: nothing lit
        ("2S 7D 9H JC KS", (), ()),
    ],
)
def test_the_cards_of_the_paying_hand(deck: str, exchange: tuple[int, ...], lit: tuple[int, ...]) -> None:
    assert settled(deck, exchange).winning_positions == lit


def test_nothing_is_lit_before_the_settlement() -> None:
    hand = TABLE.deal(1, 500, Shoe.stacked("JS JD 4H 7C 9S"))
    assert hand.winning_positions == ()
