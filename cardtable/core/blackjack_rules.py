"""A blackjack variant and the actions a player may take (docs/rules.md section 3).

:class:`Rules` holds every rule that differs between tables (decks, soft 17, peek,
splits, surrender, the natural's pay, limits); the house's rules are its defaults.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum

from . import config

__all__ = ["Action", "Rules"]


class Action(Enum):
    """What a player may do with the hand to act."""

    HIT = "hit"
    STAND = "stand"
    DOUBLE = "double"
    SPLIT = "split"
    #: Late surrender (only where ``Rules.late_surrender``): half the stake back.
    SURRENDER = "surrender"

    #: Members are singletons: identity hashing keeps dict and set look-ups in C
    #: (Enum's own ``__hash__`` is Python code, called on every decision).
    __hash__ = object.__hash__


@dataclass(frozen=True)
class Rules:
    """A blackjack variant; the defaults are this house's rules (docs/rules.md section 3)."""

    decks: int = config.BLACKJACK_DECKS
    #: Cut card after this percentage of the shoe has been dealt.
    penetration_percent: int = 75
    dealer_hits_soft_17: bool = False
    #: False: European no-hole-card game; a dealer blackjack takes doubled and split stakes.
    #: True (the American variant, for analysis and tests): after the deal a dealer with
    #: a natural says so at once, no one acts, and only the original stakes are lost.
    dealer_peeks: bool = False
    double_after_split: bool = True
    max_hands: int = 4
    resplit_aces: bool = False
    #: Late surrender: on the first two cards of an unsplit hand, give up half the
    #: stake. A dealer natural still takes the whole stake (with peek it never gets
    #: that far). Off in this house (docs/rules.md section 3: no surrender).
    late_surrender: bool = False
    #: Blackjack pays num:den.
    blackjack_pays: tuple[int, int] = (3, 2)
    min_bet: int = config.DEFAULT_TABLE_MIN  # hundredths
    max_bet: int = config.DEFAULT_TABLE_MAX

    def __post_init__(self) -> None:
        """Refuse a variant the engine cannot deal, with the field named."""
        for name in ("decks", "penetration_percent", "max_hands", "min_bet", "max_bet"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"Rules.{name} must be an int, not {value!r}")
        if self.decks < 1:
            raise ValueError(f"Rules.decks must be at least 1, not {self.decks}")
        if not 1 <= self.penetration_percent <= 100:
            raise ValueError(f"Rules.penetration_percent must be 1-100, not {self.penetration_percent}")
        if self.max_hands < 1:
            raise ValueError(f"Rules.max_hands must be at least 1, not {self.max_hands}")
        pays = self.blackjack_pays
        if (
            not isinstance(pays, tuple)
            or len(pays) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) and x > 0 for x in pays)
        ):
            raise ValueError(f"Rules.blackjack_pays must be two positive ints (num, den), not {pays!r}")

    def to_dict(self) -> dict[str, object]:
        """The variant as plain data (for a saved round)."""
        data: dict[str, object] = {f.name: getattr(self, f.name) for f in fields(self)}
        data["blackjack_pays"] = list(self.blackjack_pays)
        return data

    @classmethod
    def from_dict(cls, data: object) -> Rules:
        """The variant of :meth:`to_dict`; ``ValueError`` when the data is not one."""
        if not isinstance(data, dict):
            raise ValueError("rules are a mapping")
        known = {f.name for f in fields(cls)}
        values = {k: v for k, v in data.items() if k in known}
        if isinstance(values.get("blackjack_pays"), list):
            values["blackjack_pays"] = tuple(values["blackjack_pays"])
        for name in ("dealer_hits_soft_17", "dealer_peeks", "double_after_split", "resplit_aces",
                     "late_surrender"):
            if name in values and not isinstance(values[name], bool):
                raise ValueError(f"Rules.{name} must be true or false")
        return cls(**values)

    @property
    def cut_from_end(self) -> int:
        """Cards behind the cut card in a full shoe (78 for 6 decks at 75 %)."""
        return self.decks * 52 * (100 - self.penetration_percent) // 100
