"""The ``cardtable`` command: parse the options, open the store, run the app.

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

from . import __version__
from .argtypes import one_line, seed, shorten
from .core import config

if TYPE_CHECKING:
    from .store import Store

__all__ = ["main", "build_parser", "UsageError"]

GAMES = config.GAMES


class UsageError(Exception):
    """A bad command line; the message is the one line shown."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, exit 2
        raise UsageError(one_line(message))


#: The longest name one folder may have on common file systems (NAME_MAX, in bytes).
_NAME_MAX = 255


def _data_dir(text: str) -> Path:
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


def build_parser() -> argparse.ArgumentParser:
    """The option parser (also documents the command in ``--help``)."""
    parser = _Parser(
        prog="cardtable",
        description="A terminal card room: European blackjack, punto banco baccarat and "
        "five-card draw poker with one shared virtual bankroll.",
        epilog="Also: 'cardtable simulate blackjack|baccarat --rounds N [--jobs N] [--seed S] ...' "
        "plays N rounds with a computer seat and prints the house edge; "
        "'cardtable analyse poker --machine NAME|all' computes a video-poker machine's exact return; "
        "'cardtable analyse count --system NAME [--decks N] [--peek] ...' a count system's effects "
        "of removal, correlations and index numbers; "
        "'cardtable history [--export FILE.csv|.jsonl] [--game G] [--since DATE]' lists or exports "
        "the settled rounds; 'cardtable stats' prints the statistics; "
        "'cardtable drill blackjack|poker' drills the decisions players get wrong, 'cardtable drill count' "
        "the running and true count; "
        "'cardtable serve [--host H] [--port P] [--turn-timeout S]' runs a shared-table server, "
        "'cardtable join HOST[:PORT] [--name NAME]' sits at one, "
        "'cardtable web [--port P] [--server HOST[:PORT]]' serves the card room to a browser.",
    )
    parser.add_argument("game", nargs="?", choices=GAMES, help="open this game's table directly")
    parser.add_argument("--seed", type=seed, metavar="N", help="reproducible shuffles (replay a session exactly)")
    parser.add_argument(
        "--data-dir", type=_data_dir, metavar="PATH", help="where the bankroll, statistics and history live"
    )
    parser.add_argument("--ascii", action="store_true", help="suit letters (S H D C) instead of symbols")
    parser.add_argument("--no-animation", action="store_true", help="deal without pauses")
    parser.add_argument("--version", action="version", version=f"cardtable {__version__}")
    return parser


#: Global options that take a value (their value is never a subcommand's name).
_VALUED = ("--seed", "--data-dir")
#: ``cardtable drill GAME``: the games with drills.
DRILL_GAMES = ("blackjack", "poker", "count")


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


def _drill_args(args: list[str]) -> list[str] | None:
    """The arguments without the word ``drill`` when it is the subcommand, else None."""
    command, rest = split_subcommand(args, ("drill",))
    return rest if command else None


def build_drill_parser() -> argparse.ArgumentParser:
    """``cardtable drill blackjack|poker|count`` and the global options (before or after)."""
    parser = _Parser(
        prog="cardtable drill",
        description="Strategy drills: 20 decisions weighted toward the ones players get wrong, "
        "each graded at once against the exact EVs; the score is kept with the statistics.",
    )
    parser.add_argument("game", choices=DRILL_GAMES, help="the game to drill")
    parser.add_argument("--seed", type=seed, metavar="N", help="the same questions again")
    parser.add_argument(
        "--data-dir", type=_data_dir, metavar="PATH", help="where the bankroll, statistics and history live"
    )
    parser.add_argument("--ascii", action="store_true", help="suit letters (S H D C) instead of symbols")
    parser.add_argument("--no-animation", action="store_true", help="accepted with every command")
    return parser


def _serve_args(args: list[str]) -> list[str] | None:
    """The arguments without the word ``serve`` when it is the subcommand, else None."""
    command, rest = split_subcommand(args, ("serve",))
    return rest if command else None


def _port(text: str) -> int:
    if not (text.isascii() and text.isdigit() and len(text) <= 5 and 1 <= int(text) <= 65535):
        raise argparse.ArgumentTypeError(f"must be a port number from 1 to 65535, not {shorten(text)}")
    return int(text)


def _host(text: str) -> str:
    if not text or len(text) > 253 or any(c.isspace() for c in text) or not text.isprintable():
        raise argparse.ArgumentTypeError(f"is not a host name or address: {shorten(text)}")
    return text


def _seconds(text: str) -> float:
    try:
        value = float(text) if len(text) <= 20 else float("nan")
    except ValueError:
        value = float("nan")
    if not 0.5 <= value <= 3600:  # NaN fails too
        raise argparse.ArgumentTypeError(f"must be a number of seconds from 0.5 to 3600, not {shorten(text)}")
    return value


def build_serve_parser() -> argparse.ArgumentParser:
    """``cardtable serve`` and the global options (before or after)."""
    parser = _Parser(
        prog="cardtable serve",
        description="A headless shared-table server: blackjack tables of up to 5 seats and "
        "a baccarat table that people join over the network (newline-delimited JSON, see docs/protocol.md). "
        "Each player's bankroll and history live in PATH/players/NAME/. "
        "SIGINT/SIGTERM finish the rounds under way, then stop.",
    )
    parser.add_argument("--host", type=_host, default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=_port, default=7654, help="port to listen on (default 7654)")
    parser.add_argument("--turn-timeout", type=_seconds, default=30.0, metavar="SECONDS",
                        help="a player's turn times out after this and the hand stands; also how long "
                        "the first bet waits for the others' (default 30)")
    parser.add_argument("--seed", type=seed, metavar="N", help="reproducible shuffles (tests only: not secret)")
    parser.add_argument(
        "--data-dir", type=_data_dir, metavar="PATH", help="where the players' bankrolls and histories live"
    )
    parser.add_argument("--ascii", action="store_true", help="accepted with every command (unused here)")
    parser.add_argument("--no-animation", action="store_true", help="accepted with every command (unused here)")
    from .net.connection import add_limit_options

    add_limit_options(parser)
    return parser


