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
from typing import TYPE_CHECKING, Any, NoReturn

from ..argtypes import one_line, seed, shorten
from ..core import config
from ..i18n import LANGUAGES, N_, _, ngettext
from ..i18n.helpformat import CellHelpFormatter

if TYPE_CHECKING:
    from ..store import Store

__all__ = [
    "GAMES",
    "NET_SUBCOMMANDS",
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
    "take_language",
]

GAMES = config.GAMES


class UsageError(Exception):
    """A bad command line; the message is the one line shown."""


class Parser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose errors raise :class:`UsageError` (one line) instead of
    printing the usage and exiting, so each command words the hint to ``--help`` itself;
    its help is wrapped in terminal cells."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", CellHelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        raise UsageError(one_line(message))


def fail(message: str) -> int:
    """Print ``message`` as the one error line on stderr; returns exit code 2."""
    print(_("cardtable: error: {message}").format(message=one_line(message, clip=False)), file=sys.stderr)
    return 2


#: The longest name one folder may have on common file systems (NAME_MAX, in bytes).
_NAME_MAX = 255


def data_dir(text: str) -> Path:
    """A ``--data-dir``: a folder, or a path where one can be made."""
    if not text.strip():
        raise argparse.ArgumentTypeError(_("must not be empty"))
    shown = shorten(text, 24, middle=True)
    try:
        path = Path(text).expanduser()
    except RuntimeError:  # "~someone" with no such user, or no home folder at all
        user = text.split("/", 1)[0].split(os.sep, 1)[0]
        words = _("cannot find the home folder of {user}").format(user=shorten(user, 32))
        raise argparse.ArgumentTypeError(words) from None
    for part in path.parts:
        size = len(part) if os.name == "nt" else len(os.fsencode(part))
        if size > _NAME_MAX and part != path.anchor:
            raise argparse.ArgumentTypeError(
                _("has a name {size} bytes long; a folder name can have at most {most}").format(
                    size=f"{size:,}", most=_NAME_MAX
                )
            )
    try:
        info = path.stat()
    except (FileNotFoundError, NotADirectoryError):
        return path  # to be created (the store says so if a part of it is a file)
    except (OSError, ValueError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        words = _("{path} cannot be used: {reason}").format(path=shown, reason=one_line(reason))
        raise argparse.ArgumentTypeError(words) from None
    if not stat.S_ISDIR(info.st_mode):
        raise argparse.ArgumentTypeError(_("{path} is a file, not a folder").format(path=shown))
    return path


def port(text: str) -> int:
    """A ``--port``: 1 to 65535."""
    if not (text.isascii() and text.isdigit() and len(text) <= 5 and 1 <= int(text) <= 65535):
        words = _("must be a port number from 1 to 65535, not {value}").format(value=shorten(text))
        raise argparse.ArgumentTypeError(words)
    return int(text)


def host(text: str) -> str:
    """A ``--host``: a name or address, printable, no spaces."""
    if not text or len(text) > 253 or any(c.isspace() for c in text) or not text.isprintable():
        raise argparse.ArgumentTypeError(_("is not a host name or address: {value}").format(value=shorten(text)))
    return text


def seconds(text: str) -> float:
    """A number of seconds from 0.5 to 3600."""
    try:
        value = float(text) if len(text) <= 20 else float("nan")
    except ValueError:
        value = float("nan")
    if not 0.5 <= value <= 3600:  # NaN fails too
        raise argparse.ArgumentTypeError(
            _("must be a number of seconds from 0.5 to 3600, not {value}").format(value=shorten(text))
        )
    return value


#: Global options that take a value (their value is never a subcommand's name).
_VALUED = ("--seed", "--data-dir")
#: The subcommands of ``cli/net.py``, named here so that a plain start need not import
#: it (with the network protocol) to learn it is not one of them.
NET_SUBCOMMANDS = ("join", "web")


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
UNUSED = N_("accepted with every command (unused here)")


def add_global_options(
    parser: argparse.ArgumentParser,
    *,
    seed_help: str = UNUSED,
    data_dir_help: str = N_("where the bankroll, statistics and history live"),
    ascii_help: str = UNUSED,
    animation_help: str = UNUSED,
) -> None:
    """``--seed``, ``--data-dir``, ``--ascii`` and ``--no-animation``: every command takes
    them, before or after its name, with help that says what they do there."""
    parser.add_argument("--seed", type=seed, metavar="N", help=_(seed_help))
    parser.add_argument("--data-dir", type=data_dir, metavar="PATH", help=_(data_dir_help))
    parser.add_argument("--ascii", action="store_true", help=_(ascii_help))
    parser.add_argument("--no-animation", action="store_true", help=_(animation_help))
    # Taken out of the command line before any parser sees it (take_language): listed here
    # so that every command's --help shows it.
    parser.add_argument("--lang", choices=LANGUAGES, metavar="en|ja|lt", help=_(LANG_HELP))


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


#: ``--lang``'s help, in every command's ``--help``.
LANG_HELP = N_("the language: en, ja (日本語) or lt (lietuvių); default: the settings' choice, else the terminal's")


def take_language(args: list[str]) -> tuple[str | None, list[str]]:
    """``--lang CODE`` (or ``--lang=CODE``) anywhere before ``--``, before or after a
    subcommand: (the code, or None; the other arguments in order). The last one given
    wins. :class:`UsageError` for a missing or unknown language."""
    code: str | None = None
    rest: list[str] = []
    i = 0
    while i < len(args):
        word = args[i]
        if word == "--":
            rest += args[i:]
            break
        if word == "--lang" or word.startswith("--lang="):
            if word == "--lang":
                if i + 1 >= len(args):
                    raise UsageError(_("argument --lang: expected one argument"))
                value, i = args[i + 1], i + 2
            else:
                value, i = word.partition("=")[2], i + 1
            if value not in LANGUAGES:
                raise UsageError(
                    _("argument --lang: unknown language {value} (choose from {choices})").format(
                        value=shorten(value, 20), choices=", ".join(LANGUAGES)
                    )
                )
            code = value
            continue
        rest.append(word)
        i += 1
    return code, rest


#: argparse's own words (usage, the help's headings, its errors), in the language in force:
#: argparse asks ``gettext`` for each as it uses it, and :func:`speak_argparse` points it here.
ARGPARSE_MESSAGES = (
    N_("usage: "),
    N_("options"),
    N_("positional arguments"),
    N_("show this help message and exit"),
    N_("expected at least one argument"),
    N_("one of the arguments %s is required"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("expected one argument"),
    N_("invalid %(type)s value: %(value)r"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"),
)


def speak_argparse() -> None:
    """argparse's words through this program's catalogs (untranslated ones stay English)."""
    argparse._ = _  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]
