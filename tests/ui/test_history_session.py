"""A session summary at every table, in the statistics' unit (rounds), and
the history key at a table."""

from __future__ import annotations

from pathlib import Path

from cardtable.ui.app import CardTableApp
from cardtable.ui.screens.bj_summary import SessionSummary
from cardtable.ui.screens.history import HistoryScreen
from cardtable.ui.screens.lobby import LobbyScreen

from helpers import press, screen_text, settle


async def test_baccarat_leaving_after_coups_shows_rounds_won_lost_and_net(data_dir: Path) -> None:
    app = CardTableApp(data_dir=data_dir, seed=5, animations=False, start="baccarat")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "b", "enter", "enter", "enter")  # one coup, saved, then the same bet again
        stats = app.store.stats("baccarat")
        assert stats.rounds >= 2
        await press(pilot, "escape")
        assert isinstance(app.screen, SessionSummary)
        text = screen_text(app)
        assert "Baccarat — session summary" in text
        assert f"Rounds played   {stats.rounds}" in text
        assert f"Rounds won      {stats.won}" in text and f"Rounds lost     {stats.lost}" in text
        assert "Hands played" not in text
        await press(pilot, "enter")
        assert isinstance(app.screen, LobbyScreen)


async def test_poker_summary_counts_only_this_sitting(data_dir: Path) -> None:
    app = CardTableApp(data_dir=data_dir, seed=5, animations=False, start="poker")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter", "enter")  # deal, stand pat
        await press(pilot, "escape")
        assert "Rounds played   1" in screen_text(app)
        await press(pilot, "enter", "3")  # back to the lobby, then poker again
        await press(pilot, "enter", "enter", "enter", "enter")
        await press(pilot, "escape")
        text = screen_text(app)
        assert app.store.stats("poker").rounds == 3
        assert "Draw poker — session summary" in text and "Rounds played   2" in text


async def test_leaving_without_a_round_shows_no_summary(data_dir: Path) -> None:
    app = CardTableApp(data_dir=data_dir, seed=5, animations=False, start="baccarat")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "escape")
        assert isinstance(app.screen, LobbyScreen)


async def test_blackjack_summary_has_rounds_and_hands(data_dir: Path) -> None:
    app = CardTableApp(data_dir=data_dir, seed=3, animations=False, start="blackjack")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(3):
            await press(pilot, "enter", "s", "s", "s", "s")
        rounds = app.store.stats("blackjack").rounds
        await press(pilot, "escape")
        text = screen_text(app)
        assert f"Rounds played   {rounds}" in text and "Hands played" in text and "Blackjacks" in text


async def test_history_key_at_a_table_opens_that_games_history(data_dir: Path) -> None:
    app = CardTableApp(data_dir=data_dir, seed=5, animations=False, start="poker")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter", "enter")
        await press(pilot, "y")
        screen = app.screen
        assert isinstance(screen, HistoryScreen) and screen.filter.game == "poker"
        assert len(screen.entries) == 1
        await press(pilot, "escape")
        assert not isinstance(app.screen, HistoryScreen)


async def test_a_resumed_round_settled_on_arrival_counts_in_the_session(data_dir: Path) -> None:
    app = CardTableApp(data_dir=data_dir, seed=5, animations=False, start="poker")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter")  # dealt: the round is open
        assert app.store.open_games() == ("poker",)
        await press(pilot, "escape")  # it stays open; no round settled, no summary
        assert isinstance(app.screen, LobbyScreen)
        await press(pilot, "3", "enter")  # back: the hand waits; enter draws and settles
        assert app.store.open_games() == ()
        await press(pilot, "escape")
        assert "Rounds played   1" in screen_text(app)
