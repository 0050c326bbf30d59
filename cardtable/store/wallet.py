"""The wallet: the bankroll, free refills, starting over, and the check that the
bankroll is what the file's rounds and refills explain (a file edited by hand is caught,
and the player may set it back)."""

from __future__ import annotations

import sqlite3

from ..core.money import format_chips
from .base import StoreBase, rollback
from .errors import RoundAlreadyOpen, StoreError
from .values import MAX_BANKROLL, START_BANKROLL, check_amount, check_game, now_iso

__all__ = ["WalletMixin", "expected_and_held"]


class WalletMixin(StoreBase):
    """The store's bankroll and its ledger."""

    @property
    def bankroll(self) -> int:
        """The bankroll in hundredths, read fresh (another copy may have changed it)."""
        rows = self._read("SELECT bankroll FROM wallet WHERE id = 1")
        if not rows:
            raise StoreError(f"The data file {self.path} has lost its bankroll.")
        return int(rows[0][0])

    def reconcile(self) -> tuple[int, int]:
        """(bankroll expected from the file's records, bankroll held), for a check.

        Expected: 1,000 chips + every settled round's (returned − staked) + every
        ledger amount (refills, the opening balance of a migrated file) − the stakes
        of the rounds still open. The two are equal unless the file was tampered with.
        """
        with self._lock:
            db = self._db()
            try:
                db.execute("BEGIN")  # one consistent snapshot: another copy may be settling
                try:
                    return expected_and_held(db.cursor())
                finally:
                    rollback(db)
            except (sqlite3.Error, TypeError, ValueError) as error:
                raise self._failure(sqlite3.Error(str(error))) from error

    def _bankroll_check(self) -> tuple[int, int] | None:
        """``(expected, held)`` when the bankroll is not what the records explain, or is
        negative or absurd; None when it is sound (or cannot be checked now)."""
        try:
            expected, held = self.reconcile()
        except StoreError:
            return None
        if expected == held and 0 <= held <= MAX_BANKROLL:
            return None
        return expected, held

    def restore_bankroll(self, expected: int) -> int:
        """Set the bankroll back to ``expected``, the figure the records explain (the
        player's answer to ``tampered``); the bankroll. Refused unless it still is that
        figure (another copy may have played meanwhile) and it is sane."""
        check_amount("expected", expected)
        if expected > MAX_BANKROLL:
            raise StoreError("That bankroll is not a sane amount.")
        with self._write() as cur:
            if expected_and_held(cur)[0] != expected:
                raise StoreError("The data file changed meanwhile; open it again to check it.")
            cur.execute("UPDATE wallet SET bankroll = ? WHERE id = 1", (expected,))
        self.tampered = None
        return expected

    def can_refill(self, minimum: int) -> bool:
        """True when the bankroll cannot cover ``minimum`` (a table's minimum bet)."""
        check_amount("minimum", minimum)
        return self.bankroll < minimum

    def refill(self, game: str, minimum: int) -> int:
        """Free refill to 1,000 chips, only when the bankroll is below ``minimum``.

        Counted in ``game``'s statistics. Returns the new bankroll; ``StoreError``
        when the bankroll still covers the minimum (nothing changes).
        """
        check_game(game)
        check_amount("minimum", minimum)
        with self._write() as cur:
            (bankroll,) = cur.execute("SELECT bankroll FROM wallet WHERE id = 1").fetchone()
            if bankroll >= minimum:
                raise StoreError(
                    f"A refill is only given when the bankroll ({format_chips(bankroll)} chips) "
                    f"is below the table minimum ({format_chips(minimum)} chips)."
                )
            cur.execute("UPDATE wallet SET bankroll = ? WHERE id = 1", (START_BANKROLL,))
            cur.execute("UPDATE stats SET refills = refills + 1 WHERE game = ?", (game,))
            cur.execute(
                "INSERT INTO ledger (at, kind, game, amount, after_round)"
                " VALUES (?, 'refill', ?, ?, (SELECT COALESCE(MAX(id), 0) FROM history))",
                (now_iso(), game, START_BANKROLL - bankroll),
            )
        return START_BANKROLL

    def reset(self) -> None:
        """Back to a new player: 1,000 chips, statistics and history cleared, settings kept.

        Refused (``RoundAlreadyOpen``, nothing changes) while a round is open: its
        stakes are on the table and it can only end by being played out.
        """
        with self._write() as cur:
            row = cur.execute("SELECT game FROM open_rounds ORDER BY game LIMIT 1").fetchone()
            if row is not None:
                raise RoundAlreadyOpen(
                    f"A {row[0]} round is still open: finish it before starting over."
                )
            cur.execute("UPDATE wallet SET bankroll = ? WHERE id = 1", (START_BANKROLL,))
            cur.execute("DELETE FROM ledger")
            cur.execute(
                "UPDATE stats SET rounds = 0, won = 0, lost = 0, pushed = 0, net = 0,"
                " biggest_win = 0, refills = 0, staked = 0, biggest_loss = 0"
            )
            cur.execute("DELETE FROM history")
            cur.execute("DELETE FROM history_records")
            cur.execute("DELETE FROM meta WHERE key LIKE 'drills:%'")


def expected_and_held(cur: sqlite3.Cursor) -> tuple[int, int]:
    """(bankroll the records explain, bankroll held): see ``Store.reconcile``."""
    net = cur.execute("SELECT COALESCE(SUM(returned - stake), 0) FROM history").fetchone()[0]
    ledger = cur.execute("SELECT COALESCE(SUM(amount), 0) FROM ledger").fetchone()[0]
    open_ = cur.execute("SELECT COALESCE(SUM(staked), 0) FROM open_rounds").fetchone()[0]
    held = cur.execute("SELECT bankroll FROM wallet WHERE id = 1").fetchone()[0]
    return START_BANKROLL + int(net) + int(ledger) - int(open_), int(held)
