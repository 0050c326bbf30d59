"""``cardtable join`` at a shared blackjack table: Pilot clients against a
server in the same test process, pressing the keys players press.

The server is the authority; these tests check what each player's screen shows and
that their keys reach the table: two players sit, bet, act in turn and see the same
dealer and each other's cards; a dropped client comes back into its round; the token
kept in the client's data folder protects the name; the countdown runs; the host's
``c`` seats computer players.
"""

from __future__ import annotations

import json
import re
import stat
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Label

from cardtable.core.blackjack_table import Table
from cardtable.core.cards import Shoe
from cardtable.net.client import Client
from cardtable.net.server import Server
from cardtable.net.tokens import TOKENS_FILE
from cardtable.store import START_BANKROLL, Store
from cardtable.tables.blackjack import BlackjackService
from cardtable.ui.app import CardTableApp
from cardtable.ui.remote import Remote
from cardtable.ui.screens.blackjack import BlackjackScreen

from helpers import screen_text, until

#: The server's turn and betting window (s): long enough that a busy machine never runs
#: one out while a test types; a test of what happens when one runs out ends it itself.
WINDOW = 60.0
#: A wait that only ends a test that hangs: the suite's own timeout (pyproject.toml).
HANG = 300.0

# Deal order: alice (seat 1), bob (seat 2), dealer up, alice, bob, the dealer's face-down
# card; then the shoe. alice TH 9H = 19, bob 6S 3S = 9, dealer 7D + 9C (hidden) = 16.
HOLE = "9C"
DEAL = f"TH 6S 7D 9H 3S {HOLE} 5D 4S 3H 2C 8D 7S"


@pytest.fixture
async def server(tmp_path: Path) -> AsyncIterator[Server]:
    logs: list[str] = []
    srv = Server(tmp_path / "server", port=0, turn_timeout=WINDOW, bet_window=WINDOW, seed=3, log=logs.append)
    await srv.start()
    yield srv
    srv.request_stop(now=True)
    await srv.wait_stopped()  # no deadline: the suite's timeout ends a hang
    assert not [line for line in logs if "internal" in line], logs


def client(tmp_path: Path, server: Server, folder: str, name: str | None) -> CardTableApp:
    return CardTableApp(
        store=Store.open(tmp_path / folder),
        animations=False,
        remote=Remote("127.0.0.1", server.port, name),
    )


def table_screen(app: CardTableApp) -> BlackjackScreen:
    screen = app.screen
    assert isinstance(screen, BlackjackScreen), type(screen).__name__
    return screen


def at_table(app: CardTableApp) -> bool:
    return isinstance(app.screen, BlackjackScreen) and app.screen.shared is not None


async def sit_both(server: Server, a: CardTableApp, b: CardTableApp, pa: Pilot, pb: Pilot) -> None:
    await until([pa, pb], lambda: a.session is not None and b.session is not None)
    await pa.press("1")
    await until([pa], lambda: at_table(a))
    server.tables[1].core = Table(server.tables[1].rules, shoe=Shoe.stacked(DEAL))
    await pb.press("1")
    await until([pa, pb], lambda: at_table(b) and len(table_screen(a).shared.others[0].name) > 0)  # type: ignore[union-attr]


async def bet_both(a: CardTableApp, b: CardTableApp, pa: Pilot, pb: Pilot) -> None:
    """alice bets the minimum, bob sees it, bob bets: the round is dealt, alice to act."""
    sa, sb = table_screen(a), table_screen(b)
    await pa.press("enter")
    await until([pa, pb], lambda: sb.shared is not None and sb.shared.seats[0].bet == 500)
    await pb.press("enter")
    await until([pa, pb], lambda: sa.shared is not None and sa.shared.my_turn)


