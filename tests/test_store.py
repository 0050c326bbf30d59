"""Persistence (DESIGN.md section 4): bankroll, statistics, settings and history: a new
player, recorded rounds (arithmetic, refusals, atomicity, threads), refills and resets,
settings (defaults, validation, fallbacks) and what survives reopening.

Expected amounts are worked out by hand from the rules (RULES.md section 1), never
computed by the store itself. Bad files and folders, two processes and a busy file:
test_store_files.py.
"""

from __future__ import annotations

import dataclasses
import re
import threading
from pathlib import Path
from typing import Any

import pytest
from store_helpers import raw

from cardtable.store import (
    DB_NAME,
    GAMES,
    SCHEMA_VERSION,
    START_BANKROLL,
    GameStats,
    HistoryEntry,
    InsufficientFunds,
    Settings,
    Store,
    StoreError,
)


@pytest.fixture
def store(tmp_path: Path):
    s = Store.open(tmp_path)
    yield s
    s.close()



# --------------------------------------------------------------------------- basics


def test_constants() -> None:
    assert GAMES == ("blackjack", "baccarat", "poker")
    assert START_BANKROLL == 100_000


def test_new_player_has_1000_chips(tmp_path: Path) -> None:
    with Store.open(tmp_path / "new" / "nested") as s:
        assert s.bankroll == 100_000
        assert s.notice is None
        assert s.path == tmp_path / "new" / "nested" / DB_NAME
        assert s.path.is_file()
        assert s.history() == []
        for game in GAMES:
            assert s.stats(game) == GameStats(game, 0, 0, 0, 0, 0, 0, 0)
        assert list(s.all_stats()) == list(GAMES)


def test_file_is_wal_with_the_current_schema_version(store: Store) -> None:
    con = raw(store.path)
    try:
        assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert con.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 3
    finally:
        con.close()


def test_default_folder_comes_from_platformdirs(tmp_path: Path, monkeypatch) -> None:
    import platformdirs

    asked: list[str] = []

    def fake(appname: str, *args, **kwargs) -> str:
        asked.append(appname)
        return str(tmp_path / "platform")

    monkeypatch.setattr(platformdirs, "user_data_dir", fake)
    with Store.open() as s:
        assert asked == ["cardtable"]
        assert s.path == tmp_path / "platform" / DB_NAME
        assert s.bankroll == START_BANKROLL


# --------------------------------------------------------------------------- rounds


def test_record_round_arithmetic_stats_and_history(store: Store) -> None:
    # blackjack 3:2 on 5 chips: stake 5, returned 12.50 -> +7.50
    assert store.record_round("blackjack", 500, 1250, {"hand": "AS KD"}) == 100_750
    # blackjack loss of 10 chips
    assert store.record_round("blackjack", 1000, 0) == 99_750
    # blackjack push on 5 chips
    assert store.record_round("blackjack", 500, 500) == 99_750
    # baccarat banker win on 5 chips pays 0.95: returned 9.75 -> +4.75
    assert store.record_round("baccarat", 500, 975, {"bet": "banker"}) == 100_225
    # baccarat banker win on 0.05 chips: 5 * 0.95 = 4.75 hundredths is not whole;
    # the caller rounds; the store keeps whatever exact ints it is given
    assert store.record_round("baccarat", 7, 13) == 100_231
    assert store.bankroll == 100_231

    assert store.stats("blackjack") == GameStats(
        "blackjack", rounds=3, won=1, lost=1, pushed=1, net=-250, biggest_win=750, refills=0,
        staked=2_000, biggest_loss=-1_000,
    )
    assert store.stats("baccarat") == GameStats(
        "baccarat", rounds=2, won=2, lost=0, pushed=0, net=481, biggest_win=475, refills=0, staked=507
    )
    assert store.stats("poker") == GameStats("poker", 0, 0, 0, 0, 0, 0, 0)

    hist = store.history()
    assert [(h.game, h.stake, h.returned) for h in hist] == [
        ("baccarat", 7, 13),
        ("baccarat", 500, 975),
        ("blackjack", 500, 500),
        ("blackjack", 1000, 0),
        ("blackjack", 500, 1250),
    ]
    assert [h.net for h in hist] == [6, 475, 0, -1000, 750]
    assert hist[-1].details == {"hand": "AS KD"}
    assert hist[1].details == {"bet": "banker"}
    assert hist[0].details == {}
    assert all(isinstance(h, HistoryEntry) for h in hist)
    assert hist[0].id > hist[1].id > hist[-1].id
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", hist[0].at)

    assert [h.game for h in store.history("blackjack")] == ["blackjack"] * 3
    assert [h.stake for h in store.history("baccarat", limit=1)] == [7]
    assert len(store.history(limit=2)) == 2
    assert store.history_count() == 5
    assert store.history_count("poker") == 0


