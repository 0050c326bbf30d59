"""The computer seats at the blackjack table: who plays them and the chips they hold.

Computer seats play with virtual chips of their own, never the player's: each starts
with :data:`COMPUTER_STACK`, bets the table minimum every round, and buys in again
when its stack cannot cover it. A round's record keeps the seats' levels in its meta
(:meth:`ComputerSeats.meta`); :meth:`ComputerSeats.from_meta` reads them back.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..core.blackjack import Round
from ..core.blackjack_table import SeatPlayer
from ..core.config import LEVELS, MAX_COMPUTER_SEATS
from ..core.record import RecordError
from .blackjack import player_for

__all__ = ["COMPUTER_STACK", "ComputerSeats"]

#: Each computer seat's own stack: 1,000 virtual chips, in hundredths.
COMPUTER_STACK = 100_000


class ComputerSeats:
    """The computer seats in seat order (they sit to the player's right and act first)."""

    def __init__(self, levels: Sequence[str]) -> None:
        self.levels: tuple[str, ...] = tuple(level for level in levels if level in LEVELS)[:MAX_COMPUTER_SEATS]
        self.players: list[SeatPlayer] = [player_for(level) for level in self.levels]
        self.stacks: list[int] = [COMPUTER_STACK] * len(self.levels)

    def __len__(self) -> int:
        return len(self.levels)

    @classmethod
    def from_meta(cls, meta: Mapping[str, object], seats: int) -> ComputerSeats:
        """The seats a saved round was dealt with; ``seats`` counts them all, the
        player's included. The table service names one level per round seat (None for a
        person); earlier records name the computer seats only. Raises
        :class:`RecordError` when the meta does not say."""
        levels = meta.get("levels")
        if isinstance(levels, list) and len(levels) == seats and levels[-1] is None:
            levels = levels[:-1]
        if (
            not isinstance(levels, list)
            or len(levels) != seats - 1
            or not all(isinstance(level, str) and level in LEVELS for level in levels)
        ):
            raise RecordError("the saved round's computer seats are not readable")
        return cls(levels)

    def meta(self) -> dict[str, object]:
        """What a round's record keeps about the seats."""
        return {"levels": list(self.levels)}

    def stakes(self, minimum: int) -> tuple[list[int], list[int]]:
        """Each seat's bet (the minimum) and what it holds beside it; a seat whose stack
        cannot cover the minimum buys in again first."""
        self.stacks = [s if s >= minimum else COMPUTER_STACK for s in self.stacks]
        return [minimum] * len(self.stacks), [s - minimum for s in self.stacks]

    def memory(self) -> dict[str, object]:
        """What the table keeps of the seats between visits: levels and chips."""
        return {"levels": list(self.levels), "stacks": list(self.stacks)}

    def restore(self, memory: dict[str, object]) -> bool:
        """Take back the chips kept by :meth:`memory` if they are for these very seats;
        False (nothing changes) when they are not, or do not read."""
        levels, stacks = memory.get("levels"), memory.get("stacks")
        if levels != list(self.levels) or not isinstance(stacks, list) or len(stacks) != len(self.levels):
            return False
        if not all(isinstance(s, int) and not isinstance(s, bool) and s >= 0 for s in stacks):
            return False
        self.stacks = list(stacks)
        return True

    def settle(self, round: Round) -> None:
        """Take each seat's stack from a settled round."""
        self.stacks = [round.bankroll(i) or 0 for i in range(len(self.stacks))]
