"""The blackjack table played through Pilot with stacked shoes.

Deal order with only the player seated: player, dealer up, player, dealer face down,
then draws. With computer seats, they sit first and the player last.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from textual.widgets import Button

from cardtable.ai.blackjack import recommend
from cardtable.core.blackjack import Action
from cardtable.core.cards import Shoe, parse_cards
from cardtable.core.money import format_chips, format_signed
from cardtable.store import Store
from cardtable.ui.app import CardTableApp
from cardtable.ui.screens.blackjack import BlackjackScreen, SessionSummary
from cardtable.ui.screens.lobby import LobbyScreen
from cardtable.ui.widgets.blackjack.seat import ComputerSeat, PlayerHand, dealer_text
from cardtable.ui.widgets.common.bet import BetControls

from helpers import press, screen_text, settle

ACTION_BUTTONS = {
    Action.HIT: "#btn-hit", Action.STAND: "#btn-stand", Action.DOUBLE: "#btn-double", Action.SPLIT: "#btn-split"
}
ACTION_NAMES = {Action.HIT: "hit", Action.STAND: "stand", Action.DOUBLE: "double", Action.SPLIT: "split"}


def make_app(
    data_dir: Path, stack: str | None = None, seats: Sequence[str] = (), seed: int | None = None
) -> CardTableApp:
    store = Store.open(data_dir)
    store.save_settings(replace(store.settings(), bj_seats=tuple(seats)))
    store.close()
    factory = None
    if stack is not None:
        factory = lambda game, decks, cut: Shoe.stacked(stack)  # noqa: E731
    return CardTableApp(data_dir=data_dir, seed=seed, start="blackjack", animations=False, shoe_factory=factory)






def table(app: CardTableApp) -> BlackjackScreen:
    screen = app.screen
    assert isinstance(screen, BlackjackScreen)
    return screen


def hand_markers(app: CardTableApp) -> list[str]:
    screen = table(app)
    count = len(screen.picture.seats[screen.human]) if screen.picture else 0
    boxes = sorted(screen.query(PlayerHand), key=lambda b: b.index)
    return [b.marker for b in boxes[:count]]


def assert_in_step(app: CardTableApp) -> None:
    """Nothing on the screen is out of step with the engine: the picture shown is the
    table's own state, whole."""
    screen = table(app)
    r, picture = screen.round, screen.picture
    assert r is not None and picture is not None
    assert picture == r.state()
    assert picture.applied == len(r.events)
    for seat in range(r.seats):
        assert picture.seats[seat] == r.hands(seat)
    if r.finished:
        assert picture.dealer == r.dealer_cards
    else:
        assert picture.dealer[0] == r.dealer_up and picture.dealer[1:] == (None,)


SPLIT_STACK = "8S 9H 8D 7C 8H 3C TS 2D 5S TD 9C"
# player 8 8 against 9 (7 face down): split, split again, double the first hand to 21,
# stand on 8 2, hit 8 5 to 23; the dealer's 16 draws 9 and busts.


async def test_split_into_several_hands_with_keys(data_dir: Path) -> None:
    app = make_app(data_dir, SPLIT_STACK)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter")
        assert table(app).legal() == {Action.HIT, Action.STAND, Action.DOUBLE, Action.SPLIT}
        await press(pilot, "p", "p")
        assert len(table(app).round.hands(0)) == 3
        await press(pilot, "d", "s", "h")
        screen = table(app)
        assert screen.round.finished and screen.phase == "betting"
        assert_in_step(app)
        assert hand_markers(app) == ["WIN +10", "WIN +5", "BUST \u22125"]
        text = screen_text(app)
        assert "Hand 3" in text and "WIN +10" in text
        assert app.bankroll == 101_000
        assert app.store.bankroll == 101_000
        assert app.store.history_count("blackjack") == 1
        stats = app.store.stats("blackjack")
        assert stats.rounds == 1 and stats.net == 1_000


