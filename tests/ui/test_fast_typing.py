"""Keys typed faster than the screen redraws are handled in the order they were typed.

Textual runs priority bindings the moment a key arrives but queues the others behind
the focused widget, so a table whose `enter` is priority and whose `-` is not would
deal before the bet changed. These tests send bursts of keys without waiting between
them, as a fast typist in a real terminal does.
"""

from __future__ import annotations

from pathlib import Path

from textual import events

from cardtable.ui.app import CardTableApp

from helpers import screen_text


async def burst(app: CardTableApp, *keys: str) -> None:
    """Queue key events back to back, with no idle wait between them."""
    chars = {"plus": "+", "minus": "-", "enter": "\r"}
    for key in keys:
        event = events.Key(key, chars.get(key, key if len(key) == 1 else None))
        event.set_sender(app)
        app._driver.send_message(event)  # type: ignore[union-attr]


async def test_baccarat_burst_changes_chip_before_betting_and_dealing(data_dir: Path) -> None:
    app = CardTableApp(data_dir=data_dir, seed=11, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("2")
        await pilot.pause()
        await burst(app, "plus", "p", "enter")
        for _ in range(20):
            await pilot.pause()
        history = app.store.history("baccarat")
        assert len(history) == 1, screen_text(app)
        assert history[0].stake == 1_000  # the chip after "+" (5 -> 10), then dealt
    app.store.close()


async def test_poker_burst_raises_the_bet_before_dealing(data_dir: Path) -> None:
    app = CardTableApp(data_dir=data_dir, seed=11, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("3")
        await pilot.pause()
        await burst(app, "plus", "plus", "enter", "enter")
        for _ in range(20):
            await pilot.pause()
        history = app.store.history("poker")
        assert len(history) == 1, screen_text(app)
        assert history[0].stake == 3 * 500  # three coins of 5 chips
    app.store.close()


async def test_blackjack_burst_raises_the_bet_before_dealing(data_dir: Path) -> None:
    app = CardTableApp(data_dir=data_dir, seed=11, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1")
        await pilot.pause()
        await burst(app, "plus", "plus", "enter")
        for _ in range(20):
            await pilot.pause()
        # The round is under way (or already settled by a natural) at 15 chips.
        # Stand on every hand until the round settles, then check the recorded stake.
        for _ in range(8):
            if app.store.history("blackjack"):
                break
            await pilot.press("s")
            await pilot.pause()
        history = app.store.history("blackjack")
        assert len(history) == 1, screen_text(app)
        assert history[0].stake == 1_500
    app.store.close()
