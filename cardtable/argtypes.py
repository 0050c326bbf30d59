"""Option values shared by the ``cardtable`` command and ``cardtable simulate``.

Each checker returns the value or raises ``argparse.ArgumentTypeError`` with a short
message (argparse puts ``argument --name:`` in front of it). A bad value is shown
clipped, never in full: a 5,000-digit number must not become a 5,000-character error.
Imports only the standard library and the messages (:mod:`cardtable.i18n`, itself a leaf
over core), so the ``ai`` layer may use it; the messages are worded in the language in force.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Sequence

from .i18n import _
from .i18n.formatting import number

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
    return "2**63-1" if n == SEED_MAX else number(n)


def whole_number(text: str, low: int, high: int, *, separators: bool = False) -> int:
    """``text`` as an int from ``low`` to ``high``; ``separators`` allows ``1,000``."""
    bounds = {"low": _grouping(low), "high": _grouping(high)}
    candidate = text.replace(",", "") if separators else text
    if len(candidate.strip()) > _MAX_DIGITS:
        raise argparse.ArgumentTypeError(_("must be a whole number from {low} to {high} (got {count} characters)")
                                         .format(count=number(len(text)), **bounds))
    try:
        value = int(candidate, 10)
    except ValueError:
        value = None
    if value is None or not low <= value <= high:
        raise argparse.ArgumentTypeError(_("must be a whole number from {low} to {high}, not {value}")
                                         .format(value=shorten(text), **bounds))
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
            parser.error(_("argument {option}: only for {choice}").format(
                option="/".join(action.option_strings), choice=owner(action.dest)))
    return args
