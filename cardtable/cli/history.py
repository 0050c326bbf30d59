"""``cardtable history`` and ``cardtable stats``: the command-line side.

The global options (``--data-dir`` above all) work before or after the subcommand's
name: :func:`find_subcommand` finds the name among them, and each subcommand's parser
takes the global options too. Bad input is one line and exit code 2.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ..argtypes import shorten
from ..i18n import _, ngettext
from ..i18n.formatting import number
from .common import GAMES, Parser, UsageError, add_global_options, fail, split_subcommand

__all__ = ["SUBCOMMANDS", "history_subcommand", "run_subcommand"]

#: Subcommands handled here; global options may come before or after their name.
SUBCOMMANDS = ("history", "stats")


def history_subcommand(args: list[str]) -> int | None:
    """Run ``history`` or ``stats`` when it is the subcommand (exit code), else None."""
    command, rest = split_subcommand(args, SUBCOMMANDS)
    return None if command is None else run_subcommand(command, rest)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 1 <= value <= 1_000_000:
        raise argparse.ArgumentTypeError(
            _("must be a whole number from 1 to 1,000,000, not {value}").format(value=repr(shorten(text, 20)))
        )
    return value


def _parser(name: str) -> argparse.ArgumentParser:
    parser = Parser(prog=f"cardtable {name}")
    add_global_options(parser)
    if name == "history":
        parser.description = _("The settled rounds: the last ones printed, or all of them exported.")
        parser.add_argument("--export", metavar="FILE", help=_("write every round to FILE (.csv or .jsonl)"))
        parser.add_argument("--game", choices=GAMES, help=_("only this game's rounds"))
        parser.add_argument(
            "--since", metavar="DATE", help=_("only rounds from DATE on (2026-11-30, or an ISO 8601 time)")
        )
        parser.add_argument("--limit", type=_positive, default=20, metavar="N", help=_("rounds printed (default 20)"))
    else:
        parser.description = _("The statistics per game: rounds, results, net, extremes and house edges.")
    return parser


def run_subcommand(name: str, rest: list[str]) -> int:
    """Run ``cardtable history`` or ``cardtable stats``; returns the exit code."""
    try:
        args = _parser(name).parse_args(rest)
    except UsageError as error:
        return fail(_("{error} (see '{where}')").format(error=error, where=f"cardtable {name} --help"))
    from ..history_export import ExportError, export, history_table, parse_since, stats_table
    from ..store import HistoryFilter, Store, StoreError

    try:
        since = getattr(args, "since", None)
        where = HistoryFilter(game=getattr(args, "game", None), since=parse_since(since) if since else None)
    except ExportError as error:
        return fail(str(error))
    try:
        store = Store.open(args.data_dir)
    except StoreError as error:
        return fail(str(error))
    except OSError as error:
        return fail(_("the data folder cannot be used: {reason}").format(reason=error.strerror or type(error).__name__))
    try:
        if name == "stats":
            from ..history_stats import exact_edges, stats_rows

            print("\n".join(stats_table(stats_rows(store, exact_edges(store)), store.bankroll)))
        elif args.export:
            target = Path(args.export).expanduser()
            count = export(store, target, where)
            print(ngettext("{n} round written to {file}", "{n} rounds written to {file}", count).format(
                n=number(count), file=target))
        else:
            entries = store.history_page(where, limit=args.limit)
            if not entries:
                print(_("No settled rounds yet.") if where == HistoryFilter() else _("No rounds match."))
            else:
                print("\n".join(history_table(entries)))
    except (ExportError, StoreError) as error:
        return fail(str(error))
    except BrokenPipeError:  # `cardtable history | head`
        return 0
    finally:
        store.close()
    return 0
