"""``cardtable simulate`` and ``cardtable analyse``: the computations without a screen.

Their own parsers live with the computations (``ai``); here the global options are taken
out first, wherever they stand, and the settings they need are read from the store.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ..argtypes import seed
from ..i18n import _
from .common import Parser, UsageError, data_dir, fail, split_subcommand

__all__ = ["compute_subcommand"]


def _take_globals(command: str, args: list[str]) -> tuple[argparse.Namespace, list[str]] | int:
    """The global options in ``args`` (before or after ``command``) that its own parser
    does not take — every one but ``simulate``'s ``--seed`` — and the other words, in
    order; or the exit code of a bad value (one line)."""
    parser = Parser(prog=f"cardtable {command}", add_help=False, allow_abbrev=False)
    if command != "simulate":
        parser.add_argument("--seed", type=seed)
    parser.add_argument("--data-dir", type=data_dir)
    parser.add_argument("--ascii", action="store_true")
    parser.add_argument("--no-animation", action="store_true")
    try:
        return parser.parse_known_args(args)
    except UsageError as error:
        return fail(_("{error} (see '{where}')").format(error=error, where=f"cardtable {command} --help"))


def _settings_baccarat_decks(folder: Path | None = None) -> int | None:
    """The baccarat shoe chosen in the settings of ``folder`` (default: the player's
    folder), when it has a data file (the simulator never creates one); None otherwise."""
    import sqlite3

    try:
        import platformdirs

        from ..store import DB_NAME, Store, StoreError

        folder = folder or Path(platformdirs.user_data_dir("cardtable", appauthor=False))
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


def compute_subcommand(args_list: list[str]) -> int | None:
    """Run ``simulate`` or ``analyse`` when it is the subcommand (exit code), else None."""
    command, rest = split_subcommand(args_list, ("simulate", "analyse"))
    if command is None:
        return None
    found = _take_globals(command, rest)
    if isinstance(found, int):
        return found
    given, rest = found
    if command == "simulate":
        try:
            from ..ai.simulate import main as simulate_main
        except ImportError:
            return fail(_("the simulator is not available in this build"))
        return simulate_main(rest, settings_decks=lambda: _settings_baccarat_decks(given.data_dir))
    if rest[:1] == ["count"]:
        from .count import main as count_main

        return count_main(rest[1:])
    from ..ai.poker_analysis import main as analyse_main

    return analyse_main(rest + (["--data-dir", str(given.data_dir)] if given.data_dir else []))
