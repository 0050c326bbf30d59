"""Choosing a language, switching it at run time, and formatting per locale."""

from __future__ import annotations

import datetime
import json
import subprocess
import sys

import pytest

from cardtable import i18n
from cardtable.i18n import L_, N_, _, choose_language, from_environment, ngettext, set_language
from cardtable.i18n.formatting import chips, date, number, signed
from cardtable.i18n.text import pad, shorten_middle, wrap


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "ja_JP.UTF-8"}, "ja"),
        ({"LANG": "lt_LT.UTF-8"}, "lt"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "en"),
        ({"LANG": "ja_JP.UTF-8", "LC_MESSAGES": "lt_LT.UTF-8"}, "lt"),  # LC_MESSAGES over LANG
        ({"LANG": "en_GB.UTF-8", "LC_MESSAGES": "lt_LT", "LC_ALL": "ja_JP.eucJP"}, "ja"),  # LC_ALL over all
        ({"LC_ALL": "", "LANG": "lt_LT@euro"}, "lt"),  # an empty variable counts as unset
        ({"LC_ALL": "C", "LANG": "ja_JP.UTF-8"}, "en"),  # LC_ALL=C: English, whatever LANG says
    ],
)
def test_the_terminals_locale_picks_the_language(environ: dict[str, str], expected: str) -> None:
    assert from_environment(environ) == expected


def test_the_option_outranks_the_setting_which_outranks_the_terminal() -> None:
    terminal = {"LANG": "lt_LT.UTF-8"}
    assert choose_language("ja", "en", terminal) == "ja"
    assert choose_language(None, "en", terminal) == "en"
    assert choose_language(None, "", terminal) == "lt"


def test_switching_the_language_changes_every_message_at_once() -> None:
    lazy = L_("Settings")
    marked = N_("Statistics")
    assert marked == "Statistics" and str(lazy) == "Settings"
    set_language("ja")
    assert _("Settings") == "設定" and str(lazy) == "設定" and f"{lazy}" == "設定" and _(marked) == "統計"
    set_language("lt")
    assert _("Settings") == "Nustatymai" and str(lazy) == "Nustatymai"
    assert [ngettext("{n} computer", "{n} computers", n).format(n=n) for n in (1, 3, 12)] == [
        "1 kompiuteris", "3 kompiuteriai", "12 kompiuterių"]
    set_language("en")
    assert _("Settings") == "Settings" and ngettext("{n} computer", "{n} computers", 2) == "{n} computers"


def test_one_english_word_meant_two_ways_keeps_both_translations() -> None:
    """Blackjack's "Stand" is the seed's Likti; poker's "Stand" (stand pat) is another
    word: the poker button asks with its context, so neither overwrites the other."""
    from cardtable.i18n import NP_, pgettext

    assert NP_("poker", "Stand") == "Stand"  # a marker: the text unchanged
    set_language("lt")
    assert (_("Stand"), pgettext("poker", "Stand")) == ("Likti", "Nekeisti")
    set_language("ja")
    assert (_("Stand"), pgettext("poker", "Stand")) == ("スタンド", "交換なし")


def test_a_message_without_a_translation_stays_english() -> None:
    set_language("ja")
    assert _("a message nobody marked") == "a message nobody marked"


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError):
        set_language("xx")
    assert i18n.language() == "en"


def test_listeners_hear_each_change() -> None:
    heard: list[str] = []
    i18n.on_language_change(heard.append)
    try:
        set_language("lt")
        set_language("lt")  # no change: nothing said
        set_language("en")
    finally:
        i18n._listeners.remove(heard.append)
    assert heard == ["lt", "en"]


@pytest.mark.parametrize(
    ("code", "amounts"),
    [
        ("en", ["1,234.50", "1,234", "+7.50", "\u22125", "±0"]),
        ("ja", ["1,234.50", "1,234", "+7.50", "\u22125", "±0"]),
        ("lt", ["1\xa0234,50", "1\xa0234", "+7,50", "\u22125", "±0"]),
    ],
)
def test_chips_are_written_as_the_language_writes_numbers(code: str, amounts: list[str]) -> None:
    set_language(code)
    assert [chips(123_450), chips(123_400), signed(750), signed(-500), signed(0)] == amounts


def test_numbers_and_dates_per_language() -> None:
    day = datetime.date(2026, 12, 2)
    assert (number(45.8597, 4), date(day)) == ("45.8597", "Dec 2, 2026")
    set_language("lt")
    assert (number(45.8597, 4), date(day)) == ("45,8597", "2026-12-02")
    set_language("ja")
    assert (number(1234567), date(day)) == ("1,234,567", "2026/12/02")


def test_money_stays_integer_hundredths() -> None:
    set_language("lt")
    with pytest.raises(TypeError):
        chips(12.5)  # type: ignore[arg-type]


def test_cells_not_characters() -> None:
    assert pad("設定", 6) == "設定  " and pad("Settings", 6) == "Settings"
    assert wrap("チップは仮想のものです", 8) == ["チップは", "仮想のも", "のです"]
    assert wrap("one two three", 7) == ["one two", "three"]


def test_a_long_path_keeps_its_ends_in_the_cells_given() -> None:
    from rich.cells import cell_len

    path = "/home/someone/.local/share/cardtable/cardtable.sqlite3"
    assert shorten_middle(path, 80) == path
    short = shorten_middle(path, 30)
    assert cell_len(short) <= 30 and short.startswith("/home/") and short.endswith(".sqlite3") and "…" in short
    wide = shorten_middle("データ/フォルダー/とても長い名前/cardtable.sqlite3", 20)
    assert cell_len(wide) <= 20 and "…" in wide


def test_a_games_blurb_is_translated_part_by_part() -> None:
    from cardtable.ui.games import GAME_INFO, translated_blurb

    blurb = GAME_INFO["baccarat"].blurb
    assert translated_blurb(blurb) == blurb
    set_language("ja")
    assert translated_blurb(blurb) == "プント・バンコ · バンカー 0.95:1 · タイ 8:1 · 罫線"


def test_english_never_imports_babel() -> None:
    """Start-up in English pays nothing for the other languages: no Babel, no catalog."""
    child = (
        "import json, sys\n"
        "from cardtable.i18n import set_language\n"
        "from cardtable.i18n.formatting import chips\n"
        "import cardtable.ui.app\n"
        "set_language('en'); chips(12345)\n"
        "english = 'babel' in sys.modules\n"
        "set_language('lt'); chips(12345)\n"
        "print(json.dumps([english, 'babel' in sys.modules]))\n"
    )
    done = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, timeout=120,
                          env={"LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [False, True]
