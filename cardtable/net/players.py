"""Players of a server: a name, a secret token, and a Store of their own.

Each player lives in ``<data-dir>/players/<name>/``: ``player.json`` keeps the name as
first given and the SHA-256 of the token (never the token itself), and the usual
``cardtable.sqlite3`` keeps the bankroll, the history and the open round — the same
file, with the same committed-round rules, as the local game's. Folders are 0700 and
files 0600 (an open round holds the shoe's undealt cards).

The first ``hello`` with a name creates the player and returns a new token; a later
``hello`` with that name (case does not matter) must present it.

A store holds about three open files (the data file, its -wal and -shm), so stores are
opened on demand and few are kept: at most :attr:`Players.keep_open`, the least recently
used closed first, and a player's is closed when they leave (:meth:`Players.release`).
A :class:`Player` reopens its store by itself when it is used again.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import sqlite3
from collections import OrderedDict
from collections.abc import Callable, Mapping
from pathlib import Path

from ..store import DB_NAME, Store
from .protocol import name_problem

__all__ = ["Player", "Players", "IdentityError", "KEEP_OPEN"]

#: Stores kept open at most (about three open files each).
KEEP_OPEN = 64


class IdentityError(Exception):
    """A name that may not be used, or a token that does not match; the text says why."""

    def __init__(self, code: str, message: str, params: Mapping[str, int | str] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, int | str] = dict(params or {})


class Player:
    """A known player: their name as first given, and their Store (opened when used)."""

    def __init__(self, name: str, key: str, players: Players) -> None:
        self.name = name
        self.key = key
        self._players = players
        #: The bankroll as last returned by the store (only the server changes it).
        self.bankroll = 0

    @property
    def store(self) -> Store:
        """The player's open Store (opened again if it was closed to save files)."""
        return self._players.store_of(self.key)

    def refresh(self) -> int:
        """Read the bankroll from the store (and keep it)."""
        self.bankroll = self.store.bankroll
        return self.bankroll

    def __repr__(self) -> str:
        return f"Player({self.name!r})"


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _private_folder(folder: Path) -> None:
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    if os.name == "posix" and folder.stat().st_mode & 0o077:
        os.chmod(folder, 0o700)


class Players:
    """The players of one data folder."""

    def __init__(self, data_dir: Path, *, keep_open: int = KEEP_OPEN,
                 log: Callable[[str], None] | None = None) -> None:
        self.root = Path(data_dir) / "players"
        _private_folder(Path(data_dir))
        _private_folder(self.root)
        self.keep_open = max(1, keep_open)
        self._log = log
        #: Every player loaded since the start (name and key only: a few bytes each).
        self._known: dict[str, Player] = {}
        #: Open stores, least recently used first.
        self._stores: OrderedDict[str, Store] = OrderedDict()
        self._said: set[str] = set()
        self.count = len(self.known())

    def folder(self, name: str) -> Path:
        return self.root / name.lower()

    def known(self) -> list[str]:
        """Keys (lower-case names) of every player with a folder."""
        return sorted(p.name for p in self.root.iterdir() if (p / "player.json").is_file())

    def open_stores(self) -> int:
        """How many stores are open now."""
        return len(self._stores)

    def identify(self, name: str, token: str | None, *, may_create: bool = True) -> tuple[Player, str | None]:
        """The player named ``name`` and, for a new player, their new token.

        :class:`IdentityError` when the name is not allowed, the token is missing or
        wrong, or (``may_create`` False) the name is new (nothing is created or changed
        then)."""
        problem = name_problem(name)
        if problem is not None:
            raise IdentityError("bad-name", f"refused: {problem.code}", {"why": problem.code, **problem.params})
        key = name.lower()
        folder = self.folder(key)
        info = folder / "player.json"
        new_token: str | None = None
        if info.is_file():
            try:
                data = json.loads(info.read_text("utf-8"))
                digest = str(data["token_sha256"])
                shown = str(data["name"])
            except (OSError, ValueError, KeyError, TypeError):
                raise IdentityError("server", "this player's file cannot be read on the server") from None
            if token is None:
                raise IdentityError("token-required", f"the name {shown} is taken: its token is needed",
                                    {"name": shown})
            if not hmac.compare_digest(_digest(token), digest):
                raise IdentityError("bad-token", f"that is not {shown}'s token", {"name": shown})
        else:
            if not may_create:
                raise IdentityError("new-names", "no new names now")
            new_token = secrets.token_urlsafe(24)
            _private_folder(folder)
            part = folder / ".player.json.part"
            fd = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                json.dump({"name": name, "token_sha256": _digest(new_token)}, handle)
            os.replace(part, info)
            shown = name
            self.count += 1
        player = self._known.get(key)
        if player is None:
            player = Player(shown, key, self)
            self._known[key] = player
        player.refresh()
        return player, new_token

    def load(self, key: str) -> Player:
        """A known player by key, without a token (the server's own use: resuming rounds)."""
        player = self._known.get(key)
        if player is None:
            data = json.loads((self.folder(key) / "player.json").read_text("utf-8"))
            player = Player(str(data["name"]), key, self)
            player.refresh()
            self._known[key] = player
        return player

    def has_open_round(self, key: str) -> bool:
        """Whether the player's file holds an open round, read without opening their
        Store (one short read-only connection), so that a start looks at every player
        without holding their files. True when it cannot tell (the Store then says why)."""
        path = self.folder(key) / DB_NAME
        if not path.is_file():
            return False
        try:
            conn = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, timeout=5)
            try:
                return bool(conn.execute("SELECT COUNT(*) FROM open_rounds").fetchone()[0])
            finally:
                conn.close()
        except sqlite3.Error:
            return True

    def store_of(self, key: str) -> Store:
        """``key``'s open Store: kept if open, else opened (and the least recently used
        one closed when more than :attr:`keep_open` would be)."""
        store = self._stores.get(key)
        if store is not None and not store.closed:
            self._stores.move_to_end(key)
            return store
        store = Store.open(self.folder(key))
        self._say(key, store)
        self._stores[key] = store
        while len(self._stores) > self.keep_open:
            _, oldest = self._stores.popitem(last=False)
            oldest.close()
        return store

    def _say(self, key: str, store: Store) -> None:
        """Log what the opening found (files open to others, an edited bankroll): once
        a run for each player, however often their store is opened again."""
        said = []
        if store.privacy_notice:
            said.append(f"player {key}: files made private (they could be read by other users)")
        if store.tampered is not None:
            expected, held = store.tampered
            said.append(f"player {key}: the bankroll in the file ({held}) is not what its rounds and "
                        f"refills add up to ({expected}); left as it is")
        if self._log is None or not said or key in self._said:
            return
        self._said.add(key)
        for line in said:
            self._log(line)

    def release(self, key: str) -> None:
        """Close ``key``'s store (they left; it opens again when needed)."""
        store = self._stores.pop(key, None)
        if store is not None:
            store.close()

    def close(self) -> None:
        for store in self._stores.values():
            store.close()
        self._stores.clear()
