"""Headless Chromium for the end-to-end tests of ``cardtable web``.

textual-serve's page draws the app's terminal with xterm.js on canvases, so its text is
in no DOM node. The tests drive Chromium over the DevTools protocol (a small client on
aiohttp, which textual-serve already brings) and read the page's terminal from what its
xterm.js was sent over its socket (``Network.webSocketFrameReceived``), replayed on a
small screen model (:class:`Screen`): the words on screen, independent of fonts and of
pixel-exact rendering. :class:`Page` puts the three together: ``async with
open_page(tmp_path) as page`` starts Chromium and hands over its one page, ready to
navigate; keys go to the page's terminal as a player's would.

Also here: the skip mark for machines without Chromium (:data:`needs_chromium`), a free
port, and the clean stop of a subprocess (:func:`stop`).
"""

from __future__ import annotations

import asyncio
import base64
import codecs
import itertools
import json
import os
import re
import shutil
import signal
import socket
import time
import unicodedata
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Any

import aiohttp
import pytest

__all__ = [
    "CHROMIUM", "HEIGHT", "WAIT", "WIDTH", "DevTools", "Page", "Screen", "free_port", "needs_chromium",
    "open_page", "stop",
]

#: Generous: the machine may be busy with other tests (each browser test takes a few seconds).
WAIT = 45.0
WIDTH, HEIGHT = 1280, 800


def _chromium() -> str | None:
    if os.access("/usr/bin/chromium", os.X_OK):
        return "/usr/bin/chromium"
    return shutil.which("chromium")


CHROMIUM = _chromium()

needs_chromium = pytest.mark.skipif(
    CHROMIUM is None or os.name != "posix",
    reason="Chromium is not installed (no /usr/bin/chromium, no chromium on PATH): the browser "
    "tests of 'cardtable web' need it (Debian: apt-get install chromium)",
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def stop(
    process: asyncio.subprocess.Process, seconds: float = 20.0, *, group: bool = False, again_after: float | None = None
) -> int:
    """SIGTERM (to its process group with ``group``), a second SIGTERM after ``again_after``
    seconds if given (``cardtable serve``: the hands still to act stand at once), SIGKILL
    after ``seconds`` in all; the exit code."""

    def send(sig: signal.Signals) -> None:
        with suppress(ProcessLookupError):
            if group:
                os.killpg(process.pid, sig)
            else:
                process.send_signal(sig)

    if process.returncode is None:
        send(signal.SIGTERM)
        waits = [seconds] if again_after is None else [again_after, max(0.0, seconds - again_after)]
        for i, wait in enumerate(waits):
            try:
                await asyncio.wait_for(process.wait(), wait)
                break
            except asyncio.TimeoutError:
                send(signal.SIGTERM if i < len(waits) - 1 else signal.SIGKILL)
        await process.wait()
    assert process.returncode is not None
    return process.returncode


# -- a screen model: what xterm.js draws from the bytes it is sent ---------------------------------

_SEQUENCE = re.compile(
    r"\x1b\[(?P<params>[0-?]*)[ -/]*(?P<final>[@-~])"  # CSI
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"  # OSC
    r"|\x1b[@-Z\\-_]"  # other escapes
    r"|(?P<text>[^\x1b]+)"
)
#: An escape sequence cut off at the end of a chunk (the rest comes in the next frame).
_UNFINISHED = re.compile(r"\x1b(?:\[[0-?]*[ -/]*|\][^\x07\x1b]*\x1b?)?\Z")


class Screen:
    """The characters on a terminal after a stream of output: cursor moves (CUP) and text;
    colours and modes are ignored. Enough for what Textual writes (it places every line).

    Output may come in pieces cut anywhere (the page's socket frames): :meth:`feed_bytes`
    decodes UTF-8 across them and :meth:`feed` keeps an escape sequence cut at the end of
    a piece until the piece that finishes it."""

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], str] = {}
        self.row = self.col = 0
        self._pending = ""
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")

    def feed_bytes(self, data: bytes) -> None:
        self.feed(self._decoder.decode(data))

    def feed(self, text: str) -> None:
        text = self._pending + text
        cut = _UNFINISHED.search(text)
        self._pending = text[cut.start():] if cut else ""
        for match in _SEQUENCE.finditer(text[: cut.start()] if cut else text):
            if match["final"] == "H":  # CUP row;col (1-based)
                parts = (match["params"] or "1;1").split(";")
                self.row = int(parts[0] or 1) - 1
                self.col = int(parts[1] or 1) - 1 if len(parts) > 1 else 0
            elif match["final"] == "J" and match["params"] == "2":
                self.cells.clear()
            elif match["text"]:
                for char in match["text"]:
                    self._put(char)

    def _put(self, char: str) -> None:
        if char == "\n":
            self.row, self.col = self.row + 1, 0
        elif char == "\r":
            self.col = 0
        elif char.isprintable():
            self.cells[self.row, self.col] = char
            self.col += 2 if unicodedata.east_asian_width(char) in "WF" else 1

    def lines(self) -> list[str]:
        if not self.cells:
            return []
        rows = max(r for r, _ in self.cells) + 1
        out = []
        for r in range(rows):
            cols = [c for rr, c in self.cells if rr == r]
            out.append("".join(self.cells.get((r, c), " ") for c in range(max(cols) + 1)) if cols else "")
        return out

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.lines())


