"""A dealt round is committed: its record resumes it exactly.

For each game (blackjack, baccarat, draw poker) the live round is saved (``record`` ->
``to_json`` -> ``from_json``) at every point and resumed; the resumed round must be
indistinguishable from the live one (everything a player or the table can read, the
shoe's next cards included) and must settle the same way. Damaged records:
test_round_records.py; ``Shoe.snapshot``/``restore`` and ``undo_deal``: test_shoe_snapshots.py.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from round_record_helpers import PAY_TABLES, SETTINGS, _bac_bet_map, _shuffled, _stacked_table, _through_json

from cardtable.core.baccarat import CUT_FROM_END, Outcome, new_shoe
from cardtable.core.baccarat_table import BaccaratTable
from cardtable.core.blackjack import Action, HandOutcome, Rules
from cardtable.core.blackjack_table import Table
from cardtable.core.cards import Shoe, full_deck, parse_cards
from cardtable.core.poker import JACKS_OR_BETTER_9_6
from cardtable.core.poker_hand import DrawHand, Phase
from cardtable.core.roads import bead_plate, big_road

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
