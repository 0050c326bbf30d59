"""The ``cardtable`` command: find the subcommand, or open the store and run the app.

Bad options and values are one clear line on stderr and exit code 2 — never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable, Sequence

from .. import __version__
from ..i18n import N_, _, from_environment, set_language
from .common import (
    GAMES,
    NET_SUBCOMMANDS,
    Parser,
    UsageError,
    add_global_options,
    fail,
    open_store,
    speak_argparse,
    split_subcommand,
    take_language,
)

__all__ = ["main", "build_parser", "build_drill_parser", "DRILL_GAMES"]


def build_parser() -> argparse.ArgumentParser:
    """The option parser (also documents the command in ``--help``)."""
    parser = Parser(
        prog="cardtable",
        description=_(
            "A terminal card room: European blackjack, punto banco baccarat and "
            "five-card draw poker with one shared virtual bankroll."
        ),
        epilog=_(
            "Also: 'cardtable simulate blackjack|baccarat --rounds N [--jobs N] [--seed S] ...' "
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
            "'cardtable web [--port P] [--server HOST[:PORT]]' serves the card room to a browser."
        ),
    )
    parser.add_argument("game", nargs="?", choices=GAMES, help=_("open this game's table directly"))
    add_global_options(
        parser, seed_help=N_("reproducible shuffles (replay a session exactly)"),
        ascii_help=_ASCII_HELP, animation_help=N_("deal without pauses"),
    )
    parser.add_argument(
        "--version", action="version", version=f"cardtable {__version__}", help=_("show the version and exit")
    )
    return parser


#: The help of ``--ascii`` where cards are shown.
_ASCII_HELP = N_("suit letters (S H D C) instead of symbols")
#: ``cardtable drill GAME``: the games with drills.
DRILL_GAMES = ("blackjack", "poker", "count")


def _drill_args(args: list[str]) -> list[str] | None:
    """The arguments without the word ``drill`` when it is the subcommand, else None."""
    command, rest = split_subcommand(args, ("drill",))
    return rest if command else None


def build_drill_parser() -> argparse.ArgumentParser:
    """``cardtable drill blackjack|poker|count`` and the global options (before or after)."""
    parser = Parser(
        prog="cardtable drill",
        description=_(
            "Strategy drills: 20 decisions weighted toward the ones players get wrong, "
            "each graded at once against the exact EVs; the score is kept with the statistics."
        ),
    )
    parser.add_argument("game", choices=DRILL_GAMES, help=_("the game to drill"))
    add_global_options(
        parser, seed_help=N_("the same questions again"), ascii_help=_ASCII_HELP,
        animation_help=N_("accepted with every command"),
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the exit code. Output piped into a
    program that stops reading (``| head``) ends the command quietly, never a traceback."""
    try:
        return _main(argv)
    except BrokenPipeError:
        # The reader is gone: what is left to print goes nowhere (Python's own advice).
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


#: The headless subcommands: the module that runs each and its function, imported only
#: when named (a plain start imports none of them).
_RUNNERS = {
    "simulate": ("simulate", "compute_subcommand"),
    "analyse": ("simulate", "compute_subcommand"),
    "serve": ("serve", "serve_subcommand"),
    "history": ("history", "history_subcommand"),
    "stats": ("history", "history_subcommand"),
}


def _subcommand(args_list: list[str], lang: str | None) -> int | None:
    """Run the headless or network subcommand named in ``args_list`` (exit code), or
    None when there is none (the app's own command line, or ``drill``)."""
    command, _rest = split_subcommand(args_list, (*_RUNNERS, *NET_SUBCOMMANDS))
    if command is None:
        return None  # the app: the subcommands' modules are not imported before its first frame
    if command in NET_SUBCOMMANDS:
        from .net import net_subcommand

        return net_subcommand(args_list, lang)
    module, name = _RUNNERS[command]
    run: Callable[[list[str]], int | None] = getattr(importlib.import_module(f".{module}", __package__), name)
    return run(args_list)


def _main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    # The language first: every message and --help from here on speaks it. The settings'
    # choice is the app's to apply (the data folder is not open yet).
    set_language(from_environment(os.environ))
    speak_argparse()
    try:
        lang, args_list = take_language(args_list)
    except UsageError as error:
        return fail(_("{error} (see '{where}')").format(error=error, where="cardtable --help"))
    if lang is not None:
        set_language(lang)
    code = _subcommand(args_list, lang)
    if code is not None:
        return code
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
        return fail(_("{error} (see '{where}')").format(error=error, where=where))

    from ..ui.collector import pause_collection  # before the app: its imports are many

    pause_collection()
    store = open_store(args.data_dir)
    if isinstance(store, str):
        return fail(store)

    from ..ui.app import CardTableApp

    app = CardTableApp(
        store=store,
        seed=args.seed,
        start=args.game,
        ascii=True if args.ascii else None,
        animations=False if args.no_animation else None,
        drill=drill,
        lang=lang,
    )
    try:
        app.run()
    finally:
        store.close()
    return app.return_code or 0  # None (never started) counts as success, like Textual
