"""The secret tokens a join client keeps, one per (server, name), in the client's data
folder: ``shared-tables.json``, readable by its owner only — or, with
``cardtable join --ask-key``, in memory only (the player keeps the key and types it).

The server shows a name's token once, at the first join; every later join with that
name must present it, so losing this file means losing the seat's name on that
server. A file that does not read is never overwritten blindly: it is kept aside as
``shared-tables.json.bad`` and the player is told.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from ..i18n import _

__all__ = ["TokenBook", "TOKENS_FILE"]

TOKENS_FILE = "shared-tables.json"


class TokenBook:
    """``{"host:port": {"name (lower case)": token}}`` in a small JSON file."""

    def __init__(self, folder: Path | None) -> None:
        #: The file, or None: keys held in memory only (``cardtable join --ask-key``).
        self.path = None if folder is None else folder / TOKENS_FILE
        #: Why the file could not be read (it was set aside), or None.
        self.problem: str | None = None
        self._memory: dict[str, dict[str, str]] = {}

    @staticmethod
    def _server(host: str, port: int) -> str:
        return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"

    def _load(self) -> dict[str, dict[str, str]]:
        if self.path is None:
            return self._memory
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return {}
        except OSError as error:
            self.problem = _("{file} cannot be read: {why}").format(file=self.path.name, why=error.strerror or error)
            return {}
        try:
            data = json.loads(text)
            if not isinstance(data, dict) or not all(
                isinstance(v, dict) and all(isinstance(t, str) for t in v.values()) for v in data.values()
            ):
                raise ValueError("not a table of servers and names")
        except ValueError:
            self.problem = _("{file} was damaged: it was kept aside as {file}.bad").format(file=self.path.name)
            try:
                self.path.replace(self.path.with_name(self.path.name + ".bad"))
            except OSError:
                pass
            return {}
        return data

    def get(self, host: str, port: int, name: str) -> str | None:
        """The token kept for ``name`` at that server, or None."""
        return self._load().get(self._server(host, port), {}).get(name.lower())

    def put(self, host: str, port: int, name: str, token: str) -> bool:
        """Keep a new token (written atomically, owner-only); False if the folder refused."""
        data = self._load()
        data.setdefault(self._server(host, port), {})[name.lower()] = token
        if self.path is None:
            return True
        temporary = self.path.with_name(self.path.name + ".tmp")
        try:
            self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                json.dump(data, handle, indent=1, sort_keys=True)
            os.replace(temporary, self.path)
        except OSError as error:
            self.problem = _("the token could not be saved in {file}: {why}").format(
                file=self.path.name, why=error.strerror or error)
            return False
        return True
