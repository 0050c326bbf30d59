"""Committed rounds (RULES.md section 1, "A dealt round is committed").

The stake leaves the bankroll when the cards are dealt (``commit_round``); doubles,
splits and added coins leave it when they are made (``update_round``); settlement
pays, counts and writes history in one transaction (``settle_round``). Every refusal
changes nothing, a failure in the middle of a settlement leaves the round open, two
copies of the program never spend the same chips twice, ``reconcile`` balances, and
table claims are OS locks that a killed process lets go of.

Expected amounts are worked out by hand (or by a model kept by the test), never read
back from the store's own arithmetic. "Nothing changed" is checked on the raw file.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest

import cardtable
from cardtable.store import (
    DB_NAME,
    GAMES,
    SCHEMA_VERSION,
    START_BANKROLL,
    GameStats,
    InsufficientFunds,
    NewerDataFile,
    NoOpenRound,
    RoundAlreadyOpen,
    Settings,
    Store,
    StoreError,
    TableClaim,
)

SCHEMA1_FILE = Path(__file__).parent / "data" / "cardtable-schema1.sqlite3"
ISO_Z = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$")


# --------------------------------------------------------------------------- helpers


@pytest.fixture
def store(data_dir: Path):
    s = Store.open(data_dir)
    yield s
    s.close()


def raw(path: Path) -> sqlite3.Connection:
    """A plain connection to look at or tamper with the file behind the store's back."""
    return sqlite3.connect(path, isolation_level=None)


def file_state(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every row the money rules care about, read from the file itself."""
    con = raw(path)
    try:
        return {
            table: con.execute(f"SELECT * FROM {table} ORDER BY 1").fetchall()
            for table in (
                "wallet",
                "open_rounds",
                "history",
                "stats",
                "ledger",
                "void_rounds",
                "settings",
            )
        }
    finally:
        con.close()


def record(game: str, step: int, **extra: Any) -> str:
    return json.dumps({"game": game, "step": step, **extra}, sort_keys=True)


def balanced(s: Store, amount: int) -> None:
    """``reconcile`` balances and both sides equal the amount worked out by the test."""
    assert s.reconcile() == (amount, amount)
    assert s.bankroll == amount


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


# --------------------------------------------------------------------------- 4. two copies


def test_two_copies_cannot_stake_the_same_chips_twice(data_dir: Path) -> None:
    with Store.open(data_dir) as a, Store.open(data_dir) as b:
        assert a.commit_round("blackjack", 60_000, record("blackjack", 0)) == 40_000
        before = file_state(a.path)
        with pytest.raises(InsufficientFunds):
            b.commit_round("baccarat", 50_000, record("baccarat", 0))
        assert file_state(a.path) == before
        assert b.bankroll == 40_000
        assert b.commit_round("baccarat", 40_000, record("baccarat", 0)) == 0
        with pytest.raises(InsufficientFunds):
            a.commit_round("poker", 1, record("poker", 0))
        with pytest.raises(InsufficientFunds):
            a.update_round("blackjack", record("blackjack", 1), 1)
        assert a.bankroll == 0 and b.bankroll == 0
        assert a.open_games() == ("blackjack", "baccarat")
        # a's win shows in b at once
        assert a.settle_round("blackjack", 120_000, stake=60_000) == 120_000
        assert b.bankroll == 120_000
        assert b.open_games() == ("baccarat",)
        assert b.stats("blackjack") == GameStats("blackjack", 1, 1, 0, 0, 60_000, 60_000, 0, 60_000, 0)
        balanced(b, 120_000)
        b.settle_round("baccarat", 0, stake=40_000)
        assert a.bankroll == 120_000
        balanced(a, 120_000)


RACER = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from cardtable.store import Store, InsufficientFunds

    folder, game = Path(sys.argv[1]), sys.argv[2]
    store = Store.open(folder)
    (folder / f"ready-{game}").touch()
    deadline = time.monotonic() + 30
    while not (folder / "go").exists():
        if time.monotonic() > deadline:
            sys.exit("no go signal")
        time.sleep(0.002)
    try:
        store.commit_round(game, 60_000, '{"racer": "%s"}' % game)
        print("ok")
    except InsufficientFunds:
        print("funds")
    store.close()
    """
)


