"""Persistence: one SQLite file holds the bankroll, statistics, settings and history.

Why SQLite: a settled round must change bankroll, statistics and history together
or not at all (RULES.md section 1, "a round is all or nothing"), and two copies of
the program may share one data folder (DESIGN.md section 4). SQLite in WAL mode
gives both with the standard library alone.

Every write is one ``BEGIN IMMEDIATE`` transaction, so a second process waits
(``busy_timeout``) instead of failing, and amounts change with ``SET x = x + ?``
so no update is ever lost. A file that cannot be used is moved aside with a
timestamp and a fresh one is made; ``Store.notice`` tells the player in plain
words. Money is ``int`` hundredths of a chip everywhere.
"""

from __future__ import annotations

import dataclasses
import json
import os
import sqlite3
import sys
import threading
import zlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from .core import config as _config
from .i18n import LANGUAGES as _LANGUAGES

__all__ = [
    "GAMES",
    "START_BANKROLL",
    "MAX_BANKROLL",
    "SCHEMA_VERSION",
    "DB_NAME",
    "Settings",
    "GameStats",
    "HistoryEntry",
    "HistoryFilter",
    "GameTotals",
    "BankrollPoint",
    "OpenRound",
    "DrillScore",
    "DRILL_GAMES",
    "DRILL_SCORES_KEPT",
    "StoreError",
    "InsufficientFunds",
    "NewerDataFile",
    "RoundAlreadyOpen",
    "NoOpenRound",
    "TableClaim",
    "Store",
]

#: The games that keep statistics, in lobby order (``core.config``).
GAMES: tuple[str, ...] = _config.GAMES
#: A new player's bankroll and the amount of a free refill: 1,000 chips.
START_BANKROLL = _config.START_BANKROLL
#: ``PRAGMA user_version`` of the files this code writes. 1: the first release;
#: 2: committed rounds (``open_rounds``), the money ledger (refills), ``meta``;
#: 3: every settled round kept in full (``history.record``, compressed, and
#: ``history.bankroll`` after it), refills placed among the rounds (``ledger.after_round``).
SCHEMA_VERSION = 3
#: Name of the data file inside the data folder.
DB_NAME = "cardtable.sqlite3"
#: How long a write waits for another process before giving up (ms). The app lowers
#: it (``set_busy_timeout``) so that no key blocks the screen while a file is locked.
BUSY_TIMEOUT_MS = 5000

_SEAT_LEVELS = _config.LEVELS
_MAX_SEATS = _config.MAX_COMPUTER_SEATS
#: Upper bound for any table limit or coin size: 100,000 chips.
_MAX_AMOUNT = 10_000_000
#: A bankroll above this (10^13 chips) is absurd: no play reaches it.
MAX_BANKROLL = 10**15


class StoreError(Exception):
    """The data folder or file cannot be used; the message is one plain sentence."""


class InsufficientFunds(StoreError):
    """A stake larger than the bankroll; nothing was changed."""


class NewerDataFile(StoreError):
    """The file was written by a newer cardtable: it is left untouched (exit code 2)."""


class RoundAlreadyOpen(StoreError):
    """A round of this game is already open (perhaps in another copy); nothing changed."""


class NoOpenRound(StoreError):
    """No round of this game is open (another copy may have settled it); nothing changed."""


# --------------------------------------------------------------------------- settings


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int_in(value: object, low: int, high: int) -> bool:
    return _is_int(value) and low <= value <= high  # type: ignore[operator]


@dataclass(frozen=True)
class Settings:
    """The player's choices. Amounts are hundredths of a chip."""

    bj_seats: tuple[str, ...] = ("normal", "hard")
    baccarat_decks: int = _config.DEFAULT_BACCARAT_DECKS
    poker_coin: int = _config.DEFAULT_POKER_COIN
    poker_exchanges: int = 1
    animations: bool = True
    ascii: bool = False
    theme: str = "textual-dark"
    ai_delay_ms: int = 500
    bj_min: int = _config.DEFAULT_TABLE_MIN
    bj_max: int = _config.DEFAULT_TABLE_MAX
    bac_min: int = _config.DEFAULT_TABLE_MIN
    bac_max: int = _config.DEFAULT_TABLE_MAX
    #: The video-poker machine chosen at the poker table, by its key.
    poker_machine: str = "jacks-or-better-9-6"
    #: Coach mode: warn before a choice worth less than the best.
    coach: bool = False
    #: In coach mode at the blackjack table: the Hi-Lo count shown, and the plays it turns.
    count: bool = False
    #: The language chosen in the settings ("en", "ja", "lt"); "" follows the terminal's locale.
    language: str = ""

    def problems(self) -> list[str]:
        """Names of the fields whose values are out of range or of the wrong type."""
        bad: list[str] = []
        seats = self.bj_seats
        if not (
            isinstance(seats, (tuple, list))
            and len(seats) <= _MAX_SEATS
            and all(isinstance(s, str) and s in _SEAT_LEVELS for s in seats)
        ):
            bad.append("bj_seats")
        if not (_is_int(self.baccarat_decks) and self.baccarat_decks in _config.BACCARAT_DECK_CHOICES):
            bad.append("baccarat_decks")
        if not _int_in(self.poker_coin, 1, START_BANKROLL):
            bad.append("poker_coin")
        if not _int_in(self.poker_exchanges, 1, _config.MAX_POKER_EXCHANGES):
            bad.append("poker_exchanges")
        for name in ("animations", "ascii", "coach", "count"):
            if not isinstance(getattr(self, name), bool):
                bad.append(name)
        if not (isinstance(self.language, str) and self.language in ("", *_LANGUAGES)):
            bad.append("language")
        if not (isinstance(self.theme, str) and 0 < len(self.theme) <= 100):
            bad.append("theme")
        machine = self.poker_machine
        if not (isinstance(machine, str) and 0 < len(machine) <= 64 and machine.replace("-", "").isalnum()):
            bad.append("poker_machine")
        if not _int_in(self.ai_delay_ms, 0, 10_000):
            bad.append("ai_delay_ms")
        for low, high in (("bj_min", "bj_max"), ("bac_min", "bac_max")):
            lo, hi = getattr(self, low), getattr(self, high)
            # A minimum above what a refill gives would leave the player refilling
            # forever without ever being able to bet: refused.
            lo_ok = _int_in(lo, 1, START_BANKROLL)
            hi_ok = _int_in(hi, 1, _MAX_AMOUNT)
            if lo_ok and hi_ok and lo > hi:
                lo_ok = hi_ok = False
            if not lo_ok:
                bad.append(low)
            if not hi_ok:
                bad.append(high)
        return bad

    def validated(self) -> Settings:
        """A copy with every invalid value replaced by its default.

        Used on load, so that a bad stored value never crashes the program. A limit
        pair whose minimum exceeds its maximum falls back as a pair; if a default
        then still conflicts with the stored partner, both become defaults.
        """
        defaults = Settings()
        changes: dict[str, Any] = {}
        for name in self.problems():
            changes[name] = getattr(defaults, name)
        if isinstance(self.bj_seats, list) and "bj_seats" not in changes:
            changes["bj_seats"] = tuple(self.bj_seats)
        fixed = dataclasses.replace(self, **changes) if changes else self
        for low, high in (("bj_min", "bj_max"), ("bac_min", "bac_max")):
            if getattr(fixed, low) > getattr(fixed, high):
                fixed = dataclasses.replace(
                    fixed, **{low: getattr(defaults, low), high: getattr(defaults, high)}
                )
        return fixed


