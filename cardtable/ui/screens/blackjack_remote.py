"""The blackjack screen at a server's table (``cardtable join``): what the app routes to
it (``ui/shared.py``: snapshots, events, the server's refusals and news), the turn's
countdown on the banner, the host's computer seats, and leaving — which the server
allows between rounds only. The table itself is drawn by the one blackjack screen
(:mod:`.blackjack`) from its :class:`~.blackjack_client.RemoteBlackjackClient`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.cells import cell_len
from textual import getters
from textual.screen import Screen

from ...i18n import _
from ...i18n.formatting import chips as format_chips
from ...i18n.refusals import word_refusal
from ...net.clean import said
from ...net.view import SharedTable, SnapshotError
from ..blackjack_client import BlackjackClient, RemoteBlackjackClient
from ..room import CardRoom
from ..widgets.blackjack.words import result_line
from ..widgets.common.banner import Banner

__all__ = ["BlackjackRemote"]


class BlackjackRemote(Screen[None]):
    """The shared table's part of the blackjack screen (unused at the local table)."""

    client: BlackjackClient | None
    _banner: Banner
    app = getters.app(CardRoom)  # typed: the card room's own attributes
    #: The server's number for this table (None: the local table).
    table_id: int | None = None
    #: The server is stopping: the round under way is the last.
    closing = False
    #: The banner's last prompt (the countdown rewrites only that, never a refusal).
    _prompted = ""
    #: What the table said about the last turn ("Time is up: …"), shown before the
    #: prompt for the turn that follows it, and that turn only.
    _notice = ""
    _notice_turn: tuple[int, int] | None = None
    #: The round after which the player sat the next one out (``x``), or None.
    passed_round: int | None = None

    @property
    def remote(self) -> RemoteBlackjackClient | None:
        return self.client if isinstance(self.client, RemoteBlackjackClient) else None

    @property
    def shared(self) -> SharedTable | None:
        """The table as the server last described it (None at the local table)."""
        remote = self.remote
        return remote.state if remote is not None else None

    @property
    def seconds_left(self) -> int | None:
        remote = self.remote
        return remote.seconds_left if remote is not None else None

    # The screen's: show the table as it stands; say the prompt; leave.
    table_moved: Callable[..., None]
    _prompt: Callable[[], None]
    _close: Callable[..., None]

    # -- what the app routes here (ui/shared.py) ---------------------------------------

    def update_snapshot(self, message: dict[str, Any]) -> None:
        remote = self.remote
        if remote is None:
            return
        try:
            state = SharedTable.read(message)
        except SnapshotError as error:
            words = _("The server sent a table this version cannot read ({error}).").format(error=error)
            self._banner.show(words, "error")
            return
        remote.update(state)
        if state.bankroll is not None and state.bankroll != self.app.bankroll:
            self.app.bankroll = state.bankroll
        if self._notice and self._notice_turn is None:
            self._notice_turn = state.turn or (-1, -1)
        elif self._notice and state.turn != self._notice_turn:
            self._notice = ""  # said for one turn
        self.table_moved()

    def shared_event(self, message: dict[str, Any]) -> None:
        """A table event (the snapshot that follows carries the state; events add words)."""
        if message.get("type") == "timeout":
            self._notice = word_refusal(said(message.get("code"), message.get("params")))
            self._notice_turn = None  # bound to the turn of the next snapshot

    def shared_error(self, text: str) -> None:
        """The server refused something, or the connection dropped: said on the banner."""
        if not self._banner.is_mounted:
            self.app.notify(text, severity="error")
            return
        self._banner.show(text, "error")

    def shared_notice(self, text: str) -> None:
        """News from the server (it is stopping, it has closed), said on the banner."""
        if not self._banner.is_mounted:
            self.app.notify(text, severity="warning", timeout=10)
            return
        self._banner.show(text, "info")

    @property
    def said(self) -> str:
        """What the table's banner says now (e.g. the last round's result)."""
        return str(self._banner.text)

    def send(self, message: dict[str, Any]) -> bool:
        """Send one message to the server; False (and the player told) when not connected."""
        session = self.app.session
        if session is None:
            self._banner.show(_("Not connected to the server (reconnecting…): nothing was sent."), "error")
            return False
        session.send(message)
        return True

    def close_table(self) -> None:
        """The server let the seat go: back to the lobby, with this sitting's summary."""
        self._close()
        if self.app.session is not None:
            self.app.session.send({"type": "lobby"})

    # -- the banner: whose turn, with its countdown ------------------------------------

    def tick(self) -> None:
        """Twice a second the countdown moves on — unless the banner says something else
        meanwhile (a refusal, the timeout), which stays until the table changes."""
        state = self.shared
        running = state is not None and (state.turn is not None or state.bet_window is not None)
        if running and self._banner.text == self._prompted:
            self._prompt()

    def clock(self) -> str:
        left = self.seconds_left
        return " · " + _("{seconds} s").format(seconds=left) if left is not None else ""

    def waiting_words(self) -> tuple[str, str] | None:
        """What the banner says at a shared table when it is not the player's turn."""
        state = self.shared
        if state is None:
            return None
        if state.turn is not None:
            return f"{word_refusal(state.note)}{self.clock()}", "info"
        picture = state.picture()
        results = [r for r in (state.mine.results if state.mine is not None else ()) if r is not None]
        if picture is not None and results and picture.finished:
            return result_line(picture, results)
        if state.phase == "closing":
            return _("The server is closing: no new rounds."), "error"
        mine = state.mine
        if mine is not None and mine.bet:
            return (_("Your bet of {amount} is in: dealt when everyone seated has bet or passed").format(
                amount=format_chips(mine.bet)) + self.clock(), "info")
        if self.passed_round == state.round:
            return _("You sit the next round out: a bet puts you back in.") + self.clock(), "info"
        place = _("Place your bet: + and − or a chip, then ⏎.")
        return f"{word_refusal(state.note)} {place}{self.clock()}", "info"

    def with_notice(self) -> None:
        """The last turn's notice before the prompt, when both fit on the line."""
        width = self._banner.content_size.width or self.size.width or 80
        if self._notice and self._banner.kind == "info":
            text = f"{self._notice} · {self._banner.text}"
            if cell_len(text) <= width:
                self._banner.show(text, "info")
        self._prompted = self._banner.text

    # -- the host's computer seats ------------------------------------------------------

    def action_computers(self) -> None:
        """The host fills the empty seats with computer players (the settings' levels),
        or takes them away; at the local table the settings choose them."""
        remote, state = self.remote, self.shared
        if remote is None or state is None:
            self._banner.show(_("The computer seats are chosen in the settings."), "info")
            return
        if state.phase != "betting" or not state.is_host:
            if state.is_host:
                words = _("Computer players change between rounds.")
            elif state.host:
                words = _("Only the host ({host}) seats computer players, between rounds.").format(host=state.host)
            else:
                words = _("Only the host seats computer players, between rounds.")
            self._banner.show(words, "error")
            return
        self._banner.show(remote.computers(self.app.settings.bj_seats), "info")
