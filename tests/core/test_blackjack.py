"""Stacked-shoe scenarios for every blackjack rule (RULES.md section 3).

Deal order with one seat: player, dealer up, player, dealer face-down, then draws.
Expected amounts are worked out by hand from the rule book, in hundredths.
"""

from __future__ import annotations

import pytest

from cardtable.core.blackjack import (
    Action,
    EventKind,
    Hand,
    HandOutcome,
    IllegalAction,
    Round,
    Rules,
)
from cardtable.core.cards import Shoe, parse_cards

H, S, D, P = Action.HIT, Action.STAND, Action.DOUBLE, Action.SPLIT


def deal(text: str, bets=(500,), bankrolls=None, rules: Rules | None = None) -> Round:
    return Round(rules or Rules(), Shoe.stacked(text), list(bets), bankrolls)


def cards(text: str):
    return tuple(parse_cards(text))


# -- deal order ---------------------------------------------------------------------


def test_deal_order_two_seats_and_hidden_card() -> None:
    r = deal("2S 3S 4S 5S 6S 7S", bets=(500, 500))
    assert r.hands(0)[0].cards == cards("2S 5S")
    assert r.hands(1)[0].cards == cards("3S 6S")
    assert r.dealer_up == parse_cards("4S")[0]
    assert r.dealer_cards == cards("4S 7S")
    deals = [e for e in r.events if e.kind is EventKind.DEAL]
    assert [(e.seat, e.card) for e in deals] == [
        (0, parse_cards("2S")[0]),
        (1, parse_cards("3S")[0]),
        (None, parse_cards("4S")[0]),
        (0, parse_cards("5S")[0]),
        (1, parse_cards("6S")[0]),
        (None, None),
    ]
    assert deals[-1].face_up is False
    # Nobody learns the face-down card before the reveal.
    for seat in (0, 1):
        v = r.view(seat)
        assert parse_cards("7S")[0] not in v.table_cards
        assert v.dealer_cards == cards("4S")
    assert r.turn == (0, 0)


# -- naturals -----------------------------------------------------------------------


def test_player_natural_pays_3_to_2_and_stands_automatically() -> None:
    r = deal("AS 9H KD 7C TC")
    assert r.turn is None
    assert r.hands(0)[0].closed
    [[res]] = r.finish()
    assert res.outcome is HandOutcome.BLACKJACK
    assert res.returned == 1250  # 5 + 7.50
    assert res.stake == 500


@pytest.mark.parametrize("bet, returned", [(700, 1750), (100, 250), (300, 750), (50_000, 125_000)])
def test_natural_on_odd_stakes_is_exact(bet: int, returned: int) -> None:
    [[res]] = deal("AS 9H KD 7C TC", bets=(bet,)).finish()
    assert res.returned == returned


def test_natural_on_an_odd_number_of_hundredths_rounds_the_half_down() -> None:
    # 1.01 chips: 3:2 is 1.515, paid as 1.51 (the house keeps the half hundredth)
    [[res]] = deal("AS 9H KD 7C TC", bets=(101,)).finish()
    assert res.returned == 101 + 151


def test_natural_against_dealer_natural_pushes() -> None:
    [[res]] = deal("AS AH KD KC").finish()
    assert res.outcome is HandOutcome.PUSH and res.returned == 500


def test_dealer_natural_beats_twenty() -> None:
    r = deal("KS AH QD KC")
    assert r.turn == (0, 0)  # no peek: the player still plays
    r.act(S)
    [[res]] = r.finish()
    assert res.outcome is HandOutcome.LOSE and res.returned == 0


def test_dealer_natural_takes_doubled_stake_in_full() -> None:
    r = deal("5S AH 6D KC 9S", bankrolls=[10_000])
    r.act(D)
    assert r.hands(0)[0].total == 20 and r.hands(0)[0].stake == 1000
    assert r.bankroll(0) == 9500
    [[res]] = r.finish()
    assert (res.stake, res.returned, res.outcome) == (1000, 0, HandOutcome.LOSE)
    assert r.bankroll(0) == 9500


