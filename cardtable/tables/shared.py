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

from .codes import NoteCode, note
from .hub import Account, Hub, TableError, encode, seconds_left

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
    #: The first person to sit is the host (chooses the computer seats).
    HAS_HOST = False

    def __init__(self, table_id: int, hub: Hub, seats: int, bet_window: float) -> None:
        self.id = table_id
        self.hub = hub
        self.seats: list[Any] = [None] * seats
        #: Seconds the window stays open (0: no window, the deal waits for everyone).
        self.bet_window = bet_window
        self.round_no = 0
        self.note: dict[str, Any] = note(NoteCode.WAITING_BETS)
        #: False, True (finish the round under way) or "now" (every hand left stands).
        self.stopping: bool | str = False
        self._window: asyncio.TimerHandle | None = None
        self.host: Any = None

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

    def in_round(self, key: str) -> bool:
        """True while ``key`` has a stake in a round under way."""
        return False

    def new_seat(self, player: Account) -> Any:  # pragma: no cover - each game seats its own way
        raise NotImplementedError

    def sit(self, player: Account) -> int:
        """Seat ``player`` in the first free seat; returns it. ``TableError`` when full."""
        if self.stopping:
            raise TableError("closing", "the server is closing: no new seats")
        if self.seat_of(player.key) is not None:
            raise TableError("seated", "you are already seated here")
        for i, s in enumerate(self.seats):
            if s is None:
                state = self.seats[i] = self.new_seat(player)
                if self.HAS_HOST and self.host is None:
                    self.host = state
                self.hub.send(player.key, {"type": "seated", "table": self.id, "seat": i,
                                           "host": state is self.host})
                self._event({"type": "player_sat", "seat": i, "name": player.name, "kind": "human"})
                self._snapshot()
                return i
        raise TableError("table-full", f"table {self.id} has no free seat")

    def reconnect(self, player: Account) -> int | None:
        """The seat ``player`` left behind when their connection dropped, now theirs again."""
        i = self.seat_of(player.key)
        if i is None:
            return None
        state = self.seats[i]
        state.player = player
        state.connected = True
        self.hub.send(player.key, {"type": "seated", "table": self.id, "seat": i, "host": state is self.host})
        self._event({"type": "connection", "seat": i, "name": state.name, "connected": True})
        self._snapshot()
        return i

    def disconnect(self, key: str) -> None:
        """The player's connection dropped: a stake in play keeps its seat (its turns time
        out); otherwise the seat is freed."""
        i = self.seat_of(key)
        if i is None:
            return
        state = self.seats[i]
        if self.in_round(key):
            state.connected = False
            self._event({"type": "connection", "seat": i, "name": state.name, "connected": False})
            self._snapshot()
        else:
            self._free(i)
            self._maybe_deal()

    def leave(self, key: str) -> None:
        """The player stands up; refused while their stake is in play."""
        i = self.seat_of(key)
        if i is None:
            raise TableError("not-seated", "you are not seated at this table")
        if self.in_round(key):
            raise TableError("in-round", "your hand is in play: finish the round first")
        self._free(i)
        self._maybe_deal()

    def _free(self, i: int) -> None:
        state = self.seats[i]
        if state is None:
            return
        self.seats[i] = None
        self._event({"type": "player_left", "seat": i, "name": state.name})
        if state is self.host:
            people = sorted(self.people(), key=lambda s: s.sat_at)
            self.host = people[0] if people else None
        self._freed()
        self._snapshot()

    def _freed(self) -> None:
        """A seat was freed (a game may clear more)."""

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
        """Who hears the table's events and snapshots (no one, for a hub that reads the
        table itself: the local game)."""
        if not getattr(self.hub, "broadcasts", True):
            return []
        return [s.player.key for s in self.people() if s.connected]

    def _event(self, message: dict[str, Any]) -> None:
        message = {"type": message.pop("type"), "table": self.id, **message}
        line = encode(message)
        for key in self._audience():
            self.hub.send_line(key, line)

    def _tell(self, s: Any, code: str, text: str) -> None:
        if s.player is not None:
            self.hub.send(s.player.key, {"type": "error", "code": code, "params": {}, "message": text, "fatal": False})

    def _snapshot(self) -> None:  # pragma: no cover - each game draws its own
        raise NotImplementedError
