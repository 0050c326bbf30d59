"""What every ``cardtable`` subcommand shares: the one-line parser, the error line,
the option values (data folder, host, port, seconds), finding a subcommand among the
global options, and opening the player's store.

Bad options and values are one clear line on stderr and exit code 2 — never a traceback.
"""

from __future__ import annotations

import argparse
import os
import stat
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from ..argtypes import one_line, seed, shorten
from ..core import config

if TYPE_CHECKING:
    from ..store import Store

__all__ = [
    "GAMES",
    "UsageError",
    "Parser",
    "fail",
    "data_dir",
    "port",
    "host",
    "seconds",
    "split_subcommand",
    "add_global_options",
    "open_store",
]

GAMES = config.GAMES


class UsageError(Exception):
    """A bad command line; the message is the one line shown."""


class Parser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose errors raise :class:`UsageError` (one line) instead of
    printing the usage and exiting, so each command words the hint to ``--help`` itself."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(one_line(message))


def fail(message: str) -> int:
    """Print ``message`` as the one error line on stderr; returns exit code 2."""
    print(f"cardtable: error: {one_line(message, clip=False)}", file=sys.stderr)
    return 2


#: The longest name one folder may have on common file systems (NAME_MAX, in bytes).
_NAME_MAX = 255


def data_dir(text: str) -> Path:
    """A ``--data-dir``: a folder, or a path where one can be made."""
    if not text.strip():
        raise argparse.ArgumentTypeError("must not be empty")
    shown = shorten(text, 24, middle=True)
    try:
        path = Path(text).expanduser()
    except RuntimeError:  # "~someone" with no such user, or no home folder at all
        user = text.split("/", 1)[0].split(os.sep, 1)[0]
        raise argparse.ArgumentTypeError(f"cannot find the home folder of {shorten(user, 32)}") from None
    for part in path.parts:
        size = len(part) if os.name == "nt" else len(os.fsencode(part))
        if size > _NAME_MAX and part != path.anchor:
            raise argparse.ArgumentTypeError(
                f"has a name {size:,} bytes long; a folder name can have at most {_NAME_MAX}"
            )
    try:
        info = path.stat()
    except (FileNotFoundError, NotADirectoryError):
        return path  # to be created (the store says so if a part of it is a file)
    except (OSError, ValueError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise argparse.ArgumentTypeError(f"{shown} cannot be used: {one_line(reason)}") from None
    if not stat.S_ISDIR(info.st_mode):
        raise argparse.ArgumentTypeError(f"{shown} is a file, not a folder")
    return path


def port(text: str) -> int:
    """A ``--port``: 1 to 65535."""
    if not (text.isascii() and text.isdigit() and len(text) <= 5 and 1 <= int(text) <= 65535):
        raise argparse.ArgumentTypeError(f"must be a port number from 1 to 65535, not {shorten(text)}")
    return int(text)


def host(text: str) -> str:
    """A ``--host``: a name or address, printable, no spaces."""
    if not text or len(text) > 253 or any(c.isspace() for c in text) or not text.isprintable():
        raise argparse.ArgumentTypeError(f"is not a host name or address: {shorten(text)}")
    return text


def seconds(text: str) -> float:
    """A number of seconds from 0.5 to 3600."""
    try:
        value = float(text) if len(text) <= 20 else float("nan")
    except ValueError:
        value = float("nan")
    if not 0.5 <= value <= 3600:  # NaN fails too
        raise argparse.ArgumentTypeError(f"must be a number of seconds from 0.5 to 3600, not {shorten(text)}")
    return value


#: Global options that take a value (their value is never a subcommand's name).
_VALUED = ("--seed", "--data-dir")


def split_subcommand(args: list[str], names: Sequence[str]) -> tuple[str | None, list[str]]:
    """(subcommand, the other arguments) when the first word that is neither an option
    nor an option's value is one of ``names`` (so global options may come before or
    after it); else (None, args)."""
    i = 0
    while i < len(args):
        word = args[i]
        if word == "--":
            break
        if word in _VALUED:
            i += 2
            continue
        if word.startswith("-"):
            i += 1
            continue
        if word in names:
            return word, args[:i] + args[i + 1 :]
        break
    return None, args


#: The help of a global option a subcommand accepts but does not use.
UNUSED = "accepted with every command (unused here)"


def add_global_options(
    parser: argparse.ArgumentParser,
    *,
    seed_help: str = UNUSED,
    data_dir_help: str = "where the bankroll, statistics and history live",
    ascii_help: str = UNUSED,
    animation_help: str = UNUSED,
) -> None:
    """``--seed``, ``--data-dir``, ``--ascii`` and ``--no-animation``: every command takes
    them, before or after its name, with help that says what they do there."""
    parser.add_argument("--seed", type=seed, metavar="N", help=seed_help)
    parser.add_argument("--data-dir", type=data_dir, metavar="PATH", help=data_dir_help)
    parser.add_argument("--ascii", action="store_true", help=ascii_help)
    parser.add_argument("--no-animation", action="store_true", help=animation_help)


def open_store(folder: Path | None) -> Store | str:
    """The player's store, or the one line that says why it cannot be opened."""
    from ..store import Store, StoreError

    try:
        return Store.open(folder)
    except StoreError as error:
        return str(error)
    except OSError as error:  # e.g. a path too long for the data file: still one line
        where = "" if folder is None else " " + shorten(str(folder), 24, middle=True)
        return f"the data folder{where} cannot be used: {error.strerror or type(error).__name__}"
