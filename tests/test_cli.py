"""The command line: good options start the app, bad ones are one line and exit code 2."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cardtable import __version__
from cardtable.cli import build_parser, main


def run_cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardtable", *args],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=cwd,
        stdin=subprocess.DEVNULL,
    )


@pytest.mark.parametrize(
    "args",
    [
        ["--seed", "abc"],
        ["--seed", "-3"],
        ["--seed"],
        ["roulette"],
        ["--frobnicate"],
        ["poker", "baccarat"],
        ["--data-dir", ""],
    ],
)
def test_bad_command_lines_exit_2_with_one_line(args: list[str]) -> None:
    result = run_cli(*args)
    assert result.returncode == 2, result
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("cardtable: error:")
    assert "Traceback" not in result.stderr
    assert result.stdout == ""


def test_data_dir_that_is_a_file(tmp_path: Path) -> None:
    target = tmp_path / "file.txt"
    target.write_text("x")
    result = run_cli("--data-dir", str(target))
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert "is a file" in result.stderr


def test_version_and_help() -> None:
    result = run_cli("--version")
    assert result.returncode == 0 and result.stdout.strip() == f"cardtable {__version__}"
    result = run_cli("--help")
    assert result.returncode == 0
    for word in ("blackjack", "baccarat", "poker", "--seed", "--data-dir", "--ascii", "--no-animation"):
        assert word in result.stdout


def test_parser_accepts_good_values(tmp_path: Path) -> None:
    args = build_parser().parse_args(["poker", "--seed", "12", "--data-dir", str(tmp_path), "--ascii", "--no-animation"])
    assert (args.game, args.seed, args.data_dir, args.ascii, args.no_animation) == ("poker", 12, tmp_path, True, True)


def test_main_runs_the_app_with_the_options(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    seen = {}

    def fake_run(self) -> None:  # the real app needs a terminal
        seen.update(seed=self.seed, start=self.start_game, ascii=self.ascii, animations=self.animations)

    from cardtable.ui import app as app_module

    monkeypatch.setattr(app_module.CardTableApp, "run", fake_run)
    assert main(["baccarat", "--seed", "5", "--data-dir", str(tmp_path / "d"), "--ascii", "--no-animation"]) == 0
    assert seen == {"seed": 5, "start": "baccarat", "ascii": True, "animations": False}
    assert (tmp_path / "d" / "cardtable.sqlite3").exists()


def test_unusable_data_dir_is_one_line(tmp_path: Path) -> None:
    blocked = tmp_path / "blocked"
    blocked.write_text("")
    result = run_cli("--data-dir", str(blocked / "sub"))
    assert result.returncode == 2, result
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr
