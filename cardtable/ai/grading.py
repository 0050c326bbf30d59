"""Every decision graded: what was chosen, what was best, and the value given up.

Why here and not in each screen: the three tables, the drills, the session summary and
the statistics all speak of the same thing — a decision, its best alternative and the
expected value between them — so it is one small data type with one JSON form. A
table keeps the round's decisions in its open record's ``meta["decisions"]`` (so a
resumed round keeps them) and hands them to the history in the settled round's
``details["decisions"]``; the summary and the statistics read them back from there.

EVs are per unit of ``stake`` (blackjack: the hand's original stake; poker: the coins
bet; baccarat: the chips placed on the spot), so the cost of a decision in chips is
``(ev_best - ev_chosen) * stake``. A cost is an expectation, not money: it is kept as
a float of hundredths and never touches the bankroll.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ..i18n import N_, _, ngettext

__all__ = [
    "choice_words",
    "WARN_THRESHOLD",
    "BEST_TOLERANCE",
    "Decision",
    "Accuracy",
    "accuracy",
    "decisions_in",
    "grade",
]

#: The coach warns when a choice is worth less than the best by more than this, per
#: unit of stake (half a percent of the bet: a 10-chip hand giving up 5 hundredths).
WARN_THRESHOLD = 0.005

#: Two EVs this close are the same choice (rounding of exact fractions to floats).
BEST_TOLERANCE = 1e-9


@dataclass(frozen=True)
class Decision:
    """One graded choice. ``spot`` says the situation in words ("hard 13 against a 2",
    "K♠ J♦ 4♣ 4♥ 9♠"); ``chosen`` and ``best`` are the choices in the table's words
    ("Hit", "exchange 1 3 5", "Banker")."""

    game: str
    spot: str
    chosen: str
    best: str
    ev_chosen: float
    ev_best: float
    stake: int
    """Hundredths of a chip the EVs are per unit of."""
    estimated: bool = False
    """True when an EV is an estimate (sampling) rather than exact."""

    @property
    def is_best(self) -> bool:
        return self.ev_best - self.ev_chosen <= BEST_TOLERANCE

    @property
    def cost(self) -> float:
        """Expected hundredths of a chip given up by this choice (0 when it was best)."""
        return 0.0 if self.is_best else (self.ev_best - self.ev_chosen) * self.stake

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "game": self.game,
            "spot": self.spot,
            "chosen": self.chosen,
            "best": self.best,
            "ev_chosen": round(self.ev_chosen, 6),
            "ev_best": round(self.ev_best, 6),
            "stake": self.stake,
        }
        if self.estimated:
            data["estimated"] = True
        return data

    @classmethod
    def from_json(cls, data: object) -> Decision | None:
        """The decision, or None for anything that is not one (an old or damaged row
        must never break a summary)."""
        if not isinstance(data, Mapping):
            return None
        try:
            texts = [data[k] for k in ("game", "spot", "chosen", "best")]
            evs = [data[k] for k in ("ev_chosen", "ev_best")]
            stake = data["stake"]
        except KeyError:
            return None
        if not all(isinstance(t, str) for t in texts):
            return None
        if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in evs):
            return None
        if not isinstance(stake, int) or isinstance(stake, bool) or stake < 0:
            return None
        game, spot, chosen, best = texts
        return cls(game, spot, chosen, best, float(evs[0]), float(evs[1]), stake, bool(data.get("estimated", False)))


def grade(
    game: str, spot: str, evs: Mapping[str, float], chosen: str, stake: int, *, estimated: bool = False
) -> Decision:
    """Grade ``chosen`` among ``evs`` (choice in words -> EV per unit of stake)."""
    if chosen not in evs:
        raise ValueError(f"{chosen!r} is not among the graded choices {sorted(evs)}")
    best = max(evs, key=lambda k: evs[k])
    if evs[best] - evs[chosen] <= BEST_TOLERANCE:
        best = chosen  # a tie with the best is the best
    return Decision(game, spot, chosen, best, evs[chosen], evs[best], stake, estimated)


def decisions_in(details: object) -> list[Decision]:
    """The decisions a settled round's details hold (none for older rounds)."""
    if not isinstance(details, Mapping):
        return []
    raw = details.get("decisions")
    if not isinstance(raw, (list, tuple)):
        return []
    return [d for d in (Decision.from_json(item) for item in raw) if d is not None]


@dataclass(frozen=True)
class Accuracy:
    """Decisions taken, how many were the best, and the expected value given away."""

    taken: int = 0
    best: int = 0
    cost: float = 0.0
    """Hundredths of a chip, expected."""

    @property
    def share(self) -> float | None:
        return self.best / self.taken if self.taken else None

    def __add__(self, other: Accuracy) -> Accuracy:
        return Accuracy(self.taken + other.taken, self.best + other.best, self.cost + other.cost)

    def line(self) -> str:
        """One line for a summary: "12 decisions, 10 best (83 %), 1.35 chips of EV given away"."""
        from ..i18n.formatting import number

        if not self.taken:
            return _("No decisions graded yet.")
        return ngettext(
            "{n} decision, {best} best ({share} %), {cost} chips of EV given away",
            "{n} decisions, {best} best ({share} %), {cost} chips of EV given away",
            self.taken,
        ).format(n=self.taken, best=self.best, share=round(100 * self.best / self.taken),
                 cost=number(self.cost / 100, 2))


#: The table's words for a choice that are translated as they stand (the choices are kept
#: in English in the store and the history: they are data; this is how they are shown).
_CHOICES = (N_("Hit"), N_("Stand"), N_("Double"), N_("Split"), N_("Surrender"),
            N_("Player"), N_("Banker"), N_("Tie"), N_("stand pat"), N_("exchange all five"))


def choice_words(choice: str) -> str:
    """A graded choice (``Decision.chosen``/``best``, English data) in the language in
    force: "Hit" -> "Imti", "exchange 1 3 5 (keep K♠ J♦)" -> "1 3 5を交換 (K♠ J♦をホールド)"."""
    head, _sep, rest = choice.partition(" (")
    if head.startswith("exchange ") and head != "exchange all five":
        head = _("exchange {cards}").format(cards=head.removeprefix("exchange "))
    else:
        head = _(head)
    if rest.startswith("keep ") and rest.endswith(")"):
        return _("{choice} (keep {cards})").format(choice=head, cards=rest.removeprefix("keep ").removesuffix(")"))
    return f"{head} ({rest}" if rest else head


def accuracy(decisions: Iterable[Decision]) -> Accuracy:
    taken = best = 0
    cost = 0.0
    for d in decisions:
        taken += 1
        best += d.is_best
        cost += d.cost
    return Accuracy(taken, best, cost)
