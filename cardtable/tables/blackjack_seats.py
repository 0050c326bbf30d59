"""Who sits at a blackjack table, and who sat where in a saved round."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..ai.blackjack import player_for
from ..ai.seats import COMPUTER_STACK
from ..core import config
from ..core.blackjack import Round
from ..core.blackjack_table import SeatPlayer
from ..core.record import RecordError
from .hub import Account

__all__ = ["SEATS", "SeatState", "SavedSeats", "saved_seats"]

#: Seats at a shared blackjack table.
SEATS = 5


@dataclass(eq=False)
class SeatState:
    """Who sits in a seat: a person (``player``) or a computer (``level``)."""

    name: str
    player: Account | None = None
    level: str | None = None
    connected: bool = True
    #: The bet for the next round (people only; 0 = none yet).
    bet: int = 0
    #: A computer seat's own chips.
    stack: int = COMPUTER_STACK
    computer: SeatPlayer | None = None
    sat_at: float = field(default_factory=time.monotonic)
    #: The person passed on the next round.
    passed: bool = False

    @property
    def kind(self) -> str:
        return "human" if self.player is not None else "computer"

    @property
    def key(self) -> str | None:
        return None if self.player is None else self.player.key

    @property
    def staked(self) -> bool:
        return self.bet > 0

    @property
    def decided(self) -> bool:
        """A bet is ready for the deal (a blackjack bet needs no "ready"), or a pass."""
        return self.bet > 0 or self.passed


@dataclass(frozen=True)
class SavedSeats:
    """Who sat where in a saved round: one occupant per round seat, and its table seat."""

    occupants: tuple[SeatState, ...]
    table_seats: tuple[int, ...]
    round_no: int
    #: Round seat -> the coach's grades of that person's decisions (their own record's).
    decisions: Mapping[int, tuple[dict[str, Any], ...]]


def saved_seats(meta: Mapping[str, Any], players: Sequence[Account | None], round: Round) -> SavedSeats:
    """The seats of a saved round from its record's ``meta``; ``players`` has one entry
    per round seat (None for a computer). People come back as away until they return.
    :class:`RecordError` when the meta does not say who sat where."""
    table_seats, names, levels = meta.get("table_seats"), meta.get("names"), meta.get("levels")
    n = round.seats
    if not (isinstance(table_seats, list) and isinstance(names, list) and isinstance(levels, list)
            and len(table_seats) == len(names) == len(levels) == len(players) == n
            and all(isinstance(t, int) and 0 <= t < SEATS for t in table_seats)
            and len(set(table_seats)) == n):
        raise RecordError("the saved round does not say who sat where")
    occupants = []
    for ri in range(n):
        p, level = players[ri], levels[ri]
        if p is not None:
            state = SeatState(p.name, player=p, connected=False)
        elif isinstance(level, str) and level in config.LEVELS:
            state = SeatState(f"Computer ({level})", level=level, computer=player_for(level))
            state.stack = round.bankroll(ri) or 0
        else:
            raise RecordError("the saved round's seats are not readable")
        occupants.append(state)
    round_no = meta.get("server_round")
    graded, seat = meta.get("decisions"), meta.get("seat")
    decisions: dict[int, tuple[dict[str, Any], ...]] = {}
    if isinstance(graded, list) and isinstance(seat, int) and 0 <= seat < n:
        decisions[seat] = tuple(d for d in graded if isinstance(d, dict))
    return SavedSeats(
        tuple(occupants),
        tuple(table_seats),
        round_no if isinstance(round_no, int) and round_no > 0 else 1,
        decisions,
    )
