"""The draw-poker table's hands and money: what each hand pays, the pay table on screen and in
the rules text, the paying cards marked, the tip, three exchange rounds, a deck running out,
a bet above the bankroll and the refill (Pilot)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from poker_pilot import SIZE, enabled, poker_app, shown_cards
from textual.widgets import Button

from cardtable.core.cards import parse_cards
from cardtable.store import Store
from cardtable.ui.screens.confirm import ConfirmScreen
from cardtable.ui.screens.poker import PokerScreen
from cardtable.ui.widgets.common.banner import Banner
from cardtable.ui.widgets.common.card import CardWidget
from cardtable.ui.widgets.poker.paytable import PayTableWidget

from helpers import screen_text


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