async def test_same_round_by_clicking_gives_the_same_result(data_dir: Path) -> None:
    app = make_app(data_dir, SPLIT_STACK)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for button in ("#btn-deal", "#btn-split", "#btn-split", "#btn-double", "#btn-stand", "#btn-hit"):
            widget = app.screen.query_one(button, Button)
            assert not widget.disabled, button
            while widget.has_class("-active"):  # a button ignores clicks while it flashes
                await pilot.pause(0.05)
            await pilot.click(button)
            await settle(pilot)
        assert table(app).round.finished
        assert hand_markers(app) == ["WIN +10", "WIN +5", "BUST \u22125"]
        assert app.bankroll == 101_000


async def test_double_against_dealer_blackjack_loses_both_units(data_dir: Path) -> None:
    app = make_app(data_dir, "5S AH 6D KC 9S")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter", "d")
        screen = table(app)
        assert screen.round.finished
        assert hand_markers(app) == ["LOSE \u221210"]
        assert screen.picture is not None and dealer_text(screen.picture) == "BLACKJACK"
        assert "BLACKJACK" in screen_text(app)
        assert app.bankroll == 99_000


async def test_bust_loses_and_dealer_only_reveals(data_dir: Path) -> None:
    app = make_app(data_dir, "TS 9H 6D 7C 8S 5C")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter", "h")
        screen = table(app)
        assert hand_markers(app) == ["BUST \u22125"]
        assert screen.round.dealer_cards == tuple(parse_cards("9H 7C"))
        assert app.bankroll == 99_500
        assert screen.banner.text == "Dealer 16 · you: bust · round \u22125"


async def test_player_blackjack_pays_three_to_two(data_dir: Path) -> None:
    app = make_app(data_dir, "AS 9H KD 7C TC")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter")
        screen = table(app)
        assert screen.round.finished  # the natural stood by itself
        assert hand_markers(app) == ["BLACKJACK +7.50"]
        assert app.bankroll == 100_750
        assert screen.stats.blackjacks == 1


async def test_buttons_and_keys_follow_the_legal_actions(data_dir: Path) -> None:
    app = make_app(data_dir, SPLIT_STACK)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)

        def check() -> None:
            screen = table(app)
            r = screen.round
            legal = r.legal_actions() if r is not None and r.turn is not None else set()
            for action, selector in ACTION_BUTTONS.items():
                enabled = action in legal
                assert screen.query_one(selector, Button).disabled is (not enabled), (action, legal)
                assert (screen.check_action("play", (ACTION_NAMES[action],)) is True) is enabled
                if not enabled:
                    assert screen.check_action("play", (ACTION_NAMES[action],)) is None  # dimmed
            betting = screen.phase == "betting"
            assert screen.query_one("#btn-deal", Button).disabled is (not betting)
            assert (screen.check_action("deal", ()) is True) is betting
            assert screen.query_one("#btn-tip", Button).disabled is (not legal)

        check()  # betting: every action off, deal on
        await press(pilot, "h")  # a dimmed key does nothing
        assert table(app).round is None
        await press(pilot, "enter")
        check()
        assert table(app).legal() == {Action.HIT, Action.STAND, Action.DOUBLE, Action.SPLIT}
        for key in ("p", "p"):
            await press(pilot, key)
            check()
        # four hands would be allowed, but now hand 1 is 8 3: no split
        assert Action.SPLIT not in table(app).legal()
        await press(pilot, "p")  # refused
        assert len(table(app).round.hands(0)) == 3
        await press(pilot, "d")
        check()
        await press(pilot, "h")  # 8 2 -> hit allowed
        check()
        assert table(app).round.hands(0)[1].cards == tuple(parse_cards("8H 2D 5S"))


