"""The draw-poker table played like a player would: keys, clicks, money (Pilot)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from textual.widgets import Button, Checkbox

from cardtable.core.cards import Card, Shoe, parse_cards
from cardtable.core.poker_machines import PayHand
from cardtable.store import Store
from cardtable.ui.app import CardTableApp
from cardtable.ui.screens.confirm import ConfirmScreen
from cardtable.ui.screens.lobby import LobbyScreen
from cardtable.ui.screens.poker import PokerScreen
from cardtable.ui.widgets.common.banner import Banner
from cardtable.ui.widgets.common.bet import BetControls
from cardtable.ui.widgets.common.card import CardWidget
from cardtable.ui.widgets.common.chips import ChipBalance
from cardtable.ui.widgets.poker.paytable import PayTableWidget

from helpers import screen_text

SIZE = (80, 24)


def stacked(*decks: str):
    """A shoe factory dealing the given decks, one per hand, in order."""
    queue: Iterator[str] = iter(decks)

    def factory(game: str, decks_: int, cut: int | None) -> Shoe:
        assert game == "poker" and decks_ == 1
        return Shoe.stacked(next(queue))

    return factory


def poker_app(data_dir: Path, *decks: str, **kwargs) -> CardTableApp:
    factory = stacked(*decks) if decks else None
    return CardTableApp(data_dir=data_dir, seed=7, animations=False, start="poker", shoe_factory=factory, **kwargs)


def shown_cards(screen: PokerScreen) -> list[Card | None]:
    return [screen.query_one(f"#card-{i}", CardWidget).card for i in range(5)]


def enabled(screen: PokerScreen, key: str) -> bool | None:
    """Footer state of a key: True enabled, False dimmed, None hidden."""
    active = screen.active_bindings.get(key)
    return None if active is None else active.enabled


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


async def test_royal_at_five_coins(data_dir: Path) -> None:
    app = poker_app(data_dir, "TH JH QH KH 2C  AH")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press(*["plus"] * 4, "enter", "5", "enter")
        await pilot.pause()
        assert "Royal Straight Flush" in screen.query_one(Banner).text
        assert "wins 20,000" in screen.query_one(Banner).text
        assert app.bankroll == 100_000 - 2_500 + 4_000 * 500


async def test_low_pair_loses(data_dir: Path) -> None:
    app = poker_app(data_dir, "TS TD 3H 4C 5S")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("enter", "enter")
        await pilot.pause()
        banner = screen.query_one(Banner)
        assert "One Pair of Tens" in banner.text and "no win" in banner.text
        assert banner.has_class("-lose")
        assert screen.query_one(PayTableWidget).winner is None
        assert app.bankroll == 99_500


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


async def test_three_exchange_rounds(data_dir: Path) -> None:
    with Store.open(data_dir) as store:
        store.save_settings(replace(store.settings(), poker_exchanges=3))
    app = poker_app(data_dir, "2S 7D 9H JC KS  3S 4S  5S  6S")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PokerScreen)
        assert "3 exchange rounds" in screen_text(app)
        await pilot.press("enter", "2", "3", "enter")
        # an earlier round's draw follows the coach's grade (worked out in a
        # thread since the deal; "working…" meanwhile)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert shown_cards(screen) == parse_cards("2S 3S 4S JC KS")
        assert screen.round_in_progress() and app.store.history_count() == 0
        assert "Exchange 2 of 3" in screen_text(app)
        await pilot.press("4", "enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "Exchange 3 of 3" in screen_text(app)
        await pilot.press("5", "enter")
        await pilot.pause()
        assert shown_cards(screen) == parse_cards("2S 3S 4S 5S 6S")
        assert "Straight Flush" in screen.query_one(Banner).text
        assert app.store.history_count("poker") == 1


async def test_deck_running_out_is_told(data_dir: Path) -> None:
    app = poker_app(data_dir, "2S 7D 9H JC KS  JH")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PokerScreen)
        await pilot.press("enter", "1", "2", "enter")
        await pilot.pause()
        assert shown_cards(screen) == parse_cards("JH 7D 9H JC KS")
        assert "deck ran out: card 2 kept" in screen_text(app)
        assert app.bankroll == 100_000  # jacks return the stake


async def test_bet_above_the_bankroll_cannot_be_dealt(data_dir: Path) -> None:
    with Store.open(data_dir) as store:
        store.save_settings(replace(store.settings(), poker_coin=60_000))  # 600 chips a coin
    app = poker_app(data_dir, "2S 7D 9H JC KS")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PokerScreen)
        assert enabled(screen, "enter") is True
        await pilot.press("plus")  # 1,200 chips > 1,000
        await pilot.pause()
        assert enabled(screen, "enter") is False
        assert screen.query_one("#poker-action", Button).disabled
        assert "Not enough chips" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.hand is None
        await pilot.press("minus", "enter")
        await pilot.pause()
        assert screen.hand is not None and screen.hand.stake == 60_000


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


async def test_tip_names_the_best_hold(data_dir: Path) -> None:
    app = poker_app(data_dir, "TH JH QH KH JS  AH", ascii=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PokerScreen)
        assert enabled(screen, "t") is False  # nothing to advise before the deal
        await pilot.press(*["plus"] * 4, "enter")
        await pilot.pause()
        assert enabled(screen, "t") is True
        await pilot.press("t")
        await pilot.pause()
        # 4 to the royal: (4000 + 250 + 7*30 + 6*20 + 8*5) / 47 / 5 = 19.66 per coin
        assert "Tip: exchange 5 (keep 10H JH QH KH)" in screen_text(app)  # the screen's terms
        assert "19.660 per coin" in screen_text(app)
        assert screen.ticked() == []  # advice only: the player still chooses
        await pilot.press("5", "enter")
        await pilot.pause()
        assert "Royal Straight Flush" in screen.query_one(Banner).text
        assert enabled(screen, "t") is False


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


async def test_going_broke_offers_the_refill(data_dir: Path) -> None:
    with Store.open(data_dir) as store:
        store.save_settings(replace(store.settings(), poker_coin=100_000))  # 1,000 chips a coin
    app = poker_app(data_dir, "2S 7D 9H JC KS")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert app.bankroll == 0
        assert isinstance(app.screen, ConfirmScreen)  # the refill offer
        await pilot.press("n")  # not now
        await pilot.pause()
        assert isinstance(app.screen, PokerScreen)
        assert "cannot cover one coin" in screen_text(app)
        assert str(app.screen.query_one("#poker-action", Button).label) == "Refill…"
        await pilot.press("enter")  # asks again
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, PokerScreen)
        assert app.bankroll == 100_000
        assert enabled(app.screen, "enter") is True


async def test_every_pay_table_number_is_on_screen(data_dir: Path) -> None:
    from cardtable.resources import read_json

    data = read_json("paytables", "jacks-or-better-9-6.json")
    names = {
        "NATURAL_ROYAL": "Royal Straight Flush", "STRAIGHT_FLUSH": "Straight Flush",
        "FOUR_OF_A_KIND": "Four of a Kind", "FULL_HOUSE": "Full House", "FLUSH": "Flush",
        "STRAIGHT": "Straight", "THREE_OF_A_KIND": "Three of a Kind", "TWO_PAIR": "Two Pair",
        "HIGH_PAIR": "Jacks or Better",
    }
    app = poker_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        lines = screen_text(app).splitlines()
        for key, row in data["pays"].items():
            line = next(
                text for text in lines
                if text.strip().startswith(names[key] + " ") and text.strip()[len(names[key]):].split()[0].isdigit()
            )
            numbers = line.strip()[len(names[key]):].split()[:5]
            assert numbers == [str(n) for n in row], key


def test_rules_text_pay_table_matches_the_data() -> None:
    from cardtable.resources import read_json, read_text

    data = read_json("paytables", "jacks-or-better-9-6.json")
    text = read_text("help", "poker.md")
    rows = {}
    for line in text.splitlines():
        cells = [c.strip().strip("*") for c in line.strip().strip("|").split("|")]
        if len(cells) == 6 and cells[1].isdigit():
            rows[cells[0]] = [int(c) for c in cells[1:]]
    assert rows["Royal Straight Flush"] == data["pays"]["NATURAL_ROYAL"]
    assert rows["Two Pair"] == data["pays"]["TWO_PAIR"]
    assert rows["Jacks or Better (One Pair of J, Q, K or A)"] == data["pays"]["HIGH_PAIR"]
    assert len(rows) == len(data["pays"]) == 9
    assert sorted(map(tuple, rows.values())) == sorted(map(tuple, data["pays"].values()))
    assert "99.5439 %" in text
    for name in ("Royal Straight Flush", "Four of a Kind", "Three of a Kind", "No Pair"):
        assert name in text


async def test_cards_of_the_paying_hand_are_marked(data_dir: Path) -> None:
    app = poker_app(data_dir, "KS KD 5H 2C 9S  5C 8D", "2S 7D 9H JC KS")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("enter", "4", "5", "enter")  # kings and fives, 8 kicker
        await pilot.pause()
        marked = [screen.query_one(f"#card-{i}", CardWidget).has_class("-winning") for i in range(5)]
        assert marked == [True, True, True, True, False]
        await pilot.press("enter")  # next hand: nothing marked
        await pilot.pause()
        assert not any(screen.query_one(f"#card-{i}", CardWidget).has_class("-winning") for i in range(5))
        await pilot.press("enter")  # no pair: nothing marked
        await pilot.pause()
        assert not any(screen.query_one(f"#card-{i}", CardWidget).has_class("-winning") for i in range(5))


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
