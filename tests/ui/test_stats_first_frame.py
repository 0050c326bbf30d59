"""The statistics draw their first frame before the history is read, and the figures read
in a thread arrive as a repaint of the widgets that show them: the chart on show is laid out
from the first frame (saying that it is being drawn); when its plot arrives nothing is
mounted, nothing laid out, and the screen is not painted whole again."""

from __future__ import annotations

import threading
from pathlib import Path

from textual._compositor import Compositor
from textual.screen import Screen

from cardtable.store import Store
from cardtable.ui.app import CardTableApp
from cardtable.ui.screens.stats import StatsScreen
from cardtable.ui.widgets.history.charts import BankrollChart

from helpers import press, screen_text, settle

#: Rounds the conftest's ``filled_dir`` plays for this module, and its seed.
HISTORY = (60, 3)


async def test_the_figures_arrive_without_a_layout_or_a_new_widget(data: Path, monkeypatch) -> None:
    read = threading.Event()
    columns = Store.chart_columns

    def held_columns(store: Store):  # type: ignore[no-untyped-def]
        read.wait()  # the test lets the thread read the history once the first frame is seen
        return columns(store)

    monkeypatch.setattr(Store, "chart_columns", held_columns)
    layouts: list[Screen[object]] = []
    refresh_layout = Screen._refresh_layout

    def counting_layout(self: Screen[object], *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        layouts.append(self)
        refresh_layout(self, *args, **kwargs)

    registered: list[str] = []
    register = CardTableApp._register

    def counting_register(self, parent, *widgets, **kwargs):  # type: ignore[no-untyped-def]
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
            screen = app.screen
            assert isinstance(screen, StatsScreen)
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


async def test_a_chart_first_shown_after_its_figures_is_plotted_at_its_size(data: Path) -> None:
    """The net chart (not shown at first) is mounted when its tab is first shown, and
    plotted there at the size it is given."""
    app = CardTableApp(data_dir=data, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "s")
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        assert not screen.query("#chart-nets")
        await press(pilot, "c")
        chart = screen.query_one("#chart-nets")
        assert chart.size.area and "Net per game over rounds" in screen_text(app)
        assert "Drawing the chart…" not in screen_text(app)
