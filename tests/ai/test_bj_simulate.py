"""The simulator: against the exact analysis, reproducible over processes, exact
merges, rule effects in the published direction, and its command line."""

from __future__ import annotations

import json
import random

import pytest

from cardtable.ai.bj_analysis import analysis_for
from cardtable.ai.bj_spot import spot_player
from cardtable.ai.blackjack import player_for
from cardtable.ai.sim_run import Outcome, Tally, job_rng, job_rounds, ruin_bankroll, ruin_probability, run
from cardtable.ai.simulate import (
    BET,
    BlackjackPlay,
    exact_return,
    main,
    simulate,
)
from cardtable.core.blackjack import Rules
from cardtable.core.blackjack_table import Table

#: Rounds per level: 4 standard errors of the hard level (about 1.9 % at 60,000 rounds)
#: still separate a sound table from one paying blackjacks 1:1 (2.3 % of edge); easy
#: and normal, 5 % apart, are separated by 4 SE of their difference (about 3.5 %).
ROUNDS = {"easy": 40_000, "normal": 40_000, "hard": 60_000}
SEEDS = {"easy": 11, "normal": 12, "hard": 13}


@pytest.fixture(scope="module")
def expected() -> dict[str, float]:
    """Exact expected return of each level's policy (off the top of a 6-deck shoe)."""
    return analysis_for(Rules()).level_returns()


@pytest.fixture(scope="module")
def results():
    return {level: simulate(ROUNDS[level], level, seed=SEEDS[level]) for level in ROUNDS}


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_simulation_agrees_with_the_analysis(level: str, expected, results) -> None:
    result = results[level]
    assert result.rounds == ROUNDS[level]
    assert result.shuffles > ROUNDS[level] // 60  # the cut card really reshuffles
    assert abs(result.mean - expected[level]) <= 4 * result.std_error


def test_levels_are_ordered(expected, results) -> None:
    """easy < normal <= hard. Normal and hard differ by 0.06 % of expectation, far
    below what a test-sized simulation resolves, so that order is checked on the
    exact expectations of the two policies; easy's deficit shows in simulation too."""
    assert expected["easy"] < expected["normal"] <= expected["hard"]
    easy, normal = results["easy"], results["normal"]
    gap_se = (easy.std_error**2 + normal.std_error**2) ** 0.5
    assert normal.mean - easy.mean > 4 * gap_se


# -- the spot player is the screen's player ----------------------------------------------


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("rules", [Rules(), Rules(late_surrender=True, dealer_peeks=True)])
def test_spot_player_decides_as_the_seat_player(level: str, rules: Rules) -> None:
    """The simulator's integer-indexed decisions are the computer seat's own."""
    seat, spot = player_for(level), spot_player(level, rules)
    table = Table(rules, random.Random(3))
    rng = random.Random(4)
    decisions = 0
    for _ in range(700):
        rnd = table.new_round([BET], [rng.choice([0, BET, 10 * BET])])
        while rnd.turn is not None:
            action = spot.action(rnd.spot_key())
            assert action == seat.decide(rnd.view(0))
            rnd.act(action)
            decisions += 1
        table.finish_round()
    assert decisions > 700


# -- processes, seeds and exact merges -------------------------------------------------


def test_same_seed_same_result_for_one_and_for_two_jobs() -> None:
    a = simulate(3_000, "hard", seed=5)
    b = simulate(3_000, "hard", seed=5)
    assert a.tally == b.tally
    c = simulate(3_000, "hard", seed=5, jobs=2)
    d = simulate(3_000, "hard", seed=5, jobs=2)
    assert c.tally == d.tally and c.rounds == 3_000
    assert c.tally != a.tally  # two streams are not the one stream cut in half


def test_merged_result_is_exactly_the_sum_of_its_parts() -> None:
    play = BlackjackPlay("hard", Rules())
    merged = run(play, 9_001, jobs=3, seed=8)
    parts = Tally()
    for job, share in enumerate(job_rounds(9_001, 3)):
        for (tally,) in play(share, job_rng(8, 3, job), lambda: False):
            parts = parts + tally
    assert merged.tallies == (parts,)
    assert merged.jobs == 3 and not merged.interrupted and parts.rounds == 9_001