def test_biggest_win_is_the_largest_net_win_of_one_round(store: Store) -> None:
    store.record_round("poker", 500, 4500)  # +40
    store.record_round("poker", 500, 1000)  # +5
    store.record_round("poker", 2500, 0)  # -25
    stats = store.stats("poker")
    assert stats.biggest_win == 4000
    assert stats.net == 4000 + 500 - 2500
    assert (stats.won, stats.lost, stats.pushed) == (2, 1, 0)


def test_a_losing_game_has_no_biggest_win(store: Store) -> None:
    store.record_round("baccarat", 500, 0)
    assert store.stats("baccarat").biggest_win == 0
    assert store.stats("baccarat").net == -500


def test_stake_equal_to_bankroll_is_allowed(store: Store) -> None:
    assert store.record_round("blackjack", 100_000, 0) == 0
    assert store.bankroll == 0


def test_insufficient_funds_changes_nothing(store: Store) -> None:
    store.record_round("blackjack", 500, 0)
    before = (store.bankroll, store.all_stats(), store.history())
    with pytest.raises(InsufficientFunds) as info:
        store.record_round("blackjack", 99_501, 200_000)
    assert isinstance(info.value, StoreError)
    assert "\n" not in str(info.value)
    assert (store.bankroll, store.all_stats(), store.history()) == before
    assert store.bankroll == 99_500


@pytest.mark.parametrize(
    "args",
    [
        ("roulette", 500, 0),
        ("blackjack", -1, 0),
        ("blackjack", 500, -1),
        ("blackjack", 5.0, 0),
        ("blackjack", 500, True),
        ("blackjack", "500", 0),
    ],
)
def test_bad_arguments_raise_value_error_and_change_nothing(store: Store, args) -> None:
    with pytest.raises(ValueError):
        store.record_round(*args)
    assert store.bankroll == START_BANKROLL
    assert store.history() == []


def test_details_must_be_json(store: Store) -> None:
    with pytest.raises(ValueError):
        store.record_round("poker", 500, 0, {"cards": {1, 2}})
    with pytest.raises(ValueError):
        store.record_round("poker", 500, 0, {"x": float("nan")})
    assert store.bankroll == START_BANKROLL
    assert store.history() == []


def test_round_is_atomic_when_history_insert_fails(store: Store, monkeypatch) -> None:
    store.record_round("baccarat", 1000, 2000)
    before = (store.bankroll, store.all_stats(), store.history())

    def boom(*args, **kwargs):
        raise RuntimeError("power cut")

    monkeypatch.setattr(Store, "_insert_history", boom)
    with pytest.raises(RuntimeError):
        store.record_round("baccarat", 500, 975)
    assert (store.bankroll, store.all_stats(), store.history()) == before
    assert store.bankroll == 101_000

    monkeypatch.undo()
    # no transaction left open, no lock held: the next round works and is on disk
    assert store.record_round("baccarat", 500, 975) == 101_475
    with Store.open(store.path.parent) as other:
        assert other.bankroll == 101_475
        assert other.stats("baccarat").rounds == 2


