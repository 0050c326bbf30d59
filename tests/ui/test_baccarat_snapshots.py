"""Golden screens of the baccarat table (stacked shoe, animations off, 80x24)."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from cardtable.core.cards import Shoe
from cardtable.ui.app import CardTableApp

# P, T, B, B, P (third cards in the last coup), enough for the roads to show a tie mark
COUPS = "9S 2H KD KC  4S 4H 4D 4C  2S 9H KD KC  3S 8H KD KC  AS 2H 3D 4C 6S 5H"


def _app(data_dir: Path, ascii: bool = False) -> CardTableApp:
    return CardTableApp(
        data_dir=data_dir,
        seed=1,
        animations=False,
        start="baccarat",
        ascii=ascii,
        shoe_factory=lambda game, decks, cut: Shoe.stacked(COUPS),
    )


async def _play(pilot: Pilot) -> None:
    await pilot.pause()
    await pilot.press("p", "t", "enter", "enter", "enter", "enter", "b", "b", "enter")
    await pilot.pause()


def test_table_after_five_coups(snap_compare, data_dir: Path) -> None:
    assert snap_compare(_app(data_dir), terminal_size=(80, 24), run_before=_play)


def test_table_after_five_coups_ascii(snap_compare, data_dir: Path) -> None:
    assert snap_compare(_app(data_dir, ascii=True), terminal_size=(80, 24), run_before=_play)
