"""A finished strategy drill's score (``DrillScore``) and how a stored entry reads back
as one. Apart from the store's drill records so that opening the data file does not
build it."""

from __future__ import annotations

from dataclasses import dataclass

from .values import is_int

__all__ = ["DrillScore", "score_of"]


@dataclass(frozen=True)
class DrillScore:
    """One finished strategy drill: when, how many answers, how many of them
    were the best choice, and the expected value given away (hundredths of a chip, an
    expectation: a float)."""

    game: str
    at: str
    """ISO 8601 time in UTC, e.g. ``2026-12-01T05:12:09Z``."""
    answered: int
    best: int
    cost: float

    @property
    def share(self) -> float | None:
        """The share of answers that were the best, or None with no answers."""
        return self.best / self.answered if self.answered else None


def score_of(game: str, entry: object) -> DrillScore | None:
    """One stored entry as a score, or None for anything damaged."""
    if not isinstance(entry, list) or len(entry) != 4:
        return None
    at, answered, best, cost = entry
    if not (isinstance(at, str) and 0 < len(at) <= 40):
        return None
    if not (is_int(answered) and is_int(best) and 0 <= best <= answered):
        return None
    if isinstance(cost, bool) or not isinstance(cost, (int, float)) or not 0 <= cost < float("inf"):
        return None
    return DrillScore(game, at, answered, best, float(cost))
