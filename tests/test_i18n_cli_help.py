"""``--help`` of every subcommand in 日本語 and lietuvių: the options' words translated,
every line within the terminal's 80 cells, and the usage's continuation lines under its
first option (argparse counts characters; "使い方: " is 5 characters but 8 cells)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from rich.cells import cell_len

from cardtable.i18n.helpformat import cell_wrap

#: Each subcommand, and for each language a help text of one of its own options (not a
#: global option's) that must be there in that language -- and its English not.
SUBCOMMANDS: dict[tuple[str, ...], dict[str, str]] = {
    ("simulate",): {"en": "the game to simulate", "ja": "シミュレーションするゲーム", "lt": "modeliuojamas žaidimas"},
    ("analyse",): {"en": "processes (default: every core)", "ja": "プロセス数（標準：全コア）",
                   "lt": "procesai (pagal nutylėjimą: visi branduoliai)"},
    ("analyse", "count"): {"en": "decks in the shoe (1-8, default 6)", "ja": "シューのデッキ数（1-8、標準6）",
                           "lt": "kaladžių dalytuve (1-8, pagal nutylėjimą 6)"},
    ("serve",): {"en": "connections at once (default 1000)", "ja": "同時接続数（標準 1000）",
                 "lt": "ryšių vienu metu (pagal nutylėjimą 1000)"},
    ("join",): {"en": "ask-key", "ja": "サーバー", "lt": "serveris"},
    ("web",): {"en": "max-pages", "ja": "同時に提供するページ数", "lt": "puslapiai"},
    ("drill",): {"en": "the game to drill", "ja": "練習するゲーム", "lt": "treniruojamas žaidimas"},
    ("history",): {"en": "history", "ja": "履歴", "lt": "istorij"},
    ("stats",): {"en": "stats", "ja": "統計", "lt": "statistik"},
    (): {"en": "open this game's table directly", "ja": "このゲームのテーブルを直接開く",
         "lt": "iškart atidaryti šio žaidimo stalą"},
}
USAGE = {"ja": "使い方: ", "lt": "naudojimas: "}


def _env() -> dict[str, str]:
    """The environment of every command here: a UTF-8 terminal of 80 columns, no LC_*."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("LC_")}
    env.update(LANG="C.UTF-8", COLUMNS="80")
    return env


def _help(words: tuple[str, ...], lang: str) -> str:
    """``cardtable --lang LANG WORDS --help`` run as its own process."""
    done = subprocess.run([sys.executable, "-m", "cardtable", "--lang", lang, *words, "--help"],
                          capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL, env=_env())
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return done.stdout


#: Runs ``cardtable.cli.main`` on each command line it is given, as ``python -m
#: cardtable`` does, and prints each one's exit code, stdout and stderr as JSON.
_BATCH = """
import contextlib, io, json, sys
import cardtable.__main__ as entry
from cardtable.cli import main
sys.argv[0] = entry.__file__  # as under python -m cardtable
results = []
for argv in json.loads(sys.argv[1]):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as stop:  # --help
            code = stop.code
    results.append((0 if code is None else code, out.getvalue(), err.getvalue()))
json.dump(results, sys.stdout)
"""

#: Every ``--help`` the tests below read: each subcommand in each language, and the
#: English help of ``simulate``.
_HELPS = [(words, lang) for words in SUBCOMMANDS for lang in ("ja", "lt")] + [(("simulate",), "en")]


def _batch(argvs: list[list[str]]) -> list[tuple[int, str, str]]:
    """(exit code, stdout, stderr) of each command line, all run by one process
    (:data:`_BATCH`) in the environment of :func:`_help`."""
    done = subprocess.run([sys.executable, "-c", _BATCH, json.dumps(argvs)], capture_output=True, text=True,
                          timeout=120, stdin=subprocess.DEVNULL, env=_env())
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return [(code, out, err) for code, out, err in json.loads(done.stdout)]


@pytest.fixture(scope="module")
def helps() -> dict[tuple[tuple[str, ...], str], str]:
    """Every ``--help`` of :data:`_HELPS`, printed by one process in the environment of
    :func:`_help` (one interpreter start instead of twenty-one; the English test checks
    that a help printed so is the one its own process prints)."""
    texts = {}
    for key, (code, out, err) in zip(_HELPS, _batch([["--lang", lang, *words, "--help"] for words, lang in _HELPS]),
                                     strict=True):
        assert code == 0 and err == "", (key, err)
        texts[key] = out
    return texts


