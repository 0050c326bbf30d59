"""The wallet (``cardtable.store.wallet``): when a refill is due, what the file's records
explain, and the refusals that leave the bankroll as it is."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from cardtable.store import MAX_BANKROLL, START_BANKROLL, Store, StoreError


@pytest.fixture
def store(data_dir: Path):
    with Store.open(data_dir) as s:
        yield s


def _sql(store: Store, statement: str) -> None:
    con = sqlite3.connect(store.path, isolation_level=None)
    con.execute(statement)
    con.close()


def test_a_refill_is_due_only_below_the_minimum(store: Store) -> None:
    store.record_round("poker", START_BANKROLL - 500, 0)  # 5 chips left
    assert not store.can_refill(500) and not store.can_refill(499)
    assert store.can_refill(501)
    for bad in (-1, 5.0, True):
        with pytest.raises(ValueError):
            store.can_refill(bad)  # type: ignore[arg-type]


def test_what_the_records_explain_counts_rounds_refills_and_open_stakes(store: Store) -> None:
    store.record_round("poker", 99_000, 0)
    store.refill("poker", 2_000)  # back to 1,000 chips: +99,000 in the ledger
    store.record_round("baccarat", 500, 975)
    store.commit_round("blackjack", 1_000, '{"r": 1}')  # open: its stake is on the table
    expected = START_BANKROLL - 99_000 + 99_000 + 475 - 1_000
    assert store.reconcile() == (expected, expected) == (expected, store.bankroll)
    _sql(store, "UPDATE wallet SET bankroll = bankroll + 1")
    assert store.reconcile() == (expected, expected + 1)


@pytest.mark.parametrize("amount", [MAX_BANKROLL + 1, 10**30])
def test_an_absurd_figure_is_never_restored(store: Store, amount: int) -> None:
    with pytest.raises(StoreError, match="not a sane amount"):
        store.restore_bankroll(amount)
    assert store.bankroll == START_BANKROLL


def test_a_negative_figure_is_no_amount(store: Store) -> None:
    with pytest.raises(ValueError, match="must not be negative"):
        store.restore_bankroll(-1)


def test_a_file_that_lost_its_bankroll_row_says_so(store: Store) -> None:
    _sql(store, "DELETE FROM wallet")
    with pytest.raises(StoreError, match="has lost its bankroll"):
        _ = store.bankroll
    with pytest.raises(StoreError, match="appears to be damaged"):
        store.reconcile()
    assert store._bankroll_check() is None  # cannot be checked now: no tamper warning on top


def test_a_sound_file_is_not_reported_and_an_absurd_one_is(store: Store) -> None:
    assert store._bankroll_check() is None
    absurd = MAX_BANKROLL + 1
    _sql(store, f"UPDATE wallet SET bankroll = {absurd}")
    _sql(store, f"INSERT INTO ledger (at, kind, amount) VALUES ('t', 'opening', {absurd - START_BANKROLL})")
    assert store.reconcile() == (absurd, absurd)  # explained, yet absurd
    assert store._bankroll_check() == (absurd, absurd)


def test_starting_over_is_refused_while_a_round_is_open_and_changes_nothing(store: Store) -> None:
    store.record_round("poker", 500, 0)
    store.commit_round("baccarat", 1_000, '{"r": 1}')
    with pytest.raises(StoreError, match="baccarat round is still open"):
        store.reset()
    assert store.bankroll == START_BANKROLL - 1_500 and store.history_count() == 1
