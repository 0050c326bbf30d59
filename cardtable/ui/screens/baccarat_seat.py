"""The seat side of a shared baccarat table: what the app routes to it (``ui/shared.py``),
the betting window's countdown, the other players' line, leaving, and the words of
what the coup waits for. :class:`~.baccarat_remote.RemoteBaccarat` adds the betting.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ...ai.grading import Decision, accuracy
from ...i18n import _
from ...store import GameStats
from ..widgets.baccarat.players import PlayerEntry, PlayersLine
from .baccarat_client import BaccaratClient

if TYPE_CHECKING:
    from ...net.baccarat_view import Settled, SharedBaccarat

__all__ = ["SharedSeat"]


class SharedSeat(BaccaratClient):
    """A seat whose table is the server's."""

    SHARED = True
    shared: SharedBaccarat

    def __init__(self, snapshot: dict[str, Any]) -> None:
        table = snapshot.get("table")
        if not isinstance(table, int):
            raise ValueError("a snapshot without its table")
        #: The server's number for this table.
        self.table_id = table
        #: When the betting window shown closes (the event loop's clock), or None.
        self.turn_deadline: float | None = None
        #: This sitting's coups, counted as the store counts them, from the server's settlements.
        self.played = GameStats("baccarat")
        #: The grades sent with the bets said ready (counted once their coup settles),
        #: and this sitting's graded bets (the session summary's decisions).
        self.graded: list[Decision] = []
        self.decisions: list[Decision] = []
        #: The server is stopping: the coup under way is the last.
        self.closing = False
        #: Sat down while bets were on the table: when their window closes is not known.
        self._window_unknown = False
        #: The screen is mounted and shows the table (before that: notifications).
        self._shown = False

    def settled_now(self, state: SharedBaccarat | None = None) -> Settled | None:
        """The settlement of the coup on the table (of ``state``, else the last snapshot)."""
        raise NotImplementedError

    # -- what the app routes here ----------------------------------------------------

    def update_snapshot(self, message: dict[str, Any]) -> None:
        """A new snapshot of this table (the client's one state)."""
        raise NotImplementedError

    def shared_event(self, message: dict[str, Any]) -> None:
        """A table event (the snapshot that follows carries the state; events add words)."""
        if message.get("type") == "round_settled":
            session = self.screen.app.session
            name = session.name if session is not None else None
            for result in message.get("results", []):
                if isinstance(result, dict) and result.get("name") == name and isinstance(result.get("net"), int):
                    bets = result.get("bets")
                    stake = sum(v for v in bets.values() if isinstance(v, int)) if isinstance(bets, dict) else 0
                    self._tally(stake, result["net"])

    def _tally(self, stake: int, net: int) -> None:
        """A coup of the receiver's settled: into the sitting's summary."""
        self.played = self.played + GameStats.of_round("baccarat", stake, stake + net)
        self.decisions += self.graded
        self.graded = []

    def _say(self, text: str, kind: str, severity: str) -> None:
        if not self._shown:  # the table is not drawn yet
            self.screen.app.notify(text, severity=severity, timeout=10)  # type: ignore[arg-type]
        else:
            self.screen.table_layout.banner.show(text, kind)

    def shared_error(self, text: str) -> None:
        """The server refused something, or the connection dropped."""
        self._say(text, "error", "error")

    def shared_notice(self, text: str) -> None:
        """News from the server (it is stopping, it has closed)."""
        self._say(text, "info", "warning")

    @property
    def said(self) -> str:
        """What the table's banner says now (e.g. the last coup's result)."""
        return str(self.screen.table_layout.banner.text) if self._shown else ""

    def send(self, message: dict[str, Any]) -> bool:
        """Send one message to the server; False (and the player told) when not connected."""
        session = self.screen.app.session
        if session is None:
            self.shared_error(_("Not connected to the server (reconnecting…): nothing was sent."))
            return False
        session.send(message)
        return True

    # -- the betting window's countdown ----------------------------------------------

    def set_countdown(self, seconds: float | None) -> None:
        """The window shown closes in ``seconds`` (None: no window running)."""
        loop = asyncio.get_running_loop()
        self.turn_deadline = None if seconds is None else loop.time() + max(0.0, seconds)

    @property
    def seconds_left(self) -> int | None:
        """Whole seconds left in the window shown (rounded up), or None."""
        if self.turn_deadline is None:
            return None
        left = self.turn_deadline - asyncio.get_running_loop().time()
        return max(0, int(left + 0.999))

    @property
    def window_running(self) -> bool:
        left = self.seconds_left
        return left is not None and left > 0

    def tick(self) -> None:
        if self.turn_deadline is not None and not self.screen.dealing:
            self.draw_players()

    def reword(self) -> None:
        if self._shown:
            self.draw_players()  # the heading: the betting window in the new language

    # -- the players' line ---------------------------------------------------------------

    def draw_players(self) -> None:
        settled = self.settled_now()
        entries = [
            PlayerEntry(
                s.name, s.bets, s.ready, s.connected, settled.nets.get(s.seat) if settled is not None else None,
                s.passed,
            )
            for s in self.shared.others
        ]
        players = self.screen.table_layout.players
        assert players is not None
        players.line = PlayersLine(self.heading(), tuple(entries))

    def heading(self) -> str:
        """The players' line's heading: the betting window as far as it is known."""
        state = self.shared
        if state.phase == "closing":
            return _("The server is closing")
        if self.screen.dealing:
            return _("Coup {n}").format(n=state.round)
        if not state.any_bets:
            return _("Place your bets")
        left = self.seconds_left
        if left is not None:
            return _("Bets close in {n} s").format(n=left) if left > 0 else _("Bets closed: dealing")
        if self._window_unknown and state.bet_seconds > 0:
            return _("Bets close within {n} s").format(n=f"{state.bet_seconds:.0f}")
        return _("Waiting for everyone with a bet")

    def waiting_words(self) -> str:
        """What the coup waits for, after the receiver said ready (or passed)."""
        state = self.shared
        others = [name for name in state.waiting_for if name != (state.mine.name if state.mine else None)]
        window = state.bet_seconds > 0
        if others:  # one banner line at 80 columns
            names = others[0] if len(others) == 1 else _("{first} and {second}").format(
                first=", ".join(others[:-1]), second=others[-1])
            if window:
                return _("the coup waits for {names} (or the betting window).").format(names=names)
            return _("the coup waits for {names}.").format(names=names)
        if window:
            return _("the coup is dealt when everyone is ready or passes or the window closes.")
        return _("the coup is dealt when everyone is ready or passes.")

    # -- leaving: the seat is the server's -------------------------------------------

    def leave(self) -> bool:
        """Stand up: the server lets the seat go (``left``), then :meth:`close_table`."""
        if not self.send({"type": "leave"}):
            self.close_table()
        return True

    def close_table(self) -> None:
        """The server let the seat go: back to the lobby, with this sitting's summary (as
        at the local table: the coups, the net, the graded bets)."""
        from .bj_summary import SessionSummary, SessionTally

        screen, app = self.screen, self.screen.app
        if self.played.rounds:
            tally = SessionTally(replace(self.played, game=screen.GAME), decisions=accuracy(self.decisions))
            note = _("At table {n} of the server: your chips and history are kept there.").format(n=self.table_id)
            app.call_later(lambda: app.push_screen(SessionSummary(tally, note)))
        screen.on_leave()
        shown: object = app.screen  # the table's screen, unless a dialog is over it
        if shown is screen:
            app.pop_screen()
        if app.session is not None:
            app.session.send({"type": "lobby"})

    def history(self) -> bool:
        """``y``: the player's own latest coups, asked of the server (shown when they come)."""
        self.send({"type": "history", "game": self.screen.GAME})
        return True
