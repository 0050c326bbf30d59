"""The draw-poker table's first frame is its whole frame: built once, laid out once, and
no widget of the table asks for another layout after it."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest
from poker_pilot import SIZE, poker_app
from textual.screen import Screen
from textual.widget import Widget

from cardtable.ui.app import CardTableApp
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

    def of_table(self) -> list[str]:
        """The widgets of the table (not Textual's header) that asked after the first layout."""
        table = [w for w in self.asked_after_first if any(isinstance(a, PokerLayout) for a in w.ancestors_with_self)]
        return [type(w).__name__ for w in table]


def watch_layouts(monkeypatch: pytest.MonkeyPatch) -> Layouts:
    seen = Layouts()
    refresh_layout, refresh = Screen._refresh_layout, Widget.refresh

    def laid_out(self: Screen, *args: object, **kwargs: object) -> None:
        if not isinstance(self, PokerScreen):
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


async def test_no_widget_of_the_table_asks_for_a_layout_after_the_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # After the first layout Textual sends each widget a Resize: the bet's word ("Bet")
    # still fits beside − and +, so nothing may move and nothing is laid out again.
    app = CardTableApp(data_dir=tmp_path, seed=1, animations=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        seen = watch_layouts(monkeypatch)
        await pilot.press("3")
        await settle(pilot)
        assert isinstance(app.screen, PokerScreen) and seen.done >= 1
        assert app.screen.query_one(".bet-label").display  # the word is shown at 80 columns
        assert seen.of_table() == []


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