async def test_two_players_bet_act_in_turn_and_see_the_same_table(tmp_path: Path, server: Server) -> None:
    a, b = client(tmp_path, server, "a", "alice"), client(tmp_path, server, "b", "bob")
    async with a.run_test(size=(100, 30)) as pa, b.run_test(size=(100, 30)) as pb:
        await sit_both(server, a, b, pa, pb)
        sa, sb = table_screen(a), table_screen(b)
        await until([pa, pb], lambda: "bob" in screen_text(a) and "alice (host)" in screen_text(b))
        await until([pa, pb], lambda: "⏎ Bet" in screen_text(a).splitlines()[-1])  # the footer says it too
        # Both bet the minimum shown (5 chips) with the key; the round is dealt at once.
        await pa.press("enter")
        await until([pa, pb], lambda: sb.shared is not None and sb.shared.seats[0].bet == 500)
        assert "Your bet of 5 is in" in sa._banner.text
        await pb.press("enter")
        await until([pa, pb], lambda: sa.shared is not None and sa.shared.in_round and sa.shared.my_turn)
        assert a.bankroll == b.bankroll == START_BANKROLL - 500
        # The same dealer for both, the face-down card shown as a back, never its face.
        assert sa._layout.dealer.plain == sb._layout.dealer.plain
        assert "7" in sa._layout.dealer.plain and HOLE[0] + "♣" not in screen_text(a)
        # Each sees the other's cards: bob's 6 and 3 at alice's, alice's 10 and 9 at bob's.
        assert [str(c) for h in sa.shared.others[0].hands for c in h.cards] == ["6S", "3S"]
        assert [str(c) for h in sb.shared.others[0].hands for c in h.cards] == ["TH", "9H"]
        assert "Your turn" in sa._banner.text and " s" in sa._banner.text  # with its countdown
        assert "alice to act" in sb._banner.text
        # Out of turn: bob's key does nothing but say why.
        await pb.press("h")
        assert "Not your turn" in sb._banner.text
        assert sb.shared is not None and sb.shared.seats[1].hands[0].cards[-1].rank == 3
        await pa.press("s")
        await until([pa, pb], lambda: sb.shared is not None and sb.shared.my_turn)
        await pb.press("h")
        await until([pa, pb], lambda: len(sa.shared.others[0].hands[0].cards) == 3)  # type: ignore[union-attr]
        await pb.press("h")
        await until([pa, pb], lambda: len(sa.shared.others[0].hands[0].cards) == 4)  # type: ignore[union-attr]
        await pb.press("s")  # 18; the dealer turns 9C (16) and draws 3H: 19
        await until([pa, pb], lambda: sa.shared is not None and sa.shared.phase == "betting")
        assert sa.shared.revealed and sb.shared.revealed
        assert sa._layout.dealer.plain == sb._layout.dealer.plain and "19" in sa._layout.dealer.plain
        await until([pa, pb], lambda: a.bankroll == START_BANKROLL and b.bankroll == START_BANKROLL - 500)
        assert "push" in sa._banner.text and "lose" in sb._banner.text


async def test_a_dropped_player_comes_back_into_the_round(tmp_path: Path, server: Server) -> None:
    a, b = client(tmp_path, server, "a", "alice"), client(tmp_path, server, "b", "bob")
    async with b.run_test(size=(100, 30)) as pb:
        async with a.run_test(size=(100, 30)) as pa:
            await sit_both(server, a, b, pa, pb)
            await pa.press("enter")
            await pb.press("enter")
            await until([pa, pb], lambda: table_screen(a).shared.my_turn)  # type: ignore[union-attr]
        # alice's app is gone mid-round (her turn): bob sees her away, the seat kept.
        sb = table_screen(b)
        await until([pb], lambda: sb.shared is not None and not sb.shared.seats[0].connected)
        assert "away" in screen_text(b)
        # She joins again from the same machine (its data folder has her token).
        again = client(tmp_path, server, "a", "alice")
        async with again.run_test(size=(100, 30)) as pa2:
            await until([pa2, pb], lambda: at_table(again) and table_screen(again).shared.my_turn)  # type: ignore[union-attr]
            s2 = table_screen(again)
            assert [str(c) for c in s2.shared.mine.hands[0].cards] == ["TH", "9H"]  # type: ignore[union-attr]
            assert again.bankroll == START_BANKROLL - 500
            await pa2.press("s")
            await until([pa2, pb], lambda: sb.shared is not None and sb.shared.my_turn)


