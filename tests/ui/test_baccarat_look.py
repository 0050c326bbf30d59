"""The baccarat table on a large terminal (200×50): the space is used — huge cards, large
roads, betting spots as wide as their words, nothing empty above the table or below it."""

from __future__ import annotations

from pathlib import Path

from cardtable.core.cards import Shoe
from cardtable.ui.app import CardTableApp
from cardtable.ui.widgets.baccarat.cards import HUGE_HEIGHT, HUGE_WIDTH
from cardtable.ui.widgets.baccarat.roads import BeadPlate, BigRoadBoard
from cardtable.ui.widgets.baccarat.table import BetSpot, HandView

from helpers import press, screen_text, settle

STACK = "9S 2H KD KC  4S 4H 4D 4C  2S 9H KD KC  3S 8H KD KC  AS 2H 3D 4C 6S 5H"
SIZE = (200, 50)


def _app(data_dir: Path) -> CardTableApp:
    return CardTableApp(data_dir=data_dir, seed=7, start="baccarat", animations=False,
                        shoe_factory=lambda game, decks, cut: Shoe.stacked(STACK))


async def test_a_large_terminal_is_filled_with_huge_cards_and_large_roads(data_dir: Path) -> None:
    app = _app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "p", "t", "enter", "enter", "b", "enter")  # three coups on the roads
        screen, height = app.screen, SIZE[1]
        rows = screen_text(app).splitlines()
        # nothing empty on top: the balance line right under the header; the note last
        assert screen.query_one("#bac-top").region.y == 1
        assert screen.query_one("#bac-note").region.bottom == height - 1
        # huge cards: a 15-wide face, title + 13 lines
        for hand in screen.query(HandView):
            assert hand.huge and hand.region.height == 1 + HUGE_HEIGHT
        assert sum(row.count("╭" + "─" * (HUGE_WIDTH - 2) + "╮") for row in rows) == 4  # 2 + 2 cards
        # large roads: four columns by two lines a cell, twelve lines, the three coups drawn
        for board in (screen.query_one(BeadPlate), screen.query_one(BigRoadBoard)):
            assert board.large and board.region.height == 12
        bead = screen.query_one(BeadPlate).region
        marks = [row[bead.x : bead.right] for row in rows[bead.y : bead.bottom]]
        assert [line[:4] for line in marks[:6:2]] == [" ▄▄ "] * 3 and marks[1][:4] == " ▀▀ "
        titles = rows[screen.query_one("#bac-road-titles").region.y]
        assert titles.index("Big road") == screen.query_one(BigRoadBoard).region.x  # titles over their boards


async def test_the_betting_spots_are_as_wide_as_their_words_and_centred(data_dir: Path) -> None:
    app = _app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "b", "enter")
        screen = app.screen
        spots = list(screen.query(BetSpot))
        for spot in spots:
            lines = [line.strip() for line in str(spot.render()).splitlines()]
            words = max(len(line) for line in [*lines, spot.border_title or ""])
            # room for the longest words ("pays 0.95:1", "500 won +475"), not a third of 200 columns
            assert max(words, 12) + 4 <= spot.region.width <= 24, (spot, spot.region)
            assert spot.region.height == 4  # a border round its two lines
        chip = screen.query_one("#bac-chip").region
        left, right = spots[0].region.x, SIZE[0] - chip.right
        assert abs(left - right) <= 6, (left, right)  # the row of spots and the chip centred