def test_round_is_atomic_when_sqlite_fails_midway(store: Store, monkeypatch) -> None:
    def bad_sql(self, cur, *args):
        cur.execute("INSERT INTO no_such_table VALUES (1)")

    monkeypatch.setattr(Store, "_insert_history", bad_sql)
    with pytest.raises(StoreError):
        store.record_round("poker", 500, 4500)
    assert store.bankroll == START_BANKROLL
    assert store.stats("poker").rounds == 0
    monkeypatch.undo()
    assert store.record_round("poker", 500, 4500) == 104_000


def test_bankroll_is_read_fresh_from_the_file(tmp_path: Path) -> None:
    with Store.open(tmp_path) as a, Store.open(tmp_path) as b:
        a.record_round("blackjack", 500, 0)
        assert b.bankroll == 99_500
        b.record_round("poker", 500, 1000)
        assert a.bankroll == 100_000
        assert a.stats("poker").rounds == 1
        # b cannot stake what a has already lost
        a.record_round("blackjack", 99_000, 0)
        with pytest.raises(InsufficientFunds):
            b.record_round("poker", 1500, 0)
        assert b.bankroll == 1_000


def test_threads_sharing_one_store(store: Store) -> None:
    errors: list[BaseException] = []

    def play(k: int) -> None:
        try:
            for i in range(50):
                store.record_round(GAMES[k % 3], 100, 200 if (i + k) % 2 else 0)
                _ = store.bankroll
        except BaseException as error:  # noqa: BLE001 - collected for the assert
            errors.append(error)

    threads = [threading.Thread(target=play, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert store.history_count() == 200
    # each thread wins 25 and loses 25 rounds of 1 chip: net zero
    assert store.bankroll == START_BANKROLL
    assert sum(s.rounds for s in store.all_stats().values()) == 200


# --------------------------------------------------------------------------- refill, reset


def test_refill_only_below_the_minimum_and_counted(store: Store) -> None:
    assert not store.can_refill(500)
    with pytest.raises(StoreError):
        store.refill("blackjack", 500)
    assert store.stats("blackjack").refills == 0

    store.record_round("blackjack", 99_500, 0)  # 5 chips left
    assert store.bankroll == 500
    assert not store.can_refill(500)  # exactly the minimum still covers it
    with pytest.raises(StoreError):
        store.refill("blackjack", 500)
    assert store.bankroll == 500

    store.record_round("blackjack", 1, 0)
    assert store.bankroll == 499
    assert store.can_refill(500)
    assert store.refill("baccarat", 500) == 100_000
    assert store.bankroll == 100_000
    assert store.stats("baccarat").refills == 1
    assert store.stats("blackjack").refills == 0
    # a refill is not a round
    assert store.stats("baccarat").rounds == 0
    assert store.history_count() == 2
    assert not store.can_refill(500)


def test_refill_bad_arguments(store: Store) -> None:
    with pytest.raises(ValueError):
        store.refill("craps", 500)
    with pytest.raises(ValueError):
        store.can_refill(-1)


def test_reset_keeps_settings_and_clears_the_rest(store: Store) -> None:
    store.save_settings(Settings(baccarat_decks=6, ascii=True))
    store.record_round("poker", 500, 0)
    store.record_round("blackjack", 99_500, 0)
    store.refill("blackjack", 500)
    store.record_round("baccarat", 500, 975)
    store.reset()
    assert store.bankroll == START_BANKROLL
    assert store.history() == []
    for game in GAMES:
        assert store.stats(game) == GameStats(game, 0, 0, 0, 0, 0, 0, 0)
    assert store.settings() == Settings(baccarat_decks=6, ascii=True)


# --------------------------------------------------------------------------- settings


def test_settings_default(store: Store) -> None:
    assert store.settings() == Settings()


def test_settings_round_trip_and_survive_reopening(tmp_path: Path) -> None:
    chosen = Settings(
        bj_seats=("easy", "easy", "hard", "normal"),
        baccarat_decks=4,
        poker_coin=100,
        poker_exchanges=3,
        animations=False,
        ascii=True,
        theme="nord",
        ai_delay_ms=0,
        bj_min=1_000,
        bj_max=100_000,
        bac_min=2_500,
        bac_max=2_500,
    )
    assert chosen.validated() == chosen
    with Store.open(tmp_path) as s:
        s.save_settings(chosen)
        assert s.settings() == chosen
    with Store.open(tmp_path) as s:
        loaded = s.settings()
        assert loaded == chosen
        assert isinstance(loaded.bj_seats, tuple)
        s.save_settings(Settings(bj_seats=()))
        assert s.settings().bj_seats == ()
        assert s.settings().baccarat_decks == 8


def test_invalid_settings_are_refused_on_save(store: Store) -> None:
    store.save_settings(Settings(theme="nord"))
    with pytest.raises(ValueError, match="baccarat_decks"):
        store.save_settings(Settings(baccarat_decks=5, theme="gruvbox"))
    assert store.settings() == Settings(theme="nord")


@pytest.mark.parametrize(
    "field, bad",
    [
        ("bj_seats", ("easy",) * 5),
        ("bj_seats", ("godlike",)),
        ("bj_seats", "normal"),
        ("baccarat_decks", 5),
        ("baccarat_decks", 8.0),
        ("poker_coin", 0),
        ("poker_coin", "500"),
        ("poker_exchanges", 0),
        ("poker_exchanges", 4),
        ("poker_exchanges", True),
        ("animations", 1),
        ("ascii", "yes"),
        ("theme", ""),
        ("theme", None),
        ("ai_delay_ms", -1),
        ("bj_min", -500),
        ("bac_max", 0),
    ],
)
def test_validated_replaces_a_bad_value_by_its_default(field: str, bad: object) -> None:
    changed: dict[str, Any] = {field: bad}
    s = dataclasses.replace(Settings(ai_delay_ms=123), **changed)
    fixed = s.validated()
    assert getattr(fixed, field) == getattr(Settings(), field)
    if field != "ai_delay_ms":
        assert fixed.ai_delay_ms == 123  # the good values are kept
    assert fixed.problems() == []


def test_validated_fixes_crossed_limits() -> None:
    s = Settings(bj_min=60_000, bj_max=50_000, bac_min=100, bac_max=200)
    fixed = s.validated()
    assert (fixed.bj_min, fixed.bj_max) == (500, 50_000)
    assert (fixed.bac_min, fixed.bac_max) == (100, 200)
    # a good min with a bad max whose default is below the min: both fall back
    s = Settings(bj_min=80_000, bj_max=-1).validated()
    assert (s.bj_min, s.bj_max) == (500, 50_000)


def test_bad_stored_settings_fall_back_to_defaults(tmp_path: Path) -> None:
    with Store.open(tmp_path) as s:
        s.save_settings(Settings(poker_exchanges=2, theme="nord"))
        path = s.path
    con = raw(path)
    try:
        con.executemany(
            "UPDATE settings SET value = ? WHERE key = ?",
            [
                ("not json at all", "theme"),
                ('"eight"', "baccarat_decks"),
                ('["easy", "wizard"]', "bj_seats"),
                ("3", "poker_exchanges"),
            ],
        )
        con.execute("INSERT INTO settings VALUES ('from_the_future', '42')")
        con.execute("DELETE FROM settings WHERE key = 'ascii'")
    finally:
        con.close()
    with Store.open(tmp_path) as s:
        assert s.notice is None
        assert s.settings() == Settings(poker_exchanges=3)


# --------------------------------------------------------------------------- reopening


def test_bankroll_stats_and_history_survive_reopening(tmp_path: Path) -> None:
    with Store.open(tmp_path) as s:
        s.record_round("baccarat", 500, 975, {"coup": 1})
        s.record_round("blackjack", 1000, 0)
    s = Store.open(tmp_path)
    try:
        assert s.notice is None
        assert s.bankroll == 99_475
        assert s.stats("baccarat").won == 1
        assert s.stats("blackjack").lost == 1
        assert [h.details for h in s.history()] == [{}, {"coup": 1}]
    finally:
        s.close()
        s.close()  # closing twice is harmless
    with pytest.raises(StoreError):
        _ = s.bankroll