def test_dealer_natural_takes_split_stakes_in_full() -> None:
    r = deal("8S AH 8D KC 3S 9S 2S", bankrolls=[10_000])
    r.act(P)
    r.act(D)  # 8+3 doubled: 8 3 9 = 20
    r.act(S)  # 8 2
    results = r.finish()[0]
    assert [x.stake for x in results] == [1000, 500]
    assert [x.returned for x in results] == [0, 0]
    assert r.bankroll(0) == 10_000 - 500 - 500  # split and double paid in, nothing back


# -- bust, dealer --------------------------------------------------------------------


def test_bust_loses_even_when_dealer_busts_later() -> None:
    # seat 0: T 6 +T bust; seat 1: T 8 stands; dealer 6 T +9 = 25 bust
    r = deal("TS TH 6D 6S 8H TD TC 9C", bets=(500, 500))
    r.act(H)
    assert r.hands(0)[0].busted and r.hands(0)[0].closed
    r.act(S)
    seat0, seat1 = r.finish()
    assert seat0[0].outcome is HandOutcome.BUST and seat0[0].returned == 0
    assert seat1[0].outcome is HandOutcome.WIN and seat1[0].returned == 1000
    assert r.dealer_cards == cards("6D TD 9C")


def test_dealer_only_reveals_when_every_hand_busted() -> None:
    shoe = Shoe.stacked("TS 6D 6S TD TC 9C")
    r = Round(Rules(), shoe, [500])
    r.act(H)
    assert r.turn is None
    r.finish()
    assert r.dealer_cards == cards("6D TD")
    assert shoe.remaining == 1
    assert [e.kind for e in r.events][-3:] == [EventKind.REVEAL, EventKind.DEALER_DONE, EventKind.PAYOUT]


def test_dealer_stands_on_soft_17() -> None:
    r = deal("TS AH 8S 6C 5D")
    r.act(S)
    [[res]] = r.finish()
    assert r.dealer_cards == cards("AH 6C")
    assert res.outcome is HandOutcome.WIN


def test_dealer_hits_soft_17_variant_full() -> None:
    r = deal("TS AH 8S 6C 5D 7H", rules=Rules(dealer_hits_soft_17=True))
    r.act(S)
    [[res]] = r.finish()
    assert r.dealer_cards == cards("AH 6C 5D 7H")  # 17s -> 12 -> 19
    assert res.outcome is HandOutcome.LOSE


def test_dealer_hits_soft_16() -> None:
    r = deal("TS AH 8S 5C 2D")
    r.act(S)
    [[res]] = r.finish()
    assert r.dealer_cards == cards("AH 5C 2D")  # soft 16 -> soft 18
    assert res.outcome is HandOutcome.PUSH and res.returned == 500


def test_dealer_stands_on_hard_17_and_draws_on_16() -> None:
    r = deal("TS TH 9S 6C AD")
    r.act(S)
    [[res]] = r.finish()
    assert r.dealer_cards == cards("TH 6C AD")  # 16 + A = 17 stands
    assert res.outcome is HandOutcome.WIN


# -- splits ------------------------------------------------------------------------


def test_split_of_king_and_ten_is_allowed() -> None:
    r = deal("KS 9H TD 7C")
    assert P in r.legal_actions()


def test_no_split_of_unequal_values() -> None:
    r = deal("KS 9H 9D 7C")
    assert P not in r.legal_actions()
    with pytest.raises(IllegalAction):
        r.act(P)


