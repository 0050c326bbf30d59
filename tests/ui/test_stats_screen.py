"""Issue 13: the statistics screen — right-aligned numbers, coloured nets, per-game
rows with extremes and house edges, and the charts fed from the store."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.widgets import DataTable, TabbedContent

from cardtable.ui.app import CardTableApp
from cardtable.ui.screens.history import HistoryScreen
from cardtable.ui.screens.stats import StatsScreen
from cardtable.ui.widgets.history.chart_data import thin

from helpers import press, screen_text, settle

#: Rounds the conftest's ``filled_dir`` plays for this module, and its seed.
HISTORY = (80, 2)


async def test_rows_are_right_aligned_coloured_and_agree_with_the_store(data: Path) -> None:
    app = CardTableApp(data_dir=data, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "s")
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        await app.workers.wait_for_complete()
        await settle(pilot)
        table = screen.query_one("#stats-table", DataTable)
        stats = app.store.all_stats()
        totals = app.store.game_totals()
        for game in ("blackjack", "baccarat", "poker"):
            cells = table.get_row(game)
            assert all(isinstance(c, Text) and c.justify == "right" for c in cells[1:])
            assert [str(c) for c in cells[1:5]] == [f"{stats[game].rounds:,}", str(stats[game].won),
                                                     str(stats[game].lost), str(stats[game].pushed)]
            net = cells[5]
            assert isinstance(net, Text)
            assert ("green" in str(net.style)) == (stats[game].net > 0)
            assert ("red" in str(net.style)) == (stats[game].net < 0)
            edge = -totals[game].net / totals[game].staked
            assert str(cells[8]) == f"{edge * 100:.2f}%".replace("-", "\u2212")
        # the exact edges came from a thread: known for every game played
        assert all(str(table.get_row(g)[9]).endswith("%") for g in ("blackjack", "baccarat", "poker"))
        assert "All games" in screen_text(app)


async def test_charts_hold_every_round_and_the_refills(data: Path) -> None:
    app = CardTableApp(data_dir=data, animations=False)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(StatsScreen())
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        data_ = screen.chart_data
        series = app.store.bankroll_series()
        assert len(data_.rounds) == len(series) == 80
        assert data_.bankroll[-1] == app.store.bankroll / 100
        assert len(data_.refills) == len(app.store.refills())
        assert sum(len(xs) for xs, _ in data_.nets.values()) == 80
        assert "Bankroll after each round" in screen_text(app)
        tabs = screen.query_one(TabbedContent)
        await press(pilot, "c")
        assert tabs.active == "tab-nets"
        await press(pilot, "c")
        assert tabs.active == "tab-results"
        assert "Results per round" in screen_text(app)
        await press(pilot, "y")
        assert isinstance(app.screen, HistoryScreen)


async def test_an_empty_history_shows_zeros_and_empty_charts(data_dir: Path) -> None:
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "s")
        text = screen_text(app)
        assert "no rounds yet" in text and "All games" in text


def test_thin_keeps_the_extremes_and_the_last_point() -> None:
    xs = list(range(10_000))
    ys = [float((i * 7919) % 1000) for i in xs]
    ys[4321] = -5.0
    ys[8765] = 5000.0
    tx, ty = thin(xs, ys, most=300)
    assert len(tx) <= 320 and tx[-1] == 9_999
    assert min(ty) == -5.0 and max(ty) == 5000.0
    assert tx == sorted(tx)


async def test_a_chart_is_drawn_when_its_tab_is_first_shown(data: Path) -> None:
    from cardtable.ui.widgets.history.charts import BankrollChart, GameNetChart, ResultsChart

    app = CardTableApp(data_dir=data, animations=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "s")
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        await settle(pilot)
        assert len(screen.query(BankrollChart)) == 1  # the tab on show
        assert not screen.query(GameNetChart) and not screen.query(ResultsChart)  # not built yet
        await press(pilot, "c")
        assert len(screen.query(GameNetChart)) == 1 and not screen.query(ResultsChart)
        await press(pilot, "c")
        assert len(screen.query(ResultsChart)) == 1 and "Results per round" in screen_text(app)
