"""The card room in 日本語 and lietuvių: the Language setting applied at once and saved,
the lobby's snapshot per language, and every label of the lobby, the settings and the
dialogs fitting 80×24 in every language (double-width Japanese included)."""

from __future__ import annotations

from pathlib import Path

import pytest
from languages import each_language, english_left, in_turn, speaking
from settings_keys import row_text, to_setting
from text_fit import unfitted_texts
from textual.widgets import OptionList

from cardtable import i18n
from cardtable.store import Store
from cardtable.ui.app import CardTableApp
from cardtable.ui.screens.confirm import ConfirmScreen
from cardtable.ui.screens.lobby import LobbyScreen

from helpers import press, screen_text, settle

GAME_NAMES = {
    "en": ("Blackjack", "Baccarat", "Draw poker"),
    "ja": ("ブラックジャック", "バカラ", "ポーカー"),
    "lt": ("Blackjack", "Bakara", "Pokeris"),
}


def _app(data_dir: Path, lang: str | None = None) -> CardTableApp:
    return CardTableApp(data_dir=data_dir, animations=False, seed=7, lang=lang)


async def test_the_lobby_and_the_refill_offer_fit_80x24_in_every_language(data_dir: Path) -> None:
    """(Every settings row and every tab of the rules: test_i18n_dialogs.)"""
    app = _app(data_dir, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, LobbyScreen)

        def names(lang: str) -> None:
            assert all(name in screen_text(app) for name in GAME_NAMES[lang])

        await each_language(pilot, "the lobby", names)
        for lang in in_turn():  # a dialog is worded when it is built: offered in each language
            async with speaking(pilot, lang, "the refill offer"):
                app.offer_refill("blackjack", 10**9)
                await settle(pilot)
                assert isinstance(app.screen, ConfirmScreen)
                assert unfitted_texts(app) == [], unfitted_texts(app)
                assert english_left(app, lang) == []
                await press(pilot, "escape")


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
        assert unfitted_texts(app) == [], unfitted_texts(app)
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


async def test_the_fit_check_sees_a_clipped_label(data_dir: Path) -> None:
    """The check above is not blind: a Japanese text too wide for a one-row entry (double
    width: 40 characters are 80 cells) and a settings row wider than the list are reported."""
    from cardtable.ui.widgets.common.menu import MenuItem
    from cardtable.ui.widgets.common.menu_row import MenuRow

    app = _app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.query_one("#lobby-menu", MenuRow).set_label("rules", "ルール" * 12)
        app.screen.query_one("#game-baccarat", MenuItem).update("バカラ" * 14)
        await settle(pilot)
        problems = unfitted_texts(app)
        assert len(problems) == 2, problems
        assert "game-baccarat" in problems[0] or "game-baccarat" in problems[1]
        assert any("menu-rules" in p and "its box has 12" in p for p in problems), problems
        await press(pilot, "o")
        listing = app.screen.query_one("#settings-list", OptionList)
        listing.replace_option_prompt("coach", "設定" * 40)
        await settle(pilot)
        assert [p for p in unfitted_texts(app) if p.startswith("option")] != []


async def test_the_english_check_sees_a_sentence_left_in_english(data_dir: Path) -> None:
    """The language walks' other check is not blind: an English sentence of the catalog
    left on a Japanese screen (a text not worded anew) is reported, and only there."""
    from cardtable.ui.widgets.common.menu_row import MenuRow

    sentence = "Coach mode shows the Hi-Lo count, and the plays it turns"
    app = _app(data_dir, "ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert english_left(app, "ja") == []
        app.screen.query_one("#lobby-note").update(sentence + ".")  # type: ignore[attr-defined]
        await settle(pilot)
        assert english_left(app, "ja") == [sentence]
        assert english_left(app, "en") == []
        app.screen.query_one("#lobby-menu", MenuRow).set_label("rules", "Coach mode shows")  # too short to tell
        await settle(pilot)
        assert english_left(app, "ja") == [sentence]


async def test_the_rules_built_before_a_change_of_language_are_built_again(data_dir: Path) -> None:
    app = _app(data_dir, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "question_mark")
        assert "The house" in screen_text(app)
        await press(pilot, "escape", "o")
        await to_setting(pilot, "language")
        await press(pilot, "right", "right", "escape")  # as the terminal -> English -> 日本語
        assert app.settings.language == "ja"
        await press(pilot, "question_mark")
        shown = screen_text(app)
        assert "ハウス" in shown and "The house" not in shown


async def test_the_shared_table_dialogs_fit_80x24(data_dir: Path) -> None:
    from cardtable.ui.screens.join_name import JoinNameScreen, KeyScreen
    from cardtable.ui.screens.server_closed import ServerClosedScreen
    from cardtable.ui.screens.too_small import TooSmallScreen

    app = _app(data_dir, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for lang in in_turn():  # each dialog is worded when it is built: built in each language
            words = {"ja": "名前", "lt": "vardas", "en": "name"}[lang]
            for dialog in (
                JoinNameScreen("cards.example.org:7654", ask_key=True),
                KeyScreen("carol", "k" * 43),
                ServerClosedScreen("cards.example.org:7654", last="+15"),
                TooSmallScreen(),
            ):
                async with speaking(pilot, lang, type(dialog).__name__):
                    app.push_screen(dialog)
                    await settle(pilot)
                    assert unfitted_texts(app) == [], unfitted_texts(app)
                    assert english_left(app, lang) == []
                    if isinstance(dialog, JoinNameScreen):
                        assert dialog.query_one("#join-name").placeholder == words  # type: ignore[attr-defined]
                    app.pop_screen()
                    await settle(pilot)


async def test_a_table_footer_is_reworded_when_the_language_changes(data_dir: Path) -> None:
    """The footer of an open screen follows a change of language, its key groups'
    labels included (baccarat's p b t: "Bet"), and grouped keys keep no words of their own."""
    from dataclasses import replace

    app = CardTableApp(data_dir=data_dir, animations=False, seed=7, start="baccarat", lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        footer = screen_text(app).splitlines()[-1]
        assert "pbt Bet" in footer and "Player" not in footer and "Lobby" in footer
        assert app.save_settings(replace(app.settings, language="ja"))
        await settle(pilot)
        footer = screen_text(app).splitlines()[-1]
        assert "pbt ベット" in footer and "終了" in footer and "プレイヤー" not in footer
        await press(pilot, "p")  # a key after the change: the footer stays as it is
        assert screen_text(app).splitlines()[-1] == footer
