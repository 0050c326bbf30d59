"""``cardtable web`` in a real browser: headless Chromium opens the page,
the app's lobby is drawn, a screenshot shows it.

How "the lobby is on it" is checked: textual-serve's page draws the terminal with xterm.js
on canvases, so the text is in no DOM node. The test drives Chromium over the DevTools
protocol (``browser.py``: a small client on aiohttp, which textual-serve already brings)
and checks two things that do not depend on fonts or pixel-exact rendering:

1. what the page's xterm.js was sent over its socket (Network.webSocketFrameReceived),
   replayed on a small screen model, holds the lobby line by line: the game entries, the
   bankroll, the note on virtual chips, the footer's keys;
2. the screenshot Chromium took of the page shows the terminal painted and not the
   "starting" box: the intro dialog is hidden and the logo's orange is on the picture.

The screenshot is saved as ``lobby.png`` in the test's temporary folder (its path is
printed). Skipped, saying so, where Chromium is not installed (CI machines have none).
"""

from __future__ import annotations

import asyncio
import os
import re
import sys
import time
from pathlib import Path

import pytest
from browser import HEIGHT, WAIT, WIDTH, free_port, needs_chromium, open_page, stop

pytestmark = pytest.mark.timeout(120)


#: Lines of the lobby, each a whole screen row's words (80 columns and wider).
LOBBY = [
    re.compile(r"c a r d t a b l e"),
    re.compile(r"Bankroll 1,000"),
    re.compile(r"1  Blackjack +European"),
    re.compile(r"2  Baccarat +Punto banco"),
    re.compile(r"3  Draw poker"),
    re.compile(r"Statistics s .*History y .*Settings o .*Rules \?"),
    re.compile(r"Chips are virtual: they have no money value and can never be withdrawn\."),
    # The footer's keys: Textual shows them while the app has the focus (in a browser, while
    # the page's terminal has it: the test gives it, as a player's click would).
    re.compile(r"s Stats +o Settings .*\^q Quit"),
]

#: Counts the screenshot's pixels near the logo's orange (Textual's $warning, #FEA62B), in
#: the page itself (it decodes PNG), and says whether the starting box is hidden.
_LOOK = """
(async () => {
  const blob = await (await fetch('data:image/png;base64,%s')).blob();
  const picture = await createImageBitmap(blob);
  const canvas = new OffscreenCanvas(picture.width, picture.height);
  const context = canvas.getContext('2d');
  context.drawImage(picture, 0, 0);
  const pixels = context.getImageData(0, 0, picture.width, picture.height).data;
  let orange = 0, light = 0;
  for (let i = 0; i < pixels.length; i += 4) {
    const [r, g, b] = [pixels[i], pixels[i + 1], pixels[i + 2]];
    if (Math.abs(r - 254) < 40 && Math.abs(g - 166) < 40 && Math.abs(b - 43) < 60) orange++;
    if (r > 180 && g > 180 && b > 180) light++;
  }
  const intro = document.querySelector('.intro-dialog');
  return {width: picture.width, height: picture.height, orange, light,
          introHidden: !intro || getComputedStyle(intro).display === 'none',
          started: document.body.classList.contains('-first-byte')};
})()
"""


@needs_chromium
async def test_a_browser_opens_the_lobby(tmp_path: Path) -> None:
    started = time.monotonic()
    port = free_port()
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    server = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "cardtable", "web", "--port", str(port), "--data-dir", str(tmp_path / "room"),
        "--no-animation",
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, env=env,
    )
    try:
        assert server.stdout is not None
        line = (await asyncio.wait_for(server.stdout.readline(), WAIT)).decode()
        found = re.search(rf"open (http://127\.0\.0\.1:{port}/\?key=[\w-]+) in a browser", line)
        assert found, line
        async with open_page(tmp_path) as page:
            await page.tools.call("Page.navigate", url=found.group(1))  # the page's address, with its key
            loaded = time.monotonic()
            # The footer's keys (the last line) show once the terminal has the focus.
            text = await page.until(
                "the lobby",
                lambda text: all(p.search(text) for p in LOBBY),
                focus_when=lambda text: all(p.search(text) for p in LOBBY[:-1]),
            )
            drawn = time.monotonic()
            picture = tmp_path / "lobby.png"
            shot = await page.screenshot(picture)
            look = await page.tools.evaluate(_LOOK % shot)
        print(f"screenshot: {picture}")
        print(f"page load to lobby drawn: {drawn - loaded:.2f} s; whole test: {time.monotonic() - started:.2f} s")
        print(f"pixels: {look}")
        print(text)
        assert look["started"] and look["introHidden"], look  # the terminal shows, not "starting"
        assert (look["width"], look["height"]) == (WIDTH, HEIGHT), look
        # The logo line (25 glyphs in orange) and the lobby's light text are painted.
        assert look["orange"] > 300, look
        assert look["light"] > 2_000, look
    finally:
        code = await stop(server)
    assert code == 0
    assert server.stderr is not None
    err = (await server.stderr.read()).decode()
    assert "Traceback" not in err, err
    assert "page opened from 127.0.0.1" in err and err.rstrip().endswith("cardtable web: stopped"), err