def test_two_processes_racing_commits_never_overspend(tmp_path: Path) -> None:
    folder = tmp_path / "shared"
    folder.mkdir()
    Store.open(folder).close()
    games = ("blackjack", "poker")
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", RACER, str(folder), game],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=tmp_path,
        )
        for game in games
    ]
    try:
        deadline = time.monotonic() + 30
        while not all((folder / f"ready-{g}").exists() for g in games):
            if any(p.poll() is not None for p in procs) or time.monotonic() > deadline:
                break
            time.sleep(0.005)
        (folder / "go").touch()
        outputs = [p.communicate(timeout=60) for p in procs]
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait()
    for p, (_out, err) in zip(procs, outputs, strict=True):
        assert p.returncode == 0, err
    results = sorted(out.strip() for out, _ in outputs)
    assert results == ["funds", "ok"]
    with Store.open(folder) as s:
        assert s.bankroll == 40_000
        assert len(s.open_games()) == 1
        balanced(s, 40_000)


# --------------------------------------------------------------------------- 5. reconciliation

MINIMUM = {"blackjack": 500, "baccarat": 500, "poker": 500}
OPERATIONS = ("commit", "update", "settle", "void", "record", "refill", "reset")
OPERATION_WEIGHTS = (30, 18, 28, 4, 14, 4, 1)
OUTCOMES = (
    "commit", "update", "settle", "void", "record", "refill", "funds", "already", "noround", "mismatch", "reset",
)


