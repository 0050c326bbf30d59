"""The three games: names, lobby keys and where their screens live (loaded lazily)."""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass

__all__ = ["GameInfo", "GAME_INFO", "game_screen_class"]


@dataclass(frozen=True)
class GameInfo:
    """One game of the card room, as the lobby lists it."""

    key: str  # "blackjack" | "baccarat" | "poker"
    title: str
    blurb: str
    hotkey: str
    module: str
    class_name: str


#: The dealer's second card in the rule book's words (RULES.md section 3), the same on
#: every screen: dealt face down, and the dealer does not look at it.
HOLE_CARD = "second card face down, no peek"

GAME_INFO: dict[str, GameInfo] = {
    info.key: info
    for info in (
        GameInfo(
            "blackjack",
            "Blackjack",
            "European · 6 decks · pays 3:2 · " + HOLE_CARD,
            "1",
            "cardtable.ui.screens.blackjack",
            "BlackjackScreen",
        ),
        GameInfo(
            "baccarat",
            "Baccarat",
            "Punto banco · Banker 0.95:1 · Tie 8:1 · roads",
            "2",
            "cardtable.ui.screens.baccarat",
            "BaccaratScreen",
        ),
        GameInfo(
            "poker",
            "Draw poker",
            "Jacks or Better 9/6 · tick cards to exchange",
            "3",
            "cardtable.ui.screens.poker",
            "PokerScreen",
        ),
    )
}


def game_available(game: str) -> bool:
    """True when the game's screen module exists (without importing it)."""
    info = GAME_INFO[game]
    try:
        return importlib.util.find_spec(info.module) is not None
    except (ImportError, ValueError):
        return False


def game_screen_class(game: str) -> type | None:
    """The game's Screen class, or None when it is not built yet."""
    info = GAME_INFO[game]
    if not game_available(game):
        return None
    module = importlib.import_module(info.module)
    return getattr(module, info.class_name, None)
