"""``cardtable history`` and ``cardtable stats`` printed in 日本語 and lietuvių: the words
translated, the games named as the lobby names them, and the columns aligned in terminal
cells (a Japanese character takes two) under their headings."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.cells import cell_len

from cardtable.cli import main

#: Rounds the conftest's ``filled_dir`` plays for this module (all three games), and its seed.
HISTORY = (30, 3)

WORDS = {
    "en": ("When", "Staked", "Blackjack", "Draw poker", "Rounds", "All games"),
    "ja": ("日時", "ベット", "ブラックジャック", "ポーカー", "回数", "全ゲーム"),
    "lt": ("Kada", "Statyta", "Blackjack", "Pokeris", "Raund.", "Iš viso"),
}


def _fields(line: str, gap: int) -> list[tuple[int, int]]:
    """Each field of a printed line (fields are ``gap`` or more spaces apart) as its first
    and last cell + 1, counted in terminal cells."""
    spans = []
    inner = r"\S+(?: \S+)*" if gap == 2 else r"\S+"
    for found in re.finditer(inner, line):
        start = cell_len(line[: found.start()])
        spans.append((start, start + cell_len(found.group())))
    return spans


def _aligned(lines: list[str], left: set[int], columns: int, gap: int) -> None:
    """Each of the first ``columns`` fields of every line starts (left-aligned columns) or
    ends (the others) in the same cell as its heading."""
    head = _fields(lines[0], gap)
    assert len(head) >= columns, lines[0]
    assert set(lines[1]) == {"-"} and cell_len(lines[1]) == cell_len(lines[0].rstrip())
    for line in lines[2:]:
        fields = _fields(line, gap)
        for i in range(columns):
            edge = 0 if i in left else 1
            assert fields[i][edge] == head[i][edge], (i, lines[0], line)


@pytest.mark.parametrize("lang", ("en", "ja", "lt"))
def test_history_prints_aligned_in_cells(data: Path, lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", lang, "history", "--data-dir", str(data), "--limit", "30"]) == 0
    lines = capsys.readouterr().out.splitlines()
    when, staked, blackjack, poker = WORDS[lang][:4]
    assert when in lines[0] and staked in lines[0]
    shown = "\n".join(lines)
    assert blackjack in shown and poker in shown
    assert len(lines) == 32
    _aligned(lines, left={1, 2}, columns=5, gap=2)  # #, when, game, staked, net (the cards run on)


@pytest.mark.parametrize("lang", ("en", "ja", "lt"))
def test_stats_prints_aligned_in_cells(data: Path, lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--data-dir", str(data), f"--lang={lang}"]) == 0
    out = capsys.readouterr().out
    table, note = out.split("\n\n")
    lines = table.splitlines()
    assert len(lines) == 6
    *_, rounds, total = WORDS[lang]
    assert rounds in lines[0] and lines[-1].startswith(total)
    rows = [lines[0], lines[1], *(line.replace("Draw poker", "Draw_poker").replace("All games", "All_games")
                                  .replace("Iš viso", "Iš_viso") for line in lines[2:])]
    _aligned(rows, left={0}, columns=11, gap=1)  # one space apart: a name of two words is one field
    assert max(cell_len(line) for line in lines) <= 80  # fits a terminal of 80 cells
    assert {"en": "Bankroll", "ja": "残高", "lt": "Balansas"}[lang] in note


@pytest.mark.parametrize(
    ("lang", "words"),
    (
        ("ja", "--export FILE の名前は .csv か .jsonl で終えてください"),
        ("lt", "--export FILE turi baigtis .csv arba .jsonl"),
    ),
)
def test_an_export_refused_is_one_line_in_the_language(
    data: Path, tmp_path: Path, lang: str, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--lang", lang, "history", "--data-dir", str(data), "--export", str(tmp_path / "out.txt")]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and words in err
