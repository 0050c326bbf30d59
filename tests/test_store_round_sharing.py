"""Committed rounds shared and checked (RULES.md section 1, "A dealt round is committed").

Two copies of the program (two stores in one process, or two processes racing) never
spend the same chips twice; ``reconcile`` balances after a long random session of every
store operation, right and wrong, detects tampering and reads one consistent snapshot;
table claims are OS locks, one set per data folder, that a killed process lets go of.

Expected amounts are worked out by hand or by a model kept by the test, never read back
from the store's own arithmetic. "Nothing changed" is checked on the raw file.
"""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest
from store_helpers import balanced, file_state, raw, record

from cardtable.store import (
    DB_NAME,
    GAMES,
    START_BANKROLL,
    GameStats,
    InsufficientFunds,
    NoOpenRound,
    RoundAlreadyOpen,
    Store,
    StoreError,
    TableClaim,
)

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
