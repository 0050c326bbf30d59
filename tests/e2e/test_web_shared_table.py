"""A browser player at a shared blackjack table: ``cardtable
serve`` runs the table, ``cardtable web --server`` serves ``cardtable join`` to a page,
headless Chromium is carol's browser and a scripted protocol client is bob's terminal.

What a player does, key by key: carol types her name in the page's dialog, is shown her
key (``--ask-key``: the page keeps none), closes it, presses ``1`` and sits down beside
bob. Both of them see it: the page's terminal (its socket frames replayed, see
``browser.py``) draws bob's seat and the table's bet row, bob's client is told that carol
sat. bob bets; carol presses enter (the table's minimum, 5 chips): the round is dealt to
both, bob's client gets ``round_started``, the page shows the cards and whose turn it is
with its countdown. The round is played out — bob stands from his client, carol presses
``s`` on the page — so that the stop finds no round under way: everything then stops on
SIGTERM, exit code 0, no traceback in any log. A screenshot of the dealt round is saved
as ``shared_table.png`` in the test's temporary folder (its path is printed).

Skipped, saying so, where Chromium is not installed (CI machines have none).
"""

from __future__ import annotations

import asyncio
import os
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from browser import WAIT, Page, free_port, needs_chromium, open_page, stop

from cardtable.core.money import format_chips, format_signed
from cardtable.net.client import Client
from cardtable.store import START_BANKROLL

pytestmark = pytest.mark.timeout(120)

#: The server's shoe (``--seed``): the first round is the same each run; bob (the first
#: seat) has a turn, then carol, and neither holds a blackjack.
SEED = 1
#: The table's minimum bet (hundredths of a chip): the page's bet when carol presses enter.
MIN_BET = 500
#: The turn's countdown at the end of the page's banner.
COUNTDOWN = re.compile(r"· \d{1,2} s\b")
#: carol's banner when she is to act: her hand, the actions she has, the countdown.
YOUR_TURN = re.compile(r"Your turn: .*Stand.* · \d{1,2} s\b")


def seat_of(name: str) -> Callable[[dict[str, Any]], bool]:
    """A ``table`` snapshot with ``name`` in a seat."""
    return lambda m: any(s.get("name") == name for s in m["seats"])


async def read_until(stream: asyncio.StreamReader, marker: str, lines: list[str]) -> str:
    """Lines of a subprocess's output until one holding ``marker`` (that line); every line
    read is kept in ``lines``."""
    deadline = time.monotonic() + WAIT
    while True:
        line = (await asyncio.wait_for(stream.readline(), max(0.1, deadline - time.monotonic()))).decode()
        if not line:
            pytest.fail(f"ended before {marker!r}: {''.join(lines)}")
        lines.append(line)
        if marker in line:
            return line


async def play_out(bob: Client, page: Page, turn: dict[str, Any], bob_seat: int, carol_seat: int) -> dict[str, Any]:
    """From ``turn`` on, bob stands on his turns (his client), carol on hers (``s`` on the
    page, once her banner says it is her turn); the ``round_settled``."""
    message = turn
    while True:
        if message["type"] == "round_settled":
            return message
        if message["seat"] == bob_seat:
            await bob.send({"type": "act", "action": "stand"})
        else:
            assert message["seat"] == carol_seat, message
            await page.until("carol's turn", lambda text: YOUR_TURN.search(text) is not None)
            await page.type("s")
        message = await bob.wait_for(("turn", "round_settled"), timeout=WAIT)


