"""The rules screen is built once and reused; a tab's text is built when first shown."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from textual.color import Color
from textual.containers import VerticalScroll
from textual.widgets import Header, TabbedContent

from cardtable.ui.app import CardTableApp
from cardtable.ui.games import GAME_INFO
from cardtable.ui.screens.lobby import LobbyScreen
from cardtable.ui.screens.rules import RulesScreen, help_markdown
from cardtable.ui.widgets.common.markdown import MarkdownText

from helpers import screen_text, until

TOPICS = ("house", "blackjack", "baccarat", "poker")


def make_app(data_dir: Path, start: str | None = None) -> CardTableApp:
    return CardTableApp(data_dir=data_dir, start=start, animations=False)


def rules(app: CardTableApp) -> RulesScreen:
    assert isinstance(app.screen, RulesScreen), app.screen
    return app.screen


def built_texts(screen: RulesScreen) -> set[str]:
    """The topics whose Markdown widget exists in the screen."""
    return {topic for topic in TOPICS if screen.query(f"#rules-text-{topic}")}


def active_tab(screen: RulesScreen) -> str:
    return screen.query_one("#rules-tabs", TabbedContent).active


async def open_rules(pilot) -> RulesScreen:
    await pilot.press("question_mark")
    await pilot.pause()
    return rules(pilot.app)


async def close_rules(pilot) -> None:
    await pilot.press("escape")
    await pilot.pause()
    assert not isinstance(pilot.app.screen, RulesScreen)


async def test_question_mark_twice_shows_the_same_screen(data_dir: Path) -> None:
    app = make_app(data_dir, "baccarat")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen
        first = await open_rules(pilot)
        await close_rules(pilot)
        assert app.screen is table
        second = await open_rules(pilot)
        assert second is first
        assert sum(isinstance(screen, RulesScreen) for screen in app.screen_stack) == 1
        app.action_rules()  # never on top of itself
        await pilot.pause()
        assert app.screen is first and len(app.screen_stack) == 3  # lobby, table, rules
        await pilot.press("question_mark")  # `?` closes it again
        await pilot.pause()
        assert app.screen is table
        await pilot.press("question_mark", "escape", "question_mark")  # typed fast
        await pilot.pause()
        assert app.screen is first
        assert "Baccarat (punto banco)" in screen_text(app)


async def test_the_rules_open_on_the_current_games_tab(data_dir: Path) -> None:
    app = make_app(data_dir, "blackjack")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = await open_rules(pilot)
        assert screen.game == "blackjack" and active_tab(screen) == "rules-blackjack"
        assert "Blackjack (European)" in screen_text(app)
        await close_rules(pilot)
        await pilot.press("escape")  # leave the table for the lobby
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        again = await open_rules(pilot)
        assert again is screen
        assert again.game is None and active_tab(again) == "rules-house"
        assert "Chips are" in screen_text(app)
        assert "Blackjack (European)" not in screen_text(app)
        await close_rules(pilot)
        await pilot.press(GAME_INFO["baccarat"].hotkey)  # baccarat from the lobby
        await pilot.pause()
        assert getattr(app.screen, "GAME", None) == "baccarat"
        third = await open_rules(pilot)
        assert third is screen and active_tab(third) == "rules-baccarat"
        assert "Baccarat (punto banco)" in screen_text(app)


async def test_only_the_shown_tab_is_built_and_the_others_when_first_activated(data_dir: Path) -> None:
    app = make_app(data_dir, "baccarat")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = await open_rules(pilot)
        assert built_texts(screen) == {"baccarat"}
        assert {topic for topic in TOPICS if screen.is_built(topic)} == {"baccarat"}
        text = screen.query_one("#rules-text-baccarat", MarkdownText)
        assert text.source == help_markdown("baccarat", baccarat_decks=app.settings.baccarat_decks)
        # a click on a tab builds its text
        await pilot.click("#--content-tab-rules-poker")
        await until([pilot], lambda: active_tab(screen) == "rules-poker" and "Jacks or Better" in screen_text(app))
        assert built_texts(screen) == {"baccarat", "poker"}
        assert screen.query_one("#rules-text-poker", MarkdownText).source == help_markdown("poker")
        assert "Jacks or Better" in screen_text(app)
        # so does activating it from the code (the keyboard goes through the same message)
        screen.query_one("#rules-tabs", TabbedContent).active = "rules-house"
        await until([pilot], lambda: "Chips are" in screen_text(app))  # drawn, on a busy machine too
        assert built_texts(screen) == {"baccarat", "poker", "house"}
        assert "Chips are" in screen_text(app)
        # closed and opened again: the same texts are kept, nothing is built anew
        kept = {topic: screen.query_one(f"#rules-text-{topic}", MarkdownText) for topic in built_texts(screen)}
        await close_rules(pilot)
        again = await open_rules(pilot)
        assert again is screen and active_tab(again) == "rules-baccarat"
        assert built_texts(again) == {"baccarat", "poker", "house"}
        assert all(again.query_one(f"#rules-text-{topic}", MarkdownText) is widget for topic, widget in kept.items())
        assert "Baccarat (punto banco)" in screen_text(app)


async def test_a_new_deck_count_shows_in_the_baccarat_text_next_time(data_dir: Path) -> None:
    app = make_app(data_dir, "baccarat")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.settings.baccarat_decks == 8
        screen = await open_rules(pilot)
        text = screen.query_one("#rules-text-baccarat", MarkdownText)
        assert "for the 8-deck shoe" in text.source and "| Banker | 45.8597 % | 1.06 % |" in text.source
        await close_rules(pilot)
        assert app.save_settings(replace(app.settings, baccarat_decks=4))
        again = await open_rules(pilot)
        assert again is screen
        text = again.query_one("#rules-text-baccarat", MarkdownText)
        assert text.source == help_markdown("baccarat", baccarat_decks=4)
        assert "for the 4-deck shoe" in text.source and "8-deck" not in text.source
        assert "| Banker | 45.8597 % |" not in text.source  # the figures are the 4-deck ones
        # and the player sees it: the note under the house edges table
        await pilot.pause()
        line = text.line_of("Computed exactly")
        assert line is not None
        scroll = again.query_one("#rules-scroll-baccarat", VerticalScroll)
        await until([pilot], lambda: scroll.max_scroll_y > 0)  # laid out (a busy machine is slow)
        scroll.scroll_to(y=line, animate=False)  # padding 1: the line shows second
        await until([pilot], lambda: "for the 4-deck shoe" in screen_text(app))
        shown = screen_text(app)
        assert "for the 4-deck shoe" in shown and "8-deck" not in shown
        await close_rules(pilot)
        # a change while another tab is shown: rebuilt when the baccarat tab is activated
        assert app.save_settings(replace(app.settings, baccarat_decks=6))
        await pilot.press("escape")  # to the lobby
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        lobby_rules = await open_rules(pilot)
        assert lobby_rules is screen and active_tab(screen) == "rules-house"
        assert "for the 4-deck shoe" in screen.query_one("#rules-text-baccarat", MarkdownText).source  # not yet
        await pilot.click("#--content-tab-rules-baccarat")
        await pilot.pause()
        six = help_markdown("baccarat", baccarat_decks=6)
        assert screen.query_one("#rules-text-baccarat", MarkdownText).source == six


async def test_each_opening_starts_at_the_top(data_dir: Path) -> None:
    app = make_app(data_dir, "baccarat")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = await open_rules(pilot)
        scroll = screen.query_one("#rules-scroll-baccarat", VerticalScroll)
        await until([pilot], lambda: scroll.max_scroll_y > 0)  # the rules laid out (a busy machine is slow)
        scroll.scroll_end(animate=False)
        await until([pilot], lambda: scroll.scroll_y > 0)
        await close_rules(pilot)
        await open_rules(pilot)
        assert scroll.scroll_y == 0
        assert "Baccarat (punto banco)" in screen_text(app)


async def test_a_theme_changed_while_closed_restyles_the_kept_screen(data_dir: Path) -> None:
    app = make_app(data_dir, "baccarat")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.theme == "textual-dark"
        screen = await open_rules(pilot)
        dark = screen.query_one(Header).styles.background
        await close_rules(pilot)
        app.theme = "textual-light"
        await pilot.pause()
        await open_rules(pilot)
        light = screen.query_one(Header).styles.background
        assert light != dark
        # the same colour a screen built under the light theme gets
        table_header = app.screen_stack[1].query(Header)
        lobby_header = app.screen_stack[0].query(Header)
        for header in (*table_header, *lobby_header):
            assert header.styles.background == light


async def test_rules_headings_take_the_theme_colours_and_follow_a_theme_change(data_dir: Path) -> None:
    app = make_app(data_dir, "baccarat")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = await open_rules(pilot)
        text = screen.query_one("#rules-text-baccarat", MarkdownText)

        def heading_colour() -> str:
            themed = text.content
            style = themed.theme.styles["markdown.h2"]  # type: ignore[union-attr]
            return style.color.get_truecolor().hex.upper()

        assert heading_colour() == Color.parse(app.theme_variables["primary"]).hex6.upper()
        before = heading_colour()
        app.theme = "textual-light"
        await pilot.pause()
        assert heading_colour() == Color.parse(app.theme_variables["primary"]).hex6.upper() != before
        # the line finder the tests use to scroll finds text of the document
        assert text.line_of("Baccarat (punto banco)") is not None
        assert text.line_of("no such words anywhere") is None
