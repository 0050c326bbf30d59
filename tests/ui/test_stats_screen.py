"""The statistics screen — right-aligned numbers, coloured nets, per-game
rows with extremes and house edges, and the charts fed from the store."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.text import Text
from textual.pilot import Pilot
from textual.widgets import DataTable

from cardtable.history_stats import EDGE_FROM_ROUNDS, StatsRow
from cardtable.store import START_BANKROLL, Store
from cardtable.ui.app import CardTableApp
from cardtable.ui.screens.history import HistoryScreen
from cardtable.ui.screens.stats import StatsScreen
from cardtable.ui.widgets.history.chart_data import thin
from cardtable.ui.widgets.history.charts import nice_ticks
from cardtable.ui.widgets.history.tab_strip import TabStrip

from helpers import press, screen_text, settle

#: Rounds the conftest's ``filled_dir`` plays for this module, and its seed.
HISTORY = (80, 2)


async def open_stats(pilot: Pilot[None]) -> StatsScreen:
    """``s`` in the lobby, and the statistics read to the end."""
    await press(pilot, "s")
    screen = pilot.app.screen
    assert isinstance(screen, StatsScreen)
    await settle(pilot)
    return screen


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
            shown = f"{edge * 100:.2f}%".replace("-", "\u2212") if stats[game].rounds >= EDGE_FROM_ROUNDS else "—"
            assert str(cells[8]) == shown
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
        assert data_ is not None
        series = app.store.bankroll_series()
        assert len(data_.rounds) == len(series) == 80
        assert data_.bankroll[-1] == app.store.bankroll / 100
        assert len(data_.refills) == len(app.store.refills())
        assert sum(len(xs) for xs, _ in data_.nets.values()) == 80
        assert "Bankroll after each round" in screen_text(app)
        tabs = screen.query_one(TabStrip)
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


def _one_round_lost(data_dir: Path) -> CardTableApp:
    """A player who lost 14 chips at baccarat in their only round."""
    with Store.open(data_dir) as store:
        store.record_round("baccarat", 1_400, 0, {})
    return CardTableApp(data_dir=data_dir, animations=False)


async def test_one_round_shows_no_edge(data_dir: Path) -> None:
    """80×24: after one lost round the edge column says "—", not "100.00%", and the
    note says from how many rounds it is shown."""
    app = _one_round_lost(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "s")
        await app.workers.wait_for_complete()
        await settle(pilot)
        table = app.screen.query_one("#stats-table", DataTable)
        assert str(table.get_row("baccarat")[8]) == "—" and str(table.get_row("total")[8]) == "—"
        text = screen_text(app)
        assert "100.00%" not in text and f"from {EDGE_FROM_ROUNDS} rounds" in text


def test_the_edge_is_shown_from_the_threshold() -> None:
    row = StatsRow("blackjack", EDGE_FROM_ROUNDS, 40, 60, 0, -2_000, 500, -500, 100_000, 0)
    assert row.edge == 0.02
    assert StatsRow("blackjack", EDGE_FROM_ROUNDS - 1, 40, 59, 0, -2_000, 500, -500, 100_000, 0).edge is None


def _axis_labels(text: str) -> tuple[list[str], list[str]]:
    """The chart's y labels (left of "┤") and the x labels (the row under "└")."""
    lines = text.splitlines()
    ys = [line.split("┤")[0].strip() for line in lines if "┤" in line]
    bottom = next(i for i, line in enumerate(lines) if "└" in line)
    return [y for y in ys if y], lines[bottom + 1].split("  ")


async def test_the_bankroll_line_starts_at_the_opening_bankroll_and_labels_stay_apart(data_dir: Path) -> None:
    """80×24, one round: the line starts at round 0 at 1,000 chips; every axis label is
    one round number, apart from its neighbours (not "986 1")."""
    app = _one_round_lost(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "s")
        await app.workers.wait_for_complete()
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        assert screen.chart_data.opening == START_BANKROLL / 100 and screen.chart_data.bankroll == (986.0,)
        ys, xs = _axis_labels(screen_text(app))
        xs = [x.strip() for x in xs if x.strip()]
        number = re.compile(r"−?-?\d{1,3}(,\d{3})*")
        assert xs[0] == "0" and xs[-1] == "1", xs
        assert "1,000" in ys and all(number.fullmatch(y) for y in ys), ys
        assert all(number.fullmatch(x) for x in xs), xs


def test_nice_ticks_are_round_and_cover_the_range() -> None:
    assert nice_ticks(986, 1_000, 5) == [985, 990, 995, 1_000]
    assert nice_ticks(0, 60, 7) == [0, 10, 20, 30, 40, 50, 60]
    assert nice_ticks(935, 1_407, 4) == [750, 1_000, 1_250, 1_500]
    assert nice_ticks(1, 1, 5) == [0, 1, 2]
    for low, high, most in ((0, 1, 2), (-95, 233, 5), (3, 99_999, 11), (-14, -14, 4)):
        ticks = nice_ticks(low, high, most)
        assert 2 <= len(ticks) <= most and ticks[0] <= low and ticks[-1] >= high
        assert len({b - a for a, b in zip(ticks, ticks[1:], strict=False)}) == 1


