"""Graded decisions: the best choice, the cost in chips, the JSON form, the tally."""

from __future__ import annotations

import pytest

from cardtable.ai.grading import Accuracy, Decision, accuracy, decisions_in, grade
from cardtable.store import Settings, Store


def test_grade_names_the_best_and_the_cost_per_stake() -> None:
    d = grade("blackjack", "hard 16 against a 10", {"Hit": -0.535, "Stand": -0.540}, "Stand", 1000)
    assert d.best == "Hit" and not d.is_best
    assert d.cost == pytest.approx(0.005 * 1000)  # 5 hundredths given up on a 10-chip hand
    tie = grade("poker", "AS AD", {"hold A A": 0.5, "hold A A K": 0.5}, "hold A A K", 500)
    assert tie.is_best and tie.best == "hold A A K" and tie.cost == 0.0
    with pytest.raises(ValueError):
        grade("poker", "x", {"a": 0.0}, "b", 100)


def test_decisions_survive_json_and_bad_rows_are_skipped() -> None:
    d = grade("baccarat", "shoe of 400", {"Banker": -0.0106, "Tie": -0.1436}, "Tie", 2000, estimated=True)
    details = {"decisions": [d.to_json(), {"game": 1}, "nonsense", {**d.to_json(), "stake": -5}]}
    assert decisions_in(details) == [d]
    assert decisions_in({}) == [] and decisions_in(None) == [] and decisions_in({"decisions": 3}) == []
    assert Decision.from_json({**d.to_json(), "ev_best": True}) is None


def test_accuracy_counts_best_choices_and_sums_costs() -> None:
    ds = [
        grade("blackjack", "a", {"Hit": 0.1, "Stand": 0.0}, "Hit", 1000),
        grade("blackjack", "b", {"Hit": 0.1, "Stand": 0.0}, "Stand", 1000),
        grade("blackjack", "c", {"Hit": 0.1, "Stand": 0.05}, "Stand", 2000),
    ]
    acc = accuracy(ds)
    assert (acc.taken, acc.best) == (3, 1)
    assert acc.cost == pytest.approx(100 + 100)
    assert acc.line() == "3 decisions, 1 best (33 %), 2.00 chips of EV given away"
    assert (acc + Accuracy(1, 1, 0.0)).taken == 4
    assert Accuracy().line() == "No decisions graded yet." and Accuracy().share is None


def test_coach_mode_is_a_setting_off_by_default(tmp_path) -> None:
    assert Settings().coach is False
    with Store.open(tmp_path) as store:
        store.save_settings(Settings(coach=True))
        assert store.settings().coach is True
        with pytest.raises(ValueError):
            store.save_settings(Settings(coach="yes"))  # type: ignore[arg-type]