async def test_computer_seats_play_and_the_round_completes(data_dir: Path) -> None:
    app = make_app(data_dir, seats=("easy", "normal", "hard", "hard"), seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        assert len(screen.query(ComputerSeat)) == 4
        for _round in range(6):
            await press(pilot, "enter")
            while screen.phase == "player":
                assert_in_step(app)
                await press(pilot, "s")
            assert screen.phase == "betting"
            r = screen.round
            assert r.finished and r.turn is None
            assert_in_step(app)
            for seat in range(4):
                assert all(h.closed for h in r.hands(seat))
                assert r.hands(seat)[0].stake >= screen.rules.min_bet
        assert app.store.history_count("blackjack") == 6
        assert screen.stats.rounds == 6
        # the summary's figures agree with the store's record of the session
        stored = app.store.stats("blackjack")
        assert screen.stats.net == stored.net == app.bankroll - 100_000
        hands = screen.stats.won + screen.stats.lost + screen.stats.pushed
        assert hands >= 6
        await press(pilot, "escape")
        assert isinstance(app.screen, SessionSummary)
        text = screen_text(app)
        assert "Rounds played   6" in text and f"Net             {format_signed(stored.net)}" in text
        await pilot.click("#summary-ok")
        await settle(pilot)
        assert isinstance(app.screen, LobbyScreen)


async def test_tip_names_the_hard_level_action(data_dir: Path) -> None:
    app = make_app(data_dir, "5S 6H 6D 7C 2S 9S TS")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter", "t")
        screen = table(app)
        expected = recommend(screen.rules, parse_cards("5S 6D"), parse_cards("6H")[0], screen.legal())
        assert expected is Action.DOUBLE
        assert screen.tip_action is expected
        assert screen.last_tip.startswith("Double — hard 11 against a 6")
        assert "Double — hard 11 against a 6" in screen_text(app)


async def test_bet_keys_repeat_and_refusal(data_dir: Path) -> None:
    app = make_app(data_dir, "TS 9H 9D 7C 2S " * 4)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        bet = screen.query_one("#bj-bet", BetControls)
        assert bet.value == 500
        await press(pilot, "plus", "plus", "up")
        assert bet.value == 2_000
        await press(pilot, "minus")
        assert bet.value == 1_500
        await press(pilot, "enter", "s")  # 19 against 18: win 15
        assert app.bankroll == 101_500
        await press(pilot, "down")
        assert bet.value == 1_000
        await press(pilot, "r")  # deals the bet shown, 10, not the last bet
        assert screen.round.hands(0)[0].stake == 1_000
        await press(pilot, "s")
        assert app.bankroll == 102_500
        # the bankroll falls below the bet: the bet follows it down, dearer chips are off
        app.store.record_round("baccarat", 102_000, 0, {})
        app.sync_bankroll()
        await settle(pilot)
        assert app.bankroll == 500
        assert bet.value == 500 and screen.query_one("#chip-2500", Button).disabled
        assert screen.check_action("bet", (1,)) is None  # + stops at the bankroll
        # below the table minimum: Deal is off (never lit to refuse), and enter says why
        app.store.record_round("baccarat", 100, 0, {})
        app.sync_bankroll()
        await settle(pilot)
        assert screen.check_action("deal", ()) is None and screen.query_one("#btn-deal", Button).disabled
        rounds = app.store.history_count("blackjack")
        await press(pilot, "enter")
        assert screen.round.finished and screen.phase == "betting"  # no new round
        assert app.store.history_count("blackjack") == rounds
        assert "cannot cover" in screen.banner.text


async def test_escape_mid_round_keeps_it_open_and_leaving_shows_the_summary(data_dir: Path) -> None:
    app = make_app(data_dir, "TS 9H 9D 7C 2S TS 9H 9D 7C 2S")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter", "s")  # one round: 19 beats 18
        assert app.bankroll == 100_500
        await press(pilot, "enter")
        assert table(app).round_in_progress()
        assert app.bankroll == 100_000  # the stake left the bankroll at the deal
        await press(pilot, "escape")  # no question: nothing is lost by leaving
        assert app.bankroll == 100_000  # ... and it does not come back
        assert app.store.open_games() == ("blackjack",)
        assert app.store.history_count("blackjack") == 1
        assert isinstance(app.screen, SessionSummary)
        text = screen_text(app)
        assert "Rounds played   1" in text and "Hands won       1" in text and "+5" in text
        await press(pilot, "enter")
        assert isinstance(app.screen, LobbyScreen)


def animated(app: CardTableApp, ai_seconds: float = 0.001) -> CardTableApp:
    """Animations on, with tiny pauses (and a chosen pause before each computer action)."""
    app._animations_override = True  # type: ignore[attr-defined]
    app.delay = lambda kind="card": ai_seconds if kind == "ai" else 0.001  # type: ignore[method-assign]
    return app


async def test_animated_round_deals_one_card_at_a_time_and_settles(data_dir: Path) -> None:
    app = animated(make_app(data_dir, seats=("normal", "hard"), seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        seen_counts: set[int] = set()
        original = screen._draw

        def spy() -> None:
            if screen.picture is not None:
                seen_counts.add(sum(len(h.cards) for hands in screen.picture.seats for h in hands))
            original()

        screen._draw = spy  # type: ignore[method-assign]
        for _ in range(3):
            await press(pilot, "enter")
            while screen.phase != "betting":
                assert screen.phase == "player"
                assert_in_step(app)
                await press(pilot, "s")
            assert_in_step(app)
        # the table was drawn with 1, 2, 3 ... cards out during the deal
        assert {1, 2, 3, 4, 5} <= seen_counts
        assert app.store.history_count("blackjack") == 3


async def test_leaving_during_the_computer_turns_keeps_the_round_for_later(data_dir: Path) -> None:
    app = animated(make_app(data_dir, seats=("easy",), seed=3), ai_seconds=3600.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        await pilot.press("enter")
        # the deal is on screen; the computer seat "thinks" an hour before its move shows
        # (however slow the machine, it has not moved when escape is pressed)
        while screen.picture is None or len(screen.picture.dealer) < 2:
            await pilot.pause(0.01)
        assert screen.phase == "dealing"
        assert all(b.disabled for b in screen.query("#bj-action-row Button").results(Button) if b.id != "btn-chart")
        dealt = [hs[0].cards[:2] for hs in screen.picture.seats]
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        assert app.bankroll == 99_500  # the stake stays on the table
        assert app.store.history_count("blackjack") == 0
        assert app.store.open_games() == ("blackjack",)
        # back at the table: the same cards, and the round goes on to the player's turn
        app.delay = lambda kind="card": 0.001  # type: ignore[method-assign]
        await pilot.press("1")
        await pilot.pause()
        again = table(app)
        assert again is not screen and again.round is not None
        assert [hs[0].cards[:2] for hs in again.round.all_hands] == dealt
        while again.phase not in ("player", "betting"):
            await pilot.pause(0.01)
        assert [hs[0].cards[:2] for hs in again.picture.seats] == dealt


async def test_question_mark_shows_the_blackjack_rules(data_dir: Path) -> None:
    from cardtable.ui.screens.rules import RulesScreen

    app = make_app(data_dir, "TS 9H 9D 7C 2S")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "question_mark")
        assert isinstance(app.screen, RulesScreen)
        assert "Blackjack (European)" in screen_text(app)
        await press(pilot, "escape")
        assert isinstance(app.screen, BlackjackScreen)


async def test_a_shoe_that_runs_out_mid_round_goes_on_from_a_fresh_one(data_dir: Path) -> None:
    """No card is dealt past the last: the round is not voided, the rest of it comes from
    a fresh shoe (here every card is on the table, so the same four cards again)."""
    app = make_app(data_dir, "TS 9H 9D 7C")  # the dealer's 16 needs a fifth card
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter", "s")
        screen = table(app)
        r = screen.round
        assert r is not None and r.finished and "void" not in screen.banner.text
        assert len(r.dealer_cards) == 3 and r.dealer_cards[2].rank in (7, 9, 10)  # 23 or more: bust
        assert app.bankroll == 100_000 + 500  # your 19 won the minimum bet
        assert app.store.history_count("blackjack") == 1


async def test_footer_fits_80_columns_and_every_key_is_shown(data_dir: Path) -> None:
    """Every table key is in the footer or on a button that names it; the app's
    "? Rules" at the footer's end is not cut off at 80 columns."""
    app = make_app(data_dir, seats=("normal", "hard", "easy", "hard"), seed=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        footer = screen_text(app).splitlines()[-1]
        assert footer.rstrip().endswith("? Rules"), footer
        for shown in ("⏎ Deal", "esc Lobby", "h Hit", "s Stand", "d Double", "p Split", "t Tip", "k Coach", "^q Quit"):
            assert shown in footer, shown
        # r and g are named by their buttons (the footer has no room left at 80 columns)
        buttons = {str(b.label) for b in app.screen.query(Button).results(Button)}
        assert {"Repeat r", "Chart g"} <= buttons
        # the bet keys + and - are the bet row's own buttons, beside the amount
        assert "Bet  −" in screen_text(app) and str(app.screen.query_one("#bet-up", Button).label) == "+"
        screen = table(app)
        await press(pilot, "minus")  # at the minimum: the key does nothing, its button is off
        assert screen.check_action("bet", (-1,)) is None
        assert app.screen.query_one("#bet-down", Button).disabled
        await press(pilot, "plus")
        assert screen.check_action("bet", (-1,)) is True
        assert not app.screen.query_one("#bet-down", Button).disabled


async def test_computer_seats_show_stake_and_chips_labelled(data_dir: Path) -> None:
    # seats Ada and Bert, then the player; Bert doubles 6 5 against a 6 (hard level)
    app = make_app(data_dir, "9S 6D TS 6H 8C 5C 9D TH 4C KC", seats=("easy", "hard"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert text.count("stake 5") == 2 and text.count("chips 1,000") == 2
        await press(pilot, "enter")
        screen = table(app)
        assert screen.phase == "player"
        text = screen_text(app)
        # during the round: the stake on the table, and the chips beside it
        assert "chips 995" in text  # Ada: 5 on the table
        assert screen.round.hands(1)[0].doubled
        assert "stake 10" in text and "chips 990" in text  # Bert doubled
        await press(pilot, "s")
        r = screen.round
        assert r.finished
        text = screen_text(app)
        for seat in range(2):
            left = r.bankroll(seat)
            assert left is not None and f"chips {format_chips(left)}" in text


async def test_default_table_hides_the_hole_card_and_names_soft_totals(data_dir: Path) -> None:
    # default settings: two computer seats, normal then hard. Ada 10 9, Bert 10 8,
    # the player A 6 (soft 17); the dealer 7 up and Q♣ face down: 17, a push.
    app = CardTableApp(
        data_dir=data_dir, start="blackjack", animations=False,
        shoe_factory=lambda game, decks, cut: Shoe.stacked("TS TD AS 7H 9S 8D 6C QC"),
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "Ada normal" in text and "Bert hard" in text and "Cleo" not in text
        await press(pilot, "enter")
        screen = table(app)
        assert screen.phase == "player"
        text = screen_text(app)
        dealer_line = next(line for line in text.splitlines() if "Dealer" in line)
        assert "▒▒" in dealer_line and "shows 7" in dealer_line
        assert "Q♣" not in text  # the face-down card stays hidden
        assert "soft 17" in text
        box = screen.query_one("#hand-0", PlayerHand)
        assert box.has_class("-active") and box.total_text == "soft 17"
        await press(pilot, "s")
        text = screen_text(app)
        dealer_line = next(line for line in text.splitlines() if "Dealer" in line)
        assert "Q♣" in dealer_line and "17" in dealer_line and "▒▒" not in dealer_line
        assert not box.has_class("-active")
        assert hand_markers(app) == ["PUSH"]
        assert app.bankroll == 100_000 and app.store.history_count("blackjack") == 1
        assert "round ±0" in screen.banner.text


async def test_bet_stays_within_the_table_limits(data_dir: Path) -> None:
    app = make_app(data_dir, "TS 9H 9D 7C 2S")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        bet = screen.query_one("#bj-bet", BetControls)
        assert screen.check_action("bet", (-1,)) is None  # 5: the minimum
        for _ in range(20):
            await pilot.press("plus")
        await settle(pilot)
        assert bet.value == screen.rules.max_bet == 50_000
        assert screen.check_action("bet", (1,)) is None
        assert screen.query_one("#bet-up", Button).disabled
        await press(pilot, "up")
        assert bet.value == 50_000


WORST_STACK = (
    "8S TS TD TC 7S 6H 8D 9S 9D 9C 7H TH 8C 8H 3S 2S 2D 5S 9H KH 7D 7C 4S 2H 3D 4D 5D 6D 2C 3C 4C 5C"
)
# Ada (hard) splits 8 8 against a 6 into four hands and doubles two of them; the other
# seats stand on 19; the player splits 7 7 into four hands.


async def test_four_seats_and_four_split_hands_fit_80x24(data_dir: Path) -> None:
    app = make_app(data_dir, WORST_STACK, seats=("hard", "hard", "hard", "hard"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter", "p", "p", "p", "h")
        screen = table(app)
        assert len(screen.round.hands(0)) == 4 and len(screen.round.hands(4)) == 4
        assert_in_step(app)
        lines = screen_text(app).splitlines()
        assert len(lines) == 24
        for hand in ("8♠ 3♠ 2♠ 13 ×2", "8♥ 2♦ 5♠ 15 ×2", "8♣ 9♥ 17", "8♦ K♥ 18"):
            assert any(hand in line for line in lines), hand
        assert sum("stake" in line for line in lines) == 1  # one row holds all four seats
        assert "stake 30" in screen_text(app)  # 4 hands, two doubled
        boxes = sorted(screen.query(PlayerHand), key=lambda b: b.index)
        regions = [b.region for b in boxes]
        assert all(b.display for b in boxes)
        for region in regions:
            assert region.right <= 80 and region.bottom <= 24 - 6  # above banner, bet and action rows
        assert all(a.right <= b.x for a, b in zip(regions, regions[1:], strict=False))  # side by side
        assert [b.total_text for b in boxes] == ["hard 13", "waits for a card", "waits for a card", "waits for a card"]
        assert screen_text(app).splitlines()[-1].rstrip().endswith("? Rules")


async def test_keys_work_whatever_widget_has_focus(data_dir: Path) -> None:
    app = make_app(data_dir, "TS 9H 9D 7C 2S")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        screen.query_one("#chip-2500", Button).focus()
        await settle(pilot)
        assert app.focused is screen.query_one("#chip-2500", Button)
        await press(pilot, "enter")  # deals the bet shown; does not press the focused chip
        assert screen.round is not None and screen.round.hands(0)[0].stake == 500
        assert screen.phase == "player"
        dealer_line = next(line for line in screen_text(app).splitlines() if "Dealer" in line)
        assert dealer_line.rstrip().endswith("shoe 1 card")  # one card left in this stacked shoe
        screen.query_one("#btn-hit", Button).focus()
        await settle(pilot)
        await press(pilot, "s")  # stands, although Hit has focus
        assert screen.round.finished
        assert screen.round.hands(0)[0].cards == tuple(parse_cards("TS 9D"))
        assert hand_markers(app) == ["WIN +5"]


def test_the_sittings_count_is_the_stores_own_unit(data_dir: Path) -> None:
    """The sitting's rounds (the summary at a shared table) are counted as the store
    counts its statistics: a split round won and lost is one round pushed, two hands."""
    from cardtable.core.blackjack import HandOutcome, HandResult
    from cardtable.ui.screens.bj_summary import SessionStats

    win, lose, bj, bust = HandOutcome.WIN, HandOutcome.LOSE, HandOutcome.BLACKJACK, HandOutcome.BUST
    rounds = [[(1000, 2000, win)], [(1000, 0, lose), (1000, 2000, win)], [(500, 1250, bj)], [(500, 0, bust)]]
    stats = SessionStats()
    store = Store.open(data_dir)
    try:
        for hands in rounds:
            stats.add([HandResult((), s, r, o, False, len(hands) > 1) for s, r, o in hands])
            store.record_round("blackjack", sum(s for s, _, _ in hands), sum(r for _, r, _ in hands), {})
        assert stats.played == store.stats("blackjack")
    finally:
        store.close()
    assert (stats.rounds, stats.played.pushed, stats.net) == (4, 1, 1_250)
    assert (stats.hands, stats.won, stats.lost, stats.blackjacks) == (5, 3, 2, 1)
    text = stats.tally().text()
    assert "Rounds pushed   1" in text and "Hands played    5" in text