async def test_the_token_in_the_data_folder_protects_the_name(tmp_path: Path, server: Server) -> None:
    a = client(tmp_path, server, "a", "alice")
    async with a.run_test(size=(80, 24)) as pa:
        await until([pa], lambda: a.session is not None)
    book = tmp_path / "a" / TOKENS_FILE
    tokens = json.loads(book.read_text())
    assert list(tokens) == [f"127.0.0.1:{server.port}"] and list(tokens.values())[0].keys() == {"alice"}
    assert stat.S_IMODE(book.stat().st_mode) == 0o600
    # Another machine (another data folder, no token) cannot be alice.
    thief = client(tmp_path, server, "x", "ALICE")
    async with thief.run_test(size=(80, 24)) as px:
        await until([px], lambda: thief.return_code is not None)
    assert thief.return_code == 2
    assert not (tmp_path / "x" / TOKENS_FILE).exists()
    # alice's own folder still joins.
    back = client(tmp_path, server, "a", "alice")
    async with back.run_test(size=(80, 24)) as pb:
        await until([pb], lambda: back.session is not None)
        assert back.return_code is None


async def test_no_server_is_one_clear_exit(tmp_path: Path) -> None:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed again: nothing listens there
    app = CardTableApp(store=Store.open(tmp_path / "a"), animations=False, remote=Remote("127.0.0.1", port, "al"))
    async with app.run_test(size=(80, 24)) as pilot:
        await until([pilot], lambda: app.return_code is not None)
    assert app.return_code == 2


async def test_the_name_is_asked_and_checked(tmp_path: Path, server: Server) -> None:
    app = client(tmp_path, server, "a", None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "JoinNameScreen"
        await pilot.press(*"no way", "enter")
        assert "A name is 1 to 20 letters" in screen_text(app)
        assert app.session is None
        for _ in range(6):
            await pilot.press("backspace")
        await pilot.press(*"CON", "enter")  # the server would refuse it: said here, the app goes on
        assert "device name" in screen_text(app) and app.session is None and app.return_code is None
        for _ in range(3):
            await pilot.press("backspace")
        await pilot.press(*"carol", "enter")
        await until([pilot], lambda: app.session is not None)
        assert app.session is not None and app.session.name == "carol"
        assert "carol at 127.0.0.1" in app.sub_title


async def test_countdown_runs_and_the_host_seats_computers(tmp_path: Path, server: Server) -> None:
    a = client(tmp_path, server, "a", "alice")
    async with a.run_test(size=(100, 30)) as pa:
        await until([pa], lambda: a.session is not None)
        await pa.press("1")
        await until([pa], lambda: at_table(a))
        screen = table_screen(a)
        await pa.press("c")  # the host: computer players in the 4 empty seats
        await until([pa], lambda: sum(s.kind == "computer" for s in screen.shared.seats) == 4)  # type: ignore[union-attr]
        assert "4 empty seats" in screen._banner.text or "Computer" in screen_text(a)
        await pa.press("enter")
        await until([pa], lambda: screen.shared is not None and screen.shared.my_turn)
        first = screen.seconds_left
        assert first is not None and 0 < first <= WINDOW
        await until([pa], lambda: (screen.seconds_left or 0) < first)
        shown = re.search(r"· (\d+) s", screen._banner.text)  # as at its last tick
        assert shown is not None and (screen.seconds_left or 0) <= int(shown.group(1)) <= first


def ask_key_client(tmp_path: Path, server: Server) -> CardTableApp:
    """A page of ``cardtable web --server``: one shared data folder, keys not kept."""
    return CardTableApp(
        store=Store.open(tmp_path / "web"),
        animations=False,
        remote=Remote("127.0.0.1", server.port, None, ask_key=True),
    )


async def test_ask_key_shows_the_key_once_and_asks_it_at_the_next_join(tmp_path: Path, server: Server) -> None:
    from cardtable.ui.screens.join_name import JoinNameScreen, KeyScreen

    first = ask_key_client(tmp_path, server)
    async with first.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*"dan", "enter", "enter")  # a new name: no key
        await until([pilot], lambda: isinstance(first.screen, KeyScreen))
        shown = first.screen
        assert isinstance(shown, KeyScreen)
        key = shown.key
        assert key in screen_text(first)
        await pilot.press("enter")
        assert first.session is not None and first.session.name == "dan"
    assert not (tmp_path / "web" / TOKENS_FILE).exists()  # nothing kept on the shared machine
    # The next page: the name alone is not enough; a wrong key is asked again, not fatal.
    second = ask_key_client(tmp_path, server)
    async with second.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*"dan", "enter", *"nope", "enter")
        def asked_again() -> bool:
            screen = second.screen
            if not isinstance(screen, JoinNameScreen):
                return False
            return "not the key of dan" in str(screen.query_one("#join-problem", Label).content)

        await until([pilot], asked_again)
        assert second.session is None and second.return_code is None
        for _ in range(4):
            await pilot.press("backspace")
        await pilot.press(*key, "enter")
        await until([pilot], lambda: second.session is not None)
        assert second.session is not None and second.session.name == "dan"
        assert not isinstance(second.screen, KeyScreen)