def _usage_lines(text: str) -> list[str]:
    lines = text.splitlines()
    return lines[: lines.index("")]


@pytest.mark.parametrize("lang", ("ja", "lt"))
@pytest.mark.parametrize("words", list(SUBCOMMANDS), ids=lambda w: " ".join(w) or "cardtable")
def test_every_subcommands_help_is_translated_and_fits(
    words: tuple[str, ...], lang: str, helps: dict[tuple[tuple[str, ...], str], str]
) -> None:
    text = helps[words, lang]
    expected = SUBCOMMANDS[words]
    flat = " ".join(text.split())
    assert expected[lang] in flat, text
    if expected["en"] not in ("ask-key", "max-pages", "history", "stats"):  # those are option names
        assert expected["en"] not in flat
    assert {"ja": "オプション:", "lt": "parinktys:"}[lang] in text
    assert max(cell_len(line) for line in text.splitlines()) <= 80, text
    usage = _usage_lines(text)
    assert usage[0].startswith(USAGE[lang])
    prog = " ".join(("cardtable", *words))
    column = cell_len(USAGE[lang] + prog + " ")
    for line in usage[1:]:  # every continuation line starts under the first option, in cells
        assert cell_len(line) - cell_len(line.lstrip()) == column, "\n".join(usage)


def test_the_english_help_is_as_before(helps: dict[tuple[tuple[str, ...], str], str]) -> None:
    """English keeps argparse's own layout: the usage lines under the first option. The
    help is printed by its own process, as typed, and is the one the batch printed."""
    text = _help(("simulate",), "en")
    assert text == helps[("simulate",), "en"]
    usage = _usage_lines(text)
    assert usage[0].startswith("usage: cardtable simulate [-h] --rounds N")
    column = len("usage: cardtable simulate ")
    assert all(line[:column].isspace() and line[column] in "[{" for line in usage[1:]), usage
    assert "the game to simulate" in text and "rounds to play (one seat, one 10-chip bet a round)" in " ".join(
        text.split())


def test_japanese_help_breaks_lines_as_japanese_is_set() -> None:
    """No line starts with 、 or 。 and no Latin word is cut; a long sentence fills its lines."""
    text = ("HOST で 'cardtable serve' が動かしている共有テーブルに着席します（ポートの指定がなければ7654）。"
            "ある名前で最初に参加すると、サーバーにそのプレイヤーが作られます。変動より大きい）。ハウス")
    for width in range(20, 61):
        lines = cell_wrap(text, width)
        assert all(cell_len(line) <= width for line in lines), width
        assert not any(line[0] in "、。）" for line in lines), (width, lines)
        assert not any(line.endswith("（") for line in lines), (width, lines)
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")  # nothing lost
        assert all("'cardtable" not in line or "serve'" in line or line.endswith("'cardtable")
                   for line in lines)  # the quoted command: broken only at its space
        assert sum(cell_len(line) for line in lines[:-1]) >= (len(lines) - 1) * (width - 12)  # filled
    assert cell_wrap("plain English words stay as they were", 12) == ["plain", "English", "words stay",
                                                                      "as they were"]


#: The simulators' reports the tests below read: blackjack in each language, baccarat in English.
_REPORTS = {
    lang: ["--lang", lang, "simulate", "blackjack", "--rounds", "2000", "--seed", "1", "--jobs", "1",
           "--pace", "100", "--hours", "1"] for lang in ("ja", "lt")
} | {"en": ["simulate", "baccarat", "--rounds", "2000", "--seed", "1", "--jobs", "1", "--bet", "tie"]}


@pytest.fixture(scope="module")
def reports() -> dict[str, tuple[int, str, str]]:
    """Each report of :data:`_REPORTS` (exit code, stdout, stderr), printed by one process
    as :func:`helps` prints the helps (one interpreter start instead of three)."""
    return dict(zip(_REPORTS, _batch(list(_REPORTS.values())), strict=True))


