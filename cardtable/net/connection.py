"""A client's connection to ``cardtable serve`` and the limits that keep one server
usable by everyone (``docs/security.md``): how many connections in all and per
address, how long a connection may stay silent, how many new names and wrong tokens
an address may try in a minute, how many players' stores stay open, and the fit of
all that to the open files the system allows. Errors that repeat are logged once a
minute per cause (:class:`LogOnce`), never once per attempt.
"""

from __future__ import annotations

import argparse
import asyncio
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from typing import TextIO

from ..i18n import _
from .players import KEEP_OPEN, Player
from .protocol import FLOOD_DISCONNECT, FLOOD_RATE

__all__ = ["Connection", "Limits", "PerMinute", "LogOnce", "stderr_log", "fit_open_files", "add_limit_options",
           "limits_of", "HELLO_TIMEOUT", "MAX_BACKLOG", "MAX_CONNECTIONS"]

#: Seconds a new connection has to say hello.
HELLO_TIMEOUT = 10.0
#: Bytes waiting to be sent to one client before it is let go (it is not reading).
MAX_BACKLOG = 4 * 1024 * 1024
#: Connections the server keeps at once; more are told so and let go.
MAX_CONNECTIONS = 1000
#: Seconds an error of one cause stays quiet in the log after it was logged.
LOG_EVERY = 60.0
#: Open files kept for the server itself (its socket, the log, imports, a spare).
RESERVED_FILES = 64
#: Open files one player's store may hold (the data file, its -wal and -shm, a spare).
FILES_PER_STORE = 4


@dataclass(frozen=True)
class Limits:
    """What one server allows; the defaults are ``cardtable serve``'s (docs/security.md)."""

    #: Connections at once, in all and from one address.
    connections: int = MAX_CONNECTIONS
    per_address: int = 20
    #: Seconds a greeted connection may stay silent (a client pings to stay).
    idle: float = 120.0
    #: Seconds a new connection has to say hello.
    hello: float = HELLO_TIMEOUT
    #: Players the server will have at most (each a folder of about 80 KB).
    players: int = 1000
    #: New names one address may create in a minute.
    new_names: int = 10
    #: Wrong or missing tokens one address may present in a minute.
    bad_tokens: int = 10
    #: Players' stores kept open (about three open files each).
    open_stores: int = KEEP_OPEN


class PerMinute:
    """Events per key in the last minute (a few timestamps per key, pruned as it goes)."""

    def __init__(self, allowed: int) -> None:
        self.allowed = allowed
        self._seen: dict[str, deque[float]] = {}

    def _recent(self, key: str) -> deque[float]:
        now = time.monotonic()
        if len(self._seen) > 10_000:  # forget the quiet ones
            for k in [k for k, q in self._seen.items() if not q or now - q[-1] >= 60]:
                del self._seen[k]
        times = self._seen.setdefault(key, deque())
        while times and now - times[0] >= 60:
            times.popleft()
        return times

    def full(self, key: str) -> bool:
        return len(self._recent(key)) >= self.allowed

    def add(self, key: str) -> None:
        self._recent(key).append(time.monotonic())


class Connection:
    """One client's connection."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        peer = writer.get_extra_info("peername")
        self.peer = f"{peer[0]}:{peer[1]}" if isinstance(peer, tuple) and len(peer) >= 2 else "?"
        #: The client's address without its port: what the per-address limits count.
        self.address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        self.player: Player | None = None
        self.closed = False
        self._window = time.monotonic()
        self._count = 0
        self._warned = False
        #: Lines waiting for the end of this turn of the event loop (one write for all).
        self._out: list[bytes] = []
        self._pending = 0

    @property
    def who(self) -> str:
        return self.player.name if self.player is not None else self.peer

    def write(self, data: bytes) -> bool:
        """Queue ``data``, sent with the other lines of this turn of the event loop in one
        write; False (and the connection closed) when the client does not read."""
        if self.closed:
            return False
        transport = self.writer.transport
        if transport.is_closing():
            self.closed = True
            return False
        self._pending += len(data)
        if transport.get_write_buffer_size() + self._pending > MAX_BACKLOG:
            self._out.clear()
            self.close()
            return False
        if not self._out:
            asyncio.get_running_loop().call_soon(self.flush)
        self._out.append(data)
        return True

    def flush(self) -> None:
        if self._out and not self.closed and not self.writer.transport.is_closing():
            self.writer.write(b"".join(self._out))
        self._out.clear()
        self._pending = 0

    def close(self) -> None:
        if not self.closed:
            self.flush()
            self.closed = True
            self.writer.close()

    def flood(self) -> str | None:
        """Count a message: None to handle it, ``"drop"`` or ``"cut"`` (disconnect)."""
        now = time.monotonic()
        if now - self._window >= 1.0:
            self._window, self._count, self._warned = now, 0, False
        self._count += 1
        if self._count > FLOOD_DISCONNECT:
            return "cut"
        if self._count > FLOOD_RATE:
            return "drop"
        return None


def stderr_log(stream: TextIO) -> Callable[[str], None]:
    """The server's log: one timestamped line per event on ``stream``."""

    def log(text: str) -> None:
        stamp = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        print(f"{stamp} cardtable serve: {text}", file=stream, flush=True)

    return log


