"""Late surrender (a Rules option, off in the house game), spot keys and the shoe's
cheap marks and clones."""

from __future__ import annotations

import random

import pytest

from cardtable.core.blackjack import (
    DOUBLE_BIT,
    HIT_BIT,
    SPLIT_BIT,
    STAND_BIT,
    SURRENDER_BIT,
    Action,
    HandOutcome,
    IllegalAction,
    Round,
    Rules,
    decode_spot,
    legal_from_mask,
)
from cardtable.core.blackjack_table import Table
from cardtable.core.cards import Shoe, full_deck, parse_cards

SURRENDER = Rules(late_surrender=True)


def deal(text: str, rules: Rules = SURRENDER, bets=(1000,)) -> Round:
    return Round(rules, Shoe.stacked(text), list(bets))


def test_house_rules_offer_no_surrender() -> None:
    assert Rules().late_surrender is False
    r = deal("TS 6H 6S 9D 5C", rules=Rules())
    assert Action.SURRENDER not in r.legal_actions()
    with pytest.raises(IllegalAction):
        r.act(Action.SURRENDER)


def test_surrender_returns_half_the_stake() -> None:
    r = deal("TS TH 6S 9D 5C")  # player 16 against a ten; dealer 19
    assert Action.SURRENDER in r.legal_actions()
    r.act(Action.SURRENDER)
    assert r.turn is None
    [[result]] = r.finish()
    assert result.outcome is HandOutcome.SURRENDER
    assert (result.stake, result.returned) == (1000, 500)
    assert r.net(0) == -500
    assert r.dealer_cards == tuple(parse_cards("TH 9D"))  # nobody left to play for: no draw


def test_surrender_only_on_the_first_two_cards() -> None:
    r = deal("TS 6H 2S 9D 3C 5C")
    r.act(Action.HIT)
    assert r.turn == (0, 0)
    assert Action.SURRENDER not in r.legal_actions()


def test_no_surrender_after_a_split() -> None:
    r = deal("8S 6H 8D 9D 2C 3C TC TD")
    r.act(Action.SPLIT)
    assert Action.SURRENDER not in r.legal_actions()


def test_a_dealer_natural_takes_a_surrendered_stake_without_peek() -> None:
    r = deal("TS AH 6S KD")
    r.act(Action.SURRENDER)
    [[result]] = r.finish()
    assert result.outcome is HandOutcome.LOSE and result.returned == 0


def test_with_peek_a_dealer_natural_ends_the_round_before_anyone_may_surrender() -> None:
    r = deal("TS AH 6S KD", rules=Rules(late_surrender=True, dealer_peeks=True))
    assert r.turn is None
    [[result]] = r.finish()
    assert result.returned == 0


def test_odd_hundredths_keep_the_half_for_the_house() -> None:
    r = deal("TS TH 6S 9D", bets=(501,))
    r.act(Action.SURRENDER)
    [[result]] = r.finish()
    assert result.returned == 250


def test_surrendered_round_is_recorded_and_resumed() -> None:
    table = Table(SURRENDER, random.Random(4))
    while True:
        rnd = table.new_round([1000])
        if Action.SURRENDER in rnd.legal_actions():
            break
        while rnd.turn is not None:
            rnd.act(Action.STAND)
        table.finish_round()
    rnd.act(Action.SURRENDER)
    resumed = Table.resume(table.record())
    assert resumed.round is not None and resumed.round.turn is None
    assert resumed.finish_round() == table.finish_round()


def test_rules_from_dict_checks_late_surrender() -> None:
    assert Rules.from_dict(SURRENDER.to_dict()) == SURRENDER
    with pytest.raises(ValueError, match="late_surrender"):
        Rules.from_dict({**SURRENDER.to_dict(), "late_surrender": "yes"})


# -- spot keys -------------------------------------------------------------------------


