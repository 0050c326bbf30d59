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
        ["drill"],
        ["drill", "roulette"],
        ["drill", "poker", "--seed", "x"],
        ["--seed", "-1", "drill", "blackjack"],
        ["drill", "poker", "blackjack"],
    ],
)
def test_bad_command_lines_exit_2_with_one_line(
    args: list[str], no_app: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """In this process (``python -m cardtable`` exits with what ``main`` returns: the
    real command line is the tests below named so)."""
    assert main(args) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    assert lines[0].startswith("cardtable: error:")
    assert "Traceback" not in captured.err
    assert captured.out == ""


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
    args = build_parser().parse_args(
        ["poker", "--seed", "12", "--data-dir", str(tmp_path), "--ascii", "--no-animation"]
    )
    assert (args.game, args.seed, args.data_dir, args.ascii, args.no_animation) == ("poker", 12, tmp_path, True, True)


def test_main_runs_the_app_with_the_options(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    seen: dict[str, object] = {}

    def fake_run(self) -> None:  # the real app needs a terminal
        seen.update(seed=self.seed, start=self.start_game, ascii=self.ascii, animations=self.animations)

    from cardtable.ui import app as app_module

    monkeypatch.setattr(app_module.CardTableApp, "run", fake_run)
    assert main(["baccarat", "--seed", "5", "--data-dir", str(tmp_path / "d"), "--ascii", "--no-animation"]) == 0
    assert seen == {"seed": 5, "start": "baccarat", "ascii": True, "animations": False}
    assert (tmp_path / "d" / "cardtable.sqlite3").exists()


def test_the_collector_is_paused_before_the_app_is_built(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Importing Textual and building the lobby allocate hundreds of thousands of objects:
    the command pauses the cyclic collector first (the app turns it on again once its
    first screen is painted: ``tests/ui/test_collector.py``)."""
    import gc

    from cardtable.ui import app as app_module

    seen: list[bool] = []
    monkeypatch.setattr(app_module.CardTableApp, "run", lambda self: seen.append(gc.isenabled()))
    was = gc.isenabled()
    gc.enable()
    try:
        assert main(["--data-dir", str(tmp_path / "d")]) == 0
    finally:
        (gc.enable if was else gc.disable)()
    assert seen == [False]


def test_drill_runs_the_app_on_a_drill_with_global_options_before_or_after(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    seen: list[dict[str, object]] = []

    def fake_run(self) -> None:  # the real app needs a terminal
        seen.append(dict(seed=self.seed, start=self.start_game, drill=self.start_drill, ascii=self.ascii))

    from cardtable.ui import app as app_module

    monkeypatch.setattr(app_module.CardTableApp, "run", fake_run)
    assert main(["drill", "poker", "--seed", "3", "--data-dir", str(tmp_path / "d")]) == 0
    assert main(["--seed", "4", "--ascii", "--data-dir", str(tmp_path / "d"), "drill", "blackjack"]) == 0
    assert seen == [
        {"seed": 3, "start": None, "drill": "poker", "ascii": False},
        {"seed": 4, "start": None, "drill": "blackjack", "ascii": True},
    ]
    result = run_cli("drill", "--help")
    assert result.returncode == 0 and "blackjack" in result.stdout and "poker" in result.stdout


def test_unusable_data_dir_is_one_line(tmp_path: Path) -> None:
    blocked = tmp_path / "blocked"
    blocked.write_text("")
    result = run_cli("--data-dir", str(blocked / "sub"))
    assert result.returncode == 2, result
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


# -- values that used to give a traceback or a flood of text -------------------

HUGE = "9" * 5_000  # more digits than int() accepts (4,300): its error would echo them
NO_SUCH_USER = "~cardtable-no-such-user-9q"


@pytest.fixture
def no_app(monkeypatch: pytest.MonkeyPatch) -> None:
    """A value wrongly accepted must fail the test, not start the real app."""
    from cardtable.ui import app as app_module

    def refuse(self) -> None:
        pytest.fail("the app started: the command line was accepted")

    monkeypatch.setattr(app_module.CardTableApp, "run", refuse)


def _one_short_line(err: str) -> str:
    """The only line of ``err``: a cardtable error, short, with no traceback."""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err[:500]
    line = lines[0]
    assert line.startswith("cardtable: error:"), line[:200]
    assert "Traceback" not in err
    assert len(line) < 200, line[:300]
    return line


@pytest.mark.skipif(sys.platform == "win32", reason="~user lookup differs on Windows")
def test_data_dir_of_an_unknown_user_is_one_line(no_app: None, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(RuntimeError):  # what Path.expanduser does, so the test means something
        Path(f"{NO_SUCH_USER}/x").expanduser()
    assert main(["--data-dir", f"{NO_SUCH_USER}/x"]) == 2
    captured = capsys.readouterr()
    line = _one_short_line(captured.err)
    assert "home folder" in line and NO_SUCH_USER in line
    assert captured.out == ""


def test_data_dir_with_a_too_long_name_is_one_line(
    no_app: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    long_name = "a" * 300
    assert main(["--data-dir", str(tmp_path / long_name / "x")]) == 2
    line = _one_short_line(capsys.readouterr().err)
    assert "300" in line and long_name not in line
    assert main(["--data-dir", str(tmp_path / "missing" / long_name)]) == 2  # not hidden by a missing parent
    _one_short_line(capsys.readouterr().err)
    assert not (tmp_path / "missing").exists()  # refused before anything was created


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX path length limits")
def test_data_dir_too_long_as_a_whole_is_one_line(
    no_app: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every name fine, the whole path too long: for the folder itself (caught by the
    option check) and only for the data file inside it (an OSError from the store)."""
    for total in (4_100, 4_090):
        path = str(tmp_path / f"t{total}")
        while len(path) < total - 201:
            path += "/" + "b" * 200
        path += "/" + "c" * (total - len(path) - 1)
        assert main(["--data-dir", path]) == 2, total
        line = _one_short_line(capsys.readouterr().err)
        assert "too long" in line.lower(), line


def test_main_turns_an_oserror_from_the_store_into_one_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import errno

    from cardtable import store as store_module

    def broken_open(cls, data_dir=None):
        raise OSError(errno.ENAMETOOLONG, "File name too long", str(data_dir) + "/" + "z" * 4_000)

    monkeypatch.setattr(store_module.Store, "open", classmethod(broken_open))
    assert main(["--data-dir", str(tmp_path)]) == 2
    line = _one_short_line(capsys.readouterr().err)
    assert line.endswith("cannot be used: File name too long") and "zzzz" not in line


def test_huge_seed_and_rounds_are_short_lines(
    no_app: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--seed", HUGE, "--data-dir", str(tmp_path)]) == 2
    line = _one_short_line(capsys.readouterr().err)
    assert "--seed" in line and "whole number from 0 to 2**63-1" in line and "9" * 30 not in line
    assert main(["simulate", "blackjack", "--level", "easy", "--rounds", HUGE]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    line = _one_short_line(captured.err)
    assert "--rounds" in line and "9" * 30 not in line
    assert main(["simulate", "blackjack", "--level", "easy", "--rounds", "1", "--seed", HUGE]) == 2
    assert "9" * 30 not in _one_short_line(capsys.readouterr().err)


@pytest.mark.parametrize(
    "args",
    [
        ["--seed", "1" + "0" * 60],  # short enough for int(), far too big
        ["--seed", str(2**63)],
        ["--seed", "x" * 5_000],
        ["r" * 5_000],  # argparse's own "invalid choice" echo
        ["--" + "f" * 5_000],  # and its "unrecognized arguments" echo
        ["--seed", "1\n2"],
        ["--data-dir", "x" * 300],  # relative: refused before anything is made in the cwd
    ],
)
def test_long_bad_values_are_clipped(
    args: list[str], no_app: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    if "--data-dir" not in args:
        args = [*args, "--data-dir", str(tmp_path)]
    assert main(args) == 2
    line = _one_short_line(capsys.readouterr().err)
    assert "x" * 30 not in line and "0" * 30 not in line and "fffff" * 6 not in line


def test_seed_range_edges() -> None:
    assert build_parser().parse_args(["--seed", str(2**63 - 1)]).seed == 2**63 - 1
    assert build_parser().parse_args(["--seed", "0"]).seed == 0


def test_huge_seed_on_the_real_command_line() -> None:
    for args in (["--seed", HUGE], ["simulate", "blackjack", "--level", "hard", "--rounds", HUGE]):
        result = run_cli(*args)
        assert result.returncode == 2, result.stderr[:300]
        _one_short_line(result.stderr)
        assert result.stdout == ""


@pytest.mark.skipif(sys.platform == "win32", reason="~user lookup differs on Windows")
def test_bad_data_dirs_on_the_real_command_line(tmp_path: Path) -> None:
    for value in (f"{NO_SUCH_USER}/x", str(tmp_path / ("a" * 300) / "x")):
        result = run_cli("--data-dir", value)
        assert result.returncode == 2, result.stderr[:300]
        _one_short_line(result.stderr)


def test_simulate_refuses_a_negative_seed_like_the_game_does(
    no_app: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--seed", "-1", "--data-dir", str(tmp_path)]) == 2
    game = _one_short_line(capsys.readouterr().err)
    assert main(["simulate", "blackjack", "--rounds", "3", "--level", "easy", "--seed", "-1"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # nothing was simulated
    simulated = _one_short_line(captured.err)
    # the same words; only the closing hint (how to get help) differs
    assert game.split(" (")[0] == simulated.split(" (")[0]
    assert game.split(" (")[0] == (
        "cardtable: error: argument --seed: must be a whole number from 0 to 2**63-1, not '-1'"
    )


@pytest.mark.parametrize("code", [0, 3])
def test_exit_code_is_the_apps_return_code(
    code: int, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The real app, headless, exits with ``code``; the command returns it."""
    from cardtable.ui import app as app_module

    real_run = app_module.CardTableApp.run

    async def leave(pilot) -> None:
        await pilot.pause()
        pilot.app.exit(return_code=code)

    def headless_run(self):
        return real_run(self, headless=True, size=(100, 40), auto_pilot=leave)

    monkeypatch.setattr(app_module.CardTableApp, "run", headless_run)
    assert main(["--data-dir", str(tmp_path), "--no-animation"]) == code


def test_a_data_file_from_a_newer_version_exits_2_and_is_left_untouched(tmp_path: Path) -> None:
    import sqlite3

    from cardtable.store import Store

    data = tmp_path / "data"
    with Store.open(data) as store:
        store.record_round("poker", 500, 0)
    path = data / "cardtable.sqlite3"
    con = sqlite3.connect(path, isolation_level=None)
    con.execute("PRAGMA user_version = 7")
    con.execute("UPDATE meta SET value = '3.1.0' WHERE key = 'written_by'")
    con.execute("PRAGMA journal_mode = DELETE")
    con.close()
    before = path.read_bytes()
    result = run_cli("--data-dir", str(data), cwd=tmp_path)
    assert result.returncode == 2
    line = result.stderr.strip()
    assert line.startswith("cardtable: error: The data file was written by cardtable 3.1.0 (data format 7)")
    assert "Traceback" not in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert path.read_bytes() == before
    # nothing moved aside (beside the file: the note of its last clean close)
    assert sorted(p.name for p in data.iterdir()) == ["cardtable.sqlite3", "cardtable.sqlite3-checked"]


def test_a_data_dir_too_deep_for_sqlite_is_one_short_line(tmp_path: Path) -> None:
    deep = tmp_path.joinpath(*(["d" * 100] * 6))
    result = run_cli("--data-dir", str(deep), cwd=tmp_path)
    assert result.returncode == 2
    (line,) = result.stderr.strip().splitlines()
    assert "path is too long" in line and len(line) < 300 and "Traceback" not in result.stderr


def test_output_piped_into_a_reader_that_stops_ends_quietly() -> None:
    """``cardtable simulate … | head -1``: the reader goes away; no traceback."""
    import subprocess
    import sys

    process = subprocess.Popen(
        [sys.executable, "-m", "cardtable", "simulate", "baccarat", "--rounds", "2000", "--jobs", "1"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # the reader stops before the first line
    error = process.stderr.read().decode()
    process.wait(timeout=60)
    assert "Traceback" not in error and "BrokenPipe" not in error, error
