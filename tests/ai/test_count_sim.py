"""Counting in the simulator: the ramp, the index decisions, a flat counter equal to the
basic-strategy seat, a one-deck count that wins, reproducible figures, and the
command line's counting options."""

from __future__ import annotations

import json

import pytest

from cardtable.ai.bj_analysis import analysis_for, chart_policy
from cardtable.ai.counting.play import TC_HIGH, TC_LOW, CountPlay, CountTally, IndexPlay, Ramp, decide
from cardtable.ai.counting.simcli import count_figures
from cardtable.ai.counting.systems import system_named
from cardtable.ai.sim_run import Tally, run
from cardtable.ai.simulate import BlackjackPlay, main
from cardtable.core.blackjack import Action, Rules

HILO = system_named("hilo")
#: Griffin's game (as in test_count_effects: its chart is derived once per process).
ONE_DECK = Rules(decks=1, dealer_peeks=True, double_after_split=False)


def _total(play: object, rounds: int, seed: int) -> tuple[Tally, ...]:
    return run(play, rounds, jobs=1, seed=seed).tallies  # type: ignore[arg-type]


def test_the_default_ramp_bets_two_units_a_count_above_one_within_the_spread() -> None:
    ramp = Ramp.default(1, 12)
    assert [ramp.units(tc) for tc in (-3, 0, 1.9, 2, 3.5, 4, 6, 7, 30)] == [1, 1, 1, 2, 4, 6, 10, 12, 12]
    own = Ramp(2, 8, ((1, 3), (3, 8)))
    assert [own.units(tc) for tc in (0.99, 1, 2.9, 3)] == [2, 3, 3, 8]


def test_an_index_changes_the_play_at_its_count() -> None:
    stand_16 = IndexPlay("hard", 16, 10, Action.HIT, Action.STAND, Action.HIT, 0, 0.01, 0.4)
    assert decide(Action.HIT, [stand_16], 0.0) is Action.STAND
    assert decide(Action.HIT, [stand_16], -0.01) is Action.HIT
    double_10 = IndexPlay("hard", 10, 10, Action.HIT, Action.DOUBLE, Action.HIT, 4, 0.002, 3.6)
    # Both say "not hit" at +5; the stand is further past its index: its gain is larger.
    assert decide(Action.HIT, [stand_16, double_10], 5.0) is Action.STAND
    assert decide(Action.HIT, [double_10], 5.0) is Action.DOUBLE


def test_a_flat_counter_plays_exactly_as_the_basic_strategy_seat() -> None:
    counted = _total(CountPlay(ONE_DECK, HILO, Ramp(1, 1, ())), 3_000, 4)
    plain = _total(BlackjackPlay("hard", ONE_DECK), 3_000, 4)
    main_tally = counted[0]
    assert isinstance(main_tally, CountTally)
    assert (main_tally.rounds, main_tally.net, main_tally.net_sq, main_tally.hands) == (
        plain[0].rounds, plain[0].net, plain[0].net_sq, plain[0].hands)
    assert main_tally.flat == main_tally.net and main_tally.bet == 1_000 * 3_000


def test_the_true_count_table_adds_up_to_the_whole_and_the_figures_repeat() -> None:
    play = CountPlay(ONE_DECK, HILO, Ramp.default(1, 8))
    first = run(play, 6_000, jobs=2, seed=9).tallies
    assert run(play, 6_000, jobs=2, seed=9).tallies == first
    rows = first[1:]
    assert len(rows) == TC_HIGH - TC_LOW + 1
    assert sum(t.rounds for t in rows) == first[0].rounds
    assert sum(t.net for t in rows) == first[0].net
    figures = count_figures(first, 1000)
    assert sum(row["share"] for row in figures["true_counts"]) == pytest.approx(1.0)  # type: ignore[attr-defined]


def test_wonging_out_never_bets_below_the_exit_count() -> None:
    tallies = _total(CountPlay(ONE_DECK, HILO, Ramp.default(1, 8), wong_out=-1), 4_000, 2)
    figures = count_figures(tallies, 1000)
    assert figures["shoes_left"] > 0  # type: ignore[operator]
    below = [row for row in figures["true_counts"] if row["tc"] < -1]  # type: ignore[attr-defined]
    assert below and all(row["rounds"] == 0 for row in below)


def test_half_deck_estimation_reads_the_tray_to_half_a_deck() -> None:
    play = CountPlay(Rules(decks=6), HILO, Ramp(1, 1, ()), half_deck=True)
    assert play._true(6, 150) == pytest.approx(2.0)  # 150 cards: 3 decks
    assert play._true(6, 170) == pytest.approx(6 / 3.5)  # 170 cards: 3.5 decks


def test_a_one_deck_count_with_a_spread_wins_and_its_flat_bet_is_the_basic_edge() -> None:
    """60,000 rounds of one deck, Hi-Lo, 1-12: +2.7 % of the amount bet with this seed (3.7 standard
    errors); the same cards bet flat agree with the exact basic-strategy edge."""
    figures = count_figures(_total(CountPlay(ONE_DECK, HILO, Ramp.default(1, 12)), 60_000, 21), 1000)
    advantage, se = figures["advantage"], figures["advantage_std_error"]
    assert isinstance(advantage, float) and isinstance(se, float)
    assert advantage > 2 * se > 0
    analysis = analysis_for(ONE_DECK)
    exact = analysis.expected_return(chart_policy(analysis.chart()))
    flat, flat_se = figures["flat_bet_advantage"], figures["flat_bet_std_error"]
    assert isinstance(flat, float) and isinstance(flat_se, float)
    assert abs(flat - exact) < 3 * flat_se
    assert figures["score"] > 0 and figures["risk_of_ruin"] < 1  # type: ignore[operator]


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main(["blackjack", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


def test_cli_counting_json_repeats_with_the_seed(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("--decks", "1", "--peek", "--no-das", "--count", "zen", "--spread", "1-8", "--ramp", "1:2,3:4,5:8",
            "--rounds", "3000", "--seed", "5", "--jobs", "1", "--true-count", "half-deck", "--bankroll", "500")
    first = _json(capsys, *argv)
    second = _json(capsys, *argv)
    for data in (first, second):
        data.pop("seconds")
    assert first == second
    assert first["count"] == "zen" and first["spread"] == "1-8" and first["ramp"] == [[1, 2], [3, 4], [5, 8]]
    for key in ("advantage", "average_bet_units", "std_dev_per_round_units", "std_dev_per_100_units", "score",
                "risk_of_ruin", "true_counts", "flat_bet_advantage"):
        assert key in first
    assert first["bankroll_units"] == 500 and first["true_count"] == "half-deck"


def test_cli_counting_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["blackjack", "--count", "hilo", "--rounds", "2000", "--seed", "1", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "advantage:" in out and "SCORE:" in out and "true count  rounds" in out and "Hi-Lo count" in out


@pytest.mark.parametrize("argv, words", [
    (["--count", "nope"], "argument --count: unknown count system"),
    (["--count", "hilo", "--spread", "12-1"], "argument --spread: the minimum 12 is above the maximum 1"),
    (["--count", "hilo", "--spread", "1-12", "--ramp", "2:20"], "argument --ramp: 20 units at +2 is outside"),
    (["--count", "hilo", "--ramp", "3:2,2:4"], "argument --ramp: the true counts must rise"),
    (["--spread", "1-12"], "argument --spread: needs --count"),
    (["--indices"], "argument --indices: needs --count"),
    (["--count", "hilo", "--wong-out", "2"], "argument --wong-out: must be a whole number from -10 to 0"),
    (["--count", "hilo", "--compare", "h17"], "argument --compare: not with --count"),
    (["--count", "hilo", "--level", "easy"], "argument --level: a counter plays"),
])
def test_cli_bad_counting_options_are_one_line_and_exit_2(argv: list[str], words: str,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["blackjack", "--rounds", "10", *argv]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1


def test_cli_count_is_only_for_blackjack(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["baccarat", "--rounds", "10", "--count", "hilo"]) == 2
    assert "argument --count: only for blackjack" in capsys.readouterr().err
