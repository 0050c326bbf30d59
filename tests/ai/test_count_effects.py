"""Effects of removal and system efficiency from the exact analysis (1 deck, peek, no DAS,
S17: Griffin's reference game), and ``cardtable analyse count``. The eleven analyses of
the one-deck game are built once for the module (a few seconds)."""

from __future__ import annotations

import json

import pytest

from cardtable.ai.bj_analysis import Analysis, analysis_for, chart_policy
from cardtable.ai.bj_dealer import full_shoe_counts
from cardtable.ai.coach_blackjack import blackjack_action_evs
from cardtable.ai.counting.effects import (
    betting_correlation,
    computed_effects,
    correlation,
    game_effects,
    insurance_correlation,
    insurance_effects,
    play_effects,
    playing_efficiency,
)
from cardtable.ai.counting.systems import load_systems, system_named
from cardtable.cli import main
from cardtable.core.blackjack import Action, Rules

GRIFFIN = Rules(decks=1, dealer_peeks=True, double_after_split=False)
#: Published betting correlations (Griffin, The Theory of Blackjack; Wong, Professional Blackjack).
PUBLISHED_BC = {"hilo": 0.97, "ko": 0.98, "hiopt1": 0.88, "halves": 0.99}
#: Published insurance correlations, same sources.
PUBLISHED_IC = {"hilo": 0.76, "ko": 0.78, "hiopt1": 0.85, "halves": 0.72}


def test_the_analysis_of_a_given_full_shoe_is_the_analysis_of_the_rules() -> None:
    """The shoe parameter changes nothing when it is the full shoe: bit for bit."""
    plain, given = analysis_for(GRIFFIN), Analysis(GRIFFIN, full_shoe_counts(1))
    policy = chart_policy(plain.chart())
    assert given.expected_return(policy) == plain.expected_return(policy)
    assert given.hand_ev(10, 6, 10) == plain.hand_ev(10, 6, 10)


@pytest.mark.parametrize("hand, up", [((10, 6), 10), ((5, 6), 1), ((1, 7), 9), ((2, 10), 4)])
def test_the_analysis_of_a_short_shoe_agrees_with_the_coach(hand: tuple[int, int], up: int) -> None:
    """A shoe less one card, valued by the analysis, against the coach's separate
    evaluator of any composition (stand, hit, double)."""
    shoe = list(full_shoe_counts(1))
    shoe[4] -= 1  # one five gone
    analysis = Analysis(GRIFFIN, shoe)
    ev = analysis.hand_ev(hand[0], hand[1], up)
    remaining = {v: shoe[v - 1] for v in range(1, 11)}
    for card in (*hand, up):
        remaining[card] -= 1
    coach = blackjack_action_evs(GRIFFIN, list(hand), up, {Action.STAND, Action.HIT, Action.DOUBLE}, remaining)
    assert coach[Action.STAND] == pytest.approx(ev.stand, abs=1e-12)
    assert coach[Action.HIT] == pytest.approx(ev.hit, abs=1e-12)
    assert coach[Action.DOUBLE] == pytest.approx(ev.double, abs=1e-12)


def test_each_effect_is_the_analysis_done_twice() -> None:
    # computed_effects: the analysis, whatever the shipped file holds (Griffin's game is
    # not in it: the other tests here compute too).
    effects = computed_effects(GRIFFIN).game
    assert game_effects(GRIFFIN) == effects
    full = Analysis(GRIFFIN)
    policy = chart_policy(full.chart())
    base = full.expected_return(policy)
    assert effects.expectation == base
    shoe = list(full_shoe_counts(1))
    shoe[4] -= 1  # a five
    assert effects.removal[4] == Analysis(GRIFFIN, shoe).expected_return(policy) - base


def test_effects_have_griffins_shape_and_a_random_card_removed_changes_nothing() -> None:
    removal = game_effects(GRIFFIN).removal
    assert all(e > 0 for e in removal[1:7]) and removal[0] < 0 and removal[9] < 0 and removal[8] < 0
    assert max(removal) == removal[4]  # the five is the player's worst enemy
    # Burning an unseen card leaves the expectation as it was (exchangeability): the
    # effects weighted by the cards of each value add up to nothing (the split model's
    # approximation leaves a trace).
    burn = sum(n * e for n, e in zip(full_shoe_counts(1), removal, strict=True)) / 52
    assert abs(burn) < 1e-6 < max(abs(e) for e in removal) / 100


@pytest.mark.parametrize("key", sorted(PUBLISHED_BC))
def test_betting_correlations_agree_with_the_published_ones(key: str) -> None:
    assert betting_correlation(system_named(key), game_effects(GRIFFIN)) == pytest.approx(PUBLISHED_BC[key], abs=0.02)


@pytest.mark.parametrize("key", sorted(PUBLISHED_IC))
def test_insurance_correlations_agree_with_the_published_ones(key: str) -> None:
    insurance = insurance_effects(GRIFFIN)
    assert insurance is not None
    assert insurance_correlation(system_named(key), insurance) == pytest.approx(PUBLISHED_IC[key], abs=0.02)


def test_no_insurance_without_peek() -> None:
    assert insurance_effects(Rules(decks=1)) is None


def test_playing_efficiency_ranks_the_level_two_ace_neutral_counts_above_hilo() -> None:
    plays = play_effects(GRIFFIN)
    pe = {k: playing_efficiency(s, plays, GRIFFIN) for k, s in load_systems().items()}
    assert 0.4 < pe["hilo"] < pe["hiopt1"] < pe["omega2"] < 0.8
    assert pe["hiopt2"] > pe["hilo"] and pe["zen"] > pe["hilo"]


def test_correlation_weights_the_tens_four_times() -> None:
    a = (0, 0, 0, 0, 0, 0, 0, 0, 0, 1)
    b = (0, 0, 0, 0, 0, 0, 0, 0, 1, 1)
    # 13 ranks: a has four 1s (the tens), b five (the tens and the 9); Pearson over them.
    assert correlation(a, b) == pytest.approx((4 - 4 * 5 / 13) / ((4 * 9 / 13) * (5 * 8 / 13)) ** 0.5)
    assert correlation(a, a) == pytest.approx(1.0)


def test_analyse_count_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["analyse", "count", "--system", "Hi-Lo", "--decks", "1", "--peek", "--no-das", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    assert data["betting_correlation"] == pytest.approx(0.97, abs=0.02)
    assert data["insurance_correlation"] == pytest.approx(0.76, abs=0.02)
    assert set(data["effects_of_removal"]) == {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10"}
    entry = next(i for i in data["indices"] if i["hand"] == "16" and i["up"] == "10" and i["action"] == "stand")
    assert isinstance(entry["index"], int) and entry["otherwise"] == "hit"
    assert data["indices"][0]["hand"] == "any" and data["indices"][0]["action"] == "insurance"


def test_analyse_count_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", "count", "--system", "halves", "--decks", "1", "--peek", "--no-das"]) == 0
    out = capsys.readouterr().out
    assert "betting correlation:   0.99" in out and "16 v 10" in out


@pytest.mark.parametrize("args, message", [
    (["--system", "nope"], "unknown count system 'nope'"),
    (["--system", "hilo", "--decks", "9"], "argument --decks: must be a whole number from 1 to 8"),
    ([], "the following arguments are required: --system"),
])
def test_analyse_count_bad_options_are_one_line_and_exit_2(args: list[str], message: str,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", "count", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err
