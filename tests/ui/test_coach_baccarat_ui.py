"""The baccarat coach at the table, played like a player:
``e`` shows each bet's exact value for the cards left, every bet is graded at the deal,
and coach mode (``k``) warns before a costly bet (escape takes the deal back)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from cardtable.ai.coach_baccarat import baccarat_bet_evs, remaining_counts
from cardtable.ai.grading import decisions_in
from cardtable.core.baccarat import Outcome
from cardtable.core.cards import Card, Shoe, cards_text, full_deck, parse_cards
from cardtable.core.record import RoundRecord
from cardtable.store import Store, StoreError
from cardtable.ui.app import CardTableApp
from cardtable.ui.screens.baccarat import BaccaratScreen
from cardtable.ui.screens.coach_warning import CoachWarning
from cardtable.ui.widgets.baccarat.layout import BaccaratLayout
from cardtable.ui.widgets.baccarat.odds import OddsPanel, percent

from helpers import press, screen_text, settle

#: The first coup: Player 9 (9S KD) against Banker 2 (2H KC), a natural: Player wins.
FIRST = parse_cards("9S 2H KD KC")


def _deck_after(first: list[Card]) -> list[Card]:
    rest = list(full_deck())
    for card in first:
        rest.remove(card)
    return first + rest


#: One deck, the first coup stacked on top: 48 cards are left after it.
ONE_DECK = _deck_after(FIRST)


def make_app(data_dir: Path, cards: list[Card] = ONE_DECK) -> CardTableApp:
    return CardTableApp(
        data_dir=data_dir,
        seed=7,
        start="baccarat",
        animations=False,
        shoe_factory=lambda game, decks, cut: Shoe.stacked(cards_text(cards)),
    )


def table(app: CardTableApp) -> BaccaratScreen:
    assert isinstance(app.screen, BaccaratScreen)
    return app.screen


def panel_text(app: CardTableApp) -> str:
    panel = table(app).query_one(OddsPanel)
    return OddsPanel.text(panel.report).plain


async def test_e_shows_each_bets_exact_value_for_the_cards_left_and_follows_the_shoe(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        layout = table(app).query_one(BaccaratLayout)
        assert not layout.odds_shown
        await press(pilot, "e")
        assert layout.odds_shown
        evs = baccarat_bet_evs(remaining_counts(ONE_DECK))
        text = panel_text(app)
        assert "52 cards left" in text
        for outcome in Outcome:
            assert f"{outcome.label:<8}{percent(evs[outcome]):>11}" in text, text
        # on the screen, at 80x24, in the roads' place, the sentence included
        shown = screen_text(app)
        assert "Edge for the next coup · 52 cards left" in shown
        assert "almost never turns in" in shown
        assert "Bead plate" not in shown
        # a bet shows what it is expected to return
        await press(pilot, "b", "b")
        assert "10 → expect" in panel_text(app)
        # after a coup the figures are those of the cards left (the coup's are out)
        await press(pilot, "enter")
        after = baccarat_bet_evs(remaining_counts(ONE_DECK[4:]))
        text = panel_text(app)
        assert "48 cards left" in text
        assert f"{'Tie':<8}{percent(after[Outcome.TIE]):>11}" in text
        # e again: the roads are back
        await press(pilot, "e")
        assert not layout.odds_shown
        assert "Bead plate" in screen_text(app)


async def test_a_shoe_too_short_to_count_says_so(data_dir: Path) -> None:
    app = make_app(data_dir, FIRST + parse_cards("5D"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "p", "enter", "e")  # one card left after the coup
        assert "too few to count a coup" in panel_text(app)


async def test_coach_mode_warns_before_a_costly_bet_escape_takes_the_deal_back(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert not app.settings.coach
        await press(pilot, "k")
        assert app.store.settings().coach  # saved: the settings screen and the tables agree
        assert "coach on" in screen_text(app).splitlines()[0]
        start = app.store.bankroll
        await press(pilot, "t", "enter")
        assert isinstance(app.screen, CoachWarning)
        assert app.screen.decision.chosen == "Tie" and app.screen.decision.best == "Banker"
        await press(pilot, "escape")
        # nothing dealt, nothing staked, the bet still on the layout
        screen = table(app)
        assert app.store.history_count("baccarat") == 0 and app.store.open_round("baccarat") is None
        assert app.store.bankroll == start
        assert screen.spot(Outcome.TIE).stake == 500
        assert "Taken back" in screen_text(app)
        # again, and this time go ahead: the coup is dealt and the Tie graded as costly
        await press(pilot, "enter")
        assert isinstance(app.screen, CoachWarning)
        await press(pilot, "enter")
        assert isinstance(app.screen, BaccaratScreen)
        (entry,) = app.store.history("baccarat")
        (decision,) = decisions_in(entry.details)
        evs = baccarat_bet_evs(remaining_counts(ONE_DECK))
        assert decision.chosen == "Tie" and decision.best == "Banker" and decision.stake == 500
        assert decision.ev_chosen == pytest.approx(float(evs[Outcome.TIE]), abs=1e-6)
        assert decision.cost == pytest.approx(float(evs[Outcome.BANKER] - evs[Outcome.TIE]) * 500, abs=1e-3)
        assert decision.spot == "52 cards left"


async def test_r_in_coach_mode_warns_too_and_the_repeated_bets_stay_when_taken_back(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "t", "b", "enter")  # coach off: dealt at once
        assert app.store.history_count("baccarat") == 1
        await press(pilot, "k", "r")
        assert isinstance(app.screen, CoachWarning)
        await press(pilot, "escape")
        assert app.store.history_count("baccarat") == 1
        assert table(app).spot(Outcome.TIE).stake == 500 and table(app).spot(Outcome.BANKER).stake == 500


async def test_with_coach_mode_off_every_bet_is_still_graded_without_a_warning(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "p", "b", "b", "t", "enter")
        assert isinstance(app.screen, BaccaratScreen)
        (entry,) = app.store.history("baccarat")
        decisions = {d.chosen: d for d in decisions_in(entry.details)}
        assert set(decisions) == {"Player", "Banker", "Tie"}
        assert decisions["Banker"].is_best and decisions["Banker"].stake == 1000
        assert not decisions["Player"].is_best and not decisions["Tie"].is_best
        assert decisions["Tie"].cost > decisions["Player"].cost > 0
        # a Banker bet alone is the best bet: no warning even with coach mode on
        await press(pilot, "k", "c", "b", "enter")
        assert isinstance(app.screen, BaccaratScreen)
        assert app.store.history_count("baccarat") == 2


async def test_a_resumed_coup_keeps_its_grades(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The grades are saved with the open coup (its record's meta) and reach the
    history when the coup is settled after a restart."""
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        def refused(*args: object, **kw: object) -> int:
            raise StoreError("The data file could not be used: the disk is full.")

        monkeypatch.setattr(app.store, "settle_round", refused)  # the data file refuses
        await press(pilot, "t", "enter")
        saved = app.store.open_round("baccarat")
        assert saved is not None
        meta = RoundRecord.from_json(saved.record).meta
        assert [d.chosen for d in decisions_in(meta)] == ["Tie"]
    monkeypatch.undo()
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        (entry,) = app.store.history("baccarat")
        assert [d.chosen for d in decisions_in(entry.details)] == ["Tie"]


async def test_a_burst_of_deal_keys_brings_one_warning_and_deals_once(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "k", "t")
        screen = table(app)
        screen.action_deal()
        screen.action_deal()  # before the warning is on top: no second one
        await pilot.pause()
        assert sum(isinstance(s, CoachWarning) for s in app.screen_stack) == 1
        await pilot.press("enter")  # the warning's enter: go ahead
        await settle(pilot)
        assert app.screen is screen
        assert app.store.history_count("baccarat") == 1


async def test_a_table_opened_with_coach_mode_on_says_so_and_k_turns_it_off(data_dir: Path) -> None:
    store = Store.open(data_dir)
    store.save_settings(dataclasses.replace(store.settings(), coach=True))
    store.close()
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "coach on" in screen_text(app).splitlines()[0]
        await press(pilot, "k")
        assert not app.store.settings().coach
        assert "coach on" not in screen_text(app).splitlines()[0]
        assert "Coach off" in screen_text(app)
        await press(pilot, "t", "enter")  # no warning with the coach off
        assert isinstance(app.screen, BaccaratScreen)
        assert app.store.history_count("baccarat") == 1
