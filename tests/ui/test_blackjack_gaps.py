"""Gaps found by mutation, played through Pilot as a player sees the table.

Only what a player sees is checked: the screen's text, whether a key in the footer
(and its button) is offered, the bankroll and history in the store, and the session
summary shown on leaving. Deal order with only the player seated: player, dealer up,
player, dealer face down, then draws. Amounts are hundredths of a chip.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.widgets import Button

from cardtable.ui.app import CardTableApp

from helpers import blackjack_alone, press, screen_text, settle

START = 100_000  # a new player's 1,000 chips
MINUS = "\u2212"


make_app = blackjack_alone  # the player alone, a stacked shoe, a bankroll


def dealer_line(app: CardTableApp) -> str:
    return next(line for line in screen_text(app).splitlines() if "Dealer" in line)


def key_offered(app: CardTableApp, key: str) -> bool:
    """Whether the footer shows ``key`` as usable (not dimmed)."""
    binding = app.screen.active_bindings.get(key)
    assert binding is not None, f"no {key!r} key on this screen"
    return binding.enabled


def button_enabled(app: CardTableApp, selector: str) -> bool:
    return not app.screen.query_one(selector, Button).disabled


def summary_number(text: str, label: str) -> str:
    """The figure after ``label`` on the session summary."""
    match = re.search(rf"{label}\s+(\S+)", text)
    assert match is not None, f"{label!r} not on the summary:\n{text}"
    return match.group(1)


# -- 1. what is (and is not) a blackjack ----------------------------------------------


async def test_dealer_21_in_three_cards_is_21_not_blackjack(data_dir: Path) -> None:
    # player T K = 20 stands; dealer 6 up, 5 face down, draws K: 21 in three cards
    app = make_app(data_dir, "TS 6H KD 5C KC")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter", "s")
        text = screen_text(app)
        line = dealer_line(app)
        assert "K♣" in line  # the third card is on the table
        assert re.search(r"(?<![\d.])21(?![\d.])", line), line
        assert "BLACKJACK" not in text.upper(), text
        assert "Dealer 21" in text  # the result banner
        assert f"LOSE {MINUS}5" in text
        assert f"{MINUS}7.50" not in text
        assert app.store.bankroll == START - 500
        (entry,) = app.store.history("blackjack")
        assert (entry.stake, entry.returned) == (500, 0)


async def test_dealer_ace_king_natural_is_shown_as_blackjack(data_dir: Path) -> None:
    # player T 9 = 19 stands; dealer A up, K face down: a natural (no peek)
    app = make_app(data_dir, "TS AH 9D KC 5S")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter", "s")
        line = dealer_line(app)
        assert "K♣" in line and "BLACKJACK" in line, line
        assert not re.search(r"(?<![\d.])21(?![\d.])", line), line
        assert "5♠" not in screen_text(app)  # a natural draws nothing
        assert app.store.bankroll == START - 500
        (entry,) = app.store.history("blackjack")
        assert (entry.stake, entry.returned) == (500, 0)


async def test_split_ace_and_king_is_21_paid_even_not_a_blackjack(data_dir: Path) -> None:
    # player A A against 9 (8 face down: 17). Split: the first ace gets a K (21 after a
    # split, not a natural), the second a 5 (16). Each split ace takes one card only.
    app = make_app(data_dir, "AS 9H AD 8C KS 5D 2C")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter")
        assert key_offered(app, "p")
        await press(pilot, "p")
        text = screen_text(app)
        assert "K♠" in text and "5♦" in text
        assert "2♣" not in text  # the dealer's 17 stands; no more cards
        assert "BLACKJACK" not in text.upper(), text
        assert "WIN +5" in text and f"LOSE {MINUS}5" in text
        assert "+7.50" not in text
        (entry,) = app.store.history("blackjack")
        # the 21 returns its stake twice (1:1), not 2.5 times; the 16 returns nothing
        assert entry.stake == 1_000
        assert entry.returned == 1_000
        hands = entry.details.get("hands")
        if hands is not None:
            assert [h["returned"] for h in hands] == [1_000, 0]
        assert app.store.bankroll == START


# -- 2. pushes in the session summary ---------------------------------------------------


async def test_summary_counts_a_push_as_pushed_not_won(data_dir: Path) -> None:
    # round 1: player T K = 20 v dealer T Q = 20, a push
    # round 2: player T 9 = 19 v dealer T 8 = 18, a win of 5
    app = make_app(data_dir, "TS TH KD QC " "TS TH 9D 8C")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter", "s")
        assert app.store.bankroll == START
        await press(pilot, "enter", "s")
        assert app.store.bankroll == START + 500
        await press(pilot, "escape")
        text = screen_text(app)
        assert summary_number(text, "Rounds played") == "2"
        assert summary_number(text, "Hands won") == "1"
        assert summary_number(text, "Hands pushed") == "1"
        assert summary_number(text, "Hands lost") == "0"
        assert summary_number(text, "Net") == "+5"


async def test_summary_counts_a_blackjack_push_as_pushed(data_dir: Path) -> None:
    # round 1: player A K v dealer A Q: natural against natural, a push
    # round 2: player T 9 = 19 v dealer T 8 = 18, a win of 5
    app = make_app(data_dir, "AS AH KD QC " "TS TH 9D 8C")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter")  # the natural stands by itself
        assert app.store.bankroll == START
        (entry,) = app.store.history("blackjack")
        assert (entry.stake, entry.returned) == (500, 500)
        await press(pilot, "enter", "s")
        assert app.store.bankroll == START + 500
        await press(pilot, "escape")
        text = screen_text(app)
        assert summary_number(text, "Rounds played") == "2"
        assert summary_number(text, "Hands won") == "1"
        assert summary_number(text, "Hands pushed") == "1"
        assert summary_number(text, "Hands lost") == "0"
        assert summary_number(text, "Net") == "+5"


# -- 3. doubling and splitting take the chips left beside the stake ---------------------

# (bankroll before the deal, offered?) with the table minimum bet of 5 (500):
# the chips left after the deal must cover a second 5.
BANKROLLS = [
    pytest.param(1_500, True, id="15-chips-10-left"),
    pytest.param(1_000, True, id="10-chips-5-left"),
    pytest.param(999, False, id="9.99-chips-4.99-left"),
    pytest.param(900, False, id="9-chips-4-left"),
]


@pytest.mark.parametrize(("bankroll", "offered"), BANKROLLS)
async def test_double_is_offered_only_when_the_chips_left_cover_the_stake(
    data_dir: Path, bankroll: int, offered: bool
) -> None:
    # player 5 6 = 11 against a 6 (T face down: 16); a double draws the T: 21;
    # the dealer's 16 draws the 2: 18. Standing on 11 instead: the T is the dealer's.
    app = make_app(data_dir, "5S 6H 6D TC TD 2C 3C 4C", bankroll)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter")
        assert app.store.bankroll == bankroll - 500  # the stake left at the deal
        assert key_offered(app, "s") and key_offered(app, "h")  # the player is to act
        assert key_offered(app, "d") is offered
        assert button_enabled(app, "#btn-double") is offered
        assert not key_offered(app, "p")  # no pair
        await press(pilot, "d")
        if offered:
            # doubled to 10, drew the T (21), the dealer's 18 loses: 20 back
            assert "10♦" in screen_text(app)
            assert app.store.bankroll == bankroll - 1_000 + 2_000
            (entry,) = app.store.history("blackjack")
            assert (entry.stake, entry.returned) == (1_000, 2_000)
        else:
            # the dimmed key did nothing: still the player's turn, nothing more staked
            assert app.store.bankroll == bankroll - 500
            assert app.store.history_count("blackjack") == 0
            assert key_offered(app, "s")
            await press(pilot, "s")  # 11 against the dealer's 6 T T = 26: a win
            assert app.store.bankroll == bankroll + 500


@pytest.mark.parametrize(("bankroll", "offered"), BANKROLLS)
async def test_split_is_offered_only_when_the_chips_left_cover_the_stake(
    data_dir: Path, bankroll: int, offered: bool
) -> None:
    # player 8 8 against a 9 (7 face down: 16). Split: the first 8 gets a T (18).
    app = make_app(data_dir, "8S 9H 8D 7C TS TD 2C 3C 4C 5C", bankroll)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter")
        assert app.store.bankroll == bankroll - 500
        assert key_offered(app, "s") and key_offered(app, "h")
        assert key_offered(app, "p") is offered
        assert button_enabled(app, "#btn-split") is offered
        # the same chips decide the double on the pair
        assert key_offered(app, "d") is offered
        assert button_enabled(app, "#btn-double") is offered
        await press(pilot, "p")
        text = screen_text(app)
        if offered:
            assert "Hand 2" in text
            assert app.store.bankroll == bankroll - 1_000  # a second 5 on the table
        else:
            assert "Hand 2" not in text
            assert app.store.bankroll == bankroll - 500
            assert key_offered(app, "s")


# -- the one blackjack screen: what belongs to a shared table says so locally -------------


async def test_c_and_x_at_the_local_table_say_why_they_do_nothing_here(data_dir: Path) -> None:
    app = make_app(data_dir, "TS 6H KD 5C KC")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "c")
        assert "computer seats are chosen in the settings" in screen_text(app)
        await press(pilot, "enter", "c")  # in a round too: nothing changes at the table
        assert "computer seats are chosen in the settings" in screen_text(app)
        assert len(app.screen.query("ComputerSeat")) == 0
        await press(pilot, "x")  # sitting a round out is for a shared table
        assert "Nothing to sit out here" in screen_text(app)


async def test_enter_during_a_decision_never_presses_the_focused_button(data_dir: Path) -> None:
    """A resumed round (or a click) leaves a button focused; enter is the table's key:
    during a decision it says what to do instead of taking the focused button's play."""
    # player T 2 = 12; dealer 6 up, 5 face down; the next card (9) would be a hit
    app = make_app(data_dir, "TS 6H 2D 5C 9C KH KD")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter")
        app.screen.query_one("#btn-hit", Button).focus()
        await settle(pilot)
        await press(pilot, "enter")
        text = screen_text(app)
        assert "9♣" not in text, text  # no card was taken
        assert "Enter deals once the round is settled" in text
        assert key_offered(app, "h")  # still the player's decision
