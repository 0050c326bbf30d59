"""Persistence (DESIGN.md section 4) when the data file or its folder is not what it should
be: a bad file is moved aside under a distinct name (a newer one is refused, untouched),
a bad data folder is a ``StoreError``, two processes share one folder, and a file busy
in another copy is an error, never taken for a corrupt one.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from store_helpers import raw

from cardtable.store import (
    DB_NAME,
    START_BANKROLL,
    InsufficientFunds,
    NewerDataFile,
    Settings,
    Store,
    StoreError,
)

CORRUPT_NAME = re.compile(re.escape(DB_NAME) + r"\.corrupt-\d{8}T\d{6}Z(-\d+)?$")



# --------------------------------------------------------------------------- bad files


def _check_moved_aside(tmp_path: Path, store: Store, original: bytes) -> Path:
    """The old file sits beside the new one under a timestamped name, named in the notice."""
    assert store.notice is not None
    assert "\n" not in store.notice
    moved = [p for p in tmp_path.iterdir() if CORRUPT_NAME.search(p.name)]
    assert len(moved) == 1, sorted(p.name for p in tmp_path.iterdir())
    assert str(moved[0]) in store.notice
    assert moved[0].read_bytes() == original
    # play continues on a fresh file
    assert store.bankroll == START_BANKROLL
    assert store.record_round("poker", 500, 1000) == 100_500
    assert store.settings() == Settings()
    return moved[0]


def test_garbage_file_is_moved_aside(tmp_path: Path) -> None:
    garbage = b"this is not an SQLite database \x00\xff" * 200
    (tmp_path / DB_NAME).write_bytes(garbage)
    # a stale write-ahead log beside it must not leak into the fresh file
    (tmp_path / (DB_NAME + "-wal")).write_bytes(b"stale wal" * 1000)
    with Store.open(tmp_path) as s:
        _check_moved_aside(tmp_path, s, garbage)
        assert s.notice is not None and "could not be used" in s.notice
    with Store.open(tmp_path) as s:
        assert s.notice is None
        assert s.bankroll == 100_500


def test_valid_sqlite_with_a_foreign_schema_is_moved_aside(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    con = raw(path)
    con.execute("CREATE TABLE recipes (name TEXT, flour INTEGER)")
    con.execute("INSERT INTO recipes VALUES ('bread', 500)")
    con.close()
    original = path.read_bytes()
    with Store.open(tmp_path) as s:
        _check_moved_aside(tmp_path, s, original)
        assert s.notice is not None and "does not hold cardtable data" in s.notice


def test_our_version_with_a_missing_column_is_moved_aside(tmp_path: Path) -> None:
    with Store.open(tmp_path) as s:
        path = s.path
    con = raw(path)
    con.execute("DROP TABLE stats")
    con.execute("CREATE TABLE stats (game TEXT PRIMARY KEY, rounds INTEGER)")
    con.execute("PRAGMA journal_mode = DELETE")
    con.close()
    original = path.read_bytes()
    with Store.open(tmp_path) as s:
        _check_moved_aside(tmp_path, s, original)


def test_missing_bankroll_row_is_moved_aside(tmp_path: Path) -> None:
    with Store.open(tmp_path) as s:
        path = s.path
    con = raw(path)
    con.execute("DELETE FROM wallet")
    con.execute("PRAGMA journal_mode = DELETE")
    con.close()
    original = path.read_bytes()
    with Store.open(tmp_path) as s:
        _check_moved_aside(tmp_path, s, original)


def test_file_from_a_newer_version_is_refused_and_left_untouched(tmp_path: Path) -> None:
    with Store.open(tmp_path) as s:
        s.record_round("blackjack", 500, 0)
        path = s.path
    con = raw(path)
    con.execute("PRAGMA user_version = 4")
    con.execute("UPDATE meta SET value = '9.9.9' WHERE key = 'written_by'")
    con.execute("PRAGMA journal_mode = DELETE")
    con.close()
    original = path.read_bytes()
    with pytest.raises(NewerDataFile) as caught:
        Store.open(tmp_path)
    message = str(caught.value)
    assert "cardtable 9.9.9" in message and "data format 3" in message and "\n" not in message
    assert path.read_bytes() == original  # not a byte changed
    assert sorted(p.name for p in tmp_path.iterdir() if "corrupt" in p.name) == []


def test_damaged_pages_are_moved_aside(tmp_path: Path) -> None:
    with Store.open(tmp_path) as s:
        for i in range(300):
            s.record_round("baccarat", 500, 975, {"coup": i, "pad": "x" * 100})
        path = s.path
    con = raw(path)
    con.execute("PRAGMA journal_mode = DELETE")
    con.close()
    data = bytearray(path.read_bytes())
    page = 4096
    assert len(data) > 6 * page
    data[2 * page : 5 * page] = b"\xa5" * (3 * page)  # scribble over table pages
    path.write_bytes(bytes(data))
    with Store.open(tmp_path) as s:
        _check_moved_aside(tmp_path, s, bytes(data))


def test_empty_file_is_simply_a_new_store(tmp_path: Path) -> None:
    (tmp_path / DB_NAME).write_bytes(b"")
    with Store.open(tmp_path) as s:
        assert s.notice is None
        assert s.bankroll == START_BANKROLL


def test_two_bad_files_in_a_row_get_distinct_names(tmp_path: Path) -> None:
    for n in (1, 2):
        (tmp_path / DB_NAME).write_bytes(b"garbage %d" % n * 100)
        with Store.open(tmp_path) as s:
            assert s.notice is not None
    moved = sorted(p for p in tmp_path.iterdir() if CORRUPT_NAME.search(p.name))
    assert len(moved) == 2
    assert {p.read_bytes()[:9] for p in moved} == {b"garbage 1", b"garbage 2"}


# --------------------------------------------------------------------------- bad folders


def test_data_dir_that_is_a_file_raises_store_error(tmp_path: Path) -> None:
    blocker = tmp_path / "blocker"
    blocker.write_text("I am a file")
    with pytest.raises(StoreError) as info:
        Store.open(blocker)
    message = str(info.value)
    assert "\n" not in message and str(blocker) in message
    with pytest.raises(StoreError) as info:
        Store.open(blocker / "inside")
    assert "\n" not in str(info.value)
    assert blocker.read_text() == "I am a file"


def test_data_file_that_is_a_folder_raises_store_error(tmp_path: Path) -> None:
    (tmp_path / DB_NAME).mkdir()
    with pytest.raises(StoreError) as info:
        Store.open(tmp_path)
    assert "\n" not in str(info.value)
    assert (tmp_path / DB_NAME).is_dir()


def test_unwritable_folder_raises_store_error(tmp_path: Path, monkeypatch) -> None:
    # The tests may run as root, where chmod does not bite: pretend instead.
    monkeypatch.setattr(os, "access", lambda *a, **k: False)  # the module the store's opening asks
    with pytest.raises(StoreError, match="cannot be written"):
        Store.open(tmp_path / "ro")


# --------------------------------------------------------------------------- two processes

WORKER = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from cardtable.store import Store, GAMES

    folder, k, rounds = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    PATTERN = [0, 1000, 500, 975, 1250]
    store = Store.open(folder)
    (folder / f"ready-{k}").touch()
    deadline = time.monotonic() + 60
    while not (folder / "go").exists():
        if time.monotonic() > deadline:
            sys.exit("no go signal")
        time.sleep(0.005)
    for i in range(rounds):
        store.record_round(GAMES[(i + k) % 3], 500, PATTERN[(i + k) % 5], {"k": k, "i": i})
        store.bankroll
    store.close()
    print("done", k)
    """
)


