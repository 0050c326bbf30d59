"""Refusals and the server's codes worded in each language (``i18n/refusals.py``): every
code listed once has its sentence, every placeholder is filled, amounts are written as
the language writes them, the table's own words name an action, and a code this version
does not know is a generic sentence, never an error."""

from __future__ import annotations

import string
from collections.abc import Iterator

import pytest

from cardtable.core.refusal import AMOUNT_PARAMS, Refusal, RuleCode
from cardtable.i18n import LANGUAGES, set_language
from cardtable.i18n.refusals import GENERIC, WORDS, word, word_refusal
from cardtable.tables.codes import ErrorCode, NoteCode

#: Every code the core and the server send, from the enums that list them once.
CODES = {c.value for c in RuleCode} | {c.value for c in ErrorCode} | {c.value for c in NoteCode}
#: An amount of 1,234.56 chips, as each language writes it.
AMOUNT = 123_456
WRITTEN = {"en": "1,234.56", "ja": "1,234.56", "lt": "1\xa0234,56"}
SAMPLE: dict[str, int | str] = {"name": "alice", "action": "double", "outcome": "banker", "field": "amount",
                                "path": "/tmp/x", "level": "hard"}


@pytest.fixture(params=LANGUAGES)
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    set_language(request.param)
    yield request.param
    set_language("en")


def _fields(message: str) -> set[str]:
    return {name for _text, name, _spec, _conv in string.Formatter().parse(message) if name}


def params_for(code: str) -> dict[str, int | str]:
    """Parameters that fill every sentence of ``code``: amounts of 1,234.56, numbers 7."""
    needed = set().union(*(_fields(m) for m in WORDS[code]))
    return {k: AMOUNT if k in AMOUNT_PARAMS else SAMPLE.get(k, 7) for k in needed}


def test_every_code_is_worded_and_every_worded_code_is_listed() -> None:
    assert CODES - WORDS.keys() == set()
    assert WORDS.keys() - CODES == set()


@pytest.mark.parametrize("code", sorted(CODES))
def test_each_code_in_each_language_fills_every_placeholder(code: str, language: str) -> None:
    params = params_for(code)
    text = word(code, params)
    assert text and "{" not in text and "}" not in text and "?" not in text, text
    assert text != word("no-such-code")
    if set(params) & AMOUNT_PARAMS:
        assert WRITTEN[language] in text, text
    if language != "en":  # translated, not the English sentence
        set_language("en")
        english = word(code, params)
        set_language(language)
        assert text != english


@pytest.mark.parametrize(("language_code", "expected"), [
    ("en", "Not enough chips to double: 1,234.56 needed, 2.50 left."),
    ("ja", "ダブルするチップが足りません：必要1,234.56、残り2.50。"),
    ("lt", "Dvigubinti neužtenka žetonų: reikia 1\xa0234,56, liko 2,50."),
])
def test_a_core_refusal_with_its_amounts(language_code: str, expected: str) -> None:
    set_language(language_code)
    try:
        assert word_refusal(Refusal(RuleCode.DOUBLE_SHORT, {"needed": AMOUNT, "left": 250})) == expected
    finally:
        set_language("en")


#: The codes whose parameters are amounts of chips: no other code may use those names.
WITH_AMOUNTS = {"double-short", "split-short", "bet-limits", "bet-over-bankroll", "spot-limits", "layout-over-bankroll",
                "spot-limit", "chip-over-bankroll", "repeat-over-bankroll", "bets-over-bankroll"}


def test_only_the_money_refusals_use_the_amount_parameters() -> None:
    uses = {code for code, messages in WORDS.items() for m in messages if _fields(m) & AMOUNT_PARAMS}
    assert uses == WITH_AMOUNTS


def test_a_number_that_is_not_an_amount_stays_a_number() -> None:
    assert word_refusal(Refusal(RuleCode.NO_MORE_CARDS, {"total": 21})) == "No more cards: the hand is 21."
    assert word("coup-tie", {"round": 1_204, "total": 6}) == "Coup 1,204: tie 6 to 6."
    assert word("split-max-hands", {"hands": 4}) == "At most 4 hands per seat: no more splits."


def test_seats_are_worded_from_1_as_the_screen_names_them() -> None:
    """The wire carries seat indexes from 0; the table says "Seat 1" for index 0."""
    assert word("bad-seat", {"last": 4}) == "Seats are 1 to 5."
    assert word("seat-taken", {"name": "ann", "seat": 0}) == "ann sits in seat 1."
    assert word("bad-seat", {}) == "Seats are 1 to ?."


def test_the_actions_are_the_tables_words_in_lithuanian() -> None:
    set_language("lt")
    try:
        actions = ("hit", "stand", "double", "split")
        said = [word_refusal(Refusal(RuleCode.NOT_POSSIBLE, {"action": a})) for a in actions]
        assert [s.split("„")[1].split("“")[0] for s in said] == ["Imti", "Likti", "Dvigubinti", "Skaidyti"]
        assert word("timeout", {"name": "Computer (easy)", "level": "easy"}) == \
            "Laikas baigėsi: Kompiuteris (lengvas) ranka lieka."
    finally:
        set_language("en")


def test_a_bad_bet_says_its_rule_and_a_variant_follows_the_parameters(language: str) -> None:
    rule = word("spot-limits", {"min": 500, "max": 50_000})
    assert word("bad-bet", {"why": "spot-limits", "min": 500, "max": 50_000}) == rule
    assert word("bad-bet", {"why": "no-such-rule"}) == word("bad-bet")  # an unknown rule: the code's own words
    assert word("not-your-turn", {"name": "bob"}) != word("not-your-turn")
    assert "bob" in word("not-your-turn", {"name": "bob"})


def test_an_unknown_code_or_missing_parameters_never_fail(language: str) -> None:
    from cardtable.i18n import _

    assert word("from-a-newer-server", {"x": 1}) == _(GENERIC).format(code="from-a-newer-server")
    assert word("", {}) == _(GENERIC).format(code="?")
    # a known code without its parameters: said with "?" where they were
    assert "?" in word("double-short", {"needed": 400})
    assert word("coup", {"round": "[b]x", "outcome": "nobody", "high": True, "low": 1})  # odd values: words anyway
