"""The count drill screen, played with the keys a player presses: cards dealt, the
running and the true count typed and graded, the score kept with the other drills."""

from __future__ import annotations

import random
from pathlib import Path

from cardtable.ai.counting import indices as indices_module
from cardtable.ai.counting.drill import CountDrill
from cardtable.ai.counting.indices import Index
from cardtable.ai.counting.systems import system_named
from cardtable.ui.app import CardTableApp
from cardtable.ui.screens.count_drill import CountDrillScreen
from cardtable.ui.screens.index_drill import IndexDrillScreen
from cardtable.ui.screens.lobby import LobbyScreen

from helpers import press, screen_text, settle, until

_KEYS = {"-": "minus", "+": "plus", ".": "full_stop"}


async def _type(pilot, value: float) -> None:  # type: ignore[no-untyped-def]
    text = f"{value:g}"
    await press(pilot, *(_KEYS.get(c, c) for c in text), "enter")


def _flat(app: CardTableApp) -> str:
    return " ".join(screen_text(app).split())


async def test_a_count_drill_grades_the_running_and_true_counts(data_dir: Path, monkeypatch) -> None:
    expected = CountDrill(system_named("hilo"), 6, random.Random("7:drill:count"))
    questions = [expected.question() for _ in range(2)]
    kept: list[tuple[object, ...]] = []
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        monkeypatch.setattr(app.store, "record_drill", lambda *args: kept.append(args))
        app.push_screen(CountDrillScreen(questions=2, seed=7, pace=0))
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, CountDrillScreen) and screen.phase == "running"
        text = _flat(app)
        assert "A new shoe: the count starts at 0." in text and "Running count?" in text
        assert "question 1 of 2" in text and "You: " in text and "Dealer: " in text
        q = questions[0]
        assert screen.question == q
        await _type(pilot, q.running)
        assert f"Decks left (the tray): {q.decks_left:g}. True count?" in _flat(app)
        await _type(pilot, round(q.true_count))
        text = _flat(app)
        assert "✓ running count" in text and "✓ true count" in text and "question 2 of 2" in text
        q = questions[1]
        await _type(pilot, q.running + 1)  # wrong
        await _type(pilot, round(q.true_count))
        text = _flat(app)
        said = q.running + 1
        shown = f"{said:+g}".replace("-", "\u2212") if said else "0"
        assert "✗ running count" in text and f"(you said {shown})" in text and "✓ true count" in text
        assert "Drill over" in text and "2 answered, 1 fully right (50 %)" in text
        assert kept == [("count", 2, 1, 0.0)]
        await press(pilot, "escape")
        assert isinstance(app.screen, LobbyScreen)


async def test_a_word_is_not_an_answer(data_dir: Path) -> None:
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(CountDrillScreen(questions=3, seed=1, pace=0))
        await settle(pilot)
        await press(pilot, "full_stop", "enter")
        assert "Type a number" in _flat(app)
        assert app.screen.phase == "running" and app.screen.results == []  # type: ignore[attr-defined]


async def test_cardtable_drill_count_deals_at_a_pace_and_space_shows_all(data_dir: Path) -> None:
    app = CardTableApp(data_dir=data_dir, animations=False, seed=2, drill="count")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, CountDrillScreen) and isinstance(app.screen_stack[0], LobbyScreen)
        assert screen.phase == "dealing" and "Count the cards…" in _flat(app)
        await until([pilot], lambda: screen.shown >= 1)  # the first card, after one pace
        await press(pilot, "m")  # single cards from the next question
        await press(pilot, "space")
        assert screen.phase == "running" and screen.shown == len(screen.question.cards)  # type: ignore[union-attr]
        assert not screen.whole_rounds
        await press(pilot, "escape")  # nothing answered yet: back to the lobby
        assert isinstance(app.screen, LobbyScreen)


async def test_the_lobby_drills_offer_the_count(data_dir: Path) -> None:
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "d")
        assert "Card counting: running and true count" in _flat(app)
        await press(pilot, "c")
        assert isinstance(app.screen, CountDrillScreen)


def _index(hand: str, up: str, action: str, otherwise: str, index: int) -> Index:
    return Index(hand, up, action, otherwise, index, index + 0.3, otherwise, "hard", int(hand), 10, index + 0.3, 0.01)


async def test_the_index_drill_asks_the_play_at_a_count(data_dir: Path, monkeypatch) -> None:
    plays = [_index("16", "10", "stand", "hit", 0), _index("10", "10", "double", "hit", 4)]
    monkeypatch.setattr(indices_module, "indices", lambda system, rules: plays)
    kept: list[tuple[object, ...]] = []
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        monkeypatch.setattr(app.store, "record_drill", lambda *args: kept.append(args))
        app.push_screen(CountDrillScreen(questions=3, seed=1))
        await settle(pilot)
        await press(pilot, "i")  # while the cards are dealt
        screen = app.screen
        assert isinstance(screen, IndexDrillScreen)
        await until([pilot], lambda: screen.question is not None)
        for n in range(10):
            q = screen.question
            assert q is not None
            assert f"{q.index.hand} against 10 at a true count of" in _flat(app)
            wrong = q.index.otherwise if q.answer == q.index.action else q.index.action
            await press(pilot, {"hit": "h", "stand": "s", "double": "d"}[q.answer if n % 2 == 0 else wrong])
            assert ("✓ " if n % 2 == 0 else "✗ ") in _flat(app)
        assert "Drill over: 5 of 10 right" in _flat(app)
        assert kept == [("count", 10, 5, 0.0)]
