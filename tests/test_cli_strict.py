"""A strict command line: an option for the other game is refused, the global options
work before or after every subcommand, every error starts alike, and what the
simulator prints about the risk of ruin means something."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from cardtable.cli import main
from cardtable.cli.serve import build_serve_parser


def _one_error_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("cardtable: error: "), lines[0]
    assert "Traceback" not in err
    return lines[0]


BLACKJACK_ONLY = [
    ["--h17"], ["--peek"], ["--no-peek"], ["--das"], ["--no-das"], ["--surrender"], ["--no-surrender"],
    ["--level", "easy"], ["--level", "hard"], ["--max-hands", "3"], ["--penetration", "60"],
    ["--compare", "h17"],
]


@pytest.mark.parametrize(
    ("game", "option"),
    [("baccarat", option) for option in BLACKJACK_ONLY] + [("blackjack", ["--bet", "tie"])],
)
def test_an_option_for_the_other_game_is_one_line_and_exit_2(
    game: str, option: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    # the default value given explicitly (--level hard, --no-peek) is refused too
    assert main(["simulate", game, "--rounds", "5", "--jobs", "1", *option]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # nothing was simulated
    line = _one_error_line(captured.err)
    other = "blackjack" if game == "baccarat" else "baccarat"
    assert f"{option[0]}" in line and f"only for {other}" in line


def test_the_options_both_games_take_are_accepted_for_each(capsys: pytest.CaptureFixture[str]) -> None:
    for game, decks in (("blackjack", "2"), ("baccarat", "6")):
        argv = ["simulate", game, "--rounds", "5", "--jobs", "1", "--seed", "2", "--decks", decks,
                "--pace", "50", "--hours", "2", "--json"]
        assert main(argv) == 0, capsys.readouterr().err
        assert json.loads(capsys.readouterr().out)["seed"] == 2


def test_global_options_after_and_before_simulate(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from cardtable.store import Store

    with Store.open(tmp_path) as store:  # the baccarat shoe of *this* data folder's settings
        store.save_settings(replace(store.settings(), baccarat_decks=4))
    assert main(["simulate", "baccarat", "--rounds", "5", "--jobs", "1", "--json", "--seed", "3",
                 "--ascii", "--no-animation", "--data-dir", str(tmp_path)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["decks"], report["seed"]) == (4, 3)
    assert main(["--seed", "7", "--ascii", "--data-dir", str(tmp_path), "--no-animation",
                 "simulate", "blackjack", "--rounds", "5", "--jobs", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["seed"] == 7
    assert main(["simulate", "blackjack", "--rounds", "5", "--data-dir", ""]) == 2
    line = _one_error_line(capsys.readouterr().err)
    assert "--data-dir" in line and "cardtable simulate --help" in line


def test_global_options_after_and_before_analyse(capsys: pytest.CaptureFixture[str]) -> None:
    """Accepted, so the error is the machine's, not "unrecognized arguments: --seed 3".
    A whole run with ``--seed`` and ``--data-dir`` after the subcommand (its figures
    printed, kept in the folder given) is tests/ai/test_poker_ai.py's ``deuces_by_the_command``:
    the exact analysis of a machine takes seconds, and that one is computed there anyway."""
    assert main(["analyse", "poker", "--machine", "nope", "--seed", "3", "--ascii", "--no-animation"]) == 2
    assert "unknown machine 'nope'" in _one_error_line(capsys.readouterr().err)
    assert main(["--seed", "3", "analyse", "poker", "--machine", "nope"]) == 2
    assert "unknown machine 'nope'" in _one_error_line(capsys.readouterr().err)


@pytest.mark.parametrize(
    "args",
    [
        ["analyse"],
        ["analyse", "poker"],
        ["analyse", "poker", "--machine", "nope"],
        ["analyse", "poker", "--machine", "deuces-wild", "--workers", "0"],
        ["analyse", "poker", "--machine", "deuces-wild", "--seed", "x"],
        ["analyse", "poker", "--machine", "deuces-wild", "--data-dir", ""],
    ],
)
def test_analyse_errors_begin_like_the_others(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert _one_error_line(captured.err).endswith("(see 'cardtable analyse --help')")


def test_serve_help_names_both_games() -> None:
    text = " ".join(build_serve_parser().format_help().split())
    assert "blackjack tables" in text and "baccarat table" in text


def test_a_tiny_run_gives_no_bankroll_for_risk_of_ruin(capsys: pytest.CaptureFixture[str]) -> None:
    """Ten rounds cannot say what 100 hours (10,000 rounds) of swings need: no figure,
    the same words in text and JSON, and what is true whatever the run's luck."""
    argv = ["simulate", "blackjack", "--rounds", "10", "--jobs", "1", "--seed", "1"]
    assert main([*argv, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["bankroll_bets_5pct"] is None and report["bankroll_bets_1pct"] is None
    note = report["ruin_note"]
    assert note.startswith("risk of ruin not estimated: 100 hours are 10,000 rounds")
    assert "with a house edge, ruin is certain in the long run" in note
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "bets for a 5 % risk" not in out and "bets for 1 %" not in out
    assert " ".join(note.split()) in " ".join(out.split())  # the same sentence
    assert all(len(line) <= 80 for line in out.splitlines())


def test_a_run_as_long_as_the_hours_gives_the_bankrolls(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "baccarat", "--rounds", "400", "--jobs", "1", "--seed", "1", "--hours", "2",
            "--bet", "banker"]
    assert main([*argv, "--json"]) == 0
    fig = json.loads(capsys.readouterr().out)["bets"]["banker"]
    assert fig["bankroll_bets_1pct"] > fig["bankroll_bets_5pct"] > 0
    assert fig["ruin_note"] == "with a house edge, ruin is certain in the long run: these bankrolls are for 2 hours"
    assert main(argv) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "for a 5 % risk of ruin in 2 hours" in out and fig["ruin_note"] in out
