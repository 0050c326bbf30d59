"""Blackjack card values and the soft/hard hand total (docs/rules.md section 3).

The one place where an ace counts 1 or 11: 2-10 count their face, J/Q/K 10, and an
ace 11 unless that would take the hand over 21; a hand holding an ace counted as 11
is *soft*. Every reader of a total — the table, the computer players, the analyses,
the coach, the widgets — asks here, on whatever it holds: cards, card values
(ace = 1) or counts per value (ace first). The hot loops already carry the hand's
hard total and whether it holds an ace, and call :func:`soft_total` on those.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card

__all__ = [
    "CARD_VALUES",
    "card_value",
    "soft_total",
    "values_total",
    "counts_total",
    "hand_total",
    "is_natural",
]

#: Blackjack value by rank, the ace as 1 (index 0 unused).
CARD_VALUES: tuple[int, ...] = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)


def card_value(card: Card) -> int:
    """Blackjack value with the ace as 1: 2-10 face, J/Q/K 10, A 1."""
    return CARD_VALUES[card.rank]


def soft_total(hard: int, has_ace: bool) -> tuple[int, bool]:
    """(best total, soft?) of a hand worth ``hard`` with every ace counted 1.

    One ace counts 11 when that keeps the hand at 21 or under (two never can).
    """
    if has_ace and hard <= 11:
        return hard + 10, True
    return hard, False


def values_total(values: Sequence[int]) -> tuple[int, bool]:
    """(best total, soft?) of card values (ace = 1)."""
    return soft_total(sum(values), 1 in values)


def counts_total(counts: Sequence[int]) -> tuple[int, bool]:
    """(best total, soft?) of a hand given as cards per value (ace, 2, ..., 9, ten-valued)."""
    hard = 0
    for value, count in enumerate(counts, start=1):
        hard += value * count
    return soft_total(hard, counts[0] > 0)


def hand_total(cards: Sequence[Card]) -> tuple[int, bool]:
    """(best total, soft?) of cards — soft when an ace counts 11."""
    hard = 0
    has_ace = False
    for card in cards:
        value = CARD_VALUES[card.rank]
        hard += value
        if value == 1:
            has_ace = True
    return soft_total(hard, has_ace)


def is_natural(cards: Sequence[Card]) -> bool:
    """Two cards worth 21 (whether it *counts* as a natural depends on splitting)."""
    return len(cards) == 2 and hand_total(cards)[0] == 21
