"""A data file left as it was at this program's last clean close opens without SQLite's
integrity scan (it reads every page: about 60 ms at every start for 100,000 rounds); any
other file is scanned as before: a first open, a file changed since, one left with a
write-ahead log beside it (another copy open, or one killed), one replaced while open."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

import cardtable.store.opening as opening
from cardtable.store import DB_NAME, Store


@pytest.fixture
def scans(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The integrity scans made from now on (by the file's folder)."""
    made: list[Path] = []
    real = opening.damaged

    def counted(conn: sqlite3.Connection) -> bool:
        made.append(Path(conn.execute("PRAGMA database_list").fetchone()[2]).parent)
        return real(conn)

    monkeypatch.setattr(opening, "damaged", counted)
    return made


def _played(folder: Path) -> None:
    with Store.open(folder) as store:
        store.record_round("baccarat", 500, 975, {"coup": 1})


def test_a_file_left_as_it_was_opens_without_the_scan(tmp_path: Path, scans: list[Path]) -> None:
    _played(tmp_path)
    assert len(scans) == 1  # the first open scans
    for _ in range(2):
        with Store.open(tmp_path) as store:
            assert store.bankroll == 1000_00 + 475 and store.notice is None
    assert len(scans) == 1
    assert (tmp_path / f"{DB_NAME}-checked").stat().st_mode & 0o077 == 0  # private, as the file


def test_a_file_changed_since_is_scanned_and_a_damaged_one_moved_aside(tmp_path: Path, scans: list[Path]) -> None:
    with Store.open(tmp_path) as store:
        for i in range(300):
            store.record_round("baccarat", 500, 975, {"coup": i, "pad": "x" * 100})
        path = store.path
    data = bytearray(path.read_bytes())
    data[2 * 4096 : 5 * 4096] = b"\xa5" * (3 * 4096)  # scribbled over, the size kept
    path.write_bytes(bytes(data))
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))  # a second later, as in life
    with Store.open(tmp_path) as store:
        assert len(scans) == 3  # the first open, the changed file, the fresh one in its place
        assert store.moved_aside is not None and "damaged" in store.moved_aside[0]


def test_a_round_played_without_a_clean_close_means_a_scan(tmp_path: Path, scans: list[Path]) -> None:
    _played(tmp_path)
    killed = Store.open(tmp_path)
    killed.record_round("poker", 500, 0, {"hand": 1})
    connection = killed._conn  # the process dies: its connection goes, no clean close
    assert connection is not None
    connection.close()
    killed._conn = None
    with Store.open(tmp_path) as store:
        assert store.bankroll == 1000_00 + 475 - 500
    assert len(scans) == 2


def test_a_log_left_beside_the_file_means_a_scan(tmp_path: Path, scans: list[Path]) -> None:
    _played(tmp_path)
    (tmp_path / f"{DB_NAME}-wal").write_bytes(b"\x00" * 64)  # not a valid log: SQLite ignores it
    with Store.open(tmp_path):
        pass
    assert len(scans) == 2


def test_a_file_replaced_while_open_is_not_noted_as_left(tmp_path: Path, scans: list[Path]) -> None:
    _played(tmp_path)
    other = tmp_path / "other"
    _played(other)
    store = Store.open(tmp_path)
    assert len(scans) == 2  # each folder's first open
    os.replace(other / DB_NAME, tmp_path / DB_NAME)  # another program's file put in its place
    store.close()
    with Store.open(tmp_path):
        pass
    assert len(scans) == 3


def test_a_bankroll_left_unexplained_is_asked_about_again(tmp_path: Path, scans: list[Path]) -> None:
    """A bankroll edited by hand is reported at the next start; left as it is (the player
    did not take the records' figure), it is reported at the start after too."""
    _played(tmp_path)
    con = sqlite3.connect(tmp_path / DB_NAME, isolation_level=None)
    con.execute("UPDATE wallet SET bankroll = bankroll + 100000 WHERE id = 1")
    con.close()
    for _ in range(2):
        with Store.open(tmp_path) as store:
            assert store.tampered == (1000_00 + 475, 1000_00 + 475 + 100000)
    with Store.open(tmp_path) as store:
        store.restore_bankroll(1000_00 + 475)
    with Store.open(tmp_path) as store:
        assert store.tampered is None and store.bankroll == 1000_00 + 475
    assert len(scans) == 4  # the first open, then the edited file at each open until restored