def test_job_shares_and_streams() -> None:
    assert job_rounds(10, 3) == [4, 3, 3]
    assert sum(job_rounds(10**7 + 1, 2)) == 10**7 + 1
    draws = {job: job_rng(1, 4, job).random() for job in range(4)}
    assert len(set(draws.values())) == 4
    assert job_rng(1, 4, 2).random() == draws[2]
    assert job_rng(1, 1, 0).random() == random.Random(1).random()


def test_a_stop_request_ends_the_workers_after_their_chunk() -> None:
    play = BlackjackPlay("easy", Rules())
    chunks = list(play(50_000, random.Random(1), lambda: True))
    assert chunks == []
    calls = iter([False, True])
    chunks = list(play(50_000, random.Random(1), lambda: next(calls)))
    assert len(chunks) == 1 and 0 < chunks[0][0].rounds < 50_000


def test_tally_figures() -> None:
    tally = Tally(4, net=2 * BET, net_sq=(1 + 1 + 0 + 4) * BET * BET)  # nets +1, -1, 0, +2 bets
    assert tally.mean(BET) == 0.5
    assert tally.std_dev(BET) == pytest.approx((((0.5**2 + 1.5**2 + 0.5**2 + 1.5**2) / 3)) ** 0.5)
    assert tally.std_error(BET) == pytest.approx(tally.std_dev(BET) / 2)
    assert Tally(1, BET, BET * BET).std_error(BET) == float("inf")


def test_risk_of_ruin_bankrolls() -> None:
    """A fair game's ruin within n rounds is twice the normal tail: 5 % at 1.96·σ·√n."""
    assert ruin_bankroll(0.05, 0.0, 1.0, 10_000) == pytest.approx(1.96 * 100, rel=1e-3)
    assert ruin_bankroll(0.01, 0.0, 1.0, 10_000) == pytest.approx(2.576 * 100, rel=1e-3)
    # A house edge needs more; a player edge less.
    assert ruin_bankroll(0.05, -0.005, 1.15, 10_000) > ruin_bankroll(0.05, 0.0, 1.15, 10_000)
    assert ruin_bankroll(0.05, 0.01, 1.15, 10_000) < ruin_bankroll(0.05, 0.0, 1.15, 10_000)
    assert ruin_probability(ruin_bankroll(0.01, -0.005, 1.15, 5_000), -0.005, 1.15, 5_000) == pytest.approx(0.01)


# -- the command line ------------------------------------------------------------------


