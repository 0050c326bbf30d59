"""The shared-table server with asyncio clients in the test process.

Each test runs a server on a free port of 127.0.0.1 with short timeouts; clients are
``cardtable.net.client.Client``. Every message a client receives is checked against the
server schemas of ``cardtable.net.protocol``.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from cardtable.core.blackjack import Rules
from cardtable.core.blackjack_table import Table
from cardtable.core.cards import Shoe
from cardtable.net.client import Client, ServerClosed
from cardtable.net.protocol import MAX_LINE, SERVER, validate
from cardtable.net.server import Server
from cardtable.store import START_BANKROLL as START
from cardtable.store import Store

pytestmark = pytest.mark.timeout(20)


class Harness:
    def __init__(self, server: Server, logs: list[str]) -> None:
        self.server = server
        self.logs = logs
        self.clients: list[Client] = []

    async def client(self, name: str | None = None, token: str | None = None) -> Client:
        c = await Client.connect("127.0.0.1", self.server.port)
        self.clients.append(c)
        if name is not None:
            welcome = await c.hello(name, token)
            assert welcome["type"] == "welcome", welcome
        return c

    def stack(self, table_id: int, cards: str) -> None:
        """Give the table a stacked shoe (its next round deals exactly these cards)."""
        table = self.server.tables[table_id]
        table.core = Table(table.rules, shoe=Shoe.stacked(cards))


@pytest.fixture
async def harness(data_dir: Path) -> AsyncIterator[Harness]:
    logs: list[str] = []
    server = Server(data_dir, port=0, turn_timeout=5.0, bet_window=5.0, seed=7, log=logs.append)
    await server.start()
    h = Harness(server, logs)
    yield h
    server.request_stop(now=True)
    await asyncio.wait_for(server.wait_stopped(), 5)
    for c in h.clients:
        for m in c.messages:
            validate(m, SERVER)
        await c.close()
    assert not [line for line in logs if "internal" in line], logs


async def seat_two(h: Harness) -> tuple[Client, Client]:
    a = await h.client("alice")
    b = await h.client("bob")
    await a.send({"type": "sit"})
    assert (await a.wait_for("seated"))["seat"] == 0
    await b.send({"type": "sit"})
    seated = await b.wait_for("seated")
    assert (seated["table"], seated["seat"], seated["host"]) == (1, 1, False)
    return a, b


# Deal order: alice, bob, dealer up, alice, bob, dealer's face-down card; then the shoe.
HOLE = "9C"
SHOE_REST = "5D 4S 3H 2C 8D 7S"
DEAL = f"TH 6S 7D 9H 3S {HOLE} {SHOE_REST}"  # alice TH 9H (19), bob 6S 3S (9), dealer 7D


async def test_two_players_sit_bet_act_in_turn_and_see_the_same_table(harness: Harness) -> None:
    h = harness
    a, b = await seat_two(h)
    h.stack(1, DEAL)
    await a.send({"type": "bet", "amount": 1000})
    await a.wait_for("bet_placed")
    await b.send({"type": "bet", "amount": 500})
    started = await a.wait_for("round_started")
    assert [(s["seat"], s["name"], s["bet"]) for s in started["seats"]] == [(0, "alice", 1000), (1, "bob", 500)]
    # alice acts first; bob acting now is refused and changes nothing.
    turn = await b.wait_for("turn")
    assert (turn["seat"], turn["hand"]) == (0, 0)
    await b.send({"type": "act", "action": "hit"})
    error = await b.wait_for("error")
    assert error["code"] == "not-your-turn" and "alice" in error["message"]
    await a.send({"type": "act", "action": "stand"})
    turn = await a.wait_for("turn", lambda m: m["seat"] == 1)
    await b.send({"type": "act", "action": "double"})  # 9 doubles: one card (5D) -> 14
    settled_a = await a.wait_for("round_settled")
    settled_b = await b.wait_for("round_settled")
    assert settled_a == settled_b
    # The same dealer for both: 7D 9C then 4S -> 20 (5D went to bob's double).
    reveal_a = next(m for m in a.messages if m["type"] == "reveal")
    assert reveal_a["card"] == HOLE
    snap_a = await a.wait_for("table", lambda m: m["phase"] == "betting" and m["round"] == 1)
    snap_b = await b.wait_for("table", lambda m: m["phase"] == "betting" and m["round"] == 1)
    assert snap_a["dealer"] == snap_b["dealer"] == {
        "cards": ["7D", "9C", "4S"], "total": 20, "soft": False, "revealed": True}
    # Each sees the other's cards.
    assert snap_a["seats"][1]["hands"][0]["cards"] == ["6S", "3S", "5D"]
    assert snap_b["seats"][0]["hands"][0]["cards"] == ["TH", "9H"]
    assert snap_a["seats"][:2] == snap_b["seats"][:2]
    assert snap_a["you"]["seat"] == 0 and snap_b["you"]["seat"] == 1
    # Money: alice lost 10, bob lost 10 (5 doubled); their stores agree with the history.
    results = {r["name"]: r["net"] for r in settled_a["results"]}
    assert results == {"alice": -1000, "bob": -1000}
    for name, bankroll in (("alice", 99_000), ("bob", 99_000)):
        store = h.server.players.load(name).store
        assert store.bankroll == bankroll
        assert store.open_round("blackjack") is None
        assert store.reconcile()[0] == store.reconcile()[1]
        assert len(store.history("blackjack")) == 1


async def test_nothing_sent_before_the_reveal_holds_the_hole_card_or_the_shoe(harness: Harness) -> None:
    h = harness
    a, b = await seat_two(h)
    h.stack(1, DEAL)
    await a.send({"type": "bet", "amount": 500})
    await b.send({"type": "bet", "amount": 500})
    await a.wait_for("turn", lambda m: m["seat"] == 0)
    await a.send({"type": "act", "action": "stand"})
    await b.wait_for("turn", lambda m: m["seat"] == 1)
    await b.send({"type": "act", "action": "stand"})
    for c in (a, b):
        await c.wait_for("round_settled")
        raw = bytes(c.raw)
        cut = raw.index(b'"type":"reveal"')
        before, after = raw[:cut], raw[cut:]
        for card in [HOLE, *SHOE_REST.split()]:
            assert f'"{card}"'.encode() not in before, card
        assert f'"{HOLE}"'.encode() in after
        # The dealer drew 5D (16 -> 21); the cards never dealt are never sent at all.
        assert b'"5D"' in after
        for card in SHOE_REST.split()[1:]:
            assert f'"{card}"'.encode() not in raw, card
        # Face-down card in the events and the snapshots: null, never a card.
        assert b'"face_up":false' in before
        assert re.search(rb'"cards":\["7D",null\]', before)


async def test_disconnect_mid_round_then_reconnect_resumes_the_seat(harness: Harness) -> None:
    h = harness
    a, b = await seat_two(h)
    h.stack(1, DEAL)
    await a.send({"type": "bet", "amount": 500})
    await b.send({"type": "bet", "amount": 700})
    await a.wait_for("turn", lambda m: m["seat"] == 0)
    token = b.token
    await b.close()
    note = await a.wait_for("connection")
    assert (note["name"], note["connected"]) == ("bob", False)
    bob_store = h.server.players.load("bob").store
    assert bob_store.open_round("blackjack") is not None  # his stake is on the table
    assert bob_store.bankroll == 100_000 - 700
    b2 = await h.client("bob", token)
    welcome = b2.messages[0]
    assert welcome["seated"] == {"table": 1, "seat": 1}
    assert "token" not in welcome  # only a new player gets one
    assert (await b2.wait_for("seated"))["seat"] == 1
    snap = await b2.wait_for("table")
    assert snap["seats"][1]["hands"][0]["cards"] == ["6S", "3S"]
    assert (await a.wait_for("connection"))["connected"] is True
    await a.send({"type": "act", "action": "stand"})
    await b2.wait_for("turn", lambda m: m["seat"] == 1)
    await b2.send({"type": "act", "action": "hit"})  # 9 + 5D = 14
    await b2.send({"type": "act", "action": "stand"})
    settled = await b2.wait_for("round_settled")
    assert {r["name"] for r in settled["results"]} == {"alice", "bob"}
    assert bob_store.open_round("blackjack") is None


async def test_the_token_protects_the_name_and_the_seat(harness: Harness) -> None:
    h = harness
    a = await h.client("alice")
    assert a.token and len(a.token) >= 16
    await a.send({"type": "sit"})
    await a.wait_for("seated")
    for token in (None, "x" * 32):
        thief = await h.client()
        answer = await thief.hello("Alice", token)  # the name is case-blind
        assert answer["type"] == "error" and answer["fatal"] is True
        assert answer["code"] == ("token-required" if token is None else "bad-token")
        with pytest.raises(ServerClosed):
            await thief.next(timeout=2)
    # Alice is still seated and undisturbed.
    assert h.server.tables[1].seat_of("alice") == 0
    assert not [m for m in a.messages if m["type"] in ("bye", "connection")]
    # The right token works (and takes the seat over from the old connection).
    again = await h.client("alice", a.token)
    assert again.messages[0]["seated"] == {"table": 1, "seat": 0}
    assert (await a.wait_for("bye"))["message"]


async def test_turn_timeout_stands_the_hand_and_the_table_says_so(data_dir: Path) -> None:
    logs: list[str] = []
    server = Server(data_dir, port=0, turn_timeout=0.3, bet_window=5.0, seed=3, log=logs.append)
    await server.start()
    try:
        a = await Client.connect("127.0.0.1", server.port)
        await a.hello("alice")
        await a.send({"type": "sit"})
        await a.wait_for("seated")
        server.tables[1].core = Table(server.tables[1].rules, shoe=Shoe.stacked("TH 7D 2H 9C 5D 4S"))
        await a.send({"type": "bet", "amount": 500})
        await a.wait_for("turn")
        timeout = await a.wait_for("timeout", timeout=3)
        assert "alice" in timeout["message"] and "stands" in timeout["message"]
        action = await a.wait_for("action")
        assert (action["action"], action["by"]) == ("stand", "timeout")
        settled = await a.wait_for("round_settled")
        assert settled["results"][0]["hands"][0]["cards"] == ["TH", "2H"]
        await a.close()
    finally:
        server.request_stop(now=True)
        await server.wait_stopped()


async def test_stop_finishes_the_round_under_way_then_says_bye(harness: Harness) -> None:
    h = harness
    a, b = await seat_two(h)
    h.stack(1, DEAL)
    await a.send({"type": "bet", "amount": 500})
    await b.send({"type": "bet", "amount": 500})
    await a.wait_for("turn", lambda m: m["seat"] == 0)
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
    a, b = await seat_two(h)
    h.stack(1, DEAL)
    await a.send({"type": "bet", "amount": 500})
    await b.send({"type": "bet", "amount": 500})
    await a.wait_for("turn", lambda m: m["seat"] == 0)
    await a.send({"type": "act", "action": "stand"})
    await b.wait_for("turn", lambda m: m["seat"] == 1)
    h.server.request_stop()
    for c in (a, b):  # everyone is told at once
        assert "after this round" in (await c.wait_for("closing"))["message"]
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


async def test_computer_seats_by_the_host_only_and_they_play(harness: Harness) -> None:
    h = harness
    a, b = await seat_two(h)
    await b.send({"type": "computer", "seat": 2, "level": "hard"})
    assert (await b.wait_for("error"))["code"] == "not-host"
    await a.send({"type": "computer", "seat": 1, "level": "easy"})
    assert (await a.wait_for("error"))["code"] == "seat-taken"
    await a.send({"type": "computer", "seat": 2, "level": "hard"})
    await a.send({"type": "computer", "seat": 3, "level": "easy"})
    sat = await b.wait_for("player_sat", lambda m: m["seat"] == 3)
    assert sat["kind"] == "computer"
    # Seats 0, 1 people; 2, 3 computers; the table is shown full but one seat.
    assert h.server.tables[1].free_seats() == 1
    h.stack(1, "TH 6S 8C 9D 7D 9H 3S 7C 7H " + HOLE + " " + SHOE_REST + " 2D 2S 2H")
    await a.send({"type": "bet", "amount": 500})
    await b.send({"type": "bet", "amount": 500})
    await a.wait_for("turn", lambda m: m["seat"] == 0)
    await a.send({"type": "act", "action": "stand"})
    await b.wait_for("turn", lambda m: m["seat"] == 1)
    await b.send({"type": "act", "action": "stand"})
    settled = await a.wait_for("round_settled")
    assert [r["seat"] for r in settled["results"]] == [0, 1, 2, 3]
    by = {m["seat"]: m["by"] for m in a.messages if m["type"] == "action"}
    assert by[2] == by[3] == "computer"


async def test_a_new_table_opens_when_one_is_full(harness: Harness) -> None:
    h = harness
    first = []
    for i in range(6):
        c = await h.client(f"p{i}")
        await c.send({"type": "sit"})
        first.append(await c.wait_for("seated"))
    assert [(s["table"], s["seat"]) for s in first] == [(1, 0), (1, 1), (1, 2), (1, 3), (1, 4), (2, 0)]
    lobby_client = h.clients[0]
    await lobby_client.send({"type": "lobby"})
    lobby = await lobby_client.wait_for("lobby")
    assert [(t["table"], t["free"]) for t in lobby["tables"]] == [(1, 0), (2, 4)]
    assert lobby["tables"][0]["seats"][2] == {"name": "p2", "kind": "human"}


async def test_bets_over_the_bankroll_or_the_limits_change_nothing(harness: Harness) -> None:
    h = harness
    a = await h.client("alice")
    await a.send({"type": "bet", "amount": 500})
    assert (await a.wait_for("error"))["code"] == "not-seated"
    await a.send({"type": "sit"})
    await a.wait_for("seated")
    table = h.server.tables[1]
    for amount, words in ((499, "table takes"), (50_001, "table takes")):
        await a.send({"type": "bet", "amount": amount})
        error = await a.wait_for("error")
        assert error["code"] == "bad-bet" and words in error["message"], error
    table.rules = Rules(max_bet=10**7)  # a table whose limit is above the bankroll
    table.core = Table(table.rules, shoe=table.core.shoe)
    await a.send({"type": "bet", "amount": 100_001})
    error = await a.wait_for("error")
    assert error["code"] == "bad-bet" and "bankroll" in error["message"], error
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


async def test_the_snapshot_says_how_long_the_betting_window_runs(harness: Harness) -> None:
    a, b = await seat_two(harness)
    before = await a.wait_for("table")
    assert before["window"] is None  # no bet yet: no window
    await a.send({"type": "bet", "amount": 500})
    after = await b.wait_for("table", lambda m: m["seats"][0]["bet"] == 500)
    assert 0 < after["window"] <= 5.0  # the harness's bet window
    await b.send({"type": "bet", "amount": 500})
    dealt = await a.wait_for("table", lambda m: m["phase"] == "playing")
    assert dealt["window"] is None  # dealt: the window is closed


async def test_a_grade_sent_with_an_action_is_kept_only_when_it_is_one(harness: Harness) -> None:
    """A client's coach grade goes into that player's own history; anything that is not
    a blackjack grade is dropped (the action itself is taken)."""
    from cardtable.ai.grading import decisions_in, grade

    h = harness
    a, b = await seat_two(h)
    h.stack(1, DEAL)
    await a.send({"type": "bet", "amount": 500})
    await b.send({"type": "bet", "amount": 500})
    await a.wait_for("turn", lambda m: m["seat"] == 0)
    good = grade("blackjack", "hard 19 against a 7", {"Stand": 0.4, "Hit": -0.6}, "Stand", 500).to_json()
    await a.send({"type": "act", "action": "stand", "grade": good})
    await b.wait_for("turn", lambda m: m["seat"] == 1)
    await b.send({"type": "act", "action": "stand", "grade": {"game": "poker", "junk": 1}})
    await a.wait_for("round_settled")
    for name, chosen in (("alice", ["Stand"]), ("bob", [])):
        store = Store.open(h.server.data_dir / "players" / name)
        try:
            (entry,) = store.history("blackjack")
            assert [d.chosen for d in decisions_in(entry.details)] == chosen
        finally:
            store.close()
