"""Committed rounds (RULES.md section 1, "A dealt round is committed"): the life of a round.

The stake leaves the bankroll when the cards are dealt (``commit_round``); doubles,
splits and added coins leave it when they are made (``update_round``); settlement
pays, counts and writes history in one transaction (``settle_round``). Every refusal
changes nothing, a failure in the middle of a settlement leaves the round open, a reset
waits for the open rounds, and a minimum above a refill is refused.

Expected amounts are worked out by hand, never read back from the store's own
arithmetic. "Nothing changed" is checked on the raw file. Two copies, ``reconcile`` and
table claims: test_store_round_sharing.py; schema-1 files: test_store_migration.py.
"""

from __future__ import annotations

import dataclasses
import json
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from store_helpers import balanced, file_state, raw, record

from cardtable.store import (
    GAMES,
    START_BANKROLL,
    GameStats,
    InsufficientFunds,
    NoOpenRound,
    RoundAlreadyOpen,
    Settings,
    Store,
    StoreError,
)

ISO_Z = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$")



# --------------------------------------------------------------------------- 1. life of a round


def test_commit_takes_the_stake_and_the_round_survives_reopening(data_dir: Path) -> None:
    first = json.dumps({"deck": ["AS", "KD", "7H", "9C"], "actions": [], "note": "é ♠ 10"})
    with Store.open(data_dir) as s:
        assert s.commit_round("blackjack", 1_000, first) == 99_000
        assert s.bankroll == 99_000
        opened = s.open_round("blackjack")
        assert opened is not None
        assert (opened.game, opened.staked, opened.record) == ("blackjack", 1_000, first)
        assert ISO_Z.match(opened.opened)
        assert s.open_games() == ("blackjack",)
        assert s.open_round("baccarat") is None and s.open_round("poker") is None
        # dealt is not settled: no statistics, no history yet
        assert s.stats("blackjack") == GameStats("blackjack")
        assert s.history_count() == 0
        balanced(s, 99_000)

    # the program closed (or crashed) with the hand in play: the round is still there
    with Store.open(data_dir) as s:
        assert s.bankroll == 99_000
        again = s.open_round("blackjack")
        assert again == opened
        assert again.record == first  # byte for byte, unicode included
        assert s.open_games() == ("blackjack",)
        balanced(s, 99_000)


def test_update_takes_the_extra_stake_and_settle_pays_counts_and_closes(store: Store) -> None:
    store.commit_round("blackjack", 1_000, record("blackjack", 0))
    # a double: 10 more chips leave the bankroll, the record is replaced
    assert store.update_round("blackjack", record("blackjack", 1, double=True), 1_000) == 98_000
    opened = store.open_round("blackjack")
    assert opened.staked == 2_000
    assert opened.record == record("blackjack", 1, double=True)
    # an action that costs nothing (a hit) only saves the record
    assert store.update_round("blackjack", record("blackjack", 2)) == 98_000
    assert store.open_round("blackjack").staked == 2_000
    assert store.open_round("blackjack").record == record("blackjack", 2)
    assert store.open_round("blackjack").opened == opened.opened
    balanced(store, 98_000)

    # settle: 50 chips back (stakes included) for 20 staked -> +30
    assert store.settle_round("blackjack", 5_000, {"hands": 1}, stake=2_000) == 103_000
    assert store.open_round("blackjack") is None
    assert store.open_games() == ()
    assert store.stats("blackjack") == GameStats("blackjack", 1, 1, 0, 0, 3_000, 3_000, 0, 2_000, 0)
    assert store.history_count() == 1
    (entry,) = store.history()
    assert (entry.game, entry.stake, entry.returned, entry.net) == ("blackjack", 2_000, 5_000, 3_000)
    assert entry.details == {"hands": 1}
    balanced(store, 103_000)

    # a loss, a push, and a smaller win: each counted once, biggest win kept
    store.commit_round("baccarat", 2_000, record("baccarat", 0))
    assert store.settle_round("baccarat", 0) == 101_000
    store.commit_round("poker", 500, record("poker", 0))
    assert store.settle_round("poker", 500, stake=500) == 101_000
    store.commit_round("blackjack", 1_000, record("blackjack", 9))
    assert store.settle_round("blackjack", 2_000) == 102_000
    assert store.stats("blackjack") == GameStats("blackjack", 2, 2, 0, 0, 4_000, 3_000, 0, 3_000, 0)
    assert store.stats("baccarat") == GameStats("baccarat", 1, 0, 1, 0, -2_000, 0, 0, 2_000, -2_000)
    assert store.stats("poker") == GameStats("poker", 1, 0, 0, 1, 0, 0, 0, 500, 0)
    assert store.history_count() == 4
    assert [h.game for h in store.history()] == ["blackjack", "poker", "baccarat", "blackjack"]
    balanced(store, 102_000)


