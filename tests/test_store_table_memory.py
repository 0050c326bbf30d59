"""What a table remembers between visits: kept per game, replaced whole,
and anything that does not read as an object is no memory at all."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from cardtable.store import Store


def test_table_memory_round_trips_per_game_and_replaces_whole(data_dir: Path) -> None:
    with Store.open(data_dir) as store:
        assert store.table_memory("blackjack") == {}
        store.remember_table("blackjack", {"last_bet": 1_500, "seats": {"levels": ["hard"], "stacks": [99_500]}})
        store.remember_table("baccarat", {"chip": 2_500})
        store.remember_table("baccarat", {"chip": 500})
        assert store.table_memory("blackjack")["last_bet"] == 1_500
        assert store.table_memory("baccarat") == {"chip": 500}
        with pytest.raises(ValueError):
            store.remember_table("roulette", {})
    with Store.open(data_dir) as store:  # kept in the file
        assert store.table_memory("blackjack")["seats"]["stacks"] == [99_500]


@pytest.mark.parametrize("raw", ["not json", "[1, 2]", "42", "null"])
def test_an_unreadable_memory_is_no_memory(data_dir: Path, raw: str) -> None:
    with Store.open(data_dir) as store:
        path = store.path
    with sqlite3.connect(path) as conn:
        conn.execute("INSERT INTO meta (key, value) VALUES ('table:poker', ?)", (raw,))
    with Store.open(data_dir) as store:
        assert store.table_memory("poker") == {}
