"""What a table service needs around it: a hub to talk through and accounts to bet from."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol

from ..core.refusal import Refusal

if TYPE_CHECKING:
    from ..store import Store

__all__ = ["Account", "Hub", "TableError", "encode", "seconds_left"]


class Account(Protocol):
    """A person at a table: a name, the key the hub knows them by, and their own store."""

    name: str
    key: str
    #: The bankroll as last returned by the store (only the table's transactions change it).
    bankroll: int

    @property
    def store(self) -> Store: ...


class Hub(Protocol):
    """Delivers a table's messages to the people at it, by key, and keeps its log. A hub
    whose ``broadcasts`` attribute is False (the local game's) is sent only the messages
    meant for one person: its screen reads the table's pictures from the service."""

    def send(self, key: str, message: dict[str, Any]) -> None: ...

    def send_line(self, key: str, line: bytes) -> None:
        """Send one already encoded message line."""
        ...

    def log(self, text: str) -> None: ...


class TableError(Exception):
    """A request the table refuses; nothing changed. ``code`` (an ``ErrorCode``) and
    ``params`` are what the client words; the English text is for the server's log."""

    def __init__(self, code: str, message: str, params: Mapping[str, int | str] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, int | str] = dict(params or {})

    @classmethod
    def refused(cls, code: str, refusal: Refusal) -> TableError:
        """The error for a rule's ``refusal``: its code goes in the ``why`` parameter."""
        said = ", ".join(f"{k}={v}" for k, v in refusal.params.items())
        return cls(code, f"refused: {refusal.code}" + (f" ({said})" if said else ""),
                   {"why": refusal.code, **refusal.params})


def encode(message: Mapping[str, Any]) -> bytes:
    """A message as one line of compact JSON (ASCII, so no byte can be a newline)."""
    return (json.dumps(message, separators=(",", ":"), allow_nan=False) + "\n").encode("ascii")


def seconds_left(handle: asyncio.TimerHandle | None) -> float | None:
    """Seconds until a timer fires (one decimal), or None when none is running: what a
    snapshot says of a window, so that a client that sat down late counts down too."""
    if handle is None or handle.cancelled():
        return None
    try:
        now = asyncio.get_running_loop().time()
    except RuntimeError:
        return None
    return round(max(0.0, handle.when() - now), 1)
