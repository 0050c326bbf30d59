"""A seat at the server's baccarat table (``cardtable join``), as the baccarat screen's
client.

The server decides and settles. Each ``baccarat`` snapshot is read into core types
(:class:`~cardtable.net.baccarat_view.SharedBaccarat`); a new coup arrives as a snapshot
(after a ``round_settled`` event with everyone's result) and is dealt out card by card
as at the local table, the stakes off the balance until the result is shown. A chip
sends the spot's new total (the server replaces what it held); ``enter`` says ready —
with no bet right after a coup, the last coup's bets again; with none at all, a pass.
The coup is dealt once every seated player is ready or passes, or when the betting
window closes (its countdown heads the players' line, :mod:`.baccarat_seat`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from types import MappingProxyType
from typing import Any

from ...core.baccarat import Outcome
from ...core.baccarat_table import Phase
from ...i18n import N_, _
from ...i18n.refusals import word_refusal
from ...net.baccarat_view import Settled, SharedBaccarat, ShoeCount, SnapshotError
from ..widgets.baccarat.layout import CoupView
from ..widgets.baccarat.table import bets_text
from ..widgets.baccarat.words import result_words, sat_out
from .baccarat_client import NO_BET_HINT, NO_LAST_BETS, NO_MORE_BETS, NOTHING_TO_CLEAR
from .baccarat_seat import SharedSeat

__all__ = ["RemoteBaccarat"]

_READY = N_("enter when ready")
_CLOSING = N_("The server is closing: no new coups.")
_NO_BETS: Mapping[Outcome, int] = MappingProxyType({})


def _spot(outcome: Outcome) -> str:
    """The protocol's name of a spot."""
    return outcome.label.lower()