def test_split_dealing_order_first_hand_played_before_second_gets_a_card() -> None:
    r = deal("8S 9H 8D 7C 3S TC 5H TD 2C", bankrolls=[10_000])
    r.act(P)
    h = r.hands(0)
    assert h[0].cards == cards("8S 3S") and h[1].cards == cards("8D")
    assert r.turn == (0, 0)
    r.act(H)  # 8 3 T = 21: closes by itself
    assert r.hands(0)[0].closed
    assert r.hands(0)[1].cards == cards("8D 5H")
    assert r.turn == (0, 1)
    r.act(H)  # 8 5 T = 23
    assert r.turn is None
    a, b = r.finish()[0]
    # 21 after a split is not a natural: paid 1:1 against the dealer's 17
    assert (a.outcome, a.returned) == (HandOutcome.WIN, 1000)
    assert (b.outcome, b.returned) == (HandOutcome.BUST, 0)


def test_resplit_up_to_four_hands_and_no_further() -> None:
    r = deal("8S 9H 8D 7C 8H 8C 8S 2D 3D 4D 5D TD TC", bankrolls=[100_000])
    r.act(P)  # hand 0 = 8S 8H -> pair again
    assert P in r.legal_actions()
    r.act(P)  # hands: [8S 8C] [8H] [8D]
    assert len(r.hands(0)) == 3
    assert r.hands(0)[0].cards == cards("8S 8C")
    assert P in r.legal_actions()
    r.act(P)  # 4 hands: [8S 8S] [8C] [8H] [8D]
    assert len(r.hands(0)) == 4
    assert r.hands(0)[0].cards == cards("8S 8S")
    assert P not in r.legal_actions()  # fifth hand refused
    with pytest.raises(IllegalAction):
        r.act(P)
    for _ in range(4):
        r.act(S)
    assert [h.cards for h in r.hands(0)] == [
        cards("8S 8S"), cards("8C 2D"), cards("8H 3D"), cards("8D 4D")
    ]
    results = r.finish()[0]
    assert sum(x.stake for x in results) == 2000
    # dealer 9 7 5 = 21 beats all
    assert r.dealer_cards == cards("9H 7C 5D")
    assert all(x.returned == 0 for x in results)


def test_resplit_hand_goes_right_after_the_hand_it_came_from() -> None:
    r = deal("8S 9H 8D 7C 3S 8H 2C 5C", bankrolls=[100_000])
    r.act(P)  # [8S 3S] [8D]
    r.act(S)
    assert r.hands(0)[1].cards == cards("8D 8H")
    r.act(P)  # [8S 3S] [8D 2C] [8H]
    assert [h.cards for h in r.hands(0)] == [cards("8S 3S"), cards("8D 2C"), cards("8H")]
    assert r.turn == (0, 1)


def test_split_aces_get_one_card_each_close_and_cannot_resplit() -> None:
    r = deal("AS 9H AD 7C AC 5S TD", bankrolls=[100_000])
    r.act(P)
    assert r.turn is None  # both aces closed after one card each
    h = r.hands(0)
    assert h[0].cards == cards("AS AC") and h[0].closed
    assert h[1].cards == cards("AD 5S") and h[1].closed
    assert len(h) == 2  # the second ace pair was not resplit
    results = r.finish()[0]
    # dealer 9 7 = 16 + T = 26 bust: both win 1:1
    assert [x.returned for x in results] == [1000, 1000]


def test_split_aces_to_21_pays_even_money() -> None:
    r = deal("AS 9H AD TC KS 2C")
    r.act(P)
    a, b = r.finish()[0]
    assert a.cards == cards("AS KS") and not r.hands(0)[0].blackjack
    assert (a.outcome, a.returned) == (HandOutcome.WIN, 1000)  # 21 vs 19, 1:1
    assert (b.outcome, b.returned) == (HandOutcome.LOSE, 0)  # 13 vs 19


def test_split_tens_to_21_against_dealer_natural_loses() -> None:
    r = deal("TS AH KD KC AS 5S", bankrolls=[10_000])
    r.act(P)  # [T A] is 21 after a split: closes, not a natural
    assert r.hands(0)[0].closed and not r.hands(0)[0].blackjack
    r.act(S)  # [K 5] ... stands on 15
    a, b = r.finish()[0]
    assert (a.returned, b.returned) == (0, 0)


