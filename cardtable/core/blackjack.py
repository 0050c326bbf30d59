"""European blackjack table engine (RULES.md section 3).

STUB by the lead: the engine helper owns this file and replaces the body. ``Rules``
and the hand-value helpers below are shared with ``cardtable.ai`` — keep their names.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Sequence

from .cards import Card


class Action(Enum):
    """What a player may do with the hand to act."""

    HIT = "hit"
    STAND = "stand"
    DOUBLE = "double"
    SPLIT = "split"


@dataclass(frozen=True)
class Rules:
    """A blackjack variant; the defaults are this house's rules (RULES.md section 3)."""

    decks: int = 6
    #: Cut card after this percentage of the shoe has been dealt.
    penetration_percent: int = 75
    dealer_hits_soft_17: bool = False
    #: False: European no-hole-card game; a dealer blackjack takes doubled and split stakes.
    dealer_peeks: bool = False
    double_after_split: bool = True
    max_hands: int = 4
    resplit_aces: bool = False
    #: Blackjack pays num:den.
    blackjack_pays: tuple[int, int] = (3, 2)
    min_bet: int = 500  # hundredths
    max_bet: int = 50_000


def card_value(card: Card) -> int:
    """Blackjack value with the ace as 1: 2-10 face, J/Q/K 10, A 1."""
    return min(card.rank, 10)


def hand_total(cards: Sequence[Card]) -> tuple[int, bool]:
    """(best total, soft?) — soft when an ace counts 11."""
    total = sum(card_value(c) for c in cards)
    has_ace = any(c.rank == 1 for c in cards)
    if has_ace and total + 10 <= 21:
        return total + 10, True
    return total, False
