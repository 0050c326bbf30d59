"""The three games: names, lobby keys and where their screens live (loaded lazily)."""

from __future__ import annotations

import functools
import importlib
import importlib.util
from dataclasses import dataclass

from ..i18n import N_, _

__all__ = ["GameInfo", "GAME_INFO", "game_screen_class", "translated_blurb"]


@dataclass(frozen=True)
class GameInfo:
    """One game of the card room, as the lobby lists it. ``title`` and ``blurb`` are the
    English messages: shown through ``_(info.title)`` and :func:`translated_blurb`."""

    key: str  # "blackjack" | "baccarat" | "poker"
    title: str
    blurb: str
    hotkey: str
    module: str
    class_name: str


#: The dealer's second card in the rule book's words (docs/rules.md section 3), the same on
#: every screen: dealt face down, and the dealer does not look at it.
HOLE_CARD = N_("second card face down, no peek")

GAME_INFO: dict[str, GameInfo] = {
    info.key: info
    for info in (
        GameInfo(
            "blackjack",
            N_("Blackjack"),
            " · ".join((N_("European"), N_("6 decks"), N_("pays 3:2"), HOLE_CARD)),
            "1",
            "cardtable.ui.screens.blackjack",
            "BlackjackScreen",
        ),
        GameInfo(
            "baccarat",
            N_("Baccarat"),
            " · ".join((N_("Punto banco"), N_("Banker 0.95:1"), N_("Tie 8:1"), N_("roads"))),
            "2",
            "cardtable.ui.screens.baccarat",
            "BaccaratScreen",
        ),
        GameInfo(
            "poker",
            N_("Draw poker"),
            " · ".join((N_("Jacks or Better 9/6"), N_("tick cards to exchange"))),
            "3",
            "cardtable.ui.screens.poker",
            "PokerScreen",
        ),
    )
}


def translated_blurb(blurb: str) -> str:
    """A blurb in the language in force: each of its `` · `` parts is a message of its own."""
    return " · ".join(_(part) for part in blurb.split(" · "))


@functools.cache
def game_available(game: str) -> bool:
    """True when the game's screen module exists (without importing it); looked up once
    per game (the lobby asks for each entry and each key's binding at start-up)."""
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
