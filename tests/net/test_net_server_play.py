"""The shared-table server played by asyncio clients in the test process: seats, bets,
turns, what each client is shown (never the hole card before the reveal), reconnecting,
time-outs, computer seats and a second table (harness: ``net_harness``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from net_harness import DEAL, HOLE, SHOE_REST, Harness, dealt_to_two, seat_two
from net_harness import harness_fixture as harness_fixture  # the fixture `harness`

from cardtable.core.blackjack_table import Table
from cardtable.core.cards import Shoe
from cardtable.net.client import Client, ServerClosed
from cardtable.net.server import Server
from cardtable.store import Store

pytestmark = pytest.mark.timeout(20)


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
    a, b = await dealt_to_two(h)
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
    assert (await a.wait_for("bye"))["code"] == "signed-in-elsewhere"


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
        assert (timeout["code"], timeout["params"]) == ("timeout", {"name": "alice"})
        action = await a.wait_for("action")
        assert (action["action"], action["by"]) == ("stand", "timeout")
        settled = await a.wait_for("round_settled")
        assert settled["results"][0]["hands"][0]["cards"] == ["TH", "2H"]
        await a.close()
    finally:
        server.request_stop(now=True)
        await server.wait_stopped()


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
    a, b = await dealt_to_two(h)
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
