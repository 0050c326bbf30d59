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
(each is a process), and the browser's terminal size is clamped to sane bounds.
"""

from __future__ import annotations

import argparse
import asyncio
import hmac
import logging
import os
import secrets
import signal
import socket
import sys
from collections.abc import Callable, Sequence
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO, cast

from .common import fail, open_store

if TYPE_CHECKING:
    from aiohttp import web
    from textual_serve.app_service import AppService

__all__ = ["app_command", "shell_command", "browser_address", "clamp_size", "web_main", "MAX_PAGES", "command_line"]

#: The page's title (textual-serve shows it while the app starts).
TITLE = "cardtable"
#: How long a page's app may take to quit once told to, before it is killed (seconds).
QUIT_TIMEOUT = 5.0
#: How long a stop waits for the pages to close (their apps included) before it cuts them off.
STOP_TIMEOUT = 10.0
#: Addresses that mean "every interface": no browser can open them, so the line names the machine.
_WILDCARDS = frozenset({"0.0.0.0", "::", "", "*"})
#: Pages (each a process running the app) served at once, unless ``--max-pages`` says.
MAX_PAGES = 8
#: The terminal sizes a page may ask for (columns, rows): anything else is brought in range.
COLUMNS = (20, 400)
ROWS = (8, 200)
_STYLE = "body{background:#0c181f;color:#eee;font-family:monospace;padding:3em;font-size:18px}"


def clamp_size(width: object, height: object) -> tuple[int, int]:
    """A page's terminal size (from the browser: any value) within :data:`COLUMNS` x :data:`ROWS`."""

    def whole(value: object, low: int, high: int, default: int) -> int:
        if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 6:
            value = int(value)
        if not isinstance(value, int | float) or isinstance(value, bool) or value != value:
            return default
        return int(min(max(value, low), high))

    return whole(width, *COLUMNS, 80), whole(height, *ROWS, 24)


def _font_size(text: str) -> int:
    """The page's font size in pixels (``?fontsize=``), 16 unless a sane one is given."""
    if text.isascii() and text.isdigit() and len(text) <= 2 and 6 <= int(text) <= 48:
        return int(text)
    return 16


def _page(status: int, title: str, text: str) -> web.Response:
    """A plain page that says why there is no card room here."""
    from html import escape

    from aiohttp import web

    title, text = escape(title, quote=False), escape(text, quote=False)
    body = (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{title}</title>"
            f"<style>{_STYLE}</style></head><body><h1>{title}</h1><p>{text}</p></body></html>")
    return web.Response(status=status, text=body, content_type="text/html")


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