_SETTING_NAMES = tuple(f.name for f in dataclasses.fields(Settings))


# --------------------------------------------------------------------------- records


@dataclass(frozen=True)
class GameStats:
    """Totals for one game since the last reset. Amounts in hundredths."""

    game: str
    rounds: int = 0
    won: int = 0
    lost: int = 0
    pushed: int = 0
    net: int = 0
    biggest_win: int = 0
    refills: int = 0


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
            _check_game(self.game)
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
class GameTotals:
    """What the history says about one game: money staked and the extremes.

    The house edge the player experienced is ``-net / staked``."""

    game: str
    rounds: int = 0
    staked: int = 0
    net: int = 0
    biggest_win: int = 0
    biggest_loss: int = 0

    @property
    def edge(self) -> float | None:
        return -self.net / self.staked if self.staked else None


@dataclass(frozen=True)
class BankrollPoint:
    """One settled round on the bankroll chart: its number, game, net and the
    bankroll after it (None for an old row that could not be placed)."""

    id: int
    game: str
    at: str
    net: int
    bankroll: int | None


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


@dataclass(frozen=True)
class DrillScore:
    """One finished strategy drill: when, how many answers, how many of them
    were the best choice, and the expected value given away (hundredths of a chip, an
    expectation: a float)."""

    game: str
    at: str
    """ISO 8601 time in UTC, e.g. ``2026-12-01T05:12:09Z``."""
    answered: int
    best: int
    cost: float

    @property
    def share(self) -> float | None:
        """The share of answers that were the best, or None with no answers."""
        return self.best / self.answered if self.answered else None


#: The drills whose scores are kept (``cardtable drill blackjack|poker|count``).
DRILL_GAMES: tuple[str, ...] = ("blackjack", "poker", "count")
#: Drill scores kept per game (the oldest are dropped beyond this).
DRILL_SCORES_KEPT = 1000


# --------------------------------------------------------------------------- schema

_SCHEMA = """
CREATE TABLE wallet (
    id       INTEGER PRIMARY KEY CHECK (id = 1),
    bankroll INTEGER NOT NULL
);
CREATE TABLE stats (
    game        TEXT PRIMARY KEY,
    rounds      INTEGER NOT NULL DEFAULT 0,
    won         INTEGER NOT NULL DEFAULT 0,
    lost        INTEGER NOT NULL DEFAULT 0,
    pushed      INTEGER NOT NULL DEFAULT 0,
    net         INTEGER NOT NULL DEFAULT 0,
    biggest_win INTEGER NOT NULL DEFAULT 0,
    refills     INTEGER NOT NULL DEFAULT 0,
    staked       INTEGER NOT NULL DEFAULT 0,
    biggest_loss INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE history (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    game     TEXT NOT NULL,
    at       TEXT NOT NULL,
    stake    INTEGER NOT NULL,
    returned INTEGER NOT NULL,
    details  TEXT NOT NULL,
    bankroll INTEGER
);
CREATE INDEX history_by_game ON history (game, id);
CREATE TABLE settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
""" + """
CREATE TABLE open_rounds (
    game    TEXT PRIMARY KEY,
    staked  INTEGER NOT NULL,
    record  TEXT NOT NULL,
    opened  TEXT NOT NULL,
    updated TEXT NOT NULL
);
CREATE TABLE ledger (
    id     INTEGER PRIMARY KEY AUTOINCREMENT,
    at     TEXT NOT NULL,
    kind   TEXT NOT NULL,
    game   TEXT,
    amount INTEGER NOT NULL,
    after_round INTEGER
);
CREATE TABLE void_rounds (
    id     INTEGER PRIMARY KEY AUTOINCREMENT,
    at     TEXT NOT NULL,
    game   TEXT NOT NULL,
    staked INTEGER NOT NULL,
    reason TEXT NOT NULL,
    record TEXT NOT NULL
);
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
""" + """
CREATE TABLE history_records (
    id     INTEGER PRIMARY KEY,
    record BLOB NOT NULL
);
CREATE INDEX history_amounts ON history (game, stake, returned, bankroll);
"""
_SCHEMA_1_TABLES = ("wallet", "stats", "history", "settings")
#: The part of the schema that version 2 added (the migration from 1 runs it).
_SCHEMA_2 = _SCHEMA[_SCHEMA.index("CREATE TABLE open_rounds") : _SCHEMA.index("CREATE TABLE history_records")]
#: The tables and index that version 3 added (kept apart from the rows they describe,
#: so that reading the history's amounts never reads the records).
_SCHEMA_3 = _SCHEMA[_SCHEMA.index("CREATE TABLE history_records") :]

_COLUMNS: dict[str, set[str]] = {
    "wallet": {"id", "bankroll"},
    "stats": {"game", "rounds", "won", "lost", "pushed", "net", "biggest_win", "refills", "staked", "biggest_loss"},
    "history": {"id", "game", "at", "stake", "returned", "details", "bankroll"},
    "history_records": {"id", "record"},
    "settings": {"key", "value"},
    "open_rounds": {"game", "staked", "record", "opened", "updated"},
    "ledger": {"id", "at", "kind", "game", "amount", "after_round"},
    "void_rounds": {"id", "at", "game", "staked", "reason", "record"},
    "meta": {"key", "value"},
}
#: Columns that schema 3 added (a file of version 1 or 2 lacks them until migrated).
_COLUMNS_3 = {"history": {"bankroll"}, "ledger": {"after_round"}, "stats": {"staked", "biggest_loss"}}

# Primary result codes that say "the environment is in the way" rather than
# "the file is bad": moving the file aside would not help (or would hide a
# working file that another copy of the program is busy with).
_ENV_CODES = {
    3: "permission denied",  # SQLITE_PERM
    5: "another copy of cardtable is busy with it",  # SQLITE_BUSY
    6: "another copy of cardtable is busy with it",  # SQLITE_LOCKED
    7: "out of memory",  # SQLITE_NOMEM
    8: "it is read-only",  # SQLITE_READONLY
    10: "a disk input/output error occurred",  # SQLITE_IOERR
    13: "the disk is full",  # SQLITE_FULL
    14: "the file or its folder cannot be accessed",  # SQLITE_CANTOPEN
    23: "access was refused",  # SQLITE_AUTH
}
_ENV_WORDS = (
    ("locked", 5),
    ("readonly", 8),
    ("read-only", 8),
    ("unable to open", 14),
    ("disk i/o", 10),
    ("full", 13),
    ("out of memory", 7),
)


