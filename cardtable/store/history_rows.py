"""What the history's queries return and take: a settled round (``HistoryEntry``), the
choice of rounds a list shows (``HistoryFilter``) and a point of the bankroll chart.
Apart from the queries so that opening the data file does not build them: the lobby
reads no history."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .values import check_game, load_details

__all__ = ["HistoryEntry", "HistoryFilter", "BankrollPoint", "HISTORY_ORDERS", "HISTORY_RESULTS", "entry_of"]


@dataclass(frozen=True)
class HistoryEntry:
    """One settled round: total staked, total returned (stakes included), details.

    ``bankroll`` is the bankroll right after it settled (None in rows from before
    schema 3 that could not be placed); ``replayable`` says a full record is kept
    (:meth:`Store.round_record`).
    """

    id: int
    game: str
    at: str
    stake: int
    returned: int
    details: dict[str, Any]
    bankroll: int | None = None
    replayable: bool = False

    @property
    def net(self) -> int:
        return self.returned - self.stake


#: How a history list may be ordered: newest first, or the biggest swings first.
HISTORY_ORDERS = ("newest", "oldest", "swing")
#: Which results a history list may keep.
HISTORY_RESULTS = ("won", "lost", "pushed")


@dataclass(frozen=True)
class HistoryFilter:
    """Which settled rounds a list shows. Times are the store's UTC ISO text
    (``2026-12-01T02:03:47Z``); ``since`` inclusive, ``until`` exclusive."""

    game: str | None = None
    since: str | None = None
    until: str | None = None
    result: str | None = None
    order: str = "newest"

    def where(self) -> tuple[str, tuple[Any, ...]]:
        """The SQL condition and its arguments (``ValueError`` for a bad value)."""
        parts: list[str] = []
        args: list[Any] = []
        if self.game is not None:
            check_game(self.game)
            parts.append("game = ?")
            args.append(self.game)
        if self.since is not None:
            parts.append("at >= ?")
            args.append(str(self.since))
        if self.until is not None:
            parts.append("at < ?")
            args.append(str(self.until))
        if self.result is not None:
            sign = {"won": ">", "lost": "<", "pushed": "="}.get(self.result)
            if sign is None:
                raise ValueError(f"unknown result {self.result!r}; expected won, lost or pushed")
            parts.append(f"returned - stake {sign} 0")
        if self.order not in HISTORY_ORDERS:
            raise ValueError(f"unknown order {self.order!r}")
        return (" WHERE " + " AND ".join(parts) if parts else "", tuple(args))

    def order_by(self) -> str:
        return {
            "newest": " ORDER BY id DESC",
            "oldest": " ORDER BY id",
            "swing": " ORDER BY ABS(returned - stake) DESC, id DESC",
        }[self.order]


@dataclass(frozen=True)
class BankrollPoint:
    """One settled round on the bankroll chart: its number, game, net and the
    bankroll after it (None for an old row that could not be placed)."""

    id: int
    game: str
    at: str
    net: int
    bankroll: int | None


def entry_of(row: Sequence[Any]) -> HistoryEntry:
    """A row of the history's columns (id, game, at, stake, returned, details, bankroll,
    whether a record is kept) as the round it is."""
    i, g, at, s, r, d, b, replayable = row
    return HistoryEntry(
        int(i), str(g), str(at), int(s), int(r), load_details(d), None if b is None else int(b), bool(replayable)
    )
