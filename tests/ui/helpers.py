"""Helpers for Pilot tests: read the screen as a player sees it."""

from __future__ import annotations

from textual.app import App


def screen_text(app: App) -> str:
    """Everything on the current screen as plain text, one line per terminal row."""
    strips = app.screen._compositor.render_strips()  # type: ignore[attr-defined]
    return "\n".join(strip.text for strip in strips)


def notifications(app: App) -> list[str]:
    """The messages of the notifications (toasts) raised so far."""
    return [n.message for n in app._notifications]  # type: ignore[attr-defined]
