"""The draw-poker table's controls played like a player would: keys and clicks tick and
draw, Enter with the focus anywhere acts once, dimmed keys match disabled buttons, repeat,
keys during the deal animation, and what the view allows each key (Pilot)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from poker_pilot import SIZE, enabled, poker_app, shown_cards, stacked
from textual.widgets import Button, Checkbox

from cardtable.core.cards import Shoe, parse_cards
from cardtable.core.poker_machines import PayHand
from cardtable.ui.app import CardTableApp
from cardtable.ui.screens.poker import PokerScreen
from cardtable.ui.widgets.common.banner import Banner
from cardtable.ui.widgets.common.bet import BetControls
from cardtable.ui.widgets.common.card import CardWidget
from cardtable.ui.widgets.common.chips import ChipBalance
from cardtable.ui.widgets.poker.paytable import PayTableWidget

from helpers import screen_text, until


async def test_keys_tick_two_cards_and_only_those_change(data_dir: Path) -> None:
    # Seeded, not stacked: whatever the deal, exactly the ticked cards change.
    app = poker_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PokerScreen)
        await pilot.press("enter")
        await pilot.pause()
        before = shown_cards(screen)
        assert all(before) and len(set(before)) == 5
        await pilot.press("2", "4")
        await pilot.pause()
        assert [screen.query_one(f"#exchange-{i}", Checkbox).value for i in range(5)] == [
            False, True, False, True, False,
        ]
        assert [screen.query_one(f"#card-{i}", CardWidget).selected for i in range(5)] == [
            False, True, False, True, False,
        ]
        assert screen.query_one("#card-1", CardWidget).has_class("-selected")
        await pilot.press("enter")
        await pilot.pause()
        after = shown_cards(screen)
        assert [before[i] == after[i] for i in range(5)] == [True, False, True, False, True]
        assert not set(after[i] for i in (1, 3)) & set(before)  # new cards, not old ones
        assert len(set(after)) == 5
        # the hand is over: ticks cleared, shading gone, one round recorded
        assert not any(screen.query_one(f"#exchange-{i}", Checkbox).value for i in range(5))
        assert not any(screen.query_one(f"#card-{i}", CardWidget).selected for i in range(5))
        assert app.store.history_count("poker") == 1


async def test_stacked_hand_with_keys_pays_and_settles_once(data_dir: Path) -> None:
    # Pair of jacks, exchange three, draw the third jack: Three of a Kind pays 3 per coin.
    app = poker_app(data_dir, "JS JD 4H 7C 9S  JH 2D 3S")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PokerScreen)
        await pilot.press("plus")  # 2 coins of 5 chips = 10 chips
        await pilot.press("enter")
        await pilot.pause()
        assert shown_cards(screen) == parse_cards("JS JD 4H 7C 9S")
        balance = screen.query_one(ChipBalance)
        assert balance.at_stake == 1_000
        assert "Bankroll 990" in screen_text(app) and "on the table 10" in screen_text(app)
        assert app.store.bankroll == app.bankroll == 99_000  # the stake left at the deal
        await pilot.press("3", "4", "5", "enter")
        await pilot.pause()
        assert shown_cards(screen) == parse_cards("JS JD JH 2D 3S")
        banner = screen.query_one(Banner)
        assert banner.text == "Three of a Kind, Jacks — wins 30 (+20)"
        assert banner.has_class("-win")
        assert screen.query_one(PayTableWidget).winner is PayHand.THREE_OF_A_KIND
        # 1,000 - 10 staked + 30 returned
        assert app.bankroll == 102_000
        assert app.store.bankroll == 102_000
        assert balance.at_stake == 0
        assert "Bankroll 1,020" in screen_text(app)
        history = app.store.history("poker")
        assert len(history) == 1
        assert (history[0].stake, history[0].returned) == (1_000, 3_000)
        assert history[0].details["hand"] == "Three of a Kind"
        assert app.store.stats("poker").rounds == 1


async def test_clicks_play_a_hand(data_dir: Path) -> None:
    # Click the card and the checkbox: both tick. Two pair kings and fives.
    app = poker_app(data_dir, "KS KD 5H 2C 9S  5C 8D")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PokerScreen)
        await pilot.click("#poker-bet #bet-up")
        await pilot.pause(0.3)  # two quick clicks would make a double click
        await pilot.click("#poker-bet #bet-up")
        await pilot.pause()
        assert screen.query_one(BetControls).value == 3
        assert screen.query_one(PayTableWidget).coins == 3
        await pilot.click("#poker-action")
        await pilot.pause()
        assert shown_cards(screen) == parse_cards("KS KD 5H 2C 9S")
        await pilot.click("#card-3")  # the card itself
        await pilot.click("#exchange-4")  # its checkbox
        await pilot.pause()
        assert screen.ticked() == [3, 4]
        await pilot.click("#card-3")  # untick, tick again
        await pilot.pause()
        assert screen.ticked() == [4]
        await pilot.click("#card-3")
        await pilot.pause()
        assert str(screen.query_one("#poker-action", Button).label) == "Draw"
        action = screen.query_one("#poker-action", Button)
        await until([pilot], lambda: not action.has_class("-active"))  # it ignores clicks while it shows a press
        await pilot.click("#poker-action")
        await pilot.pause()
        assert shown_cards(screen) == parse_cards("KS KD 5H 5C 8D")
        assert "Two Pair" in screen.query_one(Banner).text
        assert screen.query_one(PayTableWidget).winner is PayHand.TWO_PAIR
        # 3 coins x 5 chips staked, 6 coins returned: 1,000 - 15 + 30
        assert app.bankroll == 101_500


async def test_enter_draws_while_a_checkbox_has_focus(data_dir: Path) -> None:
    app = poker_app(data_dir, "AS AD 3H 4C 5S  AH")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PokerScreen)
        await pilot.press("enter")
        await pilot.pause()
        box = screen.query_one("#exchange-2", Checkbox)
        box.focus()
        await pilot.press("space")  # the checkbox's own key ticks it
        await pilot.pause()
        assert box.has_focus and box.value
        await pilot.press("enter")  # draws instead of toggling the focused box
        await pilot.pause()
        assert shown_cards(screen) == parse_cards("AS AD AH 4C 5S")
        assert "Three of a Kind" in screen.query_one(Banner).text


async def test_enter_while_the_action_button_has_focus_acts_once(data_dir: Path) -> None:
    # The focused Deal/Draw button must not also press itself: one deal, one draw.
    app = poker_app(data_dir, "AS AD 3H 4C 5S  AH", "2S 7D 9H JC KS")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PokerScreen)
        button = screen.query_one("#poker-action", Button)
        button.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert button.has_focus
        assert screen.hand is not None and screen.hand.phase.value == "drawing"
        assert shown_cards(screen) == parse_cards("AS AD 3H 4C 5S")
        await pilot.press("3", "enter")
        await pilot.pause()
        assert shown_cards(screen) == parse_cards("AS AD AH 4C 5S")
        assert app.store.history_count("poker") == 1  # drawn once, not dealt again
        assert app.bankroll == 100_000 - 500 + 3 * 500


async def test_enter_with_nothing_ticked_stands(data_dir: Path) -> None:
    app = poker_app(data_dir, "2H 3H 4H 5H 6H  AS")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PokerScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert str(screen.query_one("#poker-action", Button).label) == "Stand"
        await pilot.press("enter")
        await pilot.pause()
        assert shown_cards(screen) == parse_cards("2H 3H 4H 5H 6H")
        assert "Straight Flush" in screen.query_one(Banner).text
        assert app.bankroll == 100_000 - 500 + 50 * 500


async def test_dimmed_keys_and_disabled_buttons_agree(data_dir: Path) -> None:
    app = poker_app(data_dir, "KS KD 5H 2C 9S  5C", "2S 2D 2H 3C 9S")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PokerScreen)
        bet = screen.query_one(BetControls)
        boxes = [screen.query_one(f"#exchange-{i}", Checkbox) for i in range(5)]
        action = screen.query_one("#poker-action", Button)
        # Betting: deal on, exchange keys dimmed and boxes disabled, "-" at the minimum.
        assert screen.active_bindings["enter"].binding.action == "deal"
        assert enabled(screen, "enter") is True
        assert enabled(screen, "1") is False and all(b.disabled for b in boxes)
        assert enabled(screen, "minus") is False and bet.query_one("#bet-down", Button).disabled
        assert enabled(screen, "plus") is True and not bet.query_one("#bet-up", Button).disabled
        assert enabled(screen, "r") is False  # nothing to repeat yet
        assert not action.disabled and str(action.label) == "Deal"
        await pilot.press("1")  # does nothing before the deal
        await pilot.pause()
        assert not any(b.value for b in boxes)
        for _ in range(6):
            await pilot.press("up")
        await pilot.pause()
        assert bet.value == 5
        assert enabled(screen, "plus") is False and bet.query_one("#bet-up", Button).disabled
        await pilot.press("down", "down", "down", "down")
        assert bet.value == 1
        # Drawing: enter means draw, bet keys dimmed and bet buttons disabled.
        await pilot.press("enter")
        await pilot.pause()
        assert screen.active_bindings["enter"].binding.action == "draw"
        assert enabled(screen, "enter") is True
        assert enabled(screen, "plus") is False and enabled(screen, "minus") is False
        assert bet.query_one("#bet-up", Button).disabled and bet.query_one("#bet-down", Button).disabled
        assert enabled(screen, "r") is False
        assert enabled(screen, "1") is True and not any(b.disabled for b in boxes)
        await pilot.press("plus")
        assert bet.value == 1
        await pilot.press("4", "enter")
        await pilot.pause()
        # Result: back to betting, repeat available.
        assert screen.active_bindings["enter"].binding.action == "deal"
        assert enabled(screen, "r") is True
        assert enabled(screen, "1") is False and all(b.disabled for b in boxes)


async def test_repeat_deals_the_last_bet(data_dir: Path) -> None:
    app = poker_app(data_dir, "2S 7D 9H JC KS", "QS QD 4H 5C 8S")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PokerScreen)
        await pilot.press("plus", "plus", "enter", "enter")  # 3 coins, stand: no pair
        await pilot.pause()
        assert app.bankroll == 100_000 - 1_500
        assert screen.query_one(Banner).text == "No Pair — no win (−15)"
        await pilot.press("minus", "minus")
        assert screen.query_one(BetControls).value == 1
        await pilot.press("r")  # back to 3 coins and dealt
        await pilot.pause()
        assert screen.hand is not None and screen.hand.coins == 3
        assert screen.query_one(BetControls).value == 3
        assert shown_cards(screen) == parse_cards("QS QD 4H 5C 8S")
        assert screen.query_one(Banner).text == "You hold: One Pair"  # old result gone: the new hand named
        assert screen.query_one(PayTableWidget).winner is None
        await pilot.press("enter")
        await pilot.pause()
        # queens pay 1 per coin: the 3-coin stake comes back
        banner = screen.query_one(Banner)
        assert banner.text == "One Pair of Queens — stake back" and banner.has_class("-push")
        assert app.bankroll == 100_000 - 1_500
        assert app.store.history_count("poker") == 2


async def test_keys_work_during_the_deal_animation(data_dir: Path) -> None:
    app = CardTableApp(
        data_dir=data_dir, seed=7, animations=True, start="poker",
        shoe_factory=stacked("2S 7D 9H JC KS  JH"),
    )
    pause = [3600.0]  # the deal's reveal waits an hour before its first card: it is surely under way
    app.delay = lambda kind="card": pause[0]  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PokerScreen)
        await pilot.press("enter")
        assert all(screen.query_one(f"#card-{i}", CardWidget).face_down for i in range(5))
        await pilot.press("1")  # tick during the reveal
        pause[0] = 0.001
        await pilot.press("enter")  # and draw: the reveal in progress gives way to the draw's
        await app.workers.wait_for_complete()  # the draw's reveal, to its end (no deadline)
        await pilot.pause()
        assert not screen.view.hidden
        assert not any(screen.query_one(f"#card-{i}", CardWidget).face_down for i in range(5))
        assert shown_cards(screen) == parse_cards("JH 7D 9H JC KS")
        assert "One Pair" in screen.query_one(Banner).text
        assert app.bankroll == 100_000


def test_the_view_says_what_each_key_may_do() -> None:
    from cardtable.core.poker_table import PokerTable
    from cardtable.ui.widgets.poker.view import PokerView

    table = PokerTable(500)
    betting = PokerView(table, coins=1, bankroll=100_000)
    assert [betting.allows(a) for a in ("deal", "draw", "exchange", "bet_up", "bet_down", "tip", "repeat")] == [
        True, False, None, True, None, None, None,
    ]
    assert PokerView(table, coins=3, bankroll=1_000).allows("deal") is None  # dimmed: lower the bet
    broke = PokerView(table, coins=3, bankroll=499)
    assert broke.allows("deal") is True and broke.refusal is not None and broke.refusal.refill  # the refill
    hand = table.deal(2, 100_000, Shoe.stacked("JS JD 4H 7C 9S"))
    drawing = PokerView(table, hand=hand, coins=2, last_coins=2, bankroll=99_000)
    assert [drawing.allows(a) for a in ("deal", "draw", "exchange", "bet_up", "bet_down", "tip", "repeat")] == [
        False, True, True, None, None, True, None,
    ]
    settled = PokerView(table, hand=hand.stand().settle(), coins=2, last_coins=2, bankroll=99_000)
    assert settled.allows("deal") is True and settled.allows("repeat") is True
    assert settled.result is not None and settled.in_play is None
    assert replace(settled, hidden=frozenset({0})).result is None  # lit once every card shows
