"""No blackjack round deals past the shoe's last card: the rest of the round comes
from a fresh shoe of the cards not on the table, and the next round from a reshuffle."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from cardtable.ai.simulate import main as simulate_main
from cardtable.core.blackjack import Action, Round, Rules
from cardtable.core.blackjack_table import Table
from cardtable.core.cards import Shoe, ShoeEmpty, parse_cards


def _stand_round(table: Table) -> None:
    r = table.new_round([500])
    while r.turn is not None:
        r.act(Action.STAND)
    table.finish_round()


def test_a_player_who_empties_the_shoe_gets_a_discard_and_the_next_round_reshuffles() -> None:
    # round 1 (four cards, then discards): you TS 9S, dealer TH 8H
    # round 2: you 2S 3S, dealer TD 7D; you hit 2H, 2D — and the shoe is empty
    first, second = parse_cards("TS TH 9S 8H"), parse_cards("2S TD 3S 7D 2H 2D")
    table = Table(shoe=Shoe.stacked(first + second, rng=random.Random(5)))
    _stand_round(table)
    r = table.new_round([500])
    r.act(Action.HIT)
    r.act(Action.HIT)
    assert table.shoe.remaining == 0 and not table.cut_card_reached
    r.act(Action.HIT)  # dealt from the fresh shoe: one of round 1's discards
    hand = r.hands(0)[0].cards
    assert len(hand) == 5 and hand[-1] in first
    assert max(Counter(r.cards_dealt()).values()) == 1  # no card on the table twice
    assert r.view(0).seen_since_shuffle == r.face_up_cards()  # the discards are back in the shoe
    assert table.shoe.remaining == 3 and table.cut_card_reached
    # kept, cloned or marked, the refilled shoe still shuffles before the next round
    assert Shoe.restore(table.shoe.snapshot()).cut_card_reached and table.shoe.clone().cut_card_reached
    assert table.shoe.mark().snapshot() == table.shoe.snapshot()
    while r.turn is not None:
        r.act(Action.STAND)
    table.finish_round()
    _stand_round(table)
    assert table.shuffles == 1 and table.just_shuffled  # every card shuffled before the next


def test_a_dealer_who_empties_the_shoe_draws_from_the_discards() -> None:
    # round 1: a push of tens; round 2: you TS 9S stand, the dealer 2D 3D draws 4C (9) and
    # then only a ten can come: the discards are all tens
    table = Table(shoe=Shoe.stacked("KS KH QS QH TS 2D 9S 3D 4C", rng=random.Random(1)))
    _stand_round(table)
    r = table.new_round([500])
    r.act(Action.STAND)
    (result,) = table.finish_round()[0]
    assert len(r.dealer_cards) == 4 and r.dealer_cards[-1].rank >= 10
    assert result.returned == result.stake  # the dealer's 19 against yours: a push


def test_with_every_card_on_the_table_the_fresh_shoe_is_a_full_one() -> None:
    r = Round(Rules(), Shoe.stacked("2S TD 3S 7D 2H", rng=random.Random(3)), [500])
    r.act(Action.HIT)
    r.act(Action.HIT)  # nothing is off the table: the round goes on from a whole new shoe
    assert len(r.hands(0)[0].cards) == 4
    with pytest.raises(ShoeEmpty):
        Round(Rules(), Shoe.stacked("2S TD 3S"), [500])  # a shoe too short for the deal still says so


def test_one_deck_five_seats_every_split_never_runs_dry() -> None:
    """Five seats that split and hit as long as they may on one deck dealt to 90 %:
    hundreds of rounds, no card dealt twice within a round."""
    rules = Rules(decks=1, penetration_percent=90)
    table = Table(rules, random.Random(11))
    dry = 0
    for _ in range(400):
        left, shuffles = table.shoe.remaining, table.shuffles
        r = table.new_round([500] * 5)
        if table.shuffles != shuffles:
            left = 52
        while r.turn is not None:
            legal = r.legal_actions()
            hand = r.hands(r.turn[0])[r.turn[1]]
            if Action.SPLIT in legal:
                r.act(Action.SPLIT)
            else:
                r.act(Action.HIT if hand.total < 19 and Action.HIT in legal else Action.STAND)
        table.finish_round()
        dry += len(r.cards_dealt()) > left  # this round emptied the shoe
        assert max(Counter(r.cards_dealt()).values()) == 1
    assert table.rounds_dealt == 400 and dry > 10


@pytest.mark.parametrize("extra", [[], ["--compare", "decks=1"]])
def test_the_simulator_on_a_one_deck_shoe_dealt_deep(extra: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """One deck cut 5 cards from the end empties the shoe within rounds again and again
    (the default 75 % needs 300,000 rounds to): the run ends with its figures."""
    argv = ["blackjack", "--decks", "1", "--penetration", "90", "--rounds", "3000", "--jobs", "1", "--seed", "2",
            "--json", *extra]
    assert simulate_main(argv) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["rounds"] == 3000
    if extra:
        assert isinstance(report["compare"]["effect"], float)