@needs_chromium
async def test_a_browser_player_sits_with_a_terminal_player(tmp_path: Path) -> None:
    started = time.monotonic()
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    table_port, web_port = free_port(), free_port()
    server = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "cardtable", "serve", "--port", str(table_port), "--data-dir", str(tmp_path / "table"),
        "--turn-timeout", "30", "--seed", str(SEED),
        stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, env=env,
    )
    web = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "cardtable", "web", "--port", str(web_port), "--data-dir", str(tmp_path / "web"),
        "--server", f"127.0.0.1:{table_port}", "--no-animation",
        stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, env=env,
    )
    server_log: list[str] = []
    web_out: list[str] = []
    bob: Client | None = None
    marks: dict[str, float] = {}
    try:
        assert server.stderr is not None and web.stdout is not None
        await read_until(server.stderr, f"listening on 127.0.0.1:{table_port}", server_log)
        said = await read_until(web.stdout, f"open http://127.0.0.1:{web_port}/?key=", web_out)
        url = said.split("open ", 1)[1].split(" ", 1)[0]  # the page's address, with its key
        marks["servers up"] = time.monotonic()

        # bob, at his terminal: the first to sit (the host, seat 1).
        bob = await Client.connect("127.0.0.1", table_port)
        welcome = await bob.hello("bob")
        assert welcome["type"] == "welcome", welcome
        await bob.send({"type": "sit"})
        seated = await bob.wait_for("seated")
        bob_seat = seated["seat"]
        assert seated["host"] is True, seated
        await bob.wait_for("table", seat_of("bob"))

        async with open_page(tmp_path) as page:
            await page.tools.call("Page.navigate", url=url)
            # The name dialog (the keys go to the page's terminal once it has the focus).
            await page.until(
                "the name dialog",
                lambda text: "Your name at the shared tables of 127.0.0.1" in text and "Your key" in text,
            )
            marks["name dialog"] = time.monotonic()
            await page.focus()
            await page.type("carol")
            await page.until("carol's name typed", lambda text: re.search(r"^\W*carol\W*$", text, re.M) is not None)
            await page.press_enter()  # on to the key
            await page.press_enter()  # none: a new name
            text = await page.until("carol's key", lambda text: "Welcome, carol: 1,000 chips to start." in text)
            assert "write it down" in text, text
            await page.press_enter()  # written down
            # The server's lobby: bob sits at the blackjack table.
            await page.until(
                "the shared lobby with bob at blackjack",
                lambda text: "Welcome, carol" not in text and re.search(r"1  Blackjack .*\bbob\b", text) is not None,
            )
            marks["lobby"] = time.monotonic()

            await page.type("1")  # sit at blackjack
            sat = await bob.wait_for("player_sat", lambda m: m["name"] == "carol", timeout=WAIT)
            carol_seat = sat["seat"]
            assert carol_seat != bob_seat, sat
            snapshot = await bob.wait_for("table", seat_of("carol"), timeout=WAIT)
            assert [s.get("name") for s in snapshot["seats"][:2]] == ["bob", "carol"], snapshot["seats"]
            assert snapshot["phase"] == "betting", snapshot
            text = await page.until(
                "the blackjack table with bob", lambda text: "bob (host)" in text and "Bet ⏎" in text
            )
            marks["seated"] = time.monotonic()

            # bob bets (alone he would be dealt at once: the round waits for everyone seated),
            # then carol: the page's bet is the table's minimum, placed with enter.
            await bob.send({"type": "bet", "amount": MIN_BET})
            await bob.wait_for("bet_placed", lambda m: m["seat"] == bob_seat)
            await page.until("bob's bet and the betting window", lambda text: COUNTDOWN.search(text) is not None)
            await page.press_enter()
            round_started = await bob.wait_for("round_started", timeout=WAIT)
            assert [(s["name"], s["bet"]) for s in round_started["seats"]] == [("bob", MIN_BET), ("carol", MIN_BET)]
            turn = await bob.wait_for("turn", timeout=WAIT)
            # The dealer's up card, carol's hand with her stake, whose turn with its countdown.
            to_act = "bob to act" if turn["seat"] == bob_seat else "Your turn"
            text = await page.until(
                "the dealt round",
                lambda text: re.search(r"Dealer +shows (?:[2-9]|10|A)\b", text) is not None
                and "You · 5" in text
                and re.search(to_act + r".*· \d{1,2} s", text) is not None,
            )
            marks["dealt"] = time.monotonic()
            picture = tmp_path / "shared_table.png"
            await page.screenshot(picture)
            dealt_text = text

            settled = await play_out(bob, page, turn, bob_seat, carol_seat)
            assert [r["name"] for r in settled["results"]] == ["bob", "carol"], settled
            # carol's key stood her hand (not the turn's timeout), and her page shows what
            # the round left her.
            carol_turns = [m for m in bob.messages if m["type"] == "turn" and m["seat"] == carol_seat]
            assert carol_turns, f"--seed {SEED} no longer gives carol a turn (a blackjack?): choose another seed"
            carol_acted = [m for m in bob.messages if m["type"] == "action" and m["seat"] == carol_seat]
            assert [(m["action"], m["by"]) for m in carol_acted] == [("stand", "player")], carol_acted
            net = settled["results"][1]["net"]
            result = re.compile(
                rf"Dealer .* · you: .* · round {re.escape(format_signed(net))}\n(.*\n)*.*"
                rf"Bankroll {re.escape(format_chips(START_BANKROLL + net))}(?![\d.,])"
            )
            final_text = await page.until(f"the settled round {result.pattern}", lambda text: bool(result.search(text)))
            marks["settled"] = time.monotonic()
    finally:
        if bob is not None:
            await bob.close()
        web_code = await stop(web)
        server_code = await stop(server, again_after=2)  # a round left under way: its hands stand
    marks["stopped"] = time.monotonic()

    print(f"screenshot: {picture}")
    print("; ".join(f"{what} {at - started:.2f} s" for what, at in marks.items()))
    print(dealt_text)
    print(final_text)
    assert web.stderr is not None and web.stdout is not None and server.stdout is not None
    web_err = (await web.stderr.read()).decode()
    web_out.append((await web.stdout.read()).decode())  # the pages' apps' stderr lands here
    server_log.append((await server.stderr.read()).decode())
    server_out = (await server.stdout.read()).decode()
    log = "".join(server_log)
    for output in (web_err, "".join(web_out), log, server_out):
        assert "Traceback" not in output, output
    assert web_code == 0, web_err
    assert server_code == 0, log
    # carol's app (the page's process) wrote nothing: textual-serve passes its stderr on here.
    assert len(web_out) == 2 and not web_out[1].strip(), web_out
    assert "page opened from 127.0.0.1" in web_err and web_err.rstrip().endswith("cardtable web: stopped"), web_err
    assert "join carol from 127.0.0.1" in log and "sit carol at table 1" in log, log
    assert log.rstrip().endswith("cardtable serve: stopped"), log
