"""The shared-table server given bad input: bets it refuses, malformed lines, bad hellos,
an over-long line and a flood each get an error and change nothing (harness: ``net_harness``).
"""

from __future__ import annotations

from typing import Any

import pytest
from net_harness import Harness
from net_harness import harness_fixture as harness_fixture  # the fixture `harness`

from cardtable.core.blackjack import Rules
from cardtable.core.blackjack_table import Table
from cardtable.net.client import ServerClosed
from cardtable.net.protocol import MAX_LINE

pytestmark = pytest.mark.timeout(20)


async def test_bets_over_the_bankroll_or_the_limits_change_nothing(harness: Harness) -> None:
    h = harness
    a = await h.client("alice")
    await a.send({"type": "bet", "amount": 500})
    assert (await a.wait_for("error"))["code"] == "not-seated"
    await a.send({"type": "sit"})
    await a.wait_for("seated")
    table = h.server.tables[1]
    for amount in (499, 50_001):
        await a.send({"type": "bet", "amount": amount})
        error = await a.wait_for("error")
        assert error["code"] == "bad-bet", error
        assert error["params"] == {"why": "bet-limits", "min": 500, "max": 50_000}, error
    table.rules = Rules(max_bet=10**7)  # a table whose limit is above the bankroll
    table.core = Table(table.rules, shoe=table.core.shoe)
    await a.send({"type": "bet", "amount": 100_001})
    error = await a.wait_for("error")
    assert error["code"] == "bad-bet", error
    assert error["params"] == {"why": "bet-over-bankroll", "bankroll": 100_000, "amount": 100_001}, error
    store = h.server.players.load("alice").store
    assert store.bankroll == 100_000 and store.open_round("blackjack") is None
    assert h.server.tables[1].round_no == 0
    await a.send({"type": "act", "action": "hit"})
    assert (await a.wait_for("error"))["code"] == "not-your-turn"
    await a.send({"type": "refill"})
    assert (await a.wait_for("error"))["code"] == "refill"


BAD_LINES: list[tuple[bytes, str]] = [
    (b"{not json\n", "bad-json"),
    (b"\xff\xfe\n", "bad-json"),
    (b"[1, 2]\n", "not-object"),
    (b'{"kind": "hello"}\n', "no-type"),
    (b'{"type": "shuffle"}\n', "unknown-type"),
    (b'{"type": "bet"}\n', "bad-field"),
    (b'{"type": "bet", "amount": "500"}\n', "bad-field"),
    (b'{"type": "bet", "amount": 5.5}\n', "bad-field"),
    (b'{"type": "bet", "amount": true}\n', "bad-field"),
    (b'{"type": "bet", "amount": -5}\n', "bad-field"),
    (b'{"type": "bet", "amount": 1e400}\n', "bad-field"),
    (b'{"type": "bet", "amount": NaN}\n', "bad-json"),
    (b'{"type": "act", "action": "surrender"}\n', "bad-field"),
    (b'{"type": "act", "action": "hit", "extra": 1}\n', "bad-field"),
    (b'{"type": "sit", "table": 99}\n', "no-table"),
    (b'{"type": "hello", "version": 1, "name": "alice"}\n', "already-greeted"),
    (b"[" * 5000 + b"\n", "bad-json"),
]


async def test_every_bad_line_gets_an_error_and_changes_nothing(harness: Harness) -> None:
    h = harness
    a = await h.client("alice")
    for line, code in BAD_LINES:
        await a.send_raw(line)
        error = await a.wait_for("error")
        assert (error["code"], error["fatal"]) == (code, False), line[:40]
    # Still connected and served; nothing happened to any table or bankroll.
    await a.send({"type": "ping", "id": 3})
    assert (await a.wait_for("pong"))["id"] == 3
    assert h.server.tables == {}
    assert h.server.players.load("alice").store.bankroll == 100_000


async def test_bad_hellos(harness: Harness) -> None:
    h = harness
    c = await h.client()
    await c.send({"type": "sit"})
    assert (await c.wait_for("error"))["code"] == "hello-first"
    answer = await c.hello("bad name!")
    assert answer["code"] == "bad-field"
    answer = await c.hello("alice", version=99)
    assert (answer["code"], answer["fatal"]) == ("version", True)
    with pytest.raises(ServerClosed):
        await c.next(timeout=2)


async def test_a_line_over_64_kib_is_refused_and_the_client_let_go(harness: Harness) -> None:
    h = harness
    a = await h.client("alice")
    await a.send({"type": "sit"})
    await a.wait_for("seated")
    await a.send_raw(b'{"type":"ping","pad":"' + b"x" * MAX_LINE + b'"}\n')
    error = await a.wait_for("error")
    assert (error["code"], error["fatal"]) == ("line-too-long", True)
    with pytest.raises(ServerClosed):
        await a.next(timeout=2)
    other = await h.client("bob")
    await other.send({"type": "ping"})
    assert (await other.wait_for("pong"))["type"] == "pong"
    assert h.server.tables[1].seat_of("alice") is None  # not in a round: the seat is freed


async def test_a_flood_is_dropped_then_cut(harness: Harness) -> None:
    h = harness
    a = await h.client("alice")
    await a.send_raw(b'{"type":"ping"}\n' * 120)
    pongs: list[dict[str, Any]] = []
    error = None
    while error is None:
        m = await a.next()
        if m["type"] == "pong":
            pongs.append(m)
        elif m["type"] == "error":
            error = m
    assert error["code"] == "flood" and error["fatal"] is False
    assert len(pongs) <= 50
    b = await h.client("bob")
    await b.send_raw(b'{"type":"ping"}\n' * 400)
    error = await b.wait_for("error", lambda m: m["fatal"])
    assert error["code"] == "flood"
    with pytest.raises(ServerClosed):
        await b.drain_for(1)
        await b.next(timeout=1)
    assert any("flood" in line for line in h.logs)
