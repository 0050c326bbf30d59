"""The shared baccarat table: everyone's bets on the same coup, each
player's own store and history, the betting window, and bad bets."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from cardtable.core.baccarat import Outcome
from cardtable.core.baccarat_table import BaccaratTable
from cardtable.core.cards import Shoe
from cardtable.core.record import RoundRecord
from cardtable.net.client import Client
from cardtable.net.protocol import SERVER, validate
from cardtable.net.server import Server
from cardtable.store import Store
from cardtable.tables.baccarat import BaccaratService

pytestmark = pytest.mark.timeout(30)

# Player 9C 9H, banker 2D 3S: player 8 (natural) -- the player wins.
COUP = "9C 2D 9H 3S " + "5H " * 40


@pytest.fixture
async def server(data_dir: Path) -> AsyncIterator[Server]:
    logs: list[str] = []
    s = Server(data_dir, port=0, turn_timeout=5.0, bet_window=5.0, seed=9, log=logs.append)
    await s.start()
    yield s
    s.request_stop(now=True)
    await asyncio.wait_for(s.wait_stopped(), 5)
    assert not [line for line in logs if "internal" in line or "differs" in line], logs


async def seated(server: Server, name: str) -> Client:
    c = await Client.connect("127.0.0.1", server.port)
    await c.hello(name)
    await c.send({"type": "sit", "game": "baccarat"})
    await c.wait_for("seated")
    return c


async def test_two_players_bet_on_the_same_coup(server: Server) -> None:
    a = await seated(server, "alice")
    b = await seated(server, "bob")
    table = server.tables[1]
    assert isinstance(table, BaccaratService)
    table.table = BaccaratTable(Shoe.stacked(COUP))
    await a.send({"type": "bet", "amount": 1000, "spot": "player"})
    await a.send({"type": "bet", "amount": 500, "spot": "tie"})
    await b.send({"type": "bet", "amount": 2000, "spot": "banker"})
    await a.wait_for("bet_placed", lambda m: m["seat"] == 1)
    await a.send({"type": "deal"})
    snap = await b.wait_for("baccarat", lambda m: m["seats"][0].get("ready"))
    assert snap["seats"][0]["bets"] == {"player": 1000, "tie": 500}
    assert snap["round"] == 0  # bob has not said deal yet
    await b.send({"type": "deal"})
    coups = [await c.wait_for("coup") for c in (a, b)]
    assert coups[0] == coups[1]
    assert (coups[0]["player"], coups[0]["banker"], coups[0]["outcome"]) == (["9C", "9H"], ["2D", "3S"], "player")
    settled = await a.wait_for("round_settled")
    assert {r["name"]: r["net"] for r in settled["results"]} == {"alice": 500, "bob": -2000}
    snap = await a.wait_for("baccarat", lambda m: m["round"] == 1)
    assert snap["roads"] == "P" and snap["last"]["player_total"] == 8
    assert snap["seats"][0]["bets"] == {}  # cleared for the next coup
    for name, bankroll in (("alice", 100_500), ("bob", 98_000)):
        store = server.players.load(name).store
        assert store.bankroll == bankroll and store.open_round("baccarat") is None
        expected, held = store.reconcile()
        assert expected == held
        (entry,) = store.history("baccarat")
        record = RoundRecord.from_json(store.round_record(entry.id))
        assert record.start["shoe"]["cards"] == "9C 2D 9H 3S"  # the coup's cards, no more
        assert record.meta["names"] == ["alice", "bob"]
        again = BaccaratTable.resume(record)  # the local game's core deals the same coup
        assert [str(c) for c in again.coup.player] == ["9C", "9H"]
        assert again.returned() == entry.returned
    for c in (a, b):
        for m in c.messages:
            validate(m, SERVER)
        await c.close()


async def test_the_window_deals_and_bad_bets_change_nothing(data_dir: Path) -> None:
    server = Server(data_dir, port=0, turn_timeout=5.0, bet_window=1.0, seed=9, log=lambda _: None)
    await server.start()
    try:
        a = await seated(server, "alice")
        for message, code in (
            ({"type": "bet", "amount": 500}, "bad-bet"),                      # no spot
            ({"type": "bet", "amount": 400, "spot": "tie"}, "bad-bet"),       # under the minimum
            ({"type": "bet", "amount": 50_001, "spot": "tie"}, "bad-bet"),    # over the maximum
            ({"type": "act", "action": "hit"}, "no-decisions"),
            ({"type": "computer", "seat": 2, "level": "hard"}, "no-computers"),
        ):
            await a.send(message)
            assert (await a.wait_for("error"))["code"] == code, message
        store = server.players.load("alice").store
        store.record_round("baccarat", 99_000, 0)  # 10 chips left
        server.players.load("alice").refresh()
        await a.send({"type": "bet", "amount": 500, "spot": "banker"})
        await a.send({"type": "bet", "amount": 600, "spot": "player"})
        error = await a.wait_for("error")
        assert (error["code"], error["params"]) == (
            "bad-bet", {"why": "layout-over-bankroll", "bankroll": 1_000, "amount": 1_100})
        assert store.history_count("baccarat") == 1
        settled = await a.wait_for("round_settled", timeout=3)  # the window closed
        assert settled["results"][0]["bets"] == {"banker": 500}
        assert store.history_count("baccarat") == 2
        await a.close()
    finally:
        server.request_stop(now=True)
        await server.wait_stopped()


async def test_a_coup_left_open_is_settled_at_the_next_start(data_dir: Path) -> None:
    folder = data_dir / "players" / "alice"
    server = Server(data_dir, port=0, seed=1, log=lambda _: None)
    await server.start()
    c = await Client.connect("127.0.0.1", server.port)
    await c.hello("alice")
    await c.close()
    server.request_stop()
    await server.wait_stopped()
    table = BaccaratTable(Shoe.stacked(COUP))
    table.deal({Outcome.PLAYER: 1000})
    with Store.open(folder) as store:
        store.commit_round("baccarat", 1000, table.record().to_json())
    again = Server(data_dir, port=0, seed=1, log=lambda _: None)
    await again.start()
    try:
        store = again.players.load("alice").store
        assert store.open_round("baccarat") is None
        assert store.bankroll == 101_000
    finally:
        again.request_stop()
        await again.wait_stopped()


async def test_a_player_asks_for_their_own_history_seated_or_not(server: Server) -> None:
    """``history``: the player's own settled rounds, newest first, read from their own
    store on the server (what ``y`` lists at a shared table); nobody else's."""
    a = await seated(server, "alice")
    b = await seated(server, "bob")
    table = server.tables[1]
    assert isinstance(table, BaccaratService)
    table.table = BaccaratTable(Shoe.stacked(COUP))
    await a.send({"type": "bet", "amount": 1000, "spot": "player"})
    await a.send({"type": "deal"})
    await b.send({"type": "deal"})  # bob passes
    await a.wait_for("round_settled")
    await a.send({"type": "history", "game": "baccarat"})
    answer = await a.wait_for("history")
    (entry,) = server.players.load("alice").store.history("baccarat")
    assert answer["game"] == "baccarat" and answer["rounds"] == [
        {"id": entry.id, "game": "baccarat", "at": entry.at, "stake": 1000, "returned": 2000, "bankroll": 101_000}
    ]
    await a.send({"type": "history", "game": "blackjack", "limit": 5})
    assert (await a.wait_for("history", lambda m: m["game"] == "blackjack"))["rounds"] == []
    await b.send({"type": "leave"})
    await b.wait_for("left")
    await b.send({"type": "history"})  # not seated, every game: bob sat his coup out
    assert (await b.wait_for("history"))["rounds"] == []
    await b.send({"type": "history", "limit": 500})
    assert (await b.wait_for("error"))["code"] == "bad-field"
    for c in (a, b):
        for m in c.messages:
            validate(m, SERVER)
        await c.close()
