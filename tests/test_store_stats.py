"""The statistics model (``cardtable.store.stats``): one round counted as the store counts
it, readings added and subtracted — what a sitting at a table comes to is the difference of
two readings — and the figures read back even when a game's row is missing."""

from __future__ import annotations

import sqlite3
from functools import reduce
from pathlib import Path

import pytest

from cardtable.store import GAMES, GameStats, GameTotals, Store

ROUNDS = [  # (game, stake, returned)
    ("blackjack", 1_000, 2_500), ("blackjack", 1_000, 0), ("blackjack", 500, 500),
    ("baccarat", 2_000, 3_900), ("poker", 500, 0), ("poker", 500, 4_000), ("blackjack", 1_000, 2_000),
]


@pytest.mark.parametrize(("stake", "returned", "counted"), [
    (1_000, 2_500, (1, 1, 0, 0, 1_500, 1_500, 0, 1_000, 0)),
    (1_000, 0, (1, 0, 1, 0, -1_000, 0, 0, 1_000, -1_000)),
    (500, 500, (1, 0, 0, 1, 0, 0, 0, 500, 0)),
    (0, 0, (1, 0, 0, 1, 0, 0, 0, 0, 0)),
])
def test_one_round_is_won_lost_or_pushed_by_its_net(stake: int, returned: int, counted: tuple[int, ...]) -> None:
    assert GameStats.of_round("poker", stake, returned) == GameStats("poker", *counted)


def test_the_store_counts_each_round_as_of_round_does(data_dir: Path) -> None:
    with Store.open(data_dir) as store:
        for game, stake, returned in ROUNDS:
            store.record_round(game, stake, returned)
        for game in GAMES:
            ones = [GameStats.of_round(g, s, r) for g, s, r in ROUNDS if g == game]
            assert store.stats(game) == reduce(GameStats.__add__, ones, GameStats(game))


def test_a_sitting_is_the_difference_of_two_readings(data_dir: Path) -> None:
    with Store.open(data_dir) as store:
        store.record_round("blackjack", 1_000, 5_000)  # +40: the record so far
        before = store.stats("blackjack")
        store.record_round("blackjack", 1_000, 0)
        store.record_round("blackjack", 1_000, 2_000)  # +10: no new record
        store.record_round("blackjack", 500, 500)
        sitting = store.stats("blackjack").since(before)
        # the sitting's loss of 10 is the biggest loss so far: it is known to be the sitting's
        assert sitting == GameStats("blackjack", 3, 1, 1, 1, 0, 0, 0, 2_500, -1_000)
        store.record_round("blackjack", 1_000, 8_000)  # +70: a new record, set in the sitting
        store.record_round("blackjack", 600, 0)  # −6: smaller than the loss before, not told
        later = store.stats("blackjack").since(before)
        assert later == GameStats("blackjack", 5, 2, 2, 1, 6_400, 7_000, 0, 4_100, -1_000)
        before = store.stats("blackjack")
        store.record_round("blackjack", 600, 0)
        assert store.stats("blackjack").since(before) == GameStats("blackjack", 1, 0, 1, 0, -600, 0, 0, 600, 0)
        store.record_round("blackjack", store.bankroll, 0)  # broke ...
        store.refill("blackjack", 500)  # ... and refilled
        assert store.stats("blackjack").since(before).refills == 1
        assert store.stats("blackjack").since(store.stats("blackjack")) == GameStats("blackjack")


def test_a_difference_needs_an_earlier_reading_of_the_same_game() -> None:
    later = GameStats("poker", 5, 2, 2, 1, 100, 50, 1)
    with pytest.raises(ValueError, match="no earlier reading"):
        later.since(GameStats("baccarat"))
    with pytest.raises(ValueError, match="reset between"):
        GameStats("poker", 1, 1).since(later)


def test_readings_add_up_to_the_total_of_all_games() -> None:
    a = GameStats("poker", 2, 1, 1, 0, 500, 900, 1, 1_000, -400)
    b = GameStats("poker", 3, 1, 1, 1, -200, 400, 0, 1_500, -700)
    assert a + b == GameStats("poker", 5, 2, 2, 1, 300, 900, 1, 2_500, -700)
    push = GameStats("baccarat", 1, 0, 0, 1, staked=100)
    assert a + push == GameStats("total", 3, 1, 1, 1, 500, 900, 1, 1_100, -400)
    assert sum([a, b], GameStats("poker")) == a + b
    with pytest.raises(TypeError):
        a + 1  # type: ignore[operator]


def test_a_game_whose_row_is_missing_reads_as_none_played(data_dir: Path) -> None:
    with Store.open(data_dir) as store:
        store.record_round("poker", 500, 0)
        con = sqlite3.connect(store.path, isolation_level=None)
        con.execute("DELETE FROM stats WHERE game = 'poker'")
        con.close()
        assert store.stats("poker") == GameStats("poker")
        assert store.all_stats()["poker"] == GameStats("poker")
        assert store.game_totals() == store.all_stats()  # the old name: the same figures
        with pytest.raises(ValueError, match="unknown game"):
            store.stats("roulette")


def test_the_experienced_edge_is_what_the_house_kept_per_chip_staked() -> None:
    assert GameStats("poker").edge is None
    assert GameStats("poker", rounds=4, staked=2_000, net=-50).edge == pytest.approx(0.025)
    assert GameStats("poker", rounds=1, staked=1_000, net=500).edge == pytest.approx(-0.5)
    assert GameTotals is GameStats  # the name the money figures had stays importable
