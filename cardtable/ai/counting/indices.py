"""Index numbers: the count at which a play changes, derived from the exact effects of
removal (:mod:`cardtable.ai.counting.effects`), never copied.

**Method: the linear estimate.** A play's advantage over basic strategy is ``M`` off
the top (negative) and moves with the shoe's composition by its effects of removal
``e``. Knowing only a true count ``T`` (per deck left) of tags ``t``, the expected
composition is the full shoe's shifted along the tags (the best linear prediction
under sampling without replacement), which moves the advantage by

    T × (N − 1) / 52 × Σ p (e − ē)(t − t̄) / Σ p (t − t̄)²

(``p`` the share of each value in the shoe, ``N`` its cards). The index is the true
count where the advantage crosses 0; the play favoured above it is ``action``, the
other ``otherwise``. It is rounded to the nearest whole count; ``exact`` keeps the
crossing. For an unbalanced system (KO) the index is the running count that means that
true count half-way through the shoe. The linear estimate is the first-order one:
plays whose advantage bends with the count (far indices, pairs) can be a count or two
off the values found by simulation.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from cardtable.core.blackjack import Rules

from ..bj_dealer import full_shoe_counts
from .effects import PlayEffects, insurance_effects, play_effects
from .systems import CARDS_PER_DECK, CountSystem

__all__ = ["Index", "indices", "index_of", "hand_label", "up_label", "LIMIT"]

#: Indices beyond this many true counts (times the system's level) are left out: no
#: shoe reaches them often enough to matter.
LIMIT = 10.0


@dataclass(frozen=True)
class Index:
    """One index play: ``action`` at a count of ``index`` or more, ``otherwise`` below."""

    hand: str  # "16", "soft 18", "10,10"; "any" for insurance
    up: str  # "2".."10", "A"
    action: str
    otherwise: str
    index: int
    #: The crossing before rounding (a true count; running count for unbalanced systems).
    exact: float
    basic: str
    kind: str
    key: int
    up_value: int
    #: The crossing as a true count (for a balanced system the same as ``exact``), and
    #: the change of the advantage of ``action`` over ``otherwise`` per true count.
    true_index: float = 0.0
    slope: float = 0.0

    def to_json(self) -> dict[str, object]:
        return {"hand": self.hand, "up": self.up, "action": self.action, "index": self.index,
                "otherwise": self.otherwise, "basic": self.basic, "exact": round(self.exact, 3)}


def hand_label(kind: str, key: int) -> str:
    """A hand as the index lists show it: a total, ``soft N``, or a pair ``A,A``/``10,10``."""
    if kind == "pair":
        card = "A" if key == 1 else str(key)
        return f"{card},{card}"
    if kind == "soft":
        return f"soft {key}"
    if kind == "insurance":
        return "any"
    return str(key)


def up_label(up: int) -> str:
    return "A" if up == 1 else str(up)


def _slope(play: PlayEffects, system: CountSystem, rules: Rules) -> float:
    """The change of the play's advantage per true count (see the module doc)."""
    shoe = full_shoe_counts(rules.decks)
    n = sum(shoe)
    p = [c / n for c in shoe]
    t_mean = sum(pi * t for pi, t in zip(p, system.tags, strict=True))
    cov = sum(pi * e * (t - t_mean) for pi, e, t in zip(p, play.removal, system.tags, strict=True))
    var = sum(pi * (t - t_mean) ** 2 for pi, t in zip(p, system.tags, strict=True))
    return (n - 1) / CARDS_PER_DECK * cov / var if var > 0 else 0.0


def _round(x: float) -> int:
    return math.floor(x + 0.5)


def index_of(play: PlayEffects, system: CountSystem, rules: Rules) -> Index | None:
    """The index of one play for ``system``; None when the count never turns it."""
    slope = _slope(play, system, rules)
    if slope == 0.0:
        return None
    crossing = -play.gain / slope
    if abs(crossing) > LIMIT * system.level:
        return None
    action, otherwise = (play.alternative, play.basic) if slope > 0 else (play.basic, play.alternative)
    shown = crossing
    if not system.balanced:
        shown = system.running_for_true(crossing, sum(full_shoe_counts(rules.decks)) // 2)
    return Index(hand_label(play.kind, play.key), up_label(play.up), action, otherwise, _round(shown),
                 shown, play.basic, play.kind, play.key, play.up, crossing, abs(slope))


def indices(system: CountSystem, rules: Rules) -> tuple[Index, ...]:
    """Every index play of ``system`` under ``rules`` (insurance first, where offered),
    then hard, soft and pair hands by total and up card."""
    out: list[Index] = []
    insurance = insurance_effects(rules)
    plays = ([] if insurance is None else [insurance]) + list(play_effects(rules))
    for play in plays:
        found = index_of(play, system, rules)
        if found is not None:
            out.append(found)
    return tuple(out)
