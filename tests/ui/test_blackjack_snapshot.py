"""Golden screen of the blackjack table mid-round at 80×24: four computer seats and
the player's four split hands (stacked shoe, animations off)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from cardtable.core.cards import Shoe
from cardtable.store import Store
from cardtable.ui.app import CardTableApp

STACK = "TS TH TD TC 8S 9H 9S 9C 9D 9H 8D 7C 8H 8C 8D 2S 3S 4S 5S 6S 7S 8S 9S"


def test_blackjack_table_mid_round(snap_compare, tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    store.save_settings(replace(store.settings(), bj_seats=("normal", "hard", "easy", "hard")))
    store.close()
    app = CardTableApp(
        data_dir=tmp_path,
        start="blackjack",
        animations=False,
        shoe_factory=lambda game, decks, cut: Shoe.stacked(STACK),
    )

    async def run_before(pilot) -> None:
        await pilot.pause()
        for key in ("enter", "p", "p", "p", "h"):
            await pilot.press(key)
            await pilot.pause()
            await pilot.app.workers.wait_for_complete()
            await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)
