"""Helpers for Pilot tests: read the screen as a player sees it."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from rich.cells import cell_len
from rich.console import Console
from rich.segment import ControlType
from rich.style import Style
from textual.app import App
from textual.message_pump import MessagePump
from textual.pilot import Pilot
from textual.worker import WorkerState

from cardtable.core.cards import Shoe
from cardtable.store import START_BANKROLL, Store
from cardtable.ui.app import CardTableApp
from cardtable.ui.widgets.common.footer import KeyFooter
from cardtable.ui.widgets.common.footer_keys import ShownKey


def screen_text(app: App) -> str:
    """Everything on the current screen as plain text, one line per terminal row."""
    strips = app.screen._compositor.render_strips()  # type: ignore[attr-defined]
    return "\n".join(strip.text for strip in strips)


Cells = dict[tuple[int, int], tuple[str, Style | None]]


def painted(update: object, console: Console, cells: Cells | None = None) -> Cells:
    """The cells a frame (whole or partial) paints on a terminal, over ``cells`` if given:
    (x, y) -> (character, style)."""
    cells = {} if cells is None else cells
    x = y = 0
    for segment in console.render(update):  # type: ignore[arg-type]
        if segment.control:
            for control in segment.control:
                if control[0] is ControlType.CURSOR_MOVE_TO:
                    x, y = int(control[1]), int(control[2])  # type: ignore[misc]
            continue
        for character in segment.text:
            if character == "\n":
                x, y = 0, y + 1
                continue
            cells[x, y] = (character, segment.style)
            x += cell_len(character)
    return cells


def footer_keys(app: App) -> list[ShownKey]:
    """The keys the current screen's footer shows, in order (none without a footer)."""
    footers = app.screen.query(KeyFooter)
    return footers.first().keys() if footers else []


def notifications(app: App) -> list[str]:
    """The messages of the notifications (toasts) raised so far."""
    return [n.message for n in app._notifications]  # type: ignore[attr-defined]


async def settle(pilot: Pilot) -> None:
    """Let the table's work run to its next stop (a catch-up worker included), and the
    screen draw it: Pilot judges the app idle when it used next to no CPU for a moment,
    which a busy machine (more test workers than cores) can also cause by not running it."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    while drawing_due(pilot.app) or working(pilot.app):  # a layout can start a worker (a chart)
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()


def working(app: App) -> bool:
    """A worker of the app not finished yet."""
    return any(worker.state in (WorkerState.PENDING, WorkerState.RUNNING) for worker in app.workers)


def drawing_due(app: App) -> bool:
    """A layout or repaint the current screen has yet to draw (or a callback to make after
    it), or a message the app or a widget of the screen has yet to handle (one handled may
    post the next: Pilot's idle check can pass between the two when the process is not
    run)."""
    screen = app.screen
    return bool(
        getattr(screen, "_layout_required", False)
        or getattr(screen, "_repaint_required", False)
        or getattr(screen, "_dirty_widgets", None)
        or getattr(screen, "_callbacks", None)  # called after the next refresh
        or any(_pending(node) for node in (app, *screen.walk_children(with_self=True)))
    )


def _pending(node: MessagePump) -> bool:
    queue = getattr(node, "_message_queue", None)
    return bool((queue is not None and queue.qsize()) or getattr(node, "_next_callbacks", None))


async def press(pilot: Pilot, *keys: str) -> None:
    """Press keys one at a time, letting the table settle after each, as a player would."""
    for key in keys:
        await pilot.press(key)
        await settle(pilot)


async def click_menu(pilot: Pilot, name: str) -> None:
    """Click the lobby's menu entry ``name`` (statistics, history, drills, settings, rules)
    in the middle of its box, as a player would."""
    from cardtable.ui.widgets.common.menu_row import MenuRow

    row = pilot.app.screen.query_one("#lobby-menu", MenuRow)
    start, width = next((x, box) for entry, _label, x, box in row.spans() if entry == name)
    await pilot.click("#lobby-menu", offset=(start + width // 2, 1))


def blackjack_alone(data_dir: Path, stack: str, bankroll: int = START_BANKROLL) -> CardTableApp:
    """The player alone at the blackjack table, a stacked shoe, and ``bankroll`` in the
    store (brought down from 1,000 chips by a lost baccarat round before the app starts)."""
    store = Store.open(data_dir)
    store.save_settings(replace(store.settings(), bj_seats=()))
    if bankroll < START_BANKROLL:
        store.record_round("baccarat", START_BANKROLL - bankroll, 0, {})
    assert store.bankroll == bankroll
    store.close()
    return CardTableApp(
        data_dir=data_dir,
        start="blackjack",
        animations=False,
        shoe_factory=lambda game, decks, cut: Shoe.stacked(stack),
    )


async def until(pilots: list[Pilot], condition: Callable[[], bool]) -> None:
    """Let the apps (and a server in the same loop) run until ``condition`` holds
    (shared tables: the apps wait on the network, not on workers). No deadline of its
    own: a busy machine is slow, not wrong; the suite's timeout ends a test that hangs."""
    while not condition():
        await asyncio.sleep(0.01)
        for pilot in pilots:
            await pilot.pause()
