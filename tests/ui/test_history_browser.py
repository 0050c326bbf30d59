"""The history browser and the replay, through Pilot.

A store is filled through the round API by the computer players; the browser lists
it with filters, and a replay shows, at every step, exactly the picture the core's
own replay of the same record gives.
"""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable, Input

from cardtable.ai.poker_machines import load_machines
from cardtable.core.baccarat_table import BaccaratTable
from cardtable.core.blackjack_table import Table
from cardtable.core.poker_hand import DrawHand
from cardtable.core.record import RoundRecord
from cardtable.store import HistoryFilter, Store
from cardtable.ui.app import CardTableApp
from cardtable.ui.screens.history import HistoryScreen
from cardtable.ui.screens.history_replay import BaccaratReplay, BlackjackReplay, PokerReplay
from cardtable.ui.screens.lobby import LobbyScreen

from helpers import notifications, press, screen_text, settle, until

#: Rounds the conftest's ``filled_dir`` plays for this module, and its seed.
HISTORY = (60, 11)


def _list(app: CardTableApp) -> HistoryScreen:
    screen = app.screen
    assert isinstance(screen, HistoryScreen)
    return screen


async def test_lobby_key_opens_the_history_newest_first(data: Path) -> None:
    app = CardTableApp(data_dir=data, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, LobbyScreen)
        await press(pilot, "y")
        screen = _list(app)
        with Store.open(data) as store:
            newest = store.history(limit=5)
        assert [e.id for e in screen.entries[:5]] == [e.id for e in newest]
        text = screen_text(app)
        assert "60 rounds" in text and "local time" in text
        await press(pilot, "escape")
        assert isinstance(app.screen, LobbyScreen)


async def test_filters_by_game_result_and_biggest_swings(data: Path) -> None:
    app = CardTableApp(data_dir=data, animations=False)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(HistoryScreen())
        await settle(pilot)
        screen = _list(app)
        await press(pilot, "g")  # every game -> blackjack
        assert screen.filter.game == "blackjack"
        assert screen.entries and {e.game for e in screen.entries} == {"blackjack"}
        await press(pilot, "w", "w")  # any -> won -> lost
        assert screen.filter.result == "lost"
        assert all(e.net < 0 for e in screen.entries)
        await press(pilot, "b")  # biggest swings first
        nets = [abs(e.net) for e in screen.entries]
        assert nets == sorted(nets, reverse=True)
        with Store.open(data) as store:
            assert screen.total == store.history_matching(HistoryFilter("blackjack", result="lost"))
        # a date range in the future holds nothing; a bad date says how to write one
        since = screen.query_one("#filter-since", Input)
        since.value = "2999-01-01"
        await settle(pilot)
        assert screen.total == 0 and "0 rounds" in screen_text(app)
        since.value = "2999-13-01"
        await settle(pilot)
        assert "YYYY-MM-DD" in screen_text(app)
        since.value = ""
        await settle(pilot)
        assert screen.total > 0
        await pilot.click("#filter-game")  # a click moves a filter on: blackjack -> baccarat -> poker
        await settle(pilot)
        assert "◂ Baccarat ▸" in screen_text(app) and {e.game for e in screen.entries} == {"baccarat"}
        await pilot.click("#filter-game")
        await settle(pilot)
        assert {e.game for e in screen.entries} == {"poker"}
        await press(pilot, "g")  # and round again: every game
        assert screen.filter.game is None and "◂ Every game ▸" in screen_text(app)


def _open(app: CardTableApp, game: str) -> int:
    screen = _list(app)
    row = next(i for i, e in enumerate(screen.entries) if e.game == game)
    table = screen.query_one("#history-list", DataTable)
    table.move_cursor(row=row)
    return screen.entries[row].id


