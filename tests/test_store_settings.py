"""Settings (``cardtable.store.settings``): the checks on the values the previous tests of
the settings left out — the machine's key, the seats given as a list, the flags — and that
every field is stored and read back under its own name."""

from __future__ import annotations

import dataclasses
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from cardtable.store import Settings, Store
from cardtable.store.settings import SETTING_NAMES


@pytest.mark.parametrize("machine", ["", "a" * 65, "jacks or better", "9/6", "jacks_or_better", 96])
def test_a_machine_key_is_short_letters_digits_and_dashes(machine: object) -> None:
    assert Settings(poker_machine=machine).problems() == ["poker_machine"]  # type: ignore[arg-type]
    assert Settings(poker_machine=machine).validated().poker_machine == Settings().poker_machine  # type: ignore[arg-type]


def test_a_good_machine_key_is_kept() -> None:
    assert Settings(poker_machine="deuces-wild-full-pay").problems() == []


def test_seats_given_as_a_list_are_kept_as_a_tuple() -> None:
    fixed = Settings(bj_seats=["easy", "hard"]).validated()  # type: ignore[arg-type]
    assert fixed.bj_seats == ("easy", "hard") and isinstance(fixed.bj_seats, tuple)
    assert Settings(bj_seats=("easy", "genius")).validated().bj_seats == Settings().bj_seats


@pytest.mark.parametrize("name", ["animations", "ascii", "coach", "count"])
def test_a_flag_is_a_bool_and_nothing_else(name: str) -> None:
    one: dict[str, Any] = {name: 1}
    yes: dict[str, Any] = {name: "yes"}
    assert Settings(**one).problems() == [name]
    assert Settings(**yes).validated() == Settings()


def test_every_field_is_stored_under_its_own_name(data_dir: Path) -> None:
    assert SETTING_NAMES == tuple(f.name for f in dataclasses.fields(Settings))
    chosen = Settings(bj_seats=("easy",), poker_machine="deuces-wild", coach=True, count=True, ai_delay_ms=0)
    with Store.open(data_dir) as store:
        store.save_settings(chosen)
        con = sqlite3.connect(store.path)
        stored = {key: json.loads(value) for key, value in con.execute("SELECT key, value FROM settings")}
        con.close()
        assert set(stored) == set(SETTING_NAMES)
        assert stored["bj_seats"] == ["easy"] and stored["poker_machine"] == "deuces-wild"
        assert store.settings() == chosen
