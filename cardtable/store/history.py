"""History: every settled round as the player reads it back — the query builder
(``HistoryFilter``, in :mod:`.history_rows`: game, time span, result, order), pages and
counts, reads in chunks for an export of any size, each round's replayable record, and
the bankroll chart's series."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from .base import StoreBase
from .packing import unpack_record
from .values import check_game, is_int

if TYPE_CHECKING:
    from .history_rows import BankrollPoint, HistoryEntry, HistoryFilter

__all__ = ["HistoryMixin"]


_HISTORY_COLUMNS = (
    "id, game, at, stake, returned, details, bankroll,"
    " EXISTS (SELECT 1 FROM history_records r WHERE r.id = history.id)"
)


class HistoryMixin(StoreBase):
    """The store's history queries (reads only: rounds enter it as they settle)."""

    def history(self, game: str | None = None, limit: int = 50) -> list[HistoryEntry]:
        """The latest settled rounds, newest first (of one game, or of all)."""
        from .history_rows import HistoryFilter

        return self.history_page(HistoryFilter(game=game), limit=limit)

    def history_page(self, where: HistoryFilter, limit: int = 50, offset: int = 0) -> list[HistoryEntry]:
        """One page of the settled rounds ``where`` selects, in its order."""
        from .history_rows import entry_of

        if not is_int(limit) or limit < 0:
            raise ValueError(f"limit must be a non-negative int, not {limit!r}")
        if not is_int(offset) or offset < 0:
            raise ValueError(f"offset must be a non-negative int, not {offset!r}")
        cond, args = where.where()
        rows = self._read(
            f"SELECT {_HISTORY_COLUMNS} FROM history{cond}{where.order_by()} LIMIT ? OFFSET ?",
            (*args, limit, offset),
        )
        return [entry_of(row) for row in rows]

    def history_matching(self, where: HistoryFilter) -> int:
        """How many settled rounds ``where`` selects."""
        cond, args = where.where()
        return int(self._read(f"SELECT COUNT(*) FROM history{cond}", args)[0][0])

    def iter_history(self, where: HistoryFilter, chunk: int = 5000) -> Iterator[HistoryEntry]:
        """Every round ``where`` selects, read in chunks (for an export of any size).

        Paged by id, not by offset, so that each chunk costs the same."""
        from .history_rows import entry_of

        for row in self._iter_rows(where, _HISTORY_COLUMNS, chunk):
            yield entry_of(row)

    def iter_records(self, where: HistoryFilter, chunk: int = 5000) -> Iterator[tuple[HistoryEntry, str | None]]:
        """Like :meth:`iter_history`, each round with its record's JSON text (or None)."""
        from .history_rows import entry_of

        columns = _HISTORY_COLUMNS + ", (SELECT record FROM history_records r WHERE r.id = history.id)"
        for row in self._iter_rows(where, columns, chunk):
            yield entry_of(row[:-1]), (None if row[-1] is None else unpack_record(row[-1]))

    def _iter_rows(self, where: HistoryFilter, columns: str, chunk: int) -> Iterator[tuple[Any, ...]]:
        cond, args = where.where()
        ascending = where.order != "newest"
        if where.order == "swing":
            raise ValueError("the history is read through by id: order newest or oldest")
        last: int | None = None
        while True:
            extra = "" if last is None else (" AND id > ?" if ascending else " AND id < ?")
            sql_cond = cond + extra if cond else (" WHERE" + extra[4:] if extra else "")
            rows = self._read(
                f"SELECT {columns} FROM history{sql_cond}{where.order_by()} LIMIT ?",
                (*args, *(() if last is None else (last,)), chunk),
            )
            yield from rows
            if len(rows) < chunk:
                return
            last = int(rows[-1][0])

    def history_entry(self, round_id: int) -> HistoryEntry | None:
        """One settled round by its number, or None."""
        from .history_rows import entry_of

        rows = self._read(f"SELECT {_HISTORY_COLUMNS} FROM history WHERE id = ?", (int(round_id),))
        return entry_of(rows[0]) if rows else None

    def round_record(self, round_id: int) -> str | None:
        """The settled round's record as JSON text (``core.record.RoundRecord``), or
        None when the history has none for it (rounds settled before schema 3)."""
        rows = self._read("SELECT record FROM history_records WHERE id = ?", (int(round_id),))
        if not rows or rows[0][0] is None:
            return None
        return unpack_record(rows[0][0])

    def bankroll_series(self) -> list[BankrollPoint]:
        """Every settled round, oldest first, with the bankroll after it (the chart)."""
        from .history_rows import BankrollPoint

        rows = self._read("SELECT id, game, at, returned - stake, bankroll FROM history ORDER BY id")
        return [
            BankrollPoint(int(i), str(g), str(at), int(n), None if b is None else int(b))
            for i, g, at, n, b in rows
        ]

    def chart_columns(self) -> tuple[list[int], list[str], list[int], list[int | None]]:
        """The bankroll series as columns (ids, games, nets, bankroll after), oldest
        first: the charts' one read, without an object per round."""
        rows = self._read("SELECT id, game, returned - stake, bankroll FROM history ORDER BY id")
        if not rows:
            return [], [], [], []
        ids, games, nets, bankrolls = zip(*rows, strict=True)
        return list(ids), list(games), list(nets), list(bankrolls)

    def staked_by(self, game: str, path: str) -> dict[str, int]:
        """What was staked on each value of the details' ``path`` in ``game``'s rounds:
        ``bets`` sums each spot's stake (baccarat), ``machine`` sums the stakes per
        machine (poker). Summed by SQLite, so 100,000 rounds cost a few milliseconds."""
        check_game(game)
        if path == "bets":
            rows = self._read(
                "SELECT b.key, SUM(b.value) FROM history, json_each(history.details, '$.bets') AS b"
                " WHERE game = ? AND json_valid(details) GROUP BY b.key",
                (game,),
            )
        elif path == "machine":
            rows = self._read(
                "SELECT COALESCE(json_extract(details, '$.machine'), ''), SUM(stake) FROM history"
                " WHERE game = ? AND json_valid(details) GROUP BY 1",
                (game,),
            )
        else:
            raise ValueError(f"unknown details path {path!r}")
        return {str(k): int(v or 0) for k, v in rows}

    def refills(self) -> list[tuple[int, str, int]]:
        """Every refill as (rounds settled before it, time, amount given), oldest first."""
        rows = self._read(
            "SELECT COALESCE(after_round, 0), at, amount FROM ledger WHERE kind = 'refill' ORDER BY id"
        )
        return [(int(a), str(at), int(amount)) for a, at, amount in rows]

    def history_count(self, game: str | None = None) -> int:
        """How many rounds the history holds (of one game, or of all)."""
        if game is None:
            rows = self._read("SELECT COUNT(*) FROM history")
        else:
            check_game(game)
            rows = self._read("SELECT COUNT(*) FROM history WHERE game = ?", (game,))
        return int(rows[0][0])
