"""Helpers for Pilot tests: read the screen as a player sees it."""

from __future__ import annotations

from textual.app import App
from textual.pilot import Pilot


def screen_text(app: App) -> str:
    """Everything on the current screen as plain text, one line per terminal row."""
    strips = app.screen._compositor.render_strips()  # type: ignore[attr-defined]
    return "\n".join(strip.text for strip in strips)


def notifications(app: App) -> list[str]:
    """The messages of the notifications (toasts) raised so far."""
    return [n.message for n in app._notifications]  # type: ignore[attr-defined]


async def settle(pilot: Pilot) -> None:
    """Let the table's work run to its next stop (a catch-up worker included)."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def press(pilot: Pilot, *keys: str) -> None:
    """Press keys one at a time, letting the table settle after each, as a player would."""
    for key in keys:
        await pilot.press(key)
        await settle(pilot)
