"""The server harness shared by the shared-table server tests (``test_net_server_*``).

The ``harness`` fixture runs a server on a free port of 127.0.0.1 with short timeouts;
clients are ``cardtable.net.client.Client``, and every message a client received is checked
against the server schemas of ``cardtable.net.protocol`` when the server stops. A test module
imports the fixture (as ``harness_fixture``: its tests ask for ``harness``).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from cardtable.core.blackjack_table import Table
from cardtable.core.cards import Shoe
from cardtable.net.client import Client
from cardtable.net.protocol import SERVER, validate
from cardtable.net.server import Server


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


@pytest.fixture(name="harness")
async def harness_fixture(data_dir: Path) -> AsyncIterator[Harness]:
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


async def dealt_to_two(h: Harness) -> tuple[Client, Client]:
    """Alice and Bob seated, :data:`DEAL` stacked, both bet 500: the round dealt, Alice to act."""
    a, b = await seat_two(h)
    h.stack(1, DEAL)
    await a.send({"type": "bet", "amount": 500})
    await b.send({"type": "bet", "amount": 500})
    await a.wait_for("turn", lambda m: m["seat"] == 0)
    return a, b
