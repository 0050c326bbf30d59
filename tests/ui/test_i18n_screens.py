"""The card room in 日本語 and lietuvių: the Language setting applied at once and saved,
the lobby's snapshot per language, and every label of the lobby, the settings and the
dialogs fitting 80×24 in every language (double-width Japanese included)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.cells import cell_len
from settings_keys import row_text, to_setting
from textual.widget import Widget
from textual.widgets import Button, OptionList, Static
from textual.widgets._footer import FooterKey

from cardtable import i18n
from cardtable.store import Store
from cardtable.ui.app import CardTableApp
from cardtable.ui.screens.confirm import ConfirmScreen
from cardtable.ui.screens.lobby import LobbyScreen
from cardtable.ui.screens.settings import SettingsScreen

from helpers import press, screen_text, settle

LANGS = ("en", "ja", "lt")
GAME_NAMES = {
    "en": ("Blackjack", "Baccarat", "Draw poker"),
    "ja": ("ブラックジャック", "バカラ", "ポーカー"),
    "lt": ("Blackjack", "Bakara", "Pokeris"),
}


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def _text_of(widget: Widget) -> str:
    """What a text widget shows, as plain text."""
    if isinstance(widget, Button):
        return str(widget.label)
    if isinstance(widget, FooterKey):
        return f" {widget.key_display} {widget.description} "
    content = widget.render()
    return getattr(content, "plain", str(content))


def _labels_fit(app: CardTableApp) -> list[str]:
    """Every text widget on screen whose text does not fit its region: a line wider than
    the widget (in terminal cells), more lines than its height, or a widget outside the
    terminal or under the footer. Settings rows must each fit one line of the list."""
    problems: list[str] = []
    width, height = app.size
    footer_top = height - 1
    for widget in app.screen.walk_children(Widget):
        if not widget.display or not widget.region or isinstance(widget, FooterKey):
            continue
        if isinstance(widget, OptionList):
            room = widget.scrollable_content_region.width
            for i in range(widget.option_count):
                prompt = widget.get_option_at_index(i).prompt
                shown = getattr(prompt, "plain", str(prompt))
                if cell_len(shown) > room:
                    problems.append(f"option {shown!r} is {cell_len(shown)} cells, the list {room}")
            continue
        if not isinstance(widget, (Static, Button)):
            continue
        region = widget.content_region
        content = widget.render()
        if widget.styles.text_wrap == "nowrap" or getattr(content, "no_wrap", False) or isinstance(widget, Button):
            # one line per line of text: a wider one would be cut
            lines = _text_of(widget).split("\n")
            wide = [line for line in lines if cell_len(line.rstrip()) > region.width]
            if wide:
                problems.append(f"{widget!r}: {wide[0]!r} is wider than {region.width} cells")
        # wrapped at its width (between words, or characters in Japanese), the text must
        # fit the widget's height
        wrapped = widget.get_content_height(widget.size, app.size, region.width)
        if wrapped > region.height:
            problems.append(f"{widget!r}: needs {wrapped} rows, has {region.height}")
        if widget.region.right > width or (widget.region.bottom > footer_top and not isinstance(widget, FooterKey)):
            problems.append(f"{widget!r} lies outside the screen or under the footer: {widget.region}")
    keys = list(app.screen.query(FooterKey))
    used = sum(key.region.width for key in keys)
    if used > width or any(cell_len(_text_of(key)) > key.region.width for key in keys):
        problems.append(f"the footer's keys take {used} cells of {width}")
    return problems


def _app(data_dir: Path, lang: str | None = None) -> CardTableApp:
    return CardTableApp(data_dir=data_dir, animations=False, seed=7, lang=lang)


@pytest.mark.parametrize("lang", LANGS)
async def test_lobby_and_settings_fit_80x24_in_every_language(data_dir: Path, lang: str) -> None:
    app = _app(data_dir, lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, LobbyScreen)
        text = screen_text(app)
        assert all(name in text for name in GAME_NAMES[lang])
        assert _labels_fit(app) == [], _labels_fit(app)
        await press(pilot, "o")
        assert isinstance(app.screen, SettingsScreen)
        assert _labels_fit(app) == [], _labels_fit(app)
        for key in ("bj-seat-count", "coach", "count", "ascii", "language"):
            await to_setting(pilot, key)  # the list scrolls: each row is seen whole
            assert _labels_fit(app) == [], key
        await press(pilot, "escape")
        app.offer_refill("blackjack", 10**9)  # a dialog: the refill offer
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        assert _labels_fit(app) == [], _labels_fit(app)


@pytest.mark.parametrize("lang", ("ja", "lt"))
def test_lobby_snapshot_120x40(snap_compare, data_dir: Path, lang: str) -> None:
    assert snap_compare(_app(data_dir, lang), terminal_size=(120, 40), run_before=settle)


async def test_the_language_setting_applies_at_once_and_is_saved(data_dir: Path, monkeypatch) -> None:
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    app = _app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "Blackjack" in screen_text(app) and "Draw poker" in screen_text(app)
        await press(pilot, "o")
        await to_setting(pilot, "language")
        assert "as the terminal (English)" in row_text(app, "language")
        await press(pilot, "right", "right")  # terminal -> English -> 日本語
        assert app.settings.language == "ja"
        shown = screen_text(app)
        assert "設定" in shown and "言語" in shown and "日本語" in row_text(app, "language")  # this screen at once
        assert "変更" in shown and "戻る" in shown  # its footer too
        await press(pilot, "escape")
        shown = screen_text(app)
        assert isinstance(app.screen, LobbyScreen)
        assert all(name in shown for name in GAME_NAMES["ja"]) and "残高 1,000" in shown
        assert "統計 s" in shown and "Draw poker" not in shown
        assert _labels_fit(app) == [], _labels_fit(app)
        await press(pilot, "o")
        await to_setting(pilot, "language")
        await press(pilot, "right")  # 日本語 -> lietuvių
        await press(pilot, "escape")
        shown = screen_text(app)
        assert all(name in shown for name in GAME_NAMES["lt"]) and "Balansas 1\xa0000" in shown
    app.store.close()
    with Store.open(data_dir) as store:
        assert store.settings().language == "lt"
    again = _app(data_dir)  # the next start opens in the saved language
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "Nustatymai o" in screen_text(again)


async def test_lang_option_outranks_the_setting_until_the_player_chooses(data_dir: Path) -> None:
    with Store.open(data_dir) as store:
        from dataclasses import replace

        store.save_settings(replace(store.settings(), language="lt"))
    app = _app(data_dir, "ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "ブラックジャック" in screen_text(app)
        await press(pilot, "o")
        await to_setting(pilot, "language")
        assert "lietuvių" in row_text(app, "language")  # the setting as stored
        await press(pilot, "left")  # lietuvių -> 日本語: the player's choice rules now
        await press(pilot, "left")  # 日本語 -> English
        assert "Settings" in screen_text(app) and app.settings.language == "en"


async def test_the_terminals_locale_opens_the_room_in_its_language(data_dir: Path, monkeypatch) -> None:
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    app = _app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "ブラックジャック" in screen_text(app) and i18n.language() == "ja"


@pytest.mark.parametrize(("lang", "heading"), (("ja", "# ハウス"), ("lt", "# Namai")))
async def test_the_rules_are_shown_in_the_language(data_dir: Path, lang: str, heading: str) -> None:
    from cardtable.ui.screens.rules import help_markdown

    app = _app(data_dir, lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert help_markdown("house").startswith(heading)
        await press(pilot, "question_mark")
        shown = screen_text(app)
        assert {"ja": "ブラックジャック", "lt": "Bakara"}[lang] in shown  # the tabs
        assert heading[2:] in shown
        await press(pilot, "escape")
        i18n.set_language("en")
        assert help_markdown("house").startswith("# The house")  # English is the fallback's source
