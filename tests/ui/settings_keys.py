"""Moving through the settings list with the keys a player presses."""

from __future__ import annotations

from textual.pilot import Pilot
from textual.widgets import OptionList

from helpers import settle


async def to_setting(pilot: Pilot, key: str) -> None:
    """Move the settings list's highlight to the row ``key`` with ↑/↓."""
    listing = pilot.app.screen.query_one("#settings-list", OptionList)
    target = listing.get_option_index(key)
    for _ in range(2 * listing.option_count):
        if listing.highlighted == target:
            return
        await pilot.press("down" if listing.highlighted is None or listing.highlighted < target else "up")
        await settle(pilot)
    raise AssertionError(f"the highlight never reached {key!r}")


def row_text(app: object, key: str) -> str:
    """The row ``key`` as shown (label and value)."""
    listing = app.screen.query_one("#settings-list", OptionList)  # type: ignore[attr-defined]
    return str(listing.get_option(key).prompt)
