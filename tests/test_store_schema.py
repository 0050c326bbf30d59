"""The data file's layout and its migrations (``cardtable.store.schema``), tested on the
file itself: a refill between rounds placed by the migration to schema 3, a current file
missing a whole table, and the checks' building blocks."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from cardtable.store import DB_NAME, START_BANKROLL, Store
from cardtable.store.errors import Unusable
from cardtable.store.schema import SCHEMA, check_tables, split_sql, table_names


def _raw(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path, isolation_level=None)


def _as_schema_2(path: Path, times: dict[str, list[str]]) -> None:
    """Turn a current file back into schema 2 (what the release before wrote), with
    the rounds' and the ledger's times set to ``times``."""
    con = _raw(path)
    for table, stamps in times.items():
        ids = [row[0] for row in con.execute(f"SELECT id FROM {table} ORDER BY id")]
        assert len(ids) == len(stamps)
        con.executemany(f"UPDATE {table} SET at = ? WHERE id = ?", list(zip(stamps, ids, strict=True)))
    con.execute("DROP INDEX history_amounts")
    con.execute("DROP TABLE history_records")
    for table, column in (("history", "bankroll"), ("ledger", "after_round"),
                          ("stats", "staked"), ("stats", "biggest_loss")):
        con.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
    con.execute("PRAGMA user_version = 2")
    con.execute("PRAGMA journal_mode = DELETE")
    con.close()


def test_the_migration_places_a_refill_between_the_rounds_it_came_between(data_dir: Path) -> None:
    with Store.open(data_dir) as store:
        store.record_round("poker", 99_500, 0)  # 5 chips left
        store.record_round("poker", 500, 0)  # broke
        store.refill("poker", 500)  # +1,000 chips
        store.record_round("baccarat", 1_000, 3_000)  # +20 chips
        store.record_round("baccarat", 2_000, 0)  # -20 chips
        path = store.path
    _as_schema_2(path, {
        "history": ["2026-12-01T01:00:00Z", "2026-12-01T01:00:05Z", "2026-12-01T01:10:00Z", "2026-12-01T01:10:09Z"],
        "ledger": ["2026-12-01T01:05:00Z"],
    })
    with Store.open(data_dir) as store:
        assert _raw(store.path).execute("PRAGMA user_version").fetchone() == (3,)
        after = [e.bankroll for e in reversed(store.history())]
        # 1,000 chips − 995 − 5, the refill's 1,000, then +20 and −20
        assert after == [500, 0, START_BANKROLL + 2_000, START_BANKROLL]
        assert store.refills() == [(2, "2026-12-01T01:05:00Z", START_BANKROLL)]
        assert store.game_totals()["poker"].staked == 100_000
        assert store.game_totals()["poker"].biggest_loss == -99_500
        assert store.game_totals()["baccarat"].biggest_loss == -2_000
        assert store.reconcile() == (START_BANKROLL, START_BANKROLL)


def test_a_refill_after_the_last_round_is_placed_after_it(data_dir: Path) -> None:
    with Store.open(data_dir) as store:
        store.record_round("poker", 100_000, 0)
        store.refill("poker", 500)
        path = store.path
    _as_schema_2(path, {"history": ["2026-12-01T01:00:00Z"], "ledger": ["2026-12-01T02:00:00Z"]})
    with Store.open(data_dir) as store:
        assert [e.bankroll for e in store.history()] == [0]
        assert store.refills() == [(1, "2026-12-01T02:00:00Z", START_BANKROLL)]
        assert store.bankroll == START_BANKROLL


@pytest.mark.parametrize("table", ["void_rounds", "history_records", "meta"])
def test_a_current_file_missing_a_whole_table_is_moved_aside(data_dir: Path, table: str) -> None:
    with Store.open(data_dir) as store:
        store.record_round("poker", 500, 0)
        path = store.path
    con = _raw(path)
    con.execute(f"DROP TABLE {table}")
    con.execute("PRAGMA journal_mode = DELETE")
    con.close()
    with Store.open(data_dir) as store:
        assert store.notice is not None and "does not hold cardtable data" in store.notice
        assert store.bankroll == START_BANKROLL  # a fresh file
    assert len(list(data_dir.glob(f"{DB_NAME}.corrupt-*"))) == 1


def test_check_tables_accepts_each_version_s_own_tables_only() -> None:
    con = sqlite3.connect(":memory:")
    for statement in split_sql(SCHEMA):
        con.execute(statement)
    con.execute("INSERT INTO wallet (id, bankroll) VALUES (1, 0)")
    check_tables(con, table_names(con))  # the current schema: whole
    check_tables(con, table_names(con), version=2)  # more than version 2 had is fine
    with pytest.raises(Unusable, match="does not hold"):
        check_tables(con, table_names(con) - {"ledger"}, version=2)
    check_tables(con, table_names(con) - {"ledger"}, version=1)  # version 1 had no ledger
    con.execute("UPDATE wallet SET bankroll = 'lots'")
    with pytest.raises(Unusable, match="bankroll is missing"):
        check_tables(con, table_names(con))


def test_the_schema_splits_into_its_statements() -> None:
    statements = list(split_sql(SCHEMA))
    assert all(s.startswith("CREATE ") and ";" not in s for s in statements)
    con = sqlite3.connect(":memory:")
    for statement in statements:
        con.execute(statement)
    assert table_names(con) == {
        "wallet", "stats", "history", "settings", "open_rounds", "ledger", "void_rounds", "meta", "history_records",
    }