async def test_a_turn_that_times_out_stands_and_the_table_says_so(tmp_path: Path) -> None:
    # The turn's clock is the server's (tested with real timers in tests/net); here the
    # timeout is fired by hand, so a busy machine cannot run bob's turn out as well.
    srv = Server(tmp_path / "server", port=0, turn_timeout=30.0, bet_window=5.0, seed=3, log=lambda _: None)
    await srv.start()
    try:
        a, b = client(tmp_path, srv, "a", "alice"), client(tmp_path, srv, "b", "bob")
        async with a.run_test(size=(100, 30)) as pa, b.run_test(size=(100, 30)) as pb:
            await sit_both(srv, a, b, pa, pb)
            await pa.press("enter")
            await pb.press("enter")
            sa, sb = table_screen(a), table_screen(b)
            await until([pa, pb], lambda: sa.shared is not None and sa.shared.my_turn)
            table = srv.tables[1]
            assert isinstance(table, BlackjackService) and table.round is not None and table.round.turn is not None
            table._timed_out(table.round_no, table.round.turn)  # alice's time is up
            await until([pa, pb], lambda: sb.shared is not None and sb.shared.my_turn)
            mine = table_screen(a).shared
            assert mine is not None and len(mine.mine.hands[0].cards) == 2  # type: ignore[union-attr]
            assert mine.mine.hands[0].closed  # type: ignore[union-attr]  # her 19 stands
            # Both tables say so, bob's with his own turn and its countdown after it.
            await until([pa, pb], lambda: "Time is up: alice's hand stands." in table_screen(a)._banner.text)
            assert sb._banner.text.startswith("Time is up: alice's hand stands. · Your turn: hard 9")
            assert sb._banner.text.endswith(" s")
    finally:
        srv.request_stop(now=True)
        await srv.wait_stopped()  # no deadline: the suite's timeout ends a hang


async def test_a_late_comer_counts_down_the_betting_window_from_the_server(tmp_path: Path, server: Server) -> None:
    a, b = client(tmp_path, server, "a", "alice"), client(tmp_path, server, "b", "bob")
    async with a.run_test(size=(100, 30)) as pa, b.run_test(size=(100, 30)) as pb:
        await until([pa, pb], lambda: a.session is not None and b.session is not None)
        await pa.press("1")
        await until([pa], lambda: at_table(a))
        carol = await Client.connect("127.0.0.1", server.port)  # seated, and slow to bet
        await carol.hello("carol")
        await carol.send({"type": "sit"})
        await carol.wait_for("seated", timeout=HANG)
        await pa.press("enter")  # alice's bet opens the betting window
        await until([pa], lambda: table_screen(a).shared.bet_window is not None)  # type: ignore[union-attr]
        await pb.press("1")  # bob sits down while it runs
        await until([pb], lambda: at_table(b))
        screen = table_screen(b)
        left = screen.seconds_left
        assert left is not None and 0 < left <= WINDOW
        # the banner says what was left at its last tick (the clock has run on since)
        shown = re.search(r"· (\d+) s$", screen._banner.text)
        assert shown is not None and left <= int(shown.group(1)) <= WINDOW
        await carol.close()


