"""One shared table, two languages: alice plays in 日本語 (a Pilot app in this process),
bob in lietuvių (``cardtable --lang lt join`` in its own pseudo-terminal: the language is
one per process, as it is for two real players). The server sends codes and parameters
only, so each of them reads the same refusal, the same timeout and the same closing in
their own language."""

from __future__ import annotations

import asyncio
import fcntl
import os
import pty
import select
import signal
import struct
import sys
import termios
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardtable.core.blackjack_table import Table
from cardtable.core.cards import Shoe
from cardtable.i18n import set_language
from cardtable.net.client import Client
from cardtable.net.server import Server
from cardtable.store import Store
from cardtable.tables.blackjack import BlackjackService
from cardtable.ui.app import CardTableApp
from cardtable.ui.remote import Remote
from cardtable.ui.screens.blackjack import BlackjackScreen

from helpers import until

pytestmark = pytest.mark.timeout(120)

# alice TH 9H = 19 (seat 0), bob 6S 3S = 9 (seat 1), carol 8C 9D = 17 (seat 2), dealer 7D + 9C.
DEAL = "TH 6S 8C 7D 9H 3S 9D 9C 5D 4S 3H 2C 8D 7S 6H 5C"


class Terminal:
    """A program in a 100x30 pseudo-terminal: keys written to it, every byte it writes kept."""

    def __init__(self, argv: list[str]) -> None:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        self.pid = os.fork()
        if self.pid == 0:  # the child: the terminal is its stdin, stdout and stderr
            os.setsid()
            fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
            for fd in (0, 1, 2):
                os.dup2(slave, fd)
            env = dict(os.environ, TERM="xterm-256color", COLUMNS="100", LINES="30", PYTHONIOENCODING="utf-8")
            os.execve(argv[0], argv, env)
        os.close(slave)
        self.master = master
        self.out = bytearray()
        self._reading = True
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        while self._reading:
            ready, _, _ = select.select([self.master], [], [], 0.1)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:
                    return
                if not chunk:
                    return
                self.out += chunk

    def shows(self, text: str) -> bool:
        return text.encode() in self.out

    def press(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def close(self) -> None:
        self._reading = False
        self._reader.join(2)
        if os.waitpid(self.pid, os.WNOHANG)[0] == 0:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        os.close(self.master)


@pytest.fixture
def japanese() -> Iterator[None]:
    """alice's app is in Japanese (``--lang ja``); English again for the next test."""
    yield
    set_language("en")


def banner(app: CardTableApp) -> str:
    screen = app.screen
    assert isinstance(screen, BlackjackScreen)
    return str(screen._banner.text)


async def test_each_player_reads_the_table_in_their_own_language(tmp_path: Path, japanese: None) -> None:
    srv = Server(tmp_path / "server", port=0, turn_timeout=60.0, bet_window=60.0, seed=3, log=lambda _: None)
    await srv.start()
    bob: Terminal | None = None
    carol = await Client.connect("127.0.0.1", srv.port)
    try:
        alice = CardTableApp(store=Store.open(tmp_path / "a"), animations=False, lang="ja",
                             remote=Remote("127.0.0.1", srv.port, "alice"))
        async with alice.run_test(size=(100, 30)) as pa:
            await until([pa], lambda: alice.session is not None)
            await pa.press("1")
            await until([pa], lambda: isinstance(alice.screen, BlackjackScreen) and alice.screen.shared is not None)
            table = srv.tables[1]
            assert isinstance(table, BlackjackService)
            table.core = Table(table.rules, shoe=Shoe.stacked(DEAL))
            bob = Terminal([sys.executable, "-m", "cardtable", "--lang", "lt", "join", f"127.0.0.1:{srv.port}",
                            "--name", "bob", "--data-dir", str(tmp_path / "b"), "--no-animation"])
            await until([pa], lambda: bob is not None and bob.shows(f"bob serveryje 127.0.0.1:{srv.port}"))
            bob.press("1")  # welcomed: the lobby's first game is the shared blackjack table
            await until([pa], lambda: table.seat_of("bob") == 1)
            await carol.hello("carol")  # a third player, so that the stop comes on nobody's turn but hers
            await carol.send({"type": "sit"})
            await until([pa], lambda: table.seat_of("carol") == 2)

            # The same refusal (no hand to play between rounds), each in their language.
            await pa.press("h")
            assert banner(alice) == "今プレイするハンドはありません。"
            bob.press("h")
            await until([pa], lambda: bob is not None and bob.shows("Dabar nėra rankos, kurią būtų galima žaisti."))

            # Everyone bets; alice's turn times out (fired by hand: no race with a clock).
            await pa.press("enter")
            await until([pa], lambda: table.seats[0] is not None and table.seats[0].bet == 500)
            bob.press("\r")
            await until([pa], lambda: table.seats[1] is not None and table.seats[1].bet == 500)
            await carol.send({"type": "bet", "amount": 500})
            await until([pa], lambda: table.round is not None and table.round.turn == (0, 0))
            assert table.round is not None and table.round.turn is not None
            table._timed_out(table.round_no, table.round.turn)
            await until([pa], lambda: "時間切れ：aliceのハンドはスタンドします。" in banner(alice))
            await until([pa], lambda: bob is not None and bob.shows("Laikas baigėsi: alice ranka lieka."))

            # bob stands; on carol's turn the server stops: both are told the table closes.
            bob.press("s")
            await until([pa], lambda: table.round is not None and table.round.turn == (2, 0))
            srv.request_stop()
            await until([pa], lambda: "サーバーが停止します：このラウンドのあとテーブルは閉じます。" in banner(alice))
            closing = "Serveris stabdomas: po šio raundo stalas uždaromas."
            await until([pa], lambda: bob is not None and bob.shows(closing))
            # ... and nobody read an English sentence from the server.
            for english in ("Time is up", "closes after this round", "There is no hand"):
                assert not bob.shows(english)
                assert english not in banner(alice)
    finally:
        await carol.close()
        if bob is not None:
            bob.close()
        srv.request_stop(now=True)
        await asyncio.wait_for(srv.wait_stopped(), 5)


async def test_a_goodbye_says_its_reason_in_the_players_language(tmp_path: Path, japanese: None) -> None:
    """Signed in elsewhere: the dialog says why, in Lithuanian; a server that closes
    is said once (the dialog's own words), not twice."""
    from cardtable.net.tokens import TokenBook
    from cardtable.ui.screens.server_closed import ServerClosedScreen

    srv = Server(tmp_path / "server", port=0, turn_timeout=60.0, bet_window=60.0, seed=3, log=lambda _: None)
    await srv.start()
    other = await Client.connect("127.0.0.1", srv.port)
    try:
        store = Store.open(tmp_path / "a")
        alice = CardTableApp(store=store, animations=False, lang="lt", remote=Remote("127.0.0.1", srv.port, "alice"))
        async with alice.run_test(size=(100, 30)) as pa:
            await until([pa], lambda: alice.session is not None)
            token = TokenBook(store.path.parent).get("127.0.0.1", srv.port, "alice")
            await other.hello("alice", token)  # the same player, from another connection
            await until([pa], lambda: isinstance(alice.screen, ServerClosedScreen))
            words = str(alice.screen.query_one("#closed-words").render())
            assert "Šiuo vardu prisijungta iš kito ryšio." in words
        set_language("en")
        bob = CardTableApp(store=Store.open(tmp_path / "b"), animations=False,
                           remote=Remote("127.0.0.1", srv.port, "bob"))
        async with bob.run_test(size=(100, 30)) as pb:
            await until([pb], lambda: bob.session is not None)
            srv.request_stop()
            await until([pb], lambda: isinstance(bob.screen, ServerClosedScreen))
            words = str(bob.screen.query_one("#closed-words").render())
            assert words.count("closed") == 1, words
    finally:
        await other.close()
        srv.request_stop(now=True)
        await asyncio.wait_for(srv.wait_stopped(), 5)
