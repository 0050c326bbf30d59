"""``cardtable join`` on the command line: bad values are one line and exit
code 2; the address reads ``HOST[:PORT]``; the global options come before or after the
subcommand and reach the app."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import pytest

from cardtable.cli import main
from cardtable.cli import net as cli_net


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["join"], "required: HOST[:PORT]"),
        (["join", "host:0"], "port number"),
        (["join", "host:70000"], "port number"),
        (["join", "host:abc"], "port number"),
        (["join", "a b"], "not a host"),
        (["join", "[::1"], "not HOST[:PORT]"),
        (["join", "host", "--name", "no spaces"], "1 to 20 letters"),
        (["join", "host", "--name", "x" * 21], "1 to 20 letters"),
        (["join", "host", "--seed", "-"], "--seed"),
        (["join", "host", "--data-dir", ""], "must not be empty"),
        (["join", "host", "--bogus"], "unrecognized"),
    ],
)
def test_bad_values_are_one_line_and_exit_2(args: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("cardtable: error:") and words in err, err
    assert "cardtable join --help" in err


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("example.org", ("example.org", 7654)),
        ("example.org:9000", ("example.org", 9000)),
        ("10.0.0.2:7654", ("10.0.0.2", 7654)),
        ("[::1]:8000", ("::1", 8000)),
        ("[::1]", ("::1", 7654)),
        ("::1", ("::1", 7654)),
    ],
)
def test_the_address_reads_host_and_port(text: str, expected: tuple[str, int]) -> None:
    assert cli_net.parse_address(text) == expected


def test_global_options_before_or_after_reach_the_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[dict[str, Any]] = []

    class FakeApp:
        return_code = 0

        def __init__(self, **kwargs: Any) -> None:
            seen.append(kwargs)

        def run(self) -> None:
            pass

    import cardtable.ui.app as app_module

    monkeypatch.setattr(app_module, "CardTableApp", FakeApp)
    data = tmp_path / "d"
    assert main(["--ascii", "--data-dir", str(data), "join", "h:1234", "--name", "al", "--no-animation"]) == 0
    assert main(["join", "--seed", "5", "h", "--data-dir", str(data)]) == 0
    first, second = seen
    assert first["ascii"] is True and first["animations"] is False and first["seed"] is None
    assert (first["remote"].host, first["remote"].port, first["remote"].name) == ("h", 1234, "al")
    assert second["seed"] == 5 and second["ascii"] is None and second["remote"].name is None
    assert second["remote"].port == 7654
    assert first["store"].path.parent == data


def test_the_parser_documents_the_subcommand() -> None:
    parser = cli_net.build_join_parser()
    assert isinstance(parser, argparse.ArgumentParser)
    text = parser.format_help()
    assert "HOST[:PORT]" in text and "--name" in text and "--data-dir" in text


def test_what_join_prints_after_the_app_is_plain_text(capsys: pytest.CaptureFixture[str]) -> None:
    """The last words (the server's reason for a goodbye …) reach the terminal without
    any escape sequence or markup reading, whatever they hold."""
    from cardtable.cli.net import _plain_console

    _plain_console().print("cardtable: goodbye \x1b]52;c;SGVsbG8=\x1b\\[bold]x[/bold] \x1b[2Jdone\x9b6n")
    assert capsys.readouterr().err == "cardtable: goodbye [bold]x[/bold] done\n"
