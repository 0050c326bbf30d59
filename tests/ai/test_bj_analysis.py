"""The strategy analysis: peek validation against the published chart, the cached
derived chart, house edges against the literature, and the levels' expected returns."""

from __future__ import annotations

import pytest

from cardtable.ai.bj_analysis import (
    DERIVED_CHART_FILE,
    analysis_for,
    chart_document,
    rules_from_json,
)
from cardtable.ai.bj_chart import UP_ORDER, Chart, published_chart
from cardtable.ai.blackjack import strategy_chart
from cardtable.core.blackjack import Action, Rules
from cardtable.resources import read_json

HOUSE = Rules()
PEEK = Rules(dealer_peeks=True)


def _diff(a: Chart, b: Chart) -> dict[tuple[str, int, int], tuple[str, str | None]]:
    cells_b = b.cells()
    return {k: (v, cells_b.get(k)) for k, v in a.cells().items() if cells_b.get(k) != v}


def test_published_chart_is_complete() -> None:
    chart = published_chart()
    assert sorted(chart.hard) == list(range(4, 22))
    assert sorted(chart.soft) == list(range(13, 22))
    assert sorted(chart.pairs) == list(range(1, 11))
    assert len(chart.cells()) == 10 * (18 + 9 + 10)


def test_peek_analysis_reproduces_the_published_chart_in_every_cell() -> None:
    """RULES.md: with the dealer peeking (all else the house rules) the analysis must
    give the standard 4-8 deck S17 DAS chart."""
    derived = analysis_for(PEEK).chart()
    assert _diff(published_chart(), derived) == {}


def test_no_peek_chart_departs_only_where_full_loss_matters() -> None:
    """Without peek a dealer blackjack takes doubled and split stakes, so the
    literature's European no-hole-card changes appear: don't double 11 against a
    10, don't split 8s against a 10 or an ace, nor aces against an ace."""
    derived = analysis_for(HOUSE).chart()
    assert _diff(published_chart(), derived) == {
        ("hard", 11, 10): ("Dh", "H"),
        ("pair", 8, 10): ("P", "H"),
        ("pair", 8, 1): ("P", "H"),
        ("pair", 1, 1): ("P", "H"),
    }


def test_cached_derived_chart_is_what_the_analysis_gives() -> None:
    stored = read_json("data", DERIVED_CHART_FILE)
    assert rules_from_json(stored["rules"]) == HOUSE
    fresh = chart_document(HOUSE)
    assert Chart.from_json(stored).cells() == Chart.from_json(fresh).cells()
    assert stored["expected_return_percent"] == fresh["expected_return_percent"]


def test_house_edges_agree_with_the_literature() -> None:
    # 6 decks, S17, DAS, no surrender, aces split once, peek: about 0.40 %.
    peek = analysis_for(PEEK).expected_return()
    assert -0.0045 < peek < -0.0035
    # The same without peek, full loss of doubles and splits: about 0.5 %.
    house = analysis_for(HOUSE).expected_return()
    assert -0.0060 < house < -0.0045
    # Losing doubled and split stakes to a dealer blackjack can only cost the player.
    assert house < peek


def test_levels_expected_returns_are_ordered() -> None:
    """easy < normal <= hard, each the exact expectation of the level's own policy."""
    analysis = analysis_for(HOUSE)
    returns = analysis.level_returns()
    assert returns["easy"] < returns["normal"] <= returns["hard"]
    # mimicking the dealer costs several percent; the charts are within a fraction
    assert returns["easy"] < -0.04
    assert returns["hard"] - returns["normal"] > 0.0003
    # the chart loses almost nothing against composition-dependent optimal play
    assert 0 <= analysis.expected_return() - returns["hard"] < 0.0002


@pytest.mark.parametrize("up", UP_ORDER)
def test_peek_values_are_conditional_on_no_dealer_blackjack(up: int) -> None:
    """A natural pays 3:2 for sure once the dealer has shown no blackjack... and a
    hard 20 never loses to 21 from a peeked ace or ten more than it should."""
    ev = analysis_for(PEEK).hand_ev(10, 10, up)
    house = analysis_for(HOUSE).hand_ev(10, 10, up)
    if up in (1, 10):
        assert ev.stand > house.stand
    else:
        assert ev.stand == pytest.approx(house.stand)
    assert ev.best() is Action.STAND


