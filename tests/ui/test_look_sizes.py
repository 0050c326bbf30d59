"""The card room at three terminal sizes: nothing clipped, the cards grow
with the room, the lobby centred as one composition, and the same words for the
dealer's face-down card everywhere."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from textual.widget import Widget
from textual.widgets import Header

from cardtable.core.cards import Shoe
from cardtable.resources import read_text
from cardtable.store import Store
from cardtable.ui.app import CardTableApp
from cardtable.ui.games import GAME_INFO, HOLE_CARD
from cardtable.ui.widgets.baccarat.table import HandView
from cardtable.ui.widgets.blackjack.seat import PlayerHands
from cardtable.ui.widgets.blackjack.table import BlackjackFelt
from cardtable.ui.widgets.common.card import CardSize
from cardtable.ui.widgets.common.footer import KeyFooter

from helpers import blackjack_alone, press, screen_text, settle

SIZES = ((80, 24), (120, 40), (200, 50))
BJ_STACK = " ".join(["TS TH TD TC 8S 9H 9S 9C 9D 9H 8D 7C 8H 8C 8D 2S 3S 4S 5S 6S 7S 8S 9S"] * 3)
BAC_STACK = "9S 2H KD KC  4S 4H 4D 4C  2S 9H KD KC  3S 8H KD KC  AS 2H 3D 4C 6S 5H"


def _app(data_dir: Path, start: str | None, stack: str | None = None, seats: tuple[str, ...] = ()) -> CardTableApp:
    store = Store.open(data_dir)
    store.save_settings(replace(store.settings(), bj_seats=seats))
    store.close()
    factory = None if stack is None else (lambda game, decks, cut: Shoe.stacked(stack))
    return CardTableApp(data_dir=data_dir, start=start, animations=False, seed=7, shoe_factory=factory)


def _unclipped(app: CardTableApp) -> None:
    """Every widget shown lies inside the terminal, and inside its parent's region."""
    width, height = app.size
    for widget in app.screen.walk_children(Widget):
        if not widget.display or not widget.region:
            continue
        if any(a.styles.overflow_y in ("auto", "scroll") for a in widget.ancestors if isinstance(a, Widget)):
            continue  # inside a scrolling view: the player scrolls to it
        region = widget.region
        assert region.right <= width and region.bottom <= height, (widget, region)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_blackjack_fits_and_its_cards_grow_with_the_terminal(data_dir: Path, size: tuple[int, int]) -> None:
    app = _app(data_dir, "blackjack", BJ_STACK, seats=("normal", "hard"))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await press(pilot, "enter")
        _unclipped(app)
        hands = app.screen.query_one(PlayerHands)
        table = app.screen.query_one(BlackjackFelt)
        dealer, seats, largest, _gap = table.card_sizes(1)
        # the player's hands are always boxes at least; large when the room allows
        assert hands.card_size in (CardSize.BOX, CardSize.LARGE)
        if size == (80, 24):
            assert dealer is CardSize.CHIP and hands.card_size is CardSize.BOX
        if size == (200, 50):
            assert hands.card_size is CardSize.LARGE and dealer is CardSize.LARGE and seats is CardSize.BOX
        # the result line sits right under the hands, not at the foot of the screen
        banner = app.screen.query_one("#bj-banner")
        assert 0 <= banner.region.y - hands.region.bottom <= 1
        # the controls keep to the bottom, the footer last
        assert app.screen.query_one("#bj-action-row").region.bottom == size[1] - 1


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_baccarat_fits_and_its_cards_grow_with_the_terminal(data_dir: Path, size: tuple[int, int]) -> None:
    app = _app(data_dir, "baccarat", BAC_STACK)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await press(pilot, "p", "enter")
        _unclipped(app)
        hand = app.screen.query_one("#hand-player", HandView)
        assert hand.card_size is (CardSize.BOX if size[1] < 36 else CardSize.LARGE)
        shoe = app.screen.query_one("#bac-shoe")
        assert shoe.region.right == size[0]  # the shoe line right-aligned


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_lobby_is_one_centred_composition(data_dir: Path, size: tuple[int, int]) -> None:
    app = _app(data_dir, None)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        _unclipped(app)
        width, height = size
        names = ("logo", "game-blackjack", "game-baccarat", "game-poker", "lobby-menu", "lobby-note")
        parts = [app.screen.query_one(f"#{name}") for name in names]
        for part in parts:  # every part centred on the same axis
            left, right = part.region.x, width - part.region.right
            assert abs(left - right) <= 1, (part, part.region)
        top = parts[0].region.y - 1  # below the header
        bottom = height - 1 - parts[-1].region.bottom  # above the footer
        assert abs(top - bottom) <= 2, (top, bottom)
        footer = screen_text(app).splitlines()[-1]
        assert footer.rstrip().endswith("Rules")  # the footer fits, even at 80 columns


async def test_other_screens_fit_every_size(data_dir: Path) -> None:
    for size in SIZES:
        app = _app(data_dir, None)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            for key in ("o", "escape", "s", "escape", "question_mark"):
                await press(pilot, key)
                if key != "escape":
                    _unclipped(app)
                    assert app.screen.query(Header), app.screen
                    assert app.screen.query(KeyFooter), app.screen


