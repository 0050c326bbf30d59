"""The lobby, its keys and clicks, and the screens it leads to (Pilot)."""

from __future__ import annotations

from pathlib import Path

import pytest
from settings_keys import to_setting

from cardtable.i18n.formatting import chips
from cardtable.store import Store
from cardtable.ui.app import CardTableApp
from cardtable.ui.games import GAME_INFO, game_available
from cardtable.ui.screens.history import HistoryScreen
from cardtable.ui.screens.lobby import LobbyScreen, LobbyToCome
from cardtable.ui.screens.rules import RulesScreen
from cardtable.ui.screens.settings import SettingsScreen
from cardtable.ui.screens.stats import StatsScreen
from cardtable.ui.screens.too_small import TooSmallScreen
from cardtable.ui.widgets.common.chips import ChipBalance
from cardtable.ui.widgets.common.menu_row import MenuRow

from helpers import click_menu, notifications, press, screen_text, settle


async def test_lobby_shows_games_and_bankroll(data_dir: Path) -> None:
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        text = screen_text(app)
        for info in GAME_INFO.values():
            assert info.title in text
        assert "Bankroll 1,000" in text
        assert app.screen.query_one(ChipBalance).amount == 100_000


async def test_lobby_keys_reach_each_screen(data_dir: Path) -> None:
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        for key, screen_type in (("s", StatsScreen), ("o", SettingsScreen), ("question_mark", RulesScreen)):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, screen_type), key
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, LobbyScreen)


async def test_game_keys_open_available_games_and_ignore_others(data_dir: Path) -> None:
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        for info in GAME_INFO.values():
            await pilot.press(info.hotkey)
            await pilot.pause()
            if game_available(info.key):
                assert getattr(app.screen, "GAME", None) == info.key
                await pilot.press("escape")
                await pilot.pause()
            assert isinstance(app.screen, LobbyScreen)
            button = app.screen.query_one(f"#game-{info.key}")
            assert button.disabled is (not game_available(info.key))


async def test_clicks_work_like_keys(data_dir: Path) -> None:
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        for name, screen_type in (
            ("statistics", StatsScreen),
            ("settings", SettingsScreen),
            ("rules", RulesScreen),
            ("history", HistoryScreen),
        ):
            await click_menu(pilot, name)
            await pilot.pause()
            assert isinstance(app.screen, screen_type), name
            await pilot.press("escape")
            await pilot.pause()
        for info in GAME_INFO.values():
            if game_available(info.key):
                await pilot.click(f"#game-{info.key}")
                await pilot.pause()
                assert getattr(app.screen, "GAME", None) == info.key
                await pilot.press("escape")
                await pilot.pause()
                assert isinstance(app.screen, LobbyScreen)


async def test_rules_open_on_the_current_game(data_dir: Path) -> None:
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert app.screen.game is None
        assert "Chips are" in screen_text(app)
        await pilot.press("escape")
        for info in GAME_INFO.values():
            if not game_available(info.key):
                continue
            await pilot.press(info.hotkey)
            await pilot.pause()
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, RulesScreen)
            assert app.screen.game == info.key
            await pilot.press("escape")
            await pilot.pause()
            assert getattr(app.screen, "GAME", None) == info.key
            await pilot.press("escape")
            await pilot.pause()


async def test_small_terminal_shows_notice_and_recovers(data_dir: Path) -> None:
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "enlarge" in screen_text(app)
        await pilot.resize_terminal(79, 24)  # still one column short
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        assert "Bankroll 1,000" in screen_text(app)


async def test_too_small_at_start(data_dir: Path) -> None:
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)


async def test_bankroll_and_settings_survive_restart(data_dir: Path) -> None:
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.store.record_round("poker", 2_500, 0, {"test": True})
        app.sync_bankroll()
        await pilot.press("o")
        await pilot.pause()
        await to_setting(pilot, "ascii")
        await pilot.press("enter")
        await pilot.pause()
        assert app.settings.ascii is True
    app.store.close()
    again = CardTableApp(data_dir=data_dir, animations=False)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert again.bankroll == 100_000 - 2_500
        assert again.settings.ascii is True
        assert "Bankroll 975" in screen_text(again)
        # The logo uses letters now.
        assert "S H" in screen_text(again)
    again.store.close()


async def test_corrupt_data_file_is_set_aside_and_player_told(data_dir: Path) -> None:
    (data_dir / "cardtable.sqlite3").write_bytes(b"this is not a database" * 100)
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        assert app.bankroll == 100_000
        messages = notifications(app)
        assert any("moved" in m.lower() or "set aside" in m.lower() for m in messages), messages
    aside = [p for p in data_dir.iterdir() if "corrupt" in p.name]
    assert aside, list(data_dir.iterdir())
    app.store.close()


async def test_settings_choices_persist(data_dir: Path) -> None:
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        await pilot.pause()
        await pilot.press("right")  # the first row: computer seats, 2 -> 3
        await to_setting(pilot, "baccarat-decks")
        await pilot.press("left")  # 8 -> 6
        await to_setting(pilot, "poker-exchanges")
        await pilot.press("right", "right")  # 1 -> 3
        await to_setting(pilot, "animations")
        await pilot.press("space")
        await pilot.pause()
    store = Store.open(data_dir)
    try:
        saved = store.settings()
        assert len(saved.bj_seats) == 3
        assert saved.baccarat_decks == 6
        assert saved.poker_exchanges == 3
        assert saved.animations is False
    finally:
        store.close()
    app.store.close()