# -- doubles -----------------------------------------------------------------------


def test_double_gets_one_card_and_closes() -> None:
    r = deal("5S 9H 6D 7C 2S TD", bankrolls=[10_000])
    r.act(D)
    assert r.turn is None
    h = r.hands(0)[0]
    assert h.cards == cards("5S 6D 2S") and h.doubled and h.closed and h.stake == 1000
    [[res]] = r.finish()
    # 13 vs dealer 9 7 T = 26 bust -> win 2 units
    assert (res.outcome, res.returned) == (HandOutcome.WIN, 2000)


def test_double_only_on_two_cards() -> None:
    r = deal("2S 9H 3D 7C 2H TD")
    r.act(H)
    assert D not in r.legal_actions()
    before = (r.hands(0), r.events, r.turn)
    with pytest.raises(IllegalAction):
        r.act(D)
    assert (r.hands(0), r.events, r.turn) == before


def test_double_after_split() -> None:
    r = deal("8S 9H 8D 7C 3S TS 2D TD", bankrolls=[10_000])
    r.act(P)
    assert D in r.legal_actions()
    r.act(D)  # 8 3 T = 21
    assert r.hands(0)[0].stake == 1000 and r.hands(0)[0].closed
    assert r.turn == (0, 1)
    assert D in r.legal_actions()


def test_no_double_after_split_when_rules_forbid() -> None:
    r = deal("8S 9H 8D 7C 3S TS", rules=Rules(double_after_split=False))
    r.act(P)
    assert r.legal_actions() == {H, S}


def test_no_hit_at_21() -> None:
    r = deal("5S 9H 6D 7C TD")
    r.act(H)  # 21 closes the hand
    assert r.turn is None
    with pytest.raises(IllegalAction):
        r.act(H)


# -- money ---------------------------------------------------------------------------


def test_cannot_afford_double_or_split_is_not_offered() -> None:
    r = deal("8S 9H 8D 7C", bankrolls=[499])
    assert r.legal_actions() == {H, S}
    r = deal("8S 9H 8D 7C", bankrolls=[500])
    assert r.legal_actions() == {H, S, D, P}


def test_after_split_the_last_chips_do_not_cover_a_double() -> None:
    r = deal("8S 9H 8D 7C 3S TS", bankrolls=[500])
    r.act(P)
    assert r.bankroll(0) == 0
    assert r.legal_actions() == {H, S}
    assert r.view(0).bankroll == 0


def test_illegal_action_changes_nothing() -> None:
    shoe = Shoe.stacked("TS 9H TD 7C 5S")
    r = Round(Rules(), shoe, [500], [100])
    snapshot = (r.all_hands, r.events, r.turn, r.bankroll(0), shoe.remaining)
    for bad in (D, P):
        with pytest.raises(IllegalAction):
            r.act(bad)
    with pytest.raises(IllegalAction):
        r.act("hit")  # type: ignore[arg-type]
    with pytest.raises(IllegalAction):
        r.finish()  # players not done
    assert (r.all_hands, r.events, r.turn, r.bankroll(0), shoe.remaining) == snapshot


def test_bets_must_be_positive_ints() -> None:
    for bad in ([0], [-5], [1.5], []):
        with pytest.raises(ValueError):
            Round(Rules(), Shoe.stacked("TS 9H TD 7C"), bad)  # type: ignore[arg-type]


def test_finish_is_idempotent_and_pays_once() -> None:
    r = deal("TS 9H TD 7C 2S", bankrolls=[1000])
    r.act(S)
    first = r.finish()  # 20 against the dealer's 9 7 2 = 18
    assert r.bankroll(0) == 2000
    second = r.finish()
    assert first == second
    assert r.bankroll(0) == 2000