def test_split_and_double_lose_full_stakes_without_peek() -> None:
    """Against an ace, doubling 11 costs more without peek than with it by about
    twice the blackjack chance; hitting by about once."""
    peek, house = analysis_for(PEEK), analysis_for(HOUSE)
    p_bj = peek.up(1).p_blackjack((0, 0, 0, 0, 1, 1, 0, 0, 0, 0))  # 5 and 6 out
    peek_ev, house_ev = peek.hand_ev(5, 6, 1), house.hand_ev(5, 6, 1)
    # house EV = P(no bj) * peek EV - stake * P(bj)
    assert house_ev.hit == pytest.approx((1 - p_bj) * peek_ev.hit - p_bj)
    assert house_ev.double == pytest.approx((1 - p_bj) * peek_ev.double - 2 * p_bj)


def test_without_double_after_split_the_analysis_gives_the_no_das_chart() -> None:
    """A second published chart (4-8 decks, S17, peek, no DAS) differs from the DAS
    one only in the small pairs; the analysis finds exactly those changes."""
    calls: list[tuple[int, int]] = []
    no_das = strategy_chart(Rules(dealer_peeks=True, double_after_split=False),
                            progress=lambda done, total: calls.append((done, total)))
    assert calls[-1] == (10, 10)
    expected = {
        ("pair", 2, 2): ("P", "H"), ("pair", 2, 3): ("P", "H"),
        ("pair", 3, 2): ("P", "H"), ("pair", 3, 3): ("P", "H"),
        ("pair", 4, 5): ("P", "H"), ("pair", 4, 6): ("P", "H"),
        ("pair", 6, 2): ("P", "H"),
    }
    assert _diff(published_chart(), no_das) == expected


@pytest.mark.slow
def test_dealer_hitting_soft_17_gives_the_h17_changes() -> None:
    """The published H17 multi-deck chart doubles 11 against an ace, soft 18 against
    a 2 and soft 19 against a 6 where the S17 chart does not."""
    h17 = strategy_chart(Rules(dealer_peeks=True, dealer_hits_soft_17=True))
    assert _diff(published_chart(), h17) == {
        ("hard", 11, 1): ("H", "Dh"),
        ("soft", 18, 2): ("S", "Ds"),
        ("soft", 19, 6): ("S", "Ds"),
    }


def test_late_surrender_chart_is_the_published_one() -> None:
    """The published 4-8 deck S17 DAS chart with late surrender surrenders hard 16
    against 9, 10 and ace and hard 15 against a 10; the analysis finds exactly those
    cells, and they play as hit when surrender is not allowed (three cards, a split)."""
    chart = strategy_chart(Rules(dealer_peeks=True, late_surrender=True))
    changed = {k: v for k, v in _diff(published_chart(), chart).items()}
    assert changed == {
        ("hard", 16, 9): ("H", "Rh"), ("hard", 16, 10): ("H", "Rh"), ("hard", 16, 1): ("H", "Rh"),
        ("hard", 15, 10): ("H", "Rh"),
    }
    assert chart.decide([10, 6], 10, can_surrender=True) is Action.SURRENDER
    assert chart.decide([10, 6], 10, can_surrender=False) is Action.HIT
    assert chart.decide([4, 2, 10], 10, can_surrender=True) is Action.HIT  # three cards: no surrender


def test_late_surrender_is_worth_a_few_hundredths_of_a_percent() -> None:
    """About 0.07-0.08 % for six decks, S17, peek: the house edge only goes down."""
    peek = analysis_for(PEEK).expected_return()
    surrender = analysis_for(Rules(dealer_peeks=True, late_surrender=True)).expected_return()
    assert 0.0004 < surrender - peek < 0.0012
    ev = analysis_for(Rules(late_surrender=True)).hand_ev(10, 6, 10)
    assert ev.surrender is not None and ev.best() is Action.SURRENDER
    # Without peek a dealer natural still takes the surrendered stake: worse than -0.5.
    assert ev.surrender < -0.5
