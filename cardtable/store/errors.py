"""The store's exceptions, and how an SQLite error is told apart: a bad file, or an
environment in the way (permissions, a full disk, another copy's lock)."""

from __future__ import annotations

import sqlite3

__all__ = [
    "StoreError",
    "InsufficientFunds",
    "NewerDataFile",
    "RoundAlreadyOpen",
    "NoOpenRound",
    "Unusable",
    "env_reason",
]


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


class Unusable(Exception):
    """The data file must be moved aside; the message says why in plain words."""


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


def env_reason(error: sqlite3.Error) -> str | None:
    """Plain words if ``error`` is an environment problem, else None (a bad file)."""
    code = getattr(error, "sqlite_errorcode", None)
    if isinstance(code, int):
        return _ENV_CODES.get(code & 0xFF)
    text = str(error).lower()
    for word, primary in _ENV_WORDS:
        if word in text:
            return _ENV_CODES[primary]
    return None