def test_hand_describe() -> None:
    assert Hand(cards("AS 6D"), 500).describe() == "soft 17"
    assert Hand(cards("TS 7D"), 500).describe() == "hard 17"
    assert Hand(cards("AS KD"), 500).describe() == "blackjack"
    assert Hand(cards("AS KD"), 500, from_split=True).describe() == "soft 21"
    assert Hand(cards("TS 7D 9C"), 500).describe() == "bust 26"


# -- variants and events -------------------------------------------------------------


def test_resplit_aces_only_when_the_rules_allow_it() -> None:
    r = deal("AS 9H AD 7C AC 5S 4S 3S TD", rules=Rules(resplit_aces=True), bankrolls=[10_000])
    r.act(P)
    assert r.turn == (0, 0)
    assert r.legal_actions() == {S, P}  # a split ace that drew an ace: resplit or stand
    r.act(P)  # [AS 5S] closes, [AC 4S] closes, [AD 3S] closes
    assert [h.cards for h in r.hands(0)] == [cards("AS 5S"), cards("AC 4S"), cards("AD 3S")]
    assert r.turn is None


def test_events_tell_the_story_of_a_round() -> None:
    r = deal("8S 9H 8D 7C 3S TC 5H TD 2C", bankrolls=[10_000])
    r.act(P)
    r.act(D)
    r.act(S)
    r.finish()
    kinds = [(e.kind, e.seat, e.hand) for e in r.events]
    assert kinds == [
        (EventKind.DEAL, 0, 0),
        (EventKind.DEAL, None, None),
        (EventKind.DEAL, 0, 0),
        (EventKind.DEAL, None, None),
        (EventKind.ACTION, 0, 0),  # split
        (EventKind.SPLIT, 0, 0),
        (EventKind.DEAL, 0, 0),  # 3S to the first hand
        (EventKind.ACTION, 0, 0),  # double
        (EventKind.DOUBLE, 0, 0),
        (EventKind.DEAL, 0, 0),  # TC
        (EventKind.CLOSED, 0, 0),
        (EventKind.DEAL, 0, 1),  # 5H only now
        (EventKind.ACTION, 0, 1),  # stand
        (EventKind.CLOSED, 0, 1),
        (EventKind.REVEAL, None, None),
        (EventKind.DEAL, None, None),  # TD: 9 7 T = 26
        (EventKind.DEALER_DONE, None, None),
        (EventKind.PAYOUT, 0, 0),
        (EventKind.PAYOUT, 0, 1),
    ]
    payouts = [e.amount for e in r.events if e.kind is EventKind.PAYOUT]
    assert payouts == [2000, 1000]
    assert [e.note for e in r.events if e.kind is EventKind.ACTION] == ["split", "double", "stand"]
    assert r.events[3].card is None and not r.events[3].face_up
    assert r.events[14].card == parse_cards("7C")[0]
    assert r.events[16].note == "bust"


def test_kept_states_picture_the_table_after_every_event() -> None:
    """A screen replays these pictures: each is the table right after its event, the
    face-down card hidden until the reveal, results filled in as hands are paid."""
    shoe = Shoe.stacked(parse_cards("8S 9H 8D 7C 3S TC 5H TD 2C"))
    r = Round(Rules(), shoe, [1000], [10_000], keep_states=True)
    r.act(P)
    r.act(D)
    r.act(S)
    r.finish()
    states = r.states
    assert len(states) == len(r.events) == 19
    assert [st.applied for st in states] == list(range(1, 20))
    assert states[0].seats[0][0].cards == tuple(parse_cards("8S")) and states[0].dealer == ()
    assert states[3].dealer == (parse_cards("9H")[0], None) and not states[3].revealed
    assert states[5].seats[0][1].waiting  # the second split hand waits for its card
    assert states[13].dealer[1] is None  # still hidden after the last player action
    assert states[14].revealed and states[14].dealer == tuple(parse_cards("9H 7C"))
    assert states[16].dealer_busted and not states[16].dealer_natural
    assert states[17].result(0, 0) is not None and states[17].result(0, 1) is None
    assert not states[17].finished and states[-1].finished
    assert states[-1] == r.state()
    assert all(st.turn is None or st.turn[0] == 0 for st in states)


