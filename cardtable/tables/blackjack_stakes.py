"""Who plays the next blackjack round, and with what stake.

At the deal every person with a bet their store can take plays it; a bet the store
cannot take (not enough chips, a round still open or unsettled, a store that cannot be
read) is cleared and its owner told why. A computer seat bets the table's minimum,
buying in again when its chips run short.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Sequence
from dataclasses import dataclass

from ..ai.seats import COMPUTER_STACK
from ..store import StoreError
from .blackjack_seats import SeatState

__all__ = ["Stakes", "take_stakes"]

#: How a refusal reaches its person: the seat, a code and one line.
Tell = Callable[[SeatState, str, str], None]


@dataclass(frozen=True)
class Stakes:
    """The seats dealt in, one entry per round seat: its table seat, its bet, and the
    bankroll it keeps once the bet is taken."""

    occupants: tuple[SeatState, ...]
    table_seats: tuple[int, ...]
    bets: tuple[int, ...]
    bankrolls: tuple[int, ...]

    @property
    def has_person(self) -> bool:
        """A person plays (computers alone deal no round)."""
        return any(s.player is not None for s in self.occupants)


def take_stakes(
    seats: Sequence[SeatState | None], minimum: int, game: str, unsettled: Container[str], tell: Tell
) -> Stakes:
    """The stakes of the next round of ``game``; ``unsettled``: the keys whose last round
    is not settled yet (they sit this one out)."""
    occupants: list[SeatState] = []
    table_seats: list[int] = []
    bets: list[int] = []
    bankrolls: list[int] = []
    for i, s in enumerate(seats):
        if s is None:
            continue
        if s.player is not None:
            if s.bet <= 0:
                continue
            kept = _person_keeps(s, game, unsettled, tell)
            if kept is None:
                continue
            bets.append(s.bet)
            bankrolls.append(kept)
        else:
            if s.stack < minimum:
                s.stack = COMPUTER_STACK  # buys in again
            bets.append(minimum)
            bankrolls.append(s.stack - minimum)
        occupants.append(s)
        table_seats.append(i)
    return Stakes(tuple(occupants), tuple(table_seats), tuple(bets), tuple(bankrolls))


def _person_keeps(s: SeatState, game: str, unsettled: Container[str], tell: Tell) -> int | None:
    """The bankroll the person keeps once their bet is taken, or None when their store
    cannot take it (the bet is cleared and they are told why)."""
    assert s.player is not None
    store = s.player.store
    try:
        bankroll = store.bankroll
        open_round = store.open_round(game)
    except StoreError as error:
        tell(s, "store", str(error))
        s.bet = 0
        return None
    if s.bet > bankroll or open_round is not None or s.key in unsettled:
        tell(s, "bad-bet", "your bet could not be taken this round")
        s.bet = 0
        return None
    return bankroll - s.bet
