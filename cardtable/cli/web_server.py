"""``cardtable web``'s server: textual-serve's ``Server`` with cardtable's manners.

Imported only when ``cardtable web`` runs (textual-serve and aiohttp are not needed at
every start); the pages it refuses and the sizes it allows are here too.
"""

from __future__ import annotations

import asyncio
import hmac
import secrets
from collections.abc import Callable
from html import escape
from typing import Any, cast

import aiohttp_jinja2
import jinja2
from aiohttp import WSCloseCode, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from ..i18n import _

__all__ = ["CardRoomServer", "clamp_size", "COLUMNS", "ROWS"]

#: The page's title (textual-serve shows it while the app starts).
TITLE = "cardtable"
#: How long a page's app may take to quit once told to, before it is killed (seconds).
QUIT_TIMEOUT = 5.0
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
    title, text = escape(title, quote=False), escape(text, quote=False)
    body = (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{title}</title>"
            f"<style>{_STYLE}</style></head><body><h1>{title}</h1><p>{text}</p></body></html>")
    return web.Response(status=status, text=body, content_type="text/html")


class CardRoomServer(Server):
    """textual-serve's ``Server`` with cardtable's manners: the run's key, ``--max-pages``,
    the ``Origin`` check, clamped sizes, one log line per page, and a stop that ends every
    page's app."""

    def __init__(self, command: str, host: str, port: int, log: Callable[[str], None],
                 key: str = "", *, max_pages: int) -> None:
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
            return _page(403, _("Not this way"), _("This card room opens only from the address that "
                                                   "'cardtable web' printed when it started (it holds a key): "
                                                   "ask the host for it."))
        if self.pages >= self.max_pages:
            return _page(503, _("The card room is full"), _(
                "{n} pages are open, the most this server runs at once. Close one, or try again later.").format(
                    n=self.max_pages))
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
            refusal = _page(403, _("Not from another site"), _("A page of another site may not open this card room."))
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


class _Clamped:
    """A page's app service whose terminal is resized within sane bounds only."""

    def __init__(self, service: AppService) -> None:
        self._service = service

    def __getattr__(self, name: str) -> Any:
        return getattr(self._service, name)

    async def set_terminal_size(self, width: object, height: object) -> None:
        await self._service.set_terminal_size(*clamp_size(width, height))


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
