"""Computer players and the hint: levels, chart cells, fallbacks, legality, secrecy."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.ai.blackjack import (
    EasyPlayer,
    HardPlayer,
    NormalPlayer,
    Player,
    chart_is_cached,
    chart_ready,
    explain,
    hint,
    player_for,
    recommend,
)
from cardtable.core.blackjack import Action, Round, Rules
from cardtable.core.cards import Card, Shoe, full_deck, parse_cards

HOUSE = Rules()
FILLER = " ".join(["2C 3D 4H 5S"] * 20)
EVERYTHING = frozenset(Action)


def deal(player: str, up: str, draws: str = "", hole: str = "9C", bankroll: int | None = None) -> Round:
    """A one-seat round: the player's two cards, the dealer's up and hole cards, then draws."""
    first, second = player.split()
    cards = f"{first} {up} {second} {hole} {draws} {FILLER}"
    return Round(HOUSE, Shoe.stacked(cards), [1_000], None if bankroll is None else [bankroll])


def decision(player: object, rnd: Round) -> Action:
    return player.decide(rnd.view(0))  # type: ignore[attr-defined]


# -- the levels ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "up", "expected"),
    [
        ("TS 6D", "7H", Action.HIT),  # 16
        ("TS 7D", "7H", Action.STAND),  # 17
        ("AS 6D", "7H", Action.STAND),  # soft 17: "below 17" is by total
        ("5S 6D", "6H", Action.HIT),  # 11: never doubles
        ("8S 8D", "6H", Action.HIT),  # 16: never splits
        ("AS AD", "6H", Action.HIT),  # soft 12
    ],
)
def test_easy_hits_below_17_and_never_doubles_or_splits(cards: str, up: str, expected: Action) -> None:
    assert decision(EasyPlayer(), deal(cards, up)) is expected


@pytest.mark.parametrize(
    ("cards", "up", "normal", "hard"),
    [
        # where the published (peek) chart and our no-peek rules part ways
        ("5S 6D", "KH", Action.DOUBLE, Action.HIT),
        ("8S 8D", "TH", Action.SPLIT, Action.HIT),
        ("8S 8D", "AH", Action.SPLIT, Action.HIT),
        ("AS AD", "AH", Action.SPLIT, Action.HIT),
        # and where they agree
        ("8S 8D", "9H", Action.SPLIT, Action.SPLIT),
        ("5S 6D", "9H", Action.DOUBLE, Action.DOUBLE),
        ("TS 6D", "TH", Action.HIT, Action.HIT),
        ("TS 2D", "3H", Action.HIT, Action.HIT),
        ("TS 2D", "4H", Action.STAND, Action.STAND),
        ("AS 7D", "3H", Action.DOUBLE, Action.DOUBLE),
        ("AS 7D", "2H", Action.STAND, Action.STAND),
        ("AS 7D", "9H", Action.HIT, Action.HIT),
        ("9S 9D", "7H", Action.STAND, Action.STAND),
        ("4S 4D", "5H", Action.SPLIT, Action.SPLIT),
        ("5S 5D", "9H", Action.DOUBLE, Action.DOUBLE),
        ("TS QD", "6H", Action.STAND, Action.STAND),
    ],
)
def test_normal_plays_the_published_chart_and_hard_the_derived_one(
    cards: str, up: str, normal: Action, hard: Action
) -> None:
    rnd = deal(cards, up)
    assert decision(NormalPlayer(), rnd) is normal
    assert decision(HardPlayer(), rnd) is hard
    assert recommend(HOUSE, parse_cards(cards), Card.parse(up), rnd.legal_actions()) is hard


# -- fallbacks -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "up", "expected"),
    [
        ("5S 6D", "6H", Action.HIT),  # Dh -> hit
        ("AS 6D", "4H", Action.HIT),  # soft 17: Dh -> hit
        ("AS 7D", "4H", Action.STAND),  # soft 18: Ds -> stand
        ("8S 8D", "6H", Action.STAND),  # split -> hard 16 against a 6
        ("6S 6D", "2H", Action.HIT),  # split -> hard 12 against a 2
        ("AS AD", "6H", Action.HIT),  # split -> soft 12
    ],
)
def test_fallbacks_when_the_seat_cannot_afford_double_or_split(cards: str, up: str, expected: Action) -> None:
    rnd = deal(cards, up, bankroll=0)
    assert rnd.legal_actions() <= {Action.HIT, Action.STAND}
    for player in (NormalPlayer(), HardPlayer()):
        assert decision(player, rnd) is expected


@pytest.mark.parametrize(
    ("cards", "up", "expected"),
    [
        ("2S 3D 6C", "6H", Action.HIT),  # hard 11 of three cards: no double
        ("AS 2D 4C", "4H", Action.HIT),  # soft 17: Dh -> hit
        ("AS 2D 5C", "4H", Action.STAND),  # soft 18: Ds -> stand
        ("TS 2D 4C", "TH", Action.HIT),  # hard 16
        ("4S 4D 4C", "6H", Action.STAND),  # hard 12 against a 6, not a pair any more
    ],
)
def test_hands_of_three_cards_use_the_total_rows(cards: str, up: str, expected: Action) -> None:
    first, second, third = cards.split()
    rnd = deal(f"{first} {second}", up, draws=third)
    rnd.act(Action.HIT)
    assert len(rnd.hands(0)[0].cards) == 3
    for player in (NormalPlayer(), HardPlayer()):
        assert decision(player, rnd) is expected


def test_resplits_to_four_hands_then_plays_the_total() -> None:
    # 8s against a 6: split, split again, again; the fourth 8 cannot be split (4 hands)
    rnd = deal("8S 8D", "6H", draws="8C 8H 8S TC 2D TD 3C TH", hole="TS")
    actions = []
    while rnd.turn is not None:
        action = decision(HardPlayer(), rnd)
        actions.append((rnd.turn[1], action, rnd.hands(0)[rnd.turn[1]].describe()))
        rnd.act(action)
    assert len(rnd.hands(0)) == 4
    assert actions[:3] == [(0, Action.SPLIT, "hard 16")] * 3
    assert actions[3] == (0, Action.STAND, "hard 16")  # 8-8 with four hands: hard 16 v 6


# -- legality ----------------------------------------------------------------------------


def test_players_only_choose_legal_actions_over_many_rounds() -> None:
    """Random shoes, three seats: the round raises IllegalAction on any illegal answer."""
    rng = random.Random(7)
    players: list[Player] = [EasyPlayer(), NormalPlayer(), HardPlayer()]
    seen = set()
    for _ in range(400):
        shoe = Shoe(6, rng)
        rnd = Round(HOUSE, shoe, [1_000] * 3, [rng.choice([0, 1_000, 5_000])] * 3)
        while rnd.turn is not None:
            seat = rnd.turn[0]
            action = players[seat].decide(rnd.view(seat))
            assert action in rnd.legal_actions()
            seen.add((players[seat].level, action))
            rnd.act(action)
        rnd.finish()
    assert ("hard", Action.SPLIT) in seen and ("normal", Action.DOUBLE) in seen
    assert ("easy", Action.DOUBLE) not in seen and ("easy", Action.SPLIT) not in seen


_cards = st.builds(Card.parse, st.sampled_from([f"{r}{s}" for r in "A23456789TJQK" for s in "SHDC"]))


@given(
    hand=st.lists(_cards, min_size=2, max_size=6),
    up=_cards,
    extra=st.sets(st.sampled_from([Action.HIT, Action.DOUBLE, Action.SPLIT])),
)
@settings(max_examples=300, deadline=None)
def test_recommend_always_answers_a_legal_action(hand: list[Card], up: Card, extra: set[Action]) -> None:
    legal = {Action.STAND} | extra
    assert recommend(HOUSE, hand, up, legal) in legal
    assert explain(HOUSE, hand, up, legal)


def test_no_answer_when_not_to_act() -> None:
    rnd = deal("AS KD", "6H")  # a natural closes at once
    assert rnd.turn is None
    with pytest.raises(ValueError):
        HardPlayer().decide(rnd.view(0))
    with pytest.raises(ValueError):
        recommend(HOUSE, parse_cards("TS 6D"), Card.parse("TH"), set())
    with pytest.raises(ValueError):
        player_for("expert")
    assert [player_for(level).level for level in ("easy", "normal", "hard")] == ["easy", "normal", "hard"]


# -- the hint ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "up", "legal", "text"),
    [
        ("5S 6D", "6H", EVERYTHING, "Double — hard 11 against a 6"),
        ("5S 6D", "KH", EVERYTHING, "Hit — hard 11 against a 10"),
        ("8S 8D", "6H", EVERYTHING, "Split — pair of 8s against a 6"),
        ("8S 8D", "TH", EVERYTHING, "Hit — pair of 8s against a 10 (don't split)"),
        ("AS 7D", "8H", EVERYTHING, "Stand — soft 18 against an 8"),
        ("AS 6D", "AH", EVERYTHING, "Hit — soft 17 against an ace"),
        ("AS 7D", "4H", {Action.HIT, Action.STAND},
         "Stand — soft 18 against a 4 (the chart says double, not allowed now)"),
        ("8S 8D", "6H", {Action.HIT, Action.STAND},
         "Stand — hard 16 against a 6 (the chart says split, not allowed now)"),
        ("2S 3D 6C", "6H", {Action.HIT, Action.STAND}, "Hit — hard 11 against a 6"),
    ],
)
def test_explain_words_the_advice(cards: str, up: str, legal: set[Action], text: str) -> None:
    assert explain(HOUSE, parse_cards(cards), Card.parse(up), legal) == text


def test_hint_for_a_seat_view() -> None:
    rnd = deal("5S 6D", "6H")
    assert hint(rnd.view(0)) == (Action.DOUBLE, "Double — hard 11 against a 6")
    rnd.act(Action.DOUBLE)  # the only seat is done: nothing to advise
    with pytest.raises(ValueError):
        hint(rnd.view(0))


def test_the_cached_chart_serves_the_house_rules_only() -> None:
    assert chart_is_cached(HOUSE)
    assert chart_is_cached(Rules(min_bet=100, max_bet=100_000, penetration_percent=80))
    assert not chart_is_cached(Rules(dealer_peeks=True))
    # other rules are derived on demand: with peek, double 11 against a 10 again
    peek = Rules(dealer_peeks=True)
    assert recommend(peek, parse_cards("5S 6D"), Card.parse("TH"), EVERYTHING) is Action.DOUBLE
    assert chart_ready(peek) and chart_ready(HOUSE)


# -- secrecy -------------------------------------------------------------------------------


def _play(order: list[Card], players: list[object]) -> tuple[list[tuple[int, Action]], int, Round]:
    shoe = Shoe.stacked(order)
    rnd = Round(HOUSE, shoe, [1_000] * len(players), [5_000] * len(players))
    taken = []
    while rnd.turn is not None:
        seat = rnd.turn[0]
        action = players[seat].decide(rnd.view(seat))  # type: ignore[attr-defined]
        taken.append((seat, action))
        rnd.act(action)
    return taken, shoe.size - shoe.remaining, rnd


def test_decisions_do_not_depend_on_face_down_card_or_undealt_shoe() -> None:
    """Pairs of rounds that differ only in the face-down card and the cards not yet
    dealt: every computer decision is the same in both."""
    rng = random.Random(20261129)
    levels = [EasyPlayer(), NormalPlayer(), HardPlayer()]
    dealer_differs = 0
    decisions = 0
    for trial in range(300):
        order = full_deck() * 6
        rng.shuffle(order)
        seats = rng.randint(1, 4)
        players = [levels[(trial + s) % 3] for s in range(seats)]
        taken, used, rnd_a = _play(order, players)
        hole = 2 * seats + 1
        other = order[:]
        j = rng.choice([i for i in range(used, len(other))
                        if min(other[i].rank, 10) != min(other[hole].rank, 10)])
        other[hole], other[j] = other[j], other[hole]
        tail = other[used:]
        random.Random(trial).shuffle(tail)
        other[used:] = tail
        assert other[:hole] == order[:hole] and other[hole + 1:used] == order[hole + 1:used]
        taken_b, used_b, rnd_b = _play(other, players)
        assert taken_b == taken and used_b == used
        decisions += len(taken)
        rnd_a.finish()
        rnd_b.finish()
        dealer_differs += rnd_a.dealer_cards != rnd_b.dealer_cards
    assert dealer_differs == 300 and decisions > 300
