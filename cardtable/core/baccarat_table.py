"""The punto banco table across coups: the shoe, the results of this shoe, the coup.

A coup needs no decision once the bets are down, so its record is its starting state
alone (the shoe's remaining cards in order, the bets, this shoe's results so far);
replaying it deals exactly the same coup (RULES.md section 1: a dealt round is
committed and resumes as it stood).
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from .baccarat import Coup, Outcome, needs_reshuffle, play_coup, settle
from .cards import Shoe, ShoeEmpty
from .record import RecordError, RoundRecord

__all__ = ["BaccaratTable"]


class BaccaratTable:
    """One shoe of coups. The caller supplies a fresh shoe when the cut card is out."""

    def __init__(self, shoe: Shoe, history: tuple[Outcome, ...] = ()) -> None:
        self.shoe = shoe
        #: Outcomes of the coups settled from this shoe, oldest first (the roads).
        self.history: list[Outcome] = list(history)
        #: The coup dealt and not yet settled, with its bets.
        self.coup: Coup | None = None
        self.bets: dict[Outcome, int] = {}
        #: True when the current coup is the first of a new shoe.
        self.new_shoe = False
        self._start: dict[str, object] | None = None

    @property
    def needs_shoe(self) -> bool:
        """The cut card came out in the last coup: the next coup needs a new shoe."""
        return needs_reshuffle(self.shoe)

    def replace_shoe(self, shoe: Shoe) -> None:
        """A freshly shuffled shoe; this shoe's roads start empty."""
        self.shoe = shoe
        self.history.clear()
        self.new_shoe = True

    def deal(self, bets: Mapping[Outcome, int]) -> Coup:
        """Deal one coup for ``bets`` (validated as by :func:`settle`)."""
        if self.coup is not None:
            raise RuntimeError("the coup on the table is not settled")
        clean = {o: s for o, s in bets.items() if s}
        settle(clean, _ANY_COUP)  # validates spots and stakes before a card moves
        if not clean:
            raise ValueError("a coup needs at least one bet")
        self._start = {
            "shoe": self.shoe.snapshot(),
            "bets": {o.value: s for o, s in clean.items()},
            "roads": "".join(o.value for o in self.history),
            "new_shoe": self.new_shoe,
        }
        try:
            self.coup = play_coup(self.shoe)
        except ShoeEmpty:
            self.shoe = Shoe.restore(self._start["shoe"], self.shoe.rng)
            self._start = None
            raise
        self.bets = clean
        return self.coup

    def undo_deal(self) -> None:
        """Put the coup's cards back (a deal the data file refused: nothing was shown)."""
        if self._start is None or self.coup is None:
            return
        self.shoe = Shoe.restore(self._start["shoe"], self.shoe.rng)
        self.coup, self.bets, self._start = None, {}, None

    @property
    def staked(self) -> int:
        return sum(self.bets.values())

    def returned(self) -> int:
        """What the coup on the table returns to the player, stakes included."""
        if self.coup is None:
            raise RuntimeError("no coup")
        return settle(self.bets, self.coup)

    def finish(self) -> None:
        """The coup was settled: its result joins the roads; the next coup may be dealt."""
        if self.coup is None:
            return
        self.history.append(self.coup.outcome)
        self.coup, self.bets, self._start = None, {}, None
        self.new_shoe = False

    def record(self) -> RoundRecord:
        """The coup on the table as its starting state (no actions: the tableau decides)."""
        if self._start is None:
            raise RuntimeError("no coup")
        return RoundRecord("baccarat", dict(self._start))

    @classmethod
    def resume(cls, record: RoundRecord, rng: random.Random | None = None) -> BaccaratTable:
        """The table of a saved coup, dealt again from the same cards."""
        if record.game != "baccarat":
            raise RecordError(f"not a baccarat coup: {record.game!r}")
        if record.actions:
            raise RecordError("a saved coup has no actions")
        start = record.start
        try:
            shoe = Shoe.restore(start["shoe"], rng)
            roads = start["roads"]
            if not isinstance(roads, str):
                raise TypeError("roads")
            history = tuple(Outcome(letter) for letter in roads)
            raw = start["bets"]
            if not isinstance(raw, dict):
                raise TypeError("bets")
            bets = {Outcome(k): v for k, v in raw.items()}
            table = cls(shoe, history)
            table.new_shoe = bool(start.get("new_shoe", False))
            table.deal(bets)
        except (KeyError, TypeError, ValueError, ShoeEmpty) as error:
            raise RecordError(f"the saved coup cannot be dealt again ({type(error).__name__})") from None
        return table


#: Any coup: used to validate bets with :func:`settle` before dealing.
_ANY_COUP = Coup((), (), ())
