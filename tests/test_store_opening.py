"""Opening the data file (``cardtable.store.opening``): a folder that cannot be used is
one plain sentence, an environment in the way never gets a good file moved aside, and a
bad file is moved aside only while it is still the file that was found bad."""

from __future__ import annotations

import errno
import os
import sqlite3
from pathlib import Path

import pytest

import cardtable.store.opening as opening
from cardtable.store import DB_NAME, START_BANKROLL, Store, StoreError
from cardtable.store.opening import identity, move_aside, prepare_folder


@pytest.mark.parametrize(("error", "said"), [
    (PermissionError(errno.EACCES, "Permission denied"), "cannot be created: permission denied."),
    (OSError(errno.ENOSPC, "No space left on device"), "cannot be created: No space left on device."),
])
def test_a_folder_that_cannot_be_made_is_one_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: OSError, said: str
) -> None:
    def refuse(self: Path, *args: object, **kwargs: object) -> None:
        raise error

    monkeypatch.setattr(Path, "mkdir", refuse)
    with pytest.raises(StoreError) as caught:
        prepare_folder(tmp_path / "new")
    assert str(caught.value) == f"The data folder {tmp_path / 'new'} {said}"


def test_a_folder_too_deep_for_sqlite_is_refused_before_the_data_file_is_made(tmp_path: Path) -> None:
    deep = tmp_path.joinpath(*(["d" * 100] * 5))
    with pytest.raises(StoreError, match=r"its path is too long for the data file \(at most 500 bytes\)") as caught:
        Store.open(deep)
    message = str(caught.value)
    assert "\n" not in message and "…" in message and len(message) < 400  # the path is shortened
    assert not (deep / DB_NAME).exists()


def test_the_default_folder_is_made_owner_only(tmp_path: Path) -> None:
    folder = prepare_folder(str(tmp_path / "a" / "b"))
    assert folder == tmp_path / "a" / "b" and folder.is_dir()
    if os.name == "posix":
        assert folder.stat().st_mode & 0o077 == 0


def test_a_file_the_environment_locks_is_an_error_and_stays_where_it_is(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Store.open(data_dir) as store:
        store.record_round("poker", 500, 0)
        path = store.path
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("PRAGMA journal_mode = DELETE")  # not WAL: an exclusive lock keeps readers out
    other.execute("BEGIN EXCLUSIVE")
    monkeypatch.setattr(opening, "BUSY_TIMEOUT_MS", 50)
    try:
        with pytest.raises(StoreError, match=r"cannot be used: another copy of cardtable is busy with it\.$"):
            Store.open(data_dir)
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert not list(data_dir.glob("*.corrupt-*"))
    with Store.open(data_dir) as store:
        assert store.notice is None and store.bankroll == START_BANKROLL - 500


def test_a_connection_refused_by_sqlite_is_said_in_words(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> sqlite3.Connection:
        raise sqlite3.OperationalError("unable to open database file")

    monkeypatch.setattr(sqlite3, "connect", refuse)
    with pytest.raises(StoreError, match=r"cannot be opened: the file or its folder cannot be accessed\.$"):
        Store.open(data_dir)


def test_a_file_is_moved_aside_with_its_journals_only_while_it_is_the_one_found_bad(data_dir: Path) -> None:
    path = data_dir / DB_NAME
    path.write_bytes(b"bad")
    (data_dir / f"{DB_NAME}-wal").write_bytes(b"wal")
    found = identity(path)
    assert found is not None and identity(data_dir / "missing") is None
    # another copy replaced it meanwhile: the new file is left alone
    fresh = data_dir / "fresh"
    fresh.write_bytes(b"another copy's fresh file")  # made while the bad one still exists
    os.replace(fresh, path)
    assert move_aside(path, found) is None and path.read_bytes() == b"another copy's fresh file"
    assert move_aside(path, None) is None
    # still the one found: moved, with its write-ahead log beside it
    target = move_aside(path, identity(path))
    assert target is not None and target.name.startswith(f"{DB_NAME}.corrupt-")
    assert not path.exists() and target.read_bytes() == b"another copy's fresh file"
    assert Path(f"{target}-wal").read_bytes() == b"wal"
    assert move_aside(path, found) is None  # gone: nothing to move
