"""The baccarat table played like a player: bets placed with keys and clicks, the deal in
the real order, the payouts, repeat and clear, and the bets refused by the bankroll or the
table's limits (Pilot, stacked shoes)."""

from __future__ import annotations

from pathlib import Path

import pytest
from baccarat_pilot import (
    BANKER_NATURAL,
    NATURAL_TIE,
    PLAYER_NATURAL,
    B,
    P,
    T,
    banner,
    make_app,
    press,
    stakes,
    table,
)
from textual.widgets import Button

from cardtable.store import Store
from cardtable.ui.screens.baccarat import chip_sizes
from cardtable.ui.widgets.baccarat.roads import BeadPlate, BigRoadBoard, RoadTally
from cardtable.ui.widgets.baccarat.table import HandView
from cardtable.ui.widgets.common.banner import Banner
from cardtable.ui.widgets.common.bet import BetControls
from cardtable.ui.widgets.common.chips import ChipBalance

from helpers import screen_text, settle

# -- betting with keys and dealing ------------------------------------------------------


async def test_keys_place_bets_deal_and_settle(data_dir: Path) -> None:
    app = make_app(data_dir, PLAYER_NATURAL + " " + BANKER_NATURAL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = table(app)
        assert screen.query_one("#bac-chip", BetControls).value == 500  # the table minimum
        await press(pilot, ["p", "p", "b"])
        assert stakes(app) == {P: 1000, B: 500, T: 0}
        assert "Bets: Player 10 · Banker 5" in banner(app)
        balance = screen.query_one("#bac-balance", ChipBalance)
        assert balance.at_stake == 1500
        assert "Bankroll 985  on the table 15" in screen_text(app)
        assert app.store.bankroll == 100_000  # nothing leaves the bankroll before the deal

        await press(pilot, ["enter"])
        assert banner(app) == "Player wins 9 to 2 (natural) · you win +5"
        assert app.bankroll == app.store.bankroll == 100_500
        assert balance.at_stake == 0
        assert "Bankroll 1,005" in screen_text(app)
        player = screen.query_one("#hand-player", HandView)
        banker = screen.query_one("#hand-banker", HandView)
        assert [str(c) for c in player.cards] == ["9S", "KD"]
        assert [str(c) for c in banker.cards] == ["2H", "KC"]
        text = screen_text(app)
        assert "PLAYER  9  natural" in text and "BANKER  2" in text
        # the winning spot is highlighted, the losing one marked
        assert screen.spot(P).has_class("-win")
        assert screen.spot(B).has_class("-lose")
        assert "10 won +10" in text and "5 lost" in text
        # one round, one transaction
        history = app.store.history("baccarat")
        assert len(history) == 1
        assert (history[0].stake, history[0].returned) == (1500, 2000)
        assert history[0].details["outcome"] == "Player"
        assert history[0].details["bets"] == {"player": 1000, "banker": 500}
        # scoreboards
        assert screen.query_one(RoadTally).summary() == "P 1 B 0 T 0"
        assert screen.query_one(BeadPlate).outcomes == (P,)


async def test_banker_pays_095_on_odd_stakes(data_dir: Path) -> None:
    app = make_app(data_dir, BANKER_NATURAL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        # a 5 chip, then a 10 chip: 15 on Banker wins 0.95 x 15 = 14.25
        await press(pilot, ["b", "plus", "b"])
        assert stakes(app)[B] == 1500
        await press(pilot, ["enter"])
        assert banner(app) == "Banker wins 9 to 2 (natural) · you win +14.25"
        assert app.store.bankroll == 100_000 + 1425
        assert "Bankroll 1,014.25" in screen_text(app)


async def test_tie_pays_8_to_1_and_pushes_player_and_banker(data_dir: Path) -> None:
    app = make_app(data_dir, NATURAL_TIE)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, ["p", "b", "t"])
        await press(pilot, ["enter"])
        assert banner(app) == "Tie 8 to 8 (natural) · you win +40"
        assert app.store.bankroll == 100_000 + 4000
        screen = table(app)
        assert screen.spot(T).has_class("-win")
        assert screen.spot(P).has_class("-push") and screen.spot(B).has_class("-push")
        entry = app.store.history("baccarat")[0]
        assert (entry.stake, entry.returned) == (1500, 500 + 500 + 4500)


async def test_losing_coup(data_dir: Path) -> None:
    app = make_app(data_dir, BANKER_NATURAL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, ["t", "p", "enter"])
        assert banner(app) == "Banker wins 9 to 2 (natural) · you lose 10"
        assert app.store.bankroll == 99_000
        assert table(app).spot(B).has_class("-win")


async def test_third_cards_follow_the_tableau(data_dir: Path) -> None:
    # P A+3 = 4 draws 6 -> 0; B 2+4 = 6 draws on the player's 6 -> 6H -> 2
    app = make_app(data_dir, "AS 2H 3D 4C 6S 6H 9C 9D")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, ["b", "enter"])
        screen = table(app)
        player = screen.query_one("#hand-player", HandView)
        banker = screen.query_one("#hand-banker", HandView)
        assert [str(c) for c in player.cards] == ["AS", "3D", "6S"]
        assert [str(c) for c in banker.cards] == ["2H", "4C", "6H"]
        assert banker.render().plain.split("\n")[1].count("╭─────╮") == 3  # three faces drawn
        assert banner(app) == "Banker wins 2 to 0 · you win +4.75"


