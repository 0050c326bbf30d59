"""``cardtable serve``: bad values are one line and exit 2; a real server process stops
cleanly on SIGTERM."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable.cli import main

pytestmark = pytest.mark.timeout(30)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["serve", "--port", "0"], "port number from 1 to 65535"),
        (["serve", "--port", "70000"], "port number"),
        (["serve", "--port", "http"], "port number"),
        (["serve", "--host", ""], "not a host"),
        (["serve", "--host", "a b"], "not a host"),
        (["serve", "--turn-timeout", "0"], "seconds from 0.5 to 3600"),
        (["serve", "--turn-timeout", "nan"], "seconds"),
        (["serve", "--turn-timeout", "1e999"], "seconds"),
        (["serve", "--bogus"], "unrecognized arguments"),
        (["--seed", "x", "serve"], "--seed"),
        (["serve", "--data-dir", ""], "must not be empty"),
        (["serve", "--max-players", "0"], "whole number from 1 to"),
        (["serve", "--max-players", "-5"], "--max-players"),
        (["serve", "--max-connections", "x"], "whole number"),
        (["serve", "--max-per-address", "1e3"], "whole number"),
        (["serve", "--new-names-per-minute", "0"], "whole number"),
        (["serve", "--idle-timeout", "1"], "whole number from 5 to 86400"),
        (["serve", "--idle-timeout", "99999999999"], "whole number"),
    ],
)
def test_bad_values_are_one_line_and_exit_2(args: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("cardtable: error:")
    assert words in err
    assert "cardtable serve --help" in err


def test_a_data_dir_that_is_a_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "file"
    f.write_text("x")
    assert main(["serve", "--data-dir", str(f)]) == 2
    assert "is a file" in capsys.readouterr().err


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def test_the_server_process_serves_and_stops_on_sigterm(tmp_path: Path) -> None:
    port = _free_port()
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    # Global options before and after the subcommand.
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardtable", "--data-dir", str(tmp_path), "serve", "--port", str(port),
         "--seed", "4", "--turn-timeout", "5"],
        stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, env=env,
    )
    try:
        assert proc.stderr is not None
        first = proc.stderr.readline().decode()
        assert f"listening on 127.0.0.1:{port}" in first
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b'{"type":"hello","version":1,"name":"dora"}\n')
        welcome = json.loads(await asyncio.wait_for(reader.readline(), 10))
        assert welcome["type"] == "welcome" and welcome["bankroll"] == 100_000 and welcome["token"]
        proc.send_signal(signal.SIGTERM)
        closing = json.loads(await asyncio.wait_for(reader.readline(), 10))
        assert closing["type"] == "closing"  # told at once; no round under way, so:
        bye = json.loads(await asyncio.wait_for(reader.readline(), 10))
        assert bye["type"] == "bye"
        writer.close()
        assert proc.wait(timeout=10) == 0
        rest = proc.stderr.read().decode().splitlines()
        assert any("join dora" in line for line in rest)
        assert rest[-1].endswith("stopped")
        assert not any("Traceback" in line for line in rest)
        assert (tmp_path / "players" / "dora" / "cardtable.sqlite3").is_file()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_a_port_in_use_is_one_line_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        assert main(["serve", "--port", str(port), "--data-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert f"cannot listen on 127.0.0.1:{port}" in err
