"""Punto banco rules (RULES.md section 2) with stacked shoes."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.core.baccarat import (
    CUT_FROM_END,
    Coup,
    Outcome,
    banker_draws,
    card_value,
    hand_total,
    needs_reshuffle,
    net_result,
    new_shoe,
    play_coup,
    settle,
    win_amount,
)
from cardtable.core.cards import Card, Shoe, Suit, parse_cards

P, B, T = Outcome.PLAYER, Outcome.BANKER, Outcome.TIE


def val(v: int, suit: Suit = Suit.CLUBS) -> Card:
    """A card worth ``v`` (0 -> a king)."""
    return Card(v if v else 13, suit)


def two_cards(total: int) -> tuple[Card, Card]:
    """Two cards that make ``total`` without being a pair of the same card."""
    return val(total, Suit.HEARTS), val(0, Suit.SPADES)


def stack(p: tuple[Card, Card], b: tuple[Card, Card], *rest: Card) -> Shoe:
    """Shoe dealing P1 B1 P2 B2 then ``rest``."""
    return Shoe.stacked([p[0], b[0], p[1], b[1], *rest])


# -- card values and deal order -------------------------------------------------------


def test_card_values() -> None:
    cards = parse_cards("AS 2H 3D 4C 5S 6H 7D 8C 9S TH JD QC KS")
    assert [card_value(c) for c in cards] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0]
    assert hand_total(parse_cards("7S 8H")) == 5
    assert hand_total(parse_cards("9S 9H 9D")) == 7
    assert hand_total(parse_cards("KS QH")) == 0


def test_deal_order_is_player_banker_player_banker() -> None:
    shoe = Shoe.stacked("AS 2H 3D 4C 6S 6H 9C 9D")
    coup = play_coup(shoe)
    # player A+3=4 draws 6S -> 0; banker 2+4=6 with player's third 6 (0-6 draws) -> 6H -> 2
    assert coup.player == tuple(parse_cards("AS 3D 6S"))
    assert coup.banker == tuple(parse_cards("2H 4C 6H"))
    assert [(h, str(c)) for h, c in coup.deal_order] == [
        (P, "AS"), (B, "2H"), (P, "3D"), (B, "4C"), (P, "6S"), (B, "6H"),
    ]
    assert (coup.player_total, coup.banker_total, coup.outcome) == (0, 2, B)
    assert shoe.remaining == 2
    assert coup.cards_used == 6
    assert coup.describe() == "P 0 (AS 3D 6S) B 2 (2H 4C 6H)"


def test_coup_is_frozen() -> None:
    coup = play_coup(Shoe.stacked("9S 2H KD KC"))
    with pytest.raises(AttributeError):
        coup.player = ()  # type: ignore[misc]


# -- naturals ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "cards, player, banker, outcome",
    [
        ("9S 3H KD KC 5S 5H", 9, 3, P),  # player natural 9: banker on 3 does not draw
        ("2S 8H KD KC 5S 5H", 2, 8, B),  # banker natural 8: player on 2 does not draw
        ("4S 4H 4D 4C 5S 5H", 8, 8, T),  # natural tie
        ("8S 9H KD KC 5S 5H", 8, 9, B),  # natural 9 beats natural 8
        ("5S 9H 4D KC 5S 5H", 9, 9, T),  # two nines
    ],
)
def test_naturals_stand(cards: str, player: int, banker: int, outcome: Outcome) -> None:
    shoe = Shoe.stacked(cards)
    coup = play_coup(shoe)
    assert len(coup.player) == 2 and len(coup.banker) == 2
    assert coup.natural
    assert (coup.player_total, coup.banker_total, coup.outcome) == (player, banker, outcome)
    assert shoe.remaining == 2


# -- the player's hand --------------------------------------------------------------------


@pytest.mark.parametrize("player_total", range(8))
def test_player_draws_on_0_to_5_stands_on_6_7(player_total: int) -> None:
    # banker 7 never draws, so the only possible third card is the player's
    shoe = stack(two_cards(player_total), two_cards(7), val(1), val(1))
    coup = play_coup(shoe)
    assert len(coup.player) == (3 if player_total <= 5 else 2)
    assert len(coup.banker) == 2
    assert not coup.natural


# -- the banker's hand --------------------------------------------------------------------


@pytest.mark.parametrize("banker_total", range(8))
def test_banker_when_player_stood_draws_on_0_to_5(banker_total: int) -> None:
    for player_total in (6, 7):
        shoe = stack(two_cards(player_total), two_cards(banker_total), val(2), val(3))
        coup = play_coup(shoe)
        assert len(coup.player) == 2
        assert len(coup.banker) == (3 if banker_total <= 5 else 2), (player_total, banker_total)
        if banker_total <= 5:
            assert coup.banker[2] == val(2)  # the banker takes the next card


#: RULES.md section 2, typed out independently of the engine:
#: player's third card value -> banker totals that draw.
BANKER_TABLE = {
    2: range(0, 5), 3: range(0, 5),
    4: range(0, 6), 5: range(0, 6),
    6: range(0, 7), 7: range(0, 7),
    8: range(0, 3),
    1: range(0, 4), 9: range(0, 4), 0: range(0, 4),
}


@pytest.mark.parametrize("third", range(10))
@pytest.mark.parametrize("banker_total", range(8))
def test_banker_third_card_table(third: int, banker_total: int) -> None:
    """Every cell of the banker's table, dealt through a stacked shoe."""
    expected = banker_total in BANKER_TABLE[third]
    for player_total in range(6):  # the player always draws on 0-5
        shoe = stack(two_cards(player_total), two_cards(banker_total), val(third, Suit.DIAMONDS), val(4))
        coup = play_coup(shoe)
        assert len(coup.player) == 3
        assert coup.player[2] == val(third, Suit.DIAMONDS)
        assert len(coup.banker) == (3 if expected else 2), (player_total, banker_total, third)
        assert [h for h, _ in coup.deal_order] == [P, B, P, B, P] + ([B] if expected else [])
        assert banker_draws(banker_total, third) is expected


