"""The blackjack table, local or shared: the dealer, the other seats and the player.

One screen for both: it asks a :class:`~.blackjack_client.BlackjackClient` what the
table looks like and what the player may do, and hands it the player's choices. At the
local table (``BlackjackScreen()``) the client wraps the in-process table service and
returns the core round's pictures, which the base screen's :meth:`~GameScreen.catch_up`
shows one by one; at a server's table (``BlackjackScreen(snapshot)``) it wraps the
connection, and each snapshot is the picture (:mod:`.blackjack_remote` routes them).
The screen owns no rule and no money: what it would refuse it asks the client.

Seats: the other seats sit to the player's right and act first; the player sits last.
The coach (:mod:`.blackjack_coach`): ``t`` every action's value, each choice graded
into the round's record, ``k`` coach mode, ``n`` the count, ``g`` the chart.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.geometry import Size

from ...ai.grading import Decision
from ...ai.seats import ComputerSeats
from ...core.blackjack import Action, Round, RoundState, Rules
from ...core.blackjack_phase import Phase
from ...core.blackjack_table import Table
from ...i18n import N_, _
from ...net.view import SEATS, SharedTable, SnapshotError
from ...resources import asset_path
from ...tables.hub import TableError
from ..blackjack_client import BlackjackClient, LocalBlackjackClient, RemoteBlackjackClient
from ..widgets.blackjack.coach import CoachSpot
from ..widgets.blackjack.table import ACTIONS, BlackjackFelt, TableView
from ..widgets.common.footer import KeyFooter
from ..widgets.common.footer_keys import keys_width
from ..widgets.common.header import TitleHeader
from .bj_summary import SessionStats, SessionSummary
from .blackjack_sitting import BlackjackSitting

__all__ = ["BlackjackScreen", "SessionSummary", "SessionStats", "Phase", "TableView"]

#: The player's action keys, for the refusal that says why one does nothing.
_KEY_ACTIONS = {"h": "hit", "s": "stand", "d": "double", "p": "split"}
#: The app's own keys, left out of the footer when the table's keys need its room
#: (Japanese and Lithuanian words at 80 columns); they still work, and the lobby shows them.
_APP_KEYS = (
    Binding("ctrl+q", "app.quit", N_("Quit"), priority=True, show=False),
    Binding("question_mark", "app.rules", N_("Rules"), show=False),
)


class BlackjackScreen(BlackjackSitting):
    """The blackjack table."""

    CSS_PATH = [str(asset_path("styles", "blackjack.tcss"))]

    BINDINGS = [
        # first of the table's keys, as at the other tables (after the base screen's esc)
        Binding("enter", "deal", N_("Deal"), id="bj.deal", priority=True),
        Binding("h", "play('hit')", N_("Hit"), priority=True, id="bj.hit"),
        Binding("s", "play('stand')", N_("Stand"), priority=True, id="bj.stand"),
        Binding("d", "play('double')", N_("Double"), priority=True, id="bj.double"),
        Binding("p", "play('split')", N_("Split"), priority=True, id="bj.split"),
        Binding("t", "tip", N_("Tip"), priority=True, id="bj.tip"),
        Binding("k", "coach", N_("Coach"), priority=True, id="blackjack.coach"),
        Binding("n", "count", N_("Count"), priority=True, id="blackjack.count", show=False),
        # The chart is on its own button ("Chart g"): the footer has no room left at 80.
        Binding("g", "chart", N_("Chart"), priority=True, id="blackjack.chart", show=False),
        # Only the host at a shared table seats computer players (the local table: settings).
        Binding("c", "computers", N_("Computers"), priority=True, id="shared.computers", show=False),
        # At a shared table: sit the next round out (the bet taken back), so it is not held up.
        Binding("x", "pass_round", N_("Sit out"), priority=True, id="shared.pass", show=False),
        # The bet keys are shown by the bet row's own "−" and "+" buttons.
        Binding("plus,up", "bet(1)", N_("Bet up"), priority=True, id="bj.bet_up", key_display="+", show=False),
        Binding("minus,down", "bet(-1)", N_("Bet down"), priority=True, id="bj.bet_down", key_display="-", show=False),
        # shown by the bet row's "Repeat r" button
        Binding("r", "repeat", N_("Repeat"), priority=True, id="bj.repeat", show=False),
    ]

    def __init__(self, snapshot: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.rules = Rules()
        self.client: BlackjackClient | None = None
        self.seats = ComputerSeats(())
        self.stats = SessionStats()
        self.last_bet: int | None = None
        self._coach_setup()
        if snapshot is not None:
            try:
                first = SharedTable.read(snapshot)
            except SnapshotError as error:
                raise ValueError(str(error)) from None
            self.table_id = first.table
            self.client = RemoteBlackjackClient(first, self.send)
            self.rules = first.rules
            # ⏎ places a bet for the next round here: the footer says "Bet", as the button
            enter = self._bindings.key_to_bindings.get("enter", [])
            self._bindings.key_to_bindings["enter"] = [
                replace(b, description=N_("Bet")) if b.action == "deal" else b for b in enter]

    # -- the round, read through the client ---------------------------------------------

    @property
    def local(self) -> LocalBlackjackClient | None:
        return self.client if isinstance(self.client, LocalBlackjackClient) else None

    @property
    def table(self) -> Table | None:
        """The core table of the local game (None at a shared table)."""
        return self.local.table if self.local is not None else None

    @property
    def round(self) -> Round | None:
        return self.local.round if self.local is not None else None

    @property
    def phase(self) -> Phase:
        return self.view.phase

    @property
    def picture(self) -> RoundState | None:
        return self.view.picture

    @property
    def human(self) -> int:
        """The player's seat in the picture (last: the other seats act first)."""
        return len(self.seats) if self.local is not None else SEATS - 1

    def table_minimum(self) -> int:
        return self.rules.min_bet

    # -- layout ---------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        levels: list[str] = [""] * (SEATS - 1)
        if self.remote is None:
            levels = self.local_setup()
        width, height = self.app.size  # the felt's: all but the header's and the footer's line
        self._layout = BlackjackFelt(self.rules, levels, size=Size(width, max(0, height - 2)), id="bj-table")
        self._bet = self._layout.bet
        self._banner = self._layout.banner
        if self.remote is not None:
            self._layout.deal_word = "bet"
            self._layout.buttons["deal"].label = _("Bet ⏎")
        self._footer = KeyFooter(early=True, compact=True)
        self._fit_footer()  # the footer is built with the keys that fit (not rebuilt once shown)
        yield TitleHeader()
        yield self._layout
        yield self._footer

    def on_mount(self) -> None:
        self._bet.set_value(self.rules.min_bet)
        self.watch(self.app, "bankroll", self._bankroll_changed, init=False)
        if self.remote is not None:
            self.remote.update(self.remote.state)  # its clock starts now
            self.show_coach_mode()
            self.set_interval(0.5, self.tick)
            self.table_moved()
        else:
            super().on_mount()
            self.local_mount()

    def retranslate(self) -> None:
        """The language changed: the table's buttons and words, and the banner's prompt."""
        if not self.is_mounted:
            return
        self._layout.retranslate()
        self._prompt()
        self._fit_footer()

    def on_resize(self) -> None:
        self._fit_footer()

    def _fit_footer(self) -> None:
        """Keep the footer's keys whole: the app's keys give their room to the table's
        when all of them would be wider than the screen."""
        hidden = {b.key for b in _APP_KEYS} <= set(self._bindings.key_to_bindings)
        shown = [b.binding for b in self.active_bindings.values()]
        if hidden:
            shown += [replace(b, show=True) for b in _APP_KEYS]
        hide = keys_width(shown, self.app.get_key_display, compact=True) > self.app.size.width
        if hide == hidden:
            return
        for binding in _APP_KEYS:
            if hide:
                self._bindings.key_to_bindings[binding.key] = [binding]
            else:
                self._bindings.key_to_bindings.pop(binding.key, None)
        if self.is_mounted:
            self.refresh_bindings()

    # -- what may be done ----------------------------------------------------------------

    def legal(self) -> set[Action]:
        """The player's legal actions, once the picture has caught up."""
        if self.view.phase is not Phase.PLAYER or self.client is None:
            return set()
        return set(self.client.legal())

    def allowed(self, action: str, parameter: object = None) -> bool:
        """Whether the action may be taken now (keys and buttons alike)."""
        client = self.client
        betting = self.view.phase is Phase.BETTING and client is not None and client.may_bet()
        if action == "play":
            return ACTIONS.get(str(parameter)) in self.legal()
        if action == "tip":
            return bool(self.legal())
        if action == "chip":  # a chip the bankroll cannot cover is off
            return betting and (parameter is None or self._bet.affordable(int(str(parameter))))
        if action == "deal":
            return betting and self.deal_refusal() is None
        if action == "repeat":
            if not betting or self.last_bet is None or client is None or client.bet_placed():
                return False
            return self.deal_refusal(None if client.repeats_bet_shown else self.last_bet) is None
        if action == "bet":
            return betting and (self._bet.can_increase if parameter == 1 else self._bet.can_decrease)
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("play", "tip", "deal", "repeat", "chip", "bet"):
            return True if self.allowed(action, parameters[0] if parameters else None) else None
        return True

    def on_key(self, event: events.Key) -> None:
        """A table key that does nothing now says why, instead of being ignored."""
        client = self.client
        name = _KEY_ACTIONS.get(event.key)
        if client is None:
            return
        if name is not None and (client.shared or self.view.phase is Phase.PLAYER) and not self.allowed("play", name):
            event.stop()
            self.banner.show(client.action_refusal(name), "error")
            return
        if event.key in ("enter", "r") and self.view.phase is Phase.BETTING and client.may_bet():
            if event.key == "r" and self.last_bet is None:
                event.stop()
                self.banner.show(_("No previous bet yet: press ⏎ to deal the bet shown."), "info")
            elif (refusal := self.deal_refusal()) is not None:
                event.stop()
                self.banner.show(refusal, "error")
                self.offer_refill_if_needed()
        elif event.key == "enter" and self.view.phase is not Phase.BETTING:
            # enter belongs to the table: never to whichever button kept the focus
            event.stop()
            event.prevent_default()
            if client.shared:
                self.banner.show(_("A round is being played: bets for the next one open when it is settled."), "info")
            elif self.view.phase is Phase.PLAYER:
                self.banner.show(_("Enter deals once the round is settled: now h, s, d or p."), "info")

    # -- the player's choices ------------------------------------------------------------

    def action_deal(self) -> None:
        """Place the bet shown (locally the table deals it at once, the stake committed
        before a card; at a shared table when everyone seated has bet or passed)."""
        client = self.client
        if not self.allowed("deal") or client is None:
            return
        if client.shared:
            self._place(self._bet.value)
            return
        self.app.sync_bankroll()
        if (refusal := self.deal_refusal()) is not None:
            self.banner.show(refusal, "error")
            self.offer_refill_if_needed()
            return
        self._new_round_coach()
        self._place(self._bet.value)

    def _place(self, bet: int) -> None:
        client = self.client
        assert client is not None
        dealt = client.round_no
        try:
            steps = client.bet(bet)
        except TableError as error:
            self._refused(error)
            return
        self.last_bet = bet
        if client.shared:
            return  # the server's snapshot says the rest
        if client.round_no == dealt:
            self.banner.show(_("Not dealt: the data file did not take the bet (see the message)."), "error")
            return
        self._remember()
        self.banner.show(_("The cut card came out: the shoe was shuffled.") if client.just_shuffled() else "", "info")
        self.table_moved(steps)

    def action_repeat(self) -> None:
        """``r``: the bet shown again locally (after a round it shows the last bet); the
        last bet again at a shared table."""
        client = self.client
        if not self.allowed("repeat") or client is None or self.last_bet is None:
            return
        if not client.repeats_bet_shown:
            self._bet.set_value(self.last_bet)
        self.action_deal()

    def action_pass_round(self) -> None:
        """``x``: sit the next round out (a shared table deals without waiting for you)."""
        if self.client is None:
            return
        refusal = self.client.pass_round()
        if refusal is not None:
            self.banner.show(refusal, "error" if self.client.shared else "info")
            return
        self.passed_round = self.client.round_no
        self.banner.show(_("You sit the next round out: a bet puts you back in."), "info")

    def _act(self, action: Action, decision: Decision | None) -> None:
        """Take ``action`` — the table saves it (with its grade) before its card is
        dealt, so a restart never offers the decision again with the next card known."""
        client = self.client
        if action not in self.legal() or client is None:
            return
        try:
            steps = client.act(action, decision.to_json() if decision is not None else None)
        except TableError as error:
            self._refused(error)
            return
        if decision is not None:
            self._decisions.append(decision.to_json())
            self.stats.decisions.append(decision)
        self._hide_tip()
        if not client.shared:
            self.table_moved(steps)

    def _spot(self) -> CoachSpot | None:
        """The player's decision now, as their seat sees it (None when not their turn)."""
        view = self.client.seat_view() if self.client is not None and self.legal() else None
        return CoachSpot.of(view) if view is not None else None

    def action_chart(self) -> None:
        """The strategy chart for these rules, the current hand's cell marked."""
        from .chart import ChartScreen

        spot = self._spot()
        self.app.push_screen(ChartScreen(self.rules, spot.cell if spot is not None else None))
