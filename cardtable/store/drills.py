"""Strategy drills: each finished drill's score (answers, best answers, expected value
given away), the last ``DRILL_SCORES_KEPT`` per game, kept in ``meta`` so that the data
file's schema did not change for them; a damaged entry is skipped, never an error."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .base import StoreBase
from .values import is_int, now_iso

if TYPE_CHECKING:
    from .drill_scores import DrillScore

__all__ = ["DRILL_GAMES", "DRILL_SCORES_KEPT", "DrillsMixin"]


#: The drills whose scores are kept (``cardtable drill blackjack|poker|count``).
DRILL_GAMES: tuple[str, ...] = ("blackjack", "poker", "count")
#: Drill scores kept per game (the oldest are dropped beyond this).
DRILL_SCORES_KEPT = 1000


class DrillsMixin(StoreBase):
    """The store's drill scores.

    Kept in ``meta`` (key ``drills:<game>``, a JSON list of [at, answered, best, cost]):
    no schema change, so older copies of the program can still open the file. A value
    that does not read back is ignored, entry by entry; it never stops a drill.
    """

    def record_drill(self, game: str, answered: int, best: int, cost: float) -> None:
        """Keep a finished drill's score. ``ValueError`` (nothing kept) for a game without
        drills, counts that are not whole numbers with 0 <= best <= answered, or a cost
        that is not a finite number >= 0 (hundredths of a chip)."""
        if game not in DRILL_GAMES:
            raise ValueError(f"no drills for {game!r}; expected one of {', '.join(DRILL_GAMES)}")
        if not (is_int(answered) and is_int(best) and 0 <= best <= answered):
            raise ValueError(f"a drill score needs 0 <= best <= answered, not {best!r} of {answered!r}")
        if isinstance(cost, bool) or not isinstance(cost, (int, float)) or not 0 <= cost < float("inf"):
            raise ValueError(f"a drill's cost must be a finite number >= 0, not {cost!r}")
        from .drill_scores import score_of

        entry = [now_iso(), answered, best, round(float(cost), 4)]
        key = f"drills:{game}"
        with self._write() as cur:
            row = cur.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
            kept = [e for e in _drill_entries(row[0] if row else None) if score_of(game, e)]
            kept.append(entry)
            text = json.dumps(kept[-DRILL_SCORES_KEPT:])
            cur.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                (key, text),
            )

    def drill_scores(self, game: str | None = None) -> list[DrillScore]:
        """Finished drills, oldest first: of ``game``, or of every game (None)."""
        from .drill_scores import score_of

        if game is not None and game not in DRILL_GAMES:
            raise ValueError(f"no drills for {game!r}; expected one of {', '.join(DRILL_GAMES)}")
        games = DRILL_GAMES if game is None else (game,)
        rows = dict(self._read(
            f"SELECT key, value FROM meta WHERE key IN ({', '.join('?' for _ in games)})",
            tuple(f"drills:{g}" for g in games),
        ))
        out: list[DrillScore] = []
        for g in games:
            for entry in _drill_entries(rows.get(f"drills:{g}")):
                score = score_of(g, entry)
                if score is not None:
                    out.append(score)
        out.sort(key=lambda d: d.at)
        return out


def _drill_entries(raw: object) -> list[Any]:
    """The list a ``drills:<game>`` value holds, or [] when it is not one."""
    if not isinstance(raw, str):
        return []
    try:
        value = json.loads(raw)
    except (TypeError, ValueError):
        return []
    return value if isinstance(value, list) else []
