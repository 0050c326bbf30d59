"""The statistics, the history and the replays in 日本語 and lietuvių: every state fits
80×24 in each language, the 120×40 snapshots, the game names as the lobby names them, and
a change of language while a screen is open redraws it."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from languages import each_language, english_left, in_turn, speaking
from rich.cells import cell_len
from text_fit import unfitted_texts
from textual.widgets import DataTable, Input

from cardtable import i18n
from cardtable.store import Store
from cardtable.ui.app import CardTableApp
from cardtable.ui.screens.history import HistoryScreen
from cardtable.ui.screens.history_replay import BaccaratReplay, BlackjackReplay, PokerReplay, ReplayScreen
from cardtable.ui.screens.server_history import ServerHistoryScreen
from cardtable.ui.screens.stats import StatsScreen
from cardtable.ui.widgets.history.charts import StatsChart
from cardtable.ui.widgets.history.tab_strip import TabStrip

from helpers import press, screen_text, settle

#: Rounds the conftest's ``filled_dir`` plays for this module (all three games), and its seed.
HISTORY = (40, 5)
#: The games' names as the lobby shows them.
GAMES = {
    "en": ("Blackjack", "Baccarat", "Draw poker"),
    "ja": ("ブラックジャック", "バカラ", "ポーカー"),
    "lt": ("Blackjack", "Bakara", "Pokeris"),
}
#: A word of each screen, per language: the statistics' tab, the history's filter, the replay's step.
WORDS = {
    "en": ("Net per game", "Every game", "Step 1 of"),
    "ja": ("ゲーム別収支", "全ゲーム", "1/"),
    "lt": ("Pelnas pagal žaidimą", "Visi žaidimai", "Žingsnis 1 iš"),
}


@pytest.fixture
def fixed(data: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The module's rounds at fixed times (seven minutes apart from 2026-11-30 18:00 UTC)
    and the clock in UTC: the snapshots do not depend on the day they are taken."""
    with sqlite3.connect(data / "cardtable.sqlite3") as db:
        db.execute("UPDATE history SET at = strftime('%Y-%m-%dT%H:%M:%SZ', '2026-11-30 18:00:00',"
                   " '+' || (id * 7) || ' minutes')")
    db.close()
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield data
    monkeypatch.undo()
    time.tzset()


def _app(data: Path, lang: str) -> CardTableApp:
    return CardTableApp(data_dir=data, animations=False, seed=7, lang=lang)


def _problems(app: CardTableApp) -> list[str]:  # type: ignore[type-arg]
    """Every text fits, and the date fields of the history's filters are on screen whole."""
    problems = unfitted_texts(app)
    problems += [f"{field!r} at {field.region}" for field in app.screen.query(Input)
                 if field.display and field.region.right > app.size.width - 1]
    for chart in app.screen.query(StatsChart):  # the plotting library counts characters, not cells
        if chart.display and chart.region:
            wide = [line for line in chart.render().plain.split("\n") if cell_len(line) > chart.size.width]
            problems += [f"{chart!r}: {line!r}" for line in wide]
    return problems


async def _everywhere(pilot, moment: str, words=None) -> None:  # type: ignore[no-untyped-def]
    """This moment in each language: ``words(lang)`` holds and everything fits."""
    await each_language(pilot, moment, words, fits=_problems)


async def _replay(pilot, app: CardTableApp, game: str) -> ReplayScreen:  # type: ignore[no-untyped-def]
    """Open the newest round of ``game`` from the history list."""
    screen = app.screen
    assert isinstance(screen, HistoryScreen)
    while screen.filter.game != game:
        await press(pilot, "g")
    await press(pilot, "enter")
    assert isinstance(app.screen, ReplayScreen)
    return app.screen


async def test_the_statistics_fit_80x24_on_every_tab(data: Path) -> None:
    with Store.open(data) as store:  # the coach's tab lists drills too
        store.record_drill("blackjack", 20, 17, 123.4)
        store.record_drill("poker", 1, 1, 0.0)
    app = _app(data, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "s")
        assert isinstance(app.screen, StatsScreen)

        def bankroll(lang: str) -> None:
            assert WORDS[lang][0] in screen_text(app)
            table = app.screen.query_one("#stats-table", DataTable)
            names = [str(table.get_row_at(i)[0]) for i in range(table.row_count)]
            assert tuple(names[:3]) == GAMES[lang]  # the rows as the lobby names the games
            assert app.screen.query(StatsChart)  # the chart's lines are measured too

        await _everywhere(pilot, "bankroll", bankroll)
        for tab in ("nets", "results", "coach"):
            await press(pilot, "c")
            assert app.screen.query_one(TabStrip).active == f"tab-{tab}"
            await _everywhere(pilot, tab)


