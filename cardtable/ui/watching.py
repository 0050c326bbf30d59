"""Watching the app's reactives from a screen or widget that closes before the app.

Textual keeps a watcher of another object's reactive (``node.watch(app, "bankroll", …)``,
and every ``Header`` watches the app's title) in that object until the reactive next
changes: a closed table stayed alive (every widget of it) until the bankroll moved, each
closed screen left its header behind, and every garbage collection walked them all again
(a collection grew past 150 ms as screens were opened and closed). A node drops its own
watchers when it unmounts (:func:`forget_app_watchers`); the lobby drops those of every
closed screen when it shows again (:func:`prune_app_watchers`).
"""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.dom import DOMNode
from textual.screen import Screen

__all__ = ["forget_app_watchers", "prune_app_watchers"]


def _watcher_lists(app: App[Any]) -> list[list[tuple[DOMNode, object]]]:
    """The app's lists of (watching node, callback), one per watched reactive (none if
    Textual ever keeps them elsewhere)."""
    watchers = getattr(app, "__watchers", None)
    if not isinstance(watchers, dict):
        return []
    return [entries for entries in watchers.values() if isinstance(entries, list)]


def forget_app_watchers(node: DOMNode) -> None:
    """Remove every watcher ``node`` set on the app's reactives (call it at unmount)."""
    for entries in _watcher_lists(node.app):
        entries[:] = [entry for entry in entries if entry[0] is not node]


def prune_app_watchers(app: App[Any]) -> None:
    """Remove the watchers set by nodes of screens that are closed: neither on the
    screen stack nor installed to be shown again."""
    live = {id(screen) for screen in app.screen_stack}
    live.update(id(screen) for screen in app._installed_screens.values() if isinstance(screen, Screen))

    def alive(node: object) -> bool:
        while isinstance(node, DOMNode):
            if isinstance(node, Screen):
                return id(node) in live
            if node is app:
                return True
            node = node._parent
        return False

    for entries in _watcher_lists(app):
        entries[:] = [entry for entry in entries if entry[0] is app or alive(entry[0])]
