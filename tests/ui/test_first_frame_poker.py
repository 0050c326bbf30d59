"""The draw-poker table's first frame is its whole frame: built once, laid out once, and
no widget of the table asks for another layout after it."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest
from poker_pilot import SIZE, poker_app
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget

from cardtable.ui.app import CardTableApp
from cardtable.ui.screens.drill import DrillScreen
from cardtable.ui.screens.poker import PokerScreen
from cardtable.ui.widgets.common.bet import BetControls
from cardtable.ui.widgets.common.card import CardSize, CardWidget
from cardtable.ui.widgets.common.restyle import TableButton
from cardtable.ui.widgets.poker.layout import PokerLayout

from helpers import screen_text, settle


@dataclass
class Layouts:
    """The poker screen's layouts, and the layouts asked for outside one (a layout itself
    re-sizes every widget: those requests are its own bookkeeping)."""

    done: int = 0
    inside: bool = False
    asked_after_first: list[Widget] = field(default_factory=list)

    def on_screen(self, screen: Screen) -> list[str]:
        """The widgets on ``screen`` (the table, its header, its footer) that asked (the
        screen itself is left out: Textual lays it out once more when its own mount is
        complete, whatever it holds)."""
        asked = [w for w in self.asked_after_first if w is not screen and w.is_attached and w.screen is screen]
        return [type(w).__name__ for w in asked]


def watch_layouts(monkeypatch: pytest.MonkeyPatch) -> Layouts:
    seen = Layouts()
    refresh_layout, refresh = Screen._refresh_layout, Widget.refresh

    def laid_out(self: Screen, *args: object, **kwargs: object) -> None:
        size = args[0] if args else kwargs.get("size") or self.outer_size
        if not isinstance(self, PokerScreen) or not size:  # not on screen yet: nothing laid out
            return refresh_layout(self, *args, **kwargs)  # type: ignore[arg-type]
        seen.inside = True
        try:
            return refresh_layout(self, *args, **kwargs)  # type: ignore[arg-type]
        finally:
            seen.inside = False
            seen.done += 1

    def asked(self: Widget, *regions: object, layout: bool = False, **kwargs: bool) -> Widget:
        if layout and seen.done and not seen.inside:
            seen.asked_after_first.append(self)
        return refresh(self, *regions, layout=layout, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Screen, "_refresh_layout", laid_out)
    monkeypatch.setattr(Widget, "refresh", asked)
    return seen


async def test_no_widget_of_the_table_s_screen_asks_for_a_layout_after_the_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # After the first layout Textual sends each widget a Resize: the bet's word ("Bet")
    # still fits beside − and +, so nothing may move and nothing is laid out again; nor
    # does the header's title, set after the first frame, lay the screen out.
    app = CardTableApp(data_dir=tmp_path, seed=1, animations=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        seen = watch_layouts(monkeypatch)
        await pilot.press("3")
        await settle(pilot)
        assert isinstance(app.screen, PokerScreen) and seen.done >= 1
        assert app.screen.query_one(".bet-label").display  # the word is shown at 80 columns
        assert seen.on_screen(app.screen) == []


async def table_text(data_dir: Path, size: tuple[int, int]) -> str:
    """The table as a player sees it, opened at ``size``."""
    app = poker_app(data_dir)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        return screen_text(app)


async def test_a_tall_table_is_built_tall_and_follows_the_terminal(tmp_path: Path) -> None:
    # The gaps that share a tall terminal's spare rows exist only there: a short table
    # is built without them, and a terminal that grows or shrinks gets the same table as
    # one opened at its new size.
    tall, short = (120, 40), SIZE
    opened_tall = await table_text(tmp_path / "a", tall)
    opened_short = await table_text(tmp_path / "b", short)
    app = poker_app(tmp_path / "c")
    async with app.run_test(size=short) as pilot:
        await settle(pilot)
        screen = app.screen
        assert not screen.query(".poker-gap") and not screen.has_class("-roomy")
        await pilot.resize_terminal(*tall)
        await settle(pilot)
        assert len(screen.query(".poker-gap")) == 4 and screen.has_class("-roomy")
        assert screen_text(app) == opened_tall
        await pilot.resize_terminal(*short)
        await settle(pilot)
        assert not screen.query(".poker-gap")
        assert screen_text(app) == opened_short
    app = poker_app(tmp_path / "a")
    async with app.run_test(size=tall) as pilot:
        await settle(pilot)
        assert len(app.screen.query(".poker-gap")) == 4
        assert all(card.size_class is CardSize.LARGE for card in app.screen.query(CardWidget))


async def test_the_bet_s_buttons_are_built_as_they_show_and_not_restyled(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # At the table's minimum "−" is disabled from the start: a button disabled after it
    # was styled is styled a second time as the table opens.
    restyled: list[str | None] = []
    restyle = TableButton.update_node_styles

    def counted(self: TableButton, animate: bool = True) -> None:
        if self.is_attached:  # styled again once on the screen
            restyled.append(self.id)
        restyle(self, animate)

    monkeypatch.setattr(TableButton, "update_node_styles", counted)
    app = CardTableApp(data_dir=tmp_path, seed=1, animations=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("3")
        await settle(pilot)
        bet = app.screen.query_one(BetControls)
        assert bet.value == bet.values[0]
        assert bet.query_one("#bet-down", TableButton).disabled
        assert not bet.query_one("#bet-up", TableButton).disabled
        assert restyled == []


async def drill_text(app: CardTableApp, pilot: Pilot) -> str:
    """The poker drill's first question as a player sees it."""
    app.push_screen(DrillScreen("poker", questions=2, seed=7))
    await settle(pilot)
    await settle(pilot)
    text = screen_text(app)
    app.pop_screen()
    await settle(pilot)
    return text


async def test_the_poker_drill_shows_each_key_above_its_card_table_visited_or_not(tmp_path: Path) -> None:
    # The drill draws the table's five places: the keys [1]–[5] above the cards, the
    # boxes under them; the table's own styles (loaded when it opens) change nothing there.
    app = CardTableApp(data_dir=tmp_path, seed=7, animations=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        before = await drill_text(app, pilot)
        lines = before.splitlines()
        keys = next(i for i, line in enumerate(lines) if "[1]" in line)
        assert all(f"[{n}]" in lines[keys] for n in range(1, 6))
        assert lines[keys + 1].count("╭─────╮") == 5
        assert lines[keys + 6].count("Exchange") == 5 and "…" not in lines[keys + 6]
        await pilot.press("3")
        await settle(pilot)
        assert isinstance(app.screen, PokerScreen)
        app.pop_screen()
        await settle(pilot)
        assert await drill_text(app, pilot) == before


async def test_the_table_is_built_from_few_widgets(tmp_path: Path) -> None:
    # Each widget costs its styling, layout, messages and a share of every frame when the
    # table opens: the five places are one grid that draws its keys, the gaps of a tall
    # table exist only on one. (A new part of the table raises this budget knowingly.)
    app = poker_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen.query_one(PokerLayout)
        widgets = list(table.walk_children(with_self=True))
        assert len(widgets) <= 32, sorted(type(w).__name__ for w in widgets)
        assert not table.query(".poker-gap")
        # the table takes the rows between header and footer: its height is not measured
        # from its parts' (which its first layout would do for every part)
        assert table.region.height == SIZE[1] - 2 and not table.styles.height.is_auto
