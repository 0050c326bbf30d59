"""Helpers shared by the baccarat table's Pilot tests (``test_baccarat_table_*``): an app
on stacked shoes, the screen's parts read back, and keys pressed in a row."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from cardtable.core.baccarat import Outcome
from cardtable.core.cards import Shoe
from cardtable.ui.app import CardTableApp
from cardtable.ui.screens.baccarat import BaccaratScreen
from cardtable.ui.widgets.common.banner import Banner

P, B, T = Outcome.PLAYER, Outcome.BANKER, Outcome.TIE

PLAYER_NATURAL = "9S 2H KD KC"  # P 9+K = 9, B 2+K = 2
BANKER_NATURAL = "2S 9H KD KC"  # P 2, B 9
NATURAL_TIE = "4S 4H 4D 4C"  # 8 against 8


def stacked(*shoes: str, cut: int | None = None):
    """A shoe factory dealing the given stacks, one per new shoe; records its calls."""
    queue = list(shoes)
    calls: list[tuple[str, int, int | None]] = []

    def factory(game: str, decks: int, cut_from_end: int | None) -> Shoe:
        calls.append((game, decks, cut_from_end))
        text = queue.pop(0) if len(queue) > 1 else queue[0]
        return Shoe.stacked(text, cut_from_end=cut)

    factory.calls = calls  # type: ignore[attr-defined]
    return factory


def make_app(data_dir: Path, *shoes: str, cut: int | None = None, **kw) -> CardTableApp:
    kw.setdefault("animations", False)
    return CardTableApp(data_dir=data_dir, seed=7, start="baccarat", shoe_factory=stacked(*shoes, cut=cut), **kw)


def table(app: CardTableApp) -> BaccaratScreen:
    assert isinstance(app.screen, BaccaratScreen)
    return app.screen


def banner(app: CardTableApp) -> str:
    return table(app).query_one("#bac-banner", Banner).text


def stakes(app: CardTableApp) -> dict[Outcome, int]:
    return {o: table(app).spot(o).stake for o in Outcome}


def road_rows(app: CardTableApp, selector: str) -> list[str]:
    return table(app).query_one(selector).render().plain.split("\n")


async def press(pilot, keys: Iterable[str]) -> None:
    for key in keys:
        await pilot.press(key)
    await pilot.pause()
