"""A hostile server against ``cardtable join``: escape sequences (OSC 52 clipboard write,
window title, clear screen) and Rich markup in every string it sends never reach the
player's terminal — neither while the app runs nor in what it prints after. The join
client runs in a real pseudo-terminal and every byte it writes there is searched."""

from __future__ import annotations

import asyncio
import fcntl
import json
import os
import pty
import struct
import sys
import termios
from pathlib import Path
from typing import Any

import pytest

from cardtable.net.tokens import TokenBook
from cardtable.ui.remote import Remote, SharedSession

pytestmark = pytest.mark.timeout(60)

CLIPBOARD = "\x1b]52;c;SGVsbG8gd29ybGQ=\x07"  # OSC 52: "Hello world" into the clipboard
TITLE = "\x1b]0;pwned-title\x1b\\"
CLEAR = "\x1b[2J\x1b[3J"
LINK = "[link=https://evil.example/x]click me[/link]"
HOSTILE = f"{CLIPBOARD}{TITLE}{CLEAR}{LINK}\x9b6n\x07"


def _script(after_hello: list[dict[str, Any]]) -> list[bytes]:
    return [(json.dumps(m) + "\n").encode() for m in after_hello]


WELCOME = {"type": "welcome", "version": 1, "name": "alice", "bankroll": 100000, "seated": None,
           "token": "t" * 32,
           "tables": [{"table": 1, "game": "blackjack", "phase": "betting", "round": 3, "free": 4,
                       "seats": [{"name": f"bob{HOSTILE}", "kind": "human"}, None, None, None, None]}]}


async def _fake_server(lines: list[bytes], pause: float = 0.0) -> tuple[asyncio.Server, int, list[bytes]]:
    """A server that answers a hello with ``lines`` (then holds the connection)."""
    heard: list[bytes] = []

    async def client(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        heard.append(await reader.readline())
        for line in lines:
            writer.write(line)
            await writer.drain()
            if pause:
                await asyncio.sleep(pause)
        try:
            await reader.read()  # until the client goes
        finally:
            writer.close()

    server = await asyncio.start_server(client, "127.0.0.1", 0)
    return server, server.sockets[0].getsockname()[1], heard


async def test_every_string_the_client_takes_in_is_clean(tmp_path: Path) -> None:
    """The one entry point (``SharedSession._read``): each message handed on is clean."""
    messages: list[dict[str, Any]] = [
        {"type": "lobby", "tables": WELCOME["tables"]},
        {"type": "error", "code": f"x{CLEAR}", "message": HOSTILE, "fatal": False},
        {"type": "table", "table": 1, "message": HOSTILE, "seats": [{"name": HOSTILE, "hands": [[HOSTILE]]}]},
        {"type": "bye", "message": HOSTILE},
    ]
    server, port, _ = await _fake_server(_script([WELCOME, *messages]))
    received: list[dict[str, Any]] = []
    session = SharedSession(Remote("127.0.0.1", port), TokenBook(None), received.append)
    async with server:
        await session.connect("alice")
        reading = asyncio.ensure_future(session.run())
        while len(received) < len(messages):
            await asyncio.sleep(0.01)
        await session.close()
        reading.cancel()
    text = json.dumps(received, ensure_ascii=False)
    for bad in ("\x1b", "\x07", "\x9b", "SGVsbG8", "pwned"):
        assert bad not in text
    assert received[1]["message"] == "\\[link=https://evil.example/x]click me\\[/link]"
    assert received[2]["seats"][0]["hands"][0][0] == received[1]["message"]


def _run_in_a_terminal(argv: list[str], seconds: float) -> bytes:
    """Run ``argv`` in an 80x24 pseudo-terminal; every byte it wrote there."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    pid = os.fork()
    if pid == 0:  # the child: the terminal is its stdin, stdout and stderr
        os.setsid()
        fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
        for fd in (0, 1, 2):
            os.dup2(slave, fd)
        os.execve(argv[0], argv, dict(os.environ, TERM="xterm-256color", COLUMNS="80", LINES="24"))
    os.close(slave)
    out = bytearray()
    import select
    import time

    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(master, 65536)
                except OSError:  # the child ended: its side of the terminal closed
                    break
                if not chunk:
                    break
                out += chunk
    finally:
        os.close(master)
        ended, _ = os.waitpid(pid, os.WNOHANG)
        if ended == 0:
            os.kill(pid, 9)
            os.waitpid(pid, 0)
    return bytes(out)


async def test_a_hostile_server_cannot_write_to_the_player_s_terminal(tmp_path: Path) -> None:
    lines = _script([
        WELCOME,
        {"type": "lobby", "tables": WELCOME["tables"]},
        {"type": "error", "code": "bad-bet", "params": {"why": HOSTILE}, "message": f"refused {HOSTILE}",
         "fatal": False},
        {"type": "error", "code": "bad-token", "params": {"name": f"{CLEAR}{LINK}{HOSTILE}"},
         "message": f"closing {HOSTILE}", "fatal": True},
    ])
    server, port, heard = await _fake_server(lines, pause=1.0)
    async with server:
        argv = [sys.executable, "-m", "cardtable", "join", f"127.0.0.1:{port}", "--name", "alice",
                "--data-dir", str(tmp_path / "me"), "--no-animation"]
        out = await asyncio.get_running_loop().run_in_executor(None, _run_in_a_terminal, argv, 40.0)
    assert heard and json.loads(heard[0])["name"] == "alice"
    # The app ran and said the server's last words (its code and parameters, worded by the
    # client: never its English message) after it ended ...
    assert b"the server ended the connection: That is not the key of" in out, out[-2000:]
    assert b"closing" not in out
    assert b"click me" in out
    # ... and nothing the server sent reached the terminal as a sequence.
    for payload in (b"SGVsbG8", b"pwned", b"\x1b]52", b"\x1b]0;p", b"\x1b]8;", b"\x9b", b"\x1b[6n"):
        assert payload not in out, payload
