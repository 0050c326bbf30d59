"""A draw-poker hand as immutable steps (RULES.md section 4), with stacked decks."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.core.cards import Shoe, parse_cards
from cardtable.core.poker import JACKS_OR_BETTER_9_6, HandCategory
from cardtable.core.poker_hand import DrawHand, Phase, StepOutOfOrder
from cardtable.core.poker_machines import PayHand

COIN = 500  # 5 chips, in hundredths


def dealt(deck_text: str, coins: int = 1, rounds: int = 1) -> DrawHand:
    return DrawHand.new(COIN, rounds).bet(coins).deal(Shoe.stacked(deck_text))


def test_full_hand_with_one_exchange() -> None:
    # Dealt: a pair of jacks; exchange the three others and draw a third jack.
    deck = Shoe.stacked("JS JD 4H 7C 9S  JH 2D 3S  KC")
    hand = DrawHand.new(COIN)
    assert hand.phase is Phase.BETTING and hand.stake == 0
    hand = hand.bet(2)
    assert hand.phase is Phase.READY and hand.stake == 1000
    hand = hand.deal(deck)
    assert hand.phase is Phase.DRAWING
    assert hand.cards == tuple(parse_cards("JS JD 4H 7C 9S"))
    assert hand.exchanges_left == 1
    hand = hand.exchange([2, 3, 4])
    assert hand.phase is Phase.SHOWDOWN
    assert hand.cards == tuple(parse_cards("JS JD JH 2D 3S"))
    assert hand.replaced == (2, 3, 4)
    assert deck.remaining == 1  # the king was never needed
    hand = hand.settle()
    assert hand.phase is Phase.SETTLED
    assert hand.value is not None and hand.value.category is HandCategory.THREE_OF_A_KIND
    assert hand.winning_category is PayHand.THREE_OF_A_KIND
    assert hand.payout_coins == 6          # 3 per coin, 2 coins
    assert hand.returned == 3000           # 6 coins of 5 chips
    assert hand.net == 2000
    assert not hand.deck_ran_out


def test_exchange_keeps_unchosen_positions_and_order() -> None:
    hand = dealt("AS 2D 3H 4C 5S  KH QH").exchange([1, 3])
    assert hand.cards == tuple(parse_cards("AS KH 3H QH 5S"))
    assert hand.replaced == (1, 3)


def test_positions_are_replaced_left_to_right_whatever_order_given() -> None:
    hand = dealt("AS 2D 3H 4C 5S  KH QH").exchange([3, 1])
    assert hand.cards == tuple(parse_cards("AS KH 3H QH 5S"))


def test_exchange_nothing_keeps_all() -> None:
    hand = dealt("AS AD 3H 4C 5S  KH").exchange([]).settle()
    assert hand.cards == tuple(parse_cards("AS AD 3H 4C 5S"))
    assert hand.payout_coins == 1  # aces pay even money: the stake back


def test_low_pair_loses_the_stake() -> None:
    hand = dealt("TS TD 3H 4C 5S").stand().settle()
    assert hand.value is not None and hand.value.category is HandCategory.ONE_PAIR
    assert hand.winning_category is None
    assert hand.payout_coins == 0 and hand.returned == 0 and hand.net == -500


def test_royal_with_five_coins_pays_800_per_coin() -> None:
    hand = dealt("TH JH QH KH 2C  AH", coins=5).exchange([4]).settle()
    assert hand.value is not None and hand.value.category is HandCategory.ROYAL_FLUSH
    assert hand.payout_coins == 4000
    assert hand.returned == 4000 * COIN


def test_fractional_coin_sizes_stay_exact() -> None:
    hand = DrawHand.new(250).bet(3).deal(Shoe.stacked("9S 9D 9H 4C KC")).stand().settle()
    assert hand.stake == 750
    assert hand.returned == 9 * 250  # trips pay 3 per coin


def test_three_exchange_rounds() -> None:
    deck = Shoe.stacked("2S 7D 9H JC KS  3S 4S  5S  6S")
    hand = DrawHand.new(COIN, exchange_rounds=3).bet(1).deal(deck)
    hand = hand.exchange([1, 2])
    assert hand.phase is Phase.DRAWING and hand.exchanges_left == 2
    assert hand.cards == tuple(parse_cards("2S 3S 4S JC KS"))
    hand = hand.exchange([3])
    assert hand.exchanges_left == 1
    hand = hand.exchange([4])
    assert hand.phase is Phase.SHOWDOWN and hand.exchanges_done == 3
    hand = hand.settle()
    assert hand.cards == tuple(parse_cards("2S 3S 4S 5S 6S"))
    assert hand.value is not None and hand.value.category is HandCategory.STRAIGHT_FLUSH
    assert hand.payout_coins == 50


def test_stand_skips_rounds_left() -> None:
    hand = dealt("2S 7D 9H JC KS", rounds=3).exchange([]).stand()
    assert hand.phase is Phase.SHOWDOWN and hand.exchanges_done == 1


def test_deck_running_out_keeps_the_card_and_says_so() -> None:
    # A short stacked deck: five dealt and only one replacement left.
    deck = Shoe.stacked("2S 7D 9H JC KS  JH")
    hand = DrawHand.new(COIN).bet(1).deal(deck).exchange([0, 1, 2])
    assert hand.cards == tuple(parse_cards("JH 7D 9H JC KS"))
    assert hand.replaced == (0,)
    assert hand.kept_no_card == (1, 2)
    assert hand.deck_ran_out
    hand = hand.settle()
    assert hand.kept_no_card == (1, 2)
    assert hand.payout_coins == 1  # the jacks still pay
    assert hand.details()["kept_no_card"] == [1, 2]


def test_deck_empty_after_deal() -> None:
    hand = dealt("2S 7D 9H JC KS").exchange([4])
    assert hand.cards == tuple(parse_cards("2S 7D 9H JC KS"))
    assert hand.replaced == () and hand.kept_no_card == (4,)


# -- out of order: clear error, nothing changed -------------------------------------------


def test_steps_out_of_order() -> None:
    new = DrawHand.new(COIN)
    deck = Shoe.stacked("AS KS QS JS TS 9S 8S")
    with pytest.raises(StepOutOfOrder, match="cannot deal now"):
        new.deal(deck)
    assert deck.remaining == 7  # nothing drawn
    for step in (lambda h: h.exchange([0]), lambda h: h.stand(), lambda h: h.settle(), lambda h: h.next_hand()):
        with pytest.raises(StepOutOfOrder):
            step(new)
    ready = new.bet(1)
    with pytest.raises(StepOutOfOrder, match="cannot bet now"):
        ready.bet(2)
    with pytest.raises(StepOutOfOrder):
        ready.exchange([0])
    with pytest.raises(StepOutOfOrder):
        ready.settle()
    drawing = ready.deal(deck)
    with pytest.raises(StepOutOfOrder, match="cannot settle now"):
        drawing.settle()
    with pytest.raises(StepOutOfOrder):
        drawing.deal(deck)
    with pytest.raises(StepOutOfOrder):
        drawing.bet(1)
    showdown = drawing.exchange([0])
    assert deck.remaining == 1
    with pytest.raises(StepOutOfOrder, match="cannot exchange now"):
        showdown.exchange([1])
    assert deck.remaining == 1  # nothing drawn by the refused step
    assert showdown.cards == tuple(parse_cards("9S KS QS JS TS"))
    settled = showdown.settle()
    with pytest.raises(StepOutOfOrder):
        settled.settle()
    with pytest.raises(StepOutOfOrder):
        settled.exchange([0])
    assert issubclass(StepOutOfOrder, ValueError)
    again = settled.next_hand()
    assert again.phase is Phase.BETTING and again.coin_size == COIN and again.cards == ()


def test_steps_leave_the_old_state_untouched() -> None:
    ready = DrawHand.new(COIN).bet(3)
    drawing = ready.deal(Shoe.stacked("AS KS QS JS 2C TS"))
    assert ready.phase is Phase.READY and ready.cards == ()
    after = drawing.exchange([4])
    assert drawing.cards == tuple(parse_cards("AS KS QS JS 2C"))
    assert drawing.phase is Phase.DRAWING
    assert after.cards[4] == parse_cards("TS")[0]
    with pytest.raises(AttributeError):
        after.coins = 5  # type: ignore[misc]


def test_stale_state_cannot_draw_twice() -> None:
    drawing = dealt("AS KS QS JS 2C TS 9S")
    drawing.exchange([4])
    with pytest.raises(StepOutOfOrder, match="older state"):
        drawing.exchange([3])


@pytest.mark.parametrize("coins", [0, 6, -1, True, 1.0, None])
def test_bad_bet(coins: object) -> None:
    hand = DrawHand.new(COIN)
    with pytest.raises(ValueError):
        hand.bet(coins)  # type: ignore[arg-type]
    assert hand.phase is Phase.BETTING


@pytest.mark.parametrize("positions", [[5], [-1], [0, 0], ["1"], "01", [True]])
def test_bad_positions(positions: object) -> None:
    deck = Shoe.stacked("AS KS QS JS 2C TS")
    hand = DrawHand.new(COIN).bet(1).deal(deck)
    with pytest.raises(ValueError):
        hand.exchange(positions)  # type: ignore[arg-type]
    assert deck.remaining == 1 and hand.phase is Phase.DRAWING


def test_bad_table_settings() -> None:
    with pytest.raises(ValueError):
        DrawHand.new(0)
    with pytest.raises(ValueError):
        DrawHand.new(5.0)  # type: ignore[arg-type]
    for rounds in (0, 4):
        with pytest.raises(ValueError):
            DrawHand.new(COIN, exchange_rounds=rounds)


def test_deal_needs_a_fresh_deck() -> None:
    deck = Shoe.stacked("AS KS QS JS 2C TS")
    deck.draw()
    with pytest.raises(ValueError, match="fresh deck"):
        DrawHand.new(COIN).bet(1).deal(deck)
    with pytest.raises(ValueError):
        DrawHand.new(COIN).bet(1).deal(Shoe.stacked("AS KS QS JS"))


def test_in_progress_between_bet_and_settlement() -> None:
    hand = DrawHand.new(COIN)
    assert not hand.in_progress
    hand = hand.bet(1)
    assert hand.in_progress
    hand = hand.deal(Shoe.stacked("AS KS QS JS 2C"))
    assert hand.in_progress
    hand = hand.stand()
    assert hand.in_progress
    hand = hand.settle()
    assert not hand.in_progress


# -- invariants over random hands --------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    rounds=st.integers(1, 3),
    coins=st.integers(1, 5),
    choices=st.lists(st.sets(st.integers(0, 4)), min_size=3, max_size=3),
)
def test_no_card_twice_and_only_chosen_cards_change(
    seed: int, rounds: int, coins: int, choices: list[set[int]]
) -> None:
    deck = Shoe(1, random.Random(seed))
    hand = DrawHand.new(COIN, rounds).bet(coins).deal(deck)
    seen = set(hand.cards)
    for chosen in choices[:rounds]:
        before = hand.cards
        hand = hand.exchange(chosen)
        for i in range(5):
            if i in chosen:
                assert hand.cards[i] not in seen  # a new card, never one seen before
            else:
                assert hand.cards[i] == before[i]
        seen.update(hand.cards)
    assert len(set(hand.cards)) == 5
    assert deck.dealt == hand.drawn == 5 + sum(len(c) for c in choices[:rounds])
    hand = hand.settle()
    assert hand.returned % COIN == 0 and hand.returned >= 0


STEPS = ("bet", "deal", "exchange", "stand", "settle", "next")


@settings(max_examples=200, deadline=None)
@given(
    steps=st.lists(st.sampled_from(STEPS), min_size=1, max_size=14),
    seed=st.integers(0, 2**16),
    rounds=st.integers(1, 3),
)
def test_random_step_sequences(steps: list[str], seed: int, rounds: int) -> None:
    """Any order of steps: a refused step raises StepOutOfOrder and moves neither hand nor deck;
    chips are conserved (returned is 0 until settlement, and then what the table pays)."""
    rng = random.Random(seed)
    hand = DrawHand.new(COIN, rounds)
    deck: Shoe | None = None
    for step in steps:
        before_remaining = deck.remaining if deck is not None else None
        before = hand
        try:
            if step == "bet":
                hand = hand.bet(rng.randint(1, 5))
            elif step == "deal":
                deck = Shoe(1, random.Random(seed)) if hand.phase is Phase.READY else deck or Shoe(1)
                hand = hand.deal(deck)
            elif step == "exchange":
                hand = hand.exchange(sorted(rng.sample(range(5), rng.randint(0, 5))))
            elif step == "stand":
                hand = hand.stand()
            elif step == "settle":
                hand = hand.settle()
            else:
                hand = hand.next_hand()
                deck = None
        except StepOutOfOrder:
            assert hand is before
            if deck is not None and before_remaining is not None:
                assert deck.remaining == before_remaining
            continue
        if hand.phase is not Phase.SETTLED:
            assert hand.returned == 0
        else:
            assert hand.value is not None
            assert hand.returned == JACKS_OR_BETTER_9_6.payout(list(hand.cards), hand.coins) * COIN
        if hand.cards:
            assert len(set(hand.cards)) == 5


def test_poker_has_one_phase_the_cores() -> None:
    """The screen and its widgets use the core's Phase; none defines a second one."""
    import ast
    from pathlib import Path

    import cardtable

    ui = Path(cardtable.__file__).parent / "ui"
    files = [*(ui / "screens").glob("poker*.py"), *(ui / "widgets" / "poker").glob("*.py")]
    defined = [
        f"{path.name}:{node.name}"
        for path in files
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ClassDef) and "Phase" in node.name
    ]
    assert len(files) > 3 and defined == []
