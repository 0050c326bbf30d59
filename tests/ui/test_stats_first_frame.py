"""The statistics draw their first frame before the history is read, and the figures read
in a thread arrive as a repaint of the widgets that show them: the chart on show is laid out
from the first frame (saying that it is being drawn); when its plot arrives nothing is
mounted, nothing laid out, and the screen is not painted whole again."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from textual._compositor import Compositor
from textual.screen import Screen
from textual.widget import Widget

from cardtable.store import Store
from cardtable.ui.app import CardTableApp
from cardtable.ui.screens.stats import StatsScreen
from cardtable.ui.widgets.common.footer import KeyFooter
from cardtable.ui.widgets.history.charts import BankrollChart

from helpers import drawing_due, screen_text, settle, until

#: Rounds the conftest's ``filled_dir`` plays for this module, and its seed.
HISTORY = (60, 3)

#: The test counts what the frames paint.
pytestmark = pytest.mark.paints


def _hold_the_history(monkeypatch) -> threading.Event:  # type: ignore[no-untyped-def]
    """The reading thread waits for the event before it reads the charts' figures."""
    read = threading.Event()
    columns = Store.chart_columns

    def held_columns(store: Store):  # type: ignore[no-untyped-def]
        read.wait()
        return columns(store)

    monkeypatch.setattr(Store, "chart_columns", held_columns)
    return read


async def test_the_figures_arrive_without_a_layout_or_a_new_widget(data: Path, monkeypatch) -> None:
    read = _hold_the_history(monkeypatch)
    layouts: list[set[Widget]] = []
    refresh_layout = Screen._refresh_layout

    def counting_layout(self: Screen[object], size=None, scroll: bool = False) -> None:  # type: ignore[no-untyped-def]
        # who asked for it (a scroll's reflow, no one asked, is not a layout)
        asked = set().union(*self._layout_widgets.values())
        if self._layout_widgets or not scroll:
            layouts.append(asked)
        refresh_layout(self, size, scroll)

    registered: list[str] = []
    register = CardTableApp._register

    def counting_register(self, parent, *widgets, **kwargs):  # type: ignore[no-untyped-def]
        if parent.parent is not None:
            registered.extend(type(widget).__name__ for widget in widgets)
        return register(self, parent, *widgets, **kwargs)

    full_updates: list[Compositor] = []
    full_update = Compositor.render_full_update

    def counting_full_update(self: Compositor, *args, **kwargs):  # type: ignore[no-untyped-def]
        full_updates.append(self)
        return full_update(self, *args, **kwargs)

    app = CardTableApp(data_dir=data, animations=False)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press("s")
            await pilot.pause()
            while drawing_due(app):  # the opening's own drawing done (a busy machine is slow)
                await pilot.pause()
            screen = app.screen
            assert isinstance(screen, StatsScreen)
            footer = screen.query_one(KeyFooter)
            await until([pilot], lambda: bool(footer.runs))
            while drawing_due(app):  # the footer's keys (read after the focus) drawn too
                await pilot.pause()
            chart = screen.query_one("#chart-bankroll", BankrollChart)
            assert chart.size.area and "Drawing the chart…" in screen_text(app)  # laid out, waiting
            assert screen.chart_data is None and "All games" in screen_text(app)  # the table at once
            monkeypatch.setattr(Screen, "_refresh_layout", counting_layout)
            monkeypatch.setattr(CardTableApp, "_register", counting_register)
            monkeypatch.setattr(Compositor, "render_full_update", counting_full_update)
            read.set()
            await settle(pilot)
            assert screen.chart_data is not None and screen.coach is not None
            assert "Bankroll after each round" in screen_text(app)
            assert screen.query_one("#chart-bankroll") is chart
            assert registered == [] and layouts == [] and full_updates == []
    finally:
        read.set()


async def test_a_chart_shown_before_its_figures_says_so_then_draws_them(data: Path, monkeypatch) -> None:
    read = _hold_the_history(monkeypatch)
    app = CardTableApp(data_dir=data, animations=False)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press("s")
            await pilot.pause()
            await pilot.press("c")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, StatsScreen) and screen.chart_data is None
            chart = screen.query_one("#chart-nets")
            assert chart.size.area and "Drawing the chart…" in screen_text(app)
            read.set()
            await settle(pilot)
            assert screen.query_one("#chart-nets") is chart
            assert "Net per game over rounds" in screen_text(app) and "Drawing the chart…" not in screen_text(app)
    finally:
        read.set()