def test_settle_with_a_mismatching_stake_is_refused_and_changes_nothing(store: Store) -> None:
    store.commit_round("poker", 500, record("poker", 0))
    store.update_round("poker", record("poker", 1), 500)
    before = file_state(store.path)
    for wrong in (500, 1_500, 0):
        with pytest.raises(StoreError) as caught:
            store.settle_round("poker", 5_000, {"x": 1}, stake=wrong)
        assert type(caught.value) is StoreError
        assert "10 chips on the table" in str(caught.value)
        assert file_state(store.path) == before
    # the right stake settles it
    assert store.settle_round("poker", 5_000, stake=1_000) == 104_000
    balanced(store, 104_000)


def test_settling_the_same_round_twice_pays_once(data_dir: Path) -> None:
    with Store.open(data_dir) as a, Store.open(data_dir) as b:
        a.commit_round("baccarat", 1_000, record("baccarat", 0))
        assert b.open_round("baccarat").staked == 1_000
        # the other copy settles it first
        assert b.settle_round("baccarat", 1_950, stake=1_000) == 100_950
        before = file_state(a.path)
        with pytest.raises(NoOpenRound):
            a.settle_round("baccarat", 1_950, stake=1_000)
        assert file_state(a.path) == before
        assert a.stats("baccarat").rounds == 1
        balanced(a, 100_950)


# --------------------------------------------------------------------------- 2. refusals


def test_insufficient_funds_on_commit_changes_nothing(store: Store) -> None:
    store.commit_round("poker", 90_000, record("poker", 0))
    before = file_state(store.path)
    for game, stake in (("blackjack", 10_001), ("baccarat", 100_000), ("blackjack", 10**9)):
        with pytest.raises(InsufficientFunds):
            store.commit_round(game, stake, record(game, 1))
        assert file_state(store.path) == before
    assert store.open_games() == ("poker",)
    assert store.history_count() == 0
    # exactly the rest of the bankroll is allowed
    assert store.commit_round("blackjack", 10_000, record("blackjack", 1)) == 0
    balanced(store, 0)


def test_insufficient_funds_on_update_changes_nothing(store: Store) -> None:
    store.commit_round("blackjack", 60_000, record("blackjack", 0))
    before = file_state(store.path)
    with pytest.raises(InsufficientFunds):
        store.update_round("blackjack", record("blackjack", 1, double=True), 60_000)
    after = file_state(store.path)
    assert after == before  # record, staked, updated time and bankroll all as they were
    opened = store.open_round("blackjack")
    assert (opened.staked, opened.record) == (60_000, record("blackjack", 0))
    assert store.bankroll == 40_000
    assert store.history_count() == 0
    assert store.update_round("blackjack", record("blackjack", 1), 40_000) == 0
    balanced(store, 0)


def test_a_second_commit_for_an_open_game_is_refused(data_dir: Path) -> None:
    with Store.open(data_dir) as a, Store.open(data_dir) as b:
        a.commit_round("blackjack", 1_000, record("blackjack", 0, copy="a"))
        before = file_state(a.path)
        with pytest.raises(RoundAlreadyOpen):
            a.commit_round("blackjack", 500, record("blackjack", 0, copy="a2"))
        assert file_state(a.path) == before
        # another copy of the program on the same folder
        with pytest.raises(RoundAlreadyOpen):
            b.commit_round("blackjack", 500, record("blackjack", 0, copy="b"))
        assert file_state(a.path) == before
        assert b.open_round("blackjack").record == record("blackjack", 0, copy="a")
        assert b.bankroll == 99_000
        # other games are free
        assert b.commit_round("poker", 500, record("poker", 0)) == 98_500
        balanced(a, 98_500)


def test_no_open_round_refusals_change_nothing(store: Store) -> None:
    store.record_round("poker", 500, 1_000)
    store.commit_round("baccarat", 500, record("baccarat", 0))
    before = file_state(store.path)
    for game in ("blackjack", "poker"):
        with pytest.raises(NoOpenRound):
            store.update_round(game, record(game, 1), 500)
        with pytest.raises(NoOpenRound):
            store.update_round(game, record(game, 1))
        with pytest.raises(NoOpenRound):
            store.settle_round(game, 1_000)
        with pytest.raises(NoOpenRound):
            store.void_open_round(game, "cannot replay")
        assert file_state(store.path) == before
    assert store.void_count() == 0


