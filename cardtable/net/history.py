"""A player's own history on the server, as the ``history`` message sends it.

Game-neutral: each settled round as when, which game, what was staked and returned,
and the bankroll after it — the player's client lists them (``y`` at a shared table).
The full details (cards, grades) stay on the server: ``cardtable history --data-dir
<its data>/players/<name>`` shows them.
"""

from __future__ import annotations

from typing import Any

from ..store import Store, StoreError
from ..tables.hub import TableError

__all__ = ["HISTORY_LIMIT", "history_message"]

#: The most rounds one ``history`` message carries (newest first): far under the line limit.
HISTORY_LIMIT = 50


def history_message(store: Store, game: str | None, limit: int) -> dict[str, Any]:
    """The ``history`` message of ``store``'s latest ``limit`` rounds of ``game`` (None: all)."""
    try:
        entries = store.history(game, min(limit, HISTORY_LIMIT))
    except StoreError as error:
        raise TableError("history", f"your history cannot be read on the server ({error})") from None
    rounds = [
        {"id": e.id, "game": e.game, "at": e.at, "stake": e.stake, "returned": e.returned, "bankroll": e.bankroll}
        for e in entries
    ]
    return {"type": "history", "game": game, "rounds": rounds}
