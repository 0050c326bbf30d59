"""The smallest terminal the card room is laid out for: below it the screens' rows and
columns no longer fit, and ``TooSmallScreen`` covers them until the terminal grows."""

from __future__ import annotations

__all__ = ["MIN_WIDTH", "MIN_HEIGHT"]

MIN_WIDTH = 80
MIN_HEIGHT = 24
