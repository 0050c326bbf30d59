"""Helpers for the store tests: look at the data file behind the store's back, make a
round record, and check that ``reconcile`` balances."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from cardtable.store import Store


def raw(path: Path) -> sqlite3.Connection:
    """A plain connection to look at or tamper with the file behind the store's back."""
    return sqlite3.connect(path, isolation_level=None)


def file_state(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every row the money rules care about, read from the file itself."""
    con = raw(path)
    try:
        return {
            table: con.execute(f"SELECT * FROM {table} ORDER BY 1").fetchall()
            for table in (
                "wallet",
                "open_rounds",
                "history",
                "stats",
                "ledger",
                "void_rounds",
                "settings",
            )
        }
    finally:
        con.close()


def record(game: str, step: int, **extra: Any) -> str:
    return json.dumps({"game": game, "step": step, **extra}, sort_keys=True)


def balanced(s: Store, amount: int) -> None:
    """``reconcile`` balances and both sides equal the amount worked out by the test."""
    assert s.reconcile() == (amount, amount)
    assert s.bankroll == amount
