"""Taking the stakes at a shared blackjack deal: a store that refuses one person's stake
undoes the deal for everyone and deals again without them; a bet the bankroll no longer
covers at the deal is cleared with a reason; a stacked shoe too short for a round is
shuffled and said. No chip is lost or made on any of these paths."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from cardtable.core.blackjack_table import Table
from cardtable.core.cards import Shoe
from cardtable.core.config import START_BANKROLL
from cardtable.net.client import Client
from cardtable.net.server import Server
from cardtable.store import Store, StoreError
from cardtable.tables.blackjack import BlackjackService

pytestmark = pytest.mark.timeout(30)


@pytest.fixture
async def server(data_dir: Path) -> AsyncIterator[Server]:
    s = Server(data_dir, port=0, turn_timeout=20.0, bet_window=20.0, seed=5, log=lambda _: None)
    await s.start()
    yield s
    s.request_stop(now=True)
    await asyncio.wait_for(s.wait_stopped(), 5)


async def seated(server: Server, name: str) -> Client:
    c = await Client.connect("127.0.0.1", server.port)
    assert (await c.hello(name))["type"] == "welcome"
    await c.send({"type": "sit"})
    await c.wait_for("seated")
    return c


def table(server: Server) -> BlackjackService:
    t = server.tables[1]
    assert isinstance(t, BlackjackService)
    return t


def store_of(server: Server, name: str) -> Store:
    for s in table(server).seats:
        if s is not None and s.name == name and s.player is not None:
            return s.player.store
    raise AssertionError(f"{name} is not seated")


async def test_a_refused_stake_undoes_the_deal_and_deals_again_without_that_person(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    ann, bob = await seated(server, "ann"), await seated(server, "bob")
    bobs = store_of(server, "bob")

    def refuse(*_: Any, **__: Any) -> int:
        raise StoreError("the disk is full")

    monkeypatch.setattr(bobs, "commit_round", refuse)
    await ann.send({"type": "bet", "amount": 500})
    await bob.send({"type": "bet", "amount": 700})
    error = await bob.wait_for("error")
    assert error["code"] == "store" and "the disk is full" in error["message"]
    started = await ann.wait_for("round_started")
    assert [s["name"] for s in started["seats"]] == ["ann"]
    # Ann's first stake went back when Bob's was refused; the stake of the round dealt stands.
    anns = store_of(server, "ann")
    assert anns.bankroll == START_BANKROLL - 500 and anns.open_round("blackjack") is not None
    assert bobs.bankroll == START_BANKROLL and bobs.open_round("blackjack") is None
    assert table(server).round_no == 1
    for c in (ann, bob):
        await c.close()


async def test_a_bet_the_bankroll_no_longer_covers_is_cleared_at_the_deal(server: Server) -> None:
    ann, bob = await seated(server, "ann"), await seated(server, "bob")
    await bob.send({"type": "bet", "amount": 700})
    await ann.wait_for("bet_placed")
    # Bob lost his chips elsewhere (another copy of his data) after the bet was taken.
    bobs = store_of(server, "bob")
    bobs.record_round("blackjack", START_BANKROLL - 100, 0, {})
    await ann.send({"type": "bet", "amount": 500})
    error = await bob.wait_for("error")
    assert error["code"] == "bad-bet"
    started = await ann.wait_for("round_started")
    assert [s["name"] for s in started["seats"]] == ["ann"]
    assert bobs.bankroll == 100 and table(server).seats[1] is not None and table(server).seats[1].bet == 0
    for c in (ann, bob):
        await c.close()


async def test_a_shoe_too_short_for_a_round_is_shuffled_and_said(server: Server) -> None:
    ann = await seated(server, "ann")
    t = table(server)
    t.core = Table(t.rules, shoe=Shoe.stacked("TH 7D"))
    await ann.send({"type": "bet", "amount": 500})
    error = await ann.wait_for("error")
    assert error["code"] == "short-shoe"
    anns = store_of(server, "ann")
    assert anns.bankroll == START_BANKROLL and anns.open_round("blackjack") is None
    assert t.round_no == 0 and t.seats[0] is not None and t.seats[0].bet == 0
    await ann.close()
