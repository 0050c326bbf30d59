"""The history's reads (``cardtable.store.history``): chunked reads that see every round
once whatever the chunk, the charts' columns, the sums SQLite makes of the details, and
the query builder's bounds."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from cardtable.history_gen import fill
from cardtable.store import HistoryFilter, Store


@pytest.fixture
def store(data_dir: Path):
    with Store.open(data_dir) as s:
        s.record_round("baccarat", 1_500, 0, {"bets": {"B": 1_000, "P": 500}})
        s.record_round("baccarat", 500, 950, {"bets": {"B": 500}})
        s.record_round("poker", 500, 0, {"machine": "deuces-wild"})
        s.record_round("poker", 1_000, 1_000, {})  # from before the machines were named
        s.record_round("blackjack", 2_000, 5_000)
        yield s


@pytest.mark.parametrize("chunk", [1, 2, 4, 5, 6, 5000])
@pytest.mark.parametrize("order", ["newest", "oldest"])
def test_a_chunked_read_sees_every_round_once_in_order(store: Store, chunk: int, order: str) -> None:
    where = HistoryFilter(order=order)
    assert list(store.iter_history(where, chunk=chunk)) == store.history_page(where, limit=100)
    only = HistoryFilter(game="baccarat", order=order)
    assert [e.id for e in store.iter_history(only, chunk=chunk)] == [e.id for e in store.history_page(only)]


def test_a_chunked_read_refuses_the_swing_order(store: Store) -> None:
    with pytest.raises(ValueError, match="order newest or oldest"):
        next(store.iter_history(HistoryFilter(order="swing")))


def test_records_come_with_the_rounds_that_kept_one(data_dir: Path) -> None:
    with Store.open(data_dir) as store:
        store.record_round("poker", 500, 0)  # dealt and settled at once: no record
        fill(store, 3, seed=5)  # played at the tables: kept in full
        read = list(store.iter_records(HistoryFilter(order="oldest"), chunk=2))
        assert [e.id for e, _ in read] == [e.id for e in store.history_page(HistoryFilter(order="oldest"))]
        assert read[0][1] is None and not read[0][0].replayable
        for entry, record in read[1:]:
            assert entry.replayable and record == store.round_record(entry.id)
            assert record is not None and json.loads(record)["game"] == entry.game


def test_one_round_by_its_number(store: Store) -> None:
    newest = store.history(limit=1)[0]
    assert store.history_entry(newest.id) == newest
    assert store.history_entry(newest.id + 1) is None
    assert store.round_record(newest.id + 1) is None


@pytest.mark.parametrize(("limit", "offset"), [(-1, 0), (True, 0), (1.5, 0), (10, -1), (10, False)])
def test_a_page_needs_whole_non_negative_bounds(store: Store, limit: object, offset: object) -> None:
    with pytest.raises(ValueError, match="must be a non-negative int"):
        store.history_page(HistoryFilter(), limit=limit, offset=offset)  # type: ignore[arg-type]


def test_pages_follow_each_other(store: Store) -> None:
    where = HistoryFilter(order="oldest")
    pages = [store.history_page(where, limit=2, offset=k) for k in (0, 2, 4)]
    assert [e.id for page in pages for e in page] == [e.id for e in store.history_page(where)]
    assert store.history_matching(where) == store.history_count() == 5
    assert store.history_count("poker") == 2


def test_the_chart_s_columns_are_the_bankroll_series(store: Store, data_dir: Path) -> None:
    series = store.bankroll_series()
    ids, games, nets, bankrolls = store.chart_columns()
    assert ids == [p.id for p in series] and games == [p.game for p in series]
    assert nets == [p.net for p in series] and bankrolls == [p.bankroll for p in series]
    assert bankrolls[-1] == store.bankroll
    with Store.open(data_dir / "empty") as empty:
        assert empty.chart_columns() == ([], [], [], [])


def test_stakes_are_summed_per_spot_and_per_machine(store: Store) -> None:
    assert store.staked_by("baccarat", "bets") == {"B": 1_500, "P": 500}
    assert store.staked_by("poker", "machine") == {"deuces-wild": 500, "": 1_000}
    assert store.staked_by("blackjack", "bets") == {}
    with pytest.raises(ValueError, match="unknown details path"):
        store.staked_by("poker", "coins")
    with pytest.raises(ValueError, match="unknown game"):
        store.staked_by("roulette", "bets")


def test_a_round_whose_details_do_not_read_is_left_out_of_the_sums(store: Store) -> None:
    con = sqlite3.connect(store.path, isolation_level=None)
    con.execute("UPDATE history SET details = 'not json' WHERE game = 'baccarat' AND stake = 500")
    con.close()
    assert store.staked_by("baccarat", "bets") == {"B": 1_000, "P": 500}


def test_since_is_inclusive_and_until_exclusive(store: Store) -> None:
    con = sqlite3.connect(store.path, isolation_level=None)
    stamps = ["2026-12-01T01:00:00Z", "2026-12-01T02:00:00Z", "2026-12-01T03:00:00Z",
              "2026-12-01T04:00:00Z", "2026-12-01T05:00:00Z"]
    con.executemany("UPDATE history SET at = ? WHERE id = ?", [(at, i + 1) for i, at in enumerate(stamps)])
    con.close()
    span = HistoryFilter(since="2026-12-01T02:00:00Z", until="2026-12-01T04:00:00Z", order="oldest")
    assert [e.at for e in store.history_page(span)] == stamps[1:3]
    assert [e.net for e in store.history_page(HistoryFilter(result="won", order="oldest"))] == [450, 3_000]
    assert [e.net for e in store.history_page(HistoryFilter(result="pushed"))] == [0]
