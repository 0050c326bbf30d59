"""The store's connection and its write transaction (``cardtable.store.base``): every
change is all or nothing, whatever fails — the statement, the commit, or the lock — and
the store's lock is always let go."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest

from cardtable.store import START_BANKROLL, Store, StoreError
from cardtable.store.base import bankroll_of, rollback


class _Failing:
    """A connection that fails the statements starting with ``word`` (a full disk at
    COMMIT, say) and passes everything else to the real one."""

    def __init__(self, real: sqlite3.Connection, word: str, error: sqlite3.Error) -> None:
        self.real, self.word, self.error = real, word, error

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
        if sql.startswith(self.word):
            raise self.error
        return self.real.execute(sql, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)


@pytest.fixture
def store(data_dir: Path):
    with Store.open(data_dir) as s:
        yield s


def _in_another_thread(work: Any) -> object:
    """Run ``work`` in a thread, bounded: the store's lock must have been let go."""
    out: list[object] = []
    thread = threading.Thread(target=lambda: out.append(work()), daemon=True)
    thread.start()
    thread.join(timeout=30)
    assert not thread.is_alive(), "the store's lock was kept"
    return out[0]


def test_a_commit_that_fails_changes_nothing_and_says_why(store: Store) -> None:
    real = store._conn
    assert real is not None
    store._conn = _Failing(real, "COMMIT", sqlite3.OperationalError("database or disk is full"))  # type: ignore[assignment]
    with pytest.raises(StoreError, match=r"could not be used: the disk is full\.$"):
        store.record_round("poker", 500, 2_000)
    store._conn = real
    assert not real.in_transaction
    assert store.bankroll == START_BANKROLL and store.history() == []
    assert _in_another_thread(lambda: store.record_round("poker", 500, 0)) == START_BANKROLL - 500


def test_a_write_that_cannot_begin_lets_the_lock_go(store: Store) -> None:
    other = sqlite3.connect(store.path, isolation_level=None)
    store.set_busy_timeout(0)
    other.execute("BEGIN IMMEDIATE")  # another copy holds the write lock
    try:
        with pytest.raises(StoreError, match="another copy of cardtable is busy with it"):
            store.record_round("poker", 500, 0)
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert _in_another_thread(lambda: store.record_round("poker", 500, 0)) == START_BANKROLL - 500


def test_an_error_inside_a_write_rolls_it_back(store: Store) -> None:
    with pytest.raises(KeyError), store._write() as cur:
        cur.execute("UPDATE wallet SET bankroll = 7 WHERE id = 1")
        raise KeyError("the caller's own error passes through unchanged")
    with pytest.raises(StoreError, match="appears to be damaged"), store._write() as cur:
        cur.execute("UPDATE wallet SET bankroll = 7 WHERE id = 1")
        cur.execute("SELECT * FROM no_such_table")
    assert store.bankroll == START_BANKROLL
    with store._write() as cur:
        assert bankroll_of(cur) == START_BANKROLL


def test_a_failed_rollback_is_no_second_error(store: Store) -> None:
    real = store._db()
    real.execute("BEGIN")
    rollback(_Failing(real, "ROLLBACK", sqlite3.OperationalError("disk I/O error")))  # type: ignore[arg-type]
    assert real.in_transaction  # nothing raised, and nothing else was done
    rollback(real)
    assert not real.in_transaction
    rollback(real)  # nothing open: nothing to do


def test_the_busy_timeout_is_set_on_the_connection(store: Store) -> None:
    store.set_busy_timeout(120)
    assert store._db().execute("PRAGMA busy_timeout").fetchone() == (120,)


def test_a_closed_store_refuses_everything_in_words(store: Store) -> None:
    store.close()
    store.close()  # twice is fine
    assert store.closed
    for call in (lambda: store.bankroll, lambda: store.set_busy_timeout(10),
                 lambda: store.record_round("poker", 500, 0), lambda: store.history()):
        with pytest.raises(StoreError, match=r"^The data file is closed\.$"):
            call()
