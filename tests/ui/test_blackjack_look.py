"""The blackjack controls on a wide terminal: the bet row and the action row sit centred
under the centred table, not at its bottom-left corner."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from cardtable.core.cards import Shoe
from cardtable.store import Store
from cardtable.ui.app import CardTableApp

from helpers import press, settle

STACK = " ".join(["TS TH TD TC 8S 9H 9S 9C 9D 9H 8D 7C 8H 8C 8D 2S 3S 4S 5S 6S 7S 8S 9S"] * 3)


@pytest.mark.parametrize("size", ((120, 40), (200, 50)), ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_controls_are_centred_under_the_table(data_dir: Path, size: tuple[int, int]) -> None:
    store = Store.open(data_dir)
    store.save_settings(replace(store.settings(), bj_seats=("normal", "hard")))
    store.close()
    app = CardTableApp(data_dir=data_dir, start="blackjack", animations=False, seed=7,
                       shoe_factory=lambda game, decks, cut: Shoe.stacked(STACK))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await press(pilot, "enter")
        screen, width = app.screen, size[0]
        seats = [screen.query_one(f"#seat-{i}").region for i in (0, 1)]
        for row in (screen.query_one("#bj-bet-row"), screen.query_one("#bj-action-row")):
            region = row.region
            assert abs(region.x - (width - region.right)) <= 1, region  # centred
            # under the table: no further out than the computer seats' row, give or take
            assert region.x >= seats[0].x - 10 and region.right <= seats[1].right + 10, (region, seats)
            for part in row.children:  # and nothing in it cut off
                assert part.region.right <= region.right, part
        assert screen.query_one("#bj-action-row").region.bottom == size[1] - 1  # still at the foot