def test_third_card_a_ten_counts_as_zero() -> None:
    # player 4 draws a queen (0): banker on 3 draws, on 4 stands
    coup = play_coup(Shoe.stacked("2S 3H 2D KC QS 6H"))
    assert len(coup.banker) == 3
    coup = play_coup(Shoe.stacked("2S 4H 2D KC QS 6H"))
    assert len(coup.banker) == 2


@pytest.mark.parametrize(
    "cards, totals, outcome",
    [
        ("3S 2H 2D 5C 9S 6H", (4, 7), B),  # P 5 draws 9 -> 4; B 7 stands
        ("KS 5H 6D KC 2S 4H", (6, 7), B),  # P 6 stands; B 5 draws 2 -> 7
        ("KS 5H 7D KC 9S", (7, 4), P),  # P 7 stands; B 5 draws 9 -> 4
        ("AS 5H 4D KC 5S 5D", (0, 0), T),  # P 5 draws 5 -> 0; B 5 (third 5: 0-5) draws 5 -> 0
    ],
)
def test_outcomes_after_draws(cards: str, totals: tuple[int, int], outcome: Outcome) -> None:
    coup = play_coup(Shoe.stacked(cards))
    assert (coup.player_total, coup.banker_total) == totals
    assert coup.outcome is outcome


# -- payouts ------------------------------------------------------------------------------

PLAYER_WINS = play_coup(Shoe.stacked("9S 2H KD KC"))  # natural 9 against 2
BANKER_WINS = play_coup(Shoe.stacked("2S 9H KD KC"))
TIE_COUP = play_coup(Shoe.stacked("4S 4H 4D 4C"))  # natural 8 against 8


def test_fixture_coups() -> None:
    assert (PLAYER_WINS.outcome, BANKER_WINS.outcome, TIE_COUP.outcome) == (P, B, T)


@pytest.mark.parametrize(
    "bets, coup, returned",
    [
        ({P: 500}, PLAYER_WINS, 1000),  # 1:1
        ({P: 500}, BANKER_WINS, 0),
        ({P: 500}, TIE_COUP, 500),  # push
        ({B: 500}, BANKER_WINS, 975),  # 0.95:1: 5 chips win 4.75
        ({B: 700}, BANKER_WINS, 1365),  # odd stake: 7 chips win 6.65
        ({B: 100}, BANKER_WINS, 195),
        ({B: 2300}, BANKER_WINS, 4485),  # 23 chips win 21.85
        ({B: 50000}, BANKER_WINS, 97500),
        ({B: 500}, PLAYER_WINS, 0),
        ({B: 500}, TIE_COUP, 500),  # push
        ({T: 500}, TIE_COUP, 4500),  # 8:1 -> 9 times the stake back
        ({T: 500}, PLAYER_WINS, 0),
        ({T: 500}, BANKER_WINS, 0),
        ({P: 1000, B: 300, T: 200}, TIE_COUP, 1000 + 300 + 1800),
        ({P: 1000, B: 300, T: 200}, PLAYER_WINS, 2000),
        ({P: 1000, B: 300, T: 200}, BANKER_WINS, 585),
        ({}, PLAYER_WINS, 0),
        ({P: 0, B: 0, T: 0}, TIE_COUP, 0),
    ],
)
def test_settle(bets: dict[Outcome, int], coup: Coup, returned: int) -> None:
    assert settle(bets, coup) == returned
    assert net_result(bets, coup) == returned - sum(bets.values())