async def test_two_enters_typed_at_once_in_the_name_dialog_submit_it(tmp_path: Path, server: Server) -> None:
    """A fast typist's name, enter, enter (no key): the second enter reaches the name field
    before the focus has moved to the key field; it must still submit (it was lost)."""
    from textual.widgets import Input

    from cardtable.ui.screens.join_name import JoinNameScreen, KeyScreen

    app = ask_key_client(tmp_path, server)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, JoinNameScreen)
        await pilot.press(*"eve")
        name = dialog.query_one("#join-name", Input)
        name.post_message(Input.Submitted(name, "eve"))  # both enters land on the name field
        name.post_message(Input.Submitted(name, "eve"))
        await until([pilot], lambda: isinstance(app.screen, KeyScreen))
        assert app.session is not None and app.session.name == "eve"


async def test_a_server_stop_plays_the_round_out_and_the_apps_stay_open(tmp_path: Path, server: Server) -> None:
    """The first stop tells everyone at once; the round is played out and its
    settlement shown; then each app stays open, says the server closed, and offers to
    reconnect or to go back to the local lobby (never an exit to the shell)."""
    from cardtable.ui.screens.lobby import LobbyScreen
    from cardtable.ui.screens.server_closed import ServerClosedScreen

    a, b = client(tmp_path, server, "a", "alice"), client(tmp_path, server, "b", "bob")
    async with a.run_test(size=(100, 30)) as pa, b.run_test(size=(100, 30)) as pb:
        await sit_both(server, a, b, pa, pb)
        sa, sb = table_screen(a), table_screen(b)
        await bet_both(a, b, pa, pb)
        server.request_stop()
        await until([pa, pb], lambda: "closes after this round" in sb._banner.text)
        await until([pa, pb], lambda: sa._banner.text.startswith("Last round · Your turn"))
        await pa.press("s")
        await until([pa, pb], lambda: sa._banner.text.startswith("Last round · bob to act"))
        await until([pa, pb], lambda: sb.shared is not None and sb.shared.my_turn)
        await pb.press("s")
        await until([pa, pb], lambda: all(isinstance(x.screen, ServerClosedScreen) for x in (a, b)))
        # The settlement was shown and paid before the goodbye; the apps still run.
        assert sa.shared is not None and sa.shared.revealed and sa.shared.phase != "playing"
        # 19 and 9 stand; the dealer's 16 draws the 5: 21, both lose.
        assert a.bankroll == b.bankroll == START_BANKROLL - 500
        assert "lose" in sa._banner.text or "has closed" in sa._banner.text
        assert a.return_code is None and b.return_code is None
        assert "has closed" in screen_text(a)
        assert "Last round: Dealer" in screen_text(a) and "lose" in screen_text(a)  # the result, kept in view
        # Reconnecting to a server that is gone says so and asks again.
        await pb.press("r")
        await until([pa, pb], lambda: isinstance(b.screen, ServerClosedScreen) and "failed" in screen_text(b))
        # alice goes back to her own card room.
        await pa.press("l")
        await until([pa, pb], lambda: isinstance(a.screen, LobbyScreen) and "Chips are virtual" in screen_text(a))
        assert a.remote is None and a.bankroll == START_BANKROLL  # her own bankroll, her own lobby
        assert a.return_code is None and b.return_code is None


