"""How the store tells a bad file from an environment in the way
(``cardtable.store.errors.env_reason``): only a bad file is ever moved aside."""

from __future__ import annotations

import sqlite3

import pytest

from cardtable.store import InsufficientFunds, NewerDataFile, NoOpenRound, RoundAlreadyOpen, StoreError
from cardtable.store.errors import Unusable, env_reason


def _error(message: str, code: int | None) -> sqlite3.Error:
    error = sqlite3.OperationalError(message)
    if code is not None:
        error.sqlite_errorcode = code  # type: ignore[attr-defined]
    return error


@pytest.mark.parametrize(("code", "words"), [
    (5, "another copy of cardtable is busy with it"),
    (5 | (1 << 8), "another copy of cardtable is busy with it"),  # SQLITE_BUSY_RECOVERY
    (8, "it is read-only"),
    (10 | (3 << 8), "a disk input/output error occurred"),  # an extended I/O code
    (13, "the disk is full"),
    (14, "the file or its folder cannot be accessed"),
])
def test_an_environment_error_is_named_by_its_primary_code(code: int, words: str) -> None:
    assert env_reason(_error("whatever the text says", code)) == words


@pytest.mark.parametrize("code", [11, 26, 1])  # SQLITE_CORRUPT, SQLITE_NOTADB, SQLITE_ERROR
def test_a_bad_file_is_no_environment_error(code: int) -> None:
    assert env_reason(_error("database disk image is malformed", code)) is None


@pytest.mark.parametrize(("message", "words"), [
    ("database is locked", "another copy of cardtable is busy with it"),
    ("attempt to write a readonly database", "it is read-only"),
    ("unable to open database file", "the file or its folder cannot be accessed"),
    ("database or disk is full", "the disk is full"),
    ("file is not a database", None),
])
def test_without_a_code_the_message_s_words_decide(message: str, words: str | None) -> None:
    assert env_reason(_error(message, None)) == words


def test_every_store_refusal_is_a_store_error_and_a_bad_file_is_not() -> None:
    for kind in (InsufficientFunds, NewerDataFile, RoundAlreadyOpen, NoOpenRound):
        assert issubclass(kind, StoreError)
    assert not issubclass(Unusable, StoreError)  # it never leaves the store: the file is moved aside
