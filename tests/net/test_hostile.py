"""Hostile clients against ``cardtable serve`` (127.0.0.1 only, bounded in time): throw-away
names under a low open-file limit, silent and half-open connections, oversized lines,
names that are bad file names, floods of new names and wrong keys. Whatever they do,
a known player still joins and plays, and the log says each cause once."""

from __future__ import annotations

import asyncio
import os
import resource
import signal
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from cardtable.net.client import Client, ServerClosed
from cardtable.net.connection import Limits
from cardtable.net.protocol import MAX_LINE, SERVER, validate
from cardtable.net.server import Server
from cardtable.store import Store

pytestmark = pytest.mark.timeout(90)

#: Throw-away names thrown at a server held to OPEN_FILES open files (the issue's figure
#: was 337 names against 1,024; here proportionally more than that, against 256).
OPEN_FILES = int(os.environ.get("CARDTABLE_HOSTILE_FILES", "256"))
THROWAWAY = int(os.environ.get("CARDTABLE_HOSTILE_NAMES", "180"))


async def _server(data_dir: Path, logs: list[str], limits: Limits) -> Server:
    server = Server(data_dir, port=0, turn_timeout=5.0, bet_window=5.0, log=logs.append, limits=limits)
    await server.start()
    return server


@pytest.fixture
async def run(data_dir: Path) -> AsyncIterator[Any]:
    """``await run(limits)``: a server with those limits (stopped after the test)."""
    started: list[Server] = []
    clients: list[Client] = []
    logs: list[str] = []

    async def start(limits: Limits) -> tuple[Server, list[str], list[Client]]:
        server = await _server(data_dir, logs, limits)
        started.append(server)
        return server, logs, clients

    yield start
    for server in started:
        server.request_stop(now=True)
        await asyncio.wait_for(server.wait_stopped(), 10)
    for c in clients:
        for m in c.messages:
            validate(m, SERVER)
        await c.close()
    assert not [line for line in logs if "internal" in line], logs


async def _connect(server: Server, clients: list[Client]) -> Client:
    c = await Client.connect("127.0.0.1", server.port)
    clients.append(c)
    return c


async def _closed(c: Client, seconds: float = 10.0) -> bool:
    """Whether the server closes the connection within ``seconds`` (reading what comes)."""
    try:
        while True:
            await c.next(seconds)
    except ServerClosed:
        return True
    except asyncio.TimeoutError:
        return False


async def _refused(c: Client, code: str) -> dict[str, Any]:
    error = await c.wait_for("error", timeout=10)
    assert (error["code"], error["fatal"]) == (code, True), error
    assert await _closed(c)
    return error


# -- names ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "code", "words"),
    [
        ("CON", "bad-name", "name-device"),
        ("nul", "bad-name", "name-device"),
        ("Com1", "bad-name", "name-device"),
        ("lpt9", "bad-name", "name-device"),
        ("-rf", "bad-name", "name-dash"),
        ("--", "bad-name", "name-dash"),
        ("a.b", "bad-field", "not allowed"),
        ("..", "bad-field", "not allowed"),
        ("a/b", "bad-field", "not allowed"),
        ("", "bad-field", "not allowed"),
    ],
)
async def test_names_that_are_bad_file_names_are_refused_with_words(
    run: Any, data_dir: Path, name: str, code: str, words: str
) -> None:
    server, logs, clients = await run(Limits())
    c = await _connect(server, clients)
    answer = await c.hello(name)
    assert answer["type"] == "error" and answer["code"] == code, answer
    if code == "bad-name":  # which rule: the client words it
        assert answer["params"]["why"] == words, answer
    else:  # the field, for the client; why, in English, for the log
        assert answer["params"] == {"field": "name"} and words in answer["message"], answer
    assert list((data_dir / "players").iterdir()) == []  # nothing was made


async def test_new_names_are_limited_per_address_and_in_all(run: Any, data_dir: Path) -> None:
    server, logs, clients = await run(Limits(new_names=3, players=5))
    tokens = {}
    for i in range(3):
        c = await _connect(server, clients)
        tokens[f"p{i}"] = (await c.hello(f"p{i}"))["token"]
        await c.close()
    c = await _connect(server, clients)
    error = await c.hello("p3")
    assert error["code"] == "new-names" and "wait a minute" in error["message"]
    # A known name still joins.
    c = await _connect(server, clients)
    assert (await c.hello("p0", tokens["p0"]))["type"] == "welcome"
    # The total: a server that has its players takes no new name, whatever the address.
    server._new_names.allowed = 100
    for i in (3, 4):
        c = await _connect(server, clients)
        assert (await c.hello(f"p{i}"))["type"] == "welcome"
    c = await _connect(server, clients)
    error = await c.hello("p5")
    assert error["code"] == "server-full" and "no new names" in error["message"]
    assert sorted(p.name for p in (data_dir / "players").iterdir()) == ["p0", "p1", "p2", "p3", "p4"]


