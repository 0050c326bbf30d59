"""``cardtable web``: the card room in a web browser, through textual-serve.

textual-serve runs one copy of the app for each page, as a child process that speaks
Textual's web driver over its standard input and output; the page draws it with xterm.js.
This module builds that child's command line (the plain app, or ``cardtable join`` with
``--server``) and runs textual-serve's web server around it, with cardtable's manners:
one line that says where to point the browser, one log line per page opened or closed,
one-line errors, and a clean stop on Ctrl-C or SIGTERM (each page's app is told to quit).

Only its own pages may drive it (``docs/security.md``): the address printed carries a
secret made for this run (``?key=…``), without which no page or socket is served; a
socket whose ``Origin`` is not the page's own address is refused (another site open in
the host's browser cannot start the app); at most ``--max-pages`` pages run at once
(each is a process), and the browser's terminal size is clamped to sane bounds. The
server class itself is in :mod:`.web_server`, imported when the command runs.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import socket
import sys
from collections.abc import Callable, Sequence
from datetime import datetime, timezone
from pathlib import Path
from typing import TextIO

from ..i18n import _
from .common import fail, open_store

__all__ = ["app_command", "shell_command", "browser_address", "web_main", "MAX_PAGES", "command_line"]

#: How long a stop waits for the pages to close (their apps included) before it cuts them off.
STOP_TIMEOUT = 10.0
#: Addresses that mean "every interface": no browser can open them, so the line names the machine.
_WILDCARDS = frozenset({"0.0.0.0", "::", "", "*"})
#: Pages (each a process running the app) served at once, unless ``--max-pages`` says.
MAX_PAGES = 8
def app_command(args: argparse.Namespace, python: str = sys.executable) -> list[str]:
    """The command each page runs: ``python -m cardtable`` with the global options given,
    or ``python -m cardtable join HOST:PORT`` with ``--server``. Options are written
    ``--name=value`` so that no value can pass for an option or a subcommand."""
    command = [python, "-m", "cardtable"]
    server: tuple[str, int] | None = args.server
    if server is not None:
        host, port = server
        # --ask-key: the pages share this machine's data folder, so no page may keep a
        # player's key there (anyone typing that name could then play it).
        command += ["join", f"[{host}]:{port}" if ":" in host else f"{host}:{port}", "--ask-key"]
    data_dir: Path | None = args.data_dir
    if data_dir is not None:
        # Absolute: the pages' apps must not depend on the folder the server was started in.
        command.append(f"--data-dir={data_dir.absolute()}")
    if args.seed is not None:
        command.append(f"--seed={args.seed}")
    if args.ascii:
        command.append("--ascii")
    if args.no_animation:
        command.append("--no-animation")
    lang = getattr(args, "lang", None)
    if lang is not None:
        command.append(f"--lang={lang}")
    return command


def shell_command(argv: list[str]) -> str:
    """``argv`` as the shell command textual-serve starts for a page. On POSIX the shell
    ``exec``s it, so the page's process is the app itself (one process less per page, and
    a stop that must end it reaches the app, not a shell)."""
    line = command_line(argv)
    return f"exec {line}" if os.name == "posix" else line


def browser_address(host: str, port: int, key: str | None = None) -> str:
    """The address to give a browser for a server listening on ``host``:``port`` (with
    the run's ``key``, the page's address)."""
    if host in _WILDCARDS:
        host = socket.gethostname() or "localhost"
    if ":" in host:  # an IPv6 address
        host = f"[{host}]"
    return f"http://{host}:{port}" + ("" if key is None else f"/?key={key}")


def _stderr_log(stream: TextIO) -> Callable[[str], None]:
    """One timestamped line per event, like ``cardtable serve``'s log."""

    def log(text: str) -> None:
        stamp = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        try:
            print(f"{stamp} cardtable web: {text}", file=stream, flush=True)
        except (OSError, ValueError):  # stderr piped into a program that ended: the stop goes on
            pass

    return log


class _OneLine(logging.Handler):
    """textual-serve's and aiohttp's log records as one line each: a server log, never a
    traceback on the host's terminal."""

    def __init__(self, log: Callable[[str], None]) -> None:
        super().__init__(logging.WARNING)
        self._log = log

    def emit(self, record: logging.LogRecord) -> None:
        from ..argtypes import one_line

        try:
            text = record.getMessage()
            error = record.exc_info[1] if record.exc_info else None
            if error is not None and str(error) != text:
                text = f"{text} ({type(error).__name__}: {error})"
            self._log(one_line(f"{record.levelname.lower()}: {text}"))
        except Exception:  # a log line must never take the server down
            self.handleError(record)


def _reason(error: OSError) -> str:
    """Why a port could not be had, in a few words (aiohttp's own text repeats the address)."""
    if isinstance(error, socket.gaierror) or not error.errno or error.errno < 0:
        return str(error.strerror or error)
    return os.strerror(error.errno).lower()


async def _serve(args: argparse.Namespace, command: str) -> int:
    """Listen, say where, run until SIGINT/SIGTERM, then close the pages and stop."""
    log = _stderr_log(sys.stderr)
    handler = _OneLine(log)
    loggers = [logging.getLogger(name) for name in ("textual-serve", "aiohttp")]
    for logger in loggers:
        logger.addHandler(handler)
        logger.propagate = False
    try:
        return await _listen(args, command, log)
    finally:  # leave the logging as it was (tests run this in their own process)
        for logger in loggers:
            logger.removeHandler(handler)
            logger.propagate = True


async def _listen(args: argparse.Namespace, command: str, log: Callable[[str], None]) -> int:
    from aiohttp import web

    from .web_server import CardRoomServer

    server = CardRoomServer(command, args.host, args.port, log, max_pages=args.max_pages)
    runner = web.AppRunner(await server._make_app(), access_log=None, shutdown_timeout=STOP_TIMEOUT)
    await runner.setup()
    try:
        await web.TCPSite(runner, args.host, args.port).start()
    except OSError as error:
        await runner.cleanup()
        return fail(_("cannot listen on {address}: {reason}").format(
            address=f"{args.host}:{args.port}", reason=_reason(error)))
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):  # not on this platform: Ctrl-C is KeyboardInterrupt
            pass
    print(
        _("cardtable web: open {address} in a browser (Ctrl+C stops)").format(
            address=browser_address(args.host, args.port, server.key)),
        flush=True,
    )
    try:
        await stop.wait()
    finally:
        log("stopping: closing the pages")
        await runner.cleanup()
        log("stopped")
    return 0


def web_main(args: argparse.Namespace, rest: list[str]) -> int:
    """Run ``cardtable web`` (``args`` from :func:`cardtable.cli.net.build_web_parser`);
    the exit code."""
    try:
        import aiohttp  # noqa: F401
        import textual_serve.server  # noqa: F401
    except ImportError as error:
        return fail(_("cardtable web needs the textual-serve package ({error}); install it with "
                      "'pip install textual-serve'").format(error=error))
    # Every page opens this data folder: say now, once, if it cannot be used, rather
    # than on each page as "Session ended".
    store = open_store(args.data_dir)
    if isinstance(store, str):
        return fail(store)
    store.close()
    try:
        return asyncio.run(_serve(args, shell_command(app_command(args))))
    except KeyboardInterrupt:  # Ctrl-C where signal handlers cannot be set
        return 0


def command_line(args: Sequence[str]) -> str:
    """``args`` as one shell command line (for textual-serve's command)."""
    import shlex

    return " ".join(shlex.quote(a) for a in args)
