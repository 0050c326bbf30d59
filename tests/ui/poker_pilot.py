"""Helpers shared by the draw-poker table's Pilot tests (``test_poker_table_*``): an app on
stacked decks, the cards shown, and a footer key's state."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from cardtable.core.cards import Card, Shoe
from cardtable.ui.app import CardTableApp
from cardtable.ui.screens.poker import PokerScreen
from cardtable.ui.widgets.common.card import CardWidget

SIZE = (80, 24)


def stacked(*decks: str):
    """A shoe factory dealing the given decks, one per hand, in order."""
    queue: Iterator[str] = iter(decks)

    def factory(game: str, decks_: int, cut: int | None) -> Shoe:
        assert game == "poker" and decks_ == 1
        return Shoe.stacked(next(queue))

    return factory


def poker_app(data_dir: Path, *decks: str, **kwargs) -> CardTableApp:
    factory = stacked(*decks) if decks else None
    return CardTableApp(data_dir=data_dir, seed=7, animations=False, start="poker", shoe_factory=factory, **kwargs)


def shown_cards(screen: PokerScreen) -> list[Card | None]:
    return [screen.query_one(f"#card-{i}", CardWidget).card for i in range(5)]


def enabled(screen: PokerScreen, key: str) -> bool | None:
    """Footer state of a key: True enabled, False dimmed, None hidden."""
    active = screen.active_bindings.get(key)
    return None if active is None else active.enabled
