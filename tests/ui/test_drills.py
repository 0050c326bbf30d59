"""Drills: the scores kept in the store, and the drill screen played
with the keys a player presses."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

import pytest

from cardtable.ai import drills as ai_drills
from cardtable.ai.drills import BlackjackDrill, PokerDrill
from cardtable.ai.poker_machines import machine_named
from cardtable.core.blackjack import Rules
from cardtable.store import DB_NAME, DRILL_GAMES, DRILL_SCORES_KEPT, DrillScore, Store
from cardtable.ui.app import CardTableApp
from cardtable.ui.screens.drill import DrillChoice, DrillScreen
from cardtable.ui.screens.lobby import LobbyScreen

from helpers import click_menu, press, screen_text, settle

# -- the store ------------------------------------------------------------------------


def test_drill_scores_are_kept_and_read_back(data_dir: Path) -> None:
    assert set(ai_drills.DRILL_GAMES) | {"count"} == set(DRILL_GAMES)  # the decision drills and the count drill
    with Store.open(data_dir) as store:
        assert store.drill_scores() == []
        store.record_drill("blackjack", 20, 15, 123.456)
        store.record_drill("poker", 7, 7, 0.0)
    with Store.open(data_dir) as store:  # survives a restart
        scores = store.drill_scores()
        bj = store.drill_scores("blackjack")
    assert [(s.game, s.answered, s.best, s.cost) for s in scores] == [
        ("blackjack", 20, 15, 123.456),
        ("poker", 7, 7, 0.0),
    ]
    assert bj == scores[:1] and isinstance(bj[0], DrillScore)
    assert bj[0].share == 0.75 and bj[0].at.endswith("Z")


@pytest.mark.parametrize(
    "args",
    [
        ("baccarat", 1, 1, 0.0),
        ("blackjack", 3, 4, 0.0),
        ("blackjack", -1, 0, 0.0),
        ("blackjack", 2, 1, -5.0),
        ("blackjack", 2, 1, float("nan")),
        ("blackjack", 2, 1, float("inf")),
        ("blackjack", 2.0, 1, 1.0),
        ("poker", True, 1, 1.0),
    ],
)
def test_bad_drill_scores_are_refused_and_nothing_is_kept(data_dir: Path, args: tuple) -> None:
    with Store.open(data_dir) as store:
        with pytest.raises(ValueError):
            store.record_drill(*args)
        assert store.drill_scores() == []
        with pytest.raises(ValueError):
            store.drill_scores("baccarat")


def test_a_damaged_drill_value_never_crashes(data_dir: Path) -> None:
    with Store.open(data_dir) as store:
        store.record_drill("poker", 5, 3, 10.0)
    conn = sqlite3.connect(data_dir / DB_NAME)
    good = json.loads(conn.execute("SELECT value FROM meta WHERE key = 'drills:poker'").fetchone()[0])[0]
    damaged = [good, "junk", [1, 2], ["x", 3, 5, 1.0], ["t", 1, 1, "NaN"], None]
    with conn:
        conn.execute("UPDATE meta SET value = ? WHERE key = 'drills:poker'", (json.dumps(damaged),))
        conn.execute("INSERT INTO meta (key, value) VALUES ('drills:blackjack', '{not json')")
    conn.close()
    with Store.open(data_dir) as store:
        assert [(s.answered, s.best) for s in store.drill_scores()] == [(5, 3)]
        store.record_drill("blackjack", 2, 1, 4.0)  # a damaged value is replaced, not an error
        store.record_drill("poker", 1, 0, 2.5)
        assert sorted((s.game, s.answered) for s in store.drill_scores()) == [
            ("blackjack", 2), ("poker", 1), ("poker", 5)
        ]
        assert [s.answered for s in store.drill_scores("poker")] == [5, 1]  # oldest first


def test_only_the_latest_scores_are_kept_and_start_over_clears_them(data_dir: Path) -> None:
    with Store.open(data_dir) as store:
        many = [["2026-01-01T00:00:00Z", 1, 1, 0.0]] * (DRILL_SCORES_KEPT + 5)
        conn = sqlite3.connect(data_dir / DB_NAME)
        with conn:
            conn.execute("INSERT INTO meta (key, value) VALUES ('drills:blackjack', ?)", (json.dumps(many),))
        conn.close()
        store.record_drill("blackjack", 9, 2, 1.0)
        scores = store.drill_scores("blackjack")
        assert len(scores) == DRILL_SCORES_KEPT and scores[-1].answered == 9
        store.reset()
        assert store.drill_scores() == []


# -- the drill screen, played with keys ---------------------------------------------------

def _drill_rng(seed: int, game: str) -> random.Random:
    """The generator of a session's first drill of ``game`` under ``--seed``."""
    return random.Random(random.Random(f"{seed}:drill:{game}").getrandbits(64))


