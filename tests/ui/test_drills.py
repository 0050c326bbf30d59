"""Drills (issue 11 point 7): the scores kept in the store, and the drill screen played
with the keys a player presses."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from cardtable.ai import drills as ai_drills
from cardtable.store import DB_NAME, DRILL_GAMES, DRILL_SCORES_KEPT, DrillScore, Store

# -- the store ------------------------------------------------------------------------


def test_drill_scores_are_kept_and_read_back(data_dir: Path) -> None:
    assert DRILL_GAMES == ai_drills.DRILL_GAMES
    with Store.open(data_dir) as store:
        assert store.drill_scores() == []
        store.record_drill("blackjack", 20, 15, 123.456)
        store.record_drill("poker", 7, 7, 0.0)
    with Store.open(data_dir) as store:  # survives a restart
        scores = store.drill_scores()
        bj = store.drill_scores("blackjack")
    assert [(s.game, s.answered, s.best, s.cost) for s in scores] == [
        ("blackjack", 20, 15, 123.456),
        ("poker", 7, 7, 0.0),
    ]
    assert bj == scores[:1] and isinstance(bj[0], DrillScore)
    assert bj[0].share == 0.75 and bj[0].at.endswith("Z")


@pytest.mark.parametrize(
    "args",
    [
        ("baccarat", 1, 1, 0.0),
        ("blackjack", 3, 4, 0.0),
        ("blackjack", -1, 0, 0.0),
        ("blackjack", 2, 1, -5.0),
        ("blackjack", 2, 1, float("nan")),
        ("blackjack", 2, 1, float("inf")),
        ("blackjack", 2.0, 1, 1.0),
        ("poker", True, 1, 1.0),
    ],
)
def test_bad_drill_scores_are_refused_and_nothing_is_kept(data_dir: Path, args: tuple) -> None:
    with Store.open(data_dir) as store:
        with pytest.raises(ValueError):
            store.record_drill(*args)
        assert store.drill_scores() == []
        with pytest.raises(ValueError):
            store.drill_scores("baccarat")


def test_a_damaged_drill_value_never_crashes(data_dir: Path) -> None:
    with Store.open(data_dir) as store:
        store.record_drill("poker", 5, 3, 10.0)
    conn = sqlite3.connect(data_dir / DB_NAME)
    good = json.loads(conn.execute("SELECT value FROM meta WHERE key = 'drills:poker'").fetchone()[0])[0]
    damaged = [good, "junk", [1, 2], ["x", 3, 5, 1.0], ["t", 1, 1, "NaN"], None]
    with conn:
        conn.execute("UPDATE meta SET value = ? WHERE key = 'drills:poker'", (json.dumps(damaged),))
        conn.execute("INSERT INTO meta (key, value) VALUES ('drills:blackjack', '{not json')")
    conn.close()
    with Store.open(data_dir) as store:
        assert [(s.answered, s.best) for s in store.drill_scores()] == [(5, 3)]
        store.record_drill("blackjack", 2, 1, 4.0)  # a damaged value is replaced, not an error
        store.record_drill("poker", 1, 0, 2.5)
        assert sorted((s.game, s.answered) for s in store.drill_scores()) == [
            ("blackjack", 2), ("poker", 1), ("poker", 5)
        ]
        assert [s.answered for s in store.drill_scores("poker")] == [5, 1]  # oldest first


def test_only_the_latest_scores_are_kept_and_start_over_clears_them(data_dir: Path) -> None:
    with Store.open(data_dir) as store:
        many = [["2026-01-01T00:00:00Z", 1, 1, 0.0]] * (DRILL_SCORES_KEPT + 5)
        conn = sqlite3.connect(data_dir / DB_NAME)
        with conn:
            conn.execute("INSERT INTO meta (key, value) VALUES ('drills:blackjack', ?)", (json.dumps(many),))
        conn.close()
        store.record_drill("blackjack", 9, 2, 1.0)
        scores = store.drill_scores("blackjack")
        assert len(scores) == DRILL_SCORES_KEPT and scores[-1].answered == 9
        store.reset()
        assert store.drill_scores() == []
