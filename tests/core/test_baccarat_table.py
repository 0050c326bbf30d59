"""The baccarat table's betting rules and state snapshots (pure core, no screen)."""

from __future__ import annotations

import dataclasses

import pytest

from cardtable.core.baccarat import Outcome
from cardtable.core.baccarat_table import (
    BaccaratState,
    BaccaratTable,
    chip_sizes,
    result_text,
    spot_results,
)
from cardtable.core.cards import Shoe
from cardtable.core.refusal import Refusal, RuleCode
from cardtable.i18n.refusals import word_refusal

P, B, T = Outcome.PLAYER, Outcome.BANKER, Outcome.TIE

PLAYER_NATURAL = "9S 2H KD KC"  # P 9, B 2
BANKER_NATURAL = "2S 9H KD KC"  # P 2, B 9
NATURAL_TIE = "4S 4H 4D 4C"  # 8 against 8
MAX = 50_000  # the default table maximum: 500 chips per spot
RICH = 100_000


def words(refusal: Refusal | None) -> str | None:
    """A refusal (a code and its parameters) as the player reads it in English."""
    return None if refusal is None else word_refusal(refusal)


def table(*coups: str, cut: int | None = None) -> BaccaratTable:
    return BaccaratTable(Shoe.stacked(" ".join(coups), cut_from_end=cut))


def played(bets: dict[Outcome, int], coup: str = PLAYER_NATURAL) -> BaccaratTable:
    """A table whose last coup (``coup``, for ``bets``) was settled."""
    t = table(coup, BANKER_NATURAL, NATURAL_TIE)
    t.deal(bets)
    t.finish()
    return t


# -- placing chips -------------------------------------------------------------------------


def test_place_adds_chips_to_the_spots() -> None:
    t = table(PLAYER_NATURAL)
    assert t.place(P, 500, RICH, MAX) is None
    assert t.place(P, 500, RICH, MAX) is None
    assert t.place(B, 1000, RICH, MAX) is None
    assert t.placed == {P: 1000, B: 1000}
    assert t.on_table == 2000
    assert t.staked == 0  # nothing is dealt: the coup's stakes are empty


def test_the_limit_is_per_spot() -> None:
    t = table(PLAYER_NATURAL)
    assert t.place(B, 50_000, RICH * 10, MAX) is None
    limit = Refusal(RuleCode.SPOT_LIMIT, {"max": MAX, "outcome": "banker", "amount": 50_000})
    assert t.place(B, 500, RICH * 10, MAX) == limit
    assert words(t.place(B, 500, RICH * 10, MAX)) == "Refused: the limit is 500 per spot (Banker has 500)"
    assert t.placed == {B: 50_000}
    # another spot has its own limit
    assert t.place(P, 50_000, RICH * 10, MAX) is None
    assert words(t.place(T, 10_000, RICH * 10, 7_500)) == "Refused: the limit is 75 per spot (Tie has 0)"


def test_the_bankroll_must_cover_every_bet_on_the_layout() -> None:
    t = table(PLAYER_NATURAL)
    assert t.place(P, 500, 1000, MAX) is None
    assert t.place(T, 500, 1000, MAX) is None
    refusal = t.place(B, 500, 1000, MAX)
    assert refusal == Refusal(RuleCode.CHIP_OVER_BANKROLL, {"bankroll": 1_000, "amount": 500, "staked": 1_000})
    assert words(refusal) == "Refused: your bankroll of 10 cannot cover another 5 (on the table 10)"
    assert t.placed == {P: 500, T: 500}  # a refusal changes nothing
    assert words(t.place(B, 500, 1050, MAX)) == (
        "Refused: your bankroll of 10.50 cannot cover another 5 (on the table 10)"
    )


def test_the_limit_is_checked_before_the_bankroll() -> None:
    t = table(PLAYER_NATURAL)
    assert words(t.place(P, 60_000, 100, MAX)) == "Refused: the limit is 500 per spot (Player has 0)"


def test_a_chip_is_worth_something() -> None:
    t = table(PLAYER_NATURAL)
    with pytest.raises(ValueError):
        t.place(P, 0, RICH, MAX)
    with pytest.raises(ValueError):
        t.place(P, -500, RICH, MAX)


def test_take_back_one_chip_or_what_is_left() -> None:
    t = table(PLAYER_NATURAL)
    t.place(P, 2500, RICH, MAX)
    assert t.take_back(P, 1000)
    assert t.placed == {P: 1500}
    assert t.take_back(P, 5000)  # less than a chip left: all of it comes back
    assert t.placed == {}
    assert not t.take_back(P, 500)  # nothing there
    assert not t.take_back(B, 500)
    assert t.state().bets == {}


