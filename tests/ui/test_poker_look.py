"""The poker table as a player reads it: the dealt hand named before the draw, what is wild
said on the wild machines, the last machine's result gone after ``m``, every coin column
of the pay table when it fits, the coach's list filling its box without pushing the bet
out, and the table centred and filling a tall terminal."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from textual.app import App, ComposeResult
from textual.widget import Widget

from cardtable.core.cards import Card, Shoe
from cardtable.core.poker_machines import JACKS_OR_BETTER, JOKER, PayHand
from cardtable.store import Store
from cardtable.ui.app import CardTableApp
from cardtable.ui.screens.poker import PokerScreen
from cardtable.ui.widgets.common.banner import Banner
from cardtable.ui.widgets.common.card import CardWidget
from cardtable.ui.widgets.poker import machines as room
from cardtable.ui.widgets.poker.coach import CoachPanel
from cardtable.ui.widgets.poker.paytable import PayTableWidget

from helpers import press, screen_text, settle

#: Two pair dealt (9 9 8 6 6).
TWO_PAIR = "9S 9D 8S 6D 6S 7H 8D 3C 5S 6H"


def _app(data_dir: Path, *decks: str, exchanges: int = 1) -> CardTableApp:
    store = Store.open(data_dir)
    store.save_settings(replace(store.settings(), poker_exchanges=exchanges))
    store.close()
    queue = iter(decks)

    def factory(game: str, decks_: int, cut: int | None) -> Shoe:
        return Shoe.stacked([JOKER if t == "JK" else Card.parse(t) for t in next(queue).split()])

    return CardTableApp(data_dir=data_dir, seed=7, animations=False, start="poker",
                        shoe_factory=factory if decks else None)


def _table(app: CardTableApp) -> PokerScreen:
    assert isinstance(app.screen, PokerScreen)
    return app.screen


def _lines(app: CardTableApp, widget: Widget) -> list[str]:
    """The rows of the screen that ``widget`` covers, cut to its columns."""
    region = widget.region
    rows = screen_text(app).splitlines()[region.y : region.bottom]
    return [row[region.x : region.right] for row in rows]


async def test_the_dealt_hand_is_named_before_the_draw_and_its_row_lit_after(data_dir: Path) -> None:
    app = _app(data_dir, "9S 9D 8S 6D 6S 7H 8D 3C 9H 2C 4D", exchanges=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = _table(app)
        banner = screen.query_one(Banner)
        assert banner.text == ""  # nothing dealt, nothing named
        await press(pilot, "enter")
        assert banner.text == "You hold: Two Pair" and "You hold: Two Pair" in screen_text(app)
        await press(pilot, "3", "4", "5", "enter")  # exchange 1 of 2: 9♠ 9♦ 7♥ 8♦ 3♣
        assert screen.view.hand is not None and screen.view.hand.exchanges_done == 1
        assert banner.text == "You hold: One Pair"  # the hand held now, named again
        paytable = screen.query_one(PayTableWidget)
        assert paytable.winner is None  # nothing lit before the hand is settled
        await press(pilot, "3", "4", "5", "enter")  # 9♥ 2♣ 4♦: three nines
        assert paytable.winner is PayHand.THREE_OF_A_KIND and banner.text.startswith("Three of a Kind")
        row = next(line for line in _lines(app, paytable) if line.strip().startswith("Three of a Kind"))
        assert row.split()[-5:] == ["3", "6", "9", "12", "15"]  # every coin column of the lit row


async def test_a_wild_card_is_counted_in_the_name_of_the_dealt_hand(data_dir: Path) -> None:
    app = _app(data_dir, "2S KH KD 5C 7S", "JK AH AD 5C 7S")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "m", "m", "m", "enter")  # Deuces Wild
        assert _table(app).query_one(Banner).text == "You hold: Three of a Kind"
        await press(pilot, "enter", "m", "enter")  # stand, then Joker Poker
        assert _table(app).query_one(Banner).text == "You hold: Three of a Kind"


async def test_the_wild_machines_say_what_is_wild(data_dir: Path) -> None:
    app = _app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        said = {}
        for _ in range(5):
            text = screen_text(app)
            said[_table(app).pay_table.key] = ("Deuces are wild" in text, "The joker is wild" in text)
            await press(pilot, "m")
        assert said == {
            "jacks-or-better-9-6": (False, False),
            "bonus-poker-8-5": (False, False),
            "double-double-bonus-9-6": (False, False),
            "deuces-wild": (True, False),
            "joker-poker": (False, True),
        }


async def test_the_next_machine_does_not_show_the_last_machines_result(data_dir: Path) -> None:
    app = _app(data_dir, "KS KH 4D 9C 2S 7H 8D 3C 5S 6H", TWO_PAIR)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter", "enter")  # kings, stood: stake back
        screen = _table(app)
        assert "One Pair of Kings — stake back" in screen_text(app)
        await press(pilot, "m")
        text = screen_text(app)
        assert "Kings" not in text and "stake back" not in text
        assert screen.query_one(Banner).text == "" and screen.query_one(PayTableWidget).winner is None
        assert all(screen.query_one(f"#card-{i}", CardWidget).card is None for i in range(5))
        assert "press Enter to deal" in text
        await press(pilot, "r")  # the last bet is still there to repeat, on this machine
        assert screen.view.hand is not None and screen.view.hand.pay_table.key == "bonus-poker-8-5"


@pytest.mark.parametrize("size", ((120, 40), (200, 50)), ids=lambda s: f"{s[0]}x{s[1]}")
async def test_every_coin_column_is_shown_when_it_fits(data_dir: Path, size: tuple[int, int]) -> None:
    app = _app(data_dir)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await press(pilot, "m", "m")  # 9/6 Double Double Bonus: 13 rows
        paytable = _table(app).query_one(PayTableWidget)
        assert not paytable.compact
        lines = _lines(app, paytable)
        assert len(lines) == 14 and lines[0].strip().startswith("9/6 Double Double Bonus")
        assert lines[1].split()[-5:] == ["250", "500", "750", "1000", "4000"]  # the 5-coin royal


async def test_a_short_terminal_shows_the_top_prize_a_single_column_hides(data_dir: Path) -> None:
    app = _app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "m", "m")
        paytable = _table(app).query_one(PayTableWidget)
        assert paytable.compact  # 13 rows do not fit above the cards at 24 rows
        assert "5 coins: royal 4000" in "\n".join(_lines(app, paytable))


async def test_the_tip_at_80x24_fills_its_box_and_pushes_nothing_out(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = _app(data_dir, "JS JD 4H 7C 9S JH 2D 3S")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = _table(app)
        # the longest machine line: a return still being computed (the shipped returns
        # are known at once, so the analysis is made to look unfinished)
        monkeypatch.setattr(room, "returns", lambda folder: {})
        monkeypatch.setattr(room, "progress_text", lambda folder: "computing")
        screen.returns_changed()
        await press(pilot, "enter", "t")
        panel = screen.query_one(CoachPanel)
        assert panel.display
        lines = _lines(app, panel)
        assert lines[1].strip().startswith("1. exchange 3 4 5 (keep J♠ J♦)")
        assert all(line.strip() for line in lines), lines  # as many holds as fit: no empty row
        assert sum(line.strip()[:1].isdigit() for line in lines) > 5
        width = app.size.width
        plus = screen.query_one("#poker-bet").query("Button").last()
        assert plus.region.right <= width and plus.region.width == plus.outer_size.width
        assert "+" in _lines(app, plus)[1]
        text = screen_text(app)
        assert "computing the return…" in text  # whole, not "computing the"
        for widget in screen.query("#poker-side > *"):
            assert widget.region.right <= width, widget


@pytest.mark.parametrize("size", ((120, 40), (200, 50)), ids=lambda s: f"{s[0]}x{s[1]}")
async def test_a_tall_table_is_centred_and_fills_the_height(data_dir: Path, size: tuple[int, int]) -> None:
    app = _app(data_dir, TWO_PAIR)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await press(pilot, "enter")
        screen = _table(app)
        width, height = size
        status, message = screen.query_one("#poker-status"), screen.query_one("#poker-message")
        above = status.region.y - 1  # below the header
        below = height - 1 - message.region.bottom  # above the footer
        assert above <= 2 and below <= 2 and abs(above - below) <= 1, (above, below)
        top, cards = screen.query_one("#poker-top"), screen.query_one("#poker-cards")
        for part in (status, top):  # the parts share the cards' axis
            assert abs(part.region.x - (width - part.region.right)) <= 1, (part, part.region)
        places = cards.query_one(".poker-slot").region  # the five places, one column each
        assert abs(places.x - (width - places.right)) <= 2, cards.region
        assert screen.query_one(PayTableWidget).region.x >= top.region.x


class _NarrowPayTable(App[None]):
    """The pay table alone in a box narrower than its 53 cells."""

    def __init__(self, width: int) -> None:
        super().__init__()
        self.width = width

    def compose(self) -> ComposeResult:
        table = PayTableWidget(JACKS_OR_BETTER)
        table.styles.width = self.width
        yield table


@pytest.mark.parametrize("width", [30, 34, 40, 52])
async def test_a_narrow_pay_table_crops_its_lines_instead_of_wrapping_the_header(width: int) -> None:
    """The header once wrapped in a narrow box, so that "1 coin" ran into the coin
    columns below it; each line is cropped now and the rows stay under the header."""
    app = _NarrowPayTable(width)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        widget = app.query_one(PayTableWidget)
        lines = ["".join(s.text for s in widget.render_line(y)).strip() for y in range(widget.size.height)]
    assert lines[0].startswith("9/6 Jacks or Better  1 coin")
    assert lines[1].startswith("Royal Straight Flush")
    assert [line.split("  ")[0] for line in lines[1:]] == [
        JACKS_OR_BETTER.row_label(hand) for hand in JACKS_OR_BETTER.order
    ]


async def test_ticking_a_card_redraws_that_card_and_its_box_alone(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each widget draws its own state: a tick repaints its card and box, not the table."""
    app = _app(data_dir, TWO_PAIR)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "enter", "1")  # dealt, one card ticked: the button says Draw
        repainted: list[str] = []
        refresh = Widget.refresh

        def spy(widget: Widget, *regions: object, **options: bool) -> Widget:
            if options.get("repaint", True) or options.get("layout", False):
                repainted.append(f"{type(widget).__name__}#{widget.id}")
            return refresh(widget, *regions, **options)  # type: ignore[arg-type]

        monkeypatch.setattr(Widget, "refresh", spy)
        await pilot.press("3")
        await settle(pilot)
        monkeypatch.undo()
        assert _table(app).view.ticked == {0, 2}
    assert repainted and set(repainted) <= {"CardWidget#card-2", "TickBox#exchange-2"}, repainted
