"""The baccarat table left and come back to: leaving mid-deal keeps the coup, the lobby shows
the bankroll the table left, a refill when it is below the minimum, a coup the store cannot
settle, and a deal that waits under the rules screen (Pilot, stacked shoes)."""

from __future__ import annotations

from pathlib import Path

import pytest
from baccarat_pilot import (
    BANKER_NATURAL,
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
from cardtable.ui.screens.baccarat import BaccaratScreen, Phase
from cardtable.ui.screens.confirm import ConfirmScreen
from cardtable.ui.screens.lobby import LobbyScreen
from cardtable.ui.widgets.baccarat.roads import BeadPlate
from cardtable.ui.widgets.common.bet import BetControls
from cardtable.ui.widgets.common.chips import ChipBalance

from helpers import screen_text, settle


async def test_leaving_mid_deal_keeps_the_coup_and_reopening_deals_it_out(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(data_dir, PLAYER_NATURAL, animations=True)
    async with app.run_test(size=(80, 24)) as pilot:
        monkeypatch.setattr(app, "delay", lambda kind="card": 30.0)
        await pilot.pause()
        await press(pilot, ["p", "p", "enter"])
        screen = table(app)
        assert screen.round_in_progress()
        # while the cards come out, betting is closed: keys dimmed, spots and buttons disabled
        for action, params in (("bet", ("P",)), ("clear", ()), ("deal", ()), ("chip", (1,)), ("repeat", ())):
            assert screen.check_action(action, params) is None, action
        assert screen.spot(P).disabled and screen.query_one("#bac-deal", Button).disabled
        assert screen.query_one("#bac-chip", BetControls).locked
        await press(pilot, ["t"])
        assert stakes(app) == {P: 1000, B: 0, T: 0}
        assert app.store.bankroll == 99_000  # committed at the deal
        await press(pilot, ["escape"])  # no question: leaving voids nothing
        assert isinstance(app.screen, LobbyScreen)
        assert app.store.bankroll == 99_000 and app.bankroll == 99_000
        assert app.store.history("baccarat") == []
        assert app.store.open_games() == ("baccarat",)
        monkeypatch.setattr(app, "delay", lambda kind="card": 0.0)
        await press(pilot, ["2"])  # back at the table: the same coup is dealt out and paid
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.store.open_games() == ()
        (entry,) = app.store.history("baccarat")
        assert (entry.stake, entry.returned) == (1000, 2000)  # the Player natural won
        assert app.bankroll == app.store.bankroll == 101_000


async def test_escape_between_coups_goes_straight_to_the_lobby(data_dir: Path) -> None:
    app = make_app(data_dir, PLAYER_NATURAL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, ["p"])  # bets placed but not dealt: nothing at stake yet
        await press(pilot, ["escape"])
        assert isinstance(app.screen, LobbyScreen)
        assert app.store.bankroll == 100_000


async def test_the_lobby_shows_the_bankroll_the_table_left_it_with(data_dir: Path) -> None:
    """The lobby's balance under a table takes each new bankroll without a repaint (a
    repaint of the covered lobby repainted the whole table above it) and shows it when
    the player comes back."""
    app = make_app(data_dir, BANKER_NATURAL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, ["p", "enter"])  # the Banker's natural: −5, a narrower figure
        assert app.bankroll == 99_500
        await press(pilot, ["escape"])  # the session summary, then the lobby
        await settle(pilot)
        await press(pilot, ["enter"])
        await settle(pilot)
        assert isinstance(app.screen, LobbyScreen)
        balance = app.screen.query_one("#lobby-balance", ChipBalance)
        assert balance.amount == 99_500 and balance.render().plain == "Bankroll 995"
        assert "Bankroll 995" in screen_text(app)


async def test_refill_offered_when_the_bankroll_is_below_the_minimum(data_dir: Path) -> None:
    store = Store.open(data_dir)
    store.record_round("poker", 99_700, 0, {})  # 3 chips left, the minimum is 5
    store.close()
    app = make_app(data_dir, PLAYER_NATURAL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await press(pilot, ["y"])
        assert isinstance(app.screen, BaccaratScreen)
        assert app.store.bankroll == 100_000


async def test_a_coup_the_store_cannot_settle_stays_open_until_enter_saves_it(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardtable.store import Store, StoreError

    app = make_app(data_dir, PLAYER_NATURAL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()

        def broken(*args, **kwargs):
            raise StoreError("disk full")

        monkeypatch.setattr(app.store, "settle_round", broken)
        await press(pilot, ["p", "enter"])
        assert banner(app).endswith("not saved yet: enter tries again")
        assert "Player wins" in banner(app)
        assert app.store.bankroll == 99_500 and app.bankroll == 99_500  # the stake is on the table
        assert table(app).round_in_progress() and not table(app).dealing
        assert table(app).view.phase is Phase.UNSAVED
        assert table(app).query_one(BeadPlate).outcomes == ()
        # only enter (save) is open: the spots show the settled coup, no new bets go down
        assert table(app).check_action("deal", ()) is True
        assert table(app).check_action("bet", ("P",)) is None and table(app).check_action("clear", ()) is None
        await press(pilot, ["b"])
        assert stakes(app) == {P: 500, B: 0, T: 0}
        monkeypatch.setattr(app.store, "settle_round", Store.settle_round.__get__(app.store))
        await press(pilot, ["enter"])  # saves the result, deals nothing new
        assert app.store.bankroll == app.bankroll == 100_500
        assert app.store.open_games() == () and app.store.history_count("baccarat") == 1
        assert table(app).query_one(BeadPlate).outcomes == (P,)
        assert not table(app).round_in_progress()
        assert table(app).view.phase is Phase.BETTING


async def test_the_deal_waits_while_the_rules_cover_the_table(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cardtable.ui.screens.rules import RulesScreen

    app = make_app(data_dir, PLAYER_NATURAL, animations=True)
    async with app.run_test(size=(80, 24)) as pilot:
        steps: list[str] = []

        def delay(kind: str = "card") -> float:
            """The pause before each step of the deal; the rules are asked for during the
            first one, as a player pressing ? while the cards come (whatever the machine's speed)."""
            if not steps:
                app.action_rules()
            steps.append(kind)
            return 0.001

        monkeypatch.setattr(app, "delay", delay)
        await pilot.pause()
        baccarat = table(app)
        await pilot.press("p", "enter")
        while not isinstance(app.screen, RulesScreen) or baccarat._uncovered.is_set():
            await pilot.pause()  # the rules are up and the table knows it is covered
        for _ in range(5):
            await pilot.pause(0.01)  # the deal had every chance to go on (it must not)
        assert isinstance(app.screen, RulesScreen)
        assert len(steps) == 1  # it waits at its first step: nothing more was shown
        assert app.store.history("baccarat") == []  # nothing settled behind the dialog
        await press(pilot, ["escape"])  # back at the table: the deal carries on and settles
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, BaccaratScreen)
        assert banner(app) == "Player wins 9 to 2 (natural) · you win +5"
        assert app.store.bankroll == 100_500