def test_rules_text_figures_are_computed_for_the_deck_count() -> None:
    from fractions import Fraction

    from cardtable.core.baccarat import Outcome, house_edges
    from cardtable.ui.screens.rules import help_markdown

    eight = help_markdown("baccarat", baccarat_decks=8)
    four = help_markdown("baccarat", baccarat_decks=4)
    assert "{{" not in eight and "8-deck" in eight and "4-deck" in four
    for text, decks in ((eight, 8), (four, 4)):
        edge = house_edges(decks)[Outcome.BANKER]
        assert isinstance(edge, Fraction)
        assert f"{float(edge) * 100:.2f} %" in text
    assert "| Banker | 45.8597 % | 1.06 % |" in eight  # RULES.md / the literature
    assert "| Player | 44.6247 % | 1.24 % |" in eight
    assert "| Tie | 9.5156 % | 14.36 % |" in eight


async def test_statistics_screen_shows_each_game_and_the_totals(data_dir: Path) -> None:
    store = Store.open(data_dir)
    store.record_round("blackjack", 1_000, 2_500, {})  # +15
    store.record_round("blackjack", 500, 0, {})  # -5
    store.record_round("baccarat", 500, 975, {})  # +4.75
    store.record_round("poker", 2_500, 2_500, {})  # push
    store.close()
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        from textual.widgets import DataTable

        table = app.screen.query_one("#stats-table", DataTable)
        rows = {str(table.get_row(key)[0]): [str(c) for c in table.get_row(key)[1:8]] for key in table.rows}
        # rounds won lost pushed net, biggest win and loss (then the edges)
        assert rows["Blackjack"] == ["2", "1", "1", "0", "+10", "15", "\u22125"]
        assert rows["Baccarat"] == ["1", "1", "0", "0", "+4.75", "4.75", "0"]
        assert rows["Draw poker"] == ["1", "0", "0", "1", "±0", "0", "0"]
        assert rows["All games"] == ["4", "2", "1", "1", "+14.75", "15", "\u22125"]
        assert "Bankroll 1,014.75" in screen_text(app)
        await app.workers.wait_for_complete()  # the charts are read in a thread
        await pilot.pause()
        stats = app.screen
        assert isinstance(stats, StatsScreen)
        assert len(stats.chart_data.rounds) == 4  # the charts: every round
    app.store.close()


async def test_lobby_entries_work_with_tab_and_enter(data_dir: Path) -> None:
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        # The first entry has focus; tab moves along; enter opens the focused entry.
        assert app.focused is not None and app.focused.id == "game-blackjack"
        for _ in range(3):
            await pilot.press("tab")
        # The menu row is one stop: its first entry under the cursor, ←/→ move along it.
        menu = app.screen.query_one("#lobby-menu", MenuRow)
        assert app.focused is menu and menu.cursor == "statistics"
        await pilot.press("right", "right", "right", "right")
        assert menu.cursor == "rules"
        await pilot.press("right")  # round the row
        assert menu.cursor == "statistics"
        await pilot.press("left")
        assert menu.cursor == "rules"
        await pilot.press("left", "left", "left", "enter")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("left", "space")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
    app.store.close()


def _menu_backgrounds(row: MenuRow) -> dict[str, object]:
    """The background each menu entry is drawn in (its box's first cell, top row)."""
    backgrounds: dict[str, object] = {}
    line = row.render_line(0)
    for name, _label, start, _box in row.spans():
        x = 0
        for segment in line:
            if x <= start < x + segment.cell_length:
                backgrounds[name] = segment.style.bgcolor if segment.style else None
                break
            x += segment.cell_length
    return backgrounds


async def test_the_menu_row_shows_the_entry_under_the_mouse_and_the_cursor_while_focused(data_dir: Path) -> None:
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        row = app.screen.query_one("#lobby-menu", MenuRow)
        plain = _menu_backgrounds(row)
        assert len(set(plain.values())) == 1  # unfocused, no mouse: every box alike
        drills = next(x for name, _label, x, _box in row.spans() if name == "drills")
        await pilot.hover("#lobby-menu", offset=(drills + 1, 1))
        await settle(pilot)
        hovered = _menu_backgrounds(row)
        assert hovered["drills"] != plain["drills"] and hovered["rules"] == plain["rules"]
        await pilot.hover("#logo")
        await settle(pilot)
        assert _menu_backgrounds(row) == plain
        row.focus()
        await press(pilot, "right")
        focused = _menu_backgrounds(row)
        assert row.cursor == "history" and focused["history"] not in (plain["history"], hovered["drills"])
        assert focused["statistics"] == plain["statistics"]