async def test_the_face_down_card_is_described_in_the_same_words_everywhere(data_dir: Path) -> None:
    assert HOLE_CARD in GAME_INFO["blackjack"].blurb
    help_text = read_text("help", "blackjack.md")
    assert "face down" in help_text and "does not look at it" in help_text and "hole" not in help_text
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    assert "no hole card" not in readme and "face down" in readme
    app = _app(data_dir, "blackjack", BJ_STACK)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert HOLE_CARD in screen_text(app)  # the empty table says it before the deal
        await press(pilot, "escape")
        assert HOLE_CARD in screen_text(app)  # and the lobby


async def test_a_dealer_ace_shows_as_an_ace(data_dir: Path) -> None:
    # player T 7 against a dealer ace (the second card, face down, is a 6)
    app = _app(data_dir, "blackjack", "TS AH 7D 6C 2S 3S 4S 5S")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter")
        dealer = next(line for line in screen_text(app).splitlines() if "Dealer" in line)
        assert "shows A" in dealer and "shows 11" not in dealer and "shows 1 " not in dealer


def _bj_snapshot_app(data_dir: Path) -> CardTableApp:
    return _app(data_dir, "blackjack", BJ_STACK, seats=("normal", "hard"))


def test_blackjack_snapshot_120x40(snap_compare, data_dir: Path) -> None:
    async def run_before(pilot) -> None:
        await settle(pilot)
        await press(pilot, "enter")

    assert snap_compare(_bj_snapshot_app(data_dir), terminal_size=(120, 40), run_before=run_before)


def test_baccarat_snapshot_120x40(snap_compare, data_dir: Path) -> None:
    async def run_before(pilot) -> None:
        await settle(pilot)
        await press(pilot, "p", "t", "enter", "enter", "b", "enter")

    assert snap_compare(_app(data_dir, "baccarat", BAC_STACK), terminal_size=(120, 40), run_before=run_before)


@pytest.mark.parametrize("size", ((80, 24), (120, 40)), ids=lambda s: f"{s[0]}x{s[1]}")
def test_lobby_snapshot(snap_compare, data_dir: Path, size: tuple[int, int]) -> None:
    assert snap_compare(_app(data_dir, None), terminal_size=size, run_before=settle)


def test_blackjack_snapshot_light_theme(snap_compare, data_dir: Path) -> None:
    """A light theme: cards keep their edges, disabled buttons read as disabled."""

    async def run_before(pilot) -> None:
        pilot.app.theme = "textual-light"
        await settle(pilot)
        await press(pilot, "enter")

    assert snap_compare(_bj_snapshot_app(data_dir), terminal_size=(80, 24), run_before=run_before)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_poker_fits_and_its_cards_grow_with_the_terminal(data_dir: Path, size: tuple[int, int]) -> None:
    from cardtable.ui.widgets.common.card import CardWidget

    app = _app(data_dir, "poker", "QS QH 4D 9C 2S 7H 8D 3C 5S 6H")
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await press(pilot, "enter")
        _unclipped(app)
        card = app.screen.query_one("#card-0", CardWidget)
        assert card.size_class is (CardSize.BOX if size[1] < 36 else CardSize.LARGE)
        assert card.region.height == card.size_class.height
        assert screen_text(app).splitlines()[-1].rstrip().endswith("Rules")  # the footer fits


def test_poker_snapshot_120x40(snap_compare, data_dir: Path) -> None:
    async def run_before(pilot) -> None:
        await settle(pilot)
        await press(pilot, "enter", "3", "5")

    app = _app(data_dir, "poker", "QS QH 4D 9C 2S 7H 8D 3C 5S 6H")
    assert snap_compare(app, terminal_size=(120, 40), run_before=run_before)


TABLE_SPANS = {
    "blackjack": ("#bj-dealer", "#bj-action-row", ("enter",)),
    "baccarat": ("#bac-top", "#bac-note", ("p", "enter")),
    "poker": ("#poker-status", "#poker-message", ("enter",)),
}


@pytest.mark.parametrize("game", list(TABLE_SPANS))
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_each_table_uses_most_of_the_height(data_dir: Path, game: str, size: tuple[int, int]) -> None:
    first, last, keys = TABLE_SPANS[game]
    stacks = {"blackjack": BJ_STACK, "baccarat": BAC_STACK, "poker": "QS QH 4D 9C 2S 7H 8D 3C 5S 6H"}
    app = _app(data_dir, game, stacks[game], seats=("normal", "hard"))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await press(pilot, *keys)
        top = app.screen.query_one(first).region.y
        bottom = app.screen.query_one(last).region.bottom
        body = size[1] - 2  # between the header and the footer
        assert bottom - top >= 0.6 * body, (game, size, top, bottom)


async def test_the_blackjack_status_line_keeps_its_figures_at_80x24(data_dir: Path) -> None:
    """Won a round (the session's net shown), dealt again: the bankroll and the stake on
    the table both stay on the action row, none cut off at its edge."""
    app = blackjack_alone(data_dir, "TS 7H TD 9C " * 10)  # 20 against 19: a win
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter", "s")
        assert "session +5" in screen_text(app)
        await press(pilot, "enter")
        balance = app.screen.query_one("#bj-balance")
        row = screen_text(app).splitlines()[balance.region.y]
        shown = row[balance.region.x : balance.region.right].strip()
        assert re.fullmatch(r"Bankroll 1,000 .*\D5", shown), shown
        assert shown in row.rstrip() and row.rstrip().endswith(shown)