@pytest.mark.parametrize(("lang", "words"), [
    ("ja", ("ハウスエッジ:", "標準偏差:", "1時間あたり:", "残高:", "解析:", "一致:",
            "ブラックジャック、hard のプレイヤー")),
    ("lt", ("kazino pranašumas:", "st. nuokrypis:", "per valandą:", "balansas:", "analizė:", "sutapimas:",
            "raundų, sėkla 1", "0,518 %")),
])
def test_the_simulators_report_in_the_language(lang: str, words: tuple[str, ...],
                                               reports: dict[str, tuple[int, str, str]]) -> None:
    code, stdout, stderr = reports[lang]
    assert code == 0, stderr
    assert all(word in stdout for word in words), stdout
    lines = stdout.splitlines()
    assert max(cell_len(line) for line in lines) <= 80, stdout
    def start(line: str) -> int:  # the cell where a line's figures start
        value = line.lstrip() if line[:1].isspace() else line.split(":", 1)[1].lstrip()
        return cell_len(line) - cell_len(value)

    column = start(lines[1])  # "run:" and its figures
    assert column > cell_len(words[0]) and all(start(line) == column for line in lines[1:]), stdout
    assert "house edge" not in stdout and "standard error" not in stdout


def test_the_simulators_english_report_keeps_its_layout(reports: dict[str, tuple[int, str, str]]) -> None:
    lines = reports["en"][1].splitlines()
    assert lines[0] == "baccarat, 8 decks, 2,000 rounds, seed 1" and lines[1].startswith("run:        1 job, ")
    assert lines[2] == "-- tie bet (1 bet on every coup)"
    assert lines[3].startswith("house edge: ") and lines[3].endswith(" standard error")
    assert lines[4].startswith("            95 % interval ") and lines[5].startswith("std. dev.:  ")
    assert lines[-1].startswith("exact:      14.360 %: ")


@pytest.fixture(scope="module")
def hilo_house() -> dict[str, object]:
    """``analyse count``'s figures for Hi-Lo at its defaults (the house's rules: shipped
    figures, nothing to work out)."""
    from cardtable.cli import count

    return count.report("hilo")


@pytest.mark.parametrize(("lang", "words"), [
    ("ja", ("ベット相関:", "プレイ効率:", "インシュランス相関:", "ルール:", "インデックス（トゥルーカウント")),
    ("lt", ("statymų koreliacija:", "žaidimo efektyvumas:", "draudimo koreliacija:", "taisyklės:",
            "indeksai (tikrasis skaičius")),
])
def test_analyse_count_reports_in_the_language(
    lang: str, words: tuple[str, ...], hilo_house: dict[str, object], capsys: pytest.CaptureFixture[str]
) -> None:
    """The report as ``cardtable --lang LANG analyse count --system hilo`` prints it (the
    figures are read once for the module: the same in every language)."""
    from cardtable import i18n
    from cardtable.cli import count

    i18n.set_language(lang)
    count._print(hilo_house)
    out = capsys.readouterr().out
    assert all(word in out for word in words), out
    lines = out.splitlines()
    labelled_lines = [line for line in lines if line.startswith(words[:3])]
    starts = {cell_len(line) - cell_len(line.split(":", 1)[1].lstrip()) for line in labelled_lines}
    assert len(labelled_lines) == 3 and len(starts) == 1, labelled_lines  # the figures in one column
    assert "betting correlation" not in out and "or more, else" not in out


def test_analyse_poker_reports_in_the_language() -> None:
    from fractions import Fraction

    from cardtable import i18n
    from cardtable.ai.poker_analysis import Analysis, report
    from cardtable.ai.poker_machines import load_machines

    machine = load_machines()["deuces-wild"]
    figures = Analysis(machine, Fraction(3, 2), Fraction(7, 3), ((None, Fraction(1)),), 1234, 0.1)
    english = report(figures)
    assert english.splitlines()[1] == "return   1.500000  (150.0000 %)" and "  No win   " in english
    try:
        i18n.set_language("lt")
        lines = report(figures).splitlines()
    finally:
        i18n.set_language("en")
    assert lines[0] == "Full-Pay Deuces Wild (deuces-wild), 5 monetos, vienas keitimas, optimalus žaidimas"
    assert lines[1] == "grąžinimas 1.500000  (150,0000 %)" and lines[3].startswith("dispersija 2,333333")
    assert "Be laimėjimo" in lines[-2] and lines[-1] == "1\xa0234 dalijimų spalvų klasės, 0,1 s"