async def test_t_shows_each_actions_exact_value_for_the_cards_seen_at_the_shared_table(
    tmp_path: Path, server: Server
) -> None:
    """``t`` at a shared table values every legal action exactly for the cards seen
    since the shuffle — here the first round's face-up cards — as the local coach does;
    the values go away once the decision is taken."""
    from collections import Counter

    from cardtable.ai.coach import blackjack_action_evs
    from cardtable.core.blackjack import Action
    from cardtable.core.cards import parse_cards

    a, b = client(tmp_path, server, "a", "alice"), client(tmp_path, server, "b", "bob")
    async with a.run_test(size=(100, 30)) as pa, b.run_test(size=(100, 30)) as pb:
        await sit_both(server, a, b, pa, pb)
        sa, sb = table_screen(a), table_screen(b)
        await pb.press("t")  # not bob's turn (nor anyone's): nothing
        assert sb._layout.coach.spot is None
        await bet_both(a, b, pa, pb)
        await pa.press("t")
        await until([pa, pb], lambda: "▸Stand" in sa._layout.coach.text)
        assert sa._banner.text.startswith("Tip: Stand")
        # The exact values for alice's TH 9H against the 7D, with bob's 6S 3S seen too.
        seen = Counter(min(c.rank, 10) for c in parse_cards("TH 9H 7D 6S 3S"))
        remaining = {v: (96 if v == 10 else 24) - seen[v] for v in range(1, 11)}
        legal = {Action.HIT, Action.STAND, Action.DOUBLE}
        evs = blackjack_action_evs(server.tables[1].rules, parse_cards("TH 9H"), parse_cards("7D")[0], legal, remaining)
        spot = sa._layout.coach.spot
        assert spot is not None and spot.remaining == tuple(remaining[v] for v in range(1, 11))
        best = max(evs, key=lambda action: evs[action])
        assert best is Action.STAND and f"{evs[best]:+.3f}" in sa._layout.coach.text
        await pa.press("s")
        await until([pa, pb], lambda: sb.shared is not None and sb.shared.my_turn)
        assert sa._layout.coach.spot is None  # said for the decision taken only


async def test_c_says_why_for_a_guest_and_computer_seats_show_the_chips_beside_their_stake(
    tmp_path: Path, server: Server
) -> None:
    a, b = client(tmp_path, server, "a", "alice"), client(tmp_path, server, "b", "bob")
    async with a.run_test(size=(100, 30)) as pa, b.run_test(size=(100, 30)) as pb:
        await sit_both(server, a, b, pa, pb)
        sb = table_screen(b)
        await pb.press("c")  # bob is not the host: said, nothing sent
        assert "Only the host (alice)" in sb._banner.text and sb._banner.kind == "error"
        await pa.press("c")
        await until([pa, pb], lambda: sum(s.kind == "computer" for s in sb.shared.seats) == 3)  # type: ignore[union-attr]
        await pa.press("enter")
        await pb.press("enter")
        await until([pa, pb], lambda: sb.shared is not None and sb.shared.in_round)
        computers = [s for s in sb.shared.seats if s.kind == "computer"]
        # 1,000 chips less the 5 staked, as the local table shows them during a round
        assert {s.stack for s in computers} == {100_000 - 500}


async def test_the_coach_grades_each_choice_into_the_players_own_history_on_the_server(
    tmp_path: Path, server: Server
) -> None:
    """As at the local table: each choice is graded (into the player's history on the
    server), and coach mode (``k``) questions a costly one first — escape takes it back."""
    from cardtable.ai.grading import decisions_in
    from cardtable.ui.screens.coach_warning import CoachWarning

    a, b = client(tmp_path, server, "a", "alice"), client(tmp_path, server, "b", "bob")
    async with a.run_test(size=(100, 30)) as pa, b.run_test(size=(100, 30)) as pb:
        await sit_both(server, a, b, pa, pb)
        sa, sb = table_screen(a), table_screen(b)
        await bet_both(a, b, pa, pb)
        await pa.press("k")  # coach mode on
        assert a.settings.coach
        await pa.press("h")  # hitting a hard 19 against a 7 gives value away
        await until([pa, pb], lambda: isinstance(a.screen, CoachWarning))
        await pa.press("escape")  # taken back: nothing was sent
        await until([pa, pb], lambda: "Taken back" in sa._banner.text)
        assert len(sa.shared.mine.hands[0].cards) == 2  # type: ignore[union-attr]
        await pa.press("s")  # the best choice: no question
        await until([pa, pb], lambda: sb.shared is not None and sb.shared.my_turn)
        await pb.press("s")  # bob's coach mode is off: his choice is graded all the same
        await until([pa, pb], lambda: sa.shared is not None and sa.shared.phase == "betting")
    for name, chosen in (("alice", ["Stand"]), ("bob", ["Stand"])):
        store = Store.open(server.data_dir / "players" / name)
        try:
            (entry,) = store.history("blackjack")
            assert [d.chosen for d in decisions_in(entry.details)] == chosen
        finally:
            store.close()


