"""The screens outside the tables in 日本語, lietuvių and English at 80×24: the dialogs
(start over, join name with its message), every tab of the rules, every settings row,
a join client's lobby listing the shared tables; the notifications (toasts) fit and show
their words as they are; the data file's refusals are worded in the language."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest
from languages import each_language, english_left, in_turn, speaking
from settings_keys import to_setting
from text_fit import unfitted_texts
from textual.widgets import Button, OptionList
from textual.widgets._toast import Toast

from cardtable.net.server import Server
from cardtable.store import Store
from cardtable.ui.app import CardTableApp
from cardtable.ui.remote import Remote
from cardtable.ui.screens.confirm import ConfirmScreen
from cardtable.ui.screens.join_name import JoinNameScreen
from cardtable.ui.screens.lobby import LobbyScreen
from cardtable.ui.screens.poker import PokerScreen
from cardtable.ui.screens.rules import RulesScreen
from cardtable.ui.screens.settings import SettingsScreen

from helpers import notifications, press, screen_text, settle, until


def _app(data_dir: Path, lang: str) -> CardTableApp:
    return CardTableApp(data_dir=data_dir, animations=False, seed=7, lang=lang)


def _fits(app: CardTableApp, where: str) -> None:
    assert unfitted_texts(app) == [], (where, unfitted_texts(app))


async def test_every_settings_row_and_the_start_over_dialog_fit(data_dir: Path) -> None:
    """The settings walked in each language on one app (a change of language words the
    whole list again: dearer than walking its rows once more)."""
    app = _app(data_dir, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for lang in in_turn():
            async with speaking(pilot, lang, "the settings"):
                await press(pilot, "o")
                assert isinstance(app.screen, SettingsScreen)
                listing = app.screen.query_one("#settings-list", OptionList)
                rows = [listing.get_option_at_index(i) for i in range(listing.option_count)]
                keys = [row.id for row in rows if row.id and not row.disabled]
                assert len(keys) >= 10
                for key in keys:
                    await to_setting(pilot, key)  # the list scrolls: each row is seen whole
                    _fits(app, key)
                    assert english_left(app, lang) == [], key
                reset = app.screen.query_one("#reset", Button)
                reset.focus()
                reset.scroll_visible(animate=False)
                await settle(pilot)
                _fits(app, "start over button")
                await press(pilot, "enter")
                assert isinstance(app.screen, ConfirmScreen)
                _fits(app, "start over dialog")
                assert english_left(app, lang) == []
                await press(pilot, "escape")
                assert isinstance(app.screen, SettingsScreen) and app.store.bankroll == 100_000
                await press(pilot, "escape")


async def test_every_tab_of_the_rules_fits(data_dir: Path) -> None:
    app = _app(data_dir, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        for lang in in_turn():  # the rules are built in the language in force when they open
            async with speaking(pilot, lang, "the rules"):
                await press(pilot, "question_mark")
                assert isinstance(app.screen, RulesScreen)
                for tab in ("house", "blackjack", "baccarat", "poker"):
                    await pilot.click(f"#--content-tab-rules-{tab}")
                    await settle(pilot)
                    assert app.screen.query_one(f"#rules-text-{tab}").region.height > 0
                    _fits(app, tab)
                    assert english_left(app, lang) == [], tab
                await press(pilot, "escape")


async def test_the_join_name_dialog_with_its_refusal_fits(data_dir: Path) -> None:
    app = _app(data_dir, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for lang in in_turn():  # the dialog and its refusal are worded when they are said
            async with speaking(pilot, lang, "join name refused"):
                app.push_screen(JoinNameScreen("a-rather-long-server-name.example.org:7654", ask_key=True))
                await settle(pilot)
                await pilot.press("-", "x", "enter")  # a name that may not start with a dash
                await settle(pilot)
                assert isinstance(app.screen, JoinNameScreen)
                _fits(app, "join name refused")
                assert english_left(app, lang) == []
                app.pop_screen()
                await settle(pilot)


async def test_a_join_clients_lobby_lists_the_shared_tables_and_fits(tmp_path: Path) -> None:
    srv = Server(tmp_path / "server", port=0, turn_timeout=60.0, bet_window=60.0, seed=3, log=lambda _: None)
    await srv.start()
    try:
        app = CardTableApp(store=Store.open(tmp_path / "a"), animations=False, lang="en",
                           remote=Remote("127.0.0.1", srv.port, "alice"))
        async with app.run_test(size=(80, 24)) as pilot:
            # the connection's worker runs on: wait on what the lobby shows, not on workers
            await until([pilot], lambda: app.session is not None and f"127.0.0.1:{srv.port}" in screen_text(app))
            await pilot.pause()
            assert isinstance(app.screen, LobbyScreen)

            def listed(lang: str) -> None:
                assert f"127.0.0.1:{srv.port}" in screen_text(app)

            await each_language(pilot, "join lobby", listed, workers=False)
    finally:
        srv.request_stop(now=True)
        await asyncio.wait_for(srv.wait_stopped(), 5)


def _toasts(app: CardTableApp) -> list[Toast]:
    return list(app.screen.query(Toast))


@pytest.mark.parametrize("lang", ("ja", "lt"))
@pytest.mark.parametrize("size", ((80, 24), (100, 30)))
async def test_a_notification_fits_its_toast(data_dir: Path, lang: str, size: tuple[int, int]) -> None:
    """Leaving a round open says so in a toast: each of its lines fits the toast, in cells."""
    app = CardTableApp(data_dir=data_dir, animations=False, seed=7, lang=lang, start="poker")
    async with app.run_test(size=size, notifications=True) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, PokerScreen)
        await press(pilot, "enter", "escape")  # dealt, then back to the lobby: the round waits
        assert isinstance(app.screen, LobbyScreen)
        await until([pilot], lambda: bool(_toasts(app)))
        (toast,) = _toasts(app)
        assert notifications(app)[-1] in toast.render().plain
        _fits(app, "toast")


async def test_a_notification_shows_brackets_as_they_are(data_dir: Path) -> None:
    """A path, a name or a system's error may hold brackets: never read as markup (a
    closing tag of nothing was a crash)."""
    app = _app(data_dir, "ja")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        app.notify("[b]ann[/b] /tmp/[x]/[/y]")
        await until([pilot], lambda: bool(_toasts(app)))
        assert _toasts(app)[0].render().plain == "[b]ann[/b] /tmp/[x]/[/y]"


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
async def test_the_privacy_notice_is_in_the_language(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    Store.open(folder).close()
    folder.chmod(0o755)
    app = _app(folder, "lt")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        said = notifications(app)
        assert f"Duomenų aplanką {folder} galėjo skaityti" in said[0], said


async def test_a_deal_on_a_locked_file_is_refused_in_the_language(data_dir: Path) -> None:
    import sqlite3

    app = CardTableApp(data_dir=data_dir, animations=False, lang="ja", start="poker")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        holder = sqlite3.connect(data_dir / "cardtable.sqlite3", isolation_level=None, timeout=0)
        holder.execute("BEGIN IMMEDIATE")
        try:
            await press(pilot, "enter")
        finally:
            holder.rollback()
            holder.close()
        said = "ラウンドは配られませんでした: データファイルを使えません：別のcardtableが使用中です。"
        assert notifications(app)[-1] == said
        assert app.store.bankroll == 100_000


@pytest.mark.parametrize("lang", ("ja", "lt"))
def test_the_rules_texts_leave_no_emphasis_marks_on_screen(lang: str) -> None:
    """A ``**`` that CommonMark does not read as bold (``、** 無料``, ``%**を``) is shown
    as two stars: Japanese puts the punctuation outside the bold, with no space."""
    from markdown_it import MarkdownIt

    from cardtable.resources import asset_path

    parser = MarkdownIt("commonmark").enable("table")
    texts = sorted(asset_path("help", lang).glob("*.md"))
    assert len(texts) >= 3
    for path in texts:
        for block in parser.parse(path.read_text(encoding="utf-8")):
            stray = [c.content for c in block.children or () if c.type == "text" and "**" in c.content]
            assert stray == [], (path.name, stray)


def test_the_japanese_rules_put_no_space_between_japanese_and_latin() -> None:
    """Rich wraps at spaces: ``Enter で配ります`` broke its line early at the space and
    left half a row empty. Japanese style sets no space there (``Enterで``)."""
    import re

    from cardtable.resources import asset_path

    cjk = "\u3000-\u30ff\u3400-\u9fff\uff00-\uffef"
    spaced = re.compile(rf"[{cjk}] [A-Za-z0-9`]|[A-Za-z0-9`] [{cjk}]")
    for path in sorted(asset_path("help", "ja").glob("*.md")):
        lines = path.read_text(encoding="utf-8").splitlines()
        found = [line for line in lines if not line.startswith("|") and spaced.search(line)]
        assert found == [], (path.name, found[:3])


async def test_a_japanese_toast_over_many_widget_edges_keeps_every_letter() -> None:
    """Beneath a toast, widgets ending at odd columns used to halve its double-width
    letters (blanked by the compositor): each letter is drawn whole now."""
    from textual.app import App, ComposeResult
    from textual.containers import Horizontal
    from textual.widgets import Static

    import cardtable.ui.app  # noqa: F401  (the app installs the whole-letter drawing)

    message = "ようこそ、akiさん：最初のチップは1,000です。このサーバーでのこの名前のキー"

    class Columns(App[None]):
        CSS = "Static { width: 3; height: 24; }"

        def compose(self) -> ComposeResult:
            with Horizontal():
                for _ in range(26):
                    yield Static("xxx")

    app = Columns()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        app.notify(message, timeout=30)
        await until([pilot], lambda: bool(_toasts(app)))  # type: ignore[arg-type]
        rows = [line.split("▌")[-1].strip() for line in screen_text(app).splitlines() if "▌" in line]
        assert "".join(rows) == message
        assert screen_text(app).splitlines()[0].startswith("x" * 39)


@pytest.mark.parametrize(("lang", "words"), [("en", "could not be used"), ("lt", "nepavyko naudoti"),
                                             ("ja", "使えなかった")])
async def test_a_data_file_moved_aside_is_said_in_the_language(tmp_path: Path, lang: str, words: str) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "cardtable.sqlite3").write_bytes(b"not a database \x00\xff" * 100)
    app = _app(folder, lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        said = notifications(app)
        assert any(words in text and "cardtable.sqlite3" in text for text in said), said
        assert app.store.moved_aside is not None
