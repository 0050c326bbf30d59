"""`cardtable history` (printed or exported) and `cardtable stats`.

Exports are parsed back and reconciled with the store's bankroll; global options
work before and after the subcommand; bad input is one line and exit code 2.
"""

from __future__ import annotations

import csv
import json
from datetime import datetime
from decimal import Decimal
from pathlib import Path

import pytest

from cardtable.cli import main
from cardtable.history_export import CSV_COLUMNS, decimal_chips, iso_local
from cardtable.store import START_BANKROLL, Store

#: Rounds the conftest's ``filled_dir`` plays for this module, and its seed.
HISTORY = (150, 5)


def chips(text: str) -> int:
    """Decimal chips back to hundredths, exactly."""
    return int(Decimal(text) * 100)


def test_csv_export_reconciles_with_the_bankroll(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "rounds.csv"
    assert main(["history", "--data-dir", str(data), "--export", str(out)]) == 0
    assert "150 rounds written" in capsys.readouterr().out
    with open(out, newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        assert tuple(reader.fieldnames or ()) == CSV_COLUMNS
        rows = list(reader)
    assert len(rows) == 150
    with Store.open(data) as store:
        refills = sum(amount for _after, _at, amount in store.refills())
        held = store.bankroll
        stats = store.all_stats()
    nets = [chips(r["net"]) for r in rows]
    assert START_BANKROLL + sum(nets) + refills == held
    assert chips(rows[-1]["bankroll_after"]) == held
    for r in rows:
        assert chips(r["returned"]) - chips(r["staked"]) == chips(r["net"])
        when = datetime.fromisoformat(r["time"])
        assert when.utcoffset() is not None  # ISO 8601 with its offset
        assert r["result"] == ("won" if chips(r["net"]) > 0 else "lost" if chips(r["net"]) < 0 else "pushed")
        for token in (r["player_cards"] + " " + r["dealer_cards"]).replace("|", " ").split():
            assert len(token) == 2 and token[0] in "A23456789TJQK" and token[1] in "SHDC"
    for game, s in stats.items():
        assert sum(1 for r in rows if r["game"] == game) == s.rounds
        assert sum(chips(r["net"]) for r in rows if r["game"] == game) == s.net


def test_jsonl_export_keeps_details_and_every_seats_actions(data: Path, tmp_path: Path) -> None:
    out = tmp_path / "rounds.jsonl"
    assert main(["--data-dir", str(data), "history", "--export", str(out), "--game", "blackjack"]) == 0
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    with Store.open(data) as store:
        assert len(lines) == store.stats("blackjack").rounds
        entries = {e.id: e for e in store.history("blackjack", limit=1000)}
    for line in lines:
        assert line["game"] == "blackjack"
        entry = entries[line["id"]]
        assert line["details"] == entry.details
        assert chips(line["net"]) == entry.net
        record = line["record"]
        assert record["game"] == "blackjack" and isinstance(record["actions"], list)
        assert record["meta"]["levels"] == ["normal", "hard", None]  # one per seat, None: the player


def test_since_filters_by_time(data: Path, tmp_path: Path) -> None:
    out = tmp_path / "late.csv"
    with Store.open(data) as store:
        entries = store.history(limit=1000)
    middle = sorted(e.at for e in entries)[len(entries) // 2]
    assert main(["history", "--data-dir", str(data), "--export", str(out), "--since", iso_local(middle)]) == 0
    with open(out, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == sum(1 for e in entries if e.at >= middle)
    assert main(["history", "--data-dir", str(data), "--export", str(out), "--since", "2999-01-01"]) == 0
    assert len(out.read_text(encoding="utf-8").splitlines()) == 1  # the header alone


@pytest.mark.parametrize("order", ["before", "after"])
def test_history_prints_the_last_rounds_with_global_options_anywhere(
    data: Path, order: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--data-dir", str(data), "history", "--limit", "3"]
    if order == "after":
        argv = ["history", "--limit", "3", "--data-dir", str(data), "--ascii"]
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 + 3 and lines[0].split()[:3] == ["#", "When", "Game"]
    with Store.open(data) as store:
        newest = store.history(limit=1)[0]
    assert lines[2].split()[0] == str(newest.id)


def test_stats_prints_every_game_and_the_total(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--data-dir", str(data)]) == 0
    out = capsys.readouterr().out
    with Store.open(data) as store:
        stats = store.all_stats()
        bankroll = store.bankroll
    for title, game in (("Blackjack", "blackjack"), ("Baccarat", "baccarat"), ("Draw poker", "poker")):
        line = next(line for line in out.splitlines() if line.startswith(title))
        assert f"{stats[game].rounds:,}" in line.split()
    assert "All games" in out and "Exact" in out
    assert decimal_chips(bankroll).rstrip("0").rstrip(".").split(".")[0] in out.replace(",", "")


@pytest.mark.parametrize(
    "argv, words",
    [
        (["history", "--export", "{tmp}/x.txt"], ".csv or .jsonl"),
        (["history", "--export", "{tmp}/missing/x.csv"], "does not exist"),
        (["history", "--export", "{tmp}"], "must end in"),
        (["history", "--game", "chess"], "invalid choice"),
        (["history", "--since", "last tuesday"], "--since takes a date"),
        (["history", "--since", "2026-02-30"], "--since takes a date"),
        (["history", "--limit", "0"], "--limit"),
        (["history", "--frobnicate"], "unrecognized"),
        (["stats", "--game", "poker"], "unrecognized"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    data: Path, tmp_path: Path, argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv] + ["--data-dir", str(data)]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and words in err and "Traceback" not in err
    assert not list(tmp_path.glob("**/*.part"))


def test_an_empty_history(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["history", "--data-dir", str(data_dir)]) == 0
    assert "No settled rounds yet." in capsys.readouterr().out


def test_an_export_cut_short_leaves_no_file(data: Path, tmp_path: Path, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    from cardtable.store import StoreError

    def broken(self, where, chunk=5000):  # type: ignore[no-untyped-def]
        yield from ()
        raise StoreError("The data file could not be used: a disk input/output error occurred.")

    monkeypatch.setattr(Store, "iter_history", broken)
    out = tmp_path / "cut.csv"
    assert main(["history", "--data-dir", str(data), "--export", str(out)]) == 2
    assert "input/output" in capsys.readouterr().err
    assert not out.exists() and not list(tmp_path.glob(".*.part"))