_BJ_KEY = {"Hit": "h", "Stand": "s", "Double": "d", "Split": "p"}


async def test_a_blackjack_drill_grades_every_answer_and_keeps_the_score(data_dir: Path) -> None:
    expected = BlackjackDrill(Rules(), _drill_rng(3, "blackjack"))
    questions = [expected.question() for _ in range(20)]
    app = CardTableApp(data_dir=data_dir, animations=False, seed=3, drill="blackjack")
    best = 0
    cost = 0.0
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, DrillScreen) and isinstance(app.screen_stack[0], LobbyScreen)
        for n, q in enumerate(questions):
            assert screen.question is not None and screen.question.cards == q.cards and screen.question.up == q.up
            assert f"Your hand: {q.spot}" in screen_text(app)
            ranked = q.ranked()
            chosen = ranked[0][0] if n % 2 == 0 else ranked[-1][0]  # the best, then the worst
            await press(pilot, _BJ_KEY[chosen])
            text = screen_text(app)
            if n % 2 == 0:
                best += 1
                assert f"✓ {chosen}: the best choice" in text
            else:
                given = (q.evs[ranked[0][0]] - q.evs[chosen]) * 500
                cost += given
                assert f"✗ {chosen}: the best was {ranked[0][0]}" in text
                assert f"({given / 100:,.2f} chips for a 5-chip hand)" in " ".join(text.split())
        text = screen_text(app)
        assert "Drill over" in text and f"20 answered, {best} best" in text
        assert screen.over and screen.question is None
        await press(pilot, "h")  # the drill is over: nothing happens
        assert len(screen.decisions) == 20
        await press(pilot, "escape")
        assert isinstance(app.screen, LobbyScreen)
    with Store.open(data_dir) as store:
        (score,) = store.drill_scores("blackjack")
    assert (score.answered, score.best) == (20, best)
    assert score.cost == pytest.approx(cost, abs=1e-3)


async def test_a_poker_drill_is_answered_with_ticks_and_enter(data_dir: Path) -> None:
    machine = machine_named("jacks-or-better-9-6")
    stream = random.Random("5:drill:poker")  # the session's stream of poker drills
    expected = PokerDrill(machine, random.Random(stream.getrandbits(64)))
    first, second = expected.question(), expected.question()
    app = CardTableApp(data_dir=data_dir, animations=False, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "d")
        assert isinstance(app.screen, DrillChoice)
        await press(pilot, "p")
        screen = app.screen
        assert isinstance(screen, DrillScreen) and screen.game == "poker"
        assert screen.question is not None and screen.question.cards == first.cards
        discards = [i for i in range(5) if i not in first.holds[first.best]]
        await press(pilot, *(str(i + 1) for i in discards))
        assert screen.ticked == set(discards)
        await press(pilot, "enter")
        assert f"✓ {first.best}" in screen_text(app)
        assert screen.question is not None and screen.question.cards == second.cards
        wrong = next(w for w, _ in reversed(second.ranked()))  # the worst hold
        wrong_discards = [i for i in range(5) if i not in second.holds[wrong]]
        await press(pilot, *(str(i + 1) for i in wrong_discards), "enter")
        text = " ".join(screen_text(app).split())
        assert f"✗ {wrong}" in text and f"the best was {second.best}" in text
        given = (second.evs[second.best] - second.evs[wrong]) * 2500
        assert f"({given / 100:,.2f} chips for 5 coins of 5 chips)" in text
        await press(pilot, "escape")  # ends the drill: the score
        assert "Drill over" in screen_text(app) and "2 answered, 1 best (50 %)" in screen_text(app)
        await press(pilot, "enter")  # another drill: the seeded stream goes on
        assert isinstance(app.screen, DrillScreen) and app.screen is not screen
        again = PokerDrill(machine, random.Random(stream.getrandbits(64)))
        assert app.screen.question is not None and app.screen.question.cards == again.question().cards
        await press(pilot, "escape")  # nothing answered: straight back
        assert isinstance(app.screen, LobbyScreen)
    with Store.open(data_dir) as store:
        scores = store.drill_scores()
    assert [(s.game, s.answered, s.best) for s in scores] == [("poker", 2, 1)]
    assert scores[0].cost == pytest.approx(given, abs=1e-3)