def test_a_dealer_21_in_three_cards_is_not_a_natural() -> None:
    r = deal("TS 6H TD 5C KH")  # dealer 6 5 K = 21 in three cards; player 20 stands
    r.act(S)
    r.finish()
    state = r.state()
    assert state.dealer_total == (21, False) and not state.dealer_natural
    assert state.result(0, 0).outcome.value == "lose"


# -- the peek variant (Rules.dealer_peeks=True; not the house rule) ------------------

PEEK = Rules(dealer_peeks=True)


def test_peek_dealer_natural_ends_the_round_before_anyone_acts() -> None:
    # seat 0: 5 6 (would double), seat 1: A K natural; dealer A + K
    r = deal("5S AC AH 6D KS KC 9S", bets=(500, 500), bankrolls=[10_000, 10_000], rules=PEEK)
    assert r.turn is None and r.legal_actions() == set()
    with pytest.raises(IllegalAction):
        r.act(D)
    assert [e.note for e in r.events if e.kind is EventKind.CLOSED] == ["blackjack", "dealer blackjack"]
    seat0, seat1 = r.finish()
    # only the original stake is lost; natural against natural pushes
    assert (seat0[0].stake, seat0[0].returned, seat0[0].outcome) == (500, 0, HandOutcome.LOSE)
    assert (seat1[0].stake, seat1[0].returned, seat1[0].outcome) == (500, 500, HandOutcome.PUSH)
    assert r.bankroll(0) == 10_000 and r.bankroll(1) == 10_500
    assert r.dealer_cards == cards("AH KC")  # the dealer draws nothing more


def test_peek_ten_up_natural_also_ends_the_round() -> None:
    r = deal("9S QH 9D AC", rules=PEEK)
    assert r.turn is None
    [[res]] = r.finish()
    assert (res.returned, res.outcome) == (0, HandOutcome.LOSE)


def test_peek_without_dealer_natural_play_goes_on_and_the_hole_card_stays_hidden() -> None:
    r = deal("5S AH 6D 9C TS 7D", bankrolls=[10_000], rules=PEEK)
    assert r.turn == (0, 0) and D in r.legal_actions()
    assert all(e.card != parse_cards("9C")[0] for e in r.events)
    assert r.view(0).dealer_cards == cards("AH")
    r.act(D)  # 5 6 T = 21 doubled; dealer A 9 = 20 stands
    [[res]] = r.finish()
    assert (res.stake, res.returned, res.outcome) == (1000, 2000, HandOutcome.WIN)


def test_no_peek_house_rule_same_cards_the_player_acts_and_the_double_is_lost() -> None:
    """The counterpart of the peek test: same cards, house rules."""
    r = deal("5S AH 6D KC 9S", bankrolls=[10_000])
    assert r.turn == (0, 0)
    r.act(D)
    [[res]] = r.finish()
    assert (res.stake, res.returned) == (1000, 0)


@pytest.mark.parametrize(
    "changes",
    [
        {"decks": 0},
        {"decks": 2.5},
        {"penetration_percent": 0},
        {"penetration_percent": 101},
        {"max_hands": 0},
        {"blackjack_pays": (3, 0)},
        {"blackjack_pays": (3,)},
        {"blackjack_pays": [3, 2]},
        {"min_bet": "5"},
    ],
)
def test_rules_refuse_a_variant_the_engine_cannot_deal(changes) -> None:
    field = next(iter(changes))
    with pytest.raises(ValueError, match=field):
        Rules(**changes)
