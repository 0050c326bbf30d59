"""The shipped effects of removal (``assets/data/count-effects.json``): the exact analysis
of the house's rules, read for those rules only, and never needed to work."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest

from cardtable.ai import simulate
from cardtable.ai.counting import effects, shipped
from cardtable.ai.counting.effects import (
    Effects,
    GameEffects,
    PlayEffects,
    computed_effects,
    game_effects,
    insurance_effects,
    play_effects,
)
from cardtable.cli import count
from cardtable.cli import main as cli_main
from cardtable.core.blackjack import Rules

#: Relative tolerance of the comparison with a fresh analysis. The figures are the same
#: bit for bit on the machine that wrote them (same numpy, same order of operations), but
#: the file is written on one machine and checked on others, where another numpy build may
#: round a last bit differently; a stale figure is off by far more (an analysis change
#: moves the effects in their third significant digit).
RELATIVE = 1e-12


def _close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=RELATIVE, abs_tol=1e-15)


def _same_play(a: PlayEffects, b: PlayEffects) -> bool:
    return ((a.kind, a.key, a.up, a.basic, a.alternative) == (b.kind, b.key, b.up, b.basic, b.alternative)
            and _close(a.gain, b.gain) and _close(a.frequency, b.frequency)
            and all(_close(x, y) for x, y in zip(a.removal, b.removal, strict=True)))


def _forget() -> None:
    shipped._entries.cache_clear()
    effects._shipped.cache_clear()


@pytest.fixture
def fresh_reads() -> Iterator[None]:
    """The shipped file read again before and after the test (it may point elsewhere)."""
    _forget()
    yield
    _forget()


@pytest.fixture
def no_analysis(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any exact analysis of the effects fails the test."""
    def refuse(rules: Rules) -> object:
        raise AssertionError(f"computed for {rules}")

    monkeypatch.setattr(effects, "_computed_game", refuse)
    monkeypatch.setattr(effects, "_computed_plays", refuse)


@pytest.mark.slow
def test_the_shipped_figures_are_the_exact_analysis() -> None:
    """The file holds exactly the rule sets of ``shipped.RULE_SETS``, each the analysis
    done now (a change of the analysis or of ``Rules`` without running
    ``scripts/count_effects.py`` fails here). Five seconds: the one computation of the
    house's effects in the suite."""
    document = json.loads(shipped.shipped_path().read_text(encoding="utf-8"))
    assert sorted(json.dumps(e["rules"], sort_keys=True) for e in document["figures"]) == sorted(
        shipped.rules_key(r) for r in shipped.RULE_SETS), "run scripts/count_effects.py"
    for rules in shipped.RULE_SETS:
        known = effects._shipped(shipped_rules := effects._key(rules))
        assert known is not None
        exact = computed_effects(shipped_rules)
        stale = "the shipped effects are not the analysis: run scripts/count_effects.py"
        assert known.game.rules == exact.game.rules == shipped_rules
        assert _close(known.game.expectation, exact.game.expectation), stale
        assert all(_close(a, b) for a, b in zip(known.game.removal, exact.game.removal, strict=True)), stale
        assert len(known.plays) == len(exact.plays), stale
        assert all(_same_play(a, b) for a, b in zip(known.plays, exact.plays, strict=True)), stale
        assert (known.insurance is None) == (exact.insurance is None), stale
        if known.insurance is not None and exact.insurance is not None:
            assert _same_play(known.insurance, exact.insurance), stale


def test_the_rules_a_player_meets_unasked_read_the_shipped_figures(no_analysis: None) -> None:
    """The table at any limits, ``analyse count`` and ``simulate --indices`` at their
    defaults: one rule set, read from the file (an analysis would fail the test)."""
    table = Rules(min_bet=1_000, max_bet=100_000, penetration_percent=80)
    game = game_effects(table)
    assert game.rules == Rules() and len(game.removal) == 10 and -0.01 < game.expectation < 0
    assert play_effects(table) is play_effects(Rules()) and len(play_effects(table)) > 700
    assert insurance_effects(table) is None  # no peek, no insurance
    report = count.report("hilo")  # the command's defaults
    assert report["rules"] == {"decks": 6, "dealer_hits_soft_17": False, "dealer_peeks": False,
                               "double_after_split": True, "max_hands": 4, "resplit_aces": False,
                               "blackjack_pays": [3, 2]}
    indices = report["indices"]
    assert isinstance(indices, list) and any(i["hand"] == "16" and i["up"] == "10" for i in indices)
    args = simulate._parser().parse_args(["blackjack", "--rounds", "1000", "--count", "hilo", "--indices"])
    assert shipped.entry_for(simulate._rules(args)) is not None


@pytest.mark.parametrize("rules", [Rules(decks=2), Rules(dealer_peeks=True), Rules(late_surrender=True),
                                   Rules(blackjack_pays=(6, 5)), Rules(max_hands=3)])