def test_clear_takes_every_bet_back() -> None:
    t = table(PLAYER_NATURAL)
    t.place(P, 500, RICH, MAX)
    t.place(T, 500, RICH, MAX)
    t.clear()
    assert t.placed == {} and t.on_table == 0
    assert not t.state().can_clear


# -- repeating the last coup's bets ----------------------------------------------------------


def test_repeat_needs_a_last_coup() -> None:
    t = table(PLAYER_NATURAL)
    assert words(t.repeat(RICH)) == "No last bets to repeat"
    assert t.placed == {}


def test_repeat_puts_the_last_bets_back_in_place_of_those_placed() -> None:
    t = played({P: 1000, T: 500})
    assert t.last_bets == {P: 1000, T: 500}
    t.place(B, 500, RICH, MAX)
    assert t.repeat(RICH) is None
    assert t.placed == {P: 1000, T: 500}
    assert t.state().can_repeat  # r places them again and deals: still on offer


def test_repeat_is_refused_when_the_bankroll_shrank() -> None:
    t = played({P: 50_000, T: 40_000})
    t.place(B, 500, RICH, MAX)
    assert words(t.repeat(10_000)) == "Refused: your bankroll of 100 cannot cover the last bets (900)"
    assert t.placed == {B: 500}  # unchanged
    assert t.result_shown is False  # the next coup's betting had begun with the chip on Banker


# -- the result on the layout -------------------------------------------------------------


def test_the_result_stays_on_the_layout_until_the_next_bets() -> None:
    t = played({P: 500})
    assert t.result_shown and t.state().result_shown
    assert t.place(P, 500, RICH, MAX) is None
    assert not t.result_shown
    t.take_back(P, 500)  # back to no bets: the result does not come back
    assert not t.state().result_shown
    t2 = played({P: 500})
    assert t2.repeat(RICH) is None
    assert not t2.result_shown


def test_a_refused_chip_leaves_the_result_on_the_layout() -> None:
    t = played({P: 500})
    assert t.place(P, 500, 100, MAX) is not None
    assert t.result_shown


# -- betting is closed while a coup is on the table -----------------------------------------


def test_no_bets_while_a_coup_is_on_the_table() -> None:
    t = table(PLAYER_NATURAL, BANKER_NATURAL)
    t.place(P, 500, RICH, MAX)
    t.deal()
    assert words(t.place(B, 500, RICH, MAX)) == "No more bets: the coup on the table is not settled"
    assert words(t.repeat(RICH)) == "No more bets: the coup on the table is not settled"
    assert not t.take_back(P, 500)
    t.clear()
    assert t.placed == {P: 500}
    state = t.state()
    assert not state.betting and not state.can_deal and not state.can_clear and not state.can_repeat


# -- dealing ---------------------------------------------------------------------------------


def test_deal_next_deals_the_placed_bets() -> None:
    t = table(PLAYER_NATURAL)
    t.place(P, 1000, RICH, MAX)
    t.place(B, 500, RICH, MAX)
    assert t.deal_next(RICH, _no_shoe) is None
    assert t.coup is not None and t.bets == {P: 1000, B: 500} and t.staked == 1500
    assert t.returned() == 2000
    t.finish()
    assert t.placed == {} and t.last_bets == {P: 1000, B: 500} and t.last_coup is not None


def test_deal_next_with_nothing_placed_repeats_the_last_bets() -> None:
    t = table(PLAYER_NATURAL, BANKER_NATURAL)
    assert words(t.deal_next(RICH, _no_shoe)) == "Place a bet first"
    t.place(P, 500, RICH, MAX)
    t.deal_next(RICH, _no_shoe)
    t.finish()
    assert t.deal_next(RICH, _no_shoe) is None
    assert t.bets == {P: 500}
    assert t.coup is not None and t.coup.outcome is B


def test_deal_next_refusals() -> None:
    t = played({P: 50_000, T: 40_000})
    assert words(t.deal_next(10_000, _no_shoe)) == "Refused: your bankroll of 100 cannot cover the last bets (900)"
    t.place(P, 5_000, RICH, MAX)
    # the bankroll fell after the bets were placed (another table's coup)
    assert words(t.deal_next(4_000, _no_shoe)) == "Refused: your bankroll of 40 cannot cover these bets"
    assert t.coup is None and t.placed == {P: 5_000}


