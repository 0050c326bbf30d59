"""The last English words outside the tables: option values refused in the language in
force, and the data file's refusals worded by their kind."""

from __future__ import annotations

import argparse
import sqlite3

import pytest

from cardtable import argtypes, i18n
from cardtable.store import InsufficientFunds, NoOpenRound, RoundAlreadyOpen, StoreError
from cardtable.ui.store_words import store_words, table_error_words


def refusal(check, text: str) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(argparse.ArgumentTypeError) as caught:
        check(text)
    return str(caught.value)


@pytest.mark.parametrize(("lang", "bad", "long"), [
    ("en", "must be a whole number from 1 to 1,000,000,000, not 'x'",
     "must be a whole number from 1 to 1,000,000,000 (got 50 characters)"),
    ("ja", "1～1,000,000,000の整数でなければなりません（'x' ではなく）",
     "1～1,000,000,000の整数でなければなりません（50文字あります）"),
    ("lt", "turi būti sveikasis skaičius nuo 1 iki 1\u00a0000\u00a0000\u00a0000, ne 'x'",
     "turi būti sveikasis skaičius nuo 1 iki 1\u00a0000\u00a0000\u00a0000 (gauta simbolių: 50)"),
])
def test_an_option_value_is_refused_in_the_language(lang: str, bad: str, long: str) -> None:
    i18n.set_language(lang)
    assert refusal(argtypes.rounds, "x") == bad
    assert refusal(argtypes.rounds, "9" * 50) == long
    assert "2**63-1" in refusal(argtypes.seed, "-1")


def test_an_option_of_another_game_is_refused_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    i18n.set_language("ja")
    parser = argparse.ArgumentParser(prog="t")
    parser.add_argument("game", choices=("blackjack", "baccarat"))
    parser.add_argument("--h17", action="store_true")
    with pytest.raises(SystemExit):
        argtypes.parse_for_choice(parser, ["baccarat", "--h17"], "game",
                                  lambda dest: "blackjack" if dest == "h17" else None)
    assert "--h17：blackjack 専用です" in capsys.readouterr().err


def locked() -> StoreError:
    """The store's error for a locked file, as it words it (the reason at its end)."""
    return StoreError("The data file /x/cardtable.sqlite3 cannot be used: another copy of cardtable is busy with it.")


def test_the_data_files_refusals_are_worded_by_their_kind() -> None:
    english = InsufficientFunds("The stake of 10 chips is more than the bankroll of 5 chips.")
    assert store_words(english) == str(english)  # English: the store's own sentence
    i18n.set_language("ja")
    assert store_words(english) == "賭け金が残高を超えています。"
    assert store_words(RoundAlreadyOpen("A blackjack round is still open")).startswith("ラウンドがまだ続いています")
    assert store_words(NoOpenRound("No poker round is open.")).startswith("開いているラウンドはありません")
    assert store_words(locked()) == "データファイルを使えません：別のcardtableが使用中です。"
    i18n.set_language("lt")
    assert store_words(locked()) == "Duomenų failo naudoti negalima: ją naudoja kita cardtable kopija."
    # the system's own words stay as they are, inside a sentence of ours
    odd = StoreError(str(sqlite3.DatabaseError("database disk image is malformed")))
    assert store_words(odd) == "Duomenų failas tai atmetė (database disk image is malformed)."


def test_a_tables_store_refusal_is_worded_by_its_code() -> None:
    text = "your bets could not be taken: The data file is closed."
    assert table_error_words("store", text) == text
    i18n.set_language("ja")
    assert table_error_words("store", text) == "ベットを受け付けられませんでした。"
    assert table_error_words("unsettled", "your result ...") == "次のラウンドの前に保存されます。"