async def test_wrong_keys_are_throttled_per_address(run: Any) -> None:
    server, logs, clients = await run(Limits(bad_tokens=3))
    c = await _connect(server, clients)
    token = (await c.hello("alice"))["token"]
    await c.close()
    for _ in range(3):
        c = await _connect(server, clients)
        assert (await c.hello("alice", "x" * 32))["code"] == "bad-token"
    c = await _connect(server, clients)
    error = await c.hello("alice", token)  # even the right key waits now
    assert error["code"] == "too-many-tries" and "wait a minute" in error["message"]
    # Each cause is logged once, not once per attempt.
    assert len([line for line in logs if "bad-token" in line]) == 1


async def test_an_error_repeated_is_logged_once_with_a_count(run: Any) -> None:
    server, logs, clients = await run(Limits())
    for _ in range(20):
        c = await _connect(server, clients)
        await c.hello("CON")
        await c.close()
    assert len([line for line in logs if "bad-name" in line]) == 1
    server.log_once._causes["bad-name"][0] -= 120  # a minute later
    c = await _connect(server, clients)
    await c.hello("nul")
    said = [line for line in logs if "bad-name" in line]
    assert len(said) == 2 and "(19 more like this in the last minute)" in said[1]


# -- connections -----------------------------------------------------------------------------------


async def test_a_silent_connection_is_let_go_and_a_pinging_one_stays(run: Any) -> None:
    server, logs, clients = await run(Limits(idle=1.0, hello=1.0))
    silent = await _connect(server, clients)
    await silent.hello("silent")
    pinging = await _connect(server, clients)
    await pinging.hello("pinging")
    half_open = await _connect(server, clients)  # never says hello

    async def ping_until_both_are_gone() -> int:
        pings = 0
        while not (silent_gone.done() and half_open_gone.done()):
            await pinging.send({"type": "ping", "id": pings})
            def answers(m: dict[str, Any], sent: int = pings) -> bool:
                return bool(m.get("id") == sent)

            await pinging.wait_for("pong", answers)
            pings += 1
            await asyncio.sleep(0.1)
        return pings

    silent_gone = asyncio.ensure_future(_refused(silent, "idle"))
    half_open_gone = asyncio.ensure_future(_refused(half_open, "hello-timeout"))
    pings = await ping_until_both_are_gone()
    assert "ping" in silent_gone.result()["message"]
    assert pings >= 2  # the pinging one was there all along, and still is
    await pinging.send({"type": "ping", "id": 10**6})
    assert (await pinging.wait_for("pong"))["id"] == 10**6
    assert not [m for m in pinging.messages if m["type"] == "error"]


async def test_connections_per_address_are_capped(run: Any) -> None:
    server, logs, clients = await run(Limits(per_address=4, idle=1.0))
    held = [await _connect(server, clients) for _ in range(4)]
    for i, c in enumerate(held):
        await c.hello(f"h{i}")
    extra = await _connect(server, clients)
    error = await _refused(extra, "too-many-connections")
    assert "at most 4 connections from one address" in error["message"]
    for c in held:  # silent: let go, and the room is free again
        assert await _closed(c)
    again = await _connect(server, clients)
    assert (await again.hello("late"))["type"] == "welcome"


@pytest.mark.parametrize("size", [MAX_LINE + 1, MAX_LINE + 2, 100_000, 2 * MAX_LINE + 5, 1_000_000])
async def test_a_line_over_the_limit_is_fatal(run: Any, size: int) -> None:
    """As docs/protocol.md says: an ``error`` ``line-too-long`` (fatal), then the end."""
    server, logs, clients = await run(Limits())
    c = await _connect(server, clients)
    await c.hello("alice")
    line = b'{"type":"ping","pad":"' + b"x" * (size - 24) + b'"}'
    assert len(line) == size
    await c.send_raw(line + b"\n")
    await _refused(c, "line-too-long")