async def test_the_lobby_offers_the_drills_and_escape_takes_nothing(data_dir: Path) -> None:
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        footer = screen_text(app).splitlines()[-1]
        assert "d Drills" in footer
        await press(pilot, "d")
        assert isinstance(app.screen, DrillChoice)
        await press(pilot, "escape")
        assert isinstance(app.screen, LobbyScreen)
        await click_menu(pilot, "drills")
        await settle(pilot)
        await press(pilot, "b")
        screen = app.screen
        assert isinstance(screen, DrillScreen) and screen.game == "blackjack"
        q = screen.question
        assert q is not None
        # keys that do not apply are refused: poker's, and split without a pair
        assert screen.check_action("tick", (0,)) is False
        assert screen.check_action("answer", ("Split",)) is (True if "Split" in q.evs else None)
        await press(pilot, "escape")
        assert isinstance(app.screen, LobbyScreen)
    with Store.open(data_dir) as store:
        assert store.drill_scores() == []


async def test_quitting_mid_drill_keeps_what_was_answered(data_dir: Path) -> None:
    app = CardTableApp(data_dir=data_dir, animations=False, seed=9, drill="blackjack")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        assert "esc End drill" not in screen_text(app)  # nothing answered: escape just leaves
        await press(pilot, "s")
        assert "esc End drill" in screen_text(app)
        await pilot.press("ctrl+q")
    with Store.open(data_dir) as store:
        assert [(s.game, s.answered) for s in store.drill_scores()] == [("blackjack", 1)]


@pytest.mark.parametrize("game", ["blackjack", "poker"])
async def test_keys_typed_while_the_question_is_dealt_are_kept(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    import threading

    drill_class = BlackjackDrill if game == "blackjack" else PokerDrill
    real = drill_class.question
    gate = threading.Event()  # the first question takes as long as the test says (a busy machine)

    def slow_question(self):  # type: ignore[no-untyped-def]
        gate.wait(timeout=120)
        return real(self)

    monkeypatch.setattr(drill_class, "question", slow_question)
    app = CardTableApp(data_dir=data_dir, animations=False, seed=3, drill=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DrillScreen) and screen.question is None
        assert "Dealing…" in screen_text(app)
        keys = ["s"] if game == "blackjack" else ["1", "2", "enter"]
        await pilot.press(*keys)  # typed before the question shows
        assert screen.decisions == ()
        gate.set()
        while screen.question is None and not screen.decisions:  # the question arrives...
            await settle(pilot)
        await settle(pilot)
        (decision,) = screen.decisions  # ...and the keys typed meanwhile apply to it, in order
        assert decision.chosen == ("Stand" if game == "blackjack" else "exchange 1 2")
        text = " ".join(screen_text(app).split())
        assert f"{decision.chosen}: the best" in text or f"✗ {decision.chosen}" in text


def test_a_count_drills_score_is_kept_with_the_others(data_dir: Path) -> None:
    """The count drill saves its score as the decision drills do (it was refused)."""
    with Store.open(data_dir) as store:
        store.record_drill("count", 20, 17, 0.0)
        (score,) = store.drill_scores("count")
        assert (score.game, score.answered, score.best) == ("count", 20, 17)
        assert [s.game for s in store.drill_scores()] == ["count"]


async def test_the_drill_widgets_draw_the_screens_state(data_dir: Path) -> None:
    """The title, tally, prompt and question widgets are bound to the screen's reactives:
    each answer reaches them without the screen redrawing them by hand."""
    from cardtable.ui.widgets.drill.views import DrillPrompt, DrillTally, DrillTitle, PokerQuestion

    app = CardTableApp(data_dir=data_dir, animations=False, seed=5, drill="poker")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, DrillScreen) and screen.question is not None
        first = screen.question
        prompt, view = screen.query_one(DrillPrompt), screen.query_one(PokerQuestion)
        assert prompt.question is first and view.question is first
        await press(pilot, "2", "4")
        assert screen.ticked == {1, 3} and prompt.ticked == view.ticked == frozenset({1, 3})
        assert "exchange 2 4" in screen_text(app)
        await press(pilot, "enter")
        assert screen.query_one(DrillTally).decisions == screen.decisions and len(screen.decisions) == 1
        assert screen.query_one(DrillTitle).decisions == screen.decisions
        assert "question 2 of 20" in screen_text(app) and "1 answered" in screen_text(app)
        assert prompt.question is screen.question is not first and prompt.ticked == frozenset()