class LogOnce:
    """Log a line unless one of the same cause was logged in the last :data:`LOG_EVERY`
    seconds; those are counted, and the count is said with the next one."""

    def __init__(self, log: Callable[[str], None]) -> None:
        self._log = log
        self._causes: dict[str, list[float]] = {}

    def __call__(self, cause: str, text: str) -> None:
        now = time.monotonic()
        seen = self._causes.get(cause)
        if seen is not None and now - seen[0] < LOG_EVERY:
            seen[1] += 1
            return
        more = f" ({int(seen[1])} more like this in the last minute)" if seen is not None and seen[1] else ""
        self._causes[cause] = [now, 0]
        self._log(text + more)


def fit_open_files(limits: Limits, log: Callable[[str], None]) -> Limits:
    """``limits`` fitted to the open files the system allows (``ulimit -n``): the soft
    limit is raised if it is low; if that is not enough, fewer connections and kept
    stores, with one warning."""
    try:
        import resource
    except ImportError:  # not on this platform
        return limits
    need = RESERVED_FILES + limits.connections + FILES_PER_STORE * limits.open_stores
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY or soft >= need:
        return limits
    target = need if hard == resource.RLIM_INFINITY else min(need, hard)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        soft = target
    except (ValueError, OSError):
        pass
    if soft >= need:
        return limits
    room = max(16, soft - RESERVED_FILES)
    stores = max(2, min(limits.open_stores, room // (4 * FILES_PER_STORE)))
    connections = max(4, room - FILES_PER_STORE * stores)
    log(f"warning: only {soft} open files are allowed (ulimit -n): at most {connections} connections "
        f"and {stores} players' files open at once; allow {need} for the defaults")
    return replace(limits, connections=min(connections, limits.connections), open_stores=stores)


def _whole(low: int, high: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        if not (text.isascii() and text.isdigit() and len(text) <= 9 and low <= int(text) <= high):
            raise argparse.ArgumentTypeError(_("must be a whole number from {low} to {high}, not {value}").format(
                low=low, high=high, value=repr(text[:20])))
        return int(text)

    return parse


def add_limit_options(parser: argparse.ArgumentParser) -> None:
    """``cardtable serve``'s limits (the defaults are :class:`Limits`')."""
    d = Limits()
    parser.add_argument("--max-players", type=_whole(1, 10**6), default=d.players, metavar="N",
                        help=_("players (names) the server keeps at most (default {n})").format(n=d.players))
    parser.add_argument("--max-connections", type=_whole(1, 10**5), default=d.connections, metavar="N",
                        help=_("connections at once (default {n})").format(n=d.connections))
    parser.add_argument("--max-per-address", type=_whole(1, 10**5), default=d.per_address, metavar="N",
                        help=_("connections at once from one address (default {n})").format(n=d.per_address))
    parser.add_argument("--new-names-per-minute", type=_whole(1, 10**5), default=d.new_names, metavar="N",
                        help=_("new names one address may create in a minute (default {n})").format(n=d.new_names))
    parser.add_argument("--idle-timeout", type=_whole(5, 86400), default=int(d.idle), metavar="SECONDS",
                        help=_("a connection silent this long is let go (default {n})").format(n=f"{d.idle:g}"))


def limits_of(args: argparse.Namespace) -> Limits:
    """The :class:`Limits` the command line asks for."""
    return Limits(connections=args.max_connections, per_address=args.max_per_address,
                  idle=float(args.idle_timeout), players=args.max_players, new_names=args.new_names_per_minute)