def _serve(args_list: list[str]) -> int:
    try:
        args = build_serve_parser().parse_args(args_list)
    except UsageError as error:
        return _fail(f"{error} (see 'cardtable serve --help')")
    data_dir = args.data_dir
    if data_dir is None:
        import platformdirs

        data_dir = Path(platformdirs.user_data_dir("cardtable", appauthor=False))
    try:
        from .net.players import Players

        Players(data_dir)  # makes PATH/players, or says why it cannot
    except OSError as error:
        where = shorten(str(data_dir), 24, middle=True)
        return _fail(f"the data folder {where} cannot be used: {error.strerror or type(error).__name__}")
    from .net.server import serve_main

    return serve_main(args, data_dir)


def _take_globals(command: str, args: list[str]) -> tuple[argparse.Namespace, list[str]] | int:
    """The global options in ``args`` (before or after ``command``) that its own parser
    does not take — every one but ``simulate``'s ``--seed`` — and the other words, in
    order; or the exit code of a bad value (one line)."""
    parser = _Parser(prog=f"cardtable {command}", add_help=False, allow_abbrev=False)
    if command != "simulate":
        parser.add_argument("--seed", type=seed)
    parser.add_argument("--data-dir", type=_data_dir)
    parser.add_argument("--ascii", action="store_true")
    parser.add_argument("--no-animation", action="store_true")
    try:
        return parser.parse_known_args(args)
    except UsageError as error:
        return _fail(f"{error} (see 'cardtable {command} --help')")


def _fail(message: str) -> int:
    print(f"cardtable: error: {one_line(message, clip=False)}", file=sys.stderr)
    return 2


def _settings_baccarat_decks(data_dir: Path | None = None) -> int | None:
    """The baccarat shoe chosen in the settings of ``data_dir`` (default: the player's
    folder), when it has a data file (the simulator never creates one); None otherwise."""
    import sqlite3

    try:
        import platformdirs

        from .store import DB_NAME, Store, StoreError

        folder = data_dir or Path(platformdirs.user_data_dir("cardtable", appauthor=False))
        if not (folder / DB_NAME).is_file():
            return None
        store = Store.open(folder)
    except (ImportError, OSError, sqlite3.Error):
        return None
    except StoreError:
        return None
    try:
        return store.settings().baccarat_decks
    except (OSError, sqlite3.Error, StoreError):
        return None
    finally:
        store.close()


def open_store(data_dir: Path | None) -> Store | str:
    """The player's store, or the one line that says why it cannot be opened."""
    from .store import Store, StoreError

    try:
        return Store.open(data_dir)
    except StoreError as error:
        return str(error)
    except OSError as error:  # e.g. a path too long for the data file: still one line
        where = "" if data_dir is None else " " + shorten(str(data_dir), 24, middle=True)
        return f"the data folder{where} cannot be used: {error.strerror or type(error).__name__}"


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the exit code. Output piped into a
    program that stops reading (``| head``) ends the command quietly, never a traceback."""
    try:
        return _main(argv)
    except BrokenPipeError:
        # The reader is gone: what is left to print goes nowhere (Python's own advice).
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def _main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    command, rest = split_subcommand(args_list, ("simulate", "analyse"))
    if command is not None:
        found = _take_globals(command, rest)
        if isinstance(found, int):
            return found
        given, rest = found
    if command == "simulate":
        try:
            from .ai.simulate import main as simulate_main
        except ImportError:
            return _fail("the simulator is not available in this build")
        return simulate_main(rest, settings_decks=lambda: _settings_baccarat_decks(given.data_dir))
    if command == "analyse" and rest[:1] == ["count"]:
        from .cli_count import main as count_main

        return count_main(rest[1:])
    if command == "analyse":
        from .ai.poker_analysis import main as analyse_main

        return analyse_main(rest + (["--data-dir", str(given.data_dir)] if given.data_dir else []))
    serve_args = _serve_args(args_list)
    if serve_args is not None:
        return _serve(serve_args)
    from .cli_net import net_subcommand  # join, web

    code = net_subcommand(args_list)
    if code is not None:
        return code
    from .cli_history import find_subcommand, run_subcommand

    command, rest = find_subcommand(args_list)
    if command is not None:
        return run_subcommand(command, rest)
    drill_args = _drill_args(args_list)
    drill: str | None = None
    try:
        if drill_args is not None:
            args = build_drill_parser().parse_args(drill_args)
            drill, args.game = args.game, None
        else:
            args = build_parser().parse_args(args_list)
    except UsageError as error:
        where = "cardtable drill --help" if drill_args is not None else "cardtable --help"
        return _fail(f"{error} (see '{where}')")

    store = open_store(args.data_dir)
    if isinstance(store, str):
        return _fail(store)

    from .ui.app import CardTableApp

    app = CardTableApp(
        store=store,
        seed=args.seed,
        start=args.game,
        ascii=True if args.ascii else None,
        animations=False if args.no_animation else None,
        drill=drill,
    )
    try:
        app.run()
    finally:
        store.close()
    return app.return_code or 0  # None (never started) counts as success, like Textual


if __name__ == "__main__":
    sys.exit(main())
