"""What the shared tables' screens have in common (``cardtable join``).

A shared screen is a :class:`GameScreen` whose authority is the server: it holds the
latest snapshot in one reactive attribute, draws it with the local table's widgets,
and sends the player's choices to the server, which answers with a new snapshot.
Nothing is decided here (a key that does nothing says why, from the snapshot's legal
actions); money is the server's, and so are the history and the statistics.
"""

from __future__ import annotations

import asyncio
from typing import Any

from textual.binding import Binding

from ...core.money import format_signed
from .base import GameScreen

__all__ = ["SharedScreen"]


class SharedScreen(GameScreen):
    """Base of the shared blackjack and baccarat screens."""

    BINDINGS = [
        Binding("escape", "leave", "Leave", id="shared.leave"),
        Binding("y", "history", "History", id="game.history", show=False),
    ]

    def __init__(self, snapshot: dict[str, Any]) -> None:
        super().__init__()
        table = snapshot.get("table")
        if not isinstance(table, int):
            raise ValueError("a snapshot without its table")
        #: The server's number for this table.
        self.table_id = table
        #: When the turn shown times out (the event loop's clock), or None.
        self.turn_deadline: float | None = None
        #: This sitting's rounds and net result, from the server's settlements.
        self.rounds_played = 0
        self.net = 0
        #: The server is stopping: the round under way is the last.
        self.closing = False

    # -- what the app routes here (ui/shared.py) ---------------------------------------

    def update_snapshot(self, message: dict[str, Any]) -> None:
        """A new snapshot of this table (the screen's one state)."""
        raise NotImplementedError

    def shared_event(self, message: dict[str, Any]) -> None:
        """A table event (the snapshot that follows carries the state; events add words)."""
        if message.get("type") == "round_settled":
            name = self.app.session.name if self.app.session is not None else None
            for result in message.get("results", []):
                if isinstance(result, dict) and result.get("name") == name and isinstance(result.get("net"), int):
                    self.rounds_played += 1
                    self.net += result["net"]

    def shared_error(self, text: str) -> None:
        """The server refused something, or the connection dropped: said on the banner
        (a notification while the table is not drawn yet)."""
        banner = getattr(self, "_banner", None)
        if banner is None or not banner.is_mounted:
            self.app.notify(text, severity="error")
            return
        banner.show(text, "error")

    @property
    def said(self) -> str:
        """What the table's banner says now (e.g. the last round's result)."""
        banner = getattr(self, "_banner", None)
        return str(banner.text) if banner is not None else ""

    def shared_notice(self, text: str) -> None:
        """News from the server (it is stopping, it has closed), said on the banner."""
        banner = getattr(self, "_banner", None)
        if banner is None or not banner.is_mounted:
            self.app.notify(text, severity="warning", timeout=10)
            return
        banner.show(text, "info")

    def send(self, message: dict[str, Any]) -> bool:
        """Send one message to the server; False (and the player told) when not connected."""
        session = self.app.session
        if session is None:
            self._banner.show("Not connected to the server (reconnecting…): nothing was sent.", "error")
            return False
        session.send(message)
        return True

    # -- the turn's countdown ----------------------------------------------------------

    def set_countdown(self, seconds: float | None) -> None:
        """The turn shown times out in ``seconds`` (None: no turn)."""
        loop = asyncio.get_running_loop()
        self.turn_deadline = None if seconds is None else loop.time() + max(0.0, seconds)

    @property
    def seconds_left(self) -> int | None:
        """Whole seconds left in the turn shown (rounded up), or None."""
        if self.turn_deadline is None:
            return None
        left = self.turn_deadline - asyncio.get_running_loop().time()
        return max(0, int(left + 0.999))

    def on_mount(self) -> None:
        self.show_coach_mode()
        self.set_interval(0.5, self.tick)

    def tick(self) -> None:
        """Twice a second: the countdown shown moves on (the screen redraws its line)."""

    # -- leaving: the seat is the server's -------------------------------------------

    def action_leave(self) -> None:
        """Stand up and go back to the lobby (refused while a hand of yours is in play)."""
        if self.round_in_progress():
            self._banner.show(
                "Your hand is in play: you can leave once this round is settled "
                "(or close the app: your hand stands when its time is up).",
                "error",
            )
            return
        if not self.send({"type": "leave"}):
            self.close_table()

    def close_table(self) -> None:
        """The server let the seat go: back to the lobby, with this sitting's result."""
        if self.rounds_played:
            rounds = "1 round" if self.rounds_played == 1 else f"{self.rounds_played} rounds"
            self.app.notify(f"At table {self.table_id}: {rounds}, net {format_signed(self.net)} chips.")
        if self.app.screen is self:
            self.app.pop_screen()
        if self.app.session is not None:
            self.app.session.send({"type": "lobby"})

    def _note_session_start(self) -> None:
        """The local statistics are not this table's: the server keeps them."""

    def action_history(self) -> None:
        """The shared rounds' history is the server's (``cardtable history --data-dir``)."""
        self._banner.show(
            "Your shared rounds are in the server's history of your name "
            "(the host can list them: cardtable history --data-dir <its data>/players/<name>).",
            "info",
        )
