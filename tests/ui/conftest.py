"""Pilot's idle wait, polled finer.

Every ``pilot.press`` and ``pilot.pause`` ends by waiting for the app to go idle, which
Textual measures by sleeping 20 ms at a time and comparing CPU and wall time. A table
settles in a few milliseconds, so most of a UI test was spent asleep. Polling every
2.5 ms waits for the same thing: the app still has to finish every queued message first
(``Pilot._wait_for_screen``), and the tests that wait for workers or timers say so. A
slice counts as idle under 0.5 ms of CPU (a fifth of it): an empty event loop's 2.5 ms
sleep alone costs 0.12–0.19 ms of CPU here, so Textual's 1:20 ratio (0.125 ms) judged
idle slices busy at random and each wait went on for several slices (a third of a UI
test's time was spent in them); real work in a slice costs milliseconds.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
import textual._wait

if hasattr(textual._wait, "SLEEP_GRANULARITY"):
    textual._wait.SLEEP_GRANULARITY = 1 / 400
    textual._wait.SLEEP_IDLE = textual._wait.SLEEP_GRANULARITY / 5


# -- parsed CSS, shared by the apps of one test process ------------------------------------
#
# Every app (one per test) builds its own Stylesheet, and Textual re-parses every CSS source
# into a fresh Stylesheet at each ``reparse()`` (the app's start, each new screen with CSS,
# each theme change): the same files were tokenised ~14 times per test. Parsing is a pure
# function of the source text, where it was read from, its flags and the CSS variables (the
# theme), so the rule sets are kept here under exactly that key; Textual already hands the
# same RuleSet objects to every parse of one Stylesheet (its own per-instance cache), so
# sharing them between stylesheets adds no new kind of sharing. What each app applies,
# matches and renders is unchanged; a CSS error still raises (errors are parsed into the
# rules, which ``Stylesheet.parse`` checks on every call, and exceptions are not cached).

from textual.css.model import RuleSet  # noqa: E402
from textual.css.stylesheet import Stylesheet  # noqa: E402

_parsed: dict[tuple[object, ...], list[RuleSet]] = {}
_parse_rules = Stylesheet._parse_rules


def _shared_parse_rules(
    self: Stylesheet,
    css: str,
    read_from: tuple[str, str],
    is_default_rules: bool = False,
    tie_breaker: int = 0,
    scope: str = "",
) -> list[RuleSet]:
    variables = self._variables
    known = self.__dict__.get("_shared_variables_key")
    if known is None or known[0] is not variables:  # set_variables() installs a new dict
        known = (variables, tuple(sorted(variables.items())))
        self.__dict__["_shared_variables_key"] = known
    key = (css, read_from, is_default_rules, tie_breaker, scope, known[1])
    rules = _parsed.get(key)
    if rules is None:
        rules = _parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)
        _parsed[key] = rules
    return rules


if _parse_rules.__code__.co_varnames[:6] == ("self", "css", "read_from", "is_default_rules", "tie_breaker", "scope"):
    Stylesheet._parse_rules = _shared_parse_rules  # type: ignore[method-assign]


# -- the style memory, shared by the apps of a test process ----------------------------------
#
# The app styles a widget from what the same place got before (``cardtable/ui/style_memo.py``),
# keeping that memory per stylesheet. The rules a place gets depend only on the stylesheet's
# rule sets and the place's context, and with the parsed rules shared above, two apps with the
# same CSS and theme hold the very same rule-set objects (kept alive in ``_parsed``, so their
# ids are never reused): the memory is kept per list of rule sets instead, and every app but a
# worker's first styles its lobby and tables without matching.

from cardtable.ui import style_memo  # noqa: E402

_styled: dict[tuple[int, ...], dict[tuple[object, ...], object]] = {}


def _shared_memo(stylesheet: Stylesheet) -> dict:  # type: ignore[type-arg]
    state = stylesheet.__dict__
    rules_map = stylesheet.rules_map
    if state.get("_shared_styled_rules") is not rules_map:
        state["_shared_styled"] = _styled.setdefault(tuple(map(id, stylesheet.rules)), {})
        state["_shared_styled_rules"] = rules_map
    return state["_shared_styled"]  # type: ignore[no-any-return]


if Stylesheet._parse_rules is _shared_parse_rules:  # the rule sets outlive their apps
    style_memo.memo_for = _shared_memo


# -- garbage collection, tuned for many short-lived apps -------------------------------------
#
# A UI test builds a whole app (thousands of widgets, styles and strips) and drops it; most of
# it is freed by reference counting, yet Python's cyclic collector ran ~1,800 young and ~20
# full collections in one table test file, each full one walking every object of the process
# (Textual, Rich, hypothesis, numpy, the test modules: ~200,000) — about a fifth of the CPU.
# The modules imported while collecting are frozen out of the collector's walks once
# collection is over, and the young generation is collected every 20,000 allocations instead
# of 700. What a test does and checks is unchanged; unreachable cycles are still collected.

import gc  # noqa: E402

gc.set_threshold(20_000, 20, 20)


def pytest_collection_finish(session: object) -> None:
    """Everything imported so far lives to the end of the run: keep it out of the GC's walks."""
    gc.collect()
    gc.freeze()


