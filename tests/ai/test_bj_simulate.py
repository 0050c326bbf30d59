"""The simulator against the analysis, and its command line."""

from __future__ import annotations

import pytest

from cardtable.ai.bj_analysis import analysis_for
from cardtable.ai.simulate import main, simulate
from cardtable.core.blackjack import Rules

#: Rounds per level: enough that 4 standard errors (about 1.3 % for hard) separate
#: a sound table from e.g. blackjacks paid 1:1 (2.3 % of edge).
ROUNDS = {"easy": 40_000, "normal": 40_000, "hard": 120_000}
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


def test_same_seed_same_result() -> None:
    a = simulate(300, "hard", seed=5)
    b = simulate(300, "hard", seed=5)
    assert (a.total, a.total_sq) == (b.total, b.total_sq)


def test_cli_prints_house_edge(capsys) -> None:
    assert main(["blackjack", "--rounds", "500", "--level", "normal", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "500 rounds" in out and "normal player" in out
    assert "house edge:" in out and "± " in out
    assert "analysis:" in out
    assert "agreement:" in out and "standard errors apart" in out
    assert "no peek (full loss to dealer blackjack)" in " ".join(out.split())
    assert all(len(line) <= 80 for line in out.splitlines())  # fits an 80-column terminal


def test_cli_one_round_has_no_standard_error(capsys) -> None:
    assert main(["blackjack", "--rounds", "1", "--level", "easy", "--seed", "2"]) == 0
    captured = capsys.readouterr()
    assert "1 round," in captured.out and "inf" not in captured.out
    assert "too few rounds for a standard error" in captured.out
    assert captured.err == ""  # no progress bar output when stderr is not a terminal


def test_cli_interrupted_says_so_and_exits_130(monkeypatch, capsys) -> None:
    import cardtable.ai.simulate as sim

    def stop(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(sim, "simulate", stop)
    assert main(["blackjack", "--rounds", "10", "--level", "hard"]) == 130
    captured = capsys.readouterr()
    assert captured.out == "" and "interrupted" in captured.err


@pytest.mark.parametrize(
    "argv",
    [
        ["blackjack", "--rounds", "10"],
        ["blackjack", "--level", "hard"],
        ["blackjack", "--rounds", "0", "--level", "hard"],
        ["blackjack", "--rounds", "ten", "--level", "hard"],
        ["blackjack", "--rounds", "10", "--level", "expert"],
        ["poker", "--rounds", "10", "--level", "hard"],
        ["blackjack", "--rounds", "10", "--level", "hard", "--seed", "x"],
        [],
    ],
)
def test_cli_bad_arguments_give_one_line_and_2(argv: list[str], capsys) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert len(captured.err.strip().splitlines()) == 1
    assert captured.err.startswith("cardtable: error: ")
