"""The row of machines at the poker table: choose by key and by click, the choice
remembered, each machine paying by its own table, the tip on wild machines, the joker on
screen, a resumed hand on the machine it was dealt on, the computed returns shown."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from cardtable.ai.poker_analysis import Analysis, save_result
from cardtable.ai.poker_machines import MACHINE_ORDER, load_machines
from cardtable.core.cards import Card, Shoe
from cardtable.core.poker_machines import JOKER, PayHand
from cardtable.store import Store
from cardtable.ui.app import CardTableApp
from cardtable.ui.screens.lobby import LobbyScreen
from cardtable.ui.screens.poker import PokerScreen
from cardtable.ui.widgets.common.banner import Banner
from cardtable.ui.widgets.common.card import card_box
from cardtable.ui.widgets.poker.paytable import PayTableWidget

from helpers import screen_text, settle

SIZE = (80, 24)
MACHINES = load_machines()


def cards(text: str) -> list[Card]:
    return [JOKER if t == "JK" else Card.parse(t) for t in text.split()]


def poker_app(data_dir: Path, *decks: str) -> CardTableApp:
    queue = iter(decks)

    def factory(game: str, decks_: int, cut: int | None) -> Shoe:
        return Shoe.stacked(cards(next(queue)))

    return CardTableApp(
        data_dir=data_dir, seed=7, animations=False, start="poker", shoe_factory=factory if decks else None
    )


def shown_machine(app: CardTableApp) -> str:
    screen = app.screen
    assert isinstance(screen, PokerScreen)
    return screen.query_one(PayTableWidget).table.key


async def test_m_walks_along_the_row_and_the_choice_is_remembered(data_dir: Path) -> None:
    app = poker_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert shown_machine(app) == "jacks-or-better-9-6"
        seen = []
        for _ in MACHINE_ORDER:
            await pilot.press("m")
            await settle(pilot)
            seen.append(shown_machine(app))
            assert app.settings.poker_machine == seen[-1]
            assert MACHINES[seen[-1]].name[:20] in screen_text(app)
        assert seen == [*MACHINE_ORDER[1:], MACHINE_ORDER[0]]  # round the row and back
        await pilot.press("m", "m", "m", "m")  # to Joker Poker
        await settle(pilot)
    with Store.open(data_dir) as store:
        assert store.settings().poker_machine == "joker-poker"
    again = poker_app(data_dir)
    async with again.run_test(size=SIZE) as pilot:  # a restart: the same machine
        await settle(pilot)
        assert shown_machine(again) == "joker-poker"
        assert "Kings or Better" in screen_text(again)


async def test_a_click_on_the_machine_line_walks_to_the_next_machine(data_dir: Path) -> None:
    app = poker_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "next machine" in screen_text(app)
        await pilot.click("#poker-machine")
        await settle(pilot)
        assert shown_machine(app) == "bonus-poker-8-5"
        await pilot.click("#poker-paytable")
        await settle(pilot)
        assert shown_machine(app) == "double-double-bonus-9-6"
        assert app.settings.poker_machine == "double-double-bonus-9-6"


async def test_the_machine_stays_put_during_a_hand(data_dir: Path) -> None:
    app = poker_app(data_dir, "AS KD 7H 4C 9S  QS")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        screen = app.screen
        assert screen.active_bindings["m"].enabled is False  # dimmed in the footer
        await pilot.press("m")
        await pilot.click("#poker-machine")
        await settle(pilot)
        assert shown_machine(app) == "jacks-or-better-9-6"


async def test_a_joker_hand_is_shown_and_paid_by_the_joker_table(data_dir: Path) -> None:
    with Store.open(data_dir) as store:
        store.save_settings(replace(store.settings(), poker_machine="joker-poker"))
    app = poker_app(data_dir, "JK KS 7D 5H 3C KD 9C 4H")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press(*["plus"] * 4, "enter")  # 5 coins
        await settle(pilot)
        assert "JK" in screen_text(app) and "★" in screen_text(app)
        await pilot.press("t")
        await settle(pilot)
        assert "Tip: exchange 3 4 5 (keep JK★ K♠)" in screen_text(app)  # the joker and the king
        await pilot.press("3", "4", "5", "enter")
        await settle(pilot)
        screen = app.screen
        assert screen.query_one(Banner).text.startswith("Three of a Kind — wins 50")
        assert screen.query_one(PayTableWidget).winner is PayHand.THREE_OF_A_KIND
        (entry,) = app.store.history("poker")
        assert entry.details["machine"] == "joker-poker" and entry.returned == 5_000


async def test_the_tip_on_deuces_wild_keeps_the_deuces(data_dir: Path) -> None:
    app = poker_app(data_dir, "2S 2H 9D 5C KH")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("m", "m", "m")
        await settle(pilot)
        assert shown_machine(app) == "deuces-wild"
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("t")
        await settle(pilot)
        assert "Tip: exchange 3 4 5 (keep 2♠ 2♥)" in screen_text(app)


async def test_a_resumed_hand_is_paid_by_the_machine_it_was_dealt_on(data_dir: Path) -> None:
    app = poker_app(data_dir, "2S 2H 9D 9C KH")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("m", "m", "m", "enter")  # Deuces Wild, 1 coin
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, LobbyScreen)
    with Store.open(data_dir) as store:  # the choice changes while the hand waits
        store.save_settings(replace(store.settings(), poker_machine="jacks-or-better-9-6"))
    again = poker_app(data_dir)
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert shown_machine(again) == "deuces-wild"
        await pilot.press("enter")  # stand: two deuces and two nines are four of a kind here
        await settle(pilot)
        assert again.screen.query_one(Banner).text.startswith("Four of a Kind — wins 25")


def forget_the_shipped_returns(monkeypatch: pytest.MonkeyPatch) -> None:
    """As when the pay tables have changed since the shipped figures were computed."""
    from cardtable.ai import poker_returns

    monkeypatch.setattr(poker_returns, "_shipped_data", lambda: {})


async def test_a_fresh_data_folder_knows_every_return_at_once(data_dir: Path) -> None:
    app = CardTableApp(data_dir=data_dir, seed=7, animations=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "9/6 JoB 99.54 %" in screen_text(app) and "…" not in screen_text(app)
        await pilot.press("3")
        await settle(pilot)
        seen = []
        for _key in MACHINE_ORDER:
            text = screen_text(app)
            assert "not computed" not in text and "computing" not in text
            seen.append(re.search(r"returns (\d+\.\d{4}) %", text).group(1))  # type: ignore[union-attr]
            await pilot.press("m")
            await settle(pilot)
        assert seen == ["99.5439", "99.1660", "98.9808", "100.7620", "100.6463"]


async def test_the_computed_returns_show_at_the_table_in_the_lobby_and_in_the_rules(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    forget_the_shipped_returns(monkeypatch)
    machine = MACHINES["deuces-wild"]
    # A figure kept by the program's own computation (the cache); the real one is tested
    # in tests/ai/test_poker_ai.py, this checks that the room shows what was computed.
    save_result(data_dir, Analysis(machine, Fraction(1007620, 1000000), Fraction(1), ((None, Fraction(1)),), 1, 1.0))
    app = CardTableApp(data_dir=data_dir, seed=7, animations=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        lobby = screen_text(app)
        assert "5 machines, returns as computed:" in lobby
        assert "Deuces Wild 100.76 %" in lobby and "9/6 JoB …" in lobby  # JoB: not computed yet
        await pilot.press("question_mark")
        await settle(pilot)
        await pilot.click("#--content-tab-rules-poker")
        await settle(pilot)
        text = app.screen.query_one("#rules-text-poker").source  # type: ignore[attr-defined]
        assert "| Full-Pay Deuces Wild | the four 2s | 100.7620 % |" in text
        assert "| 9/6 Jacks or Better | none | not computed yet |" in text
        await pilot.press("escape", "3")
        await settle(pilot)
        await pilot.press("m", "m", "m")
        await settle(pilot)
        assert "returns 100.7620 %" in screen_text(app)
        await pilot.press("m")
        await settle(pilot)
        assert "return not computed" in screen_text(app)


def test_the_joker_card_face() -> None:
    lines = [line.plain for line in card_box(JOKER)]
    assert lines[1].strip("│").startswith("JK") and "★" in lines[2]
    assert "*" in card_box(JOKER, ascii=True)[2].plain


async def test_the_coach_compares_the_hold_with_the_best_on_any_machine(data_dir: Path) -> None:
    app = poker_app(data_dir, "JS JD 4H 7C 9S  JH 2D 3S", "2S 2H 9D 5C KH  AS QH TD 8C 7S")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter", "3", "4", "5", "enter")  # 9/6 JoB: hold the jacks
        await settle(pilot)
        assert "Coach: the best hold ✓ (1.537 per coin)" in screen_text(app)
        await pilot.press("m", "m", "m")  # Deuces Wild
        await settle(pilot)
        await pilot.press("enter", "1", "2", "3", "4", "5", "enter")  # throws the deuces away
        await settle(pilot)
        assert "Coach: best was exchange 3 4 5 (keep 2♠ 2♥)" in screen_text(app)
        assert "yours" in screen_text(app)


def test_the_room_computes_missing_returns_in_the_background_but_never_headless(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardtable.ui.widgets.poker import machines as room

    started: list[list[str]] = []

    class Child:  # stands for `cardtable analyse poker --machine all` (tested in tests/ai)
        def __init__(self, command: list[str], **_kwargs: object) -> None:
            started.append(command)
            self.done = False

        def poll(self) -> int | None:
            return 0 if self.done else None

        def terminate(self) -> None:
            self.done = True

    monkeypatch.setattr(subprocess, "Popen", Child)  # the module the machines room starts its child with
    forget_the_shipped_returns(monkeypatch)
    told: list[int] = []
    timers: list[Callable[[], None]] = []

    class Screen:
        def returns_changed(self) -> None:
            told.append(1)

    class Timer:
        stopped = False

        def stop(self) -> None:
            self.stopped = True

    class FakeApp:
        is_headless = False
        screen_stack = [Screen()]

        def set_interval(self, seconds: float, callback, name: str = "") -> Timer:
            timers.append(callback)
            self.timer = Timer()
            return self.timer

    class Headless(FakeApp):
        is_headless = True

    assert room.start_background_analysis(Headless(), data_dir) is False and not started
    app = FakeApp()
    assert room.start_background_analysis(app, data_dir) is True
    assert started[0][1:] == ["-m", "cardtable", "analyse", "poker", "--machine", "all", "--quiet",
                              "--workers", "1", "--data-dir", str(data_dir)]
    assert room.progress_text(data_dir) == "computing"
    assert room.start_background_analysis(app, data_dir) is False  # one at a time
    (poll,) = timers
    poll()
    assert told == []  # nothing new yet
    machine = MACHINES["deuces-wild"]
    save_result(data_dir, Analysis(machine, Fraction(11, 10), Fraction(1), ((None, Fraction(1)),), 1, 0.0))
    poll()
    assert told == [1] and not app.timer.stopped  # a figure arrived; still running
    room._children[str(data_dir)].done = True  # type: ignore[attr-defined]
    poll()
    assert app.timer.stopped and room.progress_text(data_dir) is None
    assert room.returns(data_dir) == {"deuces-wild": Fraction(11, 10)}


async def test_every_machine_fits_80x24_and_shows_its_table_as_it_pays(data_dir: Path) -> None:
    app = poker_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for key in MACHINE_ORDER:
            assert shown_machine(app) == key
            machine = MACHINES[key]
            widget = app.screen.query_one(PayTableWidget)
            for coins in range(1, 6) if widget.compact else (1,):
                lines = screen_text(app).splitlines()
                assert len(lines) == 24
                assert lines[-1].rstrip().endswith("? Rules")  # the whole footer fits 80 columns
                assert any("m ▸ next machine" in line for line in lines)  # m is on the machine line
                assert any("Choose your bet" in line for line in lines[-4:-1])  # the message line shows
                for row, pays in machine.rows():
                    label = machine.row_label(row)
                    found = [m for line in lines if (m := re.search(rf"(^|\d |  ){re.escape(label)} +(\d.*)", line))]
                    assert found, label
                    numbers = found[-1].group(2).split()  # [0] may be the title
                    if widget.compact:  # the current bet's column only
                        assert numbers[0] == str(pays[coins - 1]), (key, label, coins)
                    else:
                        assert numbers[:5] == [str(n) for n in pays], (key, label)
                await pilot.press("plus")
                await settle(pilot)
            while app.screen.query_one(PayTableWidget).coins > 1:
                await pilot.press("minus")
                await settle(pilot)
            await pilot.press("m")
            await settle(pilot)


async def test_a_bad_or_unknown_stored_machine_falls_back_to_jacks_or_better(data_dir: Path) -> None:
    from cardtable.store import Settings

    assert Settings(poker_machine="../etc").validated().poker_machine == "jacks-or-better-9-6"
    assert Settings(poker_machine=7).problems() == ["poker_machine"]  # type: ignore[arg-type]
    with Store.open(data_dir) as store:
        store.save_settings(replace(store.settings(), poker_machine="aces-and-faces"))  # not on offer
    app = poker_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert shown_machine(app) == "jacks-or-better-9-6"
        await pilot.press("m")
        await settle(pilot)
        assert app.settings.poker_machine == "bonus-poker-8-5"  # the next one after the one shown
