"""The history list's filters: one-line choices a key or a click moves on, and the dates."""

from __future__ import annotations

from datetime import date, datetime, time, timezone

from textual.message import Message
from textual.widgets import Static

from ....i18n import _

__all__ = ["FilterChoice", "parse_day", "day_start_utc"]


def parse_day(text: str) -> date | None:
    """A ``YYYY-MM-DD`` date, or None for an empty field; ``ValueError`` otherwise."""
    text = text.strip()
    if not text:
        return None
    return date.fromisoformat(text)


def day_start_utc(day: date) -> str:
    """Local midnight at the start of ``day`` as the store's UTC text."""
    local = datetime.combine(day, time()).astimezone()
    return local.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


class FilterChoice(Static):
    """One filter: its current choice shown as ``◂ Won ▸``; a click moves to the next one.
    The choices are (English message, value) pairs: the message is shown through ``_()``."""

    class Moved(Message):
        """The choice was clicked: move it on."""

        def __init__(self, choice: FilterChoice) -> None:
            super().__init__()
            self.choice = choice

    def __init__(self, choices: tuple[tuple[str, str], ...], value: str, *, id: str) -> None:
        super().__init__(id=id, classes="filter-choice")
        self.choices = choices
        self.value = value
        self._show()

    def _show(self) -> None:
        label = dict((v, k) for k, v in self.choices).get(self.value)
        self.update(f"◂ {_(label) if label else self.value} ▸")

    def retranslate(self) -> None:
        """The choice shown again in the language in force."""
        self._show()

    def move(self) -> str:
        """The next choice (round again after the last); returns it."""
        values = [v for _, v in self.choices]
        self.value = values[(values.index(self.value) + 1) % len(values)] if self.value in values else values[0]
        self._show()
        return self.value

    def on_click(self) -> None:
        self.post_message(self.Moved(self))