class RemoteBaccarat(SharedSeat):
    """One seat at a shared baccarat table, fed by the server's snapshots."""

    COACH_OFF = N_("Coach off: your bets are still graded into your history on the server")

    def __init__(self, snapshot: dict[str, Any]) -> None:
        super().__init__(snapshot)
        first = SharedBaccarat.read(snapshot)  # SnapshotError is a ValueError
        #: The table as the server last described it (until mounted: the newest waits).
        self.shared: SharedBaccarat = first
        #: The cards seen since the shuffle (the odds panel's count).
        self._count = ShoeCount().follow(None, first)
        #: The last coup's settlement as announced, and the receiver's last bets (``r``).
        self._settled: Settled | None = None
        self._last_bets: Mapping[Outcome, int] = _NO_BETS
        #: Spot totals sent that no snapshot has shown yet (0: a clear sent), so that
        #: keys typed faster than the server answers add up.
        self._pending: dict[Outcome, int] = {}
        #: ``c`` with nothing placed: ``enter`` alone no longer repeats the last bets.
        self._cleared = False
        #: Sat down while bets were on the table: when their window closes is not known.
        self._window_unknown = first.any_bets and first.window is None

    def limits(self) -> tuple[int, int]:
        return self.shared.min_bet, self.shared.max_bet

    def decks(self) -> int:
        return self.shared.decks

    # -- the server's word ---------------------------------------------------------------

    def start(self) -> None:
        self._shown = True
        if self.shared.window is not None:  # sat down while the window runs: the server says when
            self.set_countdown(self.shared.window)
        self._show(self.shared)
        self.screen.show_bets(_("Place your bets: p Player · b Banker · t Tie, then {then}").format(then=_(_READY)))

    def update_snapshot(self, message: dict[str, Any]) -> None:
        try:
            now = SharedBaccarat.read(message)
        except SnapshotError as error:
            self.shared_error(_("The server sent a table this version cannot read ({error}).").format(error=error))
            return
        before = self.shared
        self._count = self._count.follow(before, now)
        if not self._shown:  # pushed, not mounted yet: the newest snapshot opens the table
            self.shared, self._window_unknown = now, now.any_bets and now.window is None
            return
        if now.round != before.round:
            # a coup was dealt: the bets went with it, a new betting window opens
            self._pending.clear()
            self._cleared = False
            self._window_unknown = False
            self.set_countdown(None)
            if now.last is not None:
                self._deal_out(now)
                return
        for outcome, amount in list(self._pending.items()):
            if now.my_bets.get(outcome, 0) == amount:
                del self._pending[outcome]
        if now.window is not None:  # the server says when the window closes
            self._window_unknown = False
            self.set_countdown(now.window)
        self._show(now)

    def shared_event(self, message: dict[str, Any]) -> None:
        super().shared_event(message)
        kind, state = message.get("type"), self.shared
        if kind == "bet_placed" and not self._window_unknown and state.bet_seconds > 0 and not self.window_running:
            # the server opens the betting window at the first bet after a coup
            self.set_countdown(state.bet_seconds)
        elif kind == "round_started":
            self.set_countdown(None)
        elif kind == "round_settled":
            self._settled = Settled.read(message, state.you_seat)

    def shared_error(self, text: str) -> None:
        super().shared_error(text)
        self._pending.clear()  # the server refused one of them: its snapshot stands
        if self._shown and not self.screen.dealing:
            self._show(self.shared)

    # -- drawing -----------------------------------------------------------------------

    def _show(self, state: SharedBaccarat) -> None:
        """The new snapshot: the bankroll follows; the picture too, unless a coup is
        being dealt out (it keeps the picture until settled)."""
        self.shared = state
        app = self.screen.app
        if state.bankroll is not None and state.bankroll != app.bankroll:
            app.bankroll = state.bankroll
        if not self.screen.dealing:
            self.screen.view = self.view()
            self.draw_players()

    def settled_now(self, state: SharedBaccarat | None = None) -> Settled | None:
        settled, state = self._settled, state or self.shared
        return settled if settled is not None and settled.round == state.round else None

    def view(self) -> CoupView:
        settled = self.settled_now()
        picture = self.shared.picture(
            settled.mine if settled is not None else _NO_BETS,
            result_shown=not self._placed(),
            repeat_on_deal=self._repeat_on_deal(),
        )
        return CoupView(Phase.BETTING, picture)

    # -- what may be done: from the snapshot -------------------------------------------

    def _placed(self) -> dict[Outcome, int]:
        """The receiver's bets for the next coup: the snapshot's, and what was sent since."""
        bets = dict(self.shared.my_bets)
        bets.update(self._pending)
        return {o: v for o, v in bets.items() if v}

    def bets_to_deal(self) -> Mapping[Outcome, int]:
        return self._placed()

    def _repeat_on_deal(self) -> bool:
        """``enter`` alone plays on with the last coup's bets (as at the local table):
        right after a coup the receiver bet on, until ``c``."""
        settled = self.settled_now()
        return settled is not None and bool(settled.mine) and not self._cleared and not self._placed()

    def allowed(self, action: str) -> bool:
        state = self.shared
        betting = self._shown and state.betting and not self.screen.dealing
        if action == "bet":
            return betting
        if action == "clear":
            return betting and bool(self._placed() or self._repeat_on_deal())
        if action == "repeat":
            return betting and bool(self._last_bets)
        if action == "deal":
            mine = state.mine
            waiting = mine is not None and mine.ready and not self._pending
            passing = not self._placed() and mine is not None and not mine.passed
            return betting and ((bool(self._placed()) and not waiting) or self._repeat_on_deal() or passing)
        return True

    def why_not(self, action: str) -> str:
        state = self.shared
        if self.screen.dealing:
            return _(NO_MORE_BETS)
        if not state.betting:
            return _(_CLOSING)
        if action == "clear":
            return _(NOTHING_TO_CLEAR)
        if action == "repeat":
            return _(NO_LAST_BETS)
        mine = state.mine
        if mine is not None and mine.ready and self._placed():
            return _("You are ready: {waiting}").format(waiting=self.waiting_words())
        if mine is not None and mine.passed:
            return _("You pass this coup: {waiting}").format(waiting=self.waiting_words())
        return _(NO_BET_HINT)

    def next_shoe(self) -> tuple[dict[int, int] | None, str]:
        """Counted from the coups this client saw since the shuffle."""
        return self._count.next_coup(self.shared)

    # -- betting: sent to the server ---------------------------------------------------

    def add_chip(self, outcome: Outcome, chip: int) -> None:
        """The chip shown on ``outcome``: the spot's new total goes to the server."""
        bets = self._placed()
        bets[outcome] = bets.get(outcome, 0) + chip
        self._send_bets(bets, (outcome,))

    def take_back(self, outcome: Outcome, chip: int) -> None:
        """A spot cannot be set to nothing, so a spot emptied means a clear and the
        others again."""
        bets = self._placed()
        has = bets.get(outcome, 0)
        if not has:
            return
        rest = has - chip
        if rest >= self.shared.min_bet:
            bets[outcome] = rest
            self._send_bets(bets, (outcome,))
            return
        del bets[outcome]
        self._send_clear()
        self._send_bets(bets, tuple(bets))

    def _send_bets(self, bets: dict[Outcome, int], changed: tuple[Outcome, ...]) -> bool:
        """Send the ``changed`` spots of the layout ``bets``, or say why the server would
        refuse them (nothing is sent then, nothing changes)."""
        refusal = self.shared.refusal(bets)
        if refusal is not None:
            self.screen.show_bets(word_refusal(refusal), "error")
            return False
        self.graded = []  # new bets: graded again when said ready
        for outcome in changed:
            if not self.send({"type": "bet", "amount": bets[outcome], "spot": _spot(outcome)}):
                return False
            self._pending[outcome] = bets[outcome]
        self.screen.show_bets(bets_text(bets, _(_READY)))
        return True

    def _send_clear(self) -> bool:
        if not self.send({"type": "clear"}):
            return False
        self._pending = dict.fromkeys(Outcome, 0)
        return True

    def clear(self) -> None:
        """Every bet back off the layout, and ``enter`` alone no longer plays on."""
        if self._placed() and not self._send_clear():
            return
        self._cleared = True
        self.screen.show_bets(_("Bets cleared"))

    def repeat(self) -> None:
        """The last coup's bets in place of those placed, then ready (``r``)."""
        bets = dict(self._last_bets)
        refusal = self.shared.refusal(bets)
        if refusal is not None:
            self.screen.show_bets(word_refusal(refusal), "error")
            return
        if self._send_clear() and self._send_bets(bets, tuple(bets)):
            self.screen.coached(self._placed(), self._ready, N_("say ready"))

    # -- ready: the coup is the server's -------------------------------------------------

    def deal(self) -> None:
        """Ready (with no bet right after a coup: the last coup's bets again; with none
        at all: a pass)."""
        if self._placed():
            self.screen.coached(self._placed(), self._ready, N_("say ready"))
        elif self._repeat_on_deal():
            self.repeat()
        elif self.send({"type": "deal"}):  # this coup goes on without the receiver
            self.screen.show_bets(_("You pass this coup: {waiting}").format(waiting=self.waiting_words()))

    def _ready(self) -> None:
        if not self.shared.betting or self.screen.dealing or not self._placed():
            return
        graded = self.screen.grade(self._placed())  # into the player's own history on the server
        if self.send({"type": "deal", "grades": [d.to_json() for d in graded]}):
            self.graded = graded
            self.screen.show_bets(_("Ready: {waiting}").format(waiting=self.waiting_words()))

    # -- the coup: dealt out as at the local table ---------------------------------------

    def _deal_out(self, now: SharedBaccarat) -> None:
        """Show the coup just dealt card by card, the stakes off the balance until the result."""
        settled = self.settled_now(now)
        mine = settled.mine if settled is not None else _NO_BETS
        if mine:
            self._last_bets = mine
        words = partial(self._result_words, now, settled)
        dealing = now.dealing(mine)
        self.shared = now
        app = self.screen.app
        if now.bankroll is not None:
            app.bankroll = now.bankroll
        returned = settled.my_net + dealing.staked if settled is not None and settled.my_net is not None else 0
        self.screen.table_layout.balance.amount = app.bankroll - returned
        self.screen.deal_out(dealing, _("New shoe · dealing…") if dealing.new_shoe else _("Dealing…"),
                             lambda: self._coup_done(words))
        self.draw_players()  # "Coup n" heads the line while it is dealt out

    def _coup_done(self, words: Callable[[], tuple[str, str]]) -> None:
        self.screen.table_layout.balance.amount = self.screen.app.bankroll
        self.screen.coup_shown(words)
        self.draw_players()

    @staticmethod
    def _result_words(now: SharedBaccarat, settled: Settled | None) -> tuple[str, str]:
        """Who won and the receiver's net (the local table's words), or that they sat out."""
        coup = now.last
        assert coup is not None
        if settled is not None and settled.mine:
            text, kind = result_words(coup, settled.mine)
        else:
            text, kind = (sat_out(coup) if settled is not None else result_words(coup, {})[0] + "."), "info"
        if len(now.roads) == 1 and now.round > 1:
            text = _("New shoe · {result}").format(result=text)
        return text, kind
