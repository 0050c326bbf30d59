"""Accuracy and cost: every table's session summary and the
statistics screen say how many decisions were taken, the share that were the best and
the EV given away — read from the grades the history keeps."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from rich.text import Text
from textual.widgets import DataTable, Static

from cardtable.ai.grading import Accuracy, Decision, grade
from cardtable.history_stats import coach_stats_of, local_day
from cardtable.store import HistoryEntry, Store
from cardtable.ui.app import CardTableApp
from cardtable.ui.screens.bj_summary import SessionSummary
from cardtable.ui.screens.stats import StatsScreen
from cardtable.ui.widgets.history.tab_strip import TabStrip

from helpers import press, screen_text, settle

_BJ = {"Hit": -0.10, "Stand": -0.25, "Double": -0.40}


def about(value: float) -> float:
    """``pytest.approx(value)``, standing for a float in the figures compared."""
    return pytest.approx(value)  # type: ignore[return-value]


def _best(game: str = "blackjack", stake: int = 1000) -> Decision:
    return grade(game, "hard 12 against a 4", _BJ, "Hit", stake)


def _costly(game: str = "blackjack", stake: int = 1000) -> Decision:
    """Stand where Hit is worth 0.15 more per unit: 1.50 chips on a 10-chip stake."""
    return grade(game, "hard 12 against a 4", _BJ, "Stand", stake)


def _record(store: Store, game: str, *decisions: Decision, stake: int = 1000) -> None:
    store.record_round(game, stake, stake, {"decisions": [d.to_json() for d in decisions]})


def _summary(app: CardTableApp) -> str:
    assert isinstance(app.screen, SessionSummary), app.screen
    return str(app.screen.query_one("#summary", Static).render())


@pytest.mark.parametrize("game", ["blackjack", "baccarat", "poker"])
async def test_every_tables_summary_counts_this_sittings_decisions(data_dir: Path, game: str) -> None:
    store = Store.open(data_dir)
    _record(store, game, _costly(game), _costly(game))  # an earlier sitting: not counted
    store.close()
    app = CardTableApp(data_dir=data_dir, start=game, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        _record(app.store, game, _best(game), _costly(game))
        _record(app.store, game, _best(game))
        _record(app.store, game)  # a round with nothing graded
        await press(pilot, "escape")
        text = _summary(app)
        assert "Rounds played   3" in text
        assert "Decisions       3" in text
        assert "Best choices    2 (67 %)" in text
        assert "EV given away   1.50 chips" in text
        # it fits 80x24, title and button included
        shown = screen_text(app)
        assert "session summary" in shown and "EV given away   1.50 chips" in shown and "Close" in shown


async def test_a_sitting_with_nothing_graded_says_so(data_dir: Path) -> None:
    app = CardTableApp(data_dir=data_dir, start="poker", animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        _record(app.store, "poker")
        await press(pilot, "escape")
        assert "Decisions       none graded" in _summary(app)


def test_the_statistics_sum_per_game_and_per_local_day() -> None:
    def entry(n: int, game: str, at: str, *decisions: Decision) -> HistoryEntry:
        return HistoryEntry(n, game, at, 1000, 1000, {"decisions": [d.to_json() for d in decisions]})

    day1, day2 = "2026-11-28T12:00:00Z", "2026-11-30T12:00:00Z"
    stats = coach_stats_of([
        entry(1, "blackjack", day1, _best(), _costly()),
        entry(2, "poker", day1, _costly("poker", 500)),
        entry(3, "baccarat", day2, _best("baccarat")),
        entry(4, "poker", day2),
        HistoryEntry(5, "poker", day2, 500, 0, {"decisions": "damaged"}),
    ])
    assert stats.by_game["blackjack"] == Accuracy(2, 1, about(150.0))
    assert stats.by_game["poker"] == Accuracy(1, 0, about(75.0))
    assert stats.by_game["baccarat"] == Accuracy(1, 1, 0.0)
    assert stats.total.taken == 4 and stats.total.best == 2
    assert [day for day, _ in stats.by_day] == [local_day(day2), local_day(day1)]  # newest first
    assert stats.by_day[1][1] == Accuracy(3, 1, about(225.0))


def _cells(table: DataTable, key: str) -> list[str]:
    return [str(c) if isinstance(c, Text) else c for c in table.get_row(key)]


async def test_the_statistics_screen_shows_accuracy_per_game_by_day_and_the_drills(data_dir: Path) -> None:
    store = Store.open(data_dir)
    _record(store, "blackjack", _best(), _costly())
    _record(store, "baccarat", _best("baccarat", 500), _costly("baccarat", 500))
    _record(store, "poker", _best("poker", 500))
    store.record_drill("blackjack", 20, 17, 123.4)
    store.record_drill("poker", 20, 15, 55.0)
    store.close()
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "s")
        assert isinstance(app.screen, StatsScreen)
        await settle(pilot)
        screen = app.screen
        # c walks the charts to the coach's tab (its tables are built when first shown)
        await press(pilot, "c", "c", "c")
        assert screen.query_one(TabStrip).active == "tab-coach"
        games = screen.query_one("#coach-games", DataTable)
        assert _cells(games, "blackjack") == ["Blackjack", "2", "1", "50 %", "1.50"]
        assert _cells(games, "baccarat") == ["Baccarat", "2", "1", "50 %", "0.75"]
        assert _cells(games, "poker") == ["Draw poker", "1", "1", "100 %", "0.00"]
        assert _cells(games, "total") == ["All games", "5", "3", "60 %", "2.25"]
        days = screen.query_one("#coach-days", DataTable)
        today = local_day(app.store.history(limit=1)[0].at)
        day = date.fromisoformat(today)  # the day as English writes it: "Dec 2, 2026"
        shown = f"{day:%b} {day.day}, {day.year}"
        assert days.row_count == 1 and _cells(days, today) == [shown, "5", "3", "60 %", "2.25"]
        drills = screen.query_one("#coach-drills", DataTable)
        assert drills.row_count == 2
        rows = [[str(c) for c in drills.get_row_at(i)] for i in range(2)]
        assert ["Blackjack", "20", "17", "85 %", "1.23"] in [r[1:] for r in rows]
        assert ["Draw poker", "20", "15", "75 %", "0.55"] in [r[1:] for r in rows]
        # the coach's tab, as a player sees it at 80x24
        shown = screen_text(app)
        assert "Your decisions at the tables" in shown and "60 %" in shown


async def test_an_empty_history_says_nothing_is_graded_yet(data_dir: Path) -> None:
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "s")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        await press(pilot, "c", "c", "c")
        assert _cells(screen.query_one("#coach-games", DataTable), "total") == ["All games", "0", "0", "—", "0.00"]
        shown = screen_text(app)
        assert "No decisions graded yet" in shown