def test_two_processes_on_one_folder(tmp_path: Path) -> None:
    rounds = 200
    folder = tmp_path / "shared"
    folder.mkdir()
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", WORKER, str(folder), str(k), str(rounds)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=tmp_path,
        )
        for k in (0, 1)
    ]
    try:
        # both open the fresh folder at the same moment (schema creation races),
        # then start playing together
        deadline = time.monotonic() + 60
        while not all((folder / f"ready-{k}").exists() for k in (0, 1)):
            if any(p.poll() is not None for p in procs) or time.monotonic() > deadline:
                break
            time.sleep(0.01)
        (folder / "go").touch()
        outputs = [p.communicate(timeout=120) for p in procs]
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
    for p, (out, err) in zip(procs, outputs, strict=True):
        assert p.returncode == 0, err
        assert out.startswith("done")

    # stake 5 chips each round; nets by pattern position: -5, +5, 0, +4.75, +7.50
    nets = [-500, 500, 0, 475, 750]
    expected = START_BANKROLL + sum(nets[(i + k) % 5] for k in (0, 1) for i in range(rounds))
    with Store.open(folder) as s:
        assert s.notice is None
        assert s.bankroll == expected
        stats = s.all_stats()
        assert sum(st.rounds for st in stats.values()) == 2 * rounds
        assert sum(st.net for st in stats.values()) == expected - START_BANKROLL
        assert s.history_count() == 2 * rounds
        seen = {(h.details["k"], h.details["i"]) for h in s.history(limit=10_000)}
        assert seen == {(k, i) for k in (0, 1) for i in range(rounds)}
    con = raw(folder / DB_NAME)
    try:
        assert con.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    finally:
        con.close()
    assert not [p for p in folder.iterdir() if CORRUPT_NAME.search(p.name)]


# --------------------------------------------------------------------------- a busy file


def test_a_file_busy_in_another_copy_is_an_error_not_corrupt(tmp_path: Path, monkeypatch) -> None:
    import cardtable.store.opening as opening

    monkeypatch.setattr(opening, "BUSY_TIMEOUT_MS", 50)
    with Store.open(tmp_path) as s:
        s.record_round("poker", 500, 0)
        other = raw(s.path)
        other.execute("PRAGMA busy_timeout = 0")
        other.execute("BEGIN IMMEDIATE")  # another copy is in the middle of a write
        try:
            with pytest.raises(StoreError, match="busy") as info:
                s.record_round("poker", 500, 0)
            assert not isinstance(info.value, InsufficientFunds)
            with Store.open(tmp_path) as reader:  # opening a current file only reads it
                assert reader.bankroll == 99_500
                with pytest.raises(StoreError, match="busy"):
                    reader.record_round("poker", 500, 0)
            assert s.bankroll == 99_500  # readers are not blocked in WAL mode
        finally:
            other.execute("ROLLBACK")
            other.close()
        # nothing was moved aside, and the store works again
        assert not [p for p in tmp_path.iterdir() if CORRUPT_NAME.search(p.name)]
        assert s.record_round("poker", 500, 0) == 99_000