async def test_the_history_its_filters_and_a_replay_of_each_game_fit_80x24(data: Path) -> None:
    """The history walked in each language on one app: its filters are cheaper to press again
    than the list is to word again, and a replay's felt is worded when it is built."""
    app = _app(data, "en")
    games = ("blackjack", "baccarat", "poker")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for lang in in_turn():
            async with speaking(pilot, lang, "the history"):
                await press(pilot, "y")
                screen = app.screen
                assert isinstance(screen, HistoryScreen)
                assert WORDS[lang][1] in screen_text(app)
                _fits(app, "list", lang)
                for key in ("g", "w", "w", "w", "b", "b"):  # the widest choice of each filter, in turn
                    await press(pilot, key)
                    _fits(app, f"filter {key}: {screen.filter}", lang)
                await press(pilot, "b", "w", "g", "g", "g")  # back to every game, any result, newest first
                for game, kind in zip(games, (BlackjackReplay, BaccaratReplay, PokerReplay), strict=True):
                    replay = await _replay(pilot, app, game)
                    assert isinstance(replay, kind)
                    shown = screen_text(app)
                    assert WORDS[lang][2] in shown and GAMES[lang][games.index(game)] in shown, shown
                    for moment, key in (("dealt", "right"), ("step 2", "end"), ("settled", "escape")):
                        _fits(app, f"{game} replay {moment}", lang)
                        await press(pilot, key)
                since = screen.query_one("#filter-since", Input)
                since.value = "2026-13-01"
                await settle(pilot)
                assert "YYYY-MM-DD" in screen_text(app)  # the date field's refusal
                _fits(app, "a bad date", lang)
                since.value = ""
                await press(pilot, "escape")


def _fits(app: CardTableApp, where: str, lang: str) -> None:
    problems = _problems(app) + english_left(app, lang)
    assert problems == [], (where, problems)


async def test_an_empty_history_fits_80x24(data_dir: Path) -> None:
    app = _app(data_dir, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "s")
        for tab in ("bankroll", "nets", "results", "coach"):
            await _everywhere(pilot, f"no rounds: {tab}")
            await press(pilot, "c")
        await press(pilot, "y")

        def none(lang: str) -> None:
            assert {"en": "0 rounds", "ja": "0ラウンド", "lt": "0 raundų"}[lang] in screen_text(app)

        await _everywhere(pilot, "no rounds: the history", none)


async def test_the_servers_history_fits_80x24(data_dir: Path) -> None:
    app = _app(data_dir, "en")
    rounds = [
        {"at": f"2026-12-01T18:0{i}:00Z", "game": game, "stake": 50_000, "returned": returned,
         "bankroll": 1_234_550}
        for i, (game, returned) in enumerate((("blackjack", 100_000), ("baccarat", 0), ("poker", 47_500)))
    ]
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for message in ({"game": "baccarat", "rounds": rounds}, {"game": "poker", "rounds": []}):
            app.push_screen(ServerHistoryScreen(message))
            await settle(pilot)

            def listed(lang: str, message: dict = message) -> None:  # type: ignore[type-arg]
                shown = screen_text(app)
                if message["rounds"]:  # the rows, and the title worded anew (the screen stays open)
                    assert all(name in shown for name in GAMES[lang]), shown
                    assert {"en": "server", "ja": "サーバー上", "lt": "serveryje"}[lang] in shown, shown

            await _everywhere(pilot, f"server history {message['game']}", listed)
            await press(pilot, "escape")


@pytest.mark.parametrize("lang", ("ja", "lt"))
def test_the_statistics_snapshot_120x40(snap_compare, fixed: Path, lang: str) -> None:  # type: ignore[no-untyped-def]
    async def open_stats(pilot) -> None:  # type: ignore[no-untyped-def]
        await settle(pilot)
        await press(pilot, "s")

    assert snap_compare(_app(fixed, lang), terminal_size=(120, 40), run_before=open_stats)


@pytest.mark.parametrize("lang", ("ja", "lt"))
def test_the_history_snapshot_120x40(snap_compare, fixed: Path, lang: str) -> None:  # type: ignore[no-untyped-def]
    async def open_history(pilot) -> None:  # type: ignore[no-untyped-def]
        await settle(pilot)
        await press(pilot, "y", "w")

    assert snap_compare(_app(fixed, lang), terminal_size=(120, 40), run_before=open_history)


async def test_a_change_of_language_redraws_the_open_screens(data: Path) -> None:
    app = _app(data, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "s", "c", "c", "c")  # the statistics, on the coach's tab
        assert "Net per game" in screen_text(app) and "Decisions" in screen_text(app)
        assert app.save_settings(replace(app.settings, language="ja"))
        await settle(pilot)
        shown = screen_text(app)
        assert "ゲーム別収支" in shown and "判断" in shown and "Net per game" not in shown
        assert "統計" in shown and "次のグラフ" in shown  # the title and the footer
        await press(pilot, "y", "w")
        await _replay(pilot, app, "baccarat")
        assert "1/" in screen_text(app)
        assert app.save_settings(replace(app.settings, language="lt"))
        await settle(pilot)
        assert "Žingsnis 1 iš" in screen_text(app) and "Bakara" in screen_text(app)
        await press(pilot, "escape")
        shown = screen_text(app)
        assert "Laimėta" in shown and "Kada" in shown and "Pralošta" not in shown.split("\n")[1]
        assert "◂ Laimėta ▸" in shown  # the filter chosen before, in the new words


@pytest.mark.parametrize("lang", ("ja", "lt"))
def test_the_lists_pay_rows_are_the_poker_tables_words(lang: str) -> None:
    """A poker round's winning row, kept in the store in the core's English, is listed
    in the words the poker table shows for it, on every machine."""
    from cardtable.ai.poker_machines import load_machines
    from cardtable.ui.widgets.history.rows import pay_row_words
    from cardtable.ui.widgets.poker.names import row_name

    i18n.set_language(lang)
    for machine in load_machines().values():
        for hand, _pays in machine.rows():
            assert pay_row_words(machine.row_label(hand)) == row_name(machine, hand), (machine.name, hand)
