"""Schema-1 data files (RULES.md section 1): the checked-in schema-1 file migrates in place
keeping its bankroll, statistics and history; chips its history does not explain (more
or fewer) get one opening ledger entry, so ``reconcile`` balances; and a newer file
without a meta table is refused, left untouched.
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from store_helpers import balanced, raw, record

import cardtable
from cardtable.store import (
    DB_NAME,
    SCHEMA_VERSION,
    START_BANKROLL,
    GameStats,
    NewerDataFile,
    Settings,
    Store,
)

SCHEMA1_FILE = Path(__file__).parent / "data" / "cardtable-schema1.sqlite3"



# --------------------------------------------------------------------------- 8. migration

SCHEMA1_STATS = {
    "blackjack": GameStats("blackjack", 1, 1, 0, 0, 1_500, 1_500, 0, 1_000, 0),
    "baccarat": GameStats("baccarat", 1, 0, 1, 0, -2_000, 0, 0, 2_000, -2_000),
    "poker": GameStats("poker", 1, 1, 0, 0, 500, 500, 0, 500, 0),
}
SCHEMA1_HISTORY = [  # newest first, as Store.history gives it
    (3, "poker", "2026-11-30T22:19:18Z", 500, 1_000, {"coins": 1}),
    (
        2,
        "baccarat",
        "2026-11-30T22:19:18Z",
        2_000,
        0,
        {"banker": ["9C", "KD"], "bets": {"player": 2000}, "outcome": "Banker", "player": ["2S", "3H"]},
    ),
    (
        1,
        "blackjack",
        "2026-11-30T22:19:18Z",
        1_000,
        2_500,
        {
            "dealer": ["TS", "7H"],
            "hands": [
                {"cards": ["AS", "KD"], "doubled": False, "outcome": "blackjack",
                 "returned": 2500, "stake": 1000}
            ],
            "seats": 3,
        },
    ),
]
SCHEMA1_SETTINGS = Settings(
    bj_seats=("easy", "hard", "normal"),
    baccarat_decks=6,
    poker_coin=500,
    poker_exchanges=2,
    animations=True,
    ascii=False,
    theme="textual-dark",
    ai_delay_ms=500,
    bj_min=1_000,
    bj_max=50_000,
    bac_min=500,
    bac_max=50_000,
)


def copy_schema1(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / DB_NAME
    shutil.copyfile(SCHEMA1_FILE, target)
    return target


def test_checked_in_schema1_file_is_what_these_tests_expect() -> None:
    con = sqlite3.connect(f"file:{SCHEMA1_FILE}?mode=ro", uri=True)
    try:
        assert con.execute("PRAGMA user_version").fetchone() == (1,)
        tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        assert tables == {"wallet", "stats", "history", "settings", "sqlite_sequence"}
    finally:
        con.close()


def test_schema1_file_migrates_in_place_keeping_everything(tmp_path: Path) -> None:
    original = SCHEMA1_FILE.read_bytes()
    path = copy_schema1(tmp_path / "data")
    with Store.open(path.parent) as s:
        assert s.notice is None
        assert s.path == path
        assert s.bankroll == 100_000
        assert s.all_stats() == SCHEMA1_STATS
        got = [(h.id, h.game, h.at, h.stake, h.returned, h.details) for h in s.history()]
        assert got == SCHEMA1_HISTORY
        assert s.history_count() == 3
        assert s.settings() == SCHEMA1_SETTINGS
        assert s.open_games() == ()
        assert s.void_count() == 0
        # the history explains the bankroll exactly: 1,000 + 15 - 20 + 5
        balanced(s, 100_000)
    con = raw(path)
    try:
        assert con.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,) == ((3,))
        tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        assert {"open_rounds", "ledger", "void_rounds", "meta"} <= tables
        assert con.execute("SELECT value FROM meta WHERE key = 'written_by'").fetchone() == (
            cardtable.__version__,
        )
        ledger = con.execute("SELECT kind, game, amount FROM ledger").fetchall()
        assert all(kind == "opening" and game is None for kind, game, _ in ledger)
        assert sum(amount for *_, amount in ledger) == 0
        assert con.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    finally:
        con.close()
    # in place: nothing moved aside, and the checked-in file untouched
    assert sorted(p.name for p in path.parent.iterdir() if "corrupt" in p.name) == []
    assert SCHEMA1_FILE.read_bytes() == original

    # the migrated file plays on and keeps balancing, across reopening
    with Store.open(path.parent) as s:
        assert s.commit_round("blackjack", 1_000, record("blackjack", 0)) == 99_000
        assert s.settle_round("blackjack", 2_500, stake=1_000) == 101_500
        assert s.stats("blackjack") == GameStats("blackjack", 2, 2, 0, 0, 3_000, 1_500, 0, 2_000, 0)
        assert [h.id for h in s.history()][:2] == [4, 3]
        balanced(s, 101_500)
    with Store.open(path.parent) as s:
        balanced(s, 101_500)
        assert s.settings() == SCHEMA1_SETTINGS


def test_schema1_file_with_unexplained_chips_gets_one_opening_entry(tmp_path: Path) -> None:
    """Schema 1 kept no record of refills: the difference opens the ledger, once."""
    path = copy_schema1(tmp_path / "data")
    con = raw(path)
    con.execute("UPDATE wallet SET bankroll = 123456 WHERE id = 1")
    con.close()
    with Store.open(path.parent) as s:
        balanced(s, 123_456)
        assert s.all_stats() == SCHEMA1_STATS
    with Store.open(path.parent) as s:  # reopening adds nothing
        balanced(s, 123_456)
        s.record_round("poker", 456, 0)
        balanced(s, 123_000)
    con = raw(path)
    try:
        rows = con.execute("SELECT kind, game, amount FROM ledger ORDER BY id").fetchall()
    finally:
        con.close()
    assert rows == [("opening", None, 23_456)]


def test_schema1_file_below_its_history_gets_a_negative_opening_entry(tmp_path: Path) -> None:
    path = copy_schema1(tmp_path / "data")
    con = raw(path)
    con.execute("UPDATE wallet SET bankroll = 250 WHERE id = 1")
    con.close()
    with Store.open(path.parent) as s:
        balanced(s, 250)
        assert s.refill("poker", 500) == START_BANKROLL
        balanced(s, START_BANKROLL)
    con = raw(path)
    try:
        rows = con.execute("SELECT kind, amount FROM ledger ORDER BY id").fetchall()
    finally:
        con.close()
    assert rows == [("opening", -99_750), ("refill", 99_750)]


def test_a_newer_file_without_a_meta_table_is_refused_untouched(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    path = copy_schema1(folder)
    con = raw(path)
    con.execute("PRAGMA user_version = 4")
    con.close()
    before = path.read_bytes()
    listing = sorted(p.name for p in folder.iterdir())
    with pytest.raises(NewerDataFile) as caught:
        Store.open(folder)
    message = str(caught.value)
    assert "a newer version of cardtable" in message
    assert "data format 3" in message
    assert "None" not in message and "\n" not in message
    assert path.read_bytes() == before
    assert sorted(p.name for p in folder.iterdir()) == listing  # nothing moved aside or added
    # still refused the second time (it was not "repaired" the first time)
    with pytest.raises(NewerDataFile):
        Store.open(folder)
    assert path.read_bytes() == before
