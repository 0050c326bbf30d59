"""A dealt round is committed (RULES.md section 1), played as a player would.

Leaving, quitting or killing the program never gives a dealt stake back: the round
waits, exactly as it stood, and the table resumes it the next time it is opened.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest

from cardtable.core.record import RoundRecord
from cardtable.store import Store
from cardtable.ui.app import CardTableApp
from cardtable.ui.screens.blackjack import BlackjackScreen
from cardtable.ui.screens.lobby import LobbyScreen
from cardtable.ui.screens.poker import PokerScreen

from helpers import press, screen_text, settle


def seat_player_alone(data_dir: Path) -> None:
    with Store.open(data_dir) as store:
        store.save_settings(replace(store.settings(), bj_seats=()))






def blackjack(app: CardTableApp) -> BlackjackScreen:
    assert isinstance(app.screen, BlackjackScreen)
    return app.screen


# Seed 1 with the player alone: 2H 3H against a 4 — the player has to act.
SEED = 1


async def test_escape_and_reopen_gives_the_same_cards_and_the_same_turn(data_dir: Path) -> None:
    seat_player_alone(data_dir)
    app = CardTableApp(data_dir=data_dir, seed=SEED, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "1", "enter")
        screen = blackjack(app)
        assert screen.phase == "player"
        hands, dealer_up, turn = screen.round.all_hands, screen.round.dealer_up, screen.round.turn
        remaining = screen.table.shoe.snapshot()
        await press(pilot, "h")  # one action taken before leaving
        hands = screen.round.all_hands
        remaining = screen.table.shoe.snapshot()
        turn = screen.round.turn
        await press(pilot, "escape")
        assert isinstance(app.screen, LobbyScreen)
        text = screen_text(app)
        assert "Bankroll 995" in text, text  # the stake is already taken, in the lobby too
        assert "your round is waiting" in text
        assert app.store.bankroll == 99_500
        await press(pilot, "1")
        again = blackjack(app)
        assert again is not screen
        assert again.round.all_hands == hands
        assert again.round.dealer_up == dealer_up
        assert again.round.turn == turn and again.phase == "player"
        assert again.table.shoe.snapshot() == remaining
        assert again.banner.text.startswith("Your round was waiting")
        assert "h Hit" in screen_text(app).splitlines()[-1]
        await press(pilot, "s")
        assert again.phase == "betting"
        assert app.store.open_games() == ()
        (entry,) = app.store.history("blackjack")
        assert [tuple(h["cards"]) for h in entry.details["hands"]] == [
            tuple(str(c) for c in hands[0][0].cards)
        ]
        expected, held = app.store.reconcile()
        assert expected == held == app.bankroll
        await press(pilot, "escape")
        assert "your round is waiting" not in screen_text(app)


async def test_quitting_mid_round_and_starting_again_resumes_it(data_dir: Path) -> None:
    seat_player_alone(data_dir)
    app = CardTableApp(data_dir=data_dir, seed=SEED, animations=False, start="blackjack")
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "enter")
        hands = blackjack(app).round.all_hands
        await pilot.press("ctrl+q")
    assert Store.open(data_dir).open_games() == ("blackjack",)
    for _restart in range(2):  # any number of restarts later
        app = CardTableApp(data_dir=data_dir, animations=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            assert app.bankroll == 99_500
            assert "your round is waiting" in screen_text(app)
            await press(pilot, "1")
            assert blackjack(app).round.all_hands == hands
            await pilot.press("ctrl+q")
    app = CardTableApp(data_dir=data_dir, animations=False, start="blackjack")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "s")
        assert app.store.open_games() == () and app.store.history_count("blackjack") == 1


async def test_a_second_copy_cannot_sit_at_a_table_the_first_one_holds(data_dir: Path) -> None:
    seat_player_alone(data_dir)
    first = CardTableApp(data_dir=data_dir, seed=SEED, animations=False, start="blackjack")
    async with first.run_test(size=(80, 24)) as pilot:
        await press(pilot, "enter")
        second = CardTableApp(data_dir=data_dir, animations=False)
        async with second.run_test(size=(80, 24)) as pilot2:
            await settle(pilot2)
            await press(pilot2, "1")
            assert isinstance(second.screen, LobbyScreen)  # not seated: no second round
            messages = [n.message for n in second._notifications]
            assert any("open in another copy" in m for m in messages), messages
            await press(pilot2, "3")  # another table is free
            assert isinstance(second.screen, PokerScreen)
        assert first.store.open_games() == ("blackjack",)


async def test_a_damaged_saved_round_is_void_and_its_stake_returned(data_dir: Path) -> None:
    seat_player_alone(data_dir)
    app = CardTableApp(data_dir=data_dir, seed=SEED, animations=False, start="blackjack")
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "enter")
        await pilot.press("ctrl+q")
    import sqlite3

    con = sqlite3.connect(data_dir / "cardtable.sqlite3", isolation_level=None)
    (text,) = con.execute("SELECT record FROM open_rounds").fetchone()
    record = json.loads(text)
    record["actions"] = [[0, 0, "split"]]  # 2H 3H cannot be split: edited by hand
    con.execute("UPDATE open_rounds SET record = ?", (json.dumps(record),))
    con.close()
    app = CardTableApp(data_dir=data_dir, animations=False, start="blackjack")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.bankroll == app.store.bankroll == 100_000  # the stake came back
        assert app.store.open_games() == () and app.store.void_count() == 1
        messages = [n.message for n in app._notifications]
        assert any("could not be resumed" in m and "void" in m for m in messages), messages
        assert blackjack(app).phase == "betting"  # and the table plays on


async def test_a_deal_the_data_file_refuses_deals_nothing(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cardtable.store import StoreError

    seat_player_alone(data_dir)
    app = CardTableApp(data_dir=data_dir, seed=SEED, animations=False, start="blackjack")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = blackjack(app)
        before = screen.table.shoe.snapshot()

        def locked(*args, **kwargs):
            raise StoreError("The data file could not be used: another copy of cardtable is busy with it.")

        monkeypatch.setattr(app.store, "commit_round", locked)
        await press(pilot, "enter")
        assert screen.round is None and screen.phase == "betting"
        assert screen.table.shoe.snapshot() == before  # not a card moved
        assert "Not dealt" in screen.banner.text
        assert app.bankroll == 100_000
        monkeypatch.undo()
        await press(pilot, "enter")  # pressed again once the file is free
        assert screen.phase == "player" and app.bankroll == 99_500


async def test_a_double_the_data_file_refuses_is_not_made(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cardtable.store import StoreError

    seat_player_alone(data_dir)
    app = CardTableApp(data_dir=data_dir, seed=SEED, animations=False, start="blackjack")
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "enter")
        screen = blackjack(app)
        hands = screen.round.all_hands

        def full(*args, **kwargs):
            raise StoreError("The data file could not be used: the disk is full.")

        monkeypatch.setattr(app.store, "update_round", full)
        await press(pilot, "d")
        assert screen.round.all_hands == hands and screen.phase == "player"  # no card came
        assert app.bankroll == 99_500
        messages = [n.message for n in app._notifications]
        assert any("the disk is full" in m for m in messages)


# -- a real process, killed ------------------------------------------------------------


def _spawn(data_dir: Path, *args: str) -> tuple[subprocess.Popen[bytes], int]:
    """``cardtable`` in a pseudo-terminal of 100x30, as a player starts it."""
    import fcntl
    import pty
    import struct
    import termios

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    env = dict(os.environ, TERM="xterm-256color", COLUMNS="100", LINES="30")
    process = subprocess.Popen(
        [sys.executable, "-m", "cardtable", "--data-dir", str(data_dir), "--no-animation", *args],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        start_new_session=True,
        close_fds=True,
    )
    os.close(slave)
    os.set_blocking(master, False)
    return process, master


def _drain(master: int) -> bytes:
    chunks = []
    while True:
        try:
            chunk = os.read(master, 65536)
        except (BlockingIOError, OSError):
            break
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks)


def _wait_for(what: str, check, master: int, timeout: float = 90.0) -> str:
    seen = b""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        seen += _drain(master)
        text = seen.decode("utf-8", "replace")
        if check(text):
            return text
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}; screen output tail: {seen[-400:]!r}")


def _wait_exit(process: subprocess.Popen[bytes], master: int, timeout: float = 60.0) -> int:
    """Wait for the app to end while reading what it writes: a terminal nobody reads
    fills up, and the app would block on its last frames (a deadlock, not a slow exit)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        _drain(master)
        code = process.poll()
        if code is not None:
            return code
        time.sleep(0.05)
    raise AssertionError(f"the app did not end within {timeout:.0f} s")


