"""A dealt round is committed: its record resumes it exactly, damaged records are refused.

For each game the live round is saved (``record`` -> ``to_json`` -> ``from_json``) at
every point and resumed; the resumed round must be indistinguishable from the live one
(everything a player or the table can read, the shoe's next cards included) and must
settle the same way. A record that cannot be replayed raises ``RecordError`` and never
any other exception. Also: ``Shoe.snapshot``/``restore`` and ``undo_deal``.

The bugs these tests found (numbers coerced with int(), Infinity, deep nesting, a
two-deck poker deck, a shuffle forgotten by undo_deal) are fixed and stay tested.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from cardtable.core.baccarat import CUT_FROM_END, Outcome, new_shoe
from cardtable.core.baccarat_table import BaccaratTable
from cardtable.core.blackjack import Action, HandOutcome, Rules
from cardtable.core.blackjack_table import Table
from cardtable.core.cards import Card, Shoe, ShoeEmpty, cards_text, full_deck, parse_cards
from cardtable.core.poker import JACKS_OR_BETTER_9_6
from cardtable.core.poker_hand import DrawHand, Phase
from cardtable.core.record import RECORD_VERSION, RecordError, RoundRecord
from cardtable.core.roads import bead_plate, big_road

PAY_TABLES = {JACKS_OR_BETTER_9_6.name: JACKS_OR_BETTER_9_6}
ACE_OF_SPADES = Card.parse("AS")

SETTINGS = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _through_json(record: RoundRecord) -> RoundRecord:
    """What a restart reads back: the record as stored text, parsed again."""
    text = record.to_json()
    back = RoundRecord.from_json(text)
    assert back == record
    assert back.to_json() == text
    return back


def _shuffled(cards: list[Card], seed: int) -> list[Card]:
    cards = list(cards)
    random.Random(seed).shuffle(cards)
    return cards


# =====================================================================================
# Blackjack
# =====================================================================================


def _assert_same_table(live: Table, resumed: Table, meta: dict[str, Any]) -> None:
    a, b = live.round, resumed.round
    assert a is not None and b is not None
    assert b.all_hands == a.all_hands
    assert b.turn == a.turn
    assert b.legal_actions() == a.legal_actions()
    assert b.dealer_cards == a.dealer_cards
    assert b.dealer_visible == a.dealer_visible
    assert b.revealed == a.revealed
    assert b.events == a.events
    assert b.actions == a.actions
    assert b.finished == a.finished
    assert b.seats == a.seats
    for seat in range(a.seats):
        assert b.view(seat) == a.view(seat)
        assert resumed.view(seat) == live.view(seat)
        assert b.bankroll(seat) == a.bankroll(seat)
        assert b.staked(seat) == a.staked(seat)
    assert resumed.shoe.remaining == live.shoe.remaining
    assert resumed.shoe.snapshot() == live.shoe.snapshot()
    assert resumed.cut_card_reached == live.cut_card_reached
    assert resumed.seen_since_shuffle == live.seen_since_shuffle
    assert resumed.just_shuffled == live.just_shuffled
    assert resumed.rules == live.rules
    # The resumed table saves exactly the same record again.
    assert resumed.record(meta) == live.record(meta)


def _resume_checked(live: Table, meta: dict[str, Any], rng_seed: int) -> Table:
    record = live.record(meta)
    assert record.game == "blackjack"
    assert record.meta == meta
    assert record.actions == tuple(tuple(a) for a in live.round.actions)  # type: ignore[union-attr]
    resumed = Table.resume(_through_json(record), random.Random(rng_seed))
    _assert_same_table(live, resumed, meta)
    return resumed


def _finish_both(live: Table, resumed: Table) -> None:
    assert live.round is not None and resumed.round is not None
    live_results = live.finish_round()
    resumed_results = resumed.finish_round()
    assert resumed_results == live_results
    assert resumed.round.events == live.round.events
    assert resumed.round.dealer_cards == live.round.dealer_cards
    for seat in range(live.round.seats):
        assert resumed.round.bankroll(seat) == live.round.bankroll(seat)
        assert resumed.view(seat) == live.view(seat)
    assert resumed.shoe.snapshot() == live.shoe.snapshot()
    assert resumed.seen_since_shuffle == live.seen_since_shuffle
    assert resumed.cut_card_reached == live.cut_card_reached


def _play_round_checked(
    table: Table,
    bets: list[int],
    bankrolls: list[int] | None,
    choose: Callable[[list[Action]], Action],
    meta: dict[str, Any],
    rng_seed: int,
) -> Table:
    """Deal, act until no one is to act, resuming after the deal and every action;
    finish the live round and the last resumed one. Returns the resumed table."""
    table.new_round(bets, bankrolls)
    resumed = _resume_checked(table, meta, rng_seed)
    rnd = table.round
    assert rnd is not None
    while rnd.turn is not None:
        legal = sorted(rnd.legal_actions(), key=lambda a: a.value)
        assert legal, "a hand to act always has a legal action"
        rnd.act(choose(legal))
        resumed = _resume_checked(table, meta, rng_seed)
    _finish_both(table, resumed)
    return resumed


_bets = st.one_of(st.sampled_from([100, 500, 1000, 2500, 5000]), st.integers(1, 5000))
_bankroll = st.one_of(st.sampled_from([0, 1, 100, 499, 500, 1000, 2499]), st.integers(0, 30_000))


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), burn=st.integers(0, 250), rounds=st.integers(1, 4), data=st.data())
def test_blackjack_resume_equals_live_at_every_point(seed: int, burn: int, rounds: int, data: st.DataObject) -> None:
    table = Table(Rules(), rng=random.Random(seed))
    assert table.shoe.size == 312
    for _ in range(burn):  # somewhere in the shoe, sometimes past the cut card
        table.shoe.draw()
    for number in range(rounds):
        seats = data.draw(st.integers(1, 5), label="seats")
        bets = data.draw(st.lists(_bets, min_size=seats, max_size=seats), label="bets")
        if data.draw(st.booleans(), label="limited"):
            bankrolls: list[int] | None = data.draw(
                st.lists(_bankroll, min_size=seats, max_size=seats), label="bankrolls"
            )
        else:
            bankrolls = None
        meta = {"levels": ["novice"] * (seats - 1), "round": number}
        resumed = _play_round_checked(
            table,
            bets,
            bankrolls,
            lambda legal: data.draw(st.sampled_from(legal), label="action"),
            meta,
            seed + number,
        )
        # The resumed table is a full table: sometimes play on with it.
        if data.draw(st.booleans(), label="continue with the resumed table"):
            table = resumed


def test_blackjack_resume_across_reshuffles() -> None:
    """Many rounds from one shoe, through the cut card twice; resumed at every point."""
    rng = random.Random(20240601)
    table = Table(Rules(), rng=random.Random(7))
    shuffles_seen = 0
    number = 0
    while shuffles_seen < 2:
        seats = rng.randint(1, 5)
        bets = [rng.choice([500, 1000, 2500]) for _ in range(seats)]
        bankrolls = [rng.choice([0, 400, 1000, 5000, 100_000]) for _ in range(seats)]
        resumed = _play_round_checked(table, bets, bankrolls, rng.choice, {"n": number}, number)
        if table.just_shuffled:
            shuffles_seen += 1
        if number % 3 == 2:
            table = resumed
        number += 1
        assert number < 200
    assert shuffles_seen == 2


def _stacked_table(prefix: str, seed: int, rules: Rules | None = None) -> Table:
    tail = _shuffled(full_deck() * 2, seed)
    return Table(rules or Rules(), shoe=Shoe.stacked(parse_cards(prefix) + tail, random.Random(seed)))


_pair_ranks = st.sampled_from(["8", "A", "8", "A", "T", "2", "9"])
_suits = st.sampled_from("SHDC")


@SETTINGS
@given(
    seed=st.integers(0, 2**32 - 1),
    pairs=st.lists(st.tuples(_pair_ranks, _suits, _suits), min_size=1, max_size=4),
    up=st.sampled_from(["6D", "TC", "AH", "8S", "5C"]),
    hole=st.sampled_from(["KD", "7H", "2S", "AC"]),
    resplit_aces=st.booleans(),
    data=st.data(),
)
def test_blackjack_resume_with_splits(
    seed: int,
    pairs: list[tuple[str, str, str]],
    up: str,
    hole: str,
    resplit_aces: bool,
    data: st.DataObject,
) -> None:
    """Every seat is dealt a pair (8s, aces ...): splits, resplits, split aces."""
    first = " ".join(rank + s1 for rank, s1, _ in pairs)
    second = " ".join(rank + s2 for rank, _, s2 in pairs)
    # Then more pairs on top of the tail, so split hands often get a third of a kind.
    extra = " ".join(rank + "C" for rank, _, _ in pairs)
    table = _stacked_table(f"{first} {up} {second} {hole} {extra}", seed, Rules(resplit_aces=resplit_aces))
    seats = len(pairs)
    bankrolls = data.draw(
        st.one_of(st.none(), st.lists(_bankroll, min_size=seats, max_size=seats)), label="bankrolls"
    )

    def choose(legal: list[Action]) -> Action:
        if Action.SPLIT in legal and data.draw(st.integers(0, 3), label="split?") > 0:
            return Action.SPLIT
        return data.draw(st.sampled_from(legal), label="action")

    _play_round_checked(table, [500] * seats, bankrolls, choose, {"split": True}, seed)
    # A second round from the same stacked shoe (seen cards now matter).
    _play_round_checked(table, [500] * seats, bankrolls, choose, {}, seed + 1)


def test_blackjack_split_eights_and_aces_resume_step_by_step() -> None:
    # seat 0: 8S 8D, seat 1: AS AH; dealer 6D up, TC down.
    # seat 0 splits: hand 0 gets 8H (resplit), ...; seat 1 splits aces: one card each.
    table = _stacked_table("8S AS 6D 8D AH TC 8H 3C 2D 9S KH 7C", 11)
    table.new_round([1000, 500], [10_000, 10_000])
    meta = {"who": "split"}
    _resume_checked(table, meta, 1)
    rnd = table.round
    assert rnd is not None
    assert rnd.turn == (0, 0) and Action.SPLIT in rnd.legal_actions()
    script = [Action.SPLIT, Action.SPLIT, Action.DOUBLE]
    for action in script:
        rnd.act(action)
        _resume_checked(table, meta, 1)
    while rnd.turn is not None and rnd.turn[0] == 0:
        rnd.act(Action.STAND)
        _resume_checked(table, meta, 1)
    assert len(rnd.hands(0)) == 3
    assert rnd.turn == (1, 0) and Action.SPLIT in rnd.legal_actions()
    rnd.act(Action.SPLIT)
    resumed = _resume_checked(table, meta, 1)
    assert rnd.turn is None  # split aces take one card each and close
    assert all(h.split_aces and h.closed and len(h.cards) == 2 for h in rnd.hands(1))
    assert rnd.actions == ((0, 0, "split"), (0, 0, "split"), (0, 0, "double"), (0, 1, "stand"),
                           (0, 2, "stand"), (1, 0, "split"))
    _finish_both(table, resumed)
    assert table.round.bankroll(0) == resumed.round.bankroll(0)  # type: ignore[union-attr]


@pytest.mark.parametrize("peeks", [False, True])
def test_blackjack_dealer_natural_resumes(peeks: bool) -> None:
    # seat 0: 8S 8D (a pair to split), seat 1: AS KD (a natural); dealer AH up, KC down.
    table = _stacked_table("8S AS AH 8D KD KC 3H 9D 2C", 5, Rules(dealer_peeks=peeks))
    table.new_round([1000, 500], [5000, 5000])
    meta: dict[str, Any] = {}
    resumed = _resume_checked(table, meta, 0)
    rnd = table.round
    assert rnd is not None
    if peeks:
        assert rnd.turn is None and rnd.actions == ()
    else:
        rnd.act(Action.SPLIT)
        resumed = _resume_checked(table, meta, 0)
        while rnd.turn is not None:
            rnd.act(Action.DOUBLE if Action.DOUBLE in rnd.legal_actions() else Action.STAND)
            resumed = _resume_checked(table, meta, 0)
    _finish_both(table, resumed)
    results = table.round.results  # type: ignore[union-attr]
    assert results is not None
    assert all(r.outcome in (HandOutcome.LOSE, HandOutcome.BUST) for r in results[0])
    assert results[1][0].outcome is HandOutcome.PUSH
    if peeks:
        assert table.round.bankroll(0) == 5000  # type: ignore[union-attr]
    else:
        left = table.round.bankroll(0)  # type: ignore[union-attr]
        assert left is not None and left < 5000 - 1000


def test_blackjack_resumed_round_is_playable_and_seen_cards_carry_over() -> None:
    """A table resumed mid-round plays on exactly like the live one, into the next round."""
    seed = 99
    live = Table(Rules(), rng=random.Random(seed))
    for _ in range(3):
        live.new_round([500, 500])
        while live.round.turn is not None:  # type: ignore[union-attr]
            live.round.act(Action.STAND)  # type: ignore[union-attr]
        live.finish_round()
    live.new_round([500, 1000, 2500], [2000, 0, 50_000])
    resumed = Table.resume(_through_json(live.record({})), random.Random(seed))
    assert resumed.seen_since_shuffle == live.seen_since_shuffle
    assert len(live.seen_since_shuffle) > 0
    rng = random.Random(3)
    for _ in range(4):  # the same actions on both, round after round
        while live.round.turn is not None:  # type: ignore[union-attr]
            action = rng.choice(sorted(live.round.legal_actions(), key=lambda a: a.value))  # type: ignore[union-attr]
            live.round.act(action)  # type: ignore[union-attr]
            resumed.round.act(action)  # type: ignore[union-attr]
            _assert_same_table(live, resumed, {})
        _finish_both(live, resumed)
        live.new_round([500, 500])
        resumed.new_round([500, 500])
        _assert_same_table(live, resumed, {})


# =====================================================================================
# Baccarat
# =====================================================================================


def _bac_bets(rng: random.Random) -> dict[Outcome, int]:
    bets = {o: rng.choice([0, 100, 500, 1000, 1234, 5000]) for o in Outcome}
    if not any(bets.values()):
        bets[Outcome.BANKER] = 500
    return bets


def _assert_same_coup(live: BaccaratTable, resumed: BaccaratTable) -> None:
    assert resumed.coup == live.coup
    assert resumed.coup is not None
    assert resumed.bets == live.bets
    assert resumed.staked == live.staked
    assert resumed.returned() == live.returned()
    assert resumed.history == live.history
    assert big_road(resumed.history) == big_road(live.history)
    assert bead_plate(resumed.history) == bead_plate(live.history)
    assert resumed.new_shoe == live.new_shoe
    assert resumed.shoe.snapshot() == live.shoe.snapshot()
    assert resumed.shoe.remaining == live.shoe.remaining
    assert resumed.needs_shoe == live.needs_shoe
    assert resumed.record() == live.record()


def _bac_resume(live: BaccaratTable, seed: int) -> BaccaratTable:
    record = live.record()
    assert record.game == "baccarat" and record.actions == ()
    resumed = BaccaratTable.resume(_through_json(record), random.Random(seed))
    _assert_same_coup(live, resumed)
    return resumed


_bac_bet_map = st.dictionaries(
    st.sampled_from(list(Outcome)), st.integers(0, 100_000), min_size=1, max_size=3
).filter(lambda b: any(b.values()))


@SETTINGS
@given(
    seed=st.integers(0, 2**32 - 1),
    decks=st.sampled_from([4, 6, 8]),
    burn=st.integers(0, 420),
    history=st.lists(st.sampled_from(list(Outcome)), max_size=60),
    bets=st.lists(_bac_bet_map, min_size=1, max_size=6),
)
def test_baccarat_resume_at_the_deal(
    seed: int, decks: int, burn: int, history: list[Outcome], bets: list[dict[Outcome, int]]
) -> None:
    shoe = new_shoe(decks, random.Random(seed))
    for _ in range(min(burn, shoe.size - 6)):
        shoe.draw()
    table = BaccaratTable(shoe, tuple(history))
    for number, coup_bets in enumerate(bets):
        if table.needs_shoe:
            table.replace_shoe(new_shoe(decks, random.Random(seed + number)))
        before = table.shoe.snapshot()
        table.deal(coup_bets)
        resumed = _bac_resume(table, seed)
        assert resumed.record().start["shoe"] == before
        table.finish()
        resumed.finish()
        assert resumed.history == table.history
        assert resumed.shoe.snapshot() == table.shoe.snapshot()
        assert resumed.new_shoe == table.new_shoe is False


@pytest.mark.parametrize("decks", [4, 6, 8])
def test_baccarat_resume_over_many_coups_through_the_cut_card(decks: int) -> None:
    rng = random.Random(decks * 1000 + 1)
    table = BaccaratTable(new_shoe(decks, random.Random(decks)))
    shoes = 0
    coups = 0
    while shoes < 2:
        if table.needs_shoe:
            assert table.shoe.remaining <= CUT_FROM_END
            table.replace_shoe(new_shoe(decks, random.Random(rng.random())))
            shoes += 1
            assert table.history == [] and table.new_shoe
        table.deal(_bac_bets(rng))
        resumed = _bac_resume(table, coups)
        assert resumed.new_shoe == (shoes > 0 and len(table.history) == 0)
        table.finish()
        resumed.finish()
        assert resumed.history == table.history
        assert resumed.needs_shoe == table.needs_shoe
        if rng.random() < 0.3:
            table = resumed  # play on with the resumed table
        coups += 1
        assert coups < 1000
    assert coups >= 2 * ((decks * 52 - CUT_FROM_END) // 6)


# =====================================================================================
# Draw poker
# =====================================================================================


def _assert_same_hand(live: DrawHand, replayed: DrawHand) -> None:
    assert replayed == live
    assert replayed.cards == live.cards
    assert replayed.phase is live.phase
    assert replayed.exchanges_done == live.exchanges_done
    assert replayed.kept_no_card == live.kept_no_card
    assert replayed.replaced == live.replaced
    assert replayed.drawn == live.drawn
    assert replayed.coins == live.coins and replayed.coin_size == live.coin_size
    assert replayed.exchange_rounds == live.exchange_rounds
    assert replayed.steps == live.steps
    assert replayed.pay_table == live.pay_table
    assert replayed.deck is not None and live.deck is not None
    assert replayed.deck.snapshot() == live.deck.snapshot()
    assert replayed.deck_start == live.deck_start
    assert replayed.record() == live.record()


def _replay(hand: DrawHand, seed: int = 0) -> DrawHand:
    record = hand.record()
    assert record.game == "poker"
    replayed = DrawHand.replay(_through_json(record), PAY_TABLES, random.Random(seed))
    _assert_same_hand(hand, replayed)
    return replayed


_poker_step = st.one_of(
    st.just(None),  # stand
    st.lists(st.integers(0, 4), unique=True, max_size=5),
)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    coins=st.integers(1, 5),
    coin_size=st.sampled_from([1, 25, 100, 500]),
    rounds=st.integers(1, 3),
    short_deck=st.one_of(st.none(), st.integers(5, 16)),
    steps=st.lists(_poker_step, min_size=3, max_size=3),
)
def test_poker_replay_equals_live_after_every_step(
    seed: int, coins: int, coin_size: int, rounds: int, short_deck: int | None, steps: list[Any]
) -> None:
    if short_deck is None:
        deck = Shoe(1, random.Random(seed))
    else:  # a short (stacked) deck runs out: kept_no_card
        deck = Shoe.stacked(_shuffled(full_deck(), seed)[:short_deck], random.Random(seed))
    hand = DrawHand.new(coin_size, rounds, JACKS_OR_BETTER_9_6).bet(coins).deal(deck)
    replayed = _replay(hand, seed)
    for step in steps:
        if hand.phase is not Phase.DRAWING:
            break
        if step is None:
            hand, replayed = hand.stand(), replayed.stand()
        else:
            hand, replayed = hand.exchange(step), replayed.exchange(step)
        # the replayed hand played on with its own deck is the live hand ...
        _assert_same_hand(hand, replayed)
        # ... and so is a replay of the new record.
        replayed = _replay(hand, seed + 1)
    if hand.phase is Phase.DRAWING:
        hand, replayed = hand.stand(), replayed.stand()
    assert hand.phase is Phase.SHOWDOWN
    settled, settled_again = hand.settle(), _replay(hand).settle()
    assert settled == settled_again
    assert settled_again.payout_coins == settled.payout_coins
    assert settled_again.returned == settled.returned
    assert settled_again.value == settled.value
    assert settled_again.winning_category == settled.winning_category


def test_poker_replay_keeps_cards_the_deck_could_not_replace() -> None:
    deck = Shoe.stacked(parse_cards("2S 7H 9D JC KS AH 3C"), random.Random(1))
    hand = DrawHand.new(100, 3).bet(5).deal(deck)
    hand = hand.exchange([0, 1, 2, 3])
    assert hand.kept_no_card == (2, 3) and hand.drawn == 7
    replayed = _replay(hand)
    hand = hand.exchange([4])
    assert hand.kept_no_card == (2, 3, 4)
    _replay(hand)
    assert replayed.exchange([4]) == hand


# =====================================================================================
# Damaged records: RecordError, never anything else
# =====================================================================================


def _bj_base() -> tuple[Table, RoundRecord]:
    """Two seats; seat 0 (5S 3C) has hit (2H) and is still to act; seat 1 has 18."""
    table = _stacked_table("5S 9H 6D 3C 9C TD 2H 4S 7C 8D KS QH", 3)
    table.new_round([500, 1000], [2000, 3000])
    table.round.act(Action.HIT)  # type: ignore[union-attr]
    assert table.round.turn == (0, 0)  # type: ignore[union-attr]
    assert len(table.round.hands(0)[0].cards) == 3  # type: ignore[union-attr]
    return table, table.record({"levels": ["novice"]})


def _bj_fresh_six_decks() -> RoundRecord:
    table = Table(Rules(), rng=random.Random(8))
    table.new_round([500])
    return table.record({})


def _poker_base() -> RoundRecord:
    hand = DrawHand.new(100, 2).bet(2).deal(Shoe(1, random.Random(4))).exchange([0, 2])
    return hand.record()


def _bac_base() -> RoundRecord:
    table = BaccaratTable(new_shoe(8, random.Random(6)), (Outcome.PLAYER, Outcome.BANKER, Outcome.TIE))
    table.deal({Outcome.PLAYER: 500, Outcome.TIE: 100})
    return table.record()


def _resume_bj(record: RoundRecord) -> object:
    return Table.resume(record, random.Random(0))


def _replay_poker(record: RoundRecord) -> object:
    return DrawHand.replay(record, PAY_TABLES, random.Random(0))


def _resume_bac(record: RoundRecord) -> object:
    return BaccaratTable.resume(record, random.Random(0))


def _edited(record: RoundRecord, edit: Callable[[dict[str, Any]], None]) -> RoundRecord:
    """The record after ``edit`` changes its stored JSON (as a dict), read back."""
    data = json.loads(record.to_json())
    edit(data)
    return RoundRecord.from_json(json.dumps(data))


def _replace_card(text: str, index: int, token: str) -> str:
    tokens = text.split()
    tokens[index] = token
    return " ".join(tokens)


def _add_ace_of_spades(snapshot: dict[str, Any]) -> None:
    """Turn one card that is not the ace of spades into one more ace of spades."""
    tokens = snapshot["cards"].split()
    index = next(i for i, t in enumerate(tokens) if t != "AS")
    tokens[index] = "AS"
    snapshot["cards"] = " ".join(tokens)


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    keys = path.split(".")

    def edit(data: dict[str, Any]) -> None:
        node = data
        for key in keys[:-1]:
            node = node[key]
        node[keys[-1]] = value

    return edit


def _delete(path: str) -> Callable[[dict[str, Any]], None]:
    keys = path.split(".")

    def edit(data: dict[str, Any]) -> None:
        node = data
        for key in keys[:-1]:
            node = node[key]
        del node[keys[-1]]

    return edit


def _append_action(*actions: Any) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        data["actions"].extend(actions)

    return edit


def _do(fn: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
    return fn


_BJ_DAMAGE: dict[str, Callable[[dict[str, Any]], None]] = {
    "double on a three-card hand": _append_action([0, 0, "double"]),
    "split on a three-card hand": _append_action([0, 0, "split"]),
    "seat 1 acts while seat 0 is to act": _append_action([1, 0, "stand"]),
    "a hand seat 0 does not have": _append_action([0, 1, "stand"]),
    "a seat that does not exist": _append_action([7, 0, "stand"]),
    "first action by the wrong seat": _set("actions", [[1, 0, "hit"]]),
    "unknown action": _append_action([0, 0, "surrender"]),
    "action too short": _append_action([0, 0]),
    "action too long": _append_action([0, 0, "stand", "now"]),
    "action as a bare word": _append_action("stand"),
    "action as a number": _append_action(7),
    "action null": _append_action(None),
    "action as an object": _append_action({"seat": 0, "hand": 0, "action": "stand"}),
    "action with nulls": _append_action([None, None, None]),
    "action after everyone acted": _append_action([0, 0, "stand"], [1, 0, "stand"], [1, 0, "stand"]),
    "unknown card token in the shoe": _do(lambda d: d["start"]["shoe"].update(
        cards=_replace_card(d["start"]["shoe"]["cards"], 0, "ZZ"))),
    "card token 1S": _do(lambda d: d["start"]["shoe"].update(
        cards=_replace_card(d["start"]["shoe"]["cards"], 3, "1S"))),
    "shoe card not in its composition": _do(lambda d: d["start"]["shoe"].update(
        all=_replace_card(d["start"]["shoe"]["all"], 0, "QD"))),
    "shoe cards not text": _set("start.shoe.cards", ["5S", "9H"]),
    "stacked shoe without its composition": _delete("start.shoe.all"),
    "shoe decks as text": _set("start.shoe.decks", "0"),
    "shoe decks negative": _set("start.shoe.decks", -1),
    "shoe decks too many": _set("start.shoe.decks", 65),
    "shoe cut as text": _set("start.shoe.cut", "3"),
    "shoe cut beyond the shoe": _set("start.shoe.cut", 10**6),
    "shoe not a mapping": _set("start.shoe", "5S 9H 6D"),
    "shoe too short for the deal": _do(lambda d: d["start"]["shoe"].update(cards="5S 9H 6D")),
    "missing rules": _delete("start.rules"),
    "missing shoe": _delete("start.shoe"),
    "missing bets": _delete("start.bets"),
    "missing bankrolls": _delete("start.bankrolls"),
    "missing seen": _delete("start.seen"),
    "rules not a mapping": _set("start.rules", [6, 75]),
    "rules decks as text": _set("start.rules.decks", "6"),
    "rules pays one number": _set("start.rules.blackjack_pays", [3]),
    "rules peek as text": _set("start.rules.dealer_peeks", "no"),
    "rules max hands zero": _set("start.rules.max_hands", 0),
    "no seats": _set("start.bets", []),
    "a zero bet": _set("start.bets", [0, 1000]),
    "a negative bet": _set("start.bets", [-500, 1000]),
    "a bet as a word": _set("start.bets", ["five", 1000]),
    "bets null": _set("start.bets", None),
    "bets an object": _set("start.bets", {"a": 1}),
    "a bankroll too few": _set("start.bankrolls", [2000]),
    "a negative bankroll": _set("start.bankrolls", [-1, 3000]),
    "bankrolls a number": _set("start.bankrolls", 5000),
    "seen unknown card": _set("start.seen", "AS ZZ"),
    "seen a number": _set("start.seen", 12),
    "seen numbers": _set("start.seen", [1, 2]),
    "start empty": _set("start", {}),
}


@pytest.mark.parametrize("name", sorted(_BJ_DAMAGE))
def test_blackjack_damaged_record_raises_record_error(name: str) -> None:
    _, base = _bj_base()
    _resume_bj(base)  # the undamaged record resumes
    record = _edited(base, _BJ_DAMAGE[name])
    with pytest.raises(RecordError):
        _resume_bj(record)


def test_blackjack_extra_ace_of_spades_in_a_six_deck_shoe() -> None:
    base = _bj_fresh_six_decks()
    _resume_bj(base)
    assert Counter(parse_cards(base.start["shoe"]["cards"]))[ACE_OF_SPADES] == 6
    record = _edited(base, lambda d: _add_ace_of_spades(d["start"]["shoe"]))
    with pytest.raises(RecordError):
        _resume_bj(record)


@pytest.mark.parametrize(
    "edit",
    [
        pytest.param(_set("start.bets", ["500", "1000"]), id="bets as strings"),
        pytest.param(_set("start.bets", "55"), id="bets as one digit string"),
        pytest.param(_set("start.bets", [500.75, 1000]), id="a fractional bet"),
        pytest.param(_set("start.bets", [True, True]), id="bets as booleans"),
        pytest.param(_set("start.bankrolls", ["2000", "3000"]), id="bankrolls as strings"),
        pytest.param(_set("start.bets", [float("inf"), 1000]), id="an infinite bet"),
        pytest.param(_set("start.bankrolls", [float("inf"), 3000]), id="an infinite bankroll"),
    ],
)
def test_blackjack_wrong_number_types_raise_record_error(edit: Callable[[dict[str, Any]], None]) -> None:
    _, base = _bj_base()
    data = json.loads(base.to_json())
    edit(data)
    with pytest.raises(RecordError):  # Infinity is refused by from_json already
        _resume_bj(RoundRecord.from_json(json.dumps(data)))


_POKER_DAMAGE: dict[str, Callable[[dict[str, Any]], None]] = {
    "unknown pay table": _set("start.pay_table", "Deuces Wild"),
    "pay table null": _set("start.pay_table", None),
    "pay table a list": _set("start.pay_table", ["9/6 Jacks or Better"]),
    "second ace of spades in one deck": _do(lambda d: _add_ace_of_spades(d["start"]["deck"])),
    "unknown card token": _do(lambda d: d["start"]["deck"].update(
        cards=_replace_card(d["start"]["deck"]["cards"], 10, "XX"))),
    "a card missing from the deck": _do(lambda d: d["start"]["deck"].update(
        cards=" ".join(d["start"]["deck"]["cards"].split()[1:]))),
    "deck decks as text": _set("start.deck.decks", "1"),
    "deck of two decks with one deck's cards": _set("start.deck.decks", 2),
    "stacked deck without its composition": _set("start.deck.decks", 0),
    "stacked deck of four cards": _set("start.deck", {"decks": 0, "cut": None, "cards": "AS KS QS JS",
                                                      "all": "AS KS QS JS"}),
    "deck not a mapping": _set("start.deck", "AS KS QS JS TS"),
    "missing coin size": _delete("start.coin_size"),
    "missing exchange rounds": _delete("start.exchange_rounds"),
    "missing pay table": _delete("start.pay_table"),
    "missing coins": _delete("start.coins"),
    "missing deck": _delete("start.deck"),
    "coins as text": _set("start.coins", "2"),
    "coin size as text": _set("start.coin_size", "100"),
    "exchange rounds as text": _set("start.exchange_rounds", "2"),
    "coins as a fraction": _set("start.coins", 2.5),
    "coins true": _set("start.coins", True),
    "coins zero": _set("start.coins", 0),
    "coins over the maximum": _set("start.coins", 6),
    "coin size negative": _set("start.coin_size", -100),
    "four exchange rounds": _set("start.exchange_rounds", 4),
    "exchange position 5": _append_action(["exchange", [5]]),
    "exchange position -1": _append_action(["exchange", [-1]]),
    "exchange a position twice": _append_action(["exchange", [1, 1]]),
    "exchange positions as text": _append_action(["exchange", "01"]),
    "exchange positions as booleans": _append_action(["exchange", [True]]),
    "exchange positions a number": _append_action(["exchange", 3]),
    "exchange positions null": _append_action(["exchange", None]),
    "exchange without positions": _append_action(["exchange"]),
    "exchange with two lists": _append_action(["exchange", [0], [1]]),
    "unknown step": _append_action(["fold"]),
    "empty step": _append_action([]),
    "step as a bare word": _append_action("stand"),
    "step as a number": _append_action(3),
    "step null": _append_action(None),
    "step as an object": _append_action({"stand": True}),
    "stand with an argument": _append_action(["stand", "now"]),
    "a third exchange of two rounds": _append_action(["exchange", [1]], ["exchange", [2]]),
    "exchange after standing": _append_action(["stand"], ["exchange", [1]]),
    "stand twice": _append_action(["stand"], ["stand"]),
    "start empty": _set("start", {}),
}


@pytest.mark.parametrize("name", sorted(_POKER_DAMAGE))
def test_poker_damaged_record_raises_record_error(name: str) -> None:
    base = _poker_base()
    _replay_poker(base)
    record = _edited(base, _POKER_DAMAGE[name])
    with pytest.raises(RecordError):
        _replay_poker(record)


def test_poker_record_with_a_two_deck_deck_is_refused() -> None:
    cards = full_deck() * 2
    cards.sort(key=lambda c: c != ACE_OF_SPADES)  # both aces of spades on top
    record = _edited(_poker_base(), _set("start.deck", {"decks": 2, "cut": None, "cards": cards_text(cards)}))
    record = RoundRecord(record.game, record.start, ())
    try:
        hand = _replay_poker(record)
    except RecordError:
        return
    assert isinstance(hand, DrawHand)
    hand.stand().settle()  # a replayed hand must at least be playable to the end


_BAC_DAMAGE: dict[str, Callable[[dict[str, Any]], None]] = {
    "ninth ace of spades in eight decks": _do(lambda d: _add_ace_of_spades(d["start"]["shoe"])),
    "unknown card token": _do(lambda d: d["start"]["shoe"].update(
        cards=_replace_card(d["start"]["shoe"]["cards"], 2, "QQ"))),
    "shoe too short for a coup": _do(lambda d: d["start"]["shoe"].update(cards="AS KD 5H")),
    "shoe decks as text": _set("start.shoe.decks", "8"),
    "shoe cut as text": _set("start.shoe.cut", "16"),
    "shoe not a mapping": _set("start.shoe", []),
    "missing shoe": _delete("start.shoe"),
    "missing bets": _delete("start.bets"),
    "missing roads": _delete("start.roads"),
    "unknown bet spot": _set("start.bets", {"X": 500}),
    "stake as text": _set("start.bets", {"P": "500"}),
    "stake negative": _set("start.bets", {"P": -500}),
    "stake fractional": _set("start.bets", {"P": 5.5}),
    "stake true": _set("start.bets", {"P": True}),
    "stake a list": _set("start.bets", {"P": [500]}),
    "no bets": _set("start.bets", {}),
    "only zero bets": _set("start.bets", {"P": 0, "B": 0}),
    "bets a list": _set("start.bets", [["P", 500]]),
    "bets a word": _set("start.bets", "P"),
    "unknown road letter": _set("start.roads", "PXB"),
    "roads a list": _set("start.roads", ["P", "B"]),
    "roads a number": _set("start.roads", 5),
    "roads null": _set("start.roads", None),
    "an action": _append_action(["draw"]),
    "start empty": _set("start", {}),
}


@pytest.mark.parametrize("name", sorted(_BAC_DAMAGE))
def test_baccarat_damaged_record_raises_record_error(name: str) -> None:
    base = _bac_base()
    _resume_bac(base)
    assert Counter(parse_cards(base.start["shoe"]["cards"]))[ACE_OF_SPADES] == 8
    record = _edited(base, _BAC_DAMAGE[name])
    with pytest.raises(RecordError):
        _resume_bac(record)


_REPLAYERS = {"blackjack": _resume_bj, "poker": _replay_poker, "baccarat": _resume_bac}


def _bases() -> dict[str, RoundRecord]:
    return {"blackjack": _bj_base()[1], "poker": _poker_base(), "baccarat": _bac_base()}


@pytest.mark.parametrize("replayer", sorted(_REPLAYERS))
@pytest.mark.parametrize("game", ["blackjack", "poker", "baccarat", "", "Blackjack", "roulette"])
def test_record_of_another_game_raises_record_error(replayer: str, game: str) -> None:
    bases = _bases()
    for source, record in bases.items():
        relabelled = RoundRecord(game, record.start, record.actions, record.meta)
        if game == replayer and source == replayer:
            _REPLAYERS[replayer](relabelled)  # its own record replays
            continue
        with pytest.raises(RecordError):
            _REPLAYERS[replayer](relabelled)


_GARBAGE = [
    "",
    " ",
    "not json",
    "{",
    '{"version": 1,',
    "[]",
    "null",
    "1",
    '"text"',
    "{}",
    '{"version": 2, "game": "poker", "start": {}, "actions": [], "meta": {}}',
    '{"game": "poker", "start": {}, "actions": [], "meta": {}}',
    '{"version": "1", "game": "poker", "start": {}, "actions": [], "meta": {}}',
    '{"version": 1, "game": 5, "start": {}, "actions": [], "meta": {}}',
    '{"version": 1, "game": "poker", "start": [], "actions": [], "meta": {}}',
    '{"version": 1, "game": "poker", "actions": [], "meta": {}}',
    '{"version": 1, "game": "poker", "start": {}, "actions": {}, "meta": {}}',
    '{"version": 1, "game": "poker", "start": {}, "actions": [], "meta": []}',
    '{"version": 1, "game": "poker", "start": {}, "actions": []}',
    "\x00\xff\ud800",
]


@pytest.mark.parametrize("text", _GARBAGE)
def test_from_json_garbage_raises_record_error(text: str) -> None:
    with pytest.raises(RecordError):
        RoundRecord.from_json(text)


@pytest.mark.parametrize("value", [None, 5, b'{"version": 1}', {"version": 1}, ["x"]])
def test_from_json_of_something_not_text_raises_record_error(value: object) -> None:
    with pytest.raises(RecordError):
        RoundRecord.from_json(value)


def test_from_json_deeply_nested_text_raises_record_error() -> None:
    with pytest.raises(RecordError):
        RoundRecord.from_json("[" * 100_000)


def test_from_json_deeply_nested_actions_raises_record_error() -> None:
    nested = "[" * 600 + "]" * 600
    text = f'{{"version": {RECORD_VERSION}, "game": "poker", "start": {{}}, "actions": [{nested}], "meta": {{}}}}'
    try:
        record = RoundRecord.from_json(text)
    except RecordError:
        return
    with pytest.raises(RecordError):
        _replay_poker(record)


@SETTINGS
@given(game=st.sampled_from(sorted(_REPLAYERS)), data=st.data())
def test_from_json_of_a_cut_short_record_raises_record_error(game: str, data: st.DataObject) -> None:
    text = _bases()[game].to_json()
    cut = data.draw(st.integers(0, len(text) - 1), label="cut")
    with pytest.raises(RecordError):
        RoundRecord.from_json(text[:cut])


@SETTINGS
@given(text=st.text(max_size=60))
def test_from_json_of_any_text_is_a_record_or_record_error(text: str) -> None:
    try:
        record = RoundRecord.from_json(text)
    except RecordError:
        return
    assert isinstance(record, RoundRecord)


# -- hypothesis: random damage to a valid record's JSON ----------------------------

_card_token = st.sampled_from([str(c) for c in full_deck()] + ["ZZ", "1S", "AX", "10H", "as", ""])
_json_leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**9), 10**9),
    st.sampled_from([0, 1, 2, 5, 6, 8, 16, 52, 64, 65, 100, 500, -1]),
    st.floats(allow_nan=False, allow_infinity=False),  # non-finite: refused by from_json (tested above)
    st.text(max_size=8),
    _card_token,
    st.sampled_from(["stand", "hit", "double", "split", "exchange", "P", "B", "T", "PBT",
                     "blackjack", "poker", "baccarat", JACKS_OR_BETTER_9_6.name]),
)
_json_value = st.recursive(
    _json_leaf,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.sampled_from(["decks", "cut", "cards", "all", "P", "B", "x", ""]) | st.text(max_size=5),
                        inner, max_size=4),
    ),
    max_leaves=8,
)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            found.extend(_paths(value, prefix + (key,)))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found.extend(_paths(value, prefix + (index,)))
    return found


def _mutate(data: Any, draw: st.DataObject) -> Any:
    """One random change: delete a key or item, replace a value, edit a card text,
    append a value to a list, or add a key."""
    paths = _paths(data)
    path = draw.draw(st.sampled_from(paths), label="path")
    parent: Any = None
    node = data
    for key in path:
        parent, node = node, node[key]
    kind = draw.draw(st.sampled_from(["delete", "replace", "replace", "cards", "append", "add"]), label="kind")
    if kind == "delete" and parent is not None:
        del parent[path[-1]]
    elif kind == "cards" and isinstance(node, str) and len(node.split()) > 1 and parent is not None:
        tokens = node.split()
        index = draw.draw(st.integers(0, len(tokens) - 1), label="token")
        op = draw.draw(st.sampled_from(["swap", "drop", "dup"]), label="token op")
        if op == "swap":
            tokens[index] = draw.draw(_card_token, label="new token")
        elif op == "drop":
            del tokens[index]
        else:
            tokens.insert(index, tokens[index])
        parent[path[-1]] = " ".join(tokens)
    elif kind == "append" and isinstance(node, list):
        node.append(draw.draw(_json_value, label="appended"))
    elif kind == "add" and isinstance(node, dict):
        node[draw.draw(st.text(max_size=6), label="new key")] = draw.draw(_json_value, label="added")
    elif parent is None:
        data = draw.draw(_json_value, label="whole")
    else:
        parent[path[-1]] = draw.draw(_json_value, label="new value")
    return data


_FUZZ_BASES: dict[str, RoundRecord] = {}


def _fuzz_base(game: str) -> RoundRecord:
    if not _FUZZ_BASES:
        _FUZZ_BASES.update(_bases())
        # a longer blackjack record with a split and a real 6-deck shoe
        table = Table(Rules(), rng=random.Random(12))
        table.new_round([500, 500, 500], [100, 5000, 5000])
        rnd = table.round
        assert rnd is not None
        for _ in range(3):
            if rnd.turn is None:
                break
            legal = rnd.legal_actions()
            rnd.act(Action.SPLIT if Action.SPLIT in legal else Action.HIT if Action.HIT in legal else Action.STAND)
        _FUZZ_BASES["blackjack-6"] = table.record({"levels": ["a", "b"]})
        hand = DrawHand.new(25, 3).bet(5).deal(Shoe.stacked(_shuffled(full_deck(), 2)[:9], random.Random(2)))
        _FUZZ_BASES["poker-short"] = hand.exchange([0, 1, 2]).exchange([3, 4]).record()
    return _FUZZ_BASES[game]


def _replay_or_record_error(game: str, text: str) -> None:
    try:
        record = RoundRecord.from_json(text)
    except RecordError:
        return
    replayer = _REPLAYERS[game.split("-")[0]]
    try:
        result = replayer(record)
    except RecordError:
        return
    # The record replayed: what came back must be usable and saveable again.
    if isinstance(result, Table):
        assert result.round is not None
        RoundRecord.from_json(result.record({}).to_json())
    elif isinstance(result, DrawHand):
        RoundRecord.from_json(result.record().to_json())
        assert result.phase in (Phase.DRAWING, Phase.SHOWDOWN)
    else:
        assert isinstance(result, BaccaratTable)
        assert isinstance(result.returned(), int)
        RoundRecord.from_json(result.record().to_json())


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(["blackjack", "blackjack-6", "poker", "poker-short", "baccarat"]),
    mutations=st.integers(1, 3),
    data=st.data(),
)
def test_mutated_records_replay_or_raise_record_error(game: str, mutations: int, data: st.DataObject) -> None:
    tree = json.loads(_fuzz_base(game).to_json())
    for _ in range(mutations):
        tree = _mutate(tree, data)
    _replay_or_record_error(game, json.dumps(tree))


@settings(max_examples=60, deadline=None)
@given(game=st.sampled_from(["blackjack", "poker", "baccarat"]), data=st.data())
def test_records_of_random_json_replay_or_raise_record_error(game: str, data: st.DataObject) -> None:
    start = data.draw(st.dictionaries(st.sampled_from(sorted(_fuzz_base(game).start)), _json_value, max_size=6))
    actions = data.draw(st.lists(_json_value, max_size=3))
    text = json.dumps({"version": RECORD_VERSION, "game": game, "start": start, "actions": actions, "meta": {}})
    _replay_or_record_error(game, text)


# =====================================================================================
# Shoe snapshot / restore
# =====================================================================================


def _remaining_cards(shoe: Shoe) -> list[Card]:
    return shoe.undealt()


def _deal_both_to_the_end(a: Shoe, b: Shoe) -> None:
    while True:
        assert a.cut_card_reached == b.cut_card_reached
        assert a.remaining == b.remaining and a.dealt == b.dealt
        if a.remaining == 0:
            break
        assert a.draw() == b.draw()
    with pytest.raises(ShoeEmpty):
        a.draw()
    with pytest.raises(ShoeEmpty):
        b.draw()


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    decks=st.integers(1, 8),
    cut=st.one_of(st.none(), st.integers(0, 52)),
    dealt=st.integers(0, 420),
)
def test_shoe_snapshot_restore_round_trip(seed: int, decks: int, cut: int | None, dealt: int) -> None:
    shoe = Shoe(decks, random.Random(seed), cut_from_end=cut)
    for _ in range(min(dealt, shoe.size)):
        shoe.draw()
    snap = shoe.snapshot()
    assert json.loads(json.dumps(snap)) == snap  # plain JSON data
    rng = random.Random(seed + 1)
    restored = Shoe.restore(json.loads(json.dumps(snap)), rng)
    assert restored.rng is rng
    assert restored.snapshot() == snap
    assert restored.decks == shoe.decks and restored.size == shoe.size
    assert restored.cut_from_end == shoe.cut_from_end
    assert _remaining_cards(restored) == _remaining_cards(shoe)
    _deal_both_to_the_end(shoe, restored)
    # a reshuffle gathers the whole shoe again
    restored.shuffle()
    assert restored.remaining == restored.size == decks * 52
    assert Counter(_remaining_cards(restored)) == Counter(full_deck() * decks)


@settings(max_examples=40, deadline=None)
@given(
    cards=st.lists(st.sampled_from(full_deck()), min_size=0, max_size=40),
    dealt=st.integers(0, 40),
    cut=st.one_of(st.none(), st.integers(0, 40)),
    seed=st.integers(0, 1000),
)
def test_stacked_shoe_snapshot_keeps_its_whole_composition(
    cards: list[Card], dealt: int, cut: int | None, seed: int
) -> None:
    assume(cut is None or cut <= len(cards))
    shoe = Shoe.stacked(cards, random.Random(seed), cut_from_end=cut)
    for _ in range(min(dealt, len(cards))):
        shoe.draw()
    snap = shoe.snapshot()
    restored = Shoe.restore(json.loads(json.dumps(snap)), random.Random(seed))
    assert restored.snapshot() == snap
    assert restored.size == shoe.size == len(cards)
    assert _remaining_cards(restored) == cards[min(dealt, len(cards)):]
    assert restored.cut_card_reached == shoe.cut_card_reached
    # A snapshot taken after a shuffle of a stacked shoe still restores.
    again = Shoe.restore(restored.snapshot(), random.Random(seed))
    _deal_both_to_the_end(shoe, restored)
    for s in (shoe, restored, again):
        s.shuffle()
        assert s.remaining == len(cards)
        assert Counter(_remaining_cards(s)) == Counter(cards)
    after = Shoe.restore(shoe.snapshot(), random.Random(0))
    assert Counter(_remaining_cards(after)) == Counter(cards)
    after.shuffle()
    assert Counter(_remaining_cards(after)) == Counter(cards)


@pytest.mark.parametrize(
    "snapshot",
    [
        None,
        [],
        "AS KD",
        {},
        {"decks": 1, "cut": None},
        {"decks": 1, "cut": None, "cards": "AS AS"},
        {"decks": 1, "cut": None, "cards": "AS ZZ"},
        {"decks": "1", "cut": None, "cards": "AS"},
        {"decks": True, "cut": None, "cards": "AS"},
        {"decks": -1, "cut": None, "cards": "AS"},
        {"decks": 65, "cut": None, "cards": "AS"},
        {"decks": 1, "cut": 53, "cards": "AS"},
        {"decks": 1, "cut": -1, "cards": "AS"},
        {"decks": 1, "cut": "1", "cards": "AS"},
        {"decks": 1, "cut": None, "cards": ["AS"]},
        {"decks": 0, "cut": None, "cards": "AS"},
        {"decks": 0, "cut": None, "cards": "AS", "all": "KS"},
        {"decks": 0, "cut": 3, "cards": "AS", "all": "AS KS"},
    ],
)
def test_shoe_restore_refuses_what_is_not_a_snapshot(snapshot: object) -> None:
    with pytest.raises(ValueError):
        Shoe.restore(snapshot)


# =====================================================================================
# undo_deal
# =====================================================================================


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rounds_before=st.integers(0, 6), seats=st.integers(1, 5))
def test_blackjack_undo_deal_puts_the_cards_back(seed: int, rounds_before: int, seats: int) -> None:
    table = Table(Rules(), rng=random.Random(seed))
    rng = random.Random(seed)
    for _ in range(rounds_before):
        table.new_round([500] * rng.randint(1, 5))
        while table.round.turn is not None:  # type: ignore[union-attr]
            table.round.act(rng.choice(sorted(table.round.legal_actions(), key=lambda a: a.value)))  # type: ignore[union-attr]
        table.finish_round()
    assume(not table.cut_card_reached)  # see the test below for a deal after the cut card
    before = table.shoe.snapshot()
    seen, dealt = table.seen_since_shuffle, table.rounds_dealt
    first = table.new_round([500] * seats, [1000] * seats)
    cards, dealer, events = first.all_hands, first.dealer_cards, first.events
    assert table.shoe.snapshot() != before
    table.undo_deal()
    assert table.round is None
    assert table.shoe.snapshot() == before
    assert table.seen_since_shuffle == seen
    assert table.rounds_dealt == dealt
    with pytest.raises(RuntimeError):
        table.record({})
    again = table.new_round([500] * seats, [1000] * seats)
    assert (again.all_hands, again.dealer_cards, again.events) == (cards, dealer, events)
    table.undo_deal()
    table.undo_deal()  # nothing dealt: nothing to undo
    assert table.shoe.snapshot() == before


def test_blackjack_undo_deal_after_the_cut_card_still_reports_the_shuffle() -> None:
    table = Table(Rules(), rng=random.Random(4))
    while not table.cut_card_reached:
        table.new_round([500, 500, 500])
        while table.round.turn is not None:  # type: ignore[union-attr]
            table.round.act(Action.STAND)  # type: ignore[union-attr]
        table.finish_round()
    table.new_round([500])
    assert table.just_shuffled
    table.undo_deal()
    table.new_round([500])
    assert table.just_shuffled, "the round after the shuffle is still the first of the new shoe"
    assert table.record({}).start["just_shuffled"] is True


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    decks=st.sampled_from([4, 6, 8]),
    coups_before=st.integers(0, 90),
    bets=_bac_bet_map,
)
def test_baccarat_undo_deal_puts_the_cards_back(
    seed: int, decks: int, coups_before: int, bets: dict[Outcome, int]
) -> None:
    table = BaccaratTable(new_shoe(decks, random.Random(seed)))
    for _ in range(coups_before):
        if table.needs_shoe:
            break
        table.deal({Outcome.BANKER: 500})
        table.finish()
    before = table.shoe.snapshot()
    history, needs, new = list(table.history), table.needs_shoe, table.new_shoe
    coup = table.deal(bets)
    table.undo_deal()
    assert table.coup is None and table.bets == {}
    assert table.shoe.snapshot() == before
    assert table.history == history and table.needs_shoe == needs and table.new_shoe == new
    with pytest.raises(RuntimeError):
        table.record()
    assert table.deal(bets) == coup  # dealt again: the same coup
    table.undo_deal()
    table.undo_deal()
    assert table.shoe.snapshot() == before


def test_baccarat_deal_that_runs_dry_leaves_the_shoe_as_it_was() -> None:
    table = BaccaratTable(Shoe.stacked("2S 3H 4D", random.Random(1)))
    before = table.shoe.snapshot()
    with pytest.raises(ShoeEmpty):
        table.deal({Outcome.PLAYER: 500})
    assert table.shoe.snapshot() == before
    assert table.coup is None
    with pytest.raises(RuntimeError):
        table.record()
