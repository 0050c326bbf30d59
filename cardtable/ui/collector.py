"""When the garbage collector runs, for the app's process.

Importing Textual, building the lobby and opening a table allocate hundreds of thousands
of objects that either live as long as the program or are freed by reference counting.
So the command pauses the cyclic collector before it imports the app (its walks over the
young objects were a fortieth of the CPU to the lobby's first frame, and Python's default,
a young collection every 700 allocations, a twentieth); once the first screen is painted
the app freezes what exists (it lives as long as the program) and collects the young
generation every 20,000 allocations, not 700. The cycles left while paused are a couple of
thousand small objects, kept. Imports nothing heavy.
"""

from __future__ import annotations

import gc

__all__ = ["pause_collection", "collect_young_rarely"]


def pause_collection() -> None:
    """No cyclic collection until :func:`collect_young_rarely` (the app calls it once its
    first screen is painted)."""
    gc.disable()


def collect_young_rarely() -> None:
    """The collector on, the young generation collected every 20,000 allocations instead
    of 700."""
    gc.set_threshold(20_000, 20, 20)
    gc.enable()
