"""The shared table's own rules: the betting window, seats between rounds,
the host, refills, the history each player keeps, and a killed server's round with
two people and a computer seat played out by the next server."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from cardtable.core.blackjack_table import Table
from cardtable.core.cards import Shoe
from cardtable.core.record import RoundRecord
from cardtable.net.client import Client
from cardtable.net.protocol import SERVER, validate
from cardtable.net.server import Server
from cardtable.store import Store

pytestmark = pytest.mark.timeout(30)


@pytest.fixture
async def server(data_dir: Path) -> AsyncIterator[Server]:
    logs: list[str] = []
    s = Server(data_dir, port=0, turn_timeout=5.0, bet_window=0.3, seed=11, log=logs.append)
    await s.start()
    yield s
    s.request_stop(now=True)
    await asyncio.wait_for(s.wait_stopped(), 5)
    assert not [line for line in logs if "internal" in line], logs


async def player(server: Server, name: str, sit: bool = True) -> Client:
    c = await Client.connect("127.0.0.1", server.port)
    assert (await c.hello(name))["type"] == "welcome"
    if sit:
        await c.send({"type": "sit"})
        await c.wait_for("seated")
    return c


def stack(server: Server, cards: str) -> None:
    t = server.tables[1]
    t.core = Table(t.rules, shoe=Shoe.stacked(cards))


async def test_the_betting_window_deals_without_who_did_not_bet(server: Server) -> None:
    a = await player(server, "alice")
    b = await player(server, "bob")
    stack(server, "TH 7D 9H 9C 5D 4S 3S 2S")
    await a.send({"type": "bet", "amount": 500})
    started = await a.wait_for("round_started", timeout=3)
    assert [s["name"] for s in started["seats"]] == ["alice"]
    snap = await b.wait_for("table", lambda m: m["phase"] == "playing")
    assert snap["seats"][1]["hands"] == [] and snap["you"]["legal"] == []
    await b.send({"type": "bet", "amount": 500})
    assert (await b.wait_for("error"))["code"] == "in-round"
    await a.send({"type": "leave"})
    assert (await a.wait_for("error"))["code"] == "in-round"
    await a.send({"type": "act", "action": "stand"})
    await b.wait_for("round_settled")
    for c in (a, b):
        await c.close()


async def test_seats_between_rounds_the_host_and_the_computers(server: Server) -> None:
    a = await player(server, "alice")
    b = await player(server, "bob")
    await a.send({"type": "computer", "seat": 4, "level": "normal"})
    await b.wait_for("player_sat", lambda m: m["seat"] == 4)
    await a.send({"type": "leave"})
    assert (await a.wait_for("left"))["table"] == 1
    snap = await b.wait_for("table", lambda m: m["seats"][0]["kind"] == "empty")
    assert snap["host"] == "bob" and snap["you"]["host"] is True
    assert snap["seats"][4]["kind"] == "computer"
    await b.close()  # the last person gone between rounds: the computers go too
    for _ in range(100):
        if all(s is None for s in server.tables[1].seats):
            break
        await asyncio.sleep(0.01)
    assert all(s is None for s in server.tables[1].seats)
    await a.send({"type": "sit", "table": 1})
    seated = await a.wait_for("seated")
    assert (seated["seat"], seated["host"]) == (0, True)
    await a.close()


async def test_a_refill_only_below_the_minimum_and_never_in_a_round(server: Server) -> None:
    a = await player(server, "alice")
    store = server.players.load("alice").store
    store.record_round("blackjack", 99_800, 0)  # leaves 2 chips
    await a.send({"type": "bet", "amount": 500})
    assert "bankroll" in (await a.wait_for("error"))["message"]
    await a.send({"type": "refill"})
    assert (await a.wait_for("bankroll"))["bankroll"] == 100_000
    await a.send({"type": "refill"})
    assert (await a.wait_for("error"))["code"] == "refill"
    assert store.reconcile()[0] == store.reconcile()[1] == 100_000
    await a.close()


async def test_each_player_keeps_the_round_in_their_history_replayable_and_trimmed(server: Server) -> None:
    a = await player(server, "alice")
    b = await player(server, "bob")
    stack(server, "TH 6S 7D 9H 3S 9C 5D 4S 3H 2C " + "2D " * 30)
    await a.send({"type": "bet", "amount": 500})
    await b.send({"type": "bet", "amount": 1000})
    await a.wait_for("turn", lambda m: m["seat"] == 0)
    await a.send({"type": "act", "action": "stand"})
    await b.wait_for("turn", lambda m: m["seat"] == 1)
    await b.send({"type": "act", "action": "double"})
    await a.wait_for("round_settled")
    for name, seat in (("alice", 0), ("bob", 1)):
        store = server.players.load(name).store
        (entry,) = store.history("blackjack")
        assert entry.details["table"]["names"] == ["alice", "bob"]
        assert entry.details["table"]["seat"] == seat
        record = RoundRecord.from_json(store.round_record(entry.id))
        assert record.start["shoe"]["cards"] == "TH 6S 7D 9H 3S 9C 5D 4S"  # the cards dealt, no more
        assert record.meta["seat"] == seat
        table = Table.resume(record)
        results = table.finish_round()
        assert sum(h.returned for h in results[seat]) == entry.returned
    for c in (a, b):
        await c.close()


async def test_a_killed_servers_round_with_two_people_and_a_computer(data_dir: Path) -> None:
    logs: list[str] = []
    first = Server(data_dir, port=0, turn_timeout=5.0, bet_window=5.0, seed=2, log=logs.append)
    await first.start()
    a = await player(first, "alice")
    b = await player(first, "bob")
    await a.send({"type": "computer", "seat": 2, "level": "easy"})
    await b.wait_for("player_sat", lambda m: m["seat"] == 2)
    # alice 6+4 doubles (gets 2S: 12); bob 9+3; the computer 9+2 (easy hits below 17);
    # the dealer shows 7C.
    first.tables[1].core = Table(first.tables[1].rules,
                                 shoe=Shoe.stacked("6H 9S 9D 7C 4H 3D 2H TC 2S 5C 8S 9H 4C TD"))
    await a.send({"type": "bet", "amount": 500})
    await b.send({"type": "bet", "amount": 500})
    await a.wait_for("turn", lambda m: m["seat"] == 0)
    await a.send({"type": "act", "action": "double"})
    await b.wait_for("turn", lambda m: m["seat"] == 1)
    await b.send({"type": "act", "action": "hit"})  # 12 + 5C = 17
    await b.wait_for("action", lambda m: m["seat"] == 1)
    # Killed before bob stands: alice's copy has 1 action, bob's 2.
    first.tables[1]._cancel_turn()
    first._stopped.set()
    tokens = {c.name: c.token for c in (a, b)}
    for c in (a, b):
        await c.close()
    await first.wait_stopped()
    copies = {n: RoundRecord.from_json(Store.open(data_dir / "players" / n).open_round("blackjack").record)
              for n in ("alice", "bob")}
    assert (len(copies["alice"].actions), len(copies["bob"].actions)) == (1, 2)

    again = Server(data_dir, port=0, turn_timeout=5.0, seed=2, log=logs.append)
    await again.start()
    try:
        table = again.tables[1]
        assert [None if s is None else s.name for s in table.seats] == ["alice", "bob", "Computer (easy)", None, None]
        b2 = await Client.connect("127.0.0.1", again.port)
        welcome = await b2.hello("bob", tokens["bob"])
        assert welcome["seated"] == {"table": 1, "seat": 1}
        snap = await b2.wait_for("table")
        assert snap["seats"][1]["hands"][0]["cards"] == ["9S", "3D", "5C"]
        assert snap["seats"][0]["hands"][0]["cards"] == ["6H", "4H", "2S"]
        assert snap["dealer"]["cards"] == ["7C", None]
        await b2.send({"type": "act", "action": "stand"})
        settled = await b2.wait_for("round_settled")
        computer = next(r for r in settled["results"] if r["seat"] == 2)
        assert computer["hands"][0]["cards"] == ["9D", "2H", "8S"]  # replayed, not saved
        for n in ("alice", "bob"):
            store = again.players.load(n).store
            assert store.open_round("blackjack") is None
            assert store.reconcile()[0] == store.reconcile()[1]
        for m in b2.messages:
            validate(m, SERVER)
        await b2.close()
    finally:
        again.request_stop(now=True)
        await again.wait_stopped()
