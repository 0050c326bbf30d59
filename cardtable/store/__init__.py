"""Persistence: one SQLite file holds the bankroll, statistics, settings and history.

Why SQLite: a settled round must change bankroll, statistics and history together
or not at all (docs/rules.md section 1, "a round is all or nothing"), and two copies of
the program may share one data folder (DESIGN.md section 4). SQLite in WAL mode
gives both with the standard library alone.

Every write is one ``BEGIN IMMEDIATE`` transaction, so a second process waits
(``busy_timeout``) instead of failing, and amounts change with ``SET x = x + ?``
so no update is ever lost. A file that cannot be used is moved aside with a
timestamp and a fresh one is made; ``Store.notice`` tells the player in plain
words. Money is ``int`` hundredths of a chip everywhere.

The package, one job a module: ``facade`` (``Store``), ``base`` (the connection and its
write transaction), ``opening`` (folder, checks, moving a bad file aside), ``schema``
(tables and migrations), ``rounds`` (commit/update/settle/void), ``wallet`` (bankroll,
refills, reconciliation), ``stats``, ``history`` (queries and the export's reads),
``settings``, ``drills``, ``memory`` (what a table remembers), ``claims`` (table locks),
``packing`` (compressed records), ``private`` (file modes), ``values`` (argument checks),
``errors``. Everything public is imported from here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .claims import TableClaim
from .drills import DRILL_GAMES, DRILL_SCORES_KEPT
from .errors import InsufficientFunds, NewerDataFile, NoOpenRound, RoundAlreadyOpen, StoreError
from .facade import Store
from .opening import BUSY_TIMEOUT_MS
from .packing import pack_record, unpack_record
from .rounds import OpenRound
from .schema import DB_NAME, SCHEMA_VERSION
from .settings import Settings
from .values import GAMES, MAX_BANKROLL, START_BANKROLL

if TYPE_CHECKING:
    from .drill_scores import DrillScore
    from .game_stats import GameStats, GameTotals
    from .history_rows import HISTORY_ORDERS, HISTORY_RESULTS, BankrollPoint, HistoryEntry, HistoryFilter

#: Names imported from their module when first asked for: the data file opens without
#: building what only the statistics, the history and the drills read.
_LATER = {
    "DrillScore": "drill_scores",
    "GameStats": "game_stats",
    "GameTotals": "game_stats",
    "HISTORY_ORDERS": "history_rows",
    "HISTORY_RESULTS": "history_rows",
    "BankrollPoint": "history_rows",
    "HistoryEntry": "history_rows",
    "HistoryFilter": "history_rows",
}


def __getattr__(name: str) -> Any:
    module = _LATER.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


__all__ = [
    "GAMES",
    "START_BANKROLL",
    "MAX_BANKROLL",
    "SCHEMA_VERSION",
    "DB_NAME",
    "BUSY_TIMEOUT_MS",
    "HISTORY_ORDERS",
    "HISTORY_RESULTS",
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
    "pack_record",
    "unpack_record",
]
