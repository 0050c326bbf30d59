"""The values the store accepts and writes: the games and amounts it knows, the checks
every public method makes on its arguments, round details as JSON, and its timestamps."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from typing import Any, TypeGuard

from ..core import config as _config

__all__ = [
    "GAMES",
    "START_BANKROLL",
    "MAX_BANKROLL",
    "MAX_AMOUNT",
    "is_int",
    "int_in",
    "check_game",
    "check_amount",
    "check_record",
    "details_json",
    "load_details",
    "now_iso",
]

#: The games that keep statistics, in lobby order (``core.config``).
GAMES: tuple[str, ...] = _config.GAMES
#: A new player's bankroll and the amount of a free refill: 1,000 chips.
START_BANKROLL = _config.START_BANKROLL
#: Upper bound for any table limit or coin size: 100,000 chips.
MAX_AMOUNT = 10_000_000
#: A bankroll above this (10^13 chips) is absurd: no play reaches it.
MAX_BANKROLL = 10**15


def is_int(value: object) -> TypeGuard[int]:
    """An ``int`` and not a ``bool`` (``True`` is no amount)."""
    return isinstance(value, int) and not isinstance(value, bool)


def int_in(value: object, low: int, high: int) -> bool:
    return is_int(value) and low <= value <= high


def check_game(game: object) -> None:
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; expected one of {', '.join(GAMES)}")


def check_amount(name: str, amount: object) -> None:
    if not is_int(amount):
        raise ValueError(f"{name} must be an int of hundredths, not {type(amount).__name__}")
    if amount < 0:
        raise ValueError(f"{name} must not be negative: {amount}")


def check_record(record: object) -> None:
    if not isinstance(record, str) or not record:
        raise ValueError("a round's record is non-empty JSON text")


def details_json(details: dict[str, Any] | None) -> str:
    """A round's details as the compact, sorted JSON text the history keeps."""
    try:
        return json.dumps({} if details is None else details, sort_keys=True, allow_nan=False, separators=(",", ":"))
    except (TypeError, ValueError) as error:
        raise ValueError(f"details must be plain JSON data: {error}") from None


def load_details(raw: object) -> dict[str, Any]:
    """Stored details read back; a value that is not an object is wrapped, bad JSON is ``{}``."""
    try:
        value = json.loads(raw)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return {}
    return value if isinstance(value, dict) else {"value": value}


def now_iso() -> str:
    """Now in UTC as the store writes times: ``2026-12-01T02:03:47Z``."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")
