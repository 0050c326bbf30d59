"""``cardtable join`` at the shared baccarat table: two Pilot clients against
a server in the same test process, pressing the keys players press.

The server deals and settles; these tests check what each player's screen shows and
that their keys reach the table: both see each other and each other's bets, both bet
with the local table's keys and say ready, the coup is dealt for both with the same
cards, each bankroll moves by the exact payout (RULES.md section 2), a bet over the
bankroll is refused with a message and changes nothing; a player who sits down
mid-shoe sees the table as it stands and is told why the odds cannot be counted, while
one who watched since the shuffle gets them; coach mode questions a Tie before ready;
escape gives the seat back.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping
from pathlib import Path

import pytest
from textual.pilot import Pilot

from cardtable.ai.coach_baccarat import baccarat_bet_evs, full_shoe_counts
from cardtable.core.baccarat import Outcome
from cardtable.core.baccarat_table import BaccaratTable
from cardtable.core.cards import Shoe
from cardtable.core.money import format_signed
from cardtable.net.server import Server
from cardtable.store import START_BANKROLL, Store
from cardtable.tables.baccarat import BaccaratService
from cardtable.ui.app import CardTableApp
from cardtable.ui.remote import Remote
from cardtable.ui.screens.baccarat import BaccaratScreen
from cardtable.ui.screens.baccarat_remote import RemoteBaccarat
from cardtable.ui.screens.coach_warning import CoachWarning
from cardtable.ui.screens.lobby import LobbyScreen
from cardtable.ui.widgets.baccarat.odds import OddsPanel, percent

from helpers import screen_text, until

#: The server's turn and betting window (s): long enough that a busy machine never runs
#: one out while a test types; a test of what happens when one runs out ends it itself.
WINDOW = 60.0

# Player 2C 3H (5), Banker 4D 5S (9): a natural, the Banker wins; then the shoe.
COUP = "2C 4D 3H 5S " + "7H " * 40


@pytest.fixture
async def server(tmp_path: Path) -> AsyncIterator[Server]:
    logs: list[str] = []
    srv = Server(tmp_path / "srv", port=0, turn_timeout=WINDOW, bet_window=WINDOW, seed=7, log=logs.append)
    await srv.start()
    yield srv
    srv.request_stop(now=True)
    await srv.wait_stopped()  # no deadline: the suite's timeout ends a hang
    assert not [line for line in logs if "internal" in line or "error" in line], logs


def client(tmp_path: Path, server: Server, folder: str, name: str, animations: bool = False) -> CardTableApp:
    return CardTableApp(
        store=Store.open(tmp_path / folder), animations=animations, remote=Remote("127.0.0.1", server.port, name)
    )


def seated(app: CardTableApp) -> BaccaratScreen | None:
    """The baccarat screen, fed by the server, once it shows the table."""
    screen = app.screen
    if isinstance(screen, BaccaratScreen) and isinstance(screen.client, RemoteBaccarat) and screen.client._shown:
        return screen
    return None


def remote(screen: BaccaratScreen) -> RemoteBaccarat:
    """The screen's client: the server's table."""
    client = screen.client
    assert isinstance(client, RemoteBaccarat)
    return client


def table_screen(app: CardTableApp) -> BaccaratScreen:
    screen = seated(app)
    assert screen is not None, type(app.screen).__name__
    return screen


async def sit(app: CardTableApp, pilot: Pilot, others: list[Pilot]) -> BaccaratScreen:
    """``2`` in the lobby: a seat at the baccarat table."""
    await until([pilot, *others], lambda: app.session is not None)
    await pilot.press("2")
    await until([pilot, *others], lambda: seated(app) is not None)
    return table_screen(app)


def bets_of(screen: BaccaratScreen, name: str) -> dict[Outcome, int] | None:
    """The bets ``name`` has on the layout as ``screen`` shows them (None: not seated)."""
    state = remote(screen).shared
    assert state is not None
    seat = next((s for s in state.seats if s.name == name), None)
    return None if seat is None else dict(seat.bets)


def expected_net(bets: Mapping[Outcome, int], outcome: Outcome) -> int:
    """RULES.md section 2, in hundredths: Player 1:1, Banker 0.95:1 (rounded down),
    Tie 8:1; on a tie the Player and Banker bets push."""
    net = 0
    for spot, stake in bets.items():
        if spot is outcome:
            net += {Outcome.PLAYER: stake, Outcome.BANKER: stake * 95 // 100, Outcome.TIE: 8 * stake}[spot]
        elif outcome is not Outcome.TIE or spot is Outcome.TIE:
            net -= stake
    return net


def players(screen: BaccaratScreen) -> str:
    """The other players' line, as the screen shows it."""
    assert screen._layout.players is not None
    return screen._layout.players.plain()