async def test_the_turn_prompt_stays_whole_on_one_line_at_80_columns(tmp_path: Path, server: Server) -> None:
    """A long prompt keeps its figures: the actions become their keys, and a notice that
    would not fit beside it is left out rather than cutting the prompt mid-sentence."""
    a, b = client(tmp_path, server, "a", "alice"), client(tmp_path, server, "b", "bob")
    async with a.run_test(size=(80, 24)) as pa, b.run_test(size=(80, 24)) as pb:
        await sit_both(server, a, b, pa, pb)
        sa = table_screen(a)
        await pa.press("enter")
        await pb.press("enter")
        await until([pa, pb], lambda: sa.shared is not None and sa.shared.my_turn)
        width = sa._banner.content_size.width
        sa._notice, sa._notice_turn = "Time is up: abcdefghijklmnopqrst's hand stands.", sa.shared.turn
        sa.closing = True  # "Last round · " too
        sa._prompt()
        text = sa._banner.text
        assert len(text) <= width and text.startswith("Last round · Your turn") and text.endswith(" s"), text


async def test_r_places_the_last_bet_again_for_the_next_round(tmp_path: Path, server: Server) -> None:
    a, b = client(tmp_path, server, "a", "alice"), client(tmp_path, server, "b", "bob")
    async with a.run_test(size=(100, 30)) as pa, b.run_test(size=(100, 30)) as pb:
        await sit_both(server, a, b, pa, pb)
        sa, sb = table_screen(a), table_screen(b)
        assert sa.check_action("repeat", ()) is None  # no last bet yet: dimmed
        await pa.press("+", "enter")  # 10 chips
        await until([pa, pb], lambda: sb.shared is not None and sb.shared.seats[0].bet == 1000)
        await pb.press("enter")
        for pilot, screen in ((pa, sa), (pb, sb)):
            def my_turn(screen: BlackjackScreen = screen) -> bool:
                return screen.shared is not None and screen.shared.my_turn

            await until([pa, pb], my_turn)
            await pilot.press("s")
        await until([pa, pb], lambda: sa.shared is not None and sa.shared.phase == "betting")
        await pa.press("-")  # the bet shown changes; r is the last bet, not the one shown
        await pa.press("r")
        await until([pa, pb], lambda: sb.shared is not None and sb.shared.seats[0].bet == 1000)
        assert sa.check_action("repeat", ()) is None  # placed: nothing to repeat until the deal


