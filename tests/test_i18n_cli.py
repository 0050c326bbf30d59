"""The command line in every language: ``--lang`` before or after a subcommand, an
unknown language in one line with exit code 2, the terminal's locale otherwise, and the
messages and ``--help`` in the language chosen."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable.cli import main


def run_cli(*args: str, lang: str = "C.UTF-8") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("LC_")}
    env.update(LANG=lang, COLUMNS="80")
    return subprocess.run([sys.executable, "-m", "cardtable", *args], capture_output=True, text=True,
                          timeout=60, stdin=subprocess.DEVNULL, env=env)


@pytest.mark.parametrize(
    "args",
    [["--lang", "xx"], ["--lang=fr"], ["--lang"], ["history", "--lang", "de"], ["--lang", "jp", "blackjack"],
     ["serve", "--lang="], ["drill", "poker", "--lang", "EN"]],
)
def test_an_unknown_language_is_one_line_and_exit_2(args: list[str]) -> None:
    done = run_cli(*args)
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("cardtable: error: argument --lang:"), done.stderr
    assert "Traceback" not in done.stderr


def test_help_in_each_language_before_or_after_the_subcommand() -> None:
    japanese = run_cli("--lang", "ja", "--help")
    assert japanese.returncode == 0
    assert "使い方:" in japanese.stdout and "このゲームのテーブルを直接開く" in japanese.stdout
    lithuanian = run_cli("history", "--help", "--lang=lt")
    assert lithuanian.returncode == 0 and "tik šio žaidimo raundai" in lithuanian.stdout
    assert "naudojimas:" in lithuanian.stdout
    english = run_cli("--help")
    assert "open this game's table directly" in english.stdout and "--lang en|ja|lt" in english.stdout


def test_help_lines_fit_the_terminal_in_cells() -> None:
    from rich.cells import cell_len

    for lang in ("ja", "lt"):
        done = run_cli("--lang", lang, "--help")
        assert max(cell_len(line) for line in done.stdout.splitlines()) <= 80, lang


def test_the_terminals_locale_speaks_when_no_lang_is_given(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    done = run_cli("--data-dir", str(tmp_path / "file"), lang="ja_JP.UTF-8")
    assert done.returncode == 2
    assert done.stderr.startswith("cardtable: エラー: ") and "ファイルで、フォルダーではありません" in done.stderr
    done = run_cli("--seed", "x", lang="lt_LT.UTF-8")
    assert done.returncode == 2 and done.stderr.startswith("cardtable: klaida: ")
    # --lang outranks the terminal
    done = run_cli("--lang", "en", "--seed", "x", lang="lt_LT.UTF-8")
    assert done.stderr.startswith("cardtable: error: ")


def test_messages_of_a_subcommand_in_the_language(tmp_path: Path) -> None:
    done = run_cli("history", "--data-dir", str(tmp_path / "d"), "--lang", "lt")
    assert done.returncode == 0 and done.stdout.strip() == "Atsiskaitytų raundų dar nėra."
    done = run_cli("--lang", "ja", "history", "--data-dir", str(tmp_path / "d"))
    assert done.stdout.strip() == "精算済みのラウンドはまだありません。"


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--lang", "ja"], "ja"),
        (["blackjack", "--lang=lt"], "lt"),
        ([], None),
        (["drill", "poker", "--lang", "ja"], "ja"),
    ],
)
def test_lang_reaches_the_app(args: list[str], expected: str | None, monkeypatch: pytest.MonkeyPatch,
                              tmp_path: Path) -> None:
    seen: list[object] = []

    def fake_run(self) -> None:  # the real app needs a terminal
        seen.append((self._lang_override, self.language))

    from cardtable.ui import app as app_module

    monkeypatch.setattr(app_module.CardTableApp, "run", fake_run)
    assert main([*args, "--data-dir", str(tmp_path / "d")]) == 0
    assert seen == [(expected, expected or "en")]


def test_web_pages_open_in_the_language_given() -> None:
    import argparse

    from cardtable.cli.web import app_command

    args = argparse.Namespace(server=None, data_dir=None, seed=None, ascii=False, no_animation=False, lang="lt")
    assert app_command(args, python="py")[-1] == "--lang=lt"
