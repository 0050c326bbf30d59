"""The poker coach at the table, played with the keys: the best holds in the
screen's terms (`t`), ticked on a second `t`, in every exchange round; coach mode (`k`)
warning before a costly exchange (take it back / go ahead); every exchange graded into
the open record and the history."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Checkbox

from cardtable.ai import coach_poker
from cardtable.ai.grading import decisions_in
from cardtable.core.cards import Card, Shoe, parse_cards
from cardtable.core.poker_hand import Phase
from cardtable.store import Store
from cardtable.ui.app import CardTableApp
from cardtable.ui.screens.coach_warning import CoachWarning
from cardtable.ui.screens.poker import PokerScreen
from cardtable.ui.widgets.common.card import CardWidget
from cardtable.ui.widgets.poker.coach import CoachPanel

from helpers import screen_text, settle

SIZE = (80, 24)


def poker_app(data_dir: Path, *decks: str, rounds: int = 1) -> CardTableApp:
    with Store.open(data_dir) as store:
        store.save_settings(replace(store.settings(), poker_exchanges=rounds))
    queue: Iterator[str] = iter(decks)

    def factory(game: str, decks_: int, cut: int | None) -> Shoe:
        return Shoe.stacked(next(queue))

    return CardTableApp(data_dir=data_dir, seed=7, animations=False, start="poker", shoe_factory=factory)


def table(app: CardTableApp) -> PokerScreen:
    screen = app.screen
    assert isinstance(screen, PokerScreen)
    return screen


def shown_cards(screen: PokerScreen) -> list[Card | None]:
    return [screen.query_one(f"#card-{i}", CardWidget).card for i in range(5)]


def boxes(screen: PokerScreen) -> list[bool]:
    return [screen.query_one(f"#exchange-{i}", Checkbox).value for i in range(5)]


def open_meta(app: CardTableApp) -> dict[str, Any]:
    saved = app.store.open_round("poker")
    assert saved is not None
    meta: dict[str, Any] = json.loads(saved.record)["meta"]
    return meta


async def test_t_lists_the_best_exchanges_and_a_second_t_ticks_the_best(data_dir: Path) -> None:
    app = poker_app(data_dir, "JS JD 4H 7C 9S  JH 2D 3S")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = table(app)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("t")
        await settle(pilot)
        text = screen_text(app)
        assert "Tip: exchange 3 4 5 (keep J♠ J♦)" in text  # what to exchange, not what to hold
        panel = screen.query_one(CoachPanel)
        assert panel.display and not screen.query_one("#poker-paytable").display  # in the pay table's place
        assert "1. exchange 3 4 5 (keep J♠ J♦)" in text and "2. " in text and "5. " in text
        assert "1.537" in text and "exact" in text
        assert boxes(screen) == [False] * 5  # advice only
        await pilot.press("t")
        await settle(pilot)
        assert boxes(screen) == [False, False, True, True, True]
        assert "Ticked: exchange 3 4 5" in screen_text(app)
        await pilot.press("3")  # still the player's choice
        await settle(pilot)
        assert boxes(screen) == [False, False, False, True, True]
        await pilot.press("enter")
        await settle(pilot)
        assert not panel.display and screen.query_one("#poker-paytable").display
        (entry,) = app.store.history("poker")
        (decision,) = decisions_in(entry.details)
        assert decision.chosen == "exchange 4 5 (keep J♠ J♦ 4♥)"
        assert decision.best == "exchange 3 4 5 (keep J♠ J♦)" and not decision.is_best
        assert decision.stake == 500 and not decision.estimated
        assert decision.spot == "J♠ J♦ 4♥ 7♣ 9♠"


async def test_every_round_is_advised_and_graded_earlier_ones_as_estimates(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the first round's advice waits until the test lets it go: "working…" is seen first
    release = threading.Event()
    real = coach_poker.advise

    def slow(*args: Any, **kwargs: Any) -> coach_poker.PokerAdvice:
        if kwargs.get("rounds_left", args[4] if len(args) > 4 else 1) > 1:
            release.wait(20)
        return real(*args, **kwargs, sampling=(2, 2, 6))

    monkeypatch.setattr(coach_poker, "advise", slow)
    app = poker_app(data_dir, "JS JD 4H 7C 9S  JH 2D 3S  QC KD", rounds=2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = table(app)
        await pilot.press("enter", "t")
        await pilot.pause()
        assert "working…" in screen_text(app)
        await pilot.press("3", "4", "5", "enter")  # the draw follows the grade
        await pilot.pause()
        assert "Working…" in screen_text(app) and shown_cards(screen)[2] == parse_cards("4H")[0]
        release.set()
        await settle(pilot)
        assert shown_cards(screen) == parse_cards("JS JD JH 2D 3S")
        assert "Exchange 2 of 2" in screen_text(app)
        (first,) = decisions_in(open_meta(app))  # saved with the open hand
        assert first.estimated and first.chosen == "exchange 3 4 5 (keep J♠ J♦)"
        assert first.spot == "J♠ J♦ 4♥ 7♣ 9♠ · exchange 1 of 2"
        # after the first exchange t works: the last round, exact, for the 42 cards unseen
        await pilot.press("t")
        await settle(pilot)
        text = screen_text(app)
        assert "exchange 2 of 2" in text and "exact" in text
        assert "Tip: exchange 4 5 (keep J♠ J♦ J♥)" in text
        await pilot.press("t", "enter")
        await settle(pilot)
        assert screen.hand is not None and screen.hand.phase is Phase.SETTLED
        (entry,) = app.store.history("poker")
        first_, second = decisions_in(entry.details)
        assert first_ == first
        assert second.is_best and not second.estimated
        assert second.spot == "J♠ J♦ J♥ 2♦ 3♠ · exchange 2 of 2"
        assert "Coach: the best hold at every exchange ✓" in screen_text(app)


async def test_coach_mode_warns_and_the_player_takes_it_back_or_goes_ahead(data_dir: Path) -> None:
    app = poker_app(data_dir, "JS JD 4H 7C 9S  JH 2D")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = table(app)
        await pilot.press("k")
        await settle(pilot)
        assert app.settings.coach and app.store.settings().coach  # saved: every table agrees
        assert "Coach mode on" in screen_text(app)
        assert screen.sub_title and "coach on" in screen.sub_title  # the header says so
        await pilot.press("enter", "1", "2", "enter")  # throws the jacks away
        await settle(pilot)
        assert isinstance(app.screen, CoachWarning)
        assert "exchange 3 4 5 (keep J♠ J♦) is better" in screen_text(app)
        await pilot.press("escape")  # take it back: nothing drawn, the boxes as they were
        await settle(pilot)
        assert app.screen is screen
        assert shown_cards(screen) == parse_cards("JS JD 4H 7C 9S")
        assert boxes(screen) == [True, True, False, False, False]
        assert screen.hand is not None and screen.hand.phase is Phase.DRAWING
        assert open_meta(app)["decisions"] == []
        assert "Taken back" in screen_text(app)
        await pilot.press("enter")  # again, and this time go ahead
        await settle(pilot)
        assert isinstance(app.screen, CoachWarning)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen
        assert shown_cards(screen) == parse_cards("JH 2D 4H 7C 9S")
        (entry,) = app.store.history("poker")
        (decision,) = decisions_in(entry.details)
        assert decision.chosen == "exchange 1 2 (keep 4♥ 7♣ 9♠)" and decision.cost > 0
        assert "Coach: best was exchange 3 4 5 (keep J♠ J♦)" in screen_text(app)


async def test_coach_mode_lets_the_best_exchange_through_and_k_turns_it_off(data_dir: Path) -> None:
    app = poker_app(data_dir, "JS JD 4H 7C 9S  JH 2D 3S")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = table(app)
        await pilot.press("k", "enter", "3", "4", "5", "enter")
        await settle(pilot)
        assert app.screen is screen  # no warning: the best hold
        assert screen.hand is not None and screen.hand.phase is Phase.SETTLED
        await pilot.press("k")
        await settle(pilot)
        assert not app.store.settings().coach
        assert "Coach mode off" in screen_text(app) and not screen.sub_title


async def test_a_resumed_hand_keeps_its_graded_exchanges(data_dir: Path) -> None:
    deck = "JS JD 4H 7C 9S  JH 2D 3S  QC KD"
    app = poker_app(data_dir, deck, rounds=2)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter", "3", "4", "5", "enter")
        await settle(pilot)
        assert len(open_meta(app)["decisions"]) == 1
        await pilot.press("escape")
        await settle(pilot)
    again = poker_app(data_dir, rounds=2)
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = table(again)
        assert shown_cards(screen) == parse_cards("JS JD JH 2D 3S")
        await pilot.press("t")  # the resumed hand is advised too
        await settle(pilot)
        assert "exchange 2 of 2" in screen_text(again)
        await pilot.press("enter")  # stands on three jacks
        await settle(pilot)
        (entry,) = again.store.history("poker")
        assert [d.spot.endswith(f"exchange {n} of 2") for n, d in enumerate(decisions_in(entry.details), 1)] == [
            True,
            True,
        ]


async def test_coach_mode_does_not_question_what_the_sampling_cannot_tell_apart(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = coach_poker.advise

    def estimated(*args: Any, **kwargs: Any) -> coach_poker.PokerAdvice:
        cards, rounds_left = args[0], args[4]
        if rounds_left == 1:
            return real(*args, **kwargs)
        figures = {(0, 1): (2.20, 0.03), (0, 1, 2): (2.18, 0.03), (2, 3, 4): (1.0, 0.03)}
        holds = [
            coach_poker.HoldValue(h.hold, *figures.get(h.hold, (0.5, 0.05)), exact=False, samples=12)
            for h in real(cards, args[1], args[2], args[3], 1).holds
        ]
        holds.sort(key=lambda h: -h.ev)
        return coach_poker.PokerAdvice(tuple(cards), rounds_left, tuple(holds), "made up for the test")

    monkeypatch.setattr(coach_poker, "advise", estimated)
    deck = "JS JD 4H 7C 9S  JH 2D 3S QC KD"
    app = poker_app(data_dir, deck, deck, rounds=2)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = table(app)
        await pilot.press("k", "enter", "4", "5", "enter")  # 0.02 below the best, ±0.04 each
        await settle(pilot)
        assert app.screen is screen and shown_cards(screen) == parse_cards("JS JD 4H JH 2D")
        (decision,) = decisions_in(open_meta(app))
        assert decision.estimated and not decision.is_best and decision.cost > 0  # graded all the same
        await pilot.press("t", "t", "enter")  # the last round: its best, no question
        await settle(pilot)
        assert screen.hand is not None and screen.hand.phase is Phase.SETTLED
        await pilot.press("enter")  # the next hand
        await settle(pilot)
        await pilot.press("1", "2", "enter")  # 1.2 below: questioned
        await settle(pilot)
        assert isinstance(app.screen, CoachWarning)
        assert "gives up about 1.200" in screen_text(app)  # an estimate says "about"
        await pilot.press("escape")
        await settle(pilot)
        assert shown_cards(screen) == parse_cards("JS JD 4H 7C 9S")


def test_the_tip_says_when_two_holds_are_about_equal() -> None:
    """An estimate the sampling cannot tell from the best is named beside it."""
    from types import SimpleNamespace

    from cardtable.ai.coach_poker import HoldValue, PokerAdvice
    from cardtable.core.cards import parse_cards
    from cardtable.ui.screens.poker import PokerScreen

    cards = tuple(parse_cards("JS QS 5S 9S JH"))
    holds = (HoldValue((0, 1, 2, 3), 2.2056, 0.01, False), HoldValue((0, 4), 2.1968, 0.01, False))
    fake = SimpleNamespace(app=SimpleNamespace(ascii=False))
    close = PokerAdvice(cards, 2, holds, "estimate", about_equal=((0, 4),))
    line = PokerScreen._tip_line(fake, close)  # type: ignore[arg-type]
    assert "about equal to" in line and "J♥" in line.split("about equal to", 1)[1]
    clear = PokerAdvice(cards, 2, holds, "estimate")
    assert "about equal" not in PokerScreen._tip_line(fake, clear)  # type: ignore[arg-type]