def hands(screen: BaccaratScreen) -> list[list[str]]:
    return [[str(c) for c in hand.cards] for hand in screen._layout.hands]


async def test_two_players_bet_say_ready_and_are_paid_the_same_coup(tmp_path: Path, server: Server) -> None:
    a, b = client(tmp_path, server, "a", "alice"), client(tmp_path, server, "b", "bob")
    async with a.run_test(size=(100, 30)) as pa, b.run_test(size=(100, 30)) as pb:
        sa = await sit(a, pa, [pb])
        table = server.tables[1]
        assert isinstance(table, BaccaratService)
        table.table = BaccaratTable(Shoe.stacked(COUP))
        sb = await sit(b, pb, [pa])
        # Both see each other at the table.
        await until([pa, pb], lambda: "bob" in players(sa) and "alice" in players(sb))
        assert "no bet" in players(sa)

        # alice: a 10 chip twice on the Banker, a 5 chip on the Tie (keys typed at once).
        await pa.press("+", "b", "b", "-", "t")
        # bob: 5 on the Player, 10 on the Banker.
        await pb.press("p", "+", "b")
        alice_bets = {Outcome.BANKER: 2000, Outcome.TIE: 500}
        bob_bets = {Outcome.PLAYER: 500, Outcome.BANKER: 1000}
        await until([pa, pb], lambda: bets_of(sb, "alice") == alice_bets and bets_of(sa, "bob") == bob_bets)
        assert sa.spot(Outcome.BANKER).stake == 2000 and sa.spot(Outcome.TIE).stake == 500
        assert "bob P 5 B 10 betting" in players(sa)
        assert "alice T 5 B 20 betting" in players(sb)
        # The betting window opened with the first bet: its countdown heads the line.
        assert players(sb).startswith("Bets close in ")
        # Bets stay in the bankroll until the coup is dealt.
        assert a.bankroll == b.bankroll == START_BANKROLL

        # alice is ready: bob sees it; nothing is dealt until bob is ready too.
        await pa.press("enter")
        await until([pa, pb], lambda: "alice T 5 B 20 ready" in players(sb))
        assert sa._banner.text.startswith("Ready") and "bob" in sa._banner.text
        await pa.press("enter")  # ready already: says what the coup waits for
        assert "waits for bob" in sa._banner.text and sa._banner.kind == "error"
        assert remote(sa).shared is not None and remote(sa).shared.round == 0 and table.round_no == 0

        await pb.press("enter")
        await until(
            [pa, pb], lambda: all(remote(s).shared is not None and remote(s).shared.round == 1 for s in (sa, sb))
        )
        await until([pa, pb], lambda: a.bankroll != START_BANKROLL and b.bankroll != START_BANKROLL)

        # The same coup on both screens: the stacked cards, the Banker's natural 9.
        assert hands(sa) == hands(sb) == [["2C", "3H"], ["4D", "5S"]]
        coup = remote(sa).shared.last
        assert coup is not None and remote(sb).shared is not None and remote(sb).shared.last == coup
        outcome = coup.outcome
        assert outcome is Outcome.BANKER
        assert remote(sa).shared.roads == remote(sb).shared.roads == (outcome,)
        # Each bankroll moves by the exact payout, on the screen and in the server's store.
        net_a, net_b = expected_net(alice_bets, outcome), expected_net(bob_bets, outcome)
        assert a.bankroll == START_BANKROLL + net_a and b.bankroll == START_BANKROLL + net_b
        for name, net in (("alice", net_a), ("bob", net_b)):
            assert server.players.load(name).store.bankroll == START_BANKROLL + net
        # Each is told the result and their net; the other's net is on the players' line.
        assert sa._banner.text.startswith("Banker wins 9 to 5 (natural)")
        assert f"you win {format_signed(net_a)}" in sa._banner.text and sa._banner.kind == "win"
        assert f"you win {format_signed(net_b)}" in sb._banner.text
        assert f"alice won {format_signed(net_a)}" in players(sb)
        assert sa._layout.balance.amount == a.bankroll  # the balance follows the server

        # A bet over the bankroll: refused with a message before it is sent, nothing changes.
        await pb.press("+", "+", "+", "+")  # the 500 chip
        await pb.press("p", "b")  # 1,000 on the table of 1,004.50
        big = {Outcome.PLAYER: 50_000, Outcome.BANKER: 50_000}
        await until([pa, pb], lambda: bets_of(sa, "bob") == big)
        await pb.press("t")
        assert "cannot cover" in sb._banner.text and sb._banner.kind == "error"
        # ... and when it reaches the server all the same, the server's refusal is shown.
        assert b.session is not None
        b.session.send({"type": "bet", "amount": 50_000, "spot": "tie"})
        await until([pa, pb], lambda: "cannot cover" in sb._banner.text and "Your bankroll" in sb._banner.text)
        await pb.press("-")  # give the server's answer time to land, then look
        assert bets_of(sa, "bob") == bets_of(sb, "bob") == big
        assert sb.spot(Outcome.TIE).stake == 0
        assert b.bankroll == START_BANKROLL + net_b == server.players.load("bob").store.bankroll

        # c clears bob's bets; the table says so to alice.
        await pb.press("c")
        await until([pa, pb], lambda: bets_of(sa, "bob") == {})
        assert sb.spot(Outcome.PLAYER).stake == 0 and sb._banner.text == "Bets cleared"