async def test_blackjack_replay_matches_the_core_at_every_step(data: Path) -> None:
    app = CardTableApp(data_dir=data, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(HistoryScreen())
        await settle(pilot)
        round_id = _open(app, "blackjack")
        await press(pilot, "enter")
        replay = app.screen
        assert isinstance(replay, BlackjackReplay)
        with Store.open(data) as store:
            record = RoundRecord.from_json(store.round_record(round_id))
        table = Table.resume(record, keep_states=True)
        table.finish_round()
        assert table.round is not None
        expected = table.round.states
        assert len(replay.steps) == len(expected)
        for i, state in enumerate(expected):
            assert replay.step == i
            assert replay.view.picture == state
            assert f"Step {i + 1} of {len(expected)}" in screen_text(app)
            await press(pilot, "right")
        assert replay.step == len(expected) - 1  # forward stops at the end
        await press(pilot, "left")
        assert replay.view.picture == expected[-2]
        await press(pilot, "home")
        assert replay.step == 0
        await press(pilot, "end")
        assert replay.view.picture == expected[-1]
        await press(pilot, "escape")
        assert isinstance(app.screen, HistoryScreen)


async def test_baccarat_replay_deals_the_coup_card_by_card(data: Path) -> None:
    app = CardTableApp(data_dir=data, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(HistoryScreen())
        await settle(pilot)
        round_id = _open(app, "baccarat")
        await press(pilot, "enter")
        replay = app.screen
        assert isinstance(replay, BaccaratReplay)
        with Store.open(data) as store:
            record = RoundRecord.from_json(store.round_record(round_id))
            entry = store.history_entry(round_id)
        coup = BaccaratTable.resume(record).coup
        assert coup is not None and entry is not None
        for shown in range(coup.cards_used + 1):
            assert replay.view.shown == shown
            assert replay.view.state.coup == coup
            await press(pilot, "right")
        assert replay.step == len(replay.steps) - 1
        assert coup.outcome.label in screen_text(app)
        assert BaccaratTable.resume(record).details() == entry.details


async def test_poker_replay_shows_the_deal_each_exchange_and_the_payout(data: Path) -> None:
    app = CardTableApp(data_dir=data, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(HistoryScreen())
        await settle(pilot)
        round_id = _open(app, "poker")
        await press(pilot, "enter")
        replay = app.screen
        assert isinstance(replay, PokerReplay)
        with Store.open(data) as store:
            record = RoundRecord.from_json(store.round_record(round_id))
        machines = {m.name: m for m in load_machines().values()}
        dealt = DrawHand.replay(RoundRecord("poker", record.start, (), record.meta), machines)
        final = DrawHand.replay(record, machines).settle()
        shown = [w.card for w in replay.slots.cards]
        assert tuple(shown) == dealt.cards
        await press(pilot, "end")
        assert tuple(w.card for w in replay.slots.cards) == final.cards
        assert replay.paytable.winner == final.paid


async def test_a_round_without_a_record_is_listed_but_not_replayed(data_dir: Path) -> None:
    with Store.open(data_dir) as store:
        store.record_round("poker", 500, 0, {"cards": ["AS", "KD", "5C", "7H", "2S"]})
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(HistoryScreen())
        await settle(pilot)
        assert "1 round" in screen_text(app)
        await press(pilot, "enter")
        assert isinstance(app.screen, HistoryScreen)
        assert any("cannot" in n or "not replayed" in n for n in notifications(app))


_SUITS = "♠♥♦♣"


async def test_small_cards_line_up_and_stay_visible_on_the_highlighted_row(data: Path) -> None:
    """80×24: every small card is three cells (a ten as wide as an ace), so a poker hand's
    suits fall every four cells; on the highlighted row the cards keep their ink on a
    light face (the cursor's white on the card's beige hid them)."""
    app = CardTableApp(data_dir=data, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "y")
        screen = _list(app)
        table = screen.query_one("#history-list", DataTable)
        poker = [i for i, e in enumerate(screen.entries[:15]) if e.game == "poker"]
        assert poker
        rows = screen_text(app).splitlines()
        for i in poker:
            row = rows[table.region.y + 1 + i]
            suits = [x for x, ch in enumerate(row) if ch in _SUITS]
            assert len(suits) == 5 and {b - a for a, b in zip(suits, suits[1:], strict=False)} == {4}, row
        table.move_cursor(row=poker[0])
        await settle(pilot)
        strip = app.screen._compositor.render_strips()[table.region.y + 1 + poker[0]]  # type: ignore[attr-defined]
        faces = [seg for seg in strip if seg.text.strip() and seg.text.strip()[-1] in _SUITS]
        assert len(faces) == 5
        for seg in faces:
            style = seg.style
            assert style is not None and style.color is not None and style.bgcolor is not None
            ink, face = (style.bgcolor, style.color) if style.reverse else (style.color, style.bgcolor)
            assert ink.get_truecolor().hex in ("#1b1b1b", "#c0262d"), seg  # the card's own ink
            assert sum(face.get_truecolor()) > 3 * 200, seg  # on a light face


async def test_the_list_is_drawn_before_the_history_is_read(data: Path, monkeypatch) -> None:
    """The screen and its filters show while the store is still being read (in a thread);
    the rows follow, and a read for a filter changed meanwhile is dropped."""
    import threading

    from cardtable.store import Store as StoreClass

    gate = threading.Event()
    reads: list[HistoryFilter] = []
    real_page = StoreClass.history_page

    def slow_page(self: StoreClass, wanted: HistoryFilter, **kwargs: int) -> list:
        reads.append(wanted)
        assert threading.current_thread() is not threading.main_thread()
        gate.wait(30)
        return real_page(self, wanted, **kwargs)

    monkeypatch.setattr(StoreClass, "history_page", slow_page)
    app = CardTableApp(data_dir=data, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("y")
        await until([pilot], lambda: len(reads) == 1)
        screen = _list(app)
        assert "Reading the history" in screen_text(app) and "◂ Every game ▸" in screen_text(app)
        assert screen.entries == [] and screen.reading
        await pilot.press("g")  # a new filter while the first read waits: that read is dropped
        await until([pilot], lambda: len(reads) == 2)
        gate.set()
        await settle(pilot)
        assert not screen.reading and screen.entries
        assert {e.game for e in screen.entries} == {"blackjack"}
        assert "Reading" not in screen_text(app) and "blackjack" in screen_text(app).lower()
