"""The data file's layout: the tables of each schema version, the check that a file
holds them, and the migrations that bring a file of version 1 or 2 up to date in place."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator

from .errors import Unusable
from .values import START_BANKROLL, now_iso

__all__ = [
    "SCHEMA_VERSION",
    "DB_NAME",
    "SCHEMA",
    "create",
    "table_names",
    "check_tables",
    "migrate_1_to_2",
    "migrate_2_to_3",
    "split_sql",
]

#: ``PRAGMA user_version`` of the files this code writes. 1: the first release;
#: 2: committed rounds (``open_rounds``), the money ledger (refills), ``meta``;
#: 3: every settled round kept in full (``history.record``, compressed, and
#: ``history.bankroll`` after it), refills placed among the rounds (``ledger.after_round``).
SCHEMA_VERSION = 3
#: Name of the data file inside the data folder.
DB_NAME = "cardtable.sqlite3"

SCHEMA = """
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
_SCHEMA_2 = SCHEMA[SCHEMA.index("CREATE TABLE open_rounds") : SCHEMA.index("CREATE TABLE history_records")]
#: The tables and index that version 3 added (kept apart from the rows they describe,
#: so that reading the history's amounts never reads the records).
_SCHEMA_3 = SCHEMA[SCHEMA.index("CREATE TABLE history_records") :]

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


def create(conn: sqlite3.Connection) -> None:
    """Make the tables of a new, empty file, with the starting bankroll (in the caller's
    transaction)."""
    for statement in split_sql(SCHEMA):
        conn.execute(statement)
    conn.execute("INSERT INTO wallet (id, bankroll) VALUES (1, ?)", (START_BANKROLL,))
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def table_names(conn: sqlite3.Connection) -> set[str]:
    """The names of the file's own tables (SQLite's internal ones left out)."""
    return {
        row[0]
        for row in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
    }


def migrate_1_to_2(conn: sqlite3.Connection) -> None:
    """Schema 1 -> 2, in place, inside the caller's transaction.

    Adds the open rounds, the ledger and ``meta``. Schema 1 did not record how much
    each refill gave, so the ledger opens with one "opening" entry: the difference
    between the bankroll and what the history alone explains. From then on the file
    reconciles (``Store.reconcile``).
    """
    for statement in split_sql(_SCHEMA_2):
        conn.execute(statement)
    (bankroll,) = conn.execute("SELECT bankroll FROM wallet WHERE id = 1").fetchone()
    (net,) = conn.execute("SELECT COALESCE(SUM(returned - stake), 0) FROM history").fetchone()
    opening = int(bankroll) - START_BANKROLL - int(net)
    if opening:
        conn.execute(
            "INSERT INTO ledger (at, kind, game, amount) VALUES (?, 'opening', NULL, ?)",
            (now_iso(), opening),
        )
    conn.execute("PRAGMA user_version = 2")


def migrate_2_to_3(conn: sqlite3.Connection) -> None:
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
    for statement in split_sql(_SCHEMA_3):
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


def check_tables(conn: sqlite3.Connection, tables: set[str], version: int = SCHEMA_VERSION) -> None:
    """``Unusable`` unless the file has every table and column of schema ``version``
    and an integer bankroll."""
    for table, columns in _COLUMNS.items():
        if version == 1 and table not in _SCHEMA_1_TABLES:
            continue
        if version < 3 and table == "history_records":
            continue
        if table not in tables:
            raise Unusable("it does not hold cardtable data")
        have = {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}
        if version < 3:
            columns = columns - _COLUMNS_3.get(table, set())
        if not columns <= have:
            raise Unusable("it does not hold cardtable data")
    row = conn.execute("SELECT typeof(bankroll) FROM wallet WHERE id = 1").fetchone()
    if row is None or row[0] != "integer":
        raise Unusable("its bankroll is missing")


def split_sql(script: str) -> Iterator[str]:
    """The statements of an SQL script, one by one."""
    for statement in script.split(";"):
        if statement.strip():
            yield statement.strip()
