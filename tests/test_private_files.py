"""Private files: an open round holds the shoe's undealt cards, so the data folder is
0700 and every file of cardtable's in it 0600 — set when made, repaired (with one line
said) when found open to others. The local store, the server's player folders and
stores, the join client's keys and the history export."""

from __future__ import annotations

import asyncio
import os
import stat
from pathlib import Path

import pytest

from cardtable.history_export import export
from cardtable.net.client import Client
from cardtable.net.players import Players
from cardtable.net.server import Server
from cardtable.net.tokens import TokenBook
from cardtable.store import DB_NAME, HistoryFilter, Store

pytestmark = pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def _open_to_others(root: Path) -> list[str]:
    """Every folder or file under ``root`` (itself included) that group or others may use."""
    found = [root, *root.rglob("*")]
    return [f"{p} {_mode(p):o}" for p in found if _mode(p) & 0o077]


def _played(folder: Path) -> Store:
    store = Store.open(folder)
    store.commit_round("blackjack", 500, '{"x": 1}')  # writes: the -wal and -shm exist now
    return store


def test_a_new_data_folder_and_its_files_are_private(tmp_path: Path) -> None:
    folder = tmp_path / "new"
    old = os.umask(0o022)  # the usual umask: without care, files would be 0644
    try:
        store = _played(folder)
    finally:
        os.umask(old)
    try:
        assert _mode(folder) == 0o700
        names = {p.name for p in folder.iterdir()}
        assert {DB_NAME, f"{DB_NAME}-wal", f"{DB_NAME}-shm"} <= names
        assert _open_to_others(folder) == []
        assert store.privacy_notice is None
    finally:
        store.close()


def test_a_folder_open_to_others_is_repaired_at_open_with_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "old"
    _played(folder).close()
    os.chmod(folder, 0o755)
    for p in folder.iterdir():
        os.chmod(p, 0o644)
    (folder / "notes.txt").write_text("the player's own file")
    os.chmod(folder / "notes.txt", 0o644)
    store = Store.open(folder)
    try:
        assert store.privacy_notice is not None and "\n" not in store.privacy_notice
        assert "now private" in store.privacy_notice
        assert _mode(folder) == 0o700
        assert [p for p in _open_to_others(folder) if "notes.txt" not in p] == []
        assert _mode(folder / "notes.txt") == 0o644  # not cardtable's: left alone
    finally:
        store.close()
    again = Store.open(folder)
    assert again.privacy_notice is None  # said once
    again.close()


async def test_the_server_s_players_are_private(data_dir: Path) -> None:
    os.chmod(data_dir, 0o755)
    server = Server(data_dir, port=0, log=lambda _: None)
    await server.start()
    try:
        c = await Client.connect("127.0.0.1", server.port)
        await c.hello("alice")
        await c.send({"type": "sit"})
        await c.wait_for("seated")
        await c.send({"type": "bet", "amount": 500})
        await c.wait_for("round_started")
        await c.close()
    finally:
        server.request_stop(now=True)
        await asyncio.wait_for(server.wait_stopped(), 10)
    alice = data_dir / "players" / "alice"
    assert {"player.json", DB_NAME} <= {p.name for p in alice.iterdir()}
    assert _open_to_others(data_dir) == []


def test_a_player_folder_found_open_is_repaired(data_dir: Path) -> None:
    players = Players(data_dir)
    players.identify("bob", None)
    players.close()
    bob = data_dir / "players" / "bob"
    os.chmod(data_dir / "players", 0o755)
    os.chmod(bob, 0o755)
    os.chmod(bob / DB_NAME, 0o644)
    said: list[str] = []
    again = Players(data_dir, log=said.append)
    again.load("bob").refresh()
    again.close()
    assert _open_to_others(data_dir) == []
    assert said == ["player bob: files made private (they could be read by other users)"]


def test_the_join_client_s_keys_and_an_export_are_private(tmp_path: Path) -> None:
    folder = tmp_path / "me"
    book = TokenBook(folder)
    assert book.put("h", 1, "alice", "k" * 32)
    assert _mode(folder) == 0o700 and _mode(folder / "shared-tables.json") == 0o600
    store = Store.open(folder)
    store.record_round("poker", 500, 1000, {})
    out = tmp_path / "history.csv"
    assert export(store, out, HistoryFilter()) == 1
    store.close()
    assert _mode(out) == 0o600
