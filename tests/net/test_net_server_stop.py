"""The shared-table server stopping, dying and starting again, and its log: a stop finishes
the round under way, a second stop keeps it for the next start, a round left by a killed
server is played out, and a failing log or handler never stops the server
(harness: ``net_harness``).
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from net_harness import Harness, dealt_to_two
from net_harness import harness_fixture as harness_fixture  # the fixture `harness`

from cardtable.core.blackjack_table import Table
from cardtable.core.cards import Shoe
from cardtable.net.client import Client
from cardtable.net.server import Server
from cardtable.store import START_BANKROLL as START
from cardtable.store import Store

pytestmark = pytest.mark.timeout(20)


async def test_stop_finishes_the_round_under_way_then_says_bye(harness: Harness) -> None:
    h = harness
    a, b = await dealt_to_two(h)
    late = await h.client("carol")
    h.server.request_stop()  # as SIGTERM does
    stopped = asyncio.ensure_future(h.server.wait_stopped())
    await asyncio.sleep(0.05)
    assert not stopped.done()  # the round is still being played
    # No new connection, no new seat while closing; the players still act.
    with pytest.raises(OSError):
        await Client.connect("127.0.0.1", h.server.port)
    await late.send({"type": "sit"})
    assert (await late.wait_for("error"))["code"] == "closing"
    await a.send({"type": "act", "action": "stand"})
    await b.wait_for("turn", lambda m: m["seat"] == 1)
    await b.send({"type": "act", "action": "stand"})
    for c in (a, b):
        await c.wait_for("round_settled")
        await c.wait_for("bye")
    await asyncio.wait_for(stopped, 5)
    for name in ("alice", "bob"):
        store = Store.open(h.server.data_dir / "players" / name)
        try:
            assert store.open_round("blackjack") is None
            assert len(store.history("blackjack")) == 1
        finally:
            store.close()


async def test_a_second_stop_stops_at_once_and_the_round_resumes_at_the_next_start(harness: Harness) -> None:
    h = harness
    a, b = await dealt_to_two(h)
    await a.send({"type": "act", "action": "stand"})
    await b.wait_for("turn", lambda m: m["seat"] == 1)
    h.server.request_stop()
    for c in (a, b):  # everyone is told at once
        assert (await c.wait_for("closing"))["code"] == "closes-after-round"
    h.server.request_stop()
    await asyncio.wait_for(h.server.wait_stopped(), 5)
    assert (await a.wait_for("bye"))["type"] == "bye"
    assert not any(m["type"] == "round_settled" for m in a.messages)
    assert [(m["seat"], m["by"]) for m in a.messages if m["type"] == "action"] == [(0, "player")]
    # The round is kept in both stores, stakes committed, and resumes at the next start.
    data_dir = h.server.data_dir
    for name in ("alice", "bob"):
        store = Store.open(data_dir / "players" / name)
        try:
            assert store.open_round("blackjack") is not None and store.bankroll == START - 500
        finally:
            store.close()
    again = Server(data_dir, port=0, turn_timeout=0.3, seed=7, log=lambda _: None)
    await again.start()
    try:
        (table,) = again.tables.values()
        assert table.phase == "playing"
        await until_settled(again)
    finally:
        again.request_stop(now=True)
        await again.wait_stopped()
    for name in ("alice", "bob"):
        store = Store.open(data_dir / "players" / name)
        try:
            assert store.open_round("blackjack") is None and len(store.history("blackjack")) == 1
        finally:
            store.close()


async def until_settled(server: Server) -> None:
    """Until every table of ``server`` is between rounds (bob's turn times out)."""
    for _ in range(200):
        if all(t.idle for t in server.tables.values()):
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the resumed round was not settled")


async def test_a_round_left_open_by_a_killed_server_is_played_out_by_the_next(data_dir: Path) -> None:
    logs: list[str] = []
    server = Server(data_dir, port=0, turn_timeout=5.0, bet_window=5.0, seed=5, log=logs.append)
    await server.start()
    a = await Client.connect("127.0.0.1", server.port)
    await a.hello("alice")
    token = a.token
    await a.send({"type": "sit"})
    await a.wait_for("seated")
    server.tables[1].core = Table(server.tables[1].rules, shoe=Shoe.stacked("TH 7D 6H 9C 5D 4S 3S"))
    await a.send({"type": "bet", "amount": 500})
    await a.wait_for("turn")
    await a.send({"type": "act", "action": "hit"})  # 16 + 5D = 21: closes; the dealer plays
    await a.wait_for("round_settled")
    await a.send({"type": "bet", "amount": 500})
    await a.wait_for("turn", lambda m: True)
    # The server dies here (no stop): the round stays open in alice's store.
    for t in server.tables.values():
        t._cancel_turn()
    server._stopped.set()
    await a.close()
    await server.wait_stopped()
    assert Store.open(data_dir / "players" / "alice").open_round("blackjack") is not None
    again = Server(data_dir, port=0, turn_timeout=0.2, seed=5, log=logs.append)
    await again.start()
    try:
        assert any(line.startswith("resumed table 1") for line in logs)
        c = await Client.connect("127.0.0.1", again.port)
        welcome = await c.hello("alice", token)
        assert welcome["seated"] == {"table": 1, "seat": 0}
        await c.wait_for("round_settled", timeout=5)  # her turn timed out and stood
        store = again.players.load("alice").store
        assert store.open_round("blackjack") is None
        assert len(store.history("blackjack")) == 2
        assert store.reconcile()[0] == store.reconcile()[1]
        await c.close()
    finally:
        again.request_stop(now=True)
        await again.wait_stopped()


async def test_a_log_that_cannot_be_written_never_stops_a_stop(data_dir: Path) -> None:
    """Ctrl-C on ``cardtable serve 2>&1 | tee log`` ends tee too: every later line fails
    with BrokenPipeError. The stop must still finish the round and close (it hung)."""
    broken = False

    def log(text: str) -> None:
        if broken:
            raise BrokenPipeError(32, "Broken pipe")

    server = Server(data_dir, port=0, turn_timeout=5.0, bet_window=5.0, seed=7, log=log)
    await server.start()
    c = await Client.connect("127.0.0.1", server.port)
    assert (await c.hello("alice"))["type"] == "welcome"
    await c.send({"type": "sit"})
    await c.wait_for("seated")
    broken = True
    server.request_stop()
    await asyncio.wait_for(server.wait_stopped(), 5)
    assert (await c.wait_for("bye"))["type"] == "bye"
    await c.close()


async def test_a_bug_in_handling_one_message_is_logged_and_the_connection_stays(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    logs: list[str] = []
    server = Server(data_dir, port=0, seed=1, log=logs.append)
    await server.start()
    try:
        a = await Client.connect("127.0.0.1", server.port)
        await a.hello("alice")
        await a.send({"type": "sit"})
        await a.wait_for("seated")

        def broken(*args: object) -> None:
            raise KeyError("boom")

        monkeypatch.setattr(server.tables[1], "bet", broken)
        await a.send({"type": "bet", "amount": 500})
        error = await a.wait_for("error")
        assert (error["code"], error["fatal"]) == ("server", False)
        await a.send({"type": "ping", "id": 1})
        assert (await a.wait_for("pong"))["id"] == 1
        (line,) = [line for line in logs if "internal" in line]
        assert "KeyError" in line and "'bet'" in line
        await a.close()
    finally:
        server.request_stop(now=True)
        await server.wait_stopped()


async def test_joins_leaves_and_errors_are_logged_one_line_each(harness: Harness) -> None:
    h = harness
    a = await h.client("alice")
    await a.send({"type": "sit"})
    await a.wait_for("seated")
    await a.close()
    for _ in range(500):
        if any(line.startswith("leave alice") for line in h.logs):
            break
        await asyncio.sleep(0.01)
    assert any(line.startswith("join alice") for line in h.logs)
    assert any(line.startswith("leave alice") for line in h.logs)
    assert all("\n" not in line for line in h.logs)