class RandomSession:
    """A model of what the store must hold while a random session plays every store
    operation on it, right and wrong: the bankroll, the open rounds, each game's tallies
    (rounds won lost pushed net big refills staked loss), the history and void counts,
    and how often each outcome happened."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.bank = START_BANKROLL
        self.open_: dict[str, tuple[int, str]] = {}
        self.stats = {g: [0] * 9 for g in GAMES}
        self.history = 0
        self.voids = 0
        self.seen = dict.fromkeys(OUTCOMES, 0)

    def count(self, game: str, stake: int, returned: int) -> None:
        """A finished round in the model's tallies and history."""
        net = returned - stake
        st = self.stats[game]
        st[0] += 1
        st[1] += net > 0
        st[2] += net < 0
        st[3] += net == 0
        st[4] += net
        st[5] = max(st[5], net)
        st[7] += stake
        st[8] = min(st[8], net)
        self.history += 1

    def some_return(self, stake: int) -> int:
        return self.rng.choice(
            [0, 0, stake, 2 * stake, stake * 5 // 2, stake * 195 // 100, self.rng.randint(0, 3 * stake)]
        )

    def refilled(self, s: Store, game: str, minimum: int) -> None:
        """A refill the store must grant: the bankroll back to the start."""
        assert s.refill(game, minimum) == START_BANKROLL
        self.bank = START_BANKROLL
        self.stats[game][6] += 1
        self.seen["refill"] += 1

    def play(self, s: Store, game: str, action: str, step: int) -> None:
        """One operation on the store, checked against the model, and the model moved on."""
        rec = record(game, step)
        if action == "commit":
            self.commit(s, game, rec)
        elif action == "update":
            self.update(s, game, rec)
        elif action == "settle":
            self.settle(s, game, step)
        elif action == "void":
            self.void(s, game)
        elif action == "record":
            self.record_round(s, game, step)
        elif action == "refill":
            self.refill(s, game)
        elif action == "reset":
            self.reset(s)

    def commit(self, s: Store, game: str, rec: str) -> None:
        if game in self.open_:
            with pytest.raises(RoundAlreadyOpen):
                s.commit_round(game, MINIMUM[game], rec)
            self.seen["already"] += 1
        elif self.rng.random() < 0.1 or self.bank < MINIMUM[game]:
            with pytest.raises(InsufficientFunds):
                s.commit_round(game, self.bank + self.rng.randint(1, 5_000), rec)
            self.seen["funds"] += 1
        else:
            stake = self.rng.choice(
                [MINIMUM[game], self.rng.randint(MINIMUM[game], max(MINIMUM[game], self.bank // 5)), self.bank]
            )
            assert s.commit_round(game, stake, rec) == self.bank - stake
            self.bank -= stake
            self.open_[game] = (stake, rec)
            self.seen["commit"] += 1

    def update(self, s: Store, game: str, rec: str) -> None:
        if game not in self.open_:
            with pytest.raises(NoOpenRound):
                s.update_round(game, rec, 0)
            self.seen["noround"] += 1
            return
        staked = self.open_[game][0]
        extra = self.rng.choice([0, 0, staked, MINIMUM[game], self.bank + 1])
        if extra > self.bank:
            with pytest.raises(InsufficientFunds):
                s.update_round(game, rec, extra)
            self.seen["funds"] += 1
        else:
            assert s.update_round(game, rec, extra) == self.bank - extra
            self.bank -= extra
            self.open_[game] = (staked + extra, rec)
            self.seen["update"] += 1

    def settle(self, s: Store, game: str, step: int) -> None:
        if game not in self.open_:
            with pytest.raises(NoOpenRound):
                s.settle_round(game, 0)
            self.seen["noround"] += 1
            return
        staked = self.open_[game][0]
        returned = self.some_return(staked)
        if self.rng.random() < 0.1:
            with pytest.raises(StoreError):
                s.settle_round(game, returned, stake=staked + 1)
            self.seen["mismatch"] += 1
        else:
            kwargs = {"stake": staked} if self.rng.random() < 0.5 else {}
            assert s.settle_round(game, returned, {"step": step}, **kwargs) == self.bank + returned
            self.bank += returned
            del self.open_[game]
            self.count(game, staked, returned)
            self.seen["settle"] += 1

    def void(self, s: Store, game: str) -> None:
        if game not in self.open_:
            with pytest.raises(NoOpenRound):
                s.void_open_round(game, "cannot replay")
            self.seen["noround"] += 1
            return
        staked = self.open_.pop(game)[0]
        assert s.void_open_round(game, "cannot replay") == self.bank + staked
        self.bank += staked
        self.voids += 1
        self.seen["void"] += 1

    def record_round(self, s: Store, game: str, step: int) -> None:
        if game in self.open_:
            return  # only a round with nothing to wait for is recorded
        stake = self.rng.randint(0, self.bank + 2_000)
        if stake > self.bank:
            with pytest.raises(InsufficientFunds):
                s.record_round(game, stake, 0)
            self.seen["funds"] += 1
        else:
            returned = self.some_return(stake)
            assert s.record_round(game, stake, returned, {"step": step}) == self.bank - stake + returned
            self.bank += returned - stake
            self.count(game, stake, returned)
            self.seen["record"] += 1

    def refill(self, s: Store, game: str) -> None:
        minimum = self.rng.choice([MINIMUM[game], START_BANKROLL, self.bank + 1])
        if self.bank < minimum:
            self.refilled(s, game, minimum)
        else:
            before = file_state(s.path)
            with pytest.raises(StoreError):
                s.refill(game, minimum)
            assert file_state(s.path) == before

    def reset(self, s: Store) -> None:
        if self.open_:
            with pytest.raises(RoundAlreadyOpen):
                s.reset()
            return
        s.reset()
        self.bank = START_BANKROLL
        self.stats = {g: [0] * 9 for g in GAMES}
        self.history = 0
        self.seen["reset"] += 1

    def check_copy(self, copy: Store, where: tuple[int, str, str]) -> None:
        """A copy of the program sees the model's bankroll and open rounds, balanced."""
        expected, held = copy.reconcile()
        assert expected == held == self.bank, where
        assert copy.bankroll >= 0
        assert copy.open_games() == tuple(g for g in GAMES if g in self.open_)

    def check_tallies(self, s: Store) -> None:
        """The store's open rounds, tallies, history and void counts are the model's."""
        for game_ in GAMES:
            got = s.open_round(game_)
            if game_ in self.open_:
                assert (got.staked, got.record) == self.open_[game_]
            else:
                assert got is None
            assert s.stats(game_) == GameStats(game_, *self.stats[game_])
        assert s.history_count() == self.history
        assert s.void_count() == self.voids


def test_long_random_session_always_reconciles(data_dir: Path) -> None:
    rng = random.Random(20261130)
    a, b = Store.open(data_dir), Store.open(data_dir)
    session = RandomSession(rng)
    try:
        for step in range(400):
            s = rng.choice((a, b))
            game = rng.choice(GAMES)
            if session.bank < MINIMUM[game]:
                session.refilled(s, game, MINIMUM[game])
            action = rng.choices(OPERATIONS, weights=OPERATION_WEIGHTS)[0]
            session.play(s, game, action, step)

            # after every step, in both copies
            for copy in (a, b):
                session.check_copy(copy, (step, action, game))
            if step % 20 == 0 or step == 399:
                session.check_tallies(s)
        # the walk really went everywhere
        for what in ("commit", "update", "settle", "void", "record", "refill", "funds",
                     "already", "noround", "mismatch"):
            assert session.seen[what] >= 3, session.seen
    finally:
        a.close()
        b.close()


def test_reconcile_detects_tampering(store: Store) -> None:
    store.record_round("poker", 500, 1_500)
    store.commit_round("blackjack", 2_000, record("blackjack", 0))
    store.record_round("baccarat", 98_500, 0)  # down to 500 ...
    store.refill("baccarat", 1_000)  # ... refilled: the ledger records +99,500
    assert store.bankroll == START_BANKROLL
    balanced(store, START_BANKROLL)

    con = raw(store.path)
    try:
        con.execute("UPDATE wallet SET bankroll = bankroll + 1 WHERE id = 1")
        assert store.reconcile() == (100_000, 100_001)
        con.execute("UPDATE wallet SET bankroll = bankroll - 1 WHERE id = 1")
        balanced(store, 100_000)

        con.execute("UPDATE open_rounds SET staked = staked - 1000 WHERE game = 'blackjack'")
        assert store.reconcile() == (101_000, 100_000)
        con.execute("UPDATE open_rounds SET staked = staked + 1000 WHERE game = 'blackjack'")

        con.execute("UPDATE history SET returned = returned + 250 WHERE game = 'poker'")
        assert store.reconcile() == (100_250, 100_000)
        con.execute("UPDATE history SET returned = returned - 250 WHERE game = 'poker'")

        con.execute("DELETE FROM ledger")
        assert store.reconcile() == (500, 100_000)
    finally:
        con.close()


class _WritesBetweenReads:
    """A connection stand-in: after reconcile's first read, another copy settles."""

    def __init__(self, conn: sqlite3.Connection, other: Store) -> None:
        self._conn = conn
        self._other = other
        self._fired = False

    def execute(self, sql: str, *args: Any):
        cur = self._conn.execute(sql, *args)
        if "FROM history" in sql and not self._fired:
            self._fired = True
            row = cur.fetchone()
            self._other.settle_round("blackjack", 3_000, stake=1_000)
            return _OneRow(row)
        return cur

    def __getattr__(self, name: str) -> Any:
        return getattr(self._conn, name)


class _OneRow:
    def __init__(self, row: Any) -> None:
        self._row = row

    def fetchone(self) -> Any:
        return self._row


def test_reconcile_reads_one_consistent_snapshot(data_dir: Path) -> None:
    with Store.open(data_dir) as a, Store.open(data_dir) as b:
        a.commit_round("blackjack", 1_000, record("blackjack", 0))
        real = a._conn
        assert real is not None
        a._conn = _WritesBetweenReads(real, b)  # type: ignore[assignment]
        try:
            expected, held = a.reconcile()
        finally:
            a._conn = real
        # either snapshot is fine (before: 99,000; after: 102,000) but it must balance
        assert expected == held


# --------------------------------------------------------------------------- 6. table claims


def test_claims_are_exclusive_until_released(data_dir: Path) -> None:
    with Store.open(data_dir) as a, Store.open(data_dir) as b:
        first = a.claim_table("blackjack")
        assert isinstance(first, TableClaim) and first.held
        assert (data_dir / f"{DB_NAME}.blackjack.lock").exists()
        assert a.claim_table("blackjack") is None  # same Store object
        assert b.claim_table("blackjack") is None  # another Store object, same process
        # other games are independent
        poker = b.claim_table("poker")
        baccarat = a.claim_table("baccarat")
        assert poker is not None and baccarat is not None
        assert a.claim_table("poker") is None
        first.release()
        assert not first.held
        first.release()  # safe to repeat
        again = b.claim_table("blackjack")
        assert again is not None
        assert a.claim_table("blackjack") is None
        for claim in (again, poker, baccarat):
            claim.release()
        claims = [a.claim_table(g) for g in GAMES]
        assert all(c is not None for c in claims)
        for c in claims:
            c.release()


def test_claims_are_separate_per_data_folder(tmp_path: Path) -> None:
    with Store.open(tmp_path / "one") as one, Store.open(tmp_path / "two") as two:
        c1 = one.claim_table("poker")
        c2 = two.claim_table("poker")
        assert c1 is not None and c2 is not None
        c1.release()
        c2.release()


HOLDER = textwrap.dedent(
    """
    import sys, time
    from cardtable.store import Store

    store = Store.open(sys.argv[1])
    mine = store.claim_table("poker")
    theirs = store.claim_table("blackjack")
    print("claimed" if mine is not None else "refused",
          "blackjack-free" if theirs is not None else "blackjack-held", flush=True)
    time.sleep(60)
    """
)


def test_a_claim_held_by_a_killed_process_is_let_go(data_dir: Path, tmp_path: Path) -> None:
    Store.open(data_dir).close()
    with Store.open(data_dir) as s:
        blackjack = s.claim_table("blackjack")
        assert blackjack is not None
        child = subprocess.Popen(
            [sys.executable, "-c", HOLDER, str(data_dir)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=tmp_path,
        )
        try:
            line = child.stdout.readline()
            assert line.split() == ["claimed", "blackjack-held"], child.stderr.read()
            assert s.claim_table("poker") is None  # held by the child
            baccarat = s.claim_table("baccarat")
            assert baccarat is not None
            baccarat.release()
            assert s.claim_table("poker") is None  # still held after a retry
            os.kill(child.pid, signal.SIGKILL)
            assert child.wait(timeout=10) == -signal.SIGKILL
            poker = s.claim_table("poker")
            assert poker is not None  # the OS dropped the killed process's lock
            poker.release()
        finally:
            if child.poll() is None:
                child.kill()
                child.wait()
            child.stdout.close()
            child.stderr.close()
            blackjack.release()


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


# --------------------------------------------------------------------------- 8. migration

SCHEMA1_STATS = {
    "blackjack": GameStats("blackjack", 1, 1, 0, 0, 1_500, 1_500, 0, 1_000, 0),
    "baccarat": GameStats("baccarat", 1, 0, 1, 0, -2_000, 0, 0, 2_000, -2_000),
    "poker": GameStats("poker", 1, 1, 0, 0, 500, 500, 0, 500, 0),
}
SCHEMA1_HISTORY = [  # newest first, as Store.history gives it
    (3, "poker", "2026-11-30T22:19:18Z", 500, 1_000, {"coins": 1}),
    (
        2,
        "baccarat",
        "2026-11-30T22:19:18Z",
        2_000,
        0,
        {"banker": ["9C", "KD"], "bets": {"player": 2000}, "outcome": "Banker", "player": ["2S", "3H"]},
    ),
    (
        1,
        "blackjack",
        "2026-11-30T22:19:18Z",
        1_000,
        2_500,
        {
            "dealer": ["TS", "7H"],
            "hands": [
                {"cards": ["AS", "KD"], "doubled": False, "outcome": "blackjack",
                 "returned": 2500, "stake": 1000}
            ],
            "seats": 3,
        },
    ),
]
SCHEMA1_SETTINGS = Settings(
    bj_seats=("easy", "hard", "normal"),
    baccarat_decks=6,
    poker_coin=500,
    poker_exchanges=2,
    animations=True,
    ascii=False,
    theme="textual-dark",
    ai_delay_ms=500,
    bj_min=1_000,
    bj_max=50_000,
    bac_min=500,
    bac_max=50_000,
)


def copy_schema1(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / DB_NAME
    shutil.copyfile(SCHEMA1_FILE, target)
    return target


def test_checked_in_schema1_file_is_what_these_tests_expect() -> None:
    con = sqlite3.connect(f"file:{SCHEMA1_FILE}?mode=ro", uri=True)
    try:
        assert con.execute("PRAGMA user_version").fetchone() == (1,)
        tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        assert tables == {"wallet", "stats", "history", "settings", "sqlite_sequence"}
    finally:
        con.close()


def test_schema1_file_migrates_in_place_keeping_everything(tmp_path: Path) -> None:
    original = SCHEMA1_FILE.read_bytes()
    path = copy_schema1(tmp_path / "data")
    with Store.open(path.parent) as s:
        assert s.notice is None
        assert s.path == path
        assert s.bankroll == 100_000
        assert s.all_stats() == SCHEMA1_STATS
        got = [(h.id, h.game, h.at, h.stake, h.returned, h.details) for h in s.history()]
        assert got == SCHEMA1_HISTORY
        assert s.history_count() == 3
        assert s.settings() == SCHEMA1_SETTINGS
        assert s.open_games() == ()
        assert s.void_count() == 0
        # the history explains the bankroll exactly: 1,000 + 15 - 20 + 5
        balanced(s, 100_000)
    con = raw(path)
    try:
        assert con.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,) == ((3,))
        tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        assert {"open_rounds", "ledger", "void_rounds", "meta"} <= tables
        assert con.execute("SELECT value FROM meta WHERE key = 'written_by'").fetchone() == (
            cardtable.__version__,
        )
        ledger = con.execute("SELECT kind, game, amount FROM ledger").fetchall()
        assert all(kind == "opening" and game is None for kind, game, _ in ledger)
        assert sum(amount for *_, amount in ledger) == 0
        assert con.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    finally:
        con.close()
    # in place: nothing moved aside, and the checked-in file untouched
    assert sorted(p.name for p in path.parent.iterdir() if "corrupt" in p.name) == []
    assert SCHEMA1_FILE.read_bytes() == original

    # the migrated file plays on and keeps balancing, across reopening
    with Store.open(path.parent) as s:
        assert s.commit_round("blackjack", 1_000, record("blackjack", 0)) == 99_000
        assert s.settle_round("blackjack", 2_500, stake=1_000) == 101_500
        assert s.stats("blackjack") == GameStats("blackjack", 2, 2, 0, 0, 3_000, 1_500, 0, 2_000, 0)
        assert [h.id for h in s.history()][:2] == [4, 3]
        balanced(s, 101_500)
    with Store.open(path.parent) as s:
        balanced(s, 101_500)
        assert s.settings() == SCHEMA1_SETTINGS


def test_schema1_file_with_unexplained_chips_gets_one_opening_entry(tmp_path: Path) -> None:
    """Schema 1 kept no record of refills: the difference opens the ledger, once."""
    path = copy_schema1(tmp_path / "data")
    con = raw(path)
    con.execute("UPDATE wallet SET bankroll = 123456 WHERE id = 1")
    con.close()
    with Store.open(path.parent) as s:
        balanced(s, 123_456)
        assert s.all_stats() == SCHEMA1_STATS
    with Store.open(path.parent) as s:  # reopening adds nothing
        balanced(s, 123_456)
        s.record_round("poker", 456, 0)
        balanced(s, 123_000)
    con = raw(path)
    try:
        rows = con.execute("SELECT kind, game, amount FROM ledger ORDER BY id").fetchall()
    finally:
        con.close()
    assert rows == [("opening", None, 23_456)]


def test_schema1_file_below_its_history_gets_a_negative_opening_entry(tmp_path: Path) -> None:
    path = copy_schema1(tmp_path / "data")
    con = raw(path)
    con.execute("UPDATE wallet SET bankroll = 250 WHERE id = 1")
    con.close()
    with Store.open(path.parent) as s:
        balanced(s, 250)
        assert s.refill("poker", 500) == START_BANKROLL
        balanced(s, START_BANKROLL)
    con = raw(path)
    try:
        rows = con.execute("SELECT kind, amount FROM ledger ORDER BY id").fetchall()
    finally:
        con.close()
    assert rows == [("opening", -99_750), ("refill", 99_750)]


def test_a_newer_file_without_a_meta_table_is_refused_untouched(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    path = copy_schema1(folder)
    con = raw(path)
    con.execute("PRAGMA user_version = 4")
    con.close()
    before = path.read_bytes()
    listing = sorted(p.name for p in folder.iterdir())
    with pytest.raises(NewerDataFile) as caught:
        Store.open(folder)
    message = str(caught.value)
    assert "a newer version of cardtable" in message
    assert "data format 3" in message
    assert "None" not in message and "\n" not in message
    assert path.read_bytes() == before
    assert sorted(p.name for p in folder.iterdir()) == listing  # nothing moved aside or added
    # still refused the second time (it was not "repaired" the first time)
    with pytest.raises(NewerDataFile):
        Store.open(folder)
    assert path.read_bytes() == before


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
