"""Option values shared by the ``cardtable`` command and ``cardtable simulate``.

Each checker returns the value or raises ``argparse.ArgumentTypeError`` with a short
message (argparse puts ``argument --name:`` in front of it). A bad value is shown
clipped, never in full: a 5,000-digit number must not become a 5,000-character error.
Imports only the standard library, so the ``ai`` layer may use it.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Sequence

__all__ = ["SEED_MAX", "ROUNDS_MAX", "shorten", "one_line", "whole_number", "seed", "rounds", "parse_for_choice"]

#: The largest ``--seed``: a signed 64-bit integer, as a database or another tool keeps it.
SEED_MAX = 2**63 - 1
#: The most rounds one ``simulate`` run plays (hours of work at this size already).
ROUNDS_MAX = 1_000_000_000
#: Longer than this, a number is refused before ``int()`` sees it (no 4,300-digit error).
_MAX_DIGITS = 40
#: Characters of a bad value shown in a message.
SHOWN = 20


def shorten(value: str, limit: int = SHOWN, *, middle: bool = False) -> str:
    """``repr(value)``, cut to about ``limit`` characters with an ellipsis.

    ``middle`` keeps both ends (for paths, whose last part says most).
    """
    if len(value) <= limit:
        return repr(value)
    if middle:
        half = limit // 2
        return repr(value[:half] + "…" + value[-half:])
    return repr(value[:limit] + "…")


_LONG_WORD = re.compile(r"\S{41,}")  # longer than any word a message of ours has


def _clip_word(match: re.Match[str]) -> str:
    word = match.group(0)
    tail = ""
    while word and word[-1] in "'\"),;:" and len(tail) < 3:
        word, tail = word[:-1], word[-1] + tail
    return word[:SHOWN] + "…" + tail


def one_line(message: str, *, clip: bool = True) -> str:
    """``message`` on one line; with ``clip``, very long words (echoed values) cut short."""
    text = " ".join(message.split())
    return _LONG_WORD.sub(_clip_word, text) if clip else text


def _grouping(n: int) -> str:
    return "2**63-1" if n == SEED_MAX else f"{n:,}"


def whole_number(text: str, low: int, high: int, *, separators: bool = False) -> int:
    """``text`` as an int from ``low`` to ``high``; ``separators`` allows ``1,000``."""
    expected = f"must be a whole number from {_grouping(low)} to {_grouping(high)}"
    candidate = text.replace(",", "") if separators else text
    if len(candidate.strip()) > _MAX_DIGITS:
        raise argparse.ArgumentTypeError(f"{expected} (got {len(text):,} characters)")
    try:
        value = int(candidate, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{expected}, not {shorten(text)}") from None
    if not low <= value <= high:
        raise argparse.ArgumentTypeError(f"{expected}, not {shorten(text)}")
    return value


def seed(text: str) -> int:
    """A ``--seed``: 0 to 2**63-1."""
    return whole_number(text, 0, SEED_MAX)


def rounds(text: str) -> int:
    """A ``--rounds``: 1 to 1,000,000,000; ``1_000`` and ``1,000`` are fine."""
    return whole_number(text, 1, ROUNDS_MAX, separators=True)


def parse_for_choice(
    parser: argparse.ArgumentParser, argv: Sequence[str], choice: str, owner: Callable[[str], str | None]
) -> argparse.Namespace:
    """``parser.parse_args(argv)``, and ``parser.error`` for an option given that belongs
    to another value of the positional ``choice``: ``owner(dest)`` names the value an
    option is for (None: every value). ``simulate baccarat --h17`` must not be accepted
    and silently ignored."""
    unset = object()
    own = [a for a in parser._actions if a.option_strings and owner(a.dest) is not None]
    # argparse fills in only the defaults a namespace lacks: a marker left means not given
    # (an option whose default is None was given when it is not None)
    start = argparse.Namespace(**{a.dest: unset for a in own if a.default is not None})
    args = parser.parse_args(list(argv), namespace=start)
    for action in own:
        value = getattr(args, action.dest)
        if value is unset:
            setattr(args, action.dest, action.default)
        elif value is not None and owner(action.dest) != getattr(args, choice):
            parser.error(f"argument {'/'.join(action.option_strings)}: only for {owner(action.dest)}")
    return args
