"""The betting window is fair to everyone seated: a late bettor is in the same coup or
round, a pass lets the others go at once, and a player who never bets holds the table
up for the window at most."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from cardtable.net.client import Client
from cardtable.net.server import Server

pytestmark = pytest.mark.timeout(30)


@pytest.fixture
async def server(data_dir: Path) -> AsyncIterator[Server]:
    s = Server(data_dir, port=0, turn_timeout=20.0, bet_window=20.0, seed=4, log=lambda _: None)
    await s.start()
    yield s
    s.request_stop(now=True)
    await asyncio.wait_for(s.wait_stopped(), 5)


async def seated(server: Server, name: str, game: str) -> Client:
    c = await Client.connect("127.0.0.1", server.port)
    await c.hello(name)
    await c.send({"type": "sit", "game": game})
    await c.wait_for("seated")
    return c


async def test_baccarat_a_late_bettor_is_in_the_same_coup(server: Server) -> None:
    ann = await seated(server, "ann", "baccarat")
    bob = await seated(server, "bob", "baccarat")
    await ann.send({"type": "bet", "amount": 1000, "spot": "banker"})
    await ann.send({"type": "deal"})
    # Ann is ready; Bob, seated, has not decided: the coup waits for him.
    snap = await bob.wait_for("baccarat", lambda m: m["seats"][0].get("ready"))
    assert snap["round"] == 0 and snap["window"] is not None
    await asyncio.sleep(0.3)  # Bob is slower
    assert server.tables[1].round_no == 0
    await bob.send({"type": "bet", "amount": 500, "spot": "player"})
    await bob.send({"type": "deal"})
    settled = await ann.wait_for("round_settled")
    assert sorted(r["name"] for r in settled["results"]) == ["ann", "bob"]
    for c in (ann, bob):
        await c.close()


async def test_baccarat_a_pass_deals_at_once_without_the_one_who_passed(server: Server) -> None:
    ann = await seated(server, "ann", "baccarat")
    bob = await seated(server, "bob", "baccarat")
    await ann.send({"type": "bet", "amount": 1000, "spot": "banker"})
    await ann.send({"type": "deal"})
    await bob.wait_for("baccarat", lambda m: m["seats"][0].get("ready"))
    await bob.send({"type": "deal"})  # no bet: a pass
    settled = await bob.wait_for("round_settled", timeout=3)
    assert [r["name"] for r in settled["results"]] == ["ann"]
    # The pass holds for one coup only.
    snap = await bob.wait_for("baccarat", lambda m: m["round"] == 1)
    assert snap["seats"][1]["passed"] is False
    for c in (ann, bob):
        await c.close()


async def test_baccarat_a_player_who_never_bets_holds_the_coup_for_the_window_only(data_dir: Path) -> None:
    server = Server(data_dir, port=0, turn_timeout=5.0, bet_window=0.6, seed=4, log=lambda _: None)
    await server.start()
    try:
        ann = await seated(server, "ann", "baccarat")
        idle = await seated(server, "ida", "baccarat")
        await ann.send({"type": "bet", "amount": 1000, "spot": "banker"})
        await ann.send({"type": "deal"})
        settled = await ann.wait_for("round_settled", timeout=5)
        assert [r["name"] for r in settled["results"]] == ["ann"]
        for c in (ann, idle):
            await c.close()
    finally:
        server.request_stop(now=True)
        await asyncio.wait_for(server.wait_stopped(), 5)


async def test_blackjack_a_late_bettor_is_in_the_round_and_a_pass_deals_at_once(server: Server) -> None:
    ann = await seated(server, "ann", "blackjack")
    bob = await seated(server, "bob", "blackjack")
    await ann.send({"type": "bet", "amount": 500})
    await bob.wait_for("bet_placed")
    await asyncio.sleep(0.3)
    assert server.tables[1].round_no == 0  # Bob has not decided
    await bob.send({"type": "bet", "amount": 700})
    started = await ann.wait_for("round_started")
    assert sorted(s["name"] for s in started["seats"]) == ["ann", "bob"]
    # Play the round out: every hand stands.
    while True:
        message = await ann.wait_for(("turn", "round_settled"), timeout=5)
        if message["type"] == "round_settled":
            break
        who = ann if message["seat"] == 0 else bob
        await who.send({"type": "act", "action": "stand"})
    # The next round: Bob passes, Ann's round is dealt at once.
    await ann.send({"type": "bet", "amount": 500})
    await bob.wait_for("bet_placed", lambda m: m["seat"] == 0)
    await bob.send({"type": "deal"})
    started = await ann.wait_for("round_started", timeout=3)
    assert [s["name"] for s in started["seats"]] == ["ann"]
    for c in (ann, bob):
        await c.close()