@pytest.mark.parametrize(
    "stake, returned",
    [(1, 1), (15, 29), (19, 37), (20, 39), (99, 193), (101, 196)],
)
def test_banker_odd_hundredths_round_down(stake: int, returned: int) -> None:
    """Not whole chips: the 0.95 win is rounded down to the hundredth (house keeps it)."""
    assert settle({B: stake}, BANKER_WINS) == returned


@given(st.integers(min_value=1, max_value=10_000))
def test_banker_pays_exactly_on_whole_chips(whole_chips: int) -> None:
    stake = whole_chips * 100
    win = win_amount(B, stake)
    assert win * 100 == 95 * stake  # exact, nothing rounded away
    assert settle({B: stake}, BANKER_WINS) == stake + Fraction(95, 100) * stake


@given(st.integers(min_value=0, max_value=10**9))
def test_banker_rounding_is_floor(stake: int) -> None:
    exact = Fraction(95, 100) * stake
    assert win_amount(B, stake) == exact.numerator // exact.denominator
    assert 0 <= exact - win_amount(B, stake) < Fraction(1)


@pytest.mark.parametrize("bad", [-1, 1.5, "5", True])
def test_settle_rejects_bad_stakes(bad: object) -> None:
    with pytest.raises(ValueError):
        settle({P: bad}, PLAYER_WINS)  # type: ignore[dict-item]


def test_settle_rejects_unknown_spot() -> None:
    with pytest.raises(ValueError):
        settle({"player": 100}, PLAYER_WINS)  # type: ignore[dict-item]


# -- the shoe and the cut card ------------------------------------------------------------


@pytest.mark.parametrize("decks", [4, 6, 8])
def test_new_shoe_sizes_and_cut_card(decks: int) -> None:
    shoe = new_shoe(decks, random.Random(3))
    assert shoe.remaining == 52 * decks
    assert shoe.cut_from_end == CUT_FROM_END == 16
    assert not needs_reshuffle(shoe)


@pytest.mark.parametrize("decks", [1, 5, 7, 0])
def test_new_shoe_rejects_other_sizes(decks: int) -> None:
    with pytest.raises(ValueError):
        new_shoe(decks)


def test_cut_card_coup_is_completed_then_reshuffle() -> None:
    # 22 cards, cut card 16 from the end: it comes out during the second coup
    first = parse_cards("9S 2H KD KC")  # natural, 4 cards -> 18 left
    second = parse_cards("AS 2H 3D 4C 6S 6H")  # 6 cards: the cut card appears at its 3rd card
    rest = parse_cards("KH KS QH QS JH JS 7C 7D 7H 7S 8C 8D")
    shoe = Shoe.stacked(first + second + rest, random.Random(1), cut_from_end=16)
    play_coup(shoe)
    assert shoe.remaining == 18 and not needs_reshuffle(shoe)
    coup = play_coup(shoe)
    assert coup.cards_used == 6  # completed despite the cut card
    assert shoe.remaining == 12
    assert needs_reshuffle(shoe)
    shoe.shuffle()
    assert shoe.remaining == 22 and not needs_reshuffle(shoe)


def test_full_shoe_deals_until_the_cut_card() -> None:
    shoe = new_shoe(8, random.Random(11))
    coups = 0
    while not needs_reshuffle(shoe):
        before = shoe.remaining
        coup = play_coup(shoe)
        assert before - shoe.remaining == coup.cards_used
        coups += 1
    assert 16 - 5 <= shoe.remaining <= 16  # stopped right after the cut card came out
    assert 400 // 6 <= coups <= 400 // 4


@settings(max_examples=200)
@given(st.randoms(use_true_random=False))
def test_coup_invariants(rnd: random.Random) -> None:
    shoe = new_shoe(4, rnd)
    coup = play_coup(shoe)
    hands = [h for h, _ in coup.deal_order]
    assert hands[:4] == [P, B, P, B]
    assert 2 <= len(coup.player) <= 3 and 2 <= len(coup.banker) <= 3
    assert [c for h, c in coup.deal_order if h is P] == list(coup.player)
    assert [c for h, c in coup.deal_order if h is B] == list(coup.banker)
    if coup.natural:
        assert coup.cards_used == 4
    # chips are conserved: what comes back never exceeds 9x the stake and is >= 0
    bets = {P: 100, B: 200, T: 300}
    assert 0 <= settle(bets, coup) <= 9 * 300 + 200 + 100
