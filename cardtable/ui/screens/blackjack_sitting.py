"""Sitting down at the blackjack table and standing up.

At the local table the screen builds its client here: the in-process table service,
with the settings' rules and computer seats, or the round left open (here or in an
earlier run) replayed from its record with the rules and seats it was dealt with. A
round under way may be left there: it waits. At a shared table a hand in play may not
be left (the seat is the server's until the round is settled); the session summary is
shown on leaving at both; ``y`` opens this computer's history, or at a shared table
the player's own rounds on the server (the protocol's ``history``).
"""

from __future__ import annotations

from ...ai.grading import Decision
from ...ai.seats import ComputerSeats
from ...core.blackjack import Rules
from ...core.blackjack_phase import Phase
from ...core.record import RecordError, RoundRecord
from ...i18n import _
from ...tables.hub import TableError
from ...tables.local import LocalAccount, LocalHub, local_blackjack, resume_local_blackjack
from ..blackjack_client import LocalBlackjackClient
from ..widgets.blackjack.table import TableView
from .bj_summary import SessionSummary
from .blackjack_picture import BlackjackPicture

__all__ = ["BlackjackSitting"]


class BlackjackSitting(BlackjackPicture):
    """The blackjack screen's arrival and departure (a base of the screen)."""

    GAME = "blackjack"

    seats: ComputerSeats
    #: The next prompt says that the round was waiting (once, after a resume).
    _welcome_back = False
    _resumed: LocalBlackjackClient | None = None

    # -- the local table ----------------------------------------------------------------

    def local_setup(self) -> list[str]:
        """The local table's rules and seats (a resumed round's own); their levels."""
        settings = self.app.settings
        self.rules = Rules(min_bet=settings.bj_min, max_bet=settings.bj_max)
        self.seats = ComputerSeats(settings.bj_seats)
        self.account = LocalAccount(self.app.store, self.app.bankroll)
        self.hub = LocalHub(self.table_said)
        resumed = self.resume_saved(self._replay)
        if resumed is not None:
            self._resumed = resumed
            self.seats = resumed.seats
            self.rules = resumed.rules
        return list(self.seats.levels)

    def _replay(self, record: RoundRecord) -> LocalBlackjackClient:
        service = resume_local_blackjack(self.account, self.hub, record, rng=self.app.rng(self.GAME),
                                         keep_states=True)
        seats = ComputerSeats([s.level for s in service.occupants if s.level is not None])
        if len(seats) != len(service.occupants) - 1:
            raise RecordError("the saved round's computer seats are not readable")
        saved = record.meta.get("decisions")
        if isinstance(saved, list):  # the decisions graded before the round was left
            self._decisions = [d.to_json() for d in (Decision.from_json(x) for x in saved) if d is not None]
        return LocalBlackjackClient(service, seats)

    def local_mount(self) -> None:
        """Sit at the local table: a new service, or the resumed round going on."""
        self._recall()
        resumed = self._resumed
        if resumed is None:
            shoe = self.app.make_shoe(self.GAME, self.rules.decks, self.rules.cut_from_end)
            service = local_blackjack(self.account, self.hub, self.rules, self.seats.levels,
                                      self.seats.stacks, shoe=shoe, keep_states=True)
            self.client = LocalBlackjackClient(service, self.seats)
            self.view = TableView(shoe_left=service.core.shoe.remaining)
            self.offer_refill_if_needed()
            return
        self.client = resumed
        self.view = TableView(shoe_left=resumed.shoe_left())
        bets = resumed.table.record().start.get("bets")  # the bet it was dealt with
        bet = bets[resumed.human] if isinstance(bets, list) else None
        if isinstance(bet, int):
            self.last_bet = bet
            self._bet.set_value(bet)
        self._welcome_back = True
        self._banner.show(_("Your round was waiting for you: it goes on where it stopped."), "info")
        try:
            steps = resumed.start_resumed()
        except TableError as error:
            self._refused(error)
            return
        self.table_moved(steps)

    def round_settled(self) -> None:
        """A local round was settled: the computer seats' chips and the last bet kept."""
        client = self.client
        if isinstance(client, LocalBlackjackClient):
            client.settled()
            self._remember()

    def _refused(self, error: TableError) -> None:
        """The table refused (nothing changed), or voided the round: said on the banner."""
        if error.code == "void":
            self.stop_catching_up()
            left = self.client.shoe_left() if self.client is not None else 0
            self.view = TableView(Phase.BETTING, None, left)
            self._banner.show(_("The shoe ran out: this round is void and every stake returned."), "error")
            return
        text = str(error)
        self._banner.show(text[:1].upper() + text[1:], "error")
        if error.code == "store":
            self.report_refusal(_("That could not be saved, so it was not done"), error)
        self.offer_refill_if_needed()

    # -- leaving ---------------------------------------------------------------------------

    def round_in_progress(self) -> bool:
        client = self.client
        if client is not None and client.shared:
            return client.stake() > 0
        return self.view.phase is not Phase.BETTING

    def on_leave(self) -> None:
        self.stop_catching_up()

    def action_leave(self) -> None:
        """Back to the lobby. A local round waits for the player; at a shared table a
        hand in play is refused with words, and otherwise the seat is given back."""
        client = self.client
        if client is None or not client.shared:
            super().action_leave()
            return
        if self.round_in_progress():
            # one line at 80 columns (were the app closed, the hand would stand when its time is up)
            self._banner.show(_("Your hand is in play: you can leave once this round is settled."), "error")
            return
        if not client.leave():
            self._close()

    def _note_session_start(self) -> None:
        if self.client is None or not self.client.shared:
            super()._note_session_start()

    def show_session_summary(self, note: str = "") -> bool:
        """Locally the statistics' difference (:class:`GameScreen`); at a shared table
        the rounds this screen saw settled (the statistics are the server's)."""
        client = self.client
        if client is None or not client.shared:
            return super().show_session_summary(note)
        if not self.stats.rounds:
            return False
        summary = SessionSummary(self.stats.tally(), note)
        self.app.call_later(lambda: self.app.push_screen(summary))
        return True

    def action_history(self) -> None:
        """This game's history: locally the history screen; at a shared table the
        player's own rounds on the server (asked for; ``ui/shared.py`` shows the answer)."""
        if self.client is None or not self.client.shared:
            super().action_history()
            return
        if self.send({"type": "history", "game": self.GAME, "limit": 20}):
            self._banner.show(_("Asking the server for your rounds…"), "info")

    def _bankroll_changed(self, bankroll: int) -> None:
        """Between rounds the bet follows the bankroll down (never a lit Deal that
        refuses), and a refusal the new bankroll answers is taken off the banner."""
        if self.view.phase is not Phase.BETTING:
            return
        if self._banner.kind == "error" and self.deal_refusal() is None and not self.client_is_shared:
            self._banner.show(_("Place your bet: + and − or a chip, then ⏎ to deal."), "info")
        self._restyle()

    @property
    def client_is_shared(self) -> bool:
        return self.client is not None and self.client.shared