def test_deal_next_takes_a_new_shoe_at_the_cut_card() -> None:
    t = table(PLAYER_NATURAL, cut=3)
    t.place(P, 500, RICH, MAX)
    t.deal_next(RICH, _no_shoe)
    t.finish()
    assert t.needs_shoe and t.history == [P]
    assert t.deal_next(RICH, lambda: Shoe.stacked(BANKER_NATURAL)) is None
    assert t.new_shoe and t.history == []
    state = t.state()
    assert state.new_shoe and state.history == () and state.shoe_left == 0
    t.finish()
    assert t.history == [B] and not t.new_shoe


def test_deal_next_when_a_stacked_shoe_runs_dry() -> None:
    t = table("2S 3H")
    t.place(P, 500, RICH, MAX)
    assert t.deal_next(RICH, lambda: Shoe.stacked(PLAYER_NATURAL)) is None  # dealt from the new shoe
    assert t.coup is not None and t.new_shoe
    t2 = table("2S 3H")
    t2.place(P, 500, RICH, MAX)
    assert words(t2.deal_next(RICH, lambda: Shoe.stacked("2S"))) == "The shoe is empty"
    assert t2.coup is None and t2.placed == {P: 500}


def test_undo_deal_keeps_the_placed_bets() -> None:
    t = table(PLAYER_NATURAL)
    t.place(T, 500, RICH, MAX)
    t.deal()
    t.undo_deal()
    assert t.coup is None and t.bets == {} and t.placed == {T: 500}
    assert t.state().can_deal


def test_details_for_the_hand_history() -> None:
    t = table(PLAYER_NATURAL)
    t.deal({P: 1000, B: 500})
    assert t.details() == {
        "bets": {"player": 1000, "banker": 500},
        "player": ["9S", "KD"],
        "banker": ["2H", "KC"],
        "player_total": 9,
        "banker_total": 2,
        "outcome": "Player",
        "coup": "P 9 (9S KD) B 2 (2H KC)",
    }
    t.finish()
    with pytest.raises(RuntimeError):
        t.details()


# -- state snapshots ------------------------------------------------------------------------


def test_state_of_a_fresh_table() -> None:
    t = BaccaratTable(Shoe(8, cut_from_end=16))
    state = t.state()
    assert state == BaccaratState(shoe_left=416, decks=8, cut_from_end=16)
    assert state.bets == {} and state.staked == 0 and state.coup is None and state.history == ()
    assert state.betting and not state.can_deal and not state.can_clear and not state.can_repeat


def test_state_is_a_snapshot() -> None:
    t = table(PLAYER_NATURAL, BANKER_NATURAL)
    t.place(P, 500, RICH, MAX)
    before = t.state()
    t.place(P, 500, RICH, MAX)
    assert before.bets == {P: 500} and t.state().bets == {P: 1000}
    with pytest.raises(TypeError):
        before.bets[P] = 0  # type: ignore[index]
    with pytest.raises(dataclasses.FrozenInstanceError):
        before.result_shown = True  # type: ignore[misc]


def test_state_shows_the_coups_bets_while_it_is_on_the_table() -> None:
    t = table(PLAYER_NATURAL, BANKER_NATURAL, cut=2)
    t.place(P, 500, RICH, MAX)
    t.place(T, 100, RICH, MAX)
    dealt = t.deal({B: 2500})  # the bets dealt, not those placed
    state = t.state()
    assert state.coup == dealt and state.bets == {B: 2500} and state.staked == 2500
    assert state.stake(B) == 2500 and state.stake(P) == 0
    assert state.shoe_left == 4 and state.decks == 0 and state.cut_from_end == 2
    t.finish()
    state = t.state()
    assert state.coup is None and state.bets == {}  # the placed bets are cleared too
    assert state.last_coup == dealt and state.last_bets == {B: 2500} and state.result_shown
    assert state.history == (P,)
    # enter alone would place the last bets again, so c has something to clear
    assert state.can_deal and state.can_repeat and state.can_clear and state.repeat_on_deal


def test_state_flags_follow_the_bets() -> None:
    t = played({P: 500})
    state = t.state()
    assert state.can_deal and state.can_repeat and state.can_clear  # enter alone repeats; c clears that
    t.place(P, 500, RICH, MAX)
    state = t.state()
    assert state.can_deal and state.can_clear and state.can_repeat
    t.place(B, 500, RICH, MAX)
    assert t.state().can_repeat