def test_other_rules_are_computed_not_read(rules: Rules, monkeypatch: pytest.MonkeyPatch) -> None:
    """One field off the house's rules is another rule set: never the shipped figures."""
    assert shipped.entry_for(rules) is None
    game = GameEffects(effects._key(rules), 0.5, (0.25,) * 10)
    plays = (PlayEffects("hard", 16, 10, "hit", "stand", -0.5, (0.125,) * 10, 0.01),)
    monkeypatch.setattr(effects, "_computed_game", lambda r: game)
    monkeypatch.setattr(effects, "_computed_plays", lambda r: plays)
    assert game_effects(rules) is game and play_effects(rules) is plays
    assert (insurance_effects(rules) is None) == (not rules.dealer_peeks)


@cache
def _house_entry() -> str:
    """The shipped file's text."""
    return shipped.shipped_path().read_text(encoding="utf-8")


def _with(**changes: object) -> str:
    """A file of the house's entry with ``changes``."""
    entry = json.loads(_house_entry())["figures"][0]
    entry.update(changes)
    return json.dumps({"figures": [entry]})


def _with_play(**changes: object) -> str:
    entry = json.loads(_house_entry())["figures"][0]
    return _with(plays=[{**entry["plays"][0], **changes}])


#: What can be wrong with the file: its text (None: no file).
BAD_FILES: dict[str, Callable[[], str | None]] = {
    "missing": lambda: None,
    "not JSON": lambda: "not json",
    "cut short": lambda: _house_entry()[: len(_house_entry()) // 2],
    "a list": lambda: "[]",
    "no figures": lambda: json.dumps({"about": "x"}),
    "a word for a number": lambda: _with(expectation="-0.5"),
    "true for a number": lambda: _with(expectation=True),
    "nine effects": lambda: _with(removal=[0.001] * 9),
    "no plays": lambda: _with(plays=[]),
    "a play without its gain": lambda: _with_play(gain=None),
    "a play of no kind": lambda: _with_play(kind="other"),
}


@pytest.mark.parametrize("case", list(BAD_FILES))
def test_a_missing_or_unreadable_file_means_computing_and_no_traceback(
    case: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_reads: None,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Whatever is wrong with the file, the figures are computed (here: the good figures
    stand in for the analysis) and ``analyse count`` prints its report."""
    real = effects._shipped(Rules())
    assert real is not None
    text = BAD_FILES[case]()
    path = tmp_path / "count-effects.json"
    if text is not None:
        path.write_text(text, encoding="utf-8")
    monkeypatch.setattr(shipped, "shipped_path", lambda: path)
    computed: list[str] = []

    @cache
    def game(rules: Rules) -> GameEffects:
        computed.append("game")
        return real.game

    @cache
    def plays(rules: Rules) -> tuple[PlayEffects, ...]:
        computed.append("plays")
        return real.plays

    monkeypatch.setattr(effects, "_computed_game", game)
    monkeypatch.setattr(effects, "_computed_plays", plays)
    monkeypatch.setattr(effects, "_each_shoe", lambda rules, work, progress: computed.append("progress"))
    _forget()
    assert effects._shipped(Rules()) is None
    assert cli_main(["analyse", "count", "--system", "hilo", "--json"]) == 0
    out, err = capsys.readouterr()
    assert "game" in computed and "plays" in computed
    assert json.loads(out)["indices"] and "Traceback" not in err


def test_no_assets_folder_means_computing(monkeypatch: pytest.MonkeyPatch, fresh_reads: None) -> None:
    def nowhere() -> Path:
        raise FileNotFoundError("cardtable assets not found")

    monkeypatch.setattr(shipped, "shipped_path", nowhere)
    assert shipped.entry_for(Rules()) is None


def test_the_figures_read_back_as_written() -> None:
    """``to_json`` then JSON text then ``from_json``: equal, float for float (``repr``)."""
    known = effects._shipped(Rules())
    assert known is not None
    peek = replace(known, insurance=PlayEffects("insurance", 0, 1, "no insurance", "insurance", -0.07,
                                                (0.01,) * 9 + (-0.02,), 1 / 13))
    for figures in (known, peek):
        again = Effects.from_json(json.loads(json.dumps(figures.to_json())), figures.game.rules)
        assert again == figures


def test_reading_the_shipped_figures_imports_no_numpy() -> None:
    """Importing the reader and reading the house's indices loads no numpy: no analysis
    runs (the lobby never imports counting; this keeps the coach's count line cheap)."""
    child = ("import sys; from cardtable.ai.counting import shipped, effects; "
             "from cardtable.ai.counting.indices import indices; "
             "from cardtable.ai.counting.systems import system_named; "
             "from cardtable.core.blackjack import Rules; "
             "imported = 'numpy' in sys.modules; found = indices(system_named('hilo'), Rules()); "
             "print(imported, 'numpy' in sys.modules, len(found) > 10)")
    done = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "False", "True"]