# -- a DevTools client ---------------------------------------------------------------------------------


class DevTools:
    """Commands to one page over the Chrome DevTools protocol; events are kept in order."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse[bool]) -> None:
        self.ws = ws
        self.ids = itertools.count(1)
        self.waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.events: list[dict[str, Any]] = []
        self.reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        async for message in self.ws:
            if message.type != aiohttp.WSMsgType.TEXT:
                continue
            data = json.loads(message.data)
            future = self.waiting.pop(data["id"], None) if "id" in data else None
            if future is not None and not future.done():
                if "error" in data:
                    future.set_exception(AssertionError(f"DevTools: {data['error']}"))
                else:
                    future.set_result(data.get("result", {}))
            elif "method" in data:
                self.events.append(data)

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        key = next(self.ids)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.waiting[key] = future
        await self.ws.send_json({"id": key, "method": method, "params": params})
        return await asyncio.wait_for(future, WAIT)

    async def evaluate(self, expression: str) -> Any:
        result = await self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise AssertionError(f"page script failed: {result['exceptionDetails']}")
        return result["result"].get("value")

    def socket_frames(self) -> Iterator[bytes]:
        """What the page received on its WebSocket, frame by frame (binary frames: the app)."""
        for event in self.events:
            if event["method"] == "Network.webSocketFrameReceived":
                frame = event["params"]["response"]
                if frame["opcode"] == 2:
                    yield base64.b64decode(frame["payloadData"])


#: Gives the page's terminal the keyboard focus (xterm.js takes keys there), anew: the app
#: starts blurred whatever the page had, so a focus given before it ran is not seen.
FOCUS = """
(() => {
  const keys = document.querySelector('.xterm-helper-textarea');
  keys.blur();
  keys.focus();
})()
"""

#: Until xterm.js has painted what it was sent (it draws on animation frames).
_PAINTED = "new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"


class Page:
    """The one page of a headless Chromium, and its terminal as the player sees it."""

    def __init__(self, tools: DevTools) -> None:
        self.tools = tools
        self.screen = Screen()
        self._seen = 0

    def text(self) -> str:
        """The page's terminal now (every frame received so far replayed)."""
        frames = list(self.tools.socket_frames())
        for frame in frames[self._seen:]:
            self.screen.feed_bytes(frame)
        self._seen = len(frames)
        return self.screen.text()

    async def until(
        self,
        what: str,
        ready: Callable[[str], bool],
        *,
        seconds: float = WAIT,
        focus_when: Callable[[str], bool] | None = None,
    ) -> str:
        """Wait until the terminal's text satisfies ``ready`` (its text), failing after
        ``seconds`` with the screen; while ``focus_when`` holds, give the terminal the focus
        (once a second), as a player's click would."""
        deadline = time.monotonic() + seconds
        focused = 0.0
        while True:
            text = self.text()
            if ready(text):
                return text
            if focus_when is not None and focus_when(text) and time.monotonic() > focused + 1:
                await self.focus()
                focused = time.monotonic()
            if time.monotonic() > deadline:
                pytest.fail(f"{what}: not on the page in {seconds:g} s; its terminal shows:\n{text}")
            await asyncio.sleep(0.05)

    async def focus(self) -> None:
        await self.tools.evaluate(FOCUS)

    async def type(self, text: str) -> None:
        """Text typed on the keyboard (as one input: a key, or a word)."""
        await self.tools.call("Input.insertText", text=text)

    async def press_enter(self) -> None:
        for kind in ("keyDown", "keyUp"):
            await self.tools.call(
                "Input.dispatchKeyEvent", type=kind, key="Enter", code="Enter", windowsVirtualKeyCode=13,
                nativeVirtualKeyCode=13, **({"text": "\r"} if kind == "keyDown" else {}),
            )

    async def screenshot(self, path: Path) -> str:
        """Save a PNG of the page as painted; its base64 text."""
        await self.tools.evaluate(_PAINTED)
        await asyncio.sleep(0.3)
        shot: str = (await self.tools.call("Page.captureScreenshot", format="png"))["data"]
        path.write_bytes(base64.b64decode(shot))
        return shot