def _server_class() -> type[Any]:
    """textual-serve's ``Server`` with cardtable's manners (imported late: ImportError is
    the caller's one-line message)."""
    import aiohttp_jinja2
    import jinja2
    from aiohttp import WSCloseCode, web
    from textual_serve.server import Server

    class CardRoomServer(Server):
        def __init__(self, command: str, host: str, port: int, log: Callable[[str], None],
                     key: str = "", max_pages: int = MAX_PAGES) -> None:
            super().__init__(command, host=host, port=port, title=TITLE)
            from ..net.connection import LogOnce

            self.log = log
            #: Refusals are logged once a minute per cause (someone may try many).
            self.log_once = LogOnce(log)
            self.key = key or secrets.token_urlsafe(16)
            self.max_pages = max_pages
            self.sockets: set[web.WebSocketResponse] = set()
            self.services: dict[asyncio.Task[Any] | None, AppService] = {}
            self.pages = 0

        async def _make_app(self) -> web.Application:
            """textual-serve's routes, the socket's behind the run's key."""
            app = web.Application()
            aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
            app.add_routes([
                web.get("/", self.handle_index, name="index"),
                web.get("/ws/{key}", self.handle_websocket, name="websocket"),
                web.get("/download/{key}", self.handle_download, name="download"),
                web.static("/static", self.statics_path, name="static"),
            ])
            app.on_startup.append(self.on_startup)
            app.on_shutdown.append(self.on_shutdown)
            return app

        def _refusal(self, request: web.Request, key: str | None) -> web.Response | None:
            """Why this request gets no card room (a page saying so), or None."""
            if key is None or not hmac.compare_digest(key.encode(), self.key.encode()):
                return _page(403, "Not this way", "This card room opens only from the address that "
                             "'cardtable web' printed when it started (it holds a key): ask the host for it.")
            if self.pages >= self.max_pages:
                return _page(503, "The card room is full",
                             f"{self.max_pages} pages are open, the most this server runs at once. "
                             "Close one, or try again later.")
            return None

        async def on_startup(self, app: web.Application) -> None:
            """Quiet: the one line is printed once the port is really ours."""

        async def on_shutdown(self, app: web.Application) -> None:
            """Close every page's socket: its app is then told to quit (textual-serve's
            ``AppService.stop``), so a stop leaves no process behind."""
            for websocket in list(self.sockets):
                await websocket.close(code=WSCloseCode.GOING_AWAY, message=b"cardtable web stopped")

        async def handle_index(self, request: web.Request) -> web.StreamResponse:
            """The page (given the run's key), its socket's address taken from the address
            the browser used: a browser on another machine cannot open the listening
            address when the server listens on 0.0.0.0."""
            refusal = self._refusal(request, request.query.get("key"))
            if refusal is not None:
                return refusal
            base = f"{request.scheme}://{request.host}"
            socket_url = ("wss:" if request.scheme == "https" else "ws:") + base.split(":", 1)[1]
            context = {
                "font_size": _font_size(request.query.get("fontsize", "")),
                "app_websocket_url": f"{socket_url}/ws/{self.key}",
                "config": {"static": {"url": f"{base}/static/"}},
                "application": {"name": self.title},
            }
            response: web.StreamResponse = aiohttp_jinja2.render_template("app_index.html", request, context)
            return response

        async def handle_websocket(self, request: web.Request) -> web.StreamResponse:  # type: ignore[override]
            """A page's whole life (its app runs meanwhile), logged in one line each way.
            Refused (no app started) without the run's key, from another site's page (its
            ``Origin`` is not this server's address), or when ``--max-pages`` run."""
            from ..net.clean import strip_controls

            refusal = self._refusal(request, request.match_info.get("key"))
            origin = request.headers.get("Origin")
            cause = "key or full"
            if refusal is None and origin is not None and origin != f"{request.scheme}://{request.host}":
                refusal = _page(403, "Not from another site", "A page of another site may not open this card room.")
                cause = "origin"
            if refusal is not None:
                said = f" (origin {strip_controls(origin[:80])})" if origin and cause == "origin" else ""
                self.log_once(f"{cause} {refusal.status}",
                              f"refused a page's socket from {request.remote or '?'}: {refusal.status}{said}")
                return refusal
            width, height = clamp_size(request.query.get("width"), request.query.get("height"))
            request = request.clone(rel_url=request.rel_url.with_query(width=width, height=height))
            peer = f" from {request.remote}" if request.remote else ""
            self.pages += 1
            self.log(f"page opened{peer} ({self.pages} open)")
            try:
                response: web.WebSocketResponse = await super().handle_websocket(request)
                return response
            finally:
                service = self.services.pop(asyncio.current_task(), None)
                if service is not None:
                    await _reap(service)
                self.pages -= 1
                self.log(f"page closed{peer} ({self.pages} open)")

        async def _process_messages(self, websocket: web.WebSocketResponse, app_service: AppService) -> None:
            """Keep the page's socket while its app runs, to close it at a stop, and its
            app, to see it end."""
            self.sockets.add(websocket)
            self.services[asyncio.current_task()] = app_service
            try:
                await super()._process_messages(websocket, cast("AppService", _Clamped(app_service)))
            finally:
                self.sockets.discard(websocket)

    return CardRoomServer


class _Clamped:
    """A page's app service whose terminal is resized within sane bounds only."""

    def __init__(self, service: AppService) -> None:
        self._service = service

    def __getattr__(self, name: str) -> Any:
        return getattr(self._service, name)

    async def set_terminal_size(self, width: object, height: object) -> None:
        await self._service.set_terminal_size(*clamp_size(width, height))


def _reason(error: OSError) -> str:
    """Why a port could not be had, in a few words (aiohttp's own text repeats the address)."""
    if isinstance(error, socket.gaierror) or not error.errno or error.errno < 0:
        return str(error.strerror or error)
    return os.strerror(error.errno).lower()


async def _reap(service: AppService) -> None:
    """Wait for a closed page's app to end (textual-serve tells it to quit but does not
    wait); kill it if it has not within :data:`QUIT_TIMEOUT`, so no page outlives the server."""
    process = service._process
    if process is None or process.returncode is not None:
        return
    try:
        await asyncio.wait_for(process.wait(), QUIT_TIMEOUT)
    except asyncio.TimeoutError:
        process.kill()
        await process.wait()
    except asyncio.CancelledError:  # the stop's own time ran out: no page may outlive it
        if process.returncode is None:
            process.kill()
        raise


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

    server = _server_class()(command, args.host, args.port, log, max_pages=args.max_pages)
    runner = web.AppRunner(await server._make_app(), access_log=None, shutdown_timeout=STOP_TIMEOUT)
    await runner.setup()
    try:
        await web.TCPSite(runner, args.host, args.port).start()
    except OSError as error:
        await runner.cleanup()
        return fail(f"cannot listen on {args.host}:{args.port}: {_reason(error)}")
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):  # not on this platform: Ctrl-C is KeyboardInterrupt
            pass
    print(
        f"cardtable web: open {browser_address(args.host, args.port, server.key)} in a browser (Ctrl+C stops)",
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
        return fail(f"cardtable web needs the textual-serve package ({error}); install it with "
                "'pip install textual-serve'")
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