def test_spot_key_decodes_to_the_hand_and_the_legal_actions() -> None:
    r = deal("8S 6H 8D 9D 2C")
    spot = decode_spot(r.spot_key())
    assert (spot.total, spot.soft, spot.pair, spot.two_cards, spot.up) == (16, False, 8, True, 6)
    assert spot.legal == frozenset(r.legal_actions())
    assert spot.legal == {Action.HIT, Action.STAND, Action.DOUBLE, Action.SPLIT, Action.SURRENDER}
    r.act(Action.HIT)
    spot = decode_spot(r.spot_key())
    assert (spot.total, spot.soft, spot.pair, spot.two_cards) == (18, False, 0, False)
    assert spot.legal == {Action.HIT, Action.STAND}


def test_spot_key_of_a_soft_hand_and_an_ace_up() -> None:
    r = deal("AS AH 6D 9D", rules=Rules())
    spot = decode_spot(r.spot_key())
    assert (spot.total, spot.soft, spot.pair, spot.up) == (17, True, 0, 1)


def test_spot_key_refused_when_no_one_is_to_act() -> None:
    r = deal("AS 9H KD 7D")  # a natural closes itself
    assert r.turn is None and r.legal_mask() == 0
    with pytest.raises(IllegalAction):
        r.spot_key()


def test_legal_masks_name_their_actions() -> None:
    assert legal_from_mask(HIT_BIT | STAND_BIT) == {Action.HIT, Action.STAND}
    assert legal_from_mask(DOUBLE_BIT | SPLIT_BIT | SURRENDER_BIT) == {
        Action.DOUBLE, Action.SPLIT, Action.SURRENDER}


@pytest.mark.parametrize("seed", range(3))
def test_spot_keys_match_the_seat_view_in_random_rounds(seed: int) -> None:
    """The integer a simulator decides from says what the seat's view says."""
    rng = random.Random(seed)
    table = Table(Rules(late_surrender=bool(seed % 2), decks=2), random.Random(seed))
    for _ in range(300):
        rnd = table.new_round([1000], [rng.choice([0, 1000, 5000])])
        while rnd.turn is not None:
            spot = decode_spot(rnd.spot_key())
            view = rnd.view(0)
            assert view.hand is not None
            assert spot.legal == view.legal
            assert (spot.total, spot.soft) == (view.hand.total, view.hand.soft)
            assert spot.two_cards == (len(view.hand.cards) == 2)
            assert spot.up == min(view.dealer_up.rank, 10)
            rnd.act(rng.choice(sorted(view.legal, key=lambda a: a.value)))
        table.finish_round()


# -- the shoe --------------------------------------------------------------------------


def test_seeded_shoes_deal_as_the_old_fisher_yates_loop_did() -> None:
    """``random.shuffle`` replaced a hand-written loop: the same seed, the same shoe."""
    cards = full_deck() * 6
    rng = random.Random(12345)
    for i in range(len(cards) - 1, 0, -1):
        j = rng.randrange(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    shoe = Shoe(6, random.Random(12345))
    assert [shoe.draw() for _ in range(312)] == cards[::-1]


def test_a_mark_keeps_the_shoe_as_it_was() -> None:
    shoe = Shoe(1, random.Random(2))
    before = shoe.snapshot()
    mark = shoe.mark()
    for _ in range(10):
        shoe.draw()
    assert mark.snapshot() == before
    shoe.shuffle()
    assert mark.snapshot() == before


def test_a_clone_deals_the_same_cards_independently() -> None:
    shoe = Shoe(2, random.Random(3), cut_from_end=20)
    shoe.draw()
    twin = shoe.clone()
    assert [twin.draw() for _ in range(5)] == [shoe.draw() for _ in range(5)]
    twin.draw()
    assert twin.remaining == shoe.remaining - 1
    assert twin.cut_from_end == shoe.cut_from_end


def test_an_empty_shoe_says_so() -> None:
    from cardtable.core.cards import ShoeEmpty

    shoe = Shoe.stacked("AS")
    shoe.draw()
    with pytest.raises(ShoeEmpty):
        shoe.draw()
    assert shoe.remaining == 0 and shoe.undealt() == []
