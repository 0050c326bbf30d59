"""The multi-round blackjack table: one shoe across rounds, cut card, cards seen."""

from __future__ import annotations

import random

import pytest

from cardtable.core.blackjack import Action, Rules
from cardtable.core.blackjack_table import Table
from cardtable.core.cards import Shoe, parse_cards
from cardtable.core.refusal import Refusal, RuleCode
from cardtable.i18n.refusals import word_refusal


def test_default_shoe_is_six_decks_cut_at_75_percent() -> None:
    t = Table(rng=random.Random(1))
    assert t.shoe.size == 312
    assert t.shoe.cut_from_end == 78  # 25 % of 312 behind the cut card
    assert Rules().cut_from_end == 78


def _play_round(t: Table, bets=(500,)) -> None:
    r = t.new_round(list(bets))
    while r.turn is not None:
        r.act(Action.STAND)
    t.finish_round()


def test_reshuffles_before_the_round_after_the_cut_card() -> None:
    t = Table(rng=random.Random(5))
    rounds_before_cut = 0
    while not t.cut_card_reached:
        _play_round(t, bets=(500, 500, 500))
        rounds_before_cut += 1
        assert t.shuffles == 0
    # the round in which the cut card came out was completed; the shoe is only
    # reshuffled when the next round starts
    assert t.shoe.remaining <= 78
    assert len(t.seen_since_shuffle) == 312 - t.shoe.remaining
    t.new_round([500])
    assert t.shuffles == 1 and t.just_shuffled
    assert t.round is not None
    dealt_now = len(t.round.cards_dealt())
    assert t.shoe.remaining == 312 - dealt_now
    assert t.round.view(0).seen_since_shuffle == t.round.face_up_cards()
    assert t.view(0) == t.round.view(0)
    assert rounds_before_cut > 5


def test_cards_seen_accumulate_across_rounds_and_include_the_revealed_card() -> None:
    shoe = Shoe.stacked("TS 9H TD 7C 5S " "2S 3H 4D 5C TC 9C")
    t = Table(shoe=shoe)
    r1 = t.new_round([500])
    r1.act(Action.STAND)
    t.finish_round()
    assert t.seen_since_shuffle == tuple(parse_cards("TS TD 9H 7C 5S"))
    r2 = t.new_round([500])
    v = r2.view(0)
    assert v.seen_since_shuffle == tuple(parse_cards("TS TD 9H 7C 5S 2S 4D 3H"))
    assert parse_cards("5C")[0] not in v.table_cards  # the new face-down card


def test_new_round_refused_while_one_is_open_and_void_round_keeps_seen_cards() -> None:
    t = Table(shoe=Shoe.stacked("TS 9H TD 7C 5S 2S 3H 4D 5C"))
    t.new_round([500])
    with pytest.raises(RuntimeError):
        t.new_round([500])
    t.void_round()
    # the face-down card was never seen
    assert t.seen_since_shuffle == tuple(parse_cards("TS TD 9H"))
    t.new_round([500])


def test_a_shoe_that_runs_out_in_the_deal_is_shuffled_and_the_round_dealt_again() -> None:
    # nines and tens only: every round takes exactly four cards (nobody draws)
    shoe = Shoe.stacked("TS TH TD TC 9S 9H 9D", rng=random.Random(2))
    t = Table(shoe=shoe)
    for expected_shuffles in (0, 1, 2):
        r = t.new_round([500])
        assert t.shuffles == expected_shuffles
        assert len(r.cards_dealt()) == 4
        assert r.view(0).seen_since_shuffle == r.face_up_cards()[: 3]
        r.act(Action.STAND)
        t.finish_round()


def test_a_shoe_smaller_than_a_deal_raises() -> None:
    from cardtable.core.cards import ShoeEmpty

    t = Table(shoe=Shoe.stacked("TS 9H 9D"))
    with pytest.raises(ShoeEmpty):
        t.new_round([500])


def test_a_bet_equal_to_the_bankroll_is_taken_and_one_chip_more_is_not() -> None:
    """The whole bankroll may be bet (RULES.md §1: the stake must be covered, no more)."""
    table = Table(Rules(min_bet=500, max_bet=50_000))
    assert table.refusal(2_000, 2_000) is None
    assert table.refusal(2_001, 2_000) == Refusal(RuleCode.BET_OVER_BANKROLL, {"bankroll": 2_000, "amount": 2_001})
    assert word_refusal(Refusal(RuleCode.BET_OVER_BANKROLL, {"bankroll": 2_000, "amount": 2_001})) == \
        "Your bankroll (20) cannot cover a bet of 20.01."
    assert table.refusal(500, 499) == Refusal(RuleCode.BET_OVER_BANKROLL, {"bankroll": 499, "amount": 500})
    assert table.refusal(400, 5_000) == Refusal(RuleCode.BET_LIMITS, {"min": 500, "max": 50_000})
