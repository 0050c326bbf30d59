"""Where a blackjack table stands for one player between two of their keys."""

from __future__ import annotations

from enum import Enum

__all__ = ["Phase"]


class Phase(str, Enum):
    """The table as one player sees it: their bet, a wait, or their decision."""

    BETTING = "betting"  # no round, or the last one settled: bets are taken
    DEALING = "dealing"  # cards coming out, the other seats or the dealer at work
    PLAYER = "player"  # the player's hand is to act
