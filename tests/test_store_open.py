"""Opening the data file at start-up: a current file is only read (no write lock, no sync);
anything to create, repair or record still happens."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from cardtable import __version__
from cardtable.store import GAMES, Store


def raw(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path, isolation_level=None)


def test_opening_a_current_file_writes_nothing(tmp_path: Path) -> None:
    with Store.open(tmp_path) as first:
        first.record_round("poker", 500, 1000)
        assert first._conn is not None and first._conn.total_changes > 0  # a new file is written
    with Store.open(tmp_path) as again:
        assert again._conn is not None and again._conn.total_changes == 0
        assert again.bankroll == 100_000 + 500  # and it reads what was kept
        assert again._conn.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL, as before


def test_what_an_older_copy_left_is_still_recorded_and_repaired(tmp_path: Path) -> None:
    with Store.open(tmp_path) as first:
        path = first.path
    con = raw(path)
    con.execute("UPDATE meta SET value = '0.0.1' WHERE key = 'written_by'")
    con.execute("DELETE FROM stats WHERE game = 'baccarat'")
    con.execute("PRAGMA journal_mode = DELETE")
    con.close()
    with Store.open(tmp_path) as again:
        assert again._conn is not None
        assert again._conn.execute("SELECT value FROM meta WHERE key = 'written_by'").fetchone()[0] == __version__
        assert {row[0] for row in again._conn.execute("SELECT game FROM stats")} == set(GAMES)
        assert again._conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