# -- frames nobody sees ------------------------------------------------------------------------
#
# A Pilot app is headless: Textual composes every frame (each widget's lines cut and joined
# across the screen) and then discards it, since there is no terminal to write to
# (``App._display``). That was a third of a UI test's CPU. Here a headless app's frame is not
# composed; what a test reads it renders itself (``helpers.screen_text``, snapshots, which
# render the whole screen afresh), and the layout, the dirty bookkeeping that ``settle``
# waits on and the mouse-over check run as before. A test of the frames themselves (the
# partial redraw, a first frame) is marked ``paints`` and gets them composed as a terminal
# would; ``CARDTABLE_TEST_PAINT=1`` composes every test's frames.

import os  # noqa: E402

from textual.screen import Screen  # noqa: E402

_compositor_refresh = Screen._compositor_refresh
_paint_all = os.environ.get("CARDTABLE_TEST_PAINT", "") not in ("", "0")
_painting = _paint_all


def _unseen_refresh(self: Screen) -> None:  # type: ignore[type-arg]
    app = self.app
    if _painting or not app.is_headless or app.is_inline or self is not app.screen:
        _compositor_refresh(self)
        return
    self._compositor._dirty_regions.clear()
    self._dirty_widgets.clear()
    app._update_mouse_over(self)


Screen._compositor_refresh = _unseen_refresh  # type: ignore[method-assign]


@pytest.fixture(autouse=True)
def painting(request: pytest.FixtureRequest) -> Iterator[bool]:
    """Whether this test's headless apps compose their frames (marked ``paints``)."""
    global _painting
    _painting = _paint_all or request.node.get_closest_marker("paints") is not None
    yield _painting
    _painting = _paint_all


# -- Pilot's wait for the screen, asking only the busy ---------------------------------------
#
# Each ``pilot.press`` and ``pilot.pause`` first waits until every widget of the screen has
# handled what was queued for it: Pilot posts a callback to each of them (fifty at a table)
# and waits until all have run it, which cost each wait about 2.5 ms of CPU, a third of a UI
# test's. A widget whose message loop is parked on its empty queue (nothing queued, nothing
# put aside, no callback due after its last message) has nothing left to handle, and its
# callback would be the next thing it ran: only the others are asked. Every other part of
# the wait is Pilot's.

from textual.message_pump import MessagePump  # noqa: E402
from textual.pilot import Pilot, WaitForScreenTimeout  # noqa: E402

_wait_for_screen = Pilot._wait_for_screen


def _parked(node: MessagePump) -> bool:
    """``node``'s loop waits for a message on an empty queue and has nothing due."""
    queue = node.__dict__.get("_message_queue")
    return bool(
        queue is not None
        and not queue.values
        and queue.ready_event._waiters
        and node._pending_message is None
        and not node._next_callbacks
        and not node._closing
    )


async def _wait_for_the_busy(self: Pilot, timeout: float = 30.0) -> bool:  # type: ignore[type-arg]
    try:
        screen = self.app.screen
    except Exception:
        return False
    busy = [node for node in (self.app, *screen.walk_children(with_self=True)) if not _parked(node)]
    count = 0
    done = asyncio.Event()

    def decrement_counter() -> None:
        nonlocal count
        count -= 1
        if count == 0:
            done.set()

    for node in busy:
        if node.call_later(decrement_counter):
            count += 1
    if count:
        waits = [asyncio.create_task(done.wait()), asyncio.create_task(self.app._exception_event.wait())]
        _, pending = await asyncio.wait(waits, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        for task in pending:
            task.cancel()
        if len(pending) == len(waits):
            raise WaitForScreenTimeout("Timed out while waiting for widgets to process pending messages.")
        if count > 0:
            return False
    return True


_KNOWN = _wait_for_screen.__code__.co_varnames[:2] == ("self", "timeout")
if _KNOWN and "_pending_message" in MessagePump.__init__.__code__.co_names:
    Pilot._wait_for_screen = _wait_for_the_busy  # type: ignore[method-assign]