async def test_a_late_comer_sees_the_table_as_it_stands_and_the_odds_need_the_whole_shoe(
    tmp_path: Path, server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("cardtable.ui.app._DELAYS", {"card": 0.01, "result": 0.01})
    a = client(tmp_path, server, "a", "alice", animations=True)
    b = client(tmp_path, server, "b", "bob")
    async with a.run_test(size=(80, 24)) as pa, b.run_test(size=(80, 24)) as pb:
        sa = await sit(a, pa, [pb])
        # coach mode: the Tie is questioned before alice says ready; she goes ahead
        await pa.press("k", "t", "enter")
        await until([pa, pb], lambda: isinstance(a.screen, CoachWarning))
        assert isinstance(a.screen, CoachWarning)
        assert (a.screen.decision.chosen, a.screen.decision.best) == ("Tie", "Banker")
        assert a.screen.decision.spot == "416 cards left"
        await pa.press("enter")
        # alone at the table: ready deals at once (the seeded shoe), dealt out card by card
        await until([pa, pb], lambda: remote(sa).shared is not None and remote(sa).shared.round == 1 and not sa.dealing)
        coup = remote(sa).shared.last
        assert coup is not None and hands(sa) == [[str(c) for c in coup.player], [str(c) for c in coup.banker]]
        net = expected_net({Outcome.TIE: 500}, coup.outcome)
        assert a.bankroll == START_BANKROLL + net and sa._layout.balance.amount == a.bankroll
        await pa.press("k")  # coach off: no more questions
        # enter alone plays on with the last bets; alice's bet opens the window
        await pa.press("enter")
        await until([pa, pb], lambda: bool(remote(sa).shared and remote(sa).shared.round == 2 and not sa.dealing))
        await pa.press("b")
        await until([pa, pb], lambda: bets_of(sa, "alice") == {Outcome.BANKER: 500})

        # bob sits down mid-shoe, during the window: the last coup's cards, the roads,
        # alice's bet, and the window he did not see open, counted down from the server's word
        sb = await sit(b, pb, [pa])
        assert remote(sb).shared is not None and remote(sa).shared is not None
        assert remote(sb).shared.last == remote(sa).shared.last and hands(sb) == hands(sa)
        assert remote(sb).shared.roads == remote(sa).shared.roads and len(remote(sb).shared.roads) == 2
        heading = players(sb)
        assert heading.startswith("Bets close in ") and 0 < int(heading.split()[3]) <= 60, heading
        assert "alice B 5 betting" in players(sb)
        # his e: the cards dealt before he sat down are not known: no panel, a message
        await pb.press("e")
        assert not sb._layout.odds_shown and "You missed" in sb._banner.text
        # alice watched since the shuffle: the exact odds for the cards left
        await pa.press("e")
        state = remote(sa).shared
        await until([pa, pb], lambda: sa._odds.odds is not None)
        assert sa._layout.odds_shown and state.last is not None
        # the two coups' cards, every card dealt from this shoe
        assert len(remote(sa)._count.cards) == state.shoe_size - state.shoe_left
        assert remote(sa)._count.cards[-state.last.cards_used :] == state.last.player + state.last.banker
        counts = full_shoe_counts(8)
        for card in remote(sa)._count.cards:
            counts[card.rank] -= 1
        evs = baccarat_bet_evs(counts)
        text = OddsPanel.text(sa._layout.odds.report).plain
        assert f"{state.shoe_left} cards left" in text
        assert f"{'Tie':<8}{percent(evs[Outcome.TIE]):>11}" in text
        assert "5 → expect" in text  # alice's Banker bet

        # escape: bob gives his seat back and is in the lobby; alice sees him go
        await pb.press("escape")
        await until([pa, pb], lambda: isinstance(b.screen, LobbyScreen) and "bob" not in players(sa))


async def test_enter_with_no_bet_passes_and_the_coup_goes_on_at_once(tmp_path: Path, server: Server) -> None:
    """A seated player is waited for until they bet and say ready or pass: ⏎ with no bet
    passes, the others see it, and the coup is dealt without them at once."""
    a, b = client(tmp_path, server, "a", "alice"), client(tmp_path, server, "b", "bob")
    async with a.run_test(size=(100, 30)) as pa, b.run_test(size=(100, 30)) as pb:
        sa = await sit(a, pa, [pb])
        table = server.tables[1]
        assert isinstance(table, BaccaratService)
        table.table = BaccaratTable(Shoe.stacked(COUP))
        sb = await sit(b, pb, [pa])
        await pa.press("b", "enter")
        await until([pa, pb], lambda: "alice B 5 ready" in players(sb))
        assert "waits for bob" in sa._banner.text and table.round_no == 0  # bob, seated, decides too
        await pb.press("enter")  # no bet: a pass
        await until([pa, pb], lambda: table.round_no == 1)
        await until([pa, pb], lambda: "you sat this coup out" in sb._banner.text)
        await until([pa, pb], lambda: a.bankroll == START_BANKROLL + 475)
        assert b.bankroll == START_BANKROLL


async def test_each_bet_is_graded_into_the_players_own_history_on_the_server(tmp_path: Path, server: Server) -> None:
    """As at the local table: the bets said ready are graded, and the grades are kept
    with the coup in the player's history on the server (junk grades never are)."""
    from cardtable.ai.grading import decisions_in

    a = client(tmp_path, server, "a", "alice")
    async with a.run_test(size=(100, 30)) as pa:
        await sit(a, pa, [])
        table = server.tables[1]
        assert isinstance(table, BaccaratService)
        table.table = BaccaratTable(Shoe.stacked(COUP))
        await pa.press("b", "t", "enter")
        await until([pa], lambda: table.round_no == 1)
    store = Store.open(server.data_dir / "players" / "alice")
    try:
        (entry,) = store.history("baccarat")
        graded = {d.chosen: d for d in decisions_in(entry.details)}
        assert set(graded) == {"Banker", "Tie"} and graded["Banker"].is_best and not graded["Tie"].is_best
    finally:
        store.close()
    # A client's junk is dropped: only grades of the bets placed are kept.
    from cardtable.tables.baccarat import _grades_of

    bets = {Outcome.BANKER: 500}
    good = graded["Banker"].to_json()
    assert _grades_of([good, graded["Tie"].to_json(), {"junk": 1}, 7], bets) == [good]
    assert _grades_of("not a list", bets) == []


async def test_leaving_a_shared_table_shows_the_session_summary_with_the_graded_bets(
    tmp_path: Path, server: Server
) -> None:
    """As at the local table: leaving after playing shows the sitting's summary — the
    coups, won or lost, the net, and the bets graded when said ready."""
    from cardtable.ui.screens.bj_summary import SessionSummary

    a = client(tmp_path, server, "a", "alice")
    async with a.run_test(size=(80, 24)) as pa:
        sa = await sit(a, pa, [])
        table = server.tables[1]
        assert isinstance(table, BaccaratService)
        table.table = BaccaratTable(Shoe.stacked(COUP))
        await pa.press("b", "t", "enter")  # the Banker's natural: Banker wins, the Tie loses
        net = expected_net({Outcome.BANKER: 500, Outcome.TIE: 500}, Outcome.BANKER)
        await until([pa], lambda: a.bankroll == START_BANKROLL + net and not sa.dealing)
        await pa.press("escape")
        await until([pa], lambda: isinstance(a.screen, SessionSummary))
        assert isinstance(a.screen, SessionSummary)
        text = a.screen.stats.text()
        assert "Rounds played   1" in text and "Rounds lost     1" in text
        assert f"Net             {format_signed(net)}" in text
        assert "Decisions       2" in text and "Best choices    1 (50 %)" in text
        await pa.press("enter")  # closed: the shared lobby
        await until([pa], lambda: isinstance(a.screen, LobbyScreen))


async def test_y_at_a_shared_table_lists_the_players_own_coups_from_the_server(
    tmp_path: Path, server: Server
) -> None:
    """As at the local table, ``y`` shows the history: at a shared table the player's own
    coups, as the server keeps them under their name (asked for with ``history``)."""
    from cardtable.ui.screens.server_history import ServerHistoryScreen

    a = client(tmp_path, server, "a", "alice")
    async with a.run_test(size=(80, 24)) as pa:
        sa = await sit(a, pa, [])
        # the local table's screen: its enter says ready here, in the footer and on its button
        await until([pa], lambda: "⏎ Ready" in screen_text(a))  # the footer is drawn after the table
        assert "Ready  enter" in screen_text(a)
        await pa.press("y")  # nothing settled yet
        await until([pa], lambda: isinstance(a.screen, ServerHistoryScreen))
        assert isinstance(a.screen, ServerHistoryScreen) and a.screen.lines == []
        await pa.press("escape")
        await until([pa], lambda: a.screen is sa)
        table = server.tables[1]
        assert isinstance(table, BaccaratService)
        table.table = BaccaratTable(Shoe.stacked(COUP))
        await pa.press("b", "enter")  # the Banker's natural: +4.75
        await until([pa], lambda: a.bankroll == START_BANKROLL + 475 and not sa.dealing)
        await pa.press("y")
        await until([pa], lambda: isinstance(a.screen, ServerHistoryScreen))
        assert isinstance(a.screen, ServerHistoryScreen)
        (line,) = a.screen.lines
        assert "Baccarat" in line and "staked        5" in line and "+4.75" in line and "1,004.75" in line
        assert a.screen.title_text == "Your latest baccarat coups on the server"
        await pa.press("escape")
        await until([pa], lambda: a.screen is sa)


def test_history_lines_leave_out_the_rounds_that_do_not_read() -> None:
    from cardtable.ui.screens.server_history import history_lines

    good = {"at": "2026-12-02T00:10:00", "game": "baccarat", "stake": 500, "returned": 975, "bankroll": 100_475}
    junk = [7, {"at": 1}, {**good, "stake": True}, {**good, "returned": "975"}, {**good, "game": None}]
    (line,) = history_lines({"rounds": [*junk, good]})
    assert line.startswith("2026-12-02 00:10  Baccarat") and "+4.75" in line and "bankroll 1,004.75" in line
    assert history_lines({"rounds": "nope"}) == [] and history_lines({}) == []


async def test_after_the_server_closes_the_same_screen_plays_the_local_table(tmp_path: Path, server: Server) -> None:
    """The server stops: the app stays open and says so; back in the local lobby, ``2``
    opens the same baccarat screen on this machine's own table (enter deals again)."""
    from cardtable.ui.screens.baccarat_local import LocalBaccarat
    from cardtable.ui.screens.server_closed import ServerClosedScreen

    a = client(tmp_path, server, "a", "alice")
    async with a.run_test(size=(80, 24)) as pa:
        sa = await sit(a, pa, [])
        table = server.tables[1]
        assert isinstance(table, BaccaratService)
        table.table = BaccaratTable(Shoe.stacked(COUP))
        await pa.press("b", "enter")
        await until([pa], lambda: a.bankroll == START_BANKROLL + 475 and not sa.dealing)
        server.request_stop()
        await until([pa], lambda: isinstance(a.screen, ServerClosedScreen))
        assert "has closed" in screen_text(a) and a.return_code is None
        await pa.press("l")  # her own card room
        await until([pa], lambda: isinstance(a.screen, LobbyScreen) and a.remote is None)
        await pa.press("2")
        await until([pa], lambda: isinstance(a.screen, BaccaratScreen) and a.screen.is_mounted)
        local = a.screen
        assert isinstance(local, BaccaratScreen) and isinstance(local.client, LocalBaccarat)
        await until([pa], lambda: "⏎ Deal" in screen_text(a))
        assert "Deal  enter" in screen_text(a) and "Ready" not in screen_text(a)
        assert a.bankroll == START_BANKROLL  # this machine's bankroll, not the server's
        await pa.press("p")
        assert local.view.state.bets == {Outcome.PLAYER: 500}


async def test_r_at_a_shared_table_puts_the_last_bets_back_and_says_ready(tmp_path: Path, server: Server) -> None:
    """As at the local table: ``r`` places the last coup's bets again and says ready
    (alone at the table, the coup is dealt at once)."""
    a = client(tmp_path, server, "a", "alice")
    async with a.run_test(size=(80, 24)) as pa:
        sa = await sit(a, pa, [])
        await pa.press("r")  # nothing to repeat yet: said, nothing sent
        assert sa._banner.text == "No last bets to repeat yet." and sa._banner.kind == "error"
        table = server.tables[1]
        assert isinstance(table, BaccaratService)
        table.table = BaccaratTable(Shoe.stacked(COUP + COUP))
        await pa.press("+", "b", "-", "t", "enter")  # 10 on the Banker, 5 on the Tie
        bets = {Outcome.BANKER: 1000, Outcome.TIE: 500}
        net = expected_net(bets, Outcome.BANKER)
        await until([pa], lambda: a.bankroll == START_BANKROLL + net and not sa.dealing)
        table.table = BaccaratTable(Shoe.stacked(COUP))  # the same coup again
        await pa.press("r")
        await until([pa], lambda: table.round_no == 2)
        await until([pa], lambda: a.bankroll == START_BANKROLL + 2 * net and not sa.dealing)
    store = Store.open(server.data_dir / "players" / "alice")
    try:
        assert [entry.stake for entry in store.history("baccarat")] == [1500, 1500]
    finally:
        store.close()
