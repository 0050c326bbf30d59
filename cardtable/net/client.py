"""A minimal asyncio client of the shared-table protocol (tests, benchmarks, and the
base of a later ``cardtable join`` adapter).

It keeps every byte it receives (``raw``) so that a test can search them, and every
message in order (``messages``); :meth:`Client.wait_for` waits for a message matching a
type and a condition, reading past the others.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from .protocol import MAX_LINE, PROTOCOL_VERSION, encode

__all__ = ["Client", "ServerClosed"]


class ServerClosed(Exception):
    """The server closed the connection."""


class Client:
    """One connection to a server."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.raw = bytearray()
        self.messages: list[dict[str, Any]] = []
        self._read = 0  # messages already returned by wait_for/next
        self.token: str | None = None
        self.name: str | None = None

    @classmethod
    async def connect(cls, host: str, port: int) -> Client:
        reader, writer = await asyncio.open_connection(host, port, limit=4 * MAX_LINE)
        return cls(reader, writer)

    async def hello(self, name: str, token: str | None = None, version: int = PROTOCOL_VERSION,
                    timeout: float = 5.0) -> dict[str, Any]:
        """Say hello; the ``welcome`` (its token kept) or the ``error``."""
        message: dict[str, Any] = {"type": "hello", "version": version, "name": name}
        if token is not None:
            message["token"] = token
        await self.send(message)
        answer = await self.wait_for(("welcome", "error"), timeout=timeout)
        if answer["type"] == "welcome":
            self.name = answer["name"]
            self.token = answer.get("token", token)
        return answer

    async def send(self, message: dict[str, Any]) -> None:
        self.writer.write(encode(message))
        await self.writer.drain()

    async def send_raw(self, data: bytes) -> None:
        self.writer.write(data)
        await self.writer.drain()

    async def _receive(self, timeout: float) -> dict[str, Any]:
        try:
            line = await asyncio.wait_for(self.reader.readline(), timeout)
        except (ConnectionError, asyncio.IncompleteReadError):
            raise ServerClosed from None
        if not line:
            raise ServerClosed
        self.raw += line
        message: dict[str, Any] = json.loads(line)
        self.messages.append(message)
        return message

    async def next(self, timeout: float = 5.0) -> dict[str, Any]:
        """The next message not yet returned."""
        if self._read < len(self.messages):
            self._read += 1
            return self.messages[self._read - 1]
        message = await self._receive(timeout)
        self._read = len(self.messages)
        return message

    async def wait_for(
        self,
        kinds: str | tuple[str, ...],
        where: Callable[[dict[str, Any]], bool] | None = None,
        timeout: float = 5.0,
    ) -> dict[str, Any]:
        """The next message of one of ``kinds`` (and matching ``where``); the ones read
        past stay in :attr:`messages`. ``asyncio.TimeoutError`` after ``timeout``."""
        if isinstance(kinds, str):
            kinds = (kinds,)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            message = await self.next(max(0.0, deadline - loop.time()))
            if message["type"] in kinds and (where is None or where(message)):
                return message

    async def drain_for(self, seconds: float) -> None:
        """Read whatever arrives for ``seconds``."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        try:
            while loop.time() < deadline:
                await self.next(max(0.0, deadline - loop.time()))
        except asyncio.TimeoutError:
            pass

    async def close(self) -> None:
        self.writer.close()
        try:
            await self.writer.wait_closed()
        except (ConnectionError, OSError):
            pass