async def test_a_game_without_a_screen_is_shown_disabled_and_its_key_does_nothing(
    data_dir: Path, monkeypatch
) -> None:
    import cardtable.ui.screens.lobby as lobby_module

    monkeypatch.setattr(lobby_module, "game_available", lambda game: game != "poker")
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        entry = app.screen.query_one("#game-poker")
        assert entry.disabled
        assert "not open yet" in screen_text(app)
        await pilot.press("3")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        await pilot.click("#game-poker")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        # the footer shows the key dimmed: the binding is listed but not enabled
        active = {b.action: enabled for (_n, b, enabled, _t) in app.screen.active_bindings.values()}
        assert active["open_game('poker')"] is False
        assert active["open_game('baccarat')"] is True
    app.store.close()


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_every_game_entry_ends_whole(data_dir: Path, size: tuple[int, int]) -> None:
    """Each entry's blurb is shown to its last word (broken between lines if need be),
    not cut at the entry's edge."""
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LobbyScreen)
        rows = screen_text(app).splitlines()
        for info in GAME_INFO.values():
            region = screen.query_one(f"#game-{info.key}").region
            shown = " ".join(" ".join(rows[y][region.x : region.right] for y in range(region.y, region.bottom)).split())
            blurb = " ".join((screen._blurb(info.key) or info.blurb).split())
            parts = blurb.split(" · ")
            for part in parts:
                assert part in shown, (info.key, part, shown)
            assert shown.endswith(parts[-1]), (info.key, shown)


def test_a_shared_lobby_entry_with_malformed_seats_reads_as_no_one() -> None:
    """A server's lobby whose ``seats`` is not a list (or holds junk) is shown, never a
    crash that would leave the join hanging on "joining"."""
    from types import SimpleNamespace

    from cardtable.ui.screens.lobby import LobbyScreen

    lobby = (
        {"table": 1, "game": "blackjack", "free": 4, "seats": 7},
        {"table": 2, "game": "blackjack", "seats": [None, "x", {"name": "ann", "kind": "human"}]},
    )
    fake = SimpleNamespace(app=SimpleNamespace(shared_lobby=lobby))
    assert LobbyScreen._shared_blurb(fake, "blackjack") == "table 1: no one · 4 free | table 2: ann"  # type: ignore[arg-type]


@pytest.mark.parametrize("keys", [("1", "enter"), ("2", "t", "enter"), ("3", "enter")], ids=GAME_INFO)
async def test_the_lobby_shows_the_bankroll_a_table_left_it_with(tmp_path: Path, keys: tuple[str, ...]) -> None:
    """The stake dealt at a table leaves the bankroll while the lobby is hidden under it;
    back in the lobby the figure drawn is the new one, not the one it was covered with."""
    app = CardTableApp(data_dir=tmp_path, seed=1, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert balance_line(app) == "Bankroll 1,000"
        await press(pilot, *keys)  # a stake dealt (blackjack, poker) or a coup played
        while not isinstance(app.screen, LobbyScreen):  # the session's summary, if any
            await press(pilot, "escape")
        assert app.bankroll != 100_000
        assert balance_line(app) == f"Bankroll {chips(app.bankroll)}"


def balance_line(app: CardTableApp) -> str:
    return next(line.strip() for line in screen_text(app).splitlines() if "Bankroll" in line)


async def test_a_table_opened_at_start_builds_the_lobby_when_it_closes(data_dir: Path) -> None:
    """``cardtable poker``: the table opens over an empty screen (no lobby is built at
    start); leaving the table shows the lobby, whole, with the bankroll the table left."""
    app = CardTableApp(data_dir=data_dir, seed=7, animations=False, start="poker")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert type(app.screen).__name__ == "PokerScreen"
        assert [type(s) for s in app.screen_stack] == [LobbyToCome, type(app.screen)]
        await press(pilot, "enter", "enter")  # the 1-coin bet dealt and drawn: the hand is settled
        bankroll = app.store.bankroll
        await press(pilot, "escape")
        await settle(pilot)
        if not isinstance(app.screen, LobbyScreen):  # the sitting's summary first
            await press(pilot, "enter")
        await settle(pilot)
        assert [type(s) for s in app.screen_stack] == [LobbyScreen]
        shown = screen_text(app)
        assert "Blackjack" in shown and "Poker" in shown and chips(bankroll) in shown, shown
        await press(pilot, "3")  # and the lobby opens tables as ever
        assert type(app.screen).__name__ == "PokerScreen"
        await press(pilot, "escape")
        await settle(pilot)
        if not isinstance(app.screen, LobbyScreen):
            await press(pilot, "enter")
        await settle(pilot)
        assert [type(s) for s in app.screen_stack] == [LobbyScreen]


async def test_a_table_that_cannot_open_at_start_leaves_the_lobby_and_says_why(data_dir: Path) -> None:
    """The table is held by another copy: the start shows the lobby and the reason."""
    with Store.open(data_dir) as other:
        held = other.claim_table("baccarat")  # another copy sits there
        assert held is not None
        app = CardTableApp(data_dir=data_dir, animations=False, start="baccarat")
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            assert [type(s) for s in app.screen_stack] == [LobbyScreen]
            assert any("open in another copy" in m for m in notifications(app)), notifications(app)
            assert "Baccarat" in screen_text(app)
