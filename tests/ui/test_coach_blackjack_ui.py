"""The coach at the blackjack table, played with keys through Pilot.

Deal order with the player alone: player, dealer up, player, dealer face down, then
draws. ``t`` shows every legal action's exact value for the cards left and the chart's
answer when it differs; every decision is graded into the round's record and history;
``k`` toggles coach mode, which questions a costly choice before it is taken.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from textual import events

from cardtable.ai.coach import blackjack_action_evs, unseen_counts
from cardtable.ai.grading import WARN_THRESHOLD, decisions_in
from cardtable.core.blackjack import Action
from cardtable.core.cards import parse_cards
from cardtable.store import Store
from cardtable.ui.app import CardTableApp
from cardtable.ui.screens.blackjack import BlackjackScreen
from cardtable.ui.screens.chart import ChartScreen
from cardtable.ui.screens.coach_warning import CoachWarning
from cardtable.ui.screens.lobby import LobbyScreen
from cardtable.ui.widgets.blackjack.seat import PlayerHand
from cardtable.ui.widgets.common.card import CardSize

from helpers import blackjack_alone, press, screen_text, settle

#: Player 5 6 = hard 11 against a 6 (7 face down); a stand costs far more than the
#: threshold (doubling is best). Standing: the dealer's 13 draws the 10 and busts.
ELEVEN_V_SIX = "5S 6H 6D 7C TS 9S TD"


def table(app: CardTableApp) -> BlackjackScreen:
    screen = app.screen
    assert isinstance(screen, BlackjackScreen), type(screen)
    return screen


def with_coach(data_dir: Path, stack: str) -> CardTableApp:
    store = Store.open(data_dir)
    store.save_settings(replace(store.settings(), coach=True))
    store.close()
    return blackjack_alone(data_dir, stack)


async def burst(app: CardTableApp, *keys: str) -> None:
    """Keys back to back, with no idle wait between them (a fast typist)."""
    chars = {"enter": "\r", "escape": "\x1b"}
    for key in keys:
        event = events.Key(key, chars.get(key, key))
        event.set_sender(app)
        app._driver.send_message(event)  # type: ignore[union-attr]


async def test_tip_lists_every_action_for_the_cards_left_and_where_the_chart_differs(data_dir: Path) -> None:
    # Ten 6 against a ten: the chart hits hard 16; with twenty small cards gone since the
    # shuffle the shoe is rich in tens, and standing is worth more.
    app = blackjack_alone(data_dir, "TS TD 6H 9C 5S 5D")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        assert screen.table is not None
        # the discards of earlier rounds of this shoe (what a player may count)
        screen.table._seen.extend(parse_cards("2S 3S 4S 5S 6S 2H 3H 4H 5H 6H 2D 3D 4D 5D 6D 2C 3C 4C 5C 6C"))
        await press(pilot, "enter")
        sizes = screen._layout._sizes
        assert sizes is not None and sizes[2] is CardSize.LARGE
        await press(pilot, "t")
        assert screen._layout._sizes == sizes  # the values fit beside the large cards at 80x24
        assert screen.round is not None
        view = screen.round.view(screen.human)
        hand = view.hand
        assert hand is not None
        evs = blackjack_action_evs(screen.rules, hand, view.dealer_up, view.legal, unseen_counts(view))
        assert set(evs) == {Action.HIT, Action.STAND, Action.DOUBLE}
        ranked = sorted(evs, key=lambda a: -evs[a])
        assert ranked[0] is Action.STAND and evs[Action.STAND] - evs[Action.HIT] > WARN_THRESHOLD
        gap = evs[Action.STAND] - evs[Action.HIT]
        sentence = f"the chart says Hit; with this shoe Stand is worth {gap:.3f} more"
        text = screen_text(app)
        assert sentence in text, text
        panel = screen.query_one("#bj-coach")
        lines = panel.text.splitlines()  # type: ignore[attr-defined]
        assert len(lines) == 2 and lines[0].startswith("per unit of stake")
        per_unit = [f"{evs[a]:+.3f}".replace("-", "\u2212") for a in ranked]
        assert lines[0].split()[-6:] == ["▸Stand", per_unit[0], "Hit", per_unit[1], "Double", per_unit[2]]
        chips = [f"{evs[a] * 5:.2f}".replace("-", "\u2212") for a in ranked]
        assert lines[1].startswith("chips on your 5") and lines[1].split()[-3:] == chips
        for line in lines:
            assert line in text  # all of it on the 80x24 screen
        assert screen.tip_action is Action.STAND
        # the chart, with this hand's cell marked
        await press(pilot, "g")
        assert isinstance(app.screen, ChartScreen) and app.screen.highlight == ("hard", 16, 10)
        await press(pilot, "escape")
        # a choice hides the values (they were this spot's)
        await press(pilot, "s")
        assert screen.round.finished and panel.text == ""  # type: ignore[attr-defined]
    app.store.close()


async def test_coach_mode_questions_a_costly_choice_escape_takes_it_back_enter_goes_ahead(data_dir: Path) -> None:
    app = with_coach(data_dir, ELEVEN_V_SIX)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        assert "coach on" in screen_text(app).splitlines()[0]
        await press(pilot, "enter")
        before = (screen.round.state(), app.bankroll, app.store.open_round("blackjack").record)  # type: ignore[union-attr]
        await press(pilot, "s")
        warning = app.screen
        assert isinstance(warning, CoachWarning)
        assert warning.decision.chosen == "Stand" and warning.decision.best == "Double"
        assert "Double is better: Stand gives up" in screen_text(app)
        await press(pilot, "escape")  # taken back: nothing happened
        assert app.screen is screen
        assert (screen.round.state(), app.bankroll, app.store.open_round("blackjack").record) == before  # type: ignore[union-attr]
        assert screen.phase == "player" and "Taken back" in screen.banner.text
        assert "▸Double" in screen.query_one("#bj-coach").text  # type: ignore[attr-defined]
        # the best choice is not questioned; a fast typist's second key never acts twice
        await burst(app, "s", "s", "s")
        await settle(pilot)
        assert isinstance(app.screen, CoachWarning)
        assert len([s for s in app.screen_stack if isinstance(s, CoachWarning)]) == 1
        await press(pilot, "enter")  # stand anyway
        assert app.screen is screen and screen.round.finished
        assert screen.round.hands(0)[0].cards == tuple(parse_cards("5S 6D"))  # one stand, no card
        history = app.store.history("blackjack")
        assert len(history) == 1 and history[0].net == 500  # the dealer busted
        [decision] = decisions_in(history[0].details)
        assert (decision.chosen, decision.best, decision.stake) == ("Stand", "Double", 500)
        assert decision.cost > WARN_THRESHOLD * 500
    app.store.close()


async def test_coach_off_warns_of_nothing_but_grades_every_decision(data_dir: Path) -> None:
    # 5 6 against a 6: hit (a 2: 13), then stand; the dealer's 13 draws the 10 and busts.
    app = blackjack_alone(data_dir, "5S 6H 6D 7C 2S TD 9S")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        await press(pilot, "enter", "h")
        assert app.screen is screen  # no question asked
        assert len(screen.round.hands(0)[0].cards) == 3  # type: ignore[union-attr]
        record = json.loads(app.store.open_round("blackjack").record)  # type: ignore[union-attr]
        assert [d["chosen"] for d in record["meta"]["decisions"]] == ["Hit"]  # saved with the hit
        await press(pilot, "s")
        history = app.store.history("blackjack")
        assert len(history) == 1
        hit, stand = decisions_in(history[0].details)
        assert (hit.chosen, hit.best, hit.spot) == ("Hit", "Double", "hard 11 (5 6) against a 6")
        assert hit.cost > 0 and not hit.is_best
        assert stand.chosen == "Stand" and stand.spot == "hard 13 (5 6 2) against a 6"
    app.store.close()


async def test_k_toggles_coach_mode_and_the_setting_is_saved(data_dir: Path) -> None:
    app = blackjack_alone(data_dir, ELEVEN_V_SIX)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert not app.settings.coach
        assert "k Coach" in screen_text(app).splitlines()[-1]
        await press(pilot, "k")
        assert app.settings.coach and app.store.settings().coach
        assert "coach on" in screen_text(app).splitlines()[0]
        assert "Coach mode on" in table(app).banner.text
        await press(pilot, "enter", "s")  # now a costly stand is questioned
        assert isinstance(app.screen, CoachWarning)
        await press(pilot, "escape", "k")
        assert not app.store.settings().coach
        assert "coach on" not in screen_text(app).splitlines()[0]
        await press(pilot, "s")  # coach off: taken at once
        assert table(app).round.finished  # type: ignore[union-attr]
    app.store.close()
    assert not Store.open(data_dir).settings().coach


async def test_a_resumed_round_keeps_its_decisions(data_dir: Path) -> None:
    # 2 3 against a 6: hit (a 4: 9), leave, come back, stand; the dealer's 13 busts.
    app = blackjack_alone(data_dir, "2S 6H 3D 7C 4S TD 9S")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter", "h", "escape")
        assert isinstance(app.screen, LobbyScreen)
        await press(pilot, "1")
        screen = table(app)
        assert screen.round is not None and len(screen.round.hands(screen.human)[0].cards) == 3
        await press(pilot, "s")
        [entry] = app.store.history("blackjack")
        assert [(d.chosen, d.spot) for d in decisions_in(entry.details)] == [
            ("Hit", "hard 5 (2 3) against a 6"),
            ("Stand", "hard 9 (2 3 4) against a 6"),
        ]
    app.store.close()


WORST_STACK = (
    "8S TS TD TC 7S 6H 8D 9S 9D 9C 7H TH 8C 8H 3S 2S 2D 5S 9H KH 7D 7C 4S 2H 3D 4D 5D 6D 2C 3C 4C 5C"
)


async def test_the_values_fit_80x24_with_four_seats_and_four_split_hands(data_dir: Path) -> None:
    store = Store.open(data_dir)
    store.save_settings(replace(store.settings(), bj_seats=("hard",) * 4))
    store.close()
    from cardtable.core.cards import Shoe

    app = CardTableApp(
        data_dir=data_dir, start="blackjack", animations=False,
        shoe_factory=lambda game, decks, cut: Shoe.stacked(WORST_STACK),
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter", "p", "p", "p", "h", "t")
        screen = table(app)
        assert len(screen.round.hands(4)) == 4  # type: ignore[union-attr]
        lines = screen_text(app).splitlines()
        assert len(lines) == 24 and lines[-1].rstrip().endswith("? Rules")
        panel = screen.query_one("#bj-coach")
        assert panel.region.height == 2 and panel.region.bottom <= 24 - 5
        for line in panel.text.splitlines():  # type: ignore[attr-defined]
            assert line in "\n".join(lines)
        assert "Stand" in lines[panel.region.y] and "Hit" in lines[panel.region.y]
        boxes = sorted(screen.query(PlayerHand), key=lambda b: b.index)
        assert all(b.display and b.region.bottom <= screen.banner.region.y for b in boxes)
        assert screen.banner.region.bottom <= panel.region.y
    app.store.close()


async def test_values_that_cannot_be_worked_out_never_stop_the_game(data_dir: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import cardtable.ui.widgets.blackjack.coach as coach

    def broken(*args: object, **kwargs: object) -> dict[Action, float]:
        raise ValueError("no such shoe")

    monkeypatch.setattr(coach, "blackjack_action_evs", broken)
    app = with_coach(data_dir, ELEVEN_V_SIX)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        await press(pilot, "enter", "t")
        assert "Tip (hard level): Double — hard 11 against a 6" in screen.banner.text
        assert "could not be worked out (no such shoe)" in screen_text(app)
        await press(pilot, "s")  # nothing to warn with: the stand is taken, ungraded
        assert app.screen is screen and screen.round is not None and screen.round.finished
        [entry] = app.store.history("blackjack")
        assert decisions_in(entry.details) == []
    app.store.close()


async def test_late_values_do_not_hold_up_a_choice_with_the_coach_off(data_dir: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import threading

    import cardtable.ui.screens.blackjack_coach as screen_module  # where the coach values a spot

    real = screen_module.advise  # type: ignore[attr-defined]
    released = threading.Event()

    def slow(spot):  # type: ignore[no-untyped-def]
        released.wait(10)  # a very unusual hand on a busy machine
        return real(spot)

    monkeypatch.setattr(screen_module, "advise", slow)
    monkeypatch.setattr(screen_module, "_GRADE_PATIENCE", 0.1)
    app = blackjack_alone(data_dir, ELEVEN_V_SIX)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        await pilot.press("enter")  # the values of the turn are being worked out...
        await pilot.press("s")  # ...when the player stands: it waits for them a moment
        assert screen.round is not None
        while not screen.round.finished:  # then goes ahead, ungraded (however busy the machine)
            await pilot.pause(0.02)
        released.set()
        await settle(pilot)  # the values arrive later and change nothing
        [entry] = app.store.history("blackjack")
        assert entry.net == 500 and decisions_in(entry.details) == []
    app.store.close()


def test_the_advice_in_words_best_first_ties_to_the_chart() -> None:
    from cardtable.core.blackjack import Hand, Rules
    from cardtable.ui.widgets.blackjack.coach import CoachAdvice, CoachSpot, chart_cell

    cards = tuple(parse_cards("8S 8H"))
    up = parse_cards("TD")[0]
    legal = frozenset({Action.HIT, Action.STAND, Action.DOUBLE, Action.SPLIT})
    spot = CoachSpot(Rules(), Hand(cards, 1_000), 1, up, legal, (24,) * 9 + (96,), 1_000, "pair of 8s against a 10")
    assert spot.cell == ("pair", 8, 10) == chart_cell(cards, up, True)
    assert chart_cell(cards, up, False) == ("hard", 16, 10)
    assert chart_cell(tuple(parse_cards("AS 6D")), up, False) == ("soft", 17, 10)
    evs = {Action.STAND: -0.54, Action.HIT: -0.5, Action.DOUBLE: -1.0, Action.SPLIT: -0.5}
    advice = CoachAdvice(spot, evs, Action.SPLIT, "Split — pair of 8s against a 10")
    assert [a for a, _ in advice.ranked] == [Action.SPLIT, Action.HIT, Action.STAND, Action.DOUBLE]
    assert advice.sentence() == "Tip: Split — pair of 8s against a 10 · the chart agrees with this shoe"
    hit = advice.decision(Action.HIT)
    assert hit is not None and hit.is_best and hit.cost == 0.0  # a tie with the best is the best
    stand = advice.decision(Action.STAND)
    assert stand is not None and stand.best == "Split" and abs(stand.cost - 40.0) < 1e-9  # 0.04 × 10 chips
    top, bottom = advice.grid().plain.splitlines()
    minus = "\u2212"
    assert top.split()[-8:] == ["▸Split", f"{minus}0.500", "Hit", f"{minus}0.500",
                                "Stand", f"{minus}0.540", "Double", f"{minus}1.000"]
    assert bottom.split()[-4:] == [f"{minus}5", f"{minus}5", f"{minus}5.40", f"{minus}10"]
    assert bottom.startswith("chips on your 10 ")
    differs = CoachAdvice(spot, evs, Action.STAND, "Stand — hard 16 against a 10")
    assert differs.sentence() == "Tip: the chart says Stand; with this shoe Hit is worth 0.040 more."
    failed = CoachAdvice(spot, {}, Action.STAND, "Stand — hard 16 against a 10", error="boom")
    assert failed.decision(Action.STAND) is None and failed.best is Action.STAND
    assert failed.sentence() == "Tip (hard level): Stand — hard 16 against a 10"
    assert "could not be worked out (boom)" in failed.grid().plain


async def test_coach_mode_shows_the_count_and_says_when_it_turns_a_play(data_dir: Path) -> None:
    """``n`` with coach mode: the Hi-Lo running and true count of every card seen since
    the shuffle beside the shoe, and the index play when the count turns basic strategy
    (16 v 10, stand from a true count of 0)."""
    from cardtable.ai.counting.play import IndexPlay
    from cardtable.core.blackjack import Action

    app = with_coach(data_dir, "TS TD 6H 9C 5S 5D" + " 9H" * 280)  # a shoe of 286 cards
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        assert screen.table is not None
        screen.table._seen.extend(parse_cards("2S 3S 4S 5S 6S 2H 3H 4H 5H 6H 2D 3D 4D 5D 6D 2C 3C 4C 5C 6C"))
        # the house's own indices are worked out in a thread: this one is given (the
        # Illustrious 18's first), so the test does not wait for the analysis
        screen._index_plays = (IndexPlay("hard", 16, 10, Action.HIT, Action.STAND, Action.HIT, 0, 0.5, -0.2),)
        assert "Hi-Lo" not in screen_text(app)  # off by default
        await press(pilot, "n")
        assert app.settings.count and app.store.settings().count  # saved
        await press(pilot, "enter")
        # 20 small cards (+20), then TS 6H on the player and the dealer's TD: +19 in all,
        # the face-down card and the 280 nines not yet seen: 19 / (282 / 52) = +3.5
        assert screen.view.shoe_left == 282
        assert "Hi-Lo +19 · true +3.5" in screen_text(app)
        assert "16 v 10 at true count +4: stand (index 0)" in screen.banner.text
        await press(pilot, "k")  # coach mode off: no count, no note
        assert "Hi-Lo" not in screen_text(app)


async def test_the_indices_are_worked_out_once_however_often_the_prompt_is_said(data_dir: Path) -> None:
    """Indices are read or worked out in a thread (seconds for rules not shipped): the
    countdown or a redraw saying the prompt again must not start that work again (threads
    cannot be stopped, they would pile up)."""
    app = with_coach(data_dir, "TS TD 6H 9C 5S 5D" + " 9H" * 280)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "n", "enter")
        screen = table(app)
        for _ in range(5):
            screen.count_note(screen.view, screen.rules)
        counting = [w for w in app.workers if w.group == "count"]
        assert len(counting) <= 1 and screen._indexing
