"""A shared baccarat table (``cardtable join``, issue 14) — being built."""

from __future__ import annotations

from typing import Any

from .shared_base import SharedScreen

__all__ = ["SharedBaccaratScreen"]


class SharedBaccaratScreen(SharedScreen):
    """One seat at the server's baccarat table."""

    GAME = "baccarat"

    def update_snapshot(self, message: dict[str, Any]) -> None:
        pass
