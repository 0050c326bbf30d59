"""Rounds: the transactions that move a round's money — commit (deal: the stake off the
bankroll, the round saved as open), update (a double, split or added coin), settle (paid,
counted and written to the history), void — and the open rounds read back. Only the table
services (``cardtable/tables``) call the three round transactions."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Any

from ..core.money import format_chips
from .base import StoreBase, bankroll_of
from .errors import InsufficientFunds, NoOpenRound, RoundAlreadyOpen, StoreError
from .packing import pack_record
from .values import GAMES, check_amount, check_game, check_record, details_json, now_iso

__all__ = ["OpenRound", "RoundsMixin"]


@dataclass(frozen=True)
class OpenRound:
    """A dealt round not yet settled: its stakes are already off the bankroll.

    ``record`` is the round's JSON record (starting state plus actions), opaque here:
    the game's core replays it.
    """

    game: str
    staked: int
    record: str
    opened: str


class RoundsMixin(StoreBase):
    """The store's round transactions, each one ``BEGIN IMMEDIATE`` … ``COMMIT``."""

    def record_round(
        self, game: str, stake: int, returned: int, details: dict[str, Any] | None = None
    ) -> int:
        """Deal and settle a round at once, in one transaction; returns the new bankroll.

        The same as :meth:`commit_round` then :meth:`settle_round` with nothing in
        between (for a round with no decisions to wait for, and for tests). Raises
        ``InsufficientFunds`` (nothing changes) when the stake exceeds the bankroll,
        ``ValueError`` for an unknown game, bad amounts or details that are not JSON.
        """
        check_game(game)
        check_amount("stake", stake)
        check_amount("returned", returned)
        text = details_json(details)
        with self._write() as cur:
            if cur.execute("SELECT 1 FROM open_rounds WHERE game = ?", (game,)).fetchone():
                raise RoundAlreadyOpen(f"A {game} round is open: it must be played out first.")
            self._take_stake(cur, stake)
            self._pay_out(cur, game, stake, returned, text)
            return bankroll_of(cur)

    def commit_round(self, game: str, stake: int, record: str) -> int:
        """Deal: take ``stake`` off the bankroll and save the round as open, together.

        Returns the new bankroll. ``InsufficientFunds`` when the bankroll (read inside
        the transaction, so another copy's bets count) cannot cover the stake;
        ``RoundAlreadyOpen`` when this game already has an open round. Either way
        nothing changes.
        """
        check_game(game)
        check_amount("stake", stake)
        check_record(record)
        with self._write() as cur:
            row = cur.execute("SELECT 1 FROM open_rounds WHERE game = ?", (game,)).fetchone()
            if row is not None:
                raise RoundAlreadyOpen(
                    f"A {game} round is already open (perhaps in another copy of cardtable)."
                )
            self._take_stake(cur, stake)
            now = now_iso()
            cur.execute(
                "INSERT INTO open_rounds (game, staked, record, opened, updated)"
                " VALUES (?, ?, ?, ?, ?)",
                (game, stake, record, now, now),
            )
            return bankroll_of(cur)

    def update_round(self, game: str, record: str, extra_stake: int = 0) -> int:
        """Save the open round's new record; a double, split or added coin takes
        ``extra_stake`` off the bankroll in the same transaction. Returns the bankroll.

        ``NoOpenRound`` / ``InsufficientFunds``: nothing changes.
        """
        check_game(game)
        check_amount("extra_stake", extra_stake)
        check_record(record)
        with self._write() as cur:
            self._open_row(cur, game)
            self._take_stake(cur, extra_stake)
            cur.execute(
                "UPDATE open_rounds SET staked = staked + ?, record = ?, updated = ?"
                " WHERE game = ?",
                (extra_stake, record, now_iso(), game),
            )
            return bankroll_of(cur)

    def settle_round(
        self, game: str, returned: int, details: dict[str, Any] | None = None, *, stake: int | None = None
    ) -> int:
        """Settle the open round: pay ``returned`` (stakes included), add the statistics
        and the history row, and close the round — all in one transaction.

        ``stake``, when given, must equal what the round has on the table (a check
        that the screen and the store agree). Returns the new bankroll.
        """
        check_game(game)
        check_amount("returned", returned)
        text = details_json(details)
        with self._write() as cur:
            staked = self._open_row(cur, game)
            if stake is not None and stake != staked:
                raise StoreError(
                    f"The {game} round has {format_chips(staked)} chips on the table, not {format_chips(stake)}."
                )
            (record,) = cur.execute("SELECT record FROM open_rounds WHERE game = ?", (game,)).fetchone()
            cur.execute("DELETE FROM open_rounds WHERE game = ?", (game,))
            # The round's record goes to the history with it: compacted to
            # the cards it used and compressed, so that it can be replayed later.
            self._pay_out(cur, game, staked, returned, text, pack_record(str(record)))
            return bankroll_of(cur)

    def void_open_round(self, game: str, reason: str) -> int:
        """The one void: a saved round that cannot be replayed. Its stakes go back,
        and its record is kept aside (``void_rounds``) for inspection."""
        check_game(game)
        if not isinstance(reason, str) or not reason:
            raise ValueError("a void needs its reason in words")
        with self._write() as cur:
            row = cur.execute(
                "SELECT staked, record FROM open_rounds WHERE game = ?", (game,)
            ).fetchone()
            if row is None:
                raise NoOpenRound(f"No {game} round is open.")
            staked, record = int(row[0]), str(row[1])
            cur.execute(
                "INSERT INTO void_rounds (at, game, staked, reason, record) VALUES (?, ?, ?, ?, ?)",
                (now_iso(), game, staked, reason, record),
            )
            cur.execute("DELETE FROM open_rounds WHERE game = ?", (game,))
            cur.execute("UPDATE wallet SET bankroll = bankroll + ? WHERE id = 1", (staked,))
            return bankroll_of(cur)

    def open_round(self, game: str) -> OpenRound | None:
        """The game's open round, or None."""
        check_game(game)
        rows = self._read(
            "SELECT staked, record, opened FROM open_rounds WHERE game = ?", (game,)
        )
        if not rows:
            return None
        staked, record, opened = rows[0]
        return OpenRound(game, int(staked), str(record), str(opened))

    def open_games(self) -> tuple[str, ...]:
        """The games with an open round, in ``GAMES`` order."""
        found = {row[0] for row in self._read("SELECT game FROM open_rounds")}
        return tuple(game for game in GAMES if game in found)

    def void_count(self) -> int:
        """How many rounds were voided as malfunctions (their records are kept)."""
        return int(self._read("SELECT COUNT(*) FROM void_rounds")[0][0])

    def _open_row(self, cur: sqlite3.Cursor, game: str) -> int:
        row = cur.execute("SELECT staked FROM open_rounds WHERE game = ?", (game,)).fetchone()
        if row is None:
            raise NoOpenRound(
                f"No {game} round is open (another copy of cardtable may have settled it)."
            )
        return int(row[0])

    def _take_stake(self, cur: sqlite3.Cursor, stake: int) -> None:
        """Take ``stake`` off the bankroll, checked inside the transaction."""
        bankroll = bankroll_of(cur)
        if stake > bankroll:
            raise InsufficientFunds(
                f"The stake of {format_chips(stake)} chips is more than the bankroll of "
                f"{format_chips(bankroll)} chips."
            )
        if stake:
            cur.execute("UPDATE wallet SET bankroll = bankroll - ? WHERE id = 1", (stake,))

    def _pay_out(
        self,
        cur: sqlite3.Cursor,
        game: str,
        stake: int,
        returned: int,
        details_json: str,
        record: bytes | None = None,
    ) -> None:
        """Pay the returns and count the round (its stake is already off the bankroll)."""
        from .game_stats import GameStats

        one = GameStats.of_round(game, stake, returned)
        cur.execute("UPDATE wallet SET bankroll = bankroll + ? WHERE id = 1", (returned,))
        cur.execute(
            "UPDATE stats SET rounds = rounds + 1, won = won + ?, lost = lost + ?,"
            " pushed = pushed + ?, net = net + ?, biggest_win = MAX(biggest_win, ?),"
            " staked = staked + ?, biggest_loss = MIN(biggest_loss, ?)"
            " WHERE game = ?",
            (one.won, one.lost, one.pushed, one.net, one.biggest_win, one.staked, one.biggest_loss, game),
        )
        self._insert_history(cur, game, stake, returned, details_json, record)

    def _insert_history(
        self,
        cur: sqlite3.Cursor,
        game: str,
        stake: int,
        returned: int,
        details_json: str,
        record: bytes | None = None,
    ) -> None:
        """Append one history row (a separate method so tests can make it fail)."""
        cur.execute(
            "INSERT INTO history (game, at, stake, returned, details, bankroll) VALUES (?, ?, ?, ?, ?, ?)",
            (game, now_iso(), stake, returned, details_json, bankroll_of(cur)),
        )
        if record is not None:
            cur.execute("INSERT INTO history_records (id, record) VALUES (?, ?)", (cur.lastrowid, record))