def test_clear_also_clears_what_enter_alone_would_deal() -> None:
    """After c, the next deal does not place the last coup's bets again."""
    t = played({P: 500})
    t.clear()
    state = t.state()
    assert not state.repeat_on_deal and not state.can_deal and not state.can_clear
    assert state.can_repeat  # r still puts them back on purpose
    assert words(t.deal_next(RICH, lambda: Shoe.stacked(PLAYER_NATURAL))) == "Place a bet first"
    assert t.coup is None and t.placed == {}
    assert t.repeat(RICH) is None and t.placed == {P: 500}  # r after c: the last bets again
    assert t.state().can_deal


# -- chips and words ----------------------------------------------------------------------


def test_chip_sizes_are_whole_chips_from_the_minimum() -> None:
    assert chip_sizes(500, 50_000) == [500, 1000, 2500, 5000, 10_000, 50_000]
    assert chip_sizes(700, 10_000) == [700, 1000, 2500, 5000, 10_000]


@pytest.mark.parametrize(
    ("coup", "bets", "text", "kind"),
    [
        (PLAYER_NATURAL, {P: 1000, B: 500}, "Player wins 9 to 2 (natural) · you win +5", "win"),
        (BANKER_NATURAL, {B: 1500}, "Banker wins 9 to 2 (natural) · you win +14.25", "win"),
        (BANKER_NATURAL, {T: 500, P: 500}, "Banker wins 9 to 2 (natural) · you lose 10", "lose"),
        (NATURAL_TIE, {P: 500, B: 500, T: 500}, "Tie 8 to 8 (natural) · you win +40", "win"),
        (NATURAL_TIE, {P: 500}, "Tie 8 to 8 (natural) · push: your 5 back", "push"),
        (PLAYER_NATURAL, {P: 1000, T: 1000}, "Player wins 9 to 2 (natural) · you break even (won and lost 10)", "push"),
        ("AS 2H 3D 4C 6S 6H", {B: 500}, "Banker wins 2 to 0 · you win +4.75", "win"),
    ],
)
def test_result_text(coup: str, bets: dict[Outcome, int], text: str, kind: str) -> None:
    t = table(coup)
    dealt = t.deal(bets)
    assert result_text(dealt, bets) == (text, kind)


def test_spot_results() -> None:
    t = table(PLAYER_NATURAL)
    coup = t.deal({P: 1000, B: 500})
    assert spot_results(coup, {P: 1000, B: 500}) == {
        P: ("win", "10 won +10"),
        B: ("lose", "5 lost"),
        T: ("lose", ""),
    }
    tie = table(NATURAL_TIE).deal({P: 500})
    assert spot_results(tie, {P: 500}) == {P: ("push", "5 push"), B: ("lose", ""), T: ("win", "wins")}


def _no_shoe() -> Shoe:
    raise AssertionError("no new shoe was needed")


def test_the_last_bets_are_kept_for_the_next_visit_and_bad_ones_ignored() -> None:
    t = played({P: 1000, T: 500})
    memory = t.memory()
    assert memory == {"P": 1000, "T": 500}
    fresh = table(PLAYER_NATURAL)
    assert fresh.recall(memory, MAX)
    assert fresh.last_bets == {P: 1000, T: 500} and fresh.state().can_repeat
    assert fresh.repeat(RICH) is None and fresh.placed == {P: 1000, T: 500}
    for bad in ({"X": 5}, {"P": -5}, {"P": True}, {"P": MAX + 1}, [("P", 5)], {}, None):
        other = table(PLAYER_NATURAL)
        assert not other.recall(bad, MAX) and other.last_bets == {}


def test_the_shared_tables_layout_rule() -> None:
    """One rule for a whole layout at a shared table (server and client ask it): each
    spot within the limits, every bet covered by the bankroll."""
    from cardtable.core.baccarat_table import layout_refusal

    limits = (500, 50_000)
    assert layout_refusal({Outcome.BANKER: 500, Outcome.TIE: 500}, 1_000, *limits) is None
    limits_refused = Refusal(RuleCode.SPOT_LIMITS, {"min": 500, "max": 50_000})
    assert layout_refusal({Outcome.BANKER: 400}, 100_000, *limits) == limits_refused
    assert layout_refusal({Outcome.BANKER: 50_001}, 100_000, *limits) == limits_refused
    assert word_refusal(limits_refused) == "The table takes 5–500 per spot."
    over = layout_refusal({Outcome.BANKER: 600, Outcome.TIE: 500}, 1_000, *limits)
    assert over == Refusal(RuleCode.LAYOUT_OVER_BANKROLL, {"bankroll": 1_000, "amount": 1_100})
    assert word_refusal(over) == "Your bankroll (10) cannot cover bets of 11."
    assert layout_refusal({Outcome.BANKER: 0}, 0, *limits) is None  # an empty spot is no bet
