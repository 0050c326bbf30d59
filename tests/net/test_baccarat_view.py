"""The shared baccarat snapshot read back into core types (``net/baccarat_view.py``):
a good snapshot, every kind of malformed one, what the server would refuse, the
picture the local widgets draw, and the count of the cards seen since the shuffle."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from cardtable.ai.coach_baccarat import full_shoe_counts
from cardtable.core.baccarat import CUT_FROM_END, Outcome
from cardtable.core.cards import Card
from cardtable.core.refusal import Refusal, RuleCode
from cardtable.i18n.refusals import word_refusal
from cardtable.net.baccarat_view import SharedBaccarat, ShoeCount, SnapshotError
from cardtable.net.protocol import SERVER, validate

# Player 2C 3H (5) draws 4D -> 9; Banker 7S KD (7), with a Player's third card of 4,
# draws on 0-5 only: stands. Player wins 9 to 7.
LAST = {"player": ["2C", "3H", "4D"], "banker": ["7S", "KD"], "player_total": 9, "banker_total": 7,
        "outcome": "player"}


def words(refusal: Refusal | None) -> str:
    """A refusal as the player reads it in English ("" for none)."""
    return "" if refusal is None else word_refusal(refusal)


def snapshot(**changes: Any) -> dict[str, Any]:
    """A snapshot as the server sends it (alice at seat 0 and bob at seat 2)."""
    data: dict[str, Any] = {
        "type": "baccarat", "table": 1, "game": "baccarat", "phase": "betting", "round": 3,
        "rules": {"min_bet": 500, "max_bet": 50_000, "decks": 8, "bet_seconds": 30.0},
        "seats": [
            {"seat": 0, "kind": "human", "name": "alice", "connected": True, "ready": False,
             "bets": {"banker": 1000, "tie": 500}},
            {"seat": 1, "kind": "empty"},
            {"seat": 2, "kind": "human", "name": "bob", "connected": True, "ready": True,
             "bets": {"player": 2000}},
            {"seat": 3, "kind": "human", "name": "carol", "connected": False, "ready": False, "bets": {}},
        ] + [{"seat": n, "kind": "empty"} for n in range(4, 7)],
        "last": copy.deepcopy(LAST),
        "roads": "BBP",
        "shoe": {"left": 400, "size": 416},
        "note": {"code": "coup", "params": {"round": 3, "outcome": "player", "high": 9, "low": 7}},
        "you": {"seat": 0, "bankroll": 2_000},
    }
    data.update(changes)
    return data


def test_a_good_snapshot_reads_into_core_types() -> None:
    data = snapshot()
    validate(data, SERVER)  # the fixture is a message the server could send
    table = SharedBaccarat.read(data)
    assert (table.table, table.phase, table.round) == (1, "betting", 3)
    assert (table.min_bet, table.max_bet, table.decks, table.bet_seconds) == (500, 50_000, 8, 30.0)
    assert table.you_seat == 0 and table.bankroll == 2_000
    assert table.mine is not None and table.mine.name == "alice"
    assert dict(table.my_bets) == {Outcome.BANKER: 1000, Outcome.TIE: 500}
    assert [s.name for s in table.others] == ["bob", "carol"]
    carol = table.others[1]
    assert not carol.connected and not carol.bets
    assert table.roads == (Outcome.BANKER, Outcome.BANKER, Outcome.PLAYER)
    assert words(table.note) == "Coup 3: Player wins 9 to 7."
    # the last coup is the core's, dealt again by the tableau: its real order too
    coup = table.last
    assert coup is not None and coup.outcome is Outcome.PLAYER
    assert [str(c) for c in coup.player] == ["2C", "3H", "4D"]
    assert [(h.letter, str(c)) for h, c in coup.deal_order] == [
        ("P", "2C"), ("B", "7S"), ("P", "3H"), ("B", "KD"), ("P", "4D")]
    # alice is not ready (bob is): the coup waits for her; carol is away and has no bet
    assert table.waiting_for == ("alice",)
    assert table.standard_shoe and table.cut_from_end == CUT_FROM_END and not table.cut_out
    # frozen
    with pytest.raises(AttributeError):
        table.round = 4  # type: ignore[misc]


def test_a_snapshot_of_someone_not_seated_and_before_the_first_coup() -> None:
    table = SharedBaccarat.read(snapshot(you=None, last=None, roads="", round=0))
    assert table.mine is None and table.you_seat is None and table.bankroll is None
    assert table.last is None and not table.betting
    assert len(table.others) == 3
    assert words(table.refusal({Outcome.PLAYER: 500})) == "Sit at a table first."


def test_what_the_server_would_refuse() -> None:
    table = SharedBaccarat.read(snapshot())
    assert table.refusal({Outcome.BANKER: 1500, Outcome.TIE: 500}) is None  # 20 of 20
    over = table.refusal({Outcome.BANKER: 1505, Outcome.TIE: 500})
    assert over == Refusal(RuleCode.LAYOUT_OVER_BANKROLL, {"bankroll": 2_000, "amount": 2_005})
    assert "cannot cover bets of 20.05" in words(over)
    assert words(table.refusal({Outcome.PLAYER: 400})) == "The table takes 5–500 per spot."
    assert table.refusal({Outcome.PLAYER: 50_500}) == table.refusal({Outcome.PLAYER: 400})
    closing = SharedBaccarat.read(snapshot(phase="closing"))
    assert words(closing.refusal({Outcome.PLAYER: 500})) == "The table closes: no new coups."


def test_the_picture_the_local_widgets_draw() -> None:
    table = SharedBaccarat.read(snapshot())
    picture = table.picture({Outcome.PLAYER: 500}, result_shown=True, repeat_on_deal=True)
    assert dict(picture.bets) == {Outcome.BANKER: 1000, Outcome.TIE: 500}
    assert picture.coup is None and picture.last_coup == table.last and picture.betting
    assert dict(picture.last_bets) == {Outcome.PLAYER: 500} and picture.result_shown
    assert not picture.repeat_on_deal  # bets are placed: enter deals those
    assert picture.history == table.roads and picture.shoe_left == 400
    assert (picture.decks, picture.cut_from_end) == (8, CUT_FROM_END)
    dealing = table.dealing({Outcome.PLAYER: 500})
    assert dealing.coup == table.last and not dealing.betting
    assert dealing.history == table.roads[:-1]  # the coup joins the roads once settled
    assert dealing.staked == 500 and not dealing.new_shoe
    # a test's stacked shoe is not the rules' shoe: no decks, no cut card
    stacked = SharedBaccarat.read(snapshot(shoe={"left": 30, "size": 44}))
    assert stacked.picture().decks == 0 and stacked.picture().cut_from_end is None


def _drop(*path: str) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        target = data
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]
    return change


def _set(value: Any, *path: str | int) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return change


MALFORMED: dict[str, Callable[[dict[str, Any]], None]] = {
    "not baccarat": _set("table", "type"),
    "no rules": _drop("rules"),
    "rules not an object": _set([500, 50_000], "rules"),
    "min over max": _set(60_000, "rules", "min_bet"),
    "a bool for a number": _set(True, "round"),
    "a float for a number": _set(3.0, "round"),
    "a negative round": _set(-1, "round"),
    "no decks": _set(0, "rules", "decks"),
    "bet seconds as text": _set("30", "rules", "bet_seconds"),
    "an unknown phase": _set("playing", "phase"),
    "no seats": _set([], "seats"),
    "a seat twice": _set(0, "seats", 2, "seat"),
    "a seat of an unknown kind": _set("robot", "seats", 2, "kind"),
    "a seat without a name": _set("", "seats", 2, "name"),
    "ready not a flag": _set("yes", "seats", 2, "ready"),
    "a bet on no spot": _set({"dragon": 500}, "seats", 2, "bets"),
    "a negative bet": _set({"player": -500}, "seats", 2, "bets"),
    "a bad card": _set(["2C", "ZZ"], "last", "player"),
    "a hand of one card": _set(["2C"], "last", "player"),
    "a third card the tableau would not deal": _set(["7S", "KD", "2H"], "last", "banker"),
    "a third card missing": _set(["2C", "3H"], "last", "player"),
    "totals that do not match": _set(8, "last", "player_total"),
    "an outcome that does not match": _set("banker", "last", "outcome"),
    "roads not P B T": _set("PBX", "roads"),
    "more cards left than the shoe holds": _set(417, "shoe", "left"),
    "your seat is empty": _set(1, "you", "seat"),
    "no bankroll": _drop("you", "bankroll"),
}


@pytest.mark.parametrize("change", MALFORMED.values(), ids=MALFORMED.keys())
def test_a_malformed_snapshot_is_refused_whole(change: Callable[[dict[str, Any]], None]) -> None:
    data = snapshot()
    change(data)
    with pytest.raises(SnapshotError):
        SharedBaccarat.read(data)


@pytest.mark.parametrize("data", [None, [], "baccarat", 7])
def test_a_snapshot_that_is_not_an_object(data: object) -> None:
    with pytest.raises(SnapshotError):
        SharedBaccarat.read(data)


def _after(before: SharedBaccarat, cards: tuple[list[str], list[str]], outcome: str, roads: str,
           rounds: int = 1) -> SharedBaccarat:
    """The snapshot after ``rounds`` more coups, the last of them ``cards``."""
    from cardtable.core.baccarat import hand_total

    player, banker = cards
    p = hand_total([Card.parse(c) for c in player])
    b = hand_total([Card.parse(c) for c in banker])
    return SharedBaccarat.read(snapshot(
        round=before.round + rounds, roads=roads,
        last={"player": player, "banker": banker, "player_total": p, "banker_total": b, "outcome": outcome},
        shoe={"left": before.shoe_left - len(player) - len(banker), "size": before.shoe_size},
    ))


def test_the_cards_seen_since_the_shuffle_give_the_cards_left() -> None:
    fresh = SharedBaccarat.read(snapshot(round=0, last=None, roads="", shoe={"left": 416, "size": 416}))
    count = ShoeCount().follow(None, fresh)
    assert count.exact(fresh)
    counts, source = count.next_coup(fresh)
    assert counts == full_shoe_counts(8) and source == "416 cards left"
    # the first coup of the shoe, then a second: their cards are out
    one = _after(fresh, (["2C", "3H", "4D"], ["7S", "KD"]), "player", "P")
    count = count.follow(fresh, one)
    two = _after(one, (["9S", "KH"], ["AC", "2D"]), "player", "PP")
    count = count.follow(one, two)
    assert count.exact(two) and len(count.cards) == 9
    counts, source = count.next_coup(two)
    assert counts is not None and source == "407 cards left"
    assert sum(counts.values()) == 407
    assert counts[2] == 32 - 2 and counts[13] == 32 - 2 and counts[5] == 32
    # the same snapshot again changes nothing
    assert count.follow(two, two) == count


def test_a_player_who_sat_down_mid_shoe_or_missed_a_coup_cannot_count_until_the_next_shoe() -> None:
    mid = SharedBaccarat.read(snapshot())  # 16 cards dealt before this client arrived
    count = ShoeCount().follow(None, mid)
    assert not count.exact(mid)
    counts, why = count.next_coup(mid)
    assert counts is None and "You missed 16 cards of this shoe" in why
    # a coup seen does not make up for the cards missed
    later = _after(mid, (["9S", "KH"], ["AC", "2D"]), "player", "BBPP")
    count = count.follow(mid, later)
    assert not count.exact(later)
    # two coups at once (a reconnect): the count does not pretend
    fresh = SharedBaccarat.read(snapshot(round=0, last=None, roads="", shoe={"left": 416, "size": 416}))
    skipped = _after(fresh, (["9S", "KH"], ["AC", "2D"]), "player", "BP", rounds=2)
    assert not ShoeCount().follow(fresh, skipped).exact(skipped)
    # the first coup of a new shoe starts the count again
    new_shoe = SharedBaccarat.read(snapshot(
        round=later.round + 1, roads="P", shoe={"left": 411, "size": 416}))
    count = count.follow(later, new_shoe)
    assert count.exact(new_shoe) and len(count.cards) == 5


def test_once_the_cut_card_is_out_the_next_coup_is_a_new_shoe() -> None:
    table = SharedBaccarat.read(snapshot(shoe={"left": CUT_FROM_END, "size": 416}))
    assert table.cut_out
    counts, source = ShoeCount().next_coup(table)
    assert counts == full_shoe_counts(8) and source == "a new shoe of 8 decks"


def test_a_stacked_shoe_cannot_be_counted() -> None:
    table = SharedBaccarat.read(snapshot(shoe={"left": 40, "size": 44}))
    counts, why = ShoeCount().follow(None, table).next_coup(table)
    assert counts is None and "not a shoe of 8 decks" in why
