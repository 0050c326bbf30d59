"""Players of a server: a name, a secret token, and a Store of their own.

Each player lives in ``<data-dir>/players/<name>/``: ``player.json`` keeps the name as
first given and the SHA-256 of the token (never the token itself), and the usual
``cardtable.sqlite3`` keeps the bankroll, the history and the open round — the same
file, with the same committed-round rules, as the local game's.

The first ``hello`` with a name creates the player and returns a new token; a later
``hello`` with that name (case does not matter) must present it.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from ..store import Store
from .protocol import NAME_PATTERN

__all__ = ["Player", "Players", "IdentityError"]


class IdentityError(Exception):
    """A name that may not be used, or a token that does not match; the text says why."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass
class Player:
    """A known player: their name as first given and their open Store."""

    name: str
    key: str
    store: Store
    #: The bankroll as last returned by the store (only the server changes it).
    bankroll: int = 0

    def refresh(self) -> int:
        """Read the bankroll from the store (and keep it)."""
        self.bankroll = self.store.bankroll
        return self.bankroll


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class Players:
    """The players of one data folder (stores are opened once and kept open)."""

    def __init__(self, data_dir: Path) -> None:
        self.root = Path(data_dir) / "players"
        self.root.mkdir(parents=True, exist_ok=True)
        self._open: dict[str, Player] = {}

    def folder(self, name: str) -> Path:
        return self.root / name.lower()

    def known(self) -> list[str]:
        """Keys (lower-case names) of every player with a folder."""
        return sorted(p.name for p in self.root.iterdir() if (p / "player.json").is_file())

    def identify(self, name: str, token: str | None) -> tuple[Player, str | None]:
        """The player named ``name`` and, for a new player, their new token.

        :class:`IdentityError` when the name is not allowed or the token is missing or
        wrong (nothing is created or changed then).
        """
        if not NAME_PATTERN.fullmatch(name):
            raise IdentityError("bad-name", "a name is 1-20 letters, digits, '_' or '-'")
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
                raise IdentityError("token-required", f"the name {shown} is taken: its token is needed")
            if not hmac.compare_digest(_digest(token), digest):
                raise IdentityError("bad-token", f"that is not {shown}'s token")
        else:
            new_token = secrets.token_urlsafe(24)
            folder.mkdir(parents=True, exist_ok=True)
            part = folder / ".player.json.part"
            part.write_text(json.dumps({"name": name, "token_sha256": _digest(new_token)}), "utf-8")
            os.replace(part, info)
            shown = name
        player = self._open.get(key)
        if player is None:
            player = Player(shown, key, Store.open(folder))
            player.refresh()
            self._open[key] = player
        return player, new_token

    def load(self, key: str) -> Player:
        """A known player by key, without a token (the server's own use: resuming rounds)."""
        player = self._open.get(key)
        if player is None:
            data = json.loads((self.folder(key) / "player.json").read_text("utf-8"))
            player = Player(str(data["name"]), key, Store.open(self.folder(key)))
            player.refresh()
            self._open[key] = player
        return player

    def close(self) -> None:
        for player in self._open.values():
            player.store.close()
        self._open.clear()