async def test_stores_are_opened_on_demand_and_closed_when_the_player_leaves(run: Any) -> None:
    server, logs, clients = await run(Limits(open_stores=3))
    for i in range(10):
        c = await _connect(server, clients)
        await c.hello(f"n{i}")
        assert server.players.open_stores() <= 3
        await c.close()
    for _ in range(100):
        if server.players.open_stores() == 0:
            break
        await asyncio.sleep(0.02)
    assert server.players.open_stores() == 0


async def test_a_start_opens_only_the_stores_with_an_open_round(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    logs: list[str] = []
    server = await _server(data_dir, logs, Limits())
    clients = []
    for i in range(12):
        c = await Client.connect("127.0.0.1", server.port)
        clients.append(c)
        await c.hello(f"idle{i}")
    server.request_stop(now=True)
    await asyncio.wait_for(server.wait_stopped(), 10)
    for c in clients:
        await c.close()
    opened: list[Path] = []
    real_open = Store.open.__func__  # type: ignore[attr-defined]

    def counting(cls: type[Store], folder: Any = None) -> Store:
        opened.append(Path(folder))
        return real_open(cls, folder)  # type: ignore[no-any-return]

    monkeypatch.setattr(Store, "open", classmethod(counting))
    again = await _server(data_dir, logs, Limits())
    assert opened == []
    again.request_stop(now=True)
    await asyncio.wait_for(again.wait_stopped(), 10)


# -- throw-away names under a low open-file limit --------------------------------------------------


async def _start_process(data: Path, port: int) -> asyncio.subprocess.Process:
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (OPEN_FILES, OPEN_FILES))

    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "cardtable", "serve", "--data-dir", str(data), "--port", str(port),
        "--new-names-per-minute", "100000", "--max-players", "100000", "--turn-timeout", "10",
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE, preexec_fn=limit,
    )
    assert proc.stderr is not None
    said = b""
    while b"listening on" not in (line := await asyncio.wait_for(proc.stderr.readline(), 30)):
        assert line, "the server ended before listening"
        said += line
    # The limit is too low for the defaults: said once, and the server fits itself to it.
    assert said.count(b"\n") == 1 and b"warning: only %d open files are allowed" % OPEN_FILES in said, said
    return proc


async def _play_a_round(c: Client) -> None:
    await c.send({"type": "sit"})
    await c.wait_for("seated", timeout=10)
    await c.send({"type": "bet", "amount": 500})
    while True:
        message = await c.wait_for(("turn", "round_settled"), timeout=20)
        if message["type"] == "round_settled":
            return
        await c.send({"type": "act", "action": "stand"})


async def _stop(proc: asyncio.subprocess.Process) -> str:
    proc.send_signal(signal.SIGTERM)
    assert proc.stderr is not None
    err = (await asyncio.wait_for(proc.stderr.read(), 30)).decode()
    assert await asyncio.wait_for(proc.wait(), 30) == 0
    return err


async def test_throwaway_names_under_a_low_file_limit_lock_nobody_out(tmp_path: Path) -> None:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    data = tmp_path / "server"
    proc = await _start_process(data, port)
    try:
        alice = await Client.connect("127.0.0.1", port)
        token = (await alice.hello("alice"))["token"]
        await alice.close()
        for i in range(THROWAWAY):
            c = await Client.connect("127.0.0.1", port)
            assert (await c.hello(f"junk{i}", timeout=20))["type"] == "welcome"
            await c.close()
        files = len(os.listdir(f"/proc/{proc.pid}/fd"))
        print(f"{THROWAWAY} throw-away names under a limit of {OPEN_FILES} open files: {files} open")
        assert files < OPEN_FILES // 2, files
        alice = await Client.connect("127.0.0.1", port)
        assert (await alice.hello("alice", token))["type"] == "welcome"
        await _play_a_round(alice)
        await alice.close()
        err = await _stop(proc)
        assert "Too many open files" not in err and "cannot be read" not in err
        # And again after a restart, under the same limit.
        proc = await _start_process(data, port)
        alice = await Client.connect("127.0.0.1", port)
        assert (await alice.hello("alice", token))["type"] == "welcome"
        await _play_a_round(alice)
        await alice.close()
        err = await _stop(proc)
        assert "Too many open files" not in err
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    assert len([p for p in (data / "players").iterdir()]) == THROWAWAY + 1


def test_no_log_line_carries_control_characters(data_dir: Path) -> None:
    logs: list[str] = []
    server = Server(data_dir, log=logs.append)
    server.log("error x: internal ValueError: bad \x1b]0;title\x07name\x1b[2J\x00 here")
    server.players.close()
    assert logs == ["error x: internal ValueError: bad name here"]
