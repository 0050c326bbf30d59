"""The draw-poker table around the hands: leaving mid-hand and coming back, the lobby and the
statistics, results and exchanges the data file refuses, the rules key, ASCII letters and
everything in 80x24 (Pilot)."""

from __future__ import annotations

from pathlib import Path

import pytest
from poker_pilot import SIZE, enabled, poker_app, shown_cards
from textual.widgets import Button

from cardtable.core.cards import parse_cards
from cardtable.ui.screens.lobby import LobbyScreen
from cardtable.ui.screens.poker import PokerScreen
from cardtable.ui.widgets.common.banner import Banner

from helpers import screen_text


async def test_leaving_mid_hand_keeps_it_and_the_table_resumes_it(data_dir: Path) -> None:
    app = poker_app(data_dir, "AS AD 3H 4C 5S 6S 7S 8S", "2C 2D 2H 9C 9S")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("plus", "enter")
        await pilot.pause()
        assert "Bankroll 990" in screen_text(app)
        await pilot.press("escape")  # no question: leaving voids nothing
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        assert app.bankroll == 99_000 and app.store.bankroll == 99_000  # the stake stays out
        assert app.store.history_count() == 0 and app.store.open_games() == ("poker",)
        assert "Bankroll 990" in screen_text(app)
        await pilot.press("3")  # back at the table: the same five cards, still to draw
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PokerScreen) and screen.round_in_progress()
        assert shown_cards(screen) == parse_cards("AS AD 3H 4C 5S")
        await pilot.press("3", "4", "5", "enter")  # the same deck: 6S 7S 8S come
        await pilot.pause()
        assert shown_cards(screen) == parse_cards("AS AD 6S 7S 8S")
        assert app.store.open_games() == () and app.store.history_count("poker") == 1
        assert app.bankroll == app.store.bankroll == 100_000  # a pair of aces returns the 2 coins


async def test_leaving_between_hands_does_not_ask(data_dir: Path) -> None:
    app = poker_app(data_dir, "AS AD 3H 4C 5S")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter", "enter", "escape")
        await pilot.pause()
        assert "Rounds played   1" in screen_text(app)  # the session summary
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        assert app.store.history_count("poker") == 1


async def test_lobby_and_statistics_show_the_hand(data_dir: Path) -> None:
    app = poker_app(data_dir, "JS JD 4H 7C 9S  JH 2D 3S")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("plus", "enter", "3", "4", "5", "enter")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("enter")  # closes the session summary
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        assert "Bankroll 1,020" in screen_text(app)
        await pilot.press("s")
        await pilot.pause()
        stats_line = next(line for line in screen_text(app).splitlines() if "Draw poker" in line)
        assert stats_line.split()[2:5] == ["1", "1", "0"]  # rounds, won, lost
        assert "+20" in stats_line


async def test_a_result_the_data_file_refuses_waits_and_enter_retries(data_dir: Path, monkeypatch) -> None:
    from cardtable.store import StoreError

    app = poker_app(data_dir, "JS JD 4H 7C 9S")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PokerScreen)
        real = app.store.settle_round

        def refused(*args, **kwargs):
            raise StoreError("The data file is locked by another program.")

        monkeypatch.setattr(app.store, "settle_round", refused)
        await pilot.press("enter", "enter")  # deal, stand: the result is refused
        await pilot.pause()
        assert screen.hand is not None and screen.hand.phase.value == "showdown"
        assert screen.round_in_progress() and app.store.open_games() == ("poker",)
        banner = screen.query_one(Banner)
        assert banner.text == "The result is not saved yet: enter tries again." and banner.has_class("-error")
        assert "the data file refused it" in screen_text(app)
        assert screen.active_bindings["enter"].binding.action == "draw" and enabled(screen, "enter") is True
        assert str(screen.query_one("#poker-action", Button).label) == "Draw"
        assert enabled(screen, "1") is False and enabled(screen, "plus") is False
        monkeypatch.setattr(app.store, "settle_round", real)
        await pilot.press("enter")  # the file is free again: paid and closed
        await pilot.pause()
        assert banner.text == "One Pair of Jacks — stake back"
        assert app.store.open_games() == () and app.store.history_count("poker") == 1
        assert app.bankroll == app.store.bankroll == 100_000
        assert screen.active_bindings["enter"].binding.action == "deal"


async def test_an_exchange_the_data_file_refuses_is_not_done(data_dir: Path, monkeypatch) -> None:
    from cardtable.store import StoreError

    app = poker_app(data_dir, "JS JD 4H 7C 9S  JH 2D 3S")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PokerScreen)
        real = app.store.update_round

        def refused(*args, **kwargs):
            raise StoreError("The data file is locked by another program.")

        monkeypatch.setattr(app.store, "update_round", refused)
        await pilot.press("enter", "3", "4", "5", "enter")
        await pilot.pause()
        assert shown_cards(screen) == parse_cards("JS JD 4H 7C 9S")  # nothing drawn
        assert screen.ticked() == [2, 3, 4]  # the choice stands
        assert screen.hand is not None and screen.hand.phase.value == "drawing"
        monkeypatch.setattr(app.store, "update_round", real)
        await pilot.press("enter")  # the same cards come: the deck was dealt again
        await pilot.pause()
        assert shown_cards(screen) == parse_cards("JS JD JH 2D 3S")
        assert app.store.history_count("poker") == 1


async def test_rules_key_shows_poker_rules(data_dir: Path) -> None:
    app = poker_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert "Jacks or Better" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, PokerScreen)


async def test_ascii_letters(data_dir: Path) -> None:
    app = poker_app(data_dir, "AS KD QH JC 9S", ascii=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        text = screen_text(app)
        for suit in "♠♥♦♣":
            assert suit not in text
        lines = text.splitlines()
        assert any("S" in line and "D" in line and "H" in line and "C" in line for line in lines)


@pytest.mark.parametrize("ascii", [False, True])
async def test_fits_80_by_24(data_dir: Path, ascii: bool) -> None:
    app = poker_app(data_dir, "AS KD QH JC 9S", ascii=ascii)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        width, height = SIZE
        for widget in screen.query("PayTableWidget, CardWidget, Checkbox, #poker-action, BetControls, Banner"):
            region = widget.region
            assert region.width > 0 and region.height > 0, widget
            assert region.right <= width and region.bottom <= height - 1, widget  # above the footer
        text = screen_text(app)
        for label in ("Royal Straight Flush", "Jacks or Better", "Exchange", "Bankroll"):
            assert label in text
        # every card readable: suits as symbols, or (--ascii) no symbol anywhere
        symbols = [card.suit.symbol for card in parse_cards("AS KD QH JC 9S")]
        if ascii:
            assert not any(symbol in text for symbol in symbols)
        else:
            assert all(symbol in text for symbol in symbols)
        assert "Tick the cards to exchange" in text  # the whole message line, not cut