# --------------------------------------------------------------------------- 3. faults mid-transaction


def test_settlement_that_fails_midway_leaves_the_round_open(store: Store, monkeypatch) -> None:
    store.record_round("blackjack", 500, 1_000)  # some history and stats already
    store.commit_round("blackjack", 2_000, record("blackjack", 0))
    store.update_round("blackjack", record("blackjack", 1), 2_000)
    before = file_state(store.path)
    assert store.bankroll == 96_500

    def history_then_disk_error(cur, game, stake, returned, details_json, record=None):
        # the history row is written, then the disk fails: everything must roll back
        Store._insert_history(store, cur, game, stake, returned, details_json, record)
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(store, "_insert_history", history_then_disk_error)
    with pytest.raises(StoreError) as caught:
        store.settle_round("blackjack", 8_000, {"hands": 2}, stake=4_000)
    assert not isinstance(caught.value, (NoOpenRound, InsufficientFunds))
    assert "input/output" in str(caught.value)
    assert file_state(store.path) == before
    assert store.open_round("blackjack").staked == 4_000
    assert store.bankroll == 96_500  # the stake is still off the bankroll
    assert store.stats("blackjack") == GameStats("blackjack", 1, 1, 0, 0, 500, 500, 0, 500, 0)
    assert store.history_count() == 1
    balanced(store, 96_500)
    # another copy sees the same: nothing half-written reached the file
    with Store.open(store.path.parent) as other:
        assert other.bankroll == 96_500
        assert other.open_round("blackjack").staked == 4_000

    # an error raised before any SQL, then a plain sqlite failure mid-transaction
    def boom(*args, **kwargs):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(store, "_insert_history", boom)
    with pytest.raises(StoreError):
        store.settle_round("blackjack", 8_000, stake=4_000)
    assert file_state(store.path) == before

    monkeypatch.undo()
    # no transaction left open, no lock held: settlement now goes through, once
    assert store.settle_round("blackjack", 8_000, {"hands": 2}, stake=4_000) == 104_500
    assert store.open_games() == ()
    assert store.stats("blackjack") == GameStats("blackjack", 2, 2, 0, 0, 4_500, 4_000, 0, 4_500, 0)
    assert store.history_count() == 2
    balanced(store, 104_500)
    with Store.open(store.path.parent) as other:
        balanced(other, 104_500)


def test_commit_and_update_that_fail_midway_change_nothing(store: Store, monkeypatch) -> None:
    def take_then_fail(cur, stake):
        Store._take_stake(store, cur, stake)  # the stake is off ...
        raise sqlite3.OperationalError("disk I/O error")  # ... then the disk fails

    before = file_state(store.path)
    monkeypatch.setattr(store, "_take_stake", take_then_fail)
    with pytest.raises(StoreError):
        store.commit_round("poker", 1_000, record("poker", 0))
    assert file_state(store.path) == before
    assert store.open_games() == ()
    monkeypatch.undo()

    store.commit_round("poker", 1_000, record("poker", 0))
    before = file_state(store.path)
    monkeypatch.setattr(store, "_take_stake", take_then_fail)
    with pytest.raises(StoreError):
        store.update_round("poker", record("poker", 1), 1_000)
    assert file_state(store.path) == before
    monkeypatch.undo()
    assert store.update_round("poker", record("poker", 1), 1_000) == 98_000
    balanced(store, 98_000)


def test_a_fault_patched_on_one_store_does_not_affect_another(data_dir: Path, monkeypatch) -> None:
    with Store.open(data_dir) as a, Store.open(data_dir) as b:
        a.commit_round("poker", 1_000, record("poker", 0))

        def boom(*args, **kwargs):
            raise sqlite3.OperationalError("disk I/O error")

        monkeypatch.setattr(a, "_insert_history", boom)
        with pytest.raises(StoreError):
            a.settle_round("poker", 3_000)
        assert b.settle_round("poker", 3_000) == 102_000
        balanced(a, 102_000)



# --------------------------------------------------------------------------- 7. reset


