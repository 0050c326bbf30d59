"""``cardtable serve``: the shared-table server (asyncio, newline-delimited JSON over TCP).

The server is the authority: it shuffles (``SystemRandom``; a seeded ``Random`` per
table under ``--seed``), deals, validates every action with the core and settles into
each player's own Store. A client connects, says ``hello`` (protocol version, name,
token) and gets ``welcome``; then it may sit, bet and act (``docs/protocol.md``).

Nothing a client sends can crash the server or change a table unless it is a valid,
permitted action: bad lines get an ``error`` message (a line over 64 KiB, or a flood of
more than 200 messages in a second, a disconnect). Joins, leaves and errors are logged
to stderr, one line each; an error that repeats is logged once a minute with a count.
SIGINT/SIGTERM stop it cleanly: no new rounds, the rounds under way are played out
(turns still time out), then everyone is told ``bye``; a second signal makes every hand
still to act stand at once.

Resources are bounded (:class:`Limits`, ``docs/security.md``): connections in all and
per address, a silent connection let go, new names per address and minute and in all,
wrong tokens per address and minute, and the players' stores opened on demand (a
few kept, :mod:`.players`), with the open-file limit checked at the start.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import signal
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from ..core.record import RecordError, RoundRecord
from ..i18n import _
from ..store import StoreError
from ..tables.baccarat import BaccaratService, settle_left_open
from ..tables.blackjack import GAME, BlackjackService
from ..tables.codes import NoteCode, note
from ..tables.hub import TableError
from .clean import strip_controls
from .connection import Connection, Limits, LogOnce, PerMinute, fit_open_files, limits_of, stderr_log
from .messages import AnyTable, Messages
from .players import IdentityError, Player, Players
from .protocol import FLOOD_DISCONNECT, FLOOD_RATE, MAX_LINE, PROTOCOL_VERSION, ProtocolError, decode, encode

__all__ = ["Server", "Limits", "serve_main", "DEFAULT_PORT"]

DEFAULT_PORT = 7654
#: Tables the server will open at most.
MAX_TABLES = 200


class _HangUp(Exception):
    """The connection ends (the client was told why)."""


class Server(Messages):
    """The shared tables and the players' connections (one event loop, no threads)."""

    def __init__(
        self,
        data_dir: Path,
        *,
        host: str = "127.0.0.1",
        port: int = DEFAULT_PORT,
        turn_timeout: float = 30.0,
        bet_window: float | None = None,
        seed: int | None = None,
        log: Callable[[str], None] | None = None,
        limits: Limits | None = None,
    ) -> None:
        self.data_dir = Path(data_dir)
        self.host = host
        self.port = port
        self.turn_timeout = turn_timeout
        self.bet_window = bet_window
        self.seed = seed
        self._log = log if log is not None else stderr_log(sys.stderr)
        self.limits = limits = limits if limits is not None else Limits()
        self.log_once = LogOnce(self.log)
        self._new_names = PerMinute(limits.new_names)
        self._bad_tokens = PerMinute(limits.bad_tokens)
        self._per_address: dict[str, int] = {}
        self.players = Players(self.data_dir, keep_open=limits.open_stores, log=self.log)
        self._with_open_rounds: list[str] = []
        self.tables: dict[int, AnyTable] = {}
        self.by_key: dict[str, Connection] = {}
        self.connections: set[Connection] = set()
        self._next_table = 1
        self._server: asyncio.base_events.Server | None = None
        self._stopping = False
        #: Stopping at once: rounds under way stay open in the stores.
        self._now = False
        self._stopped = asyncio.Event()
        self._tasks: set[asyncio.Task[None]] = set()

    # -- the Hub the tables talk through ----------------------------------------------

    def send(self, key: str, message: dict[str, Any]) -> None:
        conn = self.by_key.get(key)
        if conn is not None:
            conn.write(encode(message))

    def send_line(self, key: str, line: bytes) -> None:
        conn = self.by_key.get(key)
        if conn is not None:
            conn.write(line)

    def log(self, text: str) -> None:
        """One line to the log. A log that cannot be written (stderr piped into a program
        that has ended, e.g. ``| tee`` stopped by the same Ctrl-C) never stops the server:
        the line is lost, the table goes on — and a stop still stops."""
        try:
            self._log(strip_controls(" ".join(text.split())))
        except Exception:  # noqa: BLE001 - losing a log line is better than a stuck server
            pass

    # -- life ----------------------------------------------------------------------------

    async def start(self) -> None:
        """Resume the rounds a stopped server left open, then listen."""
        loop = asyncio.get_running_loop()
        loop.set_exception_handler(self._loop_error)
        self.limits = fit_open_files(self.limits, self.log)
        self.players.keep_open = self.limits.open_stores
        self._resume_open_rounds()
        self._server = await asyncio.start_server(
            self._client, self.host, self.port, limit=MAX_LINE + 1
        )
        sockets = self._server.sockets or ()
        if sockets:
            self.port = sockets[0].getsockname()[1]
        self.log(f"listening on {self.host}:{self.port} (turns time out after {self.turn_timeout:g} s)")

    def request_stop(self, now: bool = False) -> None:
        """Stop: no new connections or rounds; everyone is told at once, and the rounds
        under way are played out. ``now`` (or a second request) stops at once: the open
        rounds stay saved in their players' stores and resume at the next start, as
        after a crash."""
        if self._stopping:
            now = True
        first = not self._stopping
        self._stopping = True
        self._now = self._now or now
        self.log("stopping now: the open rounds are kept for the next start" if now
                 else "stopping: finishing the rounds under way")
        if self._server is not None:
            self._server.close()
        if first:
            closing = encode({"type": "closing", **note(NoteCode.CLOSES_AFTER_ROUND)})
            for conn in list(self.connections):
                if conn.player is not None:
                    conn.write(closing)
        for table in list(self.tables.values()):
            table.stop(now=now)
        self._check_stopped()

    def _check_stopped(self) -> None:
        idle = self._now or all(t.idle for t in self.tables.values())
        if self._stopping and idle and not self._stopped.is_set():
            for conn in list(self.connections):
                conn.write(encode({"type": "bye", **note(NoteCode.SERVER_CLOSING)}))
                conn.close()
            self._stopped.set()

    async def wait_stopped(self) -> None:
        """Until the server has stopped; then the connections and stores are closed."""
        await self._stopped.wait()
        for task in list(self._tasks):
            task.cancel()
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        self.players.close()
        self.log("stopped")

    def _loop_error(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        error = context.get("exception")
        what = f"{type(error).__name__}: {error}" if error is not None else context.get("message", "?")
        cause = f"{context.get('message', '')}/{type(error).__name__}"
        self.log_once(cause, f"error (internal): {what}")

    def _on_idle(self, table: AnyTable) -> None:
        if self._stopping:
            self._check_stopped()

    # -- rounds a stopped server left open -------------------------------------------------

    def _resume_open_rounds(self) -> None:
        self._settle_open_coups()
        groups: dict[tuple[object, object], list[tuple[Player, RoundRecord]]] = {}
        for key in self._with_open_rounds:
            try:
                player = self.players.load(key)
                open_round = player.store.open_round(GAME)
            except (OSError, ValueError, KeyError, StoreError) as error:
                self.log(f"error player {key}: cannot be read: {error}")
                continue
            if open_round is None:
                continue
            try:
                record = RoundRecord.from_json(open_round.record)
            except RecordError as error:
                self._void([player], str(error))
                continue
            group = (record.meta.get("server_table"), record.meta.get("server_round"))
            groups.setdefault(group, []).append((player, record))
        for copies in groups.values():
            players = [p for p, _ in copies]
            record = max((r for _, r in copies), key=lambda r: len(r.actions))
            keys = record.meta.get("keys")
            by_key = {p.key: p for p in players}
            if not isinstance(keys, list) or {k for k in keys if k is not None} != set(by_key):
                self._void(players, "the server stopped while the round was being dealt")
                continue
            table_id = self._new_table_id()
            try:
                table = BlackjackService.resume(
                    table_id, self, record, [None if k is None else by_key[k] for k in keys],
                    rng=self._rng(table_id), turn_timeout=self.turn_timeout, on_idle=self._on_idle,
                )
            except RecordError as error:
                self._void(players, str(error))
                continue
            self.tables[table_id] = table
            self.log(f"resumed table {table_id}: a round of {', '.join(p.name for p in players)}")
            table.start_resumed()

    def _settle_open_coups(self) -> None:
        """A baccarat coup needs no decision: one a stopped server left open is settled.
        (Only the players whose file holds an open round are opened, one at a time.)"""
        self._with_open_rounds = [k for k in self.players.known() if self.players.has_open_round(k)]
        for key in self._with_open_rounds:
            try:
                player = self.players.load(key)
                bankroll = settle_left_open(player.store)
                if bankroll is None:
                    continue
                player.bankroll = bankroll
                self.log(f"settled {player.name}'s baccarat coup the server left open")
            except RecordError as error:
                self.log(f"error player {key}: {error}")
                try:
                    self.players.load(key).store.void_open_round("baccarat", str(error))
                except StoreError:
                    pass
            except (OSError, ValueError, KeyError, StoreError) as error:
                self.log(f"error player {key}: cannot be read: {error}")

    def _void(self, players: list[Player], reason: str) -> None:
        for p in players:
            try:
                p.store.void_open_round(GAME, reason)
                self.log(f"error player {p.name}: open round voided ({reason}); stake returned")
            except StoreError as error:
                self.log(f"error player {p.name}: {error}")

    # -- tables -------------------------------------------------------------------------

    def _new_table_id(self) -> int:
        table_id = self._next_table
        self._next_table += 1
        return table_id

    def _rng(self, table_id: int) -> random.Random:
        if self.seed is None:
            return random.SystemRandom()
        return random.Random(f"cardtable serve/{self.seed}/{table_id}")

    def _table_for(self, wanted: int | None, game: str = GAME) -> AnyTable:
        if wanted is not None:
            table = self.tables.get(wanted)
            if table is None:
                raise TableError("no-table", f"there is no table {wanted}", {"table": wanted})
            return table
        if game == "baccarat":  # one shared baccarat table
            for table in self.tables.values():
                if isinstance(table, BaccaratService):
                    return table
            table_id = self._new_table_id()
            baccarat = BaccaratService(table_id, self, rng=self._rng(table_id),
                                      bet_window=self.turn_timeout if self.bet_window is None else self.bet_window)
            self.tables[table_id] = baccarat
            self.log(f"table {table_id} opened (baccarat)")
            return baccarat
        for table in self.tables.values():
            if isinstance(table, BlackjackService) and table.free_seats() and not table.stopping:
                return table
        if len(self.tables) >= MAX_TABLES:
            raise TableError("server-full", "every table is full")
        table_id = self._new_table_id()
        table = BlackjackService(
            table_id, self, rng=self._rng(table_id), turn_timeout=self.turn_timeout,
            bet_window=self.bet_window, on_idle=self._on_idle,
        )
        self.tables[table_id] = table
        self.log(f"table {table_id} opened")
        return table

    def table_of(self, key: str) -> AnyTable | None:
        for table in self.tables.values():
            if table.seat_of(key) is not None:
                return table
        return None

    def lobby(self) -> list[dict[str, Any]]:
        return [t.lobby_entry() for t in self.tables.values()]

    # -- a client -------------------------------------------------------------------------

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
        conn = Connection(reader, writer)
        self.connections.add(conn)
        address = conn.address
        self._per_address[address] = self._per_address.get(address, 0) + 1
        try:
            if self._stopping:
                conn.write(encode({"type": "bye", **note(NoteCode.SERVER_CLOSING)}))
                return
            if len(self.connections) > self.limits.connections:
                self._error(conn, "server-full", "too many connections; try again later", fatal=True)
                return
            if self._per_address[address] > self.limits.per_address:
                self._error(conn, "too-many-connections",
                            f"at most {self.limits.per_address} connections from one address; "
                            "close one and try again", {"limit": self.limits.per_address}, fatal=True)
                return
            await self._serve(conn)
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        except asyncio.CancelledError:
            pass
        except Exception as error:  # never let one client take the server down
            self.log(f"error {conn.who}: internal {type(error).__name__}: {error}")
        finally:
            self.connections.discard(conn)
            left = self._per_address.pop(address, 1) - 1
            if left > 0:
                self._per_address[address] = left
            self._gone(conn)
            conn.close()
            if task is not None:
                self._tasks.discard(task)

    def _error(self, conn: Connection, code: str, text: str, params: Mapping[str, int | str] | None = None,
               *, fatal: bool = False) -> None:
        """Tell the connection what went wrong: ``code`` and ``params`` for the player's
        client to word, ``text`` in English for the log and a person reading with nc."""
        conn.write(encode({"type": "error", "code": code, "params": dict(params or {}), "message": text[:500],
                           "fatal": fatal}))
        if fatal:
            self.log_once(code, f"error {conn.who}: {code}: {text}")

    async def _serve(self, conn: Connection) -> None:
        deadline = time.monotonic() + self.limits.hello
        try:
            while not conn.closed:
                message = self._message_of(conn, await self._read_line(conn, deadline))
                if message is None:
                    continue
                try:
                    self._dispatch(conn, message)
                except Exception as error:  # a bug must not end the connection or the server
                    self.log(f"error {conn.who}: internal {type(error).__name__}: {error} "
                             f"(handling {message['type']!r})")
                    self._error(conn, "server", "the server could not handle that message")
        except _HangUp:
            return

    async def _read_line(self, conn: Connection, deadline: float) -> bytes:
        """The connection's next line; :class:`_HangUp` (the client told why) when it
        said nothing in time, sent a line too long, or closed the connection."""
        greeted = conn.player is not None
        wait = self.limits.idle if greeted else deadline - time.monotonic()
        if wait <= 0:
            self._error(conn, "hello-timeout", "say hello first", fatal=True)
            raise _HangUp
        try:
            return await asyncio.wait_for(conn.reader.readuntil(b"\n"), wait)
        except asyncio.TimeoutError:
            if greeted:
                self._error(conn, "idle", f"nothing heard for {self.limits.idle:g} s "
                            "(a client sends 'ping' to stay connected)", {"seconds": round(self.limits.idle)},
                            fatal=True)
            else:
                self._error(conn, "hello-timeout", "no hello in time", fatal=True)
        except asyncio.LimitOverrunError:
            self._error(conn, "line-too-long", f"a line may have at most {MAX_LINE} bytes", {"limit": MAX_LINE},
                        fatal=True)
        except asyncio.IncompleteReadError as partial:
            if partial.partial.strip():
                self._error(conn, "bad-json", "the last line had no newline")
        raise _HangUp

    def _message_of(self, conn: Connection, line: bytes) -> dict[str, Any] | None:
        """The message on ``line``, or None when it is skipped (blank, bad JSON, over the
        flood rate); :class:`_HangUp` for a flood or a line too long."""
        verdict = conn.flood()
        if verdict == "cut":
            self._error(conn, "flood", f"more than {FLOOD_DISCONNECT} messages in a second",
                        {"limit": FLOOD_DISCONNECT}, fatal=True)
            raise _HangUp
        if verdict == "drop":
            if not conn._warned:
                conn._warned = True
                self._error(conn, "flood", f"more than {FLOOD_RATE} messages a second: ignored", {"limit": FLOOD_RATE})
            return None
        body = line[:-1]
        if len(body) > MAX_LINE:  # within the reader's slack: as fatal as a longer one
            self._error(conn, "line-too-long", f"a line may have at most {MAX_LINE} bytes", {"limit": MAX_LINE},
                        fatal=True)
            raise _HangUp
        if not body.strip():
            return None
        try:
            return decode(body)
        except ProtocolError as error:
            self._error(conn, error.code, str(error), error.params)
            return None

    def _hello(self, conn: Connection, message: dict[str, Any]) -> None:
        if message["version"] != PROTOCOL_VERSION:
            self._error(conn, "version", f"this server speaks protocol version {PROTOCOL_VERSION}",
                        {"version": PROTOCOL_VERSION}, fatal=True)
            conn.close()
            return
        address = conn.address
        if self._bad_tokens.full(address):
            self._error(conn, "too-many-tries", "too many wrong keys from your address: "
                        "wait a minute and try again", fatal=True)
            conn.close()
            return
        room_for_new = self.players.count < self.limits.players
        may_create = room_for_new and not self._new_names.full(address)
        try:
            player, token = self.players.identify(message["name"], message.get("token"), may_create=may_create)
        except IdentityError as error:
            code, text = error.code, str(error)
            if code == "new-names":
                code, text = ("server-full", f"this server has its {self.limits.players} players: "
                              "no new names; join with a name you already have") if not room_for_new else (
                              "new-names", "too many new names from your address: wait a minute "
                              "(or join with a name you already have)")
            elif code in ("bad-token", "token-required"):
                self._bad_tokens.add(address)
            self._error(conn, code, text, error.params, fatal=True)
            conn.close()
            return
        except (OSError, StoreError) as error:
            self._error(conn, "server", "the player's data cannot be opened on the server", fatal=True)
            self.log_once(f"player-data/{type(error).__name__}", f"error player {message['name']}: {error}")
            conn.close()
            return
        if token is not None:
            self._new_names.add(address)
        old = self.by_key.get(player.key)
        if old is not None and old is not conn:
            old.write(encode({"type": "bye", **note(NoteCode.SIGNED_IN_ELSEWHERE)}))
            old.player = None  # its leaving must not free the seat
            old.close()
        conn.player = player
        self.by_key[player.key] = conn
        table = self.table_of(player.key)
        welcome: dict[str, Any] = {
            "type": "welcome", "version": PROTOCOL_VERSION, "name": player.name,
            "bankroll": player.refresh(), "tables": self.lobby(),
            "seated": None,
        }
        if token is not None:
            welcome["token"] = token
        if table is not None:
            welcome["seated"] = {"table": table.id, "seat": table.seat_of(player.key)}
        conn.write(encode(welcome))
        self.log(f"join {player.name} from {conn.peer}" + (" (new player)" if token else ""))
        if table is not None:
            table.reconnect(player)

    def _gone(self, conn: Connection) -> None:
        player = conn.player
        if player is None:
            return
        if self.by_key.get(player.key) is conn:
            del self.by_key[player.key]
            table = self.table_of(player.key)
            if table is not None:
                table.disconnect(player.key)
            else:  # nothing of theirs is in play: their files are closed until they return
                self.players.release(player.key)
            self.log(f"leave {player.name} (disconnected)")


async def _run(args: argparse.Namespace, data_dir: Path) -> int:
    server = Server(data_dir, host=args.host, port=args.port, turn_timeout=args.turn_timeout, seed=args.seed,
                    limits=limits_of(args))
    try:
        await server.start()
    except OSError as error:
        server.players.close()
        where = _("cannot listen on {address}: {why}").format(address=f"{args.host}:{args.port}",
                                                              why=error.strerror or error)
        print(_("cardtable: error: {message}").format(message=where), file=sys.stderr)
        return 2
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, server.request_stop)
        except (NotImplementedError, RuntimeError):  # not on this platform / thread
            pass
    await server.wait_stopped()
    return 0


def serve_main(args: argparse.Namespace, data_dir: Path) -> int:
    """Run the server until it is stopped; the exit code."""
    return asyncio.run(_run(args, data_dir))