async def test_deal_is_card_by_card_in_the_real_order(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(data_dir, "AS 2H 3D 4C 6S 6H 9C 9D", animations=True)
    shown: list[tuple[str, tuple[str, ...], int | None]] = []

    def spy(self: HandView, cards) -> None:  # each hand's cards as they change
        if cards:
            shown.append((self.hand.letter, tuple(str(c) for c in cards), self.total))

    monkeypatch.setattr(HandView, "watch_cards", spy, raising=False)
    async with app.run_test(size=(80, 24)) as pilot:
        monkeypatch.setattr(app, "delay", lambda kind="card": 0.01)
        await pilot.pause()
        await press(pilot, ["b", "enter"])
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert shown == [
            ("P", ("AS",), 1),
            ("B", ("2H",), 2),
            ("P", ("AS", "3D"), 4),
            ("B", ("2H", "4C"), 6),
            ("P", ("AS", "3D", "6S"), 0),
            ("B", ("2H", "4C", "6H"), 2),
        ]
        assert not table(app).dealing
        assert banner(app) == "Banker wins 2 to 0 · you win +4.75"
        assert len(app.store.history("baccarat")) == 1


# -- clicks ---------------------------------------------------------------------------------


async def test_clicks_place_bets_change_chip_and_deal(data_dir: Path) -> None:
    app = make_app(data_dir, PLAYER_NATURAL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.click("#spot-player")
        await pilot.click("#spot-player")
        await pilot.click("#bet-up")  # chip 5 -> 10
        await pilot.click("#spot-tie")
        await pilot.pause()
        assert table(app).query_one("#bac-chip", BetControls).value == 1000
        assert stakes(app) == {P: 1000, B: 0, T: 1000}
        await pilot.click("#spot-tie")
        await pilot.click("#spot-tie", button=3)  # a right click takes a chip back
        await pilot.pause()
        assert stakes(app) == {P: 1000, B: 0, T: 1000}
        await pilot.click("#bac-deal")
        await pilot.pause()
        assert banner(app) == "Player wins 9 to 2 (natural) · you break even (won and lost 10)"
        assert app.store.bankroll == 100_000
        entry = app.store.history("baccarat")[0]
        assert (entry.stake, entry.returned) == (2000, 2000)


async def test_clear_and_repeat_buttons(data_dir: Path) -> None:
    app = make_app(data_dir, BANKER_NATURAL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = table(app)
        clear = screen.query_one("#bac-clear", Button)
        repeat = screen.query_one("#bac-repeat", Button)
        deal = screen.query_one("#bac-deal", Button)
        # nothing on the table: clear, repeat and deal are off, in the footer and as buttons
        assert clear.disabled and repeat.disabled and deal.disabled
        assert screen.check_action("clear", ()) is None
        assert screen.check_action("deal", ()) is None
        await pilot.click("#spot-banker")
        await pilot.pause()
        assert not clear.disabled and not deal.disabled
        await pilot.click("#bac-clear")
        await pilot.pause()
        assert stakes(app) == {P: 0, B: 0, T: 0}
        await press(pilot, ["b", "b", "enter"])
        assert app.store.bankroll == 100_000 + 950
        # the spots are empty again; repeat puts the last bets back and deals them,
        # as r does at every table
        assert stakes(app)[B] == 0
        assert not repeat.disabled
        await pilot.click("#bac-repeat")
        await settle(pilot)
        assert app.store.history_count("baccarat") == 2
        (last, _first) = app.store.history("baccarat", limit=2)
        assert last.stake == 1000


# -- enter alone, refusals, limits -----------------------------------------------------------


async def test_enter_alone_repeats_the_last_bets(data_dir: Path) -> None:
    app = make_app(data_dir, PLAYER_NATURAL + " " + BANKER_NATURAL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, ["enter"])  # no bet, nothing to repeat: no deal, the hint instead
        assert app.store.history("baccarat") == []
        assert banner(app) == "Place a bet first: p Player · b Banker · t Tie, or click a spot"
        assert table(app).query_one("#bac-banner", Banner).has_class("-error")
        assert table(app).check_action("deal", ()) is None  # the Deal key stays dimmed
        await press(pilot, ["p", "enter"])
        assert app.store.bankroll == 100_500
        await press(pilot, ["enter"])  # the same 5 on Player again, Banker wins
        assert app.store.bankroll == 100_000
        assert len(app.store.history("baccarat")) == 2
        assert table(app).query_one(BigRoadBoard).outcomes == (P, B)


async def test_bet_the_bankroll_cannot_cover_is_refused(data_dir: Path) -> None:
    store = Store.open(data_dir)
    store.record_round("blackjack", 99_000, 0, {})  # leaves 10 chips
    store.close()
    app = make_app(data_dir, PLAYER_NATURAL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, ["p", "t"])
        assert stakes(app) == {P: 500, B: 0, T: 500}
        await press(pilot, ["b"])
        assert stakes(app) == {P: 500, B: 0, T: 500}
        assert banner(app) == "Refused: your bankroll of 10 cannot cover another 5 (on the table 10)"
        assert table(app).query_one("#bac-banner", Banner).has_class("-error")
        await press(pilot, ["enter"])
        # Player wins 5, Tie loses 5: back to 10 chips, settled as one transaction
        assert app.store.bankroll == 1000
        entry = app.store.history("baccarat")[0]
        assert (entry.stake, entry.returned) == (1000, 1000)


async def test_repeat_refused_when_the_bankroll_shrank(data_dir: Path) -> None:
    app = make_app(data_dir, BANKER_NATURAL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(4):  # chip 5 -> 10 -> 25 -> 50 -> 100
            await pilot.press("up")
        await press(pilot, ["p"] * 5 + ["t"] * 4)  # 500 on Player (the limit), 400 on Tie
        await press(pilot, ["enter"])
        assert app.store.bankroll == 10_000  # lost 900 of 1,000
        await press(pilot, ["r"])
        assert banner(app) == "Refused: your bankroll of 100 cannot cover the last bets (900)"
        assert stakes(app) == {P: 0, B: 0, T: 0}


async def test_table_limit_per_spot(data_dir: Path) -> None:
    app = make_app(data_dir, PLAYER_NATURAL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        chip = table(app).query_one("#bac-chip", BetControls)
        for _ in range(10):
            await pilot.press("plus")
        await pilot.pause()
        assert chip.value == 50_000  # the largest chip is the table maximum
        assert table(app).check_action("chip", (1,)) is None
        await press(pilot, ["b", "b"])
        assert stakes(app)[B] == 50_000
        assert banner(app) == "Refused: the limit is 500 per spot (Banker has 500)"


def test_chip_sizes_are_whole_chips_from_the_minimum() -> None:
    assert chip_sizes(500, 50_000) == [500, 1000, 2500, 5000, 10_000, 50_000]
    assert chip_sizes(700, 10_000) == [700, 1000, 2500, 5000, 10_000]
    assert all(size % 100 == 0 for size in chip_sizes(500, 50_000))
