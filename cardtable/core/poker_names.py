"""Names of ranks as poker says them (``Jack``, ``Kings``), ace high.

A leaf of the poker core: the evaluator's descriptions and the machines' row labels
both use it, and neither imports the other for it.
"""

from __future__ import annotations

__all__ = ["rank_name"]

#: High rank (2..14, ace = 14) -> plural name, for descriptions.
_PLURAL = {
    2: "Twos", 3: "Threes", 4: "Fours", 5: "Fives", 6: "Sixes", 7: "Sevens", 8: "Eights",
    9: "Nines", 10: "Tens", 11: "Jacks", 12: "Queens", 13: "Kings", 14: "Aces",
}
_SINGULAR = {
    2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight",
    9: "Nine", 10: "Ten", 11: "Jack", 12: "Queen", 13: "King", 14: "Ace",
}


def rank_name(high_rank: int, plural: bool = False) -> str:
    """``rank_name(11) == "Jack"``; ranks here are 2..14 with the ace as 14."""
    return (_PLURAL if plural else _SINGULAR)[high_rank]