def test_reset_is_refused_while_a_round_is_open(data_dir: Path) -> None:
    with Store.open(data_dir) as a, Store.open(data_dir) as b:
        a.record_round("poker", 500, 2_000)
        a.record_round("baccarat", 101_000, 0)  # down to 5 chips
        assert a.refill("baccarat", 1_000) == START_BANKROLL
        a.commit_round("blackjack", 5_000, record("blackjack", 0))
        before = file_state(a.path)
        with pytest.raises(RoundAlreadyOpen) as caught:
            a.reset()
        assert "blackjack" in str(caught.value)
        assert file_state(a.path) == before
        with pytest.raises(RoundAlreadyOpen):
            b.reset()  # the round is open in another copy: refused there too
        assert file_state(a.path) == before
        balanced(a, 95_000)

        b.settle_round("blackjack", 10_000, stake=5_000)
        balanced(a, 105_000)
        a.reset()
        assert a.bankroll == START_BANKROLL
        assert a.history_count() == 0
        assert a.all_stats() == {g: GameStats(g) for g in GAMES}
        con = raw(a.path)
        try:
            assert con.execute("SELECT COUNT(*) FROM ledger").fetchone() == (0,)
        finally:
            con.close()
        balanced(a, START_BANKROLL)
        balanced(b, START_BANKROLL)
        # and play goes on and keeps balancing
        b.commit_round("poker", 500, record("poker", 1))
        a.settle_round("poker", 0)
        balanced(b, 99_500)


def test_reset_after_a_void_still_balances(store: Store) -> None:
    store.commit_round("baccarat", 3_000, record("baccarat", 0))
    assert store.void_open_round("baccarat", "the shoe ran out") == START_BANKROLL
    assert store.void_count() == 1
    con = raw(store.path)
    try:
        rows = con.execute("SELECT game, staked, reason, record FROM void_rounds").fetchall()
    finally:
        con.close()
    assert rows == [("baccarat", 3_000, "the shoe ran out", record("baccarat", 0))]
    assert store.stats("baccarat") == GameStats("baccarat")  # a void is not a round played
    assert store.history_count() == 0
    store.reset()
    balanced(store, START_BANKROLL)



# --------------------------------------------------------------------------- 9. settings limits


@pytest.mark.parametrize("field", ["bj_min", "bac_min", "poker_coin"])
def test_minimums_above_a_refill_are_problems(field: str) -> None:
    def wide(value: int) -> Settings:
        chosen: dict[str, Any] = {"bj_max": 10_000_000, "bac_max": 10_000_000, field: value}
        return Settings(**chosen)

    assert wide(START_BANKROLL + 1).problems() == [field]
    assert wide(200_000).problems() == [field]
    assert wide(START_BANKROLL).problems() == []  # a refill covers it
    assert wide(1).problems() == []
    assert wide(0).problems() == [field]


@pytest.mark.parametrize("field", ["bj_min", "bac_min", "poker_coin"])
def test_save_settings_refuses_a_minimum_above_a_refill(store: Store, field: str) -> None:
    store.save_settings(dataclasses.replace(Settings(), theme="saved-first"))
    before = file_state(store.path)
    above: dict[str, Any] = {field: 100_001}
    bad = Settings(bj_max=10_000_000, bac_max=10_000_000, theme="never-saved", **above)
    with pytest.raises(ValueError, match=field):
        store.save_settings(bad)
    assert file_state(store.path) == before
    assert store.settings().theme == "saved-first"
    # the boundary is accepted
    at_refill: dict[str, Any] = {field: START_BANKROLL}
    ok = dataclasses.replace(bad, **at_refill)
    store.save_settings(ok)
    assert store.settings() == ok


@pytest.mark.parametrize("field", ["bj_min", "bac_min", "poker_coin"])
def test_a_stored_minimum_above_a_refill_loads_as_the_default(data_dir: Path, field: str) -> None:
    with Store.open(data_dir) as s:
        s.save_settings(Settings(bj_max=10_000_000, bac_max=10_000_000, theme="mine"))
        path = s.path
    con = raw(path)
    con.execute("UPDATE settings SET value = '200000' WHERE key = ?", (field,))
    con.close()
    with Store.open(data_dir) as s:
        loaded = s.settings()
    assert getattr(loaded, field) == getattr(Settings(), field) == 500
    assert loaded == Settings(bj_max=10_000_000, bac_max=10_000_000, theme="mine")
    assert loaded.problems() == []


def test_record_round_refuses_a_game_with_an_open_round(data_dir: Path) -> None:
    with Store.open(data_dir) as store:
        store.commit_round("blackjack", 1_000, record("blackjack", 0))
        with pytest.raises(RoundAlreadyOpen):
            store.record_round("blackjack", 500, 1_000)
        assert store.bankroll == 99_000 and store.history_count() == 0
        assert store.record_round("poker", 500, 1_000) == 99_500  # another game is free


def test_a_void_needs_its_reason_in_words(data_dir: Path) -> None:
    with Store.open(data_dir) as store:
        store.commit_round("poker", 500, record("poker", 0))
        with pytest.raises(ValueError):
            store.void_open_round("poker", None)  # type: ignore[arg-type]
        assert store.open_games() == ("poker",) and store.bankroll == 99_500
