"""What every shared table has: seats by key, the audience, the betting window.

The betting window is fair to everyone seated: it opens when a round ends (for every
seated person) or with the first bet, and the round is dealt when every seated,
connected person has either bet and said ready or passed — or when the window runs
out. Nobody seated is dealt out by another player's speed; nobody who never bets holds
the table up for longer than the window.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any, Protocol

from .hub import Account, Hub, encode, seconds_left

__all__ = ["Seat", "SharedTable"]


class Seat(Protocol):
    """A seat's occupant as the shared parts see it."""

    name: str
    connected: bool
    #: The person passed on the next round (said ready without a bet).
    passed: bool

    @property
    def player(self) -> Account | None: ...

    @property
    def decided(self) -> bool:
        """In (a bet, ready) or out (passed) for the next round."""
        ...

    @property
    def staked(self) -> bool:
        """Has a bet down for the next round."""
        ...


class SharedTable:
    """Seats, the people's keys, the messages to them and the betting window."""

    game = ""

    def __init__(self, table_id: int, hub: Hub, seats: int, bet_window: float) -> None:
        self.id = table_id
        self.hub = hub
        self.seats: list[Any] = [None] * seats
        #: Seconds the window stays open (0: no window, the deal waits for everyone).
        self.bet_window = bet_window
        self.round_no = 0
        self.message = ""
        #: False, True (finish the round under way) or "now" (every hand left stands).
        self.stopping: bool | str = False
        self._window: asyncio.TimerHandle | None = None

    # -- who sits where ------------------------------------------------------------

    def people(self) -> list[Any]:
        """The seats with a person in them."""
        return [s for s in self.seats if s is not None and s.player is not None]

    def seat_of(self, key: str) -> int | None:
        for i, s in enumerate(self.seats):
            if s is not None and s.player is not None and s.player.key == key:
                return i
        return None

    def free_seats(self) -> int:
        return sum(1 for s in self.seats if s is None)

    # -- the betting window --------------------------------------------------------

    def open_window(self) -> None:
        """Start the window (if none runs and anyone is seated to bet)."""
        if self._window is None and self.bet_window > 0 and not self.stopping and self.people():
            self._window = asyncio.get_running_loop().call_later(self.bet_window, self._window_closed)

    def close_window(self) -> None:
        if self._window is not None:
            self._window.cancel()
            self._window = None

    @property
    def window_left(self) -> float | None:
        return seconds_left(self._window)

    def _window_closed(self) -> None:
        self._window = None
        self._maybe_deal(window_closed=True)

    @property
    def betting(self) -> bool:
        """Bets are taken now (between rounds)."""
        return True

    def _maybe_deal(self, window_closed: bool = False) -> None:
        """Deal when everyone is in or out (or the window ran out); else say who is waited for."""
        if not self.betting or self.stopping:
            return
        if self.ready_to_deal(window_closed):
            self.deal()
            return
        if window_closed:
            self.reset_passes()  # nobody bet in time: the next bet opens a new window
        self._snapshot()

    def ready_to_deal(self, window_closed: bool = False) -> bool:
        """Someone has a bet down, and every connected person is in or out (or time is up)."""
        if self.stopping:
            return False
        people: Sequence[Any] = self.people()
        if not any(s.staked for s in people):
            return False
        return window_closed or all(s.decided for s in people if s.connected)

    def reset_passes(self) -> None:
        for s in self.people():
            s.passed = False

    def deal(self) -> None:  # pragma: no cover - each game deals its own way
        raise NotImplementedError

    # -- what the table says -------------------------------------------------------

    def _audience(self) -> list[str]:
        return [s.player.key for s in self.people() if s.connected]

    def _event(self, message: dict[str, Any]) -> None:
        message = {"type": message.pop("type"), "table": self.id, **message}
        line = encode(message)
        for key in self._audience():
            self.hub.send_line(key, line)

    def _tell(self, s: Any, code: str, text: str) -> None:
        if s.player is not None:
            self.hub.send(s.player.key, {"type": "error", "code": code, "message": text, "fatal": False})

    def _snapshot(self) -> None:  # pragma: no cover - each game draws its own
        raise NotImplementedError