def _open(data_dir: Path) -> Store:
    return Store.open(data_dir)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs a POSIX pseudo-terminal")
def test_kill_9_mid_round_and_the_next_start_finishes_it(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    seat_player_alone(data_dir)
    process, master = _spawn(data_dir, "--seed", str(SEED), "blackjack")
    try:
        _wait_for("the table", lambda t: "Deal" in t, master)
        os.write(master, b"\r")  # deal

        def round_open(_text: str) -> bool:
            with _open(data_dir) as store:
                return store.open_games() == ("blackjack",)

        _wait_for("the deal to be committed", round_open, master)
        os.write(master, b"h")  # one hit, saved before its card is shown

        def hit_saved(_text: str) -> bool:
            with _open(data_dir) as store:
                saved = store.open_round("blackjack")
                return saved is not None and len(RoundRecord.from_json(saved.record).actions) == 1

        _wait_for("the hit to be saved", hit_saved, master)
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(10)
        os.close(master)
    with _open(data_dir) as store:
        saved = store.open_round("blackjack")
        assert saved is not None and store.bankroll == 99_500
        record = RoundRecord.from_json(saved.record)

    process, master = _spawn(data_dir)  # the lobby, then the table
    try:
        _wait_for("the lobby", lambda t: "waiting" in t, master)
        os.write(master, b"1")
        _wait_for("the resumed round", lambda t: "was waiting" in t, master)
        os.write(master, b"s")

        def settled(_text: str) -> bool:
            with _open(data_dir) as store:
                return store.open_games() == () and store.history_count("blackjack") == 1

        _wait_for("the round to settle", settled, master)
        os.write(master, b"\x11")  # ctrl+q
        assert _wait_exit(process, master) == 0
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(10)
        os.close(master)
    from cardtable.core.blackjack_table import Table

    live = Table.resume(record)  # the round as it was killed: its first hand's cards
    with _open(data_dir) as store:
        (entry,) = store.history("blackjack")
        assert entry.details["hands"][0]["cards"][:3] == [str(c) for c in live.round.hands(0)[0].cards]
        expected, held = store.reconcile()
        assert expected == held == store.bankroll
