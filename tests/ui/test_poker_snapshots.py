"""Golden screens of the draw-poker table (fixed deck, animations off, 80x24)."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from cardtable.core.cards import Shoe
from cardtable.ui.app import CardTableApp


def _app(data_dir: Path, deck: str, ascii: bool = False) -> CardTableApp:
    return CardTableApp(
        data_dir=data_dir,
        seed=1,
        animations=False,
        start="poker",
        ascii=ascii,
        shoe_factory=lambda game, decks, cut: Shoe.stacked(deck),
    )


def test_dealt_hand_with_two_ticked(snap_compare, data_dir: Path) -> None:
    async def run_before(pilot: Pilot) -> None:
        await pilot.pause()
        await pilot.press("plus", "plus", "enter", "3", "5")
        await pilot.pause()

    app = _app(data_dir, "QS QH 4D 9C 2S  QD 7H")
    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def test_result_full_house_ascii(snap_compare, data_dir: Path) -> None:
    async def run_before(pilot: Pilot) -> None:
        await pilot.pause()
        await pilot.press(*["plus"] * 4, "enter", "3", "5", "enter")
        await pilot.pause()

    app = _app(data_dir, "QS QH 4D 9C 2S  QD 9H", ascii=True)
    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)
