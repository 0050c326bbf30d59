"""Keys mean the same everywhere and every refusal says why: blackjack's
refused actions, banners that never outlive their state, dialogs' own keys."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from cardtable.core.cards import Shoe
from cardtable.store import Store
from cardtable.ui.app import CardTableApp
from cardtable.ui.screens.baccarat import BaccaratScreen
from cardtable.ui.screens.blackjack import BlackjackScreen
from cardtable.ui.screens.confirm import ConfirmScreen
from cardtable.ui.screens.poker import PokerScreen
from cardtable.ui.widgets.common.banner import Banner
from cardtable.ui.widgets.common.bet import BetControls

from helpers import blackjack_alone, footer_keys, press, settle

START = 100_000


make_app = blackjack_alone  # the player alone, a stacked shoe, a bankroll


def table(app: CardTableApp) -> BlackjackScreen:
    screens = [s for s in app.screen_stack if isinstance(s, BlackjackScreen)]
    assert screens
    return screens[-1]


async def test_d_without_the_chips_to_double_says_what_is_missing(data_dir: Path) -> None:
    # bankroll 12: bet 10 leaves 2, a double needs 10 more
    app = make_app(data_dir, "5S 9H 6D 7C 2S " * 3, bankroll=1_200)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "plus", "enter")
        screen = table(app)
        assert screen.round.hands(0)[0].stake == 1_000
        await press(pilot, "d")
        assert screen.round.hands(0)[0].stake == 1_000 and not screen.round.hands(0)[0].doubled
        assert screen.banner.text == "Not enough chips to double: 10 needed, 2 left."
        await press(pilot, "p")
        assert screen.banner.text == "Only two cards of the same value can be split."
        await press(pilot, "s")  # a legal key still plays
        assert screen.round.finished


async def test_a_refusal_leaves_the_banner_once_a_refill_answers_it(data_dir: Path) -> None:
    app = make_app(data_dir, "TS 9H 9D 7C 2S " * 3, bankroll=300)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        if isinstance(app.screen, ConfirmScreen):  # the refill offer on sitting down: not yet
            await press(pilot, "n")
        screen = table(app)
        await press(pilot, "enter")
        assert "cannot cover" in screen.banner.text
        assert isinstance(app.screen, ConfirmScreen)  # enter offers the refill again
        await press(pilot, "y")
        assert app.bankroll == START
        assert "cannot cover" not in screen.banner.text  # not stale after the refill
        await press(pilot, "enter")
        assert screen.round is not None and screen.round.hands(0)[0].stake == 500


async def test_a_dialog_shows_its_own_keys_and_not_the_tables(data_dir: Path) -> None:
    app = make_app(data_dir, "TS 9H 9D 7C 2S " * 3, bankroll=300)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        keys = {key.key for key in footer_keys(app)}
        assert {"y", "n"} <= keys and "h" not in keys and "enter" not in keys


async def test_the_prompt_for_a_taken_decision_does_not_stay_while_the_dealer_plays(data_dir: Path) -> None:
    app = make_app(data_dir, "8S 9H 8D 7C TS 2C 4D " * 3)
    app._animations_override = True  # type: ignore[attr-defined]
    app.delay = lambda kind="card": 0.001  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter")
        screen = table(app)
        assert "Your turn" in screen.banner.text
        seen: list[str] = []
        original = screen._draw

        def spy() -> None:
            seen.append(screen.banner.text)
            original()

        screen._draw = spy  # type: ignore[method-assign]
        await press(pilot, "s")
        assert screen.round.finished
        during = seen[:-1]  # every picture while the dealer played
        assert during and not any("Your turn" in text for text in during), during


async def test_leaving_and_returning_keeps_the_last_bet_and_the_seats_chips(data_dir: Path) -> None:
    store = Store.open(data_dir)
    store.save_settings(replace(store.settings(), bj_seats=("hard", "easy")))
    store.close()
    app = CardTableApp(
        data_dir=data_dir,
        start="blackjack",
        animations=False,
        shoe_factory=lambda game, decks, cut: Shoe.stacked("TS 9C 5D 9H 9S 8C 6D 7H 2S 2C 3D 4H " * 4),
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "plus", "plus", "enter")
        screen = table(app)
        while not screen.round.finished:
            await press(pilot, "s")
        stacks = list(screen.seats.stacks)
        assert stacks != [100_000, 100_000]  # the seats won or lost something
        await press(pilot, "escape")
        while type(app.screen).__name__ != "LobbyScreen":
            await press(pilot, "enter")  # past the session summary
        await press(pilot, "1")
        again = table(app)
        assert again is not screen
        assert again.seats.stacks == stacks
        assert again.last_bet == 1_500 and again.query_one("#bj-bet", BetControls).value == 1_500
    # a memory that does not read is ignored, not an error
    store = Store.open(data_dir)
    store.remember_table("blackjack", {"last_bet": "lots", "seats": {"levels": ["hard"], "stacks": [-5]}})
    store.close()
    app2 = CardTableApp(data_dir=data_dir, start="blackjack", animations=False)
    async with app2.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        fresh = table(app2)
        assert fresh.seats.stacks == [100_000, 100_000] and fresh.last_bet is None


async def test_baccarat_keeps_the_last_bets_and_the_chip_between_visits(data_dir: Path) -> None:
    coups = "9S 2H KD KC " * 6
    app = CardTableApp(
        data_dir=data_dir, start="baccarat", animations=False, shoe_factory=lambda g, d, c: Shoe.stacked(coups)
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "plus", "p", "t", "enter")  # chip 10: Player 10, Tie 10
        assert app.store.history_count("baccarat") == 1
        await press(pilot, "escape")
        while type(app.screen).__name__ != "LobbyScreen":
            await press(pilot, "enter")
        await press(pilot, "2")
        screen = app.screen
        assert isinstance(screen, BaccaratScreen)
        assert screen.view.state.last_bets and screen.query_one("#bac-chip", BetControls).value == 1_000
        await press(pilot, "r")  # the kept bets, dealt again
        assert app.store.history_count("baccarat") == 2
        (last, _first) = app.store.history("baccarat", limit=2)
        assert last.stake == 2_000


async def test_baccarat_keys_that_do_nothing_say_why(data_dir: Path) -> None:
    coups = "9S 2H KD KC " * 6
    app = CardTableApp(
        data_dir=data_dir, start="baccarat", animations=False, shoe_factory=lambda g, d, c: Shoe.stacked(coups)
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, BaccaratScreen)
        banner = screen.query_one("#bac-banner", Banner)
        await press(pilot, "c")
        assert banner.text == "Nothing to clear: no bets for the next coup."
        await press(pilot, "r")
        assert banner.text == "No last bets to repeat yet."
        await press(pilot, "p")
        assert "Player" in banner.text and screen.view.state.bets  # a legal key still bets


async def test_the_session_summary_shows_its_own_key_in_the_footer(data_dir: Path) -> None:
    app = make_app(data_dir, "TS 9H 9D 7C 2S " * 3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter", "s", "escape")
        assert type(app.screen).__name__ == "SessionSummary"
        keys = {key.key for key in footer_keys(app)}
        assert "enter" in keys or "escape" in keys
        assert not {"1", "s", "o", "y"} & keys  # not the lobby's


async def test_poker_keeps_the_last_bet_between_visits(data_dir: Path) -> None:
    app = CardTableApp(
        data_dir=data_dir,
        start="poker",
        animations=False,
        shoe_factory=lambda g, d, c: Shoe.stacked("QS QH 4D 9C 2S 7H 8D 3C 5S 6H"),
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "plus", "plus", "enter", "enter")  # 3 coins, stand
        assert app.store.history_count("poker") == 1
        await press(pilot, "escape")
        while type(app.screen).__name__ != "LobbyScreen":
            await press(pilot, "enter")
        await press(pilot, "3")
        poker = app.screen
        assert isinstance(poker, PokerScreen)
        assert poker.view.coins == 3 and poker.view.last_coins == 3
        await press(pilot, "r")  # the kept bet, dealt
        assert poker.view.hand is not None and poker.view.hand.coins == 3


async def test_doubling_both_split_hands_into_busts_leaves_no_stale_turn_prompt(data_dir: Path) -> None:
    # 8 8 against a 6 (7 face down): split; 8 5 doubles into a T (bust), 8 6 into a K (bust)
    app = make_app(data_dir, "8S 6H 8D 7C 5S TS 6D KH 2C 2D 2H")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter", "p")
        screen = table(app)
        assert "hand 1 of 2" in screen.banner.text
        await press(pilot, "d")
        assert "hand 2 of 2" in screen.banner.text
        await press(pilot, "d")
        assert screen.round.finished
        assert "Your turn" not in screen.banner.text and "hand 2 of 2" not in screen.banner.text
        results = screen.round.results
        assert results is not None and [r.outcome.value for r in results[0]] == ["bust", "bust"]


async def test_a_poker_card_key_with_no_hand_to_draw_says_why(data_dir: Path) -> None:
    app = CardTableApp(
        data_dir=data_dir,
        start="poker",
        animations=False,
        shoe_factory=lambda g, d, c: Shoe.stacked("QS QH 4D 9C 2S 7H 8D 3C 5S 6H"),
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "1")
        assert app.screen.query_one("#poker-banner", Banner).text == "Deal first: 1–5 tick cards to exchange."
        await press(pilot, "enter", "1")  # dealt: the key ticks the card
        poker = app.screen
        assert isinstance(poker, PokerScreen)
        assert poker.view.ticked == {0}
