"""The table memory: what each game's table keeps between visits (its last bet, the
computer seats' chips …), one JSON object per game in ``meta``, replaced whole."""

from __future__ import annotations

import json
from typing import Any

from .base import StoreBase
from .values import check_game

__all__ = ["MemoryMixin"]


class MemoryMixin(StoreBase):
    """The store's table memory."""

    def table_memory(self, game: str) -> dict[str, Any]:
        """What ``game``'s table kept when last left (its last bet, the computer seats'
        chips …), or ``{}``; a value that does not read as a JSON object counts as none."""
        check_game(game)
        rows = self._read("SELECT value FROM meta WHERE key = ?", (f"table:{game}",))
        if not rows:
            return {}
        try:
            value = json.loads(rows[0][0])
        except (TypeError, ValueError):
            return {}
        return value if isinstance(value, dict) else {}

    def remember_table(self, game: str, memory: dict[str, Any]) -> None:
        """Keep ``memory`` (JSON-able) for ``game``'s table, replacing what it kept."""
        check_game(game)
        text = json.dumps(memory, sort_keys=True)
        with self._write() as cur:
            cur.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                (f"table:{game}", text),
            )