async def _devtools_port(profile: Path, chromium: asyncio.subprocess.Process, log: Path) -> int:
    """Chromium writes the port it chose to ``DevToolsActivePort`` in its profile folder."""
    deadline = time.monotonic() + WAIT
    marker = profile / "DevToolsActivePort"
    while time.monotonic() < deadline:
        if chromium.returncode is not None:
            pytest.fail(f"Chromium stopped at once (exit {chromium.returncode}): {log.read_text()[-2000:]}")
        with suppress(OSError, ValueError, IndexError):
            return int(marker.read_text().splitlines()[0])
        await asyncio.sleep(0.05)
    pytest.fail(f"Chromium did not open its DevTools port in {WAIT:g} s: {log.read_text()[-2000:]}")


@asynccontextmanager
async def open_page(folder: Path) -> AsyncIterator[Page]:
    """Headless Chromium (profile and log in ``folder``) and its one page, ready to
    navigate: network events on (the page's socket frames), the web font blocked (the
    only thing the page fetches from elsewhere), the window size fixed, focus emulated.
    Chromium and its helpers end with the block."""
    assert CHROMIUM is not None
    profile = folder / "chromium-profile"
    log = folder / "chromium.log"
    with log.open("wb") as log_file:
        chromium = await asyncio.create_subprocess_exec(
            CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--mute-audio", "--hide-scrollbars", f"--user-data-dir={profile}", "--remote-debugging-port=0",
            f"--window-size={WIDTH},{HEIGHT}", "about:blank",
            stdin=asyncio.subprocess.DEVNULL, stdout=log_file, stderr=log_file,
            start_new_session=True,  # its helpers in one group: all of them end with the test
        )
    try:
        port = await _devtools_port(profile, chromium, log)
        async with aiohttp.ClientSession() as http:
            async with http.get(f"http://127.0.0.1:{port}/json/list") as response:
                targets = await response.json()
            target = next(t for t in targets if t.get("type") == "page")
            async with http.ws_connect(target["webSocketDebuggerUrl"], max_msg_size=0) as ws:
                tools = DevTools(ws)
                try:
                    await tools.call("Network.enable")
                    await tools.call("Network.setBlockedURLs", urls=["*fonts.googleapis.com*", "*fonts.gstatic.com*"])
                    await tools.call("Page.enable")
                    await tools.call(
                        "Emulation.setDeviceMetricsOverride", width=WIDTH, height=HEIGHT, deviceScaleFactor=1,
                        mobile=False,
                    )
                    await tools.call("Emulation.setFocusEmulationEnabled", enabled=True)  # headless: no window focus
                    yield Page(tools)
                    with suppress(Exception):
                        await tools.call("Browser.close")
                finally:
                    tools.reader.cancel()
    finally:
        await stop(chromium, 10, group=True)
