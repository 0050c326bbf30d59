"""The ``cardtable`` command: parse the options, open the store, run the app.

Bad options and values are one clear line on stderr and exit code 2 — never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import NoReturn, Sequence

from . import __version__

__all__ = ["main", "build_parser", "UsageError"]

GAMES = ("blackjack", "baccarat", "poker")


class UsageError(Exception):
    """A bad command line; the message is the one line shown."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, exit 2
        raise UsageError(message)


def _seed(text: str) -> int:
    try:
        value = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--seed must be a whole number, not {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"--seed must not be negative, not {text!r}")
    return value


def _data_dir(text: str) -> Path:
    if not text.strip():
        raise argparse.ArgumentTypeError("--data-dir must not be empty")
    path = Path(text).expanduser()
    if path.exists() and not path.is_dir():
        raise argparse.ArgumentTypeError(f"--data-dir {text!r} is a file, not a folder")
    return path


def build_parser() -> argparse.ArgumentParser:
    """The option parser (also documents the command in ``--help``)."""
    parser = _Parser(
        prog="cardtable",
        description="A terminal card room: European blackjack, punto banco baccarat and "
        "five-card draw poker with one shared virtual bankroll.",
        epilog="Also: 'cardtable simulate blackjack --rounds N --level easy|normal|hard [--seed S]' "
        "plays N rounds with a computer seat and prints the house edge.",
    )
    parser.add_argument("game", nargs="?", choices=GAMES, help="open this game's table directly")
    parser.add_argument("--seed", type=_seed, metavar="N", help="reproducible shuffles (replay a session exactly)")
    parser.add_argument(
        "--data-dir", type=_data_dir, metavar="PATH", help="where the bankroll, statistics and history live"
    )
    parser.add_argument("--ascii", action="store_true", help="suit letters (S H D C) instead of symbols")
    parser.add_argument("--no-animation", action="store_true", help="deal without pauses")
    parser.add_argument("--version", action="version", version=f"cardtable {__version__}")
    return parser


def _fail(message: str) -> int:
    print(f"cardtable: error: {message}", file=sys.stderr)
    return 2


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the exit code."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    if args_list and args_list[0] == "simulate":
        try:
            from .ai.simulate import main as simulate_main
        except ImportError:
            return _fail("the simulator is not available in this build")
        return simulate_main(args_list[1:])
    try:
        args = build_parser().parse_args(args_list)
    except UsageError as error:
        return _fail(f"{error} (see 'cardtable --help')")

    from .store import Store, StoreError

    try:
        store = Store.open(args.data_dir)
    except StoreError as error:
        return _fail(str(error))

    from .ui.app import CardTableApp

    app = CardTableApp(
        store=store,
        seed=args.seed,
        start=args.game,
        ascii=True if args.ascii else None,
        animations=False if args.no_animation else None,
    )
    try:
        app.run()
    finally:
        store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
