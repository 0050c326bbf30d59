"""Start the installed cardtable headless (run from outside the checkout by .ci/run).

Fails when an asset is missing from the wheel: stylesheets are loaded at start, every
rules text is read, the shipped count effects are read, every game that exists is opened.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile

from cardtable.resources import assets_dir
from cardtable.ui.app import CardTableApp
from cardtable.ui.games import GAME_INFO, game_available
from cardtable.ui.screens.rules import help_markdown


async def main() -> int:
    where = assets_dir()
    print(f"assets found at {where}")
    if "site-packages" not in str(where):
        print("error: assets were not taken from the installed wheel", file=sys.stderr)
        return 1
    for topic in ("house", *(g for g in GAME_INFO if game_available(g))):
        text = help_markdown(topic)
        if "not written yet" in text:
            print(f"error: rules text for {topic} missing from the wheel", file=sys.stderr)
            return 1
    from cardtable.ai.counting.effects import _shipped
    from cardtable.core.blackjack import Rules

    if _shipped(Rules()) is None:
        print("error: the shipped count effects (data/count-effects.json) are missing or unread", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as data:
        app = CardTableApp(data_dir=data, animations=False, seed=1)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            opened = []
            for info in GAME_INFO.values():
                if not game_available(info.key):
                    continue
                await pilot.press(info.hotkey)
                await pilot.pause()
                if getattr(app.screen, "GAME", None) != info.key:
                    print(f"error: {info.title} did not open", file=sys.stderr)
                    return 1
                await pilot.press("question_mark")
                await pilot.pause()
                await pilot.press("escape")
                await pilot.press("escape")
                await pilot.pause()
                opened.append(info.title)
        app.store.close()
    print(f"installed app started headless; opened: {', '.join(opened) or 'lobby only'}")
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
