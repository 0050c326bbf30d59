"""The local game: a table service in-process, with one person and no clocks.

The person at the local table is an :class:`Account` on the local store; the hub hands
the messages meant for them to the screen at once (the screen reads the table's
pictures straight from the service it holds, so the table's broadcast lines are not
decoded here). No betting window and no turn timer: the round is dealt as soon as the
one person bets, and waits for their decisions as long as they like.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.record import RecordError, RoundRecord

if TYPE_CHECKING:
    import random

    from ..core.blackjack import Rules
    from ..core.cards import Shoe
    from ..store import Store
    from .blackjack import BlackjackService

__all__ = ["LocalAccount", "LocalHub", "YOU", "local_blackjack", "resume_local_blackjack"]

#: The local person's key (the hub's address for them).
YOU = "you"


@dataclass
class LocalAccount:
    """The person at the local table: the local store's bankroll."""

    store: Store
    bankroll: int = 0
    name: str = "You"
    key: str = YOU


class LocalHub:
    """Hands the messages for the local person to ``deliver``; a log kept in memory."""

    #: The table's events and snapshots are not sent: the screen reads the service.
    broadcasts = False

    def __init__(self, deliver: Callable[[dict[str, Any]], None] | None = None) -> None:
        self.deliver = deliver
        self.logged: list[str] = []

    def send(self, key: str, message: dict[str, Any]) -> None:
        if self.deliver is not None:
            self.deliver(message)

    def send_line(self, key: str, line: bytes) -> None:
        """Broadcast lines are not sent here (``broadcasts`` is False)."""

    def log(self, text: str) -> None:
        self.logged = [*self.logged[-19:], text]


def local_blackjack(
    account: LocalAccount,
    hub: LocalHub,
    rules: Rules,
    levels: Sequence[str],
    stacks: Sequence[int],
    *,
    shoe: Shoe | None = None,
    keep_states: bool = False,
) -> BlackjackService:
    """The local blackjack table: computer seats of ``levels`` (with ``stacks``) to the
    person's right, acting first; the person last, at "third base"."""
    from ..ai.blackjack import player_for
    from .blackjack import BlackjackService, SeatState

    table = BlackjackService(0, hub, rules=rules, turn_timeout=None, bet_window=0, shoe=shoe,
                           keep_states=keep_states, local=True)
    for i, (level, stack) in enumerate(zip(levels, stacks, strict=True)):
        table.seats[i] = SeatState(f"Computer ({level})", level=level, computer=player_for(level), stack=stack)
    table.sit(account)
    return table


def resume_local_blackjack(
    account: LocalAccount,
    hub: LocalHub,
    record: RoundRecord,
    *,
    rng: random.Random | None = None,
    keep_states: bool = False,
) -> BlackjackService:
    """The local table of a saved round, replayed to where it stopped. Records kept by
    earlier versions name only the computer seats' levels: they read the same way."""
    from .blackjack import BlackjackService

    meta = dict(record.meta)
    if "table_seats" not in meta:
        levels = meta.get("levels")
        if not isinstance(levels, list) or not all(isinstance(x, str) for x in levels):
            raise RecordError("the saved round's computer seats are not readable")
        n = len(levels) + 1
        meta |= {"table_seats": list(range(n)), "names": [f"Computer ({x})" for x in levels] + [account.name],
                 "levels": [*levels, None], "keys": [None] * (n - 1) + [account.key], "seat": n - 1}
    keys = meta.get("keys")
    if not isinstance(keys, list):
        raise RecordError("the saved round does not say who sat where")
    players = [account if k == account.key else None for k in keys]
    table = BlackjackService.resume(0, hub, RoundRecord(record.game, record.start, record.actions, meta), players,
                                  rng=rng, turn_timeout=None, keep_states=keep_states, local=True)
    table.reconnect(account)
    return table
