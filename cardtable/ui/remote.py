"""The join client's connection to a ``cardtable serve`` server.

:class:`SharedSession` is the app's one connection: it says hello (with the token kept
in the client's data folder, :class:`~cardtable.net.tokens.TokenBook`), reads the
server's messages in a task of the app's own event loop, and hands each one to the
app (:meth:`CardTableApp.shared_message`), which keeps the latest snapshot in a
reactive attribute that the shared table screens render. It decides nothing: every
action goes to the server, which is the authority, and comes back as a new snapshot.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..i18n import _
from ..i18n.refusals import word_refusal
from ..net.clean import clean_message, said
from ..net.protocol import MAX_LINE, PROTOCOL_VERSION, encode
from ..net.tokens import TokenBook

__all__ = ["Remote", "SharedSession", "JoinRefused"]

#: Seconds to wait for the server to answer the connection and the hello.
CONNECT_TIMEOUT = 8.0
#: Seconds between two ``ping`` messages: the server lets a silent connection go
#: (``cardtable serve --idle-timeout``, 120 s by default), a player watching a table is not.
PING_EVERY = 30.0


@dataclass(frozen=True)
class Remote:
    """Where ``cardtable join`` connects, and as whom (None: asked in a dialog)."""

    host: str
    port: int
    name: str | None = None
    #: Keep no key on this machine: it is shown at the first join and asked at the next.
    ask_key: bool = False

    @property
    def address(self) -> str:
        return f"[{self.host}]:{self.port}" if ":" in self.host else f"{self.host}:{self.port}"


def _reason(error: BaseException) -> str:
    """A connection failure in a few plain words."""
    if isinstance(error, asyncio.TimeoutError):
        return _("no answer")
    if isinstance(error, ConnectionRefusedError) or "refused" in str(error).lower() or "failed" in str(error):
        return _("nothing answers there (is 'cardtable serve' running on that port?)")
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    return str(error) or type(error).__name__


class JoinRefused(Exception):
    """The server could not be reached, or refused the hello; the message says why."""

    def __init__(self, text: str, code: str | None = None) -> None:
        super().__init__(text)
        #: The server's error code (``bad-token``, …), or None when it was not reached.
        self.code = code


class SharedSession:
    """One connection to the server, owned by the app."""

    def __init__(self, remote: Remote, tokens: TokenBook, deliver: Callable[[dict[str, Any]], None]) -> None:
        self.remote = remote
        self.tokens = tokens
        self.deliver = deliver
        self.name: str | None = None
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None
        #: The first ``welcome``: bankroll, tables, and a seat still held, if any.
        self.welcome: dict[str, Any] = {}
        self.closed = False
        #: Messages the app failed to take (see :meth:`deliver_failed`).
        self.failures = 0

    async def connect(self, name: str) -> dict[str, Any]:
        """Connect and say hello as ``name``; the ``welcome``, or :class:`JoinRefused`."""
        remote = self.remote
        try:
            self._reader, self._writer = await asyncio.wait_for(
                asyncio.open_connection(remote.host, remote.port, limit=4 * MAX_LINE), CONNECT_TIMEOUT
            )
        except (OSError, asyncio.TimeoutError) as error:
            raise JoinRefused(_("cannot reach the server at {address}: {why}").format(
                address=remote.address, why=_reason(error))) from None
        token = self.tokens.get(remote.host, remote.port, name)
        hello: dict[str, Any] = {"type": "hello", "version": PROTOCOL_VERSION, "name": name}
        if token is not None:
            hello["token"] = token
        self.send(hello)
        try:
            answer = await asyncio.wait_for(self._read(), CONNECT_TIMEOUT)
        except asyncio.TimeoutError:
            await self.close()
            silent = _("the server at {address} did not answer the hello").format(address=remote.address)
            raise JoinRefused(silent) from None
        if answer is None or answer.get("type") != "welcome":
            await self.close()
            code = answer.get("code") if answer is not None else None
            text = word_refusal(said(code, answer.get("params"))) if answer else _("the connection was closed")
            if code in ("token-required", "bad-token"):
                where = _("the key given is not its key") if self.tokens.path is None else (
                    _("or its key in {path} was lost").format(path=self.tokens.path)
                )
                text = _("the name {name} belongs to another player on this server ({where}): {why}").format(
                    name=repr(name), where=where, why=text)
            raise JoinRefused(_("the server refused the join: {why}").format(why=text), code=code)
        self.name = str(answer.get("name", name))
        new_token = answer.get("token")
        if isinstance(new_token, str) and not self.tokens.put(remote.host, remote.port, self.name, new_token):
            answer = {**answer, "token_problem": self.tokens.problem}
        self.welcome = answer
        return answer

    async def _read(self) -> dict[str, Any] | None:
        """The next message, or None when the server closed the connection.

        The one place where the server's bytes become data: every string of every
        message is cleaned here (:func:`~cardtable.net.clean.clean_message`), so no
        escape sequence or markup the server sent can reach the terminal."""
        if self._reader is None:
            return None
        while True:
            try:
                line = await self._reader.readline()
            except (ConnectionError, asyncio.IncompleteReadError, ValueError):
                return None
            if not line:
                return None
            try:
                message = clean_message(json.loads(line))
            except (ValueError, RecursionError):
                continue  # a line that does not read is skipped, never fatal
            if isinstance(message, dict) and isinstance(message.get("type"), str):
                return message

    async def run(self) -> None:
        """Hand every message to the app until the connection ends; then a ``closed``
        pseudo-message (``{"type": "connection-lost"}``) unless we closed it ourselves.
        Meanwhile a ``ping`` every :data:`PING_EVERY` seconds keeps a quiet player connected."""
        pinger = asyncio.create_task(self._ping())
        try:
            while True:
                message = await self._read()
                if message is None:
                    break
                try:
                    self.deliver(message)
                except Exception as error:  # noqa: BLE001 - one bad message must not end the game
                    self.deliver_failed(message, error)
        finally:
            pinger.cancel()
        if not self.closed:
            self.closed = True
            self.deliver({"type": "connection-lost"})

    async def _ping(self) -> None:
        while not self.closed:
            await asyncio.sleep(PING_EVERY)
            self.send({"type": "ping"})

    def deliver_failed(self, message: dict[str, Any], error: Exception) -> None:
        """A message the app could not take (a bug): said once, and the reading goes on,
        so the next snapshot puts the table right."""
        if self.failures == 0:
            try:
                self.deliver({"type": "client-error", "message": f"{message.get('type')}: {error!r}"})
            except Exception:  # noqa: BLE001
                pass
        self.failures += 1

    def send(self, message: dict[str, Any]) -> None:
        """Send one message (queued on the socket; never blocks the screen)."""
        writer = self._writer
        if writer is None or self.closed or writer.is_closing():
            return
        writer.write(encode(message))

    def abort(self) -> None:
        """Close the connection now (the app is ending; nothing waits for it)."""
        self.closed = True
        writer, self._writer = self._writer, None
        if writer is not None:
            writer.close()

    async def close(self) -> None:
        self.closed = True
        writer, self._writer = self._writer, None
        if writer is not None:
            writer.close()
            try:
                await writer.wait_closed()
            except (ConnectionError, OSError):
                pass