async def test_leaving_a_shared_table_shows_the_sittings_summary(tmp_path: Path, server: Server) -> None:
    """As at the local table, leaving after a round shows the session summary: here from
    the rounds the screen saw settled (the statistics are the server's)."""
    from cardtable.ui.screens.bj_summary import SessionSummary
    from cardtable.ui.screens.lobby import LobbyScreen

    a, b = client(tmp_path, server, "a", "alice"), client(tmp_path, server, "b", "bob")
    async with a.run_test(size=(100, 30)) as pa, b.run_test(size=(100, 30)) as pb:
        await sit_both(server, a, b, pa, pb)
        sa, sb = table_screen(a), table_screen(b)
        await pb.press("escape")  # no round played yet: straight back, no summary
        await until([pa, pb], lambda: isinstance(b.screen, LobbyScreen))
        await pb.press("1")
        await until([pa, pb], lambda: at_table(b))
        sb = table_screen(b)
        await bet_both(a, b, pa, pb)
        await pa.press("escape")  # a hand in play is not left: said why
        assert "Your hand is in play" in sa._banner.text and a.screen is sa
        await pa.press("s")  # alice stands on 19
        await until([pa, pb], lambda: sb.shared is not None and sb.shared.my_turn)
        await pb.press("s")  # bob stands on 9; the dealer's 16 draws the 5: 21, both lose
        await until([pa, pb], lambda: sa.shared is not None and sa.shared.phase == "betting")
        await until([pa, pb], lambda: "session" in screen_text(b))  # the sitting's net beside the bet
        for app, pilot in ((a, pa), (b, pb)):
            await pilot.press("escape")

            def summary_shown(app: CardTableApp = app) -> bool:
                return isinstance(app.screen, SessionSummary)

            await until([pa, pb], summary_shown)
        text_a, text_b = screen_text(a), screen_text(b)
        for text in (text_a, text_b):
            assert "Rounds played   1" in text and "Rounds lost     1" in text and "Hands lost      1" in text
            assert "Net             −5" in text
            assert "Decisions       1" in text  # the sitting's graded choices
        await pa.press("enter")
        await until([pa, pb], lambda: isinstance(a.screen, LobbyScreen))


async def test_y_at_a_shared_table_shows_the_players_own_rounds_on_the_server(tmp_path: Path, server: Server) -> None:
    """``y`` asks the server for the player's own history there (not this computer's)."""
    from cardtable.ui.screens.server_history import ServerHistoryScreen as SharedHistory

    a, b = client(tmp_path, server, "a", "alice"), client(tmp_path, server, "b", "bob")
    async with a.run_test(size=(100, 30)) as pa, b.run_test(size=(100, 30)) as pb:
        await sit_both(server, a, b, pa, pb)
        sa, sb = table_screen(a), table_screen(b)
        await pa.press("y")  # nothing played yet
        await until([pa, pb], lambda: isinstance(a.screen, SharedHistory))
        assert "None settled yet" in screen_text(a)
        await pa.press("escape")
        await until([pa, pb], lambda: a.screen is sa)
        await bet_both(a, b, pa, pb)
        await pa.press("s")
        await until([pa, pb], lambda: sb.shared is not None and sb.shared.my_turn)
        await pb.press("s")  # both lose 5 to the dealer's 21
        await until([pa, pb], lambda: sa.shared is not None and sa.shared.phase == "betting")
        await pa.press("y")
        await until([pa, pb], lambda: isinstance(a.screen, SharedHistory))
        text = screen_text(a)
        assert "Your latest blackjack rounds on the server" in text
        assert "Blackjack  staked        5         −5" in text  # the game as the lobby names it
        (entry,) = server.players.load("alice").store.history("blackjack")  # alice's, on the server
        assert entry.at[:16].replace("T", " ") in text
        assert a.store.history_count("blackjack") == 0  # not this computer's
        await pa.press("escape")
        await until([pa, pb], lambda: a.screen is sa)


async def test_x_sits_the_next_round_out_so_the_others_are_dealt_at_once(tmp_path: Path, server: Server) -> None:
    """A seated player who does not want the next round passes (``x``): the round is
    dealt as soon as the others have bet, without waiting for the window."""
    a, b = client(tmp_path, server, "a", "alice"), client(tmp_path, server, "b", "bob")
    async with a.run_test(size=(80, 24)) as pa, b.run_test(size=(80, 24)) as pb:
        await sit_both(server, a, b, pa, pb)
        sa, sb = table_screen(a), table_screen(b)
        await pb.press("x")
        await until([pa, pb], lambda: server.tables[1].seats[1] is not None and server.tables[1].seats[1].passed)
        assert "You sit the next round out" in sb._banner.text
        await pa.press("enter")  # alice bets: everyone seated has bet or passed
        await until([pa, pb], lambda: sa.shared is not None and sa.shared.in_round and sa.shared.my_turn)
        assert sb.shared is not None and sb.shared.seats[1].hands == ()  # bob sits it out
        await pb.press("x")  # mid-round: refused, with words
        assert "once it is settled" in sb._banner.text and sb._banner.kind == "error"
