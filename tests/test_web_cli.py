"""``cardtable web``: bad values are one line and exit 2; each page's command
line carries the options given; a real server process serves the page, runs the lobby
for a page's socket, ends a closed page's app, and stops on SIGTERM with exit 0, leaving
no page's app behind."""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import shlex
import signal
import socket
import sys
from pathlib import Path

import aiohttp
import pytest

from cardtable.cli import build_parser, main, split_subcommand
from cardtable.cli.net import build_join_parser, build_web_parser
from cardtable.cli.web import app_command, browser_address, shell_command
from cardtable.cli.web_server import clamp_size

pytestmark = pytest.mark.timeout(60)

PY = "/venv/bin/python"


def _web(args: list[str]) -> argparse.Namespace:
    return build_web_parser().parse_args(args)


# -- bad values ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["web", "--port", "0"], "port number from 1 to 65535"),
        (["web", "--port", "http"], "port number"),
        (["web", "--port", "65536"], "port number"),
        (["web", "--host", ""], "not a host"),
        (["web", "--host", "a b"], "not a host"),
        (["web", "--server", "example.org:x"], "port number"),
        (["web", "--server", "example.org:99999"], "port number"),
        (["web", "--server", "[::1]x"], "HOST[:PORT]"),
        (["web", "--server"], "expected one argument"),
        (["web", "--bogus"], "unrecognized arguments"),
        (["web", "lobby"], "unrecognized arguments"),
        (["--seed", "x", "web"], "--seed"),
        (["web", "--seed", "-"], "--seed"),
        (["web", "--data-dir", ""], "must not be empty"),
        (["web", "--max-pages", "0"], "whole number from 1 to 1000"),
        (["web", "--max-pages", "many"], "whole number"),
    ],
)
def test_bad_values_are_one_line_and_exit_2(args: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and captured.err.startswith("cardtable: error:")
    assert words in captured.err
    assert "cardtable web --help" in captured.err


def test_a_data_dir_that_is_a_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "file"
    f.write_text("x")
    assert main(["web", "--data-dir", str(f)]) == 2
    assert "is a file" in capsys.readouterr().err


def test_a_data_dir_that_cannot_be_made_is_said_before_listening(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every page would fail on it: said once, at the start, instead of serving pages that end."""
    f = tmp_path / "file"
    f.write_text("x")
    assert main(["web", "--data-dir", str(f / "inside"), "--port", str(_free_port())]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # never said where to point a browser
    assert captured.err.count("\n") == 1 and captured.err.startswith("cardtable: error:")


def test_a_port_in_use_is_one_line_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        assert main(["web", "--port", str(port), "--data-dir", str(tmp_path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"cardtable: error: cannot listen on 127.0.0.1:{port}: address already in use\n"


def test_without_textual_serve_it_says_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)  # import raises ImportError
    assert main(["web", "--data-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("cardtable: error:")
    assert "pip install textual-serve" in err


# -- each page's command line ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        ([], [PY, "-m", "cardtable"]),
        (["--port", "9000", "--host", "0.0.0.0"], [PY, "-m", "cardtable"]),
        (["--seed", "42"], [PY, "-m", "cardtable", "--seed=42"]),
        (["--seed", "0"], [PY, "-m", "cardtable", "--seed=0"]),
        (["--ascii", "--no-animation"], [PY, "-m", "cardtable", "--ascii", "--no-animation"]),
        (["--data-dir", "/srv/my room"], [PY, "-m", "cardtable", "--data-dir=/srv/my room"]),
        (
            ["--no-animation", "--data-dir", "/d", "--seed", "7", "--ascii"],
            [PY, "-m", "cardtable", "--data-dir=/d", "--seed=7", "--ascii", "--no-animation"],
        ),
        (["--server", "example.org"], [PY, "-m", "cardtable", "join", "example.org:7654", "--ask-key"]),
        (["--server", "10.0.0.2:9999"], [PY, "-m", "cardtable", "join", "10.0.0.2:9999", "--ask-key"]),
        (["--server", "[::1]:7000"], [PY, "-m", "cardtable", "join", "[::1]:7000", "--ask-key"]),
        (
            ["--server", "host:1", "--data-dir", "/d", "--seed", "3", "--ascii", "--no-animation"],
            [PY, "-m", "cardtable", "join", "host:1", "--ask-key", "--data-dir=/d", "--seed=3", "--ascii",
             "--no-animation"],
        ),
    ],
)
def test_the_page_command_carries_the_options(args: list[str], expected: list[str]) -> None:
    assert app_command(_web(args), python=PY) == expected


def test_a_relative_data_dir_is_made_absolute(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The pages' apps must find the same folder whatever folder they start in."""
    monkeypatch.chdir(tmp_path)
    command = app_command(_web(["--data-dir", "room"]), python=PY)
    assert command[-1] == f"--data-dir={tmp_path / 'room'}"


def test_the_python_running_the_server_runs_the_pages() -> None:
    assert app_command(_web([]))[0] == sys.executable


@pytest.mark.parametrize(
    "args",
    [
        ["--data-dir", "/tmp/-x y", "--seed", "5", "--ascii"],
        ["--data-dir", "/tmp/join", "--no-animation"],
        ["--server", "[::1]:7000", "--data-dir", "/tmp/--seed", "--seed", "12"],
        ["--server", "example.org", "--ascii", "--no-animation"],
    ],
)
def test_cardtable_reads_the_page_command_as_meant(args: list[str]) -> None:
    """Round trip through cardtable's own parsers: the page gets exactly the options given,
    however odd the values (a folder named like an option or a subcommand)."""
    given = _web(args)
    argv = app_command(given, python=PY)[3:]
    command, rest = split_subcommand(argv, ("join",))
    if given.server is None:
        assert command is None
        page = build_parser().parse_args(rest)
        assert page.game is None
    else:
        assert command == "join"
        page = build_join_parser().parse_args(rest)
        assert page.address == given.server and page.name is None
    assert page.data_dir == given.data_dir
    assert page.seed == given.seed
    assert (page.ascii, page.no_animation) == (given.ascii, given.no_animation)


def test_the_shell_command_quotes_every_word() -> None:
    argv = [PY, "-m", "cardtable", "--data-dir=/tmp/a b'c\"$HOME;rm -rf x", "--seed=1"]
    words = shlex.split(shell_command(argv))
    if os.name == "posix":
        assert words[0] == "exec"  # the page's process is the app itself, not a shell
        words = words[1:]
    assert words == argv


@pytest.mark.parametrize(
    ("host", "port", "expected"),
    [
        ("127.0.0.1", 8000, "http://127.0.0.1:8000"),
        ("localhost", 80, "http://localhost:80"),
        ("::1", 8000, "http://[::1]:8000"),
        ("0.0.0.0", 8001, f"http://{socket.gethostname()}:8001"),
        ("::", 8002, f"http://{socket.gethostname()}:8002"),
    ],
)
def test_the_browser_address(host: str, port: int, expected: str) -> None:
    assert browser_address(host, port) == expected
    assert browser_address(host, port, "k3y") == f"{expected}/?key=k3y"


@pytest.mark.parametrize(
    ("width", "height", "expected"),
    [
        (80, 24, (80, 24)),
        ("120", "40", (120, 40)),
        (100000, 100000, (400, 200)),
        (0, -5, (20, 8)),
        (1e308, float("nan"), (400, 24)),
        ("x", None, (80, 24)),
        (True, [1], (80, 24)),
        ("99999999999", "3", (80, 8)),
    ],
)
def test_a_page_s_terminal_size_is_clamped(width: object, height: object, expected: tuple[int, int]) -> None:
    assert clamp_size(width, height) == expected


# -- a real server process ------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _processes_mentioning(text: str) -> list[str]:
    """Command lines of the running processes that contain ``text`` (Linux /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if text in cmdline:
            found.append(cmdline)
    return found


#: Escape sequences (CSI, OSC) in the app's output: what is left is the text on the screen.
_ESCAPES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07|\x1b[@-_]")


async def _lobby(ws: aiohttp.ClientWebSocketResponse[bool]) -> str:
    """The text a page is sent until the lobby is drawn (its last line is the note on chips)."""
    screen = b""
    text = ""
    while "withdrawn" not in text:
        message = await asyncio.wait_for(ws.receive(), 30)
        assert message.type == aiohttp.WSMsgType.BINARY, message
        screen += message.data
        text = _ESCAPES.sub("", screen.decode(errors="replace"))
    return text


async def test_the_server_process_serves_the_lobby_and_stops_on_sigterm(tmp_path: Path) -> None:
    port = _free_port()
    data = tmp_path / "room"
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    # Global options before and after the subcommand, as everywhere.
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "cardtable", "--data-dir", str(data), "web", "--port", str(port), "--no-animation",
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, env=env,
    )
    assert proc.stdout is not None and proc.stderr is not None
    try:
        first = (await asyncio.wait_for(proc.stdout.readline(), 30)).decode()
        found = re.fullmatch(rf"cardtable web: open http://127\.0\.0\.1:{port}/\?key=([\w-]{{20,}}) in a browser "
                             r"\(Ctrl\+C stops\)\n", first)
        assert found, first
        key = found.group(1)
        async with aiohttp.ClientSession() as http:
            async with http.get(f"http://127.0.0.1:{port}/?key={key}") as response:
                assert response.status == 200
                page = await response.text()
            assert "<div>cardtable</div>" in page  # the title shown while the app starts
            assert f'data-session-websocket-url="ws://127.0.0.1:{port}/ws/{key}"' in page
            assert "js/textual.js" in page
            # The socket's address is the one the browser used (a server on 0.0.0.0 is
            # reached by a name the server cannot know).
            elsewhere = {"Host": "cards.example:8080"}
            async with http.get(f"http://127.0.0.1:{port}/?key={key}", headers=elsewhere) as response:
                assert f'data-session-websocket-url="ws://cards.example:8080/ws/{key}"' in await response.text()
            # A page closed by its player: its app is told to quit and ends; the server goes on.
            async with http.ws_connect(f"http://127.0.0.1:{port}/ws/{key}?width=80&height=24") as ws:
                await _lobby(ws)
                assert len(_processes_mentioning(str(data))) == 2
            # The server says so once the page's app has ended (a condition, not a time).
            early = [(await asyncio.wait_for(proc.stderr.readline(), 30)).decode() for _ in range(2)]
            assert "page closed" in early[1]
            assert len(_processes_mentioning(str(data))) == 1
            # What the page's xterm.js is sent: the app, drawing the lobby.
            async with http.ws_connect(f"http://127.0.0.1:{port}/ws/{key}?width=80&height=24") as ws:
                text = await _lobby(ws)
                for words in ("c a r d t a b l e", "Bankroll", "1,000", "Blackjack", "Baccarat", "Draw poker",
                              "Chips are virtual: they have no money value and can never be withdrawn."):
                    assert words in text
                page_apps = _processes_mentioning(str(data))
                assert len(page_apps) == 2  # the server and this page's app (exec'd: no shell)
                proc.send_signal(signal.SIGTERM)
                while (message := await asyncio.wait_for(ws.receive(), 30)).type == aiohttp.WSMsgType.BINARY:
                    pass  # the last frames drawn before the app was told to quit
                assert message.type == aiohttp.WSMsgType.CLOSE
        assert await asyncio.wait_for(proc.wait(), 30) == 0
        out = (await proc.stdout.read()).decode()
        err = "".join(early) + (await proc.stderr.read()).decode()
        assert out == ""
        assert "Traceback" not in err
        lines = [line.split(" ", 1)[1] for line in err.splitlines()]  # without the time stamps
        assert lines == [
            "cardtable web: page opened from 127.0.0.1 (1 open)",
            "cardtable web: page closed from 127.0.0.1 (0 open)",
            "cardtable web: page opened from 127.0.0.1 (1 open)",
            "cardtable web: stopping: closing the pages",
            "cardtable web: page closed from 127.0.0.1 (0 open)",
            "cardtable web: stopped",
        ]
        assert _processes_mentioning(str(data)) == []  # the page's app ended with the server
        assert (data / "cardtable.sqlite3").is_file()
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()


def test_a_log_line_that_cannot_be_written_is_lost_quietly() -> None:
    """Ctrl-C on ``cardtable web 2>&1 | tee`` ends tee too: the stop must still close the pages."""
    import io

    from cardtable.cli.web import _stderr_log

    class Broken(io.StringIO):
        def write(self, text: str) -> int:
            raise BrokenPipeError(32, "Broken pipe")

    _stderr_log(Broken())("stopping: closing the pages")  # no exception


async def test_only_the_run_s_own_pages_get_an_app(tmp_path: Path) -> None:
    """Without the printed key, from another site's page (``Origin``), or past
    ``--max-pages``: a page that says why, and no app is started."""
    port = _free_port()
    data = tmp_path / "room"
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "cardtable", "web", "--port", str(port), "--data-dir", str(data), "--max-pages", "1",
        "--no-animation", stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        env=dict(os.environ, PYTHONUNBUFFERED="1"),
    )
    assert proc.stdout is not None and proc.stderr is not None
    base = f"http://127.0.0.1:{port}"
    try:
        first = (await asyncio.wait_for(proc.stdout.readline(), 30)).decode()
        key = first.split("?key=", 1)[1].split(" ", 1)[0]
        async with aiohttp.ClientSession() as http:
            for address in (f"{base}/", f"{base}/?key=", f"{base}/?key={key[:-1]}", f"{base}/?key={key}x"):
                async with http.get(address) as response:
                    assert response.status == 403
                    assert "address that 'cardtable web' printed" in await response.text()
            refusals = [
                (f"{base}/ws/{key}", "http://evil.example"),  # another site's page, the right key
                (f"{base}/ws/{key}", f"http://127.0.0.1:{port + 1}"),
                (f"{base}/ws/not-the-key", base),
                (f"{base}/ws", base),
            ]
            for address, origin in refusals:
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    async with http.ws_connect(f"{address}?width=80&height=24", origin=origin):
                        pass
                assert refused.value.status in (403, 404)
                assert len(_processes_mentioning(str(data))) == 1  # no page's app was started
            # The page's own socket: the app, even when asked for an absurd terminal.
            async with http.ws_connect(f"{base}/ws/{key}?width=99999&height=-3", origin=base) as ws:
                await ws.send_json(["resize", {"width": 10**12, "height": "x"}])
                await _lobby(ws)
                # Full: one page is the most this server runs.
                async with http.get(f"{base}/?key={key}") as response:
                    assert response.status == 503
                    assert "The card room is full" in await response.text()
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    async with http.ws_connect(f"{base}/ws/{key}", origin=base):
                        pass
                assert refused.value.status == 503
        proc.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(proc.wait(), 30) == 0
        err = (await proc.stderr.read()).decode()
        assert "Traceback" not in err
        # Once per cause (another origin, a wrong key, full); /ws without a key is no route (404).
        assert err.count("refused a page's socket") == 3
        assert "(origin http://evil.example)" in err
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
