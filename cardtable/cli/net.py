"""``cardtable join`` and ``cardtable web``: the app at a shared table, and
the app served to a browser.

``serve`` lives in :mod:`cardtable.cli` beside the other headless commands; these two
open the Textual app, so they share its global options (``--data-dir``, ``--seed``,
``--ascii``, ``--no-animation``, before or after the subcommand). Bad values are one
line on stderr and exit code 2, as everywhere.
"""

from __future__ import annotations

import argparse
import io
import sys
from typing import IO, TYPE_CHECKING, TextIO, cast

if TYPE_CHECKING:
    from rich.console import Console

from ..argtypes import shorten
from ..i18n import N_, _
from ..i18n.refusals import word_refusal
from ..net.protocol import NAME_PATTERN, name_problem  # the server's rule: docs/protocol.md
from . import common
from .common import (
    NET_SUBCOMMANDS,
    Parser,
    UsageError,
    add_global_options,
    fail,
    open_store,
    split_subcommand,
)

__all__ = ["net_subcommand", "build_join_parser", "build_web_parser", "parse_address", "NAME_PATTERN"]

#: The server's port when the address names none (``cardtable serve``'s default).
DEFAULT_SERVER_PORT = 7654


def parse_address(text: str) -> tuple[str, int]:
    """``HOST[:PORT]`` (``[::1]:7654`` for an IPv6 address) as (host, port)."""
    text = text.strip()
    if text.startswith("["):  # [IPv6]:port
        host, bracket, rest = text[1:].partition("]")
        if not bracket or (rest and not rest.startswith(":")):
            raise argparse.ArgumentTypeError(_("is not HOST[:PORT]: {value}").format(value=shorten(text)))
        port_text = rest[1:]
    elif text.count(":") == 1:
        host, port_text = text.split(":")
    else:
        host, port_text = text, ""
    host = common.host(host)
    port = common.port(port_text) if port_text else DEFAULT_SERVER_PORT
    return host, port


def _name(text: str) -> str:
    problem = name_problem(text)
    if problem is not None:
        raise argparse.ArgumentTypeError(
            _("{problem} Not {value}.").format(problem=word_refusal(problem), value=shorten(text))
            if problem.code == "name-pattern"
            else word_refusal(problem)
        )
    return text


def _pages(text: str) -> int:
    if not (text.isascii() and text.isdigit() and len(text) <= 4 and 1 <= int(text) <= 1000):
        words = _("must be a whole number from 1 to 1000, not {value}").format(value=shorten(text))
        raise argparse.ArgumentTypeError(words)
    return int(text)


def _app_options(parser: argparse.ArgumentParser) -> None:
    """The global options, as the app these commands open uses them."""
    add_global_options(
        parser, seed_help=N_("accepted with every command"),
        data_dir_help=N_("where the settings and the shared tables' tokens live on this machine"),
        ascii_help=N_("suit letters (S H D C) instead of symbols"), animation_help=N_("deal without pauses"),
    )


def build_join_parser() -> argparse.ArgumentParser:
    """``cardtable join HOST[:PORT] [--name NAME]`` and the global options."""
    parser = Parser(
        prog="cardtable join",
        description=_(
            "Sit at a shared table run by 'cardtable serve' on HOST (port 7654 unless "
            "given). The first join with a name creates that player on the server and keeps its "
            "secret token in this machine's data folder; later joins with the name present it."
        ),
    )
    parser.add_argument("address", type=parse_address, metavar="HOST[:PORT]", help=_("the server"))
    parser.add_argument("--name", type=_name, help=_("your name at the table (asked when not given)"))
    parser.add_argument(
        "--ask-key", action="store_true",
        help=_(
            "keep no key on this machine: show it at the first join and ask for it at the next "
            "(the pages of 'cardtable web --server' join this way: one machine, many players)"
        ),
    )
    _app_options(parser)
    return parser


def build_web_parser() -> argparse.ArgumentParser:
    """``cardtable web [--host H] [--port 8000] [--server HOST[:PORT]]`` and the global options."""
    parser = Parser(
        prog="cardtable web",
        description=_(
            "Serve the card room to a web browser (textual-serve): each page opens "
            "the lobby, or with --server a shared table's lobby."
        ),
    )
    parser.add_argument(
        "--host", type=common.host, default="127.0.0.1",
        help=_("address to listen on (default {default})").format(default="127.0.0.1"),
    )
    parser.add_argument(
        "--port", type=common.port, default=8000, help=_("port to listen on (default {default})").format(default=8000)
    )
    parser.add_argument("--max-pages", type=_pages, default=8, metavar="N",
                        help=_("pages (each a copy of the app) served at once (default 8)"))
    parser.add_argument(
        "--server", type=parse_address, metavar="HOST[:PORT]",
        help=_("each page joins this shared-table server (cardtable join) instead of the local room"),
    )
    _app_options(parser)
    return parser


def net_subcommand(args: list[str], lang: str | None = None) -> int | None:
    """Run ``join`` or ``web`` when it is the subcommand (exit code), else None; ``lang``:
    ``--lang``, for the app they open."""
    command, rest = split_subcommand(args, NET_SUBCOMMANDS)
    if command is None:
        return None
    parser = build_join_parser() if command == "join" else build_web_parser()
    try:
        parsed = parser.parse_args(rest)
    except UsageError as error:
        return fail(_("{error} (see '{where}')").format(error=error, where=f"cardtable {command} --help"))
    parsed.lang = lang
    if command == "join":
        return _join(parsed)
    from .web import web_main

    return web_main(parsed, rest)


def _join(args: argparse.Namespace) -> int:
    from ..ui.collector import pause_collection  # before the app: its imports are many

    pause_collection()
    store = open_store(args.data_dir)
    if isinstance(store, str):
        return fail(store)
    from ..ui.app import CardTableApp
    from ..ui.remote import Remote

    host, port = args.address
    app = CardTableApp(
        store=store,
        seed=args.seed,
        ascii=True if args.ascii else None,
        animations=False if args.no_animation else None,
        remote=Remote(host, port, args.name, ask_key=args.ask_key),
        lang=args.lang,
    )
    app.error_console = _plain_console()
    try:
        app.run()
    finally:
        store.close()
    return app.return_code or 0


class _PlainStream(io.TextIOBase):
    """A text stream that passes on plain text only: no escape sequence or control
    character reaches the terminal, whatever was written."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        from ..net.clean import strip_controls

        self._stream.write(strip_controls(text, keep_lines=True))
        return len(text)

    def flush(self) -> None:
        self._stream.flush()

    def isatty(self) -> bool:
        return False  # so Rich adds no colours (escape sequences) of its own


def _plain_console() -> Console:
    """The console ``cardtable join`` prints its last words with (after the app ends,
    e.g. the server's reason for a goodbye): plain text, no markup, no escapes."""
    from rich.console import Console

    return Console(file=cast("IO[str]", _PlainStream(sys.stderr)), markup=False, highlight=False, emoji=False)
