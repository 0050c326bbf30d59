"""Pilot's idle wait, polled finer.

Every ``pilot.press`` and ``pilot.pause`` ends by waiting for the app to go idle, which
Textual measures by sleeping 20 ms at a time and comparing CPU and wall time. A table
settles in a few milliseconds, so most of a UI test was spent asleep. Polling every
2.5 ms (idle meaning under 0.125 ms of CPU in that slice, the same 1:20 ratio) waits for
the same thing: the app still has to finish every queued message first
(``Pilot._wait_for_screen``), and the tests that wait for workers or timers say so.
"""

from __future__ import annotations

import textual._wait

if hasattr(textual._wait, "SLEEP_GRANULARITY"):
    textual._wait.SLEEP_GRANULARITY = 1 / 400
    textual._wait.SLEEP_IDLE = textual._wait.SLEEP_GRANULARITY / 20
