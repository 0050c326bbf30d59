"""``cardtable serve``: the headless shared-table server's command line."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..argtypes import shorten
from ..i18n import N_, _
from .common import Parser, UsageError, add_global_options, fail, host, port, seconds, split_subcommand

__all__ = ["build_serve_parser", "serve_subcommand"]


def build_serve_parser() -> argparse.ArgumentParser:
    """``cardtable serve`` and the global options (before or after)."""
    parser = Parser(
        prog="cardtable serve",
        description=_(
            "A headless shared-table server: blackjack tables of up to 5 seats and "
            "a baccarat table that people join over the network (newline-delimited JSON, see docs/protocol.md). "
            "Each player's bankroll and history live in PATH/players/NAME/. "
            "SIGINT/SIGTERM finish the rounds under way, then stop."
        ),
    )
    parser.add_argument("--host", type=host, default="127.0.0.1",
                        help=_("address to listen on (default {default})").format(default="127.0.0.1"))
    parser.add_argument("--port", type=port, default=7654,
                        help=_("port to listen on (default {default})").format(default=7654))
    parser.add_argument("--turn-timeout", type=seconds, default=30.0, metavar="SECONDS",
                        help=_("a player's turn times out after this and the hand stands; also how long "
                        "the first bet waits for the others' (default 30)"))
    add_global_options(
        parser, seed_help=N_("reproducible shuffles (tests only: not secret)"),
        data_dir_help=N_("where the players' bankrolls and histories live"),
    )
    from ..net.connection import add_limit_options

    add_limit_options(parser)
    return parser


def serve_subcommand(args_list: list[str]) -> int | None:
    """Run ``cardtable serve`` when it is the subcommand (exit code), else None."""
    command, rest = split_subcommand(args_list, ("serve",))
    if command is None:
        return None
    try:
        args = build_serve_parser().parse_args(rest)
    except UsageError as error:
        return fail(_("{error} (see '{where}')").format(error=error, where="cardtable serve --help"))
    folder = args.data_dir
    if folder is None:
        import platformdirs

        folder = Path(platformdirs.user_data_dir("cardtable", appauthor=False))
    try:
        from ..net.players import Players

        Players(folder)  # makes PATH/players, or says why it cannot
    except OSError as error:
        where = shorten(str(folder), 24, middle=True)
        return fail(
            _("the data folder {path} cannot be used: {reason}").format(
                path=where, reason=error.strerror or type(error).__name__
            )
        )
    from ..net.server import serve_main

    return serve_main(args, folder)