def _env_reason(error: sqlite3.Error) -> str | None:
    """Plain words if ``error`` is an environment problem, else None (a bad file)."""
    code = getattr(error, "sqlite_errorcode", None)
    if isinstance(code, int):
        return _ENV_CODES.get(code & 0xFF)
    text = str(error).lower()
    for word, primary in _ENV_WORDS:
        if word in text:
            return _ENV_CODES[primary]
    return None


class _Unusable(Exception):
    """The data file must be moved aside; the message says why in plain words."""


def _now_iso() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")


# --------------------------------------------------------------------------- store


class Store:
    """The player's persistent state in one SQLite file. Use ``Store.open``."""

    def __init__(self, path: Path, conn: sqlite3.Connection, notice: str | None) -> None:
        self.path = path
        self.notice = notice
        #: One line when the folder or its files had to be made private at this open.
        self.privacy_notice: str | None = None
        #: ``(the ledger's figure, the bankroll held)`` when the file's bankroll is not
        #: what its rounds and refills explain (edited by hand): see ``restore_bankroll``.
        self.tampered: tuple[int, int] | None = None
        self._conn: sqlite3.Connection | None = conn
        self._lock = threading.RLock()

    # ---------------------------------------------------------------- opening

    @classmethod
    def open(cls, data_dir: str | os.PathLike[str] | None = None) -> Store:
        """Open (creating if needed) the store in ``data_dir``.

        ``None`` means the platform's user data folder. A file that cannot be used
        is renamed aside and replaced by a fresh one (see ``notice``); a folder that
        cannot be used raises ``StoreError``.
        """
        folder = cls._prepare_folder(data_dir)
        path = folder / DB_NAME
        notice: str | None = None
        for _attempt in range(3):
            _create_private(path)
            before = _identity(path)
            try:
                conn = _connect_and_check(path)
            except _Unusable as why:
                moved = _move_aside(path, before)
                if moved is not None:
                    notice = (
                        f"Your saved data could not be used ({why}), so it was moved to "
                        f"{moved} and a fresh file was started with "
                        f"{START_BANKROLL // 100:,} chips."
                    )
                continue  # open the fresh file (or the one another copy just made)
            store = cls(path, conn, notice)
            store.privacy_notice = _make_private(folder)
            store.tampered = store._bankroll_check()
            return store
        raise StoreError(f"The data file {path} could not be opened or replaced.")

    @staticmethod
    def _prepare_folder(data_dir: str | os.PathLike[str] | None) -> Path:
        if data_dir is None:
            import platformdirs  # imported here: only needed for the default folder

            folder = Path(platformdirs.user_data_dir("cardtable", appauthor=False))
        else:
            folder = Path(os.fspath(data_dir)).expanduser()
        try:
            folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        except FileExistsError:
            raise StoreError(
                f"The data folder {_short(folder)} cannot be used because it is a file, not a folder."
            ) from None
        except NotADirectoryError:
            raise StoreError(
                f"The data folder {_short(folder)} cannot be created because part of its path is a file."
            ) from None
        except PermissionError:
            raise StoreError(
                f"The data folder {_short(folder)} cannot be created: permission denied."
            ) from None
        except OSError as error:
            reason = error.strerror or str(error)
            raise StoreError(f"The data folder {_short(folder)} cannot be created: {reason}.") from None
        try:
            if not folder.is_dir():
                raise StoreError(f"The data folder {_short(folder)} is not a folder.")
            if not os.access(folder, os.W_OK | os.X_OK):
                raise StoreError(f"The data folder {_short(folder)} cannot be written: permission denied.")
            if (folder / DB_NAME).is_dir():
                raise StoreError(
                    f"The data file {_short(folder / DB_NAME)} cannot be used because it is a folder."
                )
        except OSError as error:  # e.g. a path too long for the system
            raise StoreError(
                f"The data folder {_short(folder)} cannot be used: {error.strerror or error}."
            ) from None
        if len(os.fsencode(os.path.abspath(folder / DB_NAME))) > _SQLITE_MAX_PATH:
            raise StoreError(
                f"The data folder {_short(folder)} cannot be used: its path is too long for the "
                f"data file (at most {_SQLITE_MAX_PATH} bytes); choose a shorter --data-dir."
            )
        return folder

    # ---------------------------------------------------------------- plumbing

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

    def claim_table(self, game: str) -> TableClaim | None:
        """Sit at ``game``'s table in this copy of the program, or None if another
        running copy already sits there (its open round is its own to play out).

        The claim is an OS file lock beside the data file, so a copy that is killed
        (even with ``kill -9``) lets go at once. Release it with ``claim.release()``.
        """
        _check_game(game)
        return TableClaim.acquire(self.path.with_name(f"{self.path.name}.{game}.lock"))

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the connection; further calls raise ``StoreError``. Safe to repeat."""
        with self._lock:
            if self._conn is not None:
                try:
                    self._conn.close()
                finally:
                    self._conn = None

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

    def _write(self) -> _WriteTxn:
        return _WriteTxn(self)

    def _failure(self, error: sqlite3.Error) -> StoreError:
        reason = _env_reason(error) or "it appears to be damaged"
        return StoreError(f"The data file {self.path} could not be used: {reason}.")

    # ---------------------------------------------------------------- bankroll

    @property
    def bankroll(self) -> int:
        """The bankroll in hundredths, read fresh (another copy may have changed it)."""
        rows = self._read("SELECT bankroll FROM wallet WHERE id = 1")
        if not rows:
            raise StoreError(f"The data file {self.path} has lost its bankroll.")
        return int(rows[0][0])

    def record_round(
        self, game: str, stake: int, returned: int, details: dict[str, Any] | None = None
    ) -> int:
        """Deal and settle a round at once, in one transaction; returns the new bankroll.

        The same as :meth:`commit_round` then :meth:`settle_round` with nothing in
        between (for a round with no decisions to wait for, and for tests). Raises
        ``InsufficientFunds`` (nothing changes) when the stake exceeds the bankroll,
        ``ValueError`` for an unknown game, bad amounts or details that are not JSON.
        """
        _check_game(game)
        _check_amount("stake", stake)
        _check_amount("returned", returned)
        text = _details_json(details)
        with self._write() as cur:
            if cur.execute("SELECT 1 FROM open_rounds WHERE game = ?", (game,)).fetchone():
                raise RoundAlreadyOpen(f"A {game} round is open: it must be played out first.")
            self._take_stake(cur, stake)
            self._pay_out(cur, game, stake, returned, text)
            return _bankroll(cur)

    # ---------------------------------------------------------------- committed rounds

    def commit_round(self, game: str, stake: int, record: str) -> int:
        """Deal: take ``stake`` off the bankroll and save the round as open, together.

        Returns the new bankroll. ``InsufficientFunds`` when the bankroll (read inside
        the transaction, so another copy's bets count) cannot cover the stake;
        ``RoundAlreadyOpen`` when this game already has an open round. Either way
        nothing changes.
        """
        _check_game(game)
        _check_amount("stake", stake)
        _check_record(record)
        with self._write() as cur:
            row = cur.execute("SELECT 1 FROM open_rounds WHERE game = ?", (game,)).fetchone()
            if row is not None:
                raise RoundAlreadyOpen(
                    f"A {game} round is already open (perhaps in another copy of cardtable)."
                )
            self._take_stake(cur, stake)
            now = _now_iso()
            cur.execute(
                "INSERT INTO open_rounds (game, staked, record, opened, updated)"
                " VALUES (?, ?, ?, ?, ?)",
                (game, stake, record, now, now),
            )
            return _bankroll(cur)

    def update_round(self, game: str, record: str, extra_stake: int = 0) -> int:
        """Save the open round's new record; a double, split or added coin takes
        ``extra_stake`` off the bankroll in the same transaction. Returns the bankroll.

        ``NoOpenRound`` / ``InsufficientFunds``: nothing changes.
        """
        _check_game(game)
        _check_amount("extra_stake", extra_stake)
        _check_record(record)
        with self._write() as cur:
            self._open_row(cur, game)
            self._take_stake(cur, extra_stake)
            cur.execute(
                "UPDATE open_rounds SET staked = staked + ?, record = ?, updated = ?"
                " WHERE game = ?",
                (extra_stake, record, _now_iso(), game),
            )
            return _bankroll(cur)

    def settle_round(
        self, game: str, returned: int, details: dict[str, Any] | None = None, *, stake: int | None = None
    ) -> int:
        """Settle the open round: pay ``returned`` (stakes included), add the statistics
        and the history row, and close the round — all in one transaction.

        ``stake``, when given, must equal what the round has on the table (a check
        that the screen and the store agree). Returns the new bankroll.
        """
        _check_game(game)
        _check_amount("returned", returned)
        text = _details_json(details)
        with self._write() as cur:
            staked = self._open_row(cur, game)
            if stake is not None and stake != staked:
                raise StoreError(
                    f"The {game} round has {_chips(staked)} chips on the table, not {_chips(stake)}."
                )
            (record,) = cur.execute("SELECT record FROM open_rounds WHERE game = ?", (game,)).fetchone()
            cur.execute("DELETE FROM open_rounds WHERE game = ?", (game,))
            # The round's record goes to the history with it: compacted to
            # the cards it used and compressed, so that it can be replayed later.
            self._pay_out(cur, game, staked, returned, text, pack_record(str(record)))
            return _bankroll(cur)

    def void_open_round(self, game: str, reason: str) -> int:
        """The one void: a saved round that cannot be replayed. Its stakes go back,
        and its record is kept aside (``void_rounds``) for inspection."""
        _check_game(game)
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
                (_now_iso(), game, staked, reason, record),
            )
            cur.execute("DELETE FROM open_rounds WHERE game = ?", (game,))
            cur.execute("UPDATE wallet SET bankroll = bankroll + ? WHERE id = 1", (staked,))
            return _bankroll(cur)

    def open_round(self, game: str) -> OpenRound | None:
        """The game's open round, or None."""
        _check_game(game)
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
                    return _reconcile(db.cursor())
                finally:
                    _rollback(db)
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
        _check_amount("expected", expected)
        if expected > MAX_BANKROLL:
            raise StoreError("That bankroll is not a sane amount.")
        with self._write() as cur:
            if _reconcile(cur)[0] != expected:
                raise StoreError("The data file changed meanwhile; open it again to check it.")
            cur.execute("UPDATE wallet SET bankroll = ? WHERE id = 1", (expected,))
        self.tampered = None
        return expected

    def _open_row(self, cur: sqlite3.Cursor, game: str) -> int:
        row = cur.execute("SELECT staked FROM open_rounds WHERE game = ?", (game,)).fetchone()
        if row is None:
            raise NoOpenRound(
                f"No {game} round is open (another copy of cardtable may have settled it)."
            )
        return int(row[0])

    def _take_stake(self, cur: sqlite3.Cursor, stake: int) -> None:
        """Take ``stake`` off the bankroll, checked inside the transaction."""
        bankroll = _bankroll(cur)
        if stake > bankroll:
            raise InsufficientFunds(
                f"The stake of {_chips(stake)} chips is more than the bankroll of "
                f"{_chips(bankroll)} chips."
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
        net = returned - stake
        won, lost, pushed = int(net > 0), int(net < 0), int(net == 0)
        cur.execute("UPDATE wallet SET bankroll = bankroll + ? WHERE id = 1", (returned,))
        cur.execute(
            "UPDATE stats SET rounds = rounds + 1, won = won + ?, lost = lost + ?,"
            " pushed = pushed + ?, net = net + ?, biggest_win = MAX(biggest_win, ?),"
            " staked = staked + ?, biggest_loss = MIN(biggest_loss, ?)"
            " WHERE game = ?",
            (won, lost, pushed, net, max(net, 0), stake, min(net, 0), game),
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
            (game, _now_iso(), stake, returned, details_json, _bankroll(cur)),
        )
        if record is not None:
            cur.execute("INSERT INTO history_records (id, record) VALUES (?, ?)", (cur.lastrowid, record))

    def can_refill(self, minimum: int) -> bool:
        """True when the bankroll cannot cover ``minimum`` (a table's minimum bet)."""
        _check_amount("minimum", minimum)
        return self.bankroll < minimum

    def refill(self, game: str, minimum: int) -> int:
        """Free refill to 1,000 chips, only when the bankroll is below ``minimum``.

        Counted in ``game``'s statistics. Returns the new bankroll; ``StoreError``
        when the bankroll still covers the minimum (nothing changes).
        """
        _check_game(game)
        _check_amount("minimum", minimum)
        with self._write() as cur:
            (bankroll,) = cur.execute("SELECT bankroll FROM wallet WHERE id = 1").fetchone()
            if bankroll >= minimum:
                raise StoreError(
                    f"A refill is only given when the bankroll ({_chips(bankroll)} chips) "
                    f"is below the table minimum ({_chips(minimum)} chips)."
                )
            cur.execute("UPDATE wallet SET bankroll = ? WHERE id = 1", (START_BANKROLL,))
            cur.execute("UPDATE stats SET refills = refills + 1 WHERE game = ?", (game,))
            cur.execute(
                "INSERT INTO ledger (at, kind, game, amount, after_round)"
                " VALUES (?, 'refill', ?, ?, (SELECT COALESCE(MAX(id), 0) FROM history))",
                (_now_iso(), game, START_BANKROLL - bankroll),
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

    # ---------------------------------------------------------------- statistics

    def stats(self, game: str) -> GameStats:
        """Totals for one game."""
        _check_game(game)
        rows = self._read(
            "SELECT rounds, won, lost, pushed, net, biggest_win, refills FROM stats"
            " WHERE game = ?",
            (game,),
        )
        if not rows:
            return GameStats(game)
        return GameStats(game, *(int(v) for v in rows[0]))

    def all_stats(self) -> dict[str, GameStats]:
        """Totals for every game, in ``GAMES`` order."""
        rows = self._read(
            "SELECT game, rounds, won, lost, pushed, net, biggest_win, refills FROM stats"
        )
        found = {row[0]: GameStats(row[0], *(int(v) for v in row[1:])) for row in rows}
        return {game: found.get(game, GameStats(game)) for game in GAMES}

    def history(self, game: str | None = None, limit: int = 50) -> list[HistoryEntry]:
        """The latest settled rounds, newest first (of one game, or of all)."""
        return self.history_page(HistoryFilter(game=game), limit=limit)

    def history_page(self, where: HistoryFilter, limit: int = 50, offset: int = 0) -> list[HistoryEntry]:
        """One page of the settled rounds ``where`` selects, in its order."""
        if not _is_int(limit) or limit < 0:
            raise ValueError(f"limit must be a non-negative int, not {limit!r}")
        if not _is_int(offset) or offset < 0:
            raise ValueError(f"offset must be a non-negative int, not {offset!r}")
        cond, args = where.where()
        rows = self._read(
            f"SELECT {_HISTORY_COLUMNS} FROM history{cond}{where.order_by()} LIMIT ? OFFSET ?",
            (*args, limit, offset),
        )
        return [_entry(row) for row in rows]

    def history_matching(self, where: HistoryFilter) -> int:
        """How many settled rounds ``where`` selects."""
        cond, args = where.where()
        return int(self._read(f"SELECT COUNT(*) FROM history{cond}", args)[0][0])

    def iter_history(self, where: HistoryFilter, chunk: int = 5000) -> Iterator[HistoryEntry]:
        """Every round ``where`` selects, read in chunks (for an export of any size).

        Paged by id, not by offset, so that each chunk costs the same."""
        for row in self._iter_rows(where, _HISTORY_COLUMNS, chunk):
            yield _entry(row)

    def iter_records(self, where: HistoryFilter, chunk: int = 5000) -> Iterator[tuple[HistoryEntry, str | None]]:
        """Like :meth:`iter_history`, each round with its record's JSON text (or None)."""
        columns = _HISTORY_COLUMNS + ", (SELECT record FROM history_records r WHERE r.id = history.id)"
        for row in self._iter_rows(where, columns, chunk):
            yield _entry(row[:-1]), (None if row[-1] is None else unpack_record(row[-1]))

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
        rows = self._read(f"SELECT {_HISTORY_COLUMNS} FROM history WHERE id = ?", (int(round_id),))
        return _entry(rows[0]) if rows else None

    def round_record(self, round_id: int) -> str | None:
        """The settled round's record as JSON text (``core.record.RoundRecord``), or
        None when the history has none for it (rounds settled before schema 3)."""
        rows = self._read("SELECT record FROM history_records WHERE id = ?", (int(round_id),))
        if not rows or rows[0][0] is None:
            return None
        return unpack_record(rows[0][0])

    def bankroll_series(self) -> list[BankrollPoint]:
        """Every settled round, oldest first, with the bankroll after it (the chart)."""
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
        _check_game(game)
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

    def game_totals(self) -> dict[str, GameTotals]:
        """Per game: rounds, money staked, net, biggest win and loss (from the statistics,
        which keep them as each round settles: no pass over the history)."""
        rows = self._read("SELECT game, rounds, staked, net, biggest_win, biggest_loss FROM stats")
        found = {str(r[0]): GameTotals(str(r[0]), *(int(v) for v in r[1:])) for r in rows}
        return {game: found.get(game, GameTotals(game)) for game in GAMES}

    def history_count(self, game: str | None = None) -> int:
        """How many rounds the history holds (of one game, or of all)."""
        if game is None:
            rows = self._read("SELECT COUNT(*) FROM history")
        else:
            _check_game(game)
            rows = self._read("SELECT COUNT(*) FROM history WHERE game = ?", (game,))
        return int(rows[0][0])

    # ---------------------------------------------------------------- settings

    def settings(self) -> Settings:
        """The stored settings; a missing, unknown or invalid value gives its default."""
        rows = self._read("SELECT key, value FROM settings")
        values: dict[str, Any] = {}
        for key, raw in rows:
            if key not in _SETTING_NAMES:
                continue
            try:
                value = json.loads(raw)
            except (TypeError, ValueError):
                continue
            if key == "bj_seats" and isinstance(value, list):
                value = tuple(value)
            values[key] = value
        return Settings(**values).validated()

    def save_settings(self, s: Settings) -> None:
        """Store every setting. ``ValueError`` (nothing stored) if any value is invalid."""
        bad = s.problems()
        if bad:
            raise ValueError(f"invalid settings: {', '.join(bad)}")
        rows = []
        for name in _SETTING_NAMES:
            value = getattr(s, name)
            if isinstance(value, (tuple, list)):
                value = list(value)
            rows.append((name, json.dumps(value)))
        with self._write() as cur:
            cur.executemany(
                "INSERT INTO settings (key, value) VALUES (?, ?)"
                " ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                rows,
            )

    # -- what a table remembers between visits ---------------------------

    def table_memory(self, game: str) -> dict[str, Any]:
        """What ``game``'s table kept when last left (its last bet, the computer seats'
        chips …), or ``{}``; a value that does not read as a JSON object counts as none."""
        _check_game(game)
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
        _check_game(game)
        text = json.dumps(memory, sort_keys=True)
        with self._write() as cur:
            cur.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                (f"table:{game}", text),
            )

    # -- strategy drill scores ---------------------------------------------
    # Kept in ``meta`` (key ``drills:<game>``, a JSON list of [at, answered, best, cost]):
    # no schema change, so older copies of the program can still open the file. A value
    # that does not read back is ignored, entry by entry; it never stops a drill.

    def record_drill(self, game: str, answered: int, best: int, cost: float) -> None:
        """Keep a finished drill's score. ``ValueError`` (nothing kept) for a game without
        drills, counts that are not whole numbers with 0 <= best <= answered, or a cost
        that is not a finite number >= 0 (hundredths of a chip)."""
        if game not in DRILL_GAMES:
            raise ValueError(f"no drills for {game!r}; expected one of {', '.join(DRILL_GAMES)}")
        if not (_is_int(answered) and _is_int(best) and 0 <= best <= answered):
            raise ValueError(f"a drill score needs 0 <= best <= answered, not {best!r} of {answered!r}")
        if isinstance(cost, bool) or not isinstance(cost, (int, float)) or not 0 <= cost < float("inf"):
            raise ValueError(f"a drill's cost must be a finite number >= 0, not {cost!r}")
        entry = [_now_iso(), answered, best, round(float(cost), 4)]
        key = f"drills:{game}"
        with self._write() as cur:
            row = cur.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
            kept = [e for e in _drill_entries(row[0] if row else None) if _drill_score(game, e)]
            kept.append(entry)
            text = json.dumps(kept[-DRILL_SCORES_KEPT:])
            cur.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                (key, text),
            )

    def drill_scores(self, game: str | None = None) -> list[DrillScore]:
        """Finished drills, oldest first: of ``game``, or of every game (None)."""
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
                score = _drill_score(g, entry)
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


def _drill_score(game: str, entry: object) -> DrillScore | None:
    """One stored entry as a score, or None for anything damaged."""
    if not isinstance(entry, list) or len(entry) != 4:
        return None
    at, answered, best, cost = entry
    if not (isinstance(at, str) and 0 < len(at) <= 40):
        return None
    if not (_is_int(answered) and _is_int(best) and 0 <= best <= answered):
        return None
    if isinstance(cost, bool) or not isinstance(cost, (int, float)) or not 0 <= cost < float("inf"):
        return None
    return DrillScore(game, at, answered, best, float(cost))


class TableClaim:
    """An exclusive lock on one game's table, held while a screen shows that table."""

    def __init__(self, handle: Any) -> None:
        self._handle = handle

    @classmethod
    def acquire(cls, path: Path) -> TableClaim | None:
        try:
            handle = open(path, "a+b")  # noqa: SIM115 - held until release()
        except OSError as error:
            raise StoreError(
                f"The lock file {path} cannot be opened: {error.strerror or error}."
            ) from None
        try:
            if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
                import msvcrt

                handle.seek(0)
                msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
            else:
                import fcntl

                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            return None
        return cls(handle)

    @property
    def held(self) -> bool:
        return self._handle is not None

    def release(self) -> None:
        """Let go of the table (closing the file drops the lock). Safe to repeat."""
        handle, self._handle = self._handle, None
        if handle is not None:
            handle.close()


class _WriteTxn:
    """``with store._write() as cur``: lock, BEGIN IMMEDIATE, COMMIT or ROLLBACK."""

    def __init__(self, store: Store) -> None:
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
                    _rollback(conn)
                    raise store._failure(error) from error
            else:
                _rollback(conn)
                if isinstance(exc, sqlite3.Error):
                    raise store._failure(exc) from exc
        finally:
            store._lock.release()


def _rollback(conn: sqlite3.Connection) -> None:
    if conn.in_transaction:
        try:
            conn.execute("ROLLBACK")
        except sqlite3.Error:
            pass


# --------------------------------------------------------------------------- helpers


def _check_game(game: object) -> None:
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; expected one of {', '.join(GAMES)}")


def _check_amount(name: str, amount: object) -> None:
    if not _is_int(amount):
        raise ValueError(f"{name} must be an int of hundredths, not {type(amount).__name__}")
    if amount < 0:  # type: ignore[operator]
        raise ValueError(f"{name} must not be negative: {amount}")


def _reconcile(cur: sqlite3.Cursor) -> tuple[int, int]:
    """(bankroll the records explain, bankroll held): see ``Store.reconcile``."""
    net = cur.execute("SELECT COALESCE(SUM(returned - stake), 0) FROM history").fetchone()[0]
    ledger = cur.execute("SELECT COALESCE(SUM(amount), 0) FROM ledger").fetchone()[0]
    open_ = cur.execute("SELECT COALESCE(SUM(staked), 0) FROM open_rounds").fetchone()[0]
    held = cur.execute("SELECT bankroll FROM wallet WHERE id = 1").fetchone()[0]
    return START_BANKROLL + int(net) + int(ledger) - int(open_), int(held)


def _create_private(path: Path) -> None:
    """Create the data file empty and owner-only if it is missing (SQLite gives its
    -wal and -shm files the data file's mode): an open round holds the shoe's undealt
    cards, so no other user of the machine may read it."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT, 0o600))
    except OSError:
        pass  # opening it says why, in words


#: Files of the data folder kept private (the data file with its -wal, -shm, locks and
#: moved-aside copies, the shared tables' keys, the poker returns cache).
_PRIVATE = (DB_NAME, "shared-tables.json", "poker-returns.json")


def _make_private(folder: Path) -> str | None:
    """The folder owner-only (0700) and cardtable's files in it 0600; one line saying
    what was repaired, or None when all was private already (or cannot be changed)."""
    if os.name != "posix":
        return None
    repaired = 0
    try:
        if folder.stat().st_mode & 0o077:
            os.chmod(folder, 0o700)
            repaired += 1
        for entry in os.scandir(folder):
            if entry.name.startswith(_PRIVATE) and entry.is_file(follow_symlinks=False):
                if entry.stat(follow_symlinks=False).st_mode & 0o077:
                    os.chmod(entry.path, 0o600)
                    repaired += 1
    except OSError:
        return None
    if not repaired:
        return None
    return f"The data folder {_short(folder)} could be read by other users of this machine: it is now private."


def _bankroll(cur: sqlite3.Cursor) -> int:
    return int(cur.execute("SELECT bankroll FROM wallet WHERE id = 1").fetchone()[0])


def _details_json(details: dict[str, Any] | None) -> str:
    try:
        return json.dumps({} if details is None else details, sort_keys=True, allow_nan=False, separators=(",", ":"))
    except (TypeError, ValueError) as error:
        raise ValueError(f"details must be plain JSON data: {error}") from None


def _check_record(record: object) -> None:
    if not isinstance(record, str) or not record:
        raise ValueError("a round's record is non-empty JSON text")


#: SQLite refuses file names longer than this (its default SQLITE_MAX_PATHNAME, less
#: room for the "-wal" and "-shm" files beside the data file).
_SQLITE_MAX_PATH = 500


def _short(path: Path, limit: int = 160) -> str:
    """A path for a one-line message: long ones keep their start and end."""
    text = str(path)
    return text if len(text) <= limit else f"{text[:60]}…{text[-60:]}"


def _chips(amount: int) -> str:
    whole, cents = divmod(abs(amount), 100)
    text = f"{whole:,}" + (f".{cents:02d}" if cents else "")
    return ("-" if amount < 0 else "") + text


_HISTORY_COLUMNS = (
    "id, game, at, stake, returned, details, bankroll,"
    " EXISTS (SELECT 1 FROM history_records r WHERE r.id = history.id)"
)


def _entry(row: Sequence[Any]) -> HistoryEntry:
    i, g, at, s, r, d, b, replayable = row
    return HistoryEntry(
        int(i), str(g), str(at), int(s), int(r), _load_details(d), None if b is None else int(b), bool(replayable)
    )


#: The first byte of a packed record: how the rest is to be read. ``z``: zlib;
#: ``d``: zlib with the preset dictionary below (never change it: old rows need it;
#: a better one gets a new first byte).
_PACK_ZLIB = b"z"
_PACK_DICT = b"d"
#: What records look like, so that a record of a few hundred bytes compresses as if
#: it were the thousandth of a series (zlib's preset dictionary; frequent parts last).
_ZDICT = (
    '"pay_table":"9/6 Jacks or Better"},"version":1}'
    '{"actions":[["exchange",[0,1,2,3,4]]],"game":"poker","meta":{},"start":{"coin_size":500,"coins":5,'
    '"deck":{"all":"TS QD AS 2S 5S 9C 3S 8S","cards":"TS QD AS 2S 5S 9C 3S 8S","cut":null,"decks":0},'
    '"exchange_rounds":1,"machine":"jacks-or-better-9-6",'
    '{"actions":[],"game":"baccarat","meta":{},"start":{"bets":{"B":1000,"P":500,"T":500},"new_shoe":false,'
    '"roads":"PBBPBBPPPBBBPBTBBBBBBP","shoe":{"all":"AD 8D 9C JH","cards":"AD 8D 9C JH",'
    '"cut":null,"decks":0}},"version":1}'
    '{"actions":[[0,0,"hit"],[0,0,"stand"],[1,0,"double"],[1,0,"split"],[2,0,"stand"],[2,1,"hit"]],'
    '"game":"blackjack","meta":{"levels":["easy","normal","hard"]},"start":{"bankrolls":[100000,100000,100000],'
    '"bets":[500,500,500],"just_shuffled":false,"rules":{"blackjack_pays":[3,2],"dealer_hits_soft_17":false,'
    '"dealer_peeks":false,"decks":6,"double_after_split":true,"late_surrender":false,"max_bet":50000,"max_hands":4,'
    '"min_bet":500,"penetration_percent":75,"resplit_aces":false},"seen":"","shoe":{"all":"'
).encode("ascii")


def pack_record(text: str) -> bytes | None:
    """A settled round's record for the history: trimmed to the cards it dealt
    (``core.replay.compact``) and zlib-compressed. None for text that is not a record."""
    from .core.record import RecordError, RoundRecord
    from .core.replay import compact

    try:
        record = RoundRecord.from_json(text)
    except RecordError:
        return None
    try:
        text = compact(record).to_json()
    except Exception:  # noqa: BLE001 - a settlement never fails for want of a smaller record
        text = record.to_json()
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, _ZDICT)
    return _PACK_DICT + packer.compress(text.encode("utf-8")) + packer.flush()


def unpack_record(blob: object) -> str | None:
    """The record text of :func:`pack_record`; None for a blob it did not write."""
    if not isinstance(blob, bytes) or not blob:
        return None
    try:
        if blob.startswith(_PACK_DICT):
            unpacker = zlib.decompressobj(-15, _ZDICT)
            return (unpacker.decompress(blob[1:]) + unpacker.flush()).decode("utf-8")
        if blob.startswith(_PACK_ZLIB):
            return zlib.decompress(blob[1:]).decode("utf-8")
    except (zlib.error, UnicodeDecodeError):
        return None
    return None


def _load_details(raw: object) -> dict[str, Any]:
    try:
        value = json.loads(raw)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return {}
    return value if isinstance(value, dict) else {"value": value}


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_dev, st.st_ino)


def _connect_and_check(path: Path) -> sqlite3.Connection:
    """Connect, check the file and create the schema if the file is new.

    Raises ``_Unusable`` when the file must be moved aside and ``StoreError`` when
    the environment (permissions, a full disk, a busy lock) is in the way.
    """
    try:
        conn = sqlite3.connect(
            path,
            timeout=BUSY_TIMEOUT_MS / 1000,
            isolation_level=None,
            check_same_thread=False,
        )
    except sqlite3.Error as error:
        raise StoreError(
            f"The data file {path} cannot be opened: {_env_reason(error) or error}."
        ) from None
    try:
        _check(conn)
    except (_Unusable, NewerDataFile):
        conn.close()
        raise
    except sqlite3.Error as error:
        _rollback(conn)
        conn.close()
        reason = _env_reason(error)
        if reason is None:
            raise _Unusable("the file is damaged or is not a cardtable data file") from None
        raise StoreError(f"The data file {path} cannot be used: {reason}.") from None
    except BaseException:
        conn.close()
        raise
    return conn


def _check(conn: sqlite3.Connection) -> None:
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise NewerDataFile(_newer_message(conn, version))
    result = [row[0] for row in conn.execute("PRAGMA quick_check").fetchall()]
    if result != ["ok"]:
        raise _Unusable("the file is damaged")
    if version == SCHEMA_VERSION and _up_to_date(conn):
        # Nothing to create, migrate or record: no write lock and no sync at start-up.
        conn.execute("PRAGMA synchronous = NORMAL")
        return
    conn.execute("BEGIN IMMEDIATE")
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        tables = _tables(conn)
        if version == 0 and not tables:
            for statement in _split_sql(_SCHEMA):
                conn.execute(statement)
            conn.execute("INSERT INTO wallet (id, bankroll) VALUES (1, ?)", (START_BANKROLL,))
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        elif version > SCHEMA_VERSION:  # another copy upgraded it meanwhile
            raise NewerDataFile(_newer_message(conn, version))
        elif version == 1:
            _check_tables(conn, tables, version=1)
            _migrate_1_to_2(conn)
            _migrate_2_to_3(conn)
        elif version == 2:
            _check_tables(conn, tables, version=2)
            _migrate_2_to_3(conn)
        elif version != SCHEMA_VERSION:
            raise _Unusable("it does not hold cardtable data")
        else:
            _check_tables(conn, tables)
        conn.executemany(
            "INSERT OR IGNORE INTO stats (game) VALUES (?)", [(game,) for game in GAMES]
        )
        from . import __version__

        conn.execute(
            "INSERT INTO meta (key, value) VALUES ('written_by', ?)"
            " ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (__version__,),
        )
        conn.execute("COMMIT")
    except BaseException:
        _rollback(conn)
        raise
    # Only now, so that a file about to be moved aside is left exactly as found.
    conn.execute("PRAGMA journal_mode = WAL").fetchone()
    conn.execute("PRAGMA synchronous = NORMAL")


def _up_to_date(conn: sqlite3.Connection) -> bool:
    """Whether a current file needs nothing written at opening: its tables are whole, every
    game has its statistics row, this version is the one recorded as its writer and it is
    already in WAL mode. Read in one snapshot; any doubt means the full check."""
    from . import __version__

    conn.execute("BEGIN")
    try:
        _check_tables(conn, _tables(conn))
        games = {row[0] for row in conn.execute("SELECT game FROM stats")}
        writer = conn.execute("SELECT value FROM meta WHERE key = 'written_by'").fetchone()
        wal = conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    finally:
        conn.execute("COMMIT")
    return set(GAMES) <= games and writer is not None and writer[0] == __version__ and wal


def _tables(conn: sqlite3.Connection) -> set[str]:
    return {
        row[0]
        for row in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
    }


def _migrate_1_to_2(conn: sqlite3.Connection) -> None:
    """Schema 1 -> 2, in place, inside the caller's transaction.

    Adds the open rounds, the ledger and ``meta``. Schema 1 did not record how much
    each refill gave, so the ledger opens with one "opening" entry: the difference
    between the bankroll and what the history alone explains. From then on the file
    reconciles (``Store.reconcile``).
    """
    for statement in _split_sql(_SCHEMA_2):
        conn.execute(statement)
    (bankroll,) = conn.execute("SELECT bankroll FROM wallet WHERE id = 1").fetchone()
    (net,) = conn.execute("SELECT COALESCE(SUM(returned - stake), 0) FROM history").fetchone()
    opening = int(bankroll) - START_BANKROLL - int(net)
    if opening:
        conn.execute(
            "INSERT INTO ledger (at, kind, game, amount) VALUES (?, 'opening', NULL, ?)",
            (_now_iso(), opening),
        )
    conn.execute("PRAGMA user_version = 2")


def _migrate_2_to_3(conn: sqlite3.Connection) -> None:
    """Schema 2 -> 3, in place, inside the caller's transaction.

    Adds the rounds' records (``history_records``: none for the rounds already there,
    which stay listed but cannot be replayed), the money staked and the biggest loss per
    game, and the bankroll after each round, worked out from the start:
    1,000 chips, each round's net and each ledger entry at its time. Refills are placed
    after the last round settled before them.
    """
    have = {
        table: {row[1] for row in conn.execute(f"PRAGMA table_info({table})")} for table in _COLUMNS_3
    }
    for table, columns in _COLUMNS_3.items():
        for column in sorted(columns - have[table]):
            default = " NOT NULL DEFAULT 0" if table == "stats" else ""
            conn.execute(f"ALTER TABLE {table} ADD COLUMN {column} INTEGER{default}")
    for statement in _split_sql(_SCHEMA_3):
        conn.execute(statement)
    conn.execute(
        "UPDATE stats SET"
        " staked = (SELECT COALESCE(SUM(stake), 0) FROM history h WHERE h.game = stats.game),"
        " biggest_loss = (SELECT MIN(0, COALESCE(MIN(returned - stake), 0)) FROM history h"
        " WHERE h.game = stats.game)"
    )
    ledger = conn.execute("SELECT id, at, kind, amount FROM ledger ORDER BY id").fetchall()
    rounds = conn.execute("SELECT id, at, returned - stake FROM history ORDER BY id").fetchall()
    bankroll = START_BANKROLL
    pending = [row for row in ledger if row[2] == "opening"]  # explains the start
    bankroll += sum(int(row[3]) for row in pending)
    later = [row for row in ledger if row[2] != "opening"]
    placed: list[tuple[int, int]] = []
    updates: list[tuple[int, int]] = []
    j = 0
    last_id = 0
    for round_id, at, net in rounds:
        while j < len(later) and str(later[j][1]) <= str(at):
            bankroll += int(later[j][3])
            placed.append((last_id, int(later[j][0])))
            j += 1
        bankroll += int(net)
        updates.append((bankroll, int(round_id)))
        last_id = int(round_id)
    placed.extend((last_id, int(row[0])) for row in later[j:])
    placed.extend((0, int(row[0])) for row in pending)
    conn.executemany("UPDATE history SET bankroll = ? WHERE id = ?", updates)
    conn.executemany("UPDATE ledger SET after_round = ? WHERE id = ?", placed)
    conn.execute("PRAGMA user_version = 3")


def _newer_message(conn: sqlite3.Connection, version: int) -> str:
    """Which version wrote the file, read without changing anything."""
    from . import __version__

    writer = None
    try:
        row = conn.execute("SELECT value FROM meta WHERE key = 'written_by'").fetchone()
        if row is not None and isinstance(row[0], str):
            writer = row[0][:40]
    except sqlite3.Error:
        pass
    who = f"cardtable {writer}" if writer else "a newer version of cardtable"
    return (
        f"The data file was written by {who} (data format {version}); this is cardtable "
        f"{__version__}, which reads data format {SCHEMA_VERSION} and older. It has been left "
        "untouched: update cardtable, or use another --data-dir."
    )


def _check_tables(conn: sqlite3.Connection, tables: set[str], version: int = SCHEMA_VERSION) -> None:
    for table, columns in _COLUMNS.items():
        if version == 1 and table not in _SCHEMA_1_TABLES:
            continue
        if version < 3 and table == "history_records":
            continue
        if table not in tables:
            raise _Unusable("it does not hold cardtable data")
        have = {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}
        if version < 3:
            columns = columns - _COLUMNS_3.get(table, set())
        if not columns <= have:
            raise _Unusable("it does not hold cardtable data")
    row = conn.execute("SELECT typeof(bankroll) FROM wallet WHERE id = 1").fetchone()
    if row is None or row[0] != "integer":
        raise _Unusable("its bankroll is missing")


def _split_sql(script: str) -> Iterator[str]:
    for statement in script.split(";"):
        if statement.strip():
            yield statement.strip()


def _move_aside(path: Path, expected: tuple[int, int] | None) -> Path | None:
    """Rename ``path`` (and its -wal/-shm/-journal) to a timestamped name.

    Returns the new path, or None when the file is gone or is no longer the one
    that was found bad (another copy of the program replaced it meanwhile).
    """
    if expected is None or _identity(path) != expected:
        return None
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    counter = 1
    while target.exists():
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{counter}")
        counter += 1
    try:
        os.replace(path, target)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise StoreError(
            f"The data file {path} is damaged and could not be moved aside: "
            f"{error.strerror or error}."
        ) from None
    for suffix in ("-wal", "-shm", "-journal"):
        side = path.with_name(path.name + suffix)
        try:
            os.replace(side, target.with_name(target.name + suffix))
        except FileNotFoundError:
            pass
        except OSError as error:
            raise StoreError(
                f"The data file {side} could not be moved aside: {error.strerror or error}."
            ) from None
    return target