def test_cli_prints_the_figures(capsys) -> None:
    argv = ["blackjack", "--rounds", "2000", "--level", "normal", "--seed", "2", "--jobs", "1", "--hours", "20"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "2,000 rounds" in out and "normal player" in out and "run:        1 job," in out
    assert "house edge:" in out and "± " in out and "95 % interval" in out
    assert "std. dev.:" in out and "per hour:" in out and "bets for a 5 % risk of ruin in 20 hours" in out
    assert "analysis:" in out
    assert "agreement:" in out and "standard errors apart" in out
    assert "no peek (full loss to dealer blackjack)" in " ".join(out.split())
    assert all(len(line) <= 80 for line in out.splitlines())  # fits an 80-column terminal


def test_every_house_rule_flag_reaches_the_rules() -> None:
    from cardtable.ai.simulate import _parser, _rules

    args = _parser().parse_args(["blackjack", "--rounds", "1", "--decks", "2", "--h17", "--peek", "--no-das",
                                 "--surrender", "--max-hands", "3", "--penetration", "60"])
    assert _rules(args) == Rules(decks=2, dealer_hits_soft_17=True, dealer_peeks=True, double_after_split=False,
                                 late_surrender=True, max_hands=3, penetration_percent=60)
    house = _rules(_parser().parse_args(["blackjack", "--rounds", "1"]))
    assert house == Rules()
    assert house.late_surrender is False


def test_cli_json_with_house_rule_flags(capsys) -> None:
    """The rules of the run, its figures and the exact edge for those rules (peek and
    surrender: the analysis the rule tests build too)."""
    argv = ["blackjack", "--rounds", "3000", "--seed", "4", "--jobs", "2", "--json", "--peek",
            "--surrender", "--penetration", "60", "--hours", "30"]  # a run as long as the hours
    assert main(argv) == 0
    report = json.loads(capsys.readouterr().out)
    rules = report["rules"]
    assert (rules["dealer_peeks"], rules["late_surrender"], rules["penetration_percent"]) == (True, True, 60)
    assert report["rounds"] == 3000 and report["jobs"] == 2 and report["level"] == "hard"
    assert report["ci95"][0] < report["house_edge"] < report["ci95"][1]
    assert report["exact_house_edge"] == pytest.approx(-exact_return("hard", Rules.from_dict(rules)))
    assert report["bankroll_bets_1pct"] > report["bankroll_bets_5pct"] > 0


def test_cli_compare(capsys) -> None:
    assert main(["blackjack", "--rounds", "2000", "--seed", "4", "--jobs", "1", "--compare", "surrender"]) == 0
    out = capsys.readouterr().out
    assert "compare:    surrender (on the same cards)" in out and "effect" in out
    assert main(["blackjack", "--rounds", "2000", "--seed", "4", "--jobs", "1", "--compare", "surrender",
                 "--json"]) == 0
    compare = json.loads(capsys.readouterr().out)["compare"]
    assert compare["rules"]["late_surrender"] is True and compare["common_cards"] is True
    assert compare["effect_std_error"] > 0 and compare["exact_effect"] < 0


def test_cli_baccarat(capsys) -> None:
    assert main(["baccarat", "--rounds", "3000", "--seed", "1", "--jobs", "2", "--bet", "banker",
                 "--bet", "tie", "--decks", "6"]) == 0
    out = capsys.readouterr().out
    assert "baccarat, 6 decks, 3,000 rounds" in out
    assert "-- banker bet" in out and "-- tie bet" in out and "-- player bet" not in out
    assert "exact:" in out


def test_cli_one_round_has_no_standard_error(capsys) -> None:
    assert main(["blackjack", "--rounds", "1", "--level", "easy", "--seed", "2"]) == 0
    captured = capsys.readouterr()
    assert "1 round," in captured.out and "inf" not in captured.out
    assert "too few rounds for a standard error" in captured.out
    assert captured.err == ""  # no progress bar output when stderr is not a terminal


@pytest.mark.parametrize("argv, words", [
    (["blackjack", "--rounds", "10", "--jobs", "0"], "--jobs"),
    (["blackjack", "--rounds", "10", "--decks", "9"], "--decks"),
    (["blackjack", "--rounds", "10", "--penetration", "99"], "--penetration"),
    (["blackjack", "--rounds", "10", "--compare", "free-money"], "unknown rule"),
    (["blackjack", "--rounds", "10", "--bet", "tie"], "only for baccarat"),
    (["baccarat", "--rounds", "10", "--compare", "h17"], "only for blackjack"),
    (["baccarat", "--rounds", "10", "--decks", "5"], "baccarat uses 4, 6, 8 decks"),
])
def test_cli_bad_input_is_one_line_and_exit_2(argv, words, capsys) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and words in captured.err and captured.err.count("\n") == 1


def test_cli_interrupted_prints_the_rounds_so_far_and_exits_130(monkeypatch, capsys) -> None:
    import cardtable.ai.simulate as sim

    def stopped(play, rounds, **kwargs):
        chunk = next(iter(play(500, random.Random(1), lambda: False)))
        return Outcome(chunk, rounds, 2, 0.5, True)

    monkeypatch.setattr(sim, "run", stopped)
    assert main(["blackjack", "--rounds", "10000", "--level", "hard"]) == 130
    captured = capsys.readouterr()
    assert "500 rounds" in captured.out and "house edge:" in captured.out
    assert "interrupted after 500 of 10,000 rounds (the figures are theirs)" in captured.err


def test_cli_interrupted_before_any_round_says_so(monkeypatch, capsys) -> None:
    import cardtable.ai.simulate as sim

    monkeypatch.setattr(sim, "run", lambda play, rounds, **kwargs: Outcome((), rounds, 2, 0.1, True))
    assert main(["blackjack", "--rounds", "10", "--level", "hard"]) == 130
    captured = capsys.readouterr()
    assert captured.out == "" and "nothing to report" in captured.err


def test_cli_baccarat_takes_the_decks_of_the_settings(capsys) -> None:
    assert main(["baccarat", "--rounds", "500", "--seed", "1", "--jobs", "1"], settings_decks=lambda: 4) == 0
    assert "baccarat, 4 decks" in capsys.readouterr().out
    assert main(["baccarat", "--rounds", "500", "--seed", "1", "--jobs", "1", "--decks", "6"],
                settings_decks=lambda: 4) == 0
    assert "baccarat, 6 decks" in capsys.readouterr().out  # the flag wins
