"""A screen's first frame is its whole frame: nothing is built again right after it."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.style import Style
from textual._compositor import Compositor
from textual.screen import Screen

from cardtable.ui.app import CardTableApp
from cardtable.ui.screens.blackjack import BlackjackScreen
from cardtable.ui.screens.history import HistoryScreen
from cardtable.ui.screens.lobby import LobbyScreen
from cardtable.ui.widgets.common.footer import KeyFooter

from helpers import painted, press, screen_text, settle


def footer_keys(app: CardTableApp) -> list[str]:
    return [key.action for key in app.screen.query_one(KeyFooter).keys()]


def drawn_keys(monkeypatch: pytest.MonkeyPatch) -> list[tuple[KeyFooter, tuple[str, ...]]]:
    """Each footer line drawn from now on: the footer and the actions of its keys."""
    drawn: list[tuple[KeyFooter, tuple[str, ...]]] = []
    render_line = KeyFooter.render_line

    def recording(self: KeyFooter, y: int):  # type: ignore[no-untyped-def]
        drawn.append((self, tuple(key.action for key in self.keys())))
        return render_line(self, y)

    monkeypatch.setattr(KeyFooter, "render_line", recording)
    return drawn


@pytest.mark.paints
@pytest.mark.parametrize("game", ["blackjack", "baccarat", "poker"])
async def test_a_table_s_footer_has_its_keys_in_the_table_s_first_frame(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    app = CardTableApp(data_dir=tmp_path, seed=1, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "quit" in footer_keys(app)
        drawn = drawn_keys(monkeypatch)
        await pilot.press({"blackjack": "1", "baccarat": "2", "poker": "3"}[game])
        await settle(pilot)
        footer = app.screen.query_one(KeyFooter)
        assert "deal" in footer_keys(app)
        first = next(actions for widget, actions in drawn if widget is footer)
        assert "deal" in first  # never drawn without its keys
        await settle(pilot)
        assert app.screen.query_one(KeyFooter) is footer


def calls_on(monkeypatch: pytest.MonkeyPatch, owner: type, name: str) -> list[object]:
    """The first argument of each call of ``owner.name`` from now on (it still runs)."""
    seen: list[object] = []
    original = getattr(owner, name)

    def recording(self: object, *args: object, **kwargs: object) -> object:
        seen.append(self)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(owner, name, recording)
    return seen


async def test_a_new_table_is_not_restyled_whole_as_it_is_first_shown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each widget is styled as it is mounted; the screen's first showing adds no full pass."""
    app = CardTableApp(data_dir=tmp_path, seed=1, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        restyled = calls_on(monkeypatch, Screen, "update_node_styles")
        await pilot.press("1")
        await settle(pilot)
        assert isinstance(app.screen, BlackjackScreen)
        assert app.screen not in restyled


async def test_the_lobby_beneath_a_table_is_laid_out_again_only_for_a_new_size(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = CardTableApp(data_dir=tmp_path, seed=1, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lobby = app.screen
        laid_out = calls_on(monkeypatch, Screen, "_refresh_layout")
        await pilot.press("1")
        await settle(pilot)
        assert laid_out and lobby not in laid_out  # the table's own layouts only
        await pilot.resize_terminal(100, 30)
        await settle(pilot)
        assert lobby in laid_out  # a new size reaches the lobby beneath
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is lobby and lobby.size == (100, 30)
        assert "Blackjack" in screen_text(app)


@pytest.mark.paints
async def test_a_screen_whose_focus_changes_its_keys_never_shows_a_key_it_then_hides(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The history's list hides the screen's enter once it has the focus: its footer waits
    for the focus instead of drawing its keys before and again after."""
    app = CardTableApp(data_dir=tmp_path, seed=1, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "1", "enter", "s")  # one round played, so the list has a row
        await press(pilot, "escape")
        while not isinstance(app.screen, LobbyScreen):
            await press(pilot, "escape")
        drawn = drawn_keys(monkeypatch)
        await press(pilot, "y")
        assert isinstance(app.screen, HistoryScreen)
        footer = app.screen.query_one(KeyFooter)
        shown = {actions for widget, actions in drawn if widget is footer and actions}
        assert shown == {tuple(footer_keys(app))}


@pytest.mark.paints
@pytest.mark.parametrize("hotkey", ["1", "2", "3"])
async def test_a_table_opens_in_two_layouts_and_two_frames_that_leave_the_terminal_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, hotkey: str
) -> None:
    """Textual lays a new screen out and paints it whole three or four times over as its
    widgets settle; a table takes one layout and frame as it is shown and one for what
    its widgets changed as they learned their size, and the terminal then shows exactly
    what a whole frame shows."""
    app = CardTableApp(data_dir=tmp_path, seed=1, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(2):  # the second opening is the usual one: CSS loaded, looks drawn
            await pilot.press(hotkey)
            await settle(pilot)
            await pilot.press("escape")
            await settle(pilot)
        terminal: dict[tuple[int, int], tuple[str, Style | None]] = {}
        display = app._display

        def shown(screen: Screen[object], update: object) -> None:
            if update is not None:
                painted(update, app.console, terminal)
            display(screen, update)  # type: ignore[arg-type]

        monkeypatch.setattr(app, "_display", shown)
        laid_out = calls_on(monkeypatch, Screen, "_refresh_layout")
        frames = calls_on(monkeypatch, Compositor, "render_update")
        await pilot.press(hotkey)
        await settle(pilot)
        table = app.screen
        assert not isinstance(table, LobbyScreen)
        assert [s for s in laid_out if s is table] == [table, table]
        assert len([c for c in frames if c is table._compositor]) == 2
        whole: dict[tuple[int, int], tuple[str, Style | None]] = {}
        painted(table._compositor.render_full_update(), app.console, whole)
        assert len(whole) == 80 * 24 and terminal == whole
