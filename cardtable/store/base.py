"""The connection every part of the store shares: one lock, reads, and the write
transaction (``BEGIN IMMEDIATE`` … ``COMMIT`` or ``ROLLBACK``) that makes each change
all or nothing. The store's other modules build on :class:`StoreBase`."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path
from typing import Any

from .checked import mark_checked
from .errors import StoreError, env_reason

__all__ = ["StoreBase", "WriteTxn", "rollback", "bankroll_of", "identity"]


def identity(path: Path) -> tuple[int, int] | None:
    """The file's (device, inode), to tell whether it was replaced meanwhile; None if gone."""
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_dev, st.st_ino)


class StoreBase:
    """The player's data file, opened: its path, connection and lock, and what was found
    at opening. ``Store`` (``store.facade``) adds the operations."""

    def __init__(self, path: Path, conn: sqlite3.Connection, notice: str | None) -> None:
        self.path = path
        self.notice = notice
        #: ``(why, where it went)`` when an unusable data file was moved aside at this
        #: open (``notice`` says the same in English): the app words it in its language.
        self.moved_aside: tuple[str, Path] | None = None
        #: One line when the folder or its files had to be made private at this open.
        self.privacy_notice: str | None = None
        #: ``(the ledger's figure, the bankroll held)`` when the file's bankroll is not
        #: what its rounds and refills explain (edited by hand): see ``restore_bankroll``.
        self.tampered: tuple[int, int] | None = None
        self._conn: sqlite3.Connection | None = conn
        self._lock = threading.RLock()
        #: The file's (device, inode) as opened, once its checks passed: a clean close
        #: notes the file as left (``store.checked``) only if it is still that file.
        self.opened_as: tuple[int, int] | None = None

    def set_busy_timeout(self, ms: int) -> None:
        """How long a write waits for another copy's lock before failing (ms).

        The app sets a short one: a key press must never freeze the screen for
        seconds; a failed write is reported and can be tried again.
        """
        with self._lock:
            try:
                self._db().execute(f"PRAGMA busy_timeout = {int(ms)}")
            except sqlite3.Error as error:
                raise self._failure(error) from error

    def close(self) -> None:
        """Close the connection; further calls raise ``StoreError``. Safe to repeat."""
        with self._lock:
            if self._conn is not None:
                try:
                    self._conn.close()
                finally:
                    self._conn = None
                # noted as left only when sound: a bankroll the records do not explain
                # (not restored) is asked about again at the next start
                if self.opened_as is not None and identity(self.path) == self.opened_as and self.tampered is None:
                    mark_checked(self.path)

    @property
    def closed(self) -> bool:
        return self._conn is None

    def _db(self) -> sqlite3.Connection:
        if self._conn is None:
            raise StoreError("The data file is closed.")
        return self._conn

    def _read(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            try:
                return self._db().execute(sql, args).fetchall()
            except sqlite3.Error as error:
                raise self._failure(error) from error

    def _write(self) -> WriteTxn:
        return WriteTxn(self)

    def _failure(self, error: sqlite3.Error) -> StoreError:
        reason = env_reason(error) or "it appears to be damaged"
        return StoreError(f"The data file {self.path} could not be used: {reason}.")


class WriteTxn:
    """``with store._write() as cur``: lock, BEGIN IMMEDIATE, COMMIT or ROLLBACK."""

    def __init__(self, store: StoreBase) -> None:
        self._store = store

    def __enter__(self) -> sqlite3.Cursor:
        store = self._store
        store._lock.acquire()
        try:
            conn = store._db()
            conn.execute("BEGIN IMMEDIATE")
            return conn.cursor()
        except sqlite3.Error as error:
            store._lock.release()
            raise store._failure(error) from error
        except BaseException:
            store._lock.release()
            raise

    def __exit__(self, exc_type: object, exc: BaseException | None, tb: object) -> None:
        store = self._store
        try:
            conn = store._db()
            if exc is None:
                try:
                    conn.execute("COMMIT")
                except sqlite3.Error as error:
                    rollback(conn)
                    raise store._failure(error) from error
            else:
                rollback(conn)
                if isinstance(exc, sqlite3.Error):
                    raise store._failure(exc) from exc
        finally:
            store._lock.release()


def rollback(conn: sqlite3.Connection) -> None:
    """Roll back the open transaction, if any; a failure to do so changes nothing more."""
    if conn.in_transaction:
        try:
            conn.execute("ROLLBACK")
        except sqlite3.Error:
            pass


def bankroll_of(cur: sqlite3.Cursor) -> int:
    """The bankroll as the transaction on ``cur`` sees it."""
    return int(cur.execute("SELECT bankroll FROM wallet WHERE id = 1").fetchone()[0])
