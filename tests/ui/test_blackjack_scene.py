"""The screen's Scene, rebuilt from the engine's events, ends equal to the engine's state
(so the table drawn is never out of step), and hides the face-down card until the reveal."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.core.blackjack import Action, EventKind, Round, Rules
from cardtable.core.cards import Shoe, full_deck
from cardtable.ui.widgets.bj_scene import Scene

ORDER = [Action.HIT, Action.STAND, Action.DOUBLE, Action.SPLIT]


def assert_same(scene: Scene, r: Round) -> None:
    for seat in range(r.seats):
        drawn = scene.seats[seat]
        real = r.hands(seat)
        assert [h.cards for h in drawn] == [h.cards for h in real]
        assert [h.stake for h in drawn] == [h.stake for h in real]
        assert [h.doubled for h in drawn] == [h.doubled for h in real]
        assert [h.closed for h in drawn] == [h.closed for h in real]
        assert [h.total_text() for h in drawn] == [
            ("BLACKJACK" if h.blackjack else h.describe().replace("bust", "BUST")) for h in real
        ]


@settings(max_examples=150, deadline=None)
@given(st.permutations(full_deck()), st.integers(1, 3), st.data())
def test_scene_replays_to_the_engine_state(cards, seats, data) -> None:
    r = Round(Rules(), Shoe.stacked(cards), [500] * seats, [5_000] * seats)
    scene = Scene.for_bets([500] * seats)
    hole = r.dealer_cards[1]

    def catch_up() -> None:
        for event in r.events[scene.applied :]:
            scene.apply(event)
            if not r.revealed:
                assert hole not in [c for c in scene.dealer if c is not None] or hole == r.dealer_up
                assert scene.dealer[1:] in ([], [None])

    catch_up()
    assert_same(scene, r)
    while r.turn is not None:
        r.act(data.draw(st.sampled_from([a for a in ORDER if a in r.legal_actions()])))
        catch_up()
        assert_same(scene, r)
    results = r.finish()
    catch_up()
    assert_same(scene, r)
    assert tuple(scene.dealer) == r.dealer_cards and scene.revealed
    for seat, seat_results in enumerate(results):
        for hand, result in zip(scene.seats[seat], seat_results):
            assert hand.returned == result.returned
            assert hand.outcome == result.outcome.value
    assert scene.applied == len(r.events)
    assert sum(1 for e in r.events if e.kind is EventKind.PAYOUT) == sum(len(x) for x in results)
