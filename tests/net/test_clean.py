"""Text from the network is shown as plain text: no escape sequence, control character
or Rich markup survives :func:`cardtable.net.clean.clean_text`."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.text import Text
from textual.content import Content

from cardtable.net.clean import clean_message, clean_text, strip_controls

OSC52 = "\x1b]52;c;SGVsbG8gd29ybGQ=\x07"
TITLE = "\x1b]0;pwned\x1b\\"
CLEAR = "\x1b[2J\x1b[H"


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        (f"hello{OSC52} world", "hello world"),
        (f"a{TITLE}b", "ab"),
        (f"{CLEAR}table full", "table full"),
        ("\x1b[31mred\x1b[0m", "red"),
        ("\x9b2J8-bit CSI", "8-bit CSI"),
        ("\x9d0;title\x9cafter", "after"),
        ("\x1bPq#0;2;0;0;0\x1b\\sixel", "sixel"),
        ("unterminated \x1b]52;c;AAAA", "unterminated "),
        ("bell\x07 back\x08space del\x7f nul\x00", "bell backspace del nul"),
        ("two\nlines\tand\rreturn", "two lines and return"),
        ("abc\u202edcba", "abcdcba"),  # no right-to-left override
        ("\x1bc reset", " reset"),
        ("lone escape \x1b", "lone escape "),
        ("Time is up: bob's hand stands.", "Time is up: bob's hand stands."),
        ("ünïcødé ♠♥ カード", "ünïcødé ♠♥ カード"),
    ],
)
def test_sequences_and_controls_are_removed(raw: str, shown: str) -> None:
    assert strip_controls(raw) == shown
    assert clean_text(raw) == shown


@pytest.mark.parametrize(
    "raw",
    [
        "[link=https://evil.example]click here[/link]",
        "[bold red]ALERT[/]",
        "[@click=app.quit]quit[/]",
        "back\\[bold]slash",
        "ends with a backslash \\",
        "\\[bold]x",
        "[/]",
    ],
)
def test_markup_is_shown_as_the_text_it_is(raw: str) -> None:
    """Rich and Textual read the cleaned text as plain text: no style, no link, no
    action, every bracket shown (Textual keeps a backslash that stood before one)."""
    cleaned = clean_text(raw)
    rich = Text.from_markup(cleaned)
    assert rich.plain == raw and not rich.spans
    content = Content.from_markup(cleaned)
    assert not content.spans
    assert content.plain.replace("\\\\", "\\") == raw


def test_brackets_that_are_not_markup_are_left_alone() -> None:
    assert clean_text("[1, 2] and [ok") == "[1, 2] and [ok"


def test_a_message_is_cleaned_at_every_depth_keys_included() -> None:
    message = {
        "type": "table",
        "seats": [{"name": f"bob{OSC52}", "hands": [{"cards": ["TH", None], "stake": 500}]}],
        f"k{CLEAR}": True,
        "message": "[link=x]y[/link]",
    }
    assert clean_message(message) == {
        "type": "table",
        "seats": [{"name": "bob", "hands": [{"cards": ["TH", None], "stake": 500}]}],
        "k": True,
        "message": "\\[link=x]y\\[/link]",
    }


@given(st.text(alphabet=st.characters(codec="utf-8")))
def test_no_control_character_ever_survives(text: str) -> None:
    cleaned = clean_text(text)
    assert not any(ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F for c in cleaned)
    assert clean_text(cleaned) == cleaned or "\\" in cleaned  # idempotent but for the markup escapes
