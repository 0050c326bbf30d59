"""The values the store accepts (``cardtable.store.values``): the argument checks every
public method makes, round details as JSON both ways, and the store's times."""

from __future__ import annotations

import re
from datetime import datetime, timezone

import pytest

from cardtable.store.values import (
    GAMES,
    check_amount,
    check_game,
    check_record,
    details_json,
    int_in,
    is_int,
    load_details,
    now_iso,
)


@pytest.mark.parametrize(("value", "whole"), [(0, True), (-3, True), (10**20, True), (True, False),
                                              (False, False), (1.0, False), ("1", False), (None, False)])
def test_an_amount_is_an_int_and_never_a_bool(value: object, whole: bool) -> None:
    assert is_int(value) is whole
    assert int_in(value, -5, 10**21) is whole


def test_int_in_includes_both_ends() -> None:
    assert int_in(1, 1, 3) and int_in(3, 1, 3)
    assert not int_in(0, 1, 3) and not int_in(4, 1, 3)


def test_only_the_lobby_s_games_are_games() -> None:
    for game in GAMES:
        check_game(game)
    for bad in ("roulette", "Poker", "", None, 1):
        with pytest.raises(ValueError, match="unknown game"):
            check_game(bad)


def test_amounts_are_whole_hundredths_not_below_zero() -> None:
    check_amount("stake", 0)
    with pytest.raises(ValueError, match=r"^stake must be an int of hundredths, not float$"):
        check_amount("stake", 5.0)
    with pytest.raises(ValueError, match="not bool"):
        check_amount("stake", True)
    with pytest.raises(ValueError, match=r"^returned must not be negative: -1$"):
        check_amount("returned", -1)


@pytest.mark.parametrize("record", ["", None, b"{}", 3])
def test_a_record_is_non_empty_text(record: object) -> None:
    with pytest.raises(ValueError, match="non-empty JSON text"):
        check_record(record)


def test_details_are_written_compact_and_sorted_and_read_back() -> None:
    text = details_json({"b": [1, 2], "a": {"z": None, "y": "é"}})
    assert text == '{"a":{"y":"\\u00e9","z":null},"b":[1,2]}'  # ASCII, as every stored row
    assert load_details(text) == {"a": {"y": "é", "z": None}, "b": [1, 2]}
    assert details_json(None) == "{}"


@pytest.mark.parametrize("details", [{"x": float("nan")}, {"x": object()}, {"x": {1, 2}}])
def test_details_that_are_not_plain_json_are_refused(details: dict[str, object]) -> None:
    with pytest.raises(ValueError, match="details must be plain JSON data"):
        details_json(details)


@pytest.mark.parametrize(("raw", "read"), [("[1, 2]", {"value": [1, 2]}), ("7", {"value": 7}),
                                           ("not json", {}), (None, {}), (b"\xff", {})])
def test_stored_details_that_are_not_an_object_never_fail(raw: object, read: dict[str, object]) -> None:
    assert load_details(raw) == read


def test_the_store_s_times_are_utc_seconds_with_a_z() -> None:
    before = datetime.now(timezone.utc).replace(microsecond=0)
    text = now_iso()
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", text)
    assert before <= datetime.fromisoformat(text.replace("Z", "+00:00")) <= datetime.now(timezone.utc)