async def test_a_chart_is_drawn_when_its_tab_is_first_shown(data: Path) -> None:
    from cardtable.ui.widgets.history.charts import BankrollChart, GameNetChart, ResultsChart

    app = CardTableApp(data_dir=data, animations=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_stats(pilot)
        assert len(screen.query(BankrollChart)) == 1  # the tab on show
        assert not screen.query(GameNetChart) and not screen.query(ResultsChart)  # not built yet
        await press(pilot, "c")
        assert len(screen.query(GameNetChart)) == 1 and not screen.query(ResultsChart)
        await press(pilot, "c")
        assert len(screen.query(ResultsChart)) == 1 and "Results per round" in screen_text(app)


@pytest.mark.paints  # counts the plots the frames draw
async def test_opening_plots_the_chart_once_and_builds_no_hidden_tab(data: Path, monkeypatch) -> None:
    """The chart on show is plotted once, at the size the layout gives it (not at a
    guessed size first, nor again for a repaint), by the thread that reads its figures;
    the coach's tables wait for their tab; a new size or theme plots it again."""
    import threading

    from cardtable.ui.widgets.history import charts

    plotted: list[tuple[tuple[int, int], bool]] = []
    plot = charts._plotted

    def counting_plot(chart, data, key):  # type: ignore[no-untyped-def]
        plotted.append((key[0], threading.current_thread() is threading.main_thread()))
        return plot(chart, data, key)

    monkeypatch.setattr(charts, "_plotted", counting_plot)
    app = CardTableApp(data_dir=data, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats(pilot)
        chart = screen.query_one("#chart-bankroll")
        assert plotted == [((chart.size.width, chart.size.height), False)]  # in the thread
        assert "Bankroll after each round" in screen_text(app)
        assert not screen.query("#coach-games")  # the coach's tab is not shown
        screen.refresh(repaint=True)
        await settle(pilot)
        assert len(plotted) == 1  # a repaint reuses the plot
        await pilot.resize_terminal(100, 30)
        await settle(pilot)
        assert plotted[-1][0] == (chart.size.width, chart.size.height) and len(plotted) == 2
        app.theme = "textual-light"
        await settle(pilot)
        assert len(plotted) == 3


async def test_the_figures_live_in_the_screen_and_its_widgets_draw_them(data: Path) -> None:
    """The table, the note and the coach tab are bound to the screen's reactives: new figures
    (a round settled, a refill) reach each of them when the screen reads the store again."""
    from dataclasses import replace

    from cardtable.ui.widgets.history.stats_views import CoachFigures, StatsNote, StatsTable

    app = CardTableApp(data_dir=data, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats(pilot)
        assert screen.query_one(StatsTable).rows_shown == screen.rows
        assert screen.query_one(StatsNote).rows_shown == screen.rows
        assert screen.coach is not None and screen.query_one(CoachFigures).figures == screen.coach
        total = screen.rows[-1]
        screen.rows = (*screen.rows[:-1], replace(total, refills=total.refills + 7, rounds=12345))
        await settle(pilot)
        assert f"Refills {total.refills + 7:,}" in screen_text(app)
        assert str(screen.query_one("#stats-table", DataTable).get_row("total")[1]) == "12,345"


async def test_a_new_language_before_the_coach_tab_was_shown_keeps_its_tables_for_later(data: Path) -> None:
    app = CardTableApp(data_dir=data, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats(pilot)
        assert screen.coach is not None and not screen.query("#coach-games")
        screen.retranslate()  # as the settings do on a change of language
        await press(pilot, "c", "c", "c")
        assert screen.query_one(TabStrip).active == "tab-coach"
        assert screen.query_one("#coach-games", DataTable).row_count > 0


async def test_a_chart_first_shown_after_its_figures_is_plotted_at_its_size(data: Path) -> None:
    """The net chart (not shown at first) is mounted when its tab is first shown, and
    plotted there at the size it is given."""
    app = CardTableApp(data_dir=data, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats(pilot)
        assert not screen.query("#chart-nets")
        await press(pilot, "c")
        chart = screen.query_one("#chart-nets")
        assert chart.size.area and "Net per game over rounds" in screen_text(app)
        assert "Drawing the chart…" not in screen_text(app)


async def test_a_click_on_a_chart_tab_or_under_it_shows_its_chart(data: Path) -> None:
    app = CardTableApp(data_dir=data, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats(pilot)
        strip = screen.query_one(TabStrip)
        # the titles' cells: "Bankroll" 1-8, "Net per game" 11-22, "Results" 25-31
        await pilot.click(TabStrip, offset=(27, 0))
        await settle(pilot)
        assert strip.active == "tab-results"
        assert "Results per round" in screen_text(app) and "Bankroll after each round" not in screen_text(app)
        await pilot.click(TabStrip, offset=(12, 1))
        await settle(pilot)
        assert strip.active == "tab-nets" and "Net per game over rounds" in screen_text(app)
