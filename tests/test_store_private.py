"""Private file modes (``cardtable.store.private``) at the edges the store's own tests do
not reach: an existing data file is never truncated, a link is never followed, and what
cannot be repaired is left without an error (opening the file says why, in words)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cardtable.store import DB_NAME
from cardtable.store.private import create_private, make_private, short

posix_only = pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")


@posix_only
def test_the_data_file_is_made_owner_only_and_an_existing_one_is_left_whole(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    old = os.umask(0o022)
    try:
        create_private(path)
    finally:
        os.umask(old)
    assert path.read_bytes() == b"" and path.stat().st_mode & 0o777 == 0o600
    path.write_bytes(b"a player's whole history")
    create_private(path)
    assert path.read_bytes() == b"a player's whole history"


def test_a_data_file_that_cannot_be_made_is_left_to_the_opening_to_explain(tmp_path: Path) -> None:
    create_private(tmp_path / "missing" / DB_NAME)  # no error here
    assert not (tmp_path / "missing").exists()


@posix_only
def test_a_link_named_like_a_data_file_is_not_followed(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir(mode=0o700)
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text("not cardtable's")
    os.chmod(elsewhere, 0o644)
    (folder / f"{DB_NAME}.corrupt-link").symlink_to(elsewhere)
    (folder / "poker-returns.json").write_text("{}")
    os.chmod(folder / "poker-returns.json", 0o640)
    said = make_private(folder)
    assert said is not None and said.endswith("it is now private.")
    assert (folder / "poker-returns.json").stat().st_mode & 0o777 == 0o600
    assert elsewhere.stat().st_mode & 0o777 == 0o644


def test_nothing_to_repair_or_nothing_repairable_says_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert make_private(tmp_path / "gone") is None  # cannot be read: nothing said
    folder = tmp_path / "data"
    folder.mkdir(mode=0o700)
    assert make_private(folder) is None
    monkeypatch.setattr(os, "name", "nt")
    os.chmod(folder, 0o755)
    assert make_private(folder) is None  # no POSIX modes to repair


def test_a_long_path_keeps_its_start_and_end() -> None:
    long = Path("/home/" + "x" * 300 + "/cardtable")
    text = short(long)
    assert text.startswith("/home/xxx") and text.endswith("x/cardtable") and "…" in text and len(text) == 121
    assert short(Path("/tmp/data")) == "/tmp/data"
