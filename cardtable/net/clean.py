"""Text from the network made safe for a terminal: pure functions, no I/O.

A server (or anyone on the plain TCP path) chooses every string it sends: a name, a
refusal's words, a table's message. Shown raw, an escape sequence in one would reach
the player's terminal (OSC 52 writes the clipboard, OSC 0 the window title, CSI 2J
clears the screen) and Rich markup in it would be interpreted (``[link=…]``). So every
string that came from the network passes :func:`clean_text` once, where it is decoded:

- escape sequences (CSI, OSC, DCS/SOS/PM/APC strings, two-byte ESC sequences) are
  removed whole, their 8-bit (C1) forms included;
- every other C0/C1 control character and DEL is removed; a tab or line break becomes
  a space (a message is one line);
- Unicode's invisible direction overrides (which reorder what is shown) are removed;
- what would read as Rich markup (``[bold]``, ``[link=…]``, ``[/]``) is escaped the way
  ``rich.markup.escape`` does, so a markup-reading widget shows it as the plain text it
  is (and a plain-text one shows the backslash: still plain text).

:func:`clean_message` applies it to every string of a decoded message, keys included,
at any depth. :func:`said` reads what the server says for a person (a code and its
parameters, ``docs/protocol.md``) within the protocol's bounds, for the client to word.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ..core.refusal import Refusal
from .protocol import CODE_PATTERN, MAX_AMOUNT, MAX_PARAMS, PARAM_NAME

__all__ = ["clean_text", "clean_message", "strip_controls", "said", "PARAM_CHARS"]

#: The most characters of a text parameter the client keeps.
PARAM_CHARS = 40

#: Escape sequences, 7-bit (ESC …) and 8-bit (C1) forms. String sequences (OSC, DCS,
#: SOS, PM, APC) run to their terminator (BEL or ST) or, unterminated, to the end.
_SEQUENCE = re.compile(
    r"""
    (?: \x1b[\]PX^_] | [\x90\x98\x9d\x9e\x9f] )  .*? (?: \x07 | \x1b\\ | \x9c | $ )  # OSC DCS SOS PM APC
    | (?: \x1b\[ | \x9b ) [\x20-\x3f]* [\x40-\x7e]?                                # CSI
    | \x1b [\x20-\x2f]* [\x30-\x7e]?                                               # ESC + final
    """,
    re.VERBOSE | re.DOTALL,
)
#: Control characters left once the sequences are gone (C0 but tab/line breaks, DEL, C1),
#: and the bidirectional overrides and isolates.
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_SPACE = re.compile(r"[\t\n\r]")
#: What Rich's markup parser would take for a tag (the pattern of ``rich.markup.escape``).
_MARKUP = re.compile(r"(\\*)(\[[a-z#/@][^[]*?])")


def strip_controls(text: str, *, keep_lines: bool = False) -> str:
    """``text`` without escape sequences and control characters (line breaks kept
    when ``keep_lines``, else turned into spaces)."""
    text = _CONTROL.sub("", _SEQUENCE.sub("", text))
    if keep_lines:
        return text.replace("\r", "")
    return _SPACE.sub(" ", text)


def _escape_markup(text: str) -> str:
    def escape(match: re.Match[str]) -> str:
        backslashes, tag = match.groups()
        return f"{backslashes}{backslashes}\\{tag}"

    return _MARKUP.sub(escape, text)


def clean_text(text: str) -> str:
    """One string from the network, safe to show: plain text on one line."""
    return _escape_markup(strip_controls(text))


def clean_message(value: Any) -> Any:
    """``value`` (a decoded JSON message) with :func:`clean_text` applied to every
    string in it, keys included, at any depth; numbers, booleans and null unchanged."""
    if isinstance(value, str):
        return clean_text(value)
    if isinstance(value, dict):
        return {clean_text(k) if isinstance(k, str) else k: clean_message(v) for k, v in value.items()}
    if isinstance(value, list):
        return [clean_message(v) for v in value]
    return value


def said(code: object, params: object) -> Refusal:
    """A server's code and parameters as a :class:`Refusal` to word, whatever it sent: a
    code that is not one becomes ``""`` (worded as the generic sentence), and at most
    :data:`MAX_PARAMS` parameters are kept, each a short name to a bounded whole number
    or a short text without control characters (anything else is dropped). The message
    has passed :func:`clean_message` where it was decoded (markup escaped once)."""
    kept: dict[str, int | str] = {}
    if isinstance(params, Mapping):
        for key, value in list(params.items())[:MAX_PARAMS]:
            if not isinstance(key, str) or not PARAM_NAME.fullmatch(key):
                continue
            if isinstance(value, int) and not isinstance(value, bool) and abs(value) <= MAX_AMOUNT:
                kept[key] = value
            elif isinstance(value, str):
                kept[key] = strip_controls(value)[:PARAM_CHARS]
    text = code if isinstance(code, str) and CODE_PATTERN.fullmatch(code) else ""
    return Refusal(text, kept)
