"""The blackjack table: the dealer, 0–4 computer seats and the player.

The screen renders the table and owns no rule, and no money: the table service
(:class:`~cardtable.tables.blackjack.BlackjackTable`, in-process with one person, the
same service ``cardtable serve`` runs) takes the bet, deals, lets the computer seats
act, validates the player's actions, saves each one before its card and settles. The
screen holds one reactive :attr:`BlackjackScreen.view`: the picture on screen (a
:class:`~cardtable.core.blackjack.RoundState`) and the phase. The base screen's
:meth:`~GameScreen.catch_up` brings the picture up to the table event by event; what a
key or button may do is computed from the view.

Seats: the computer seats sit to the player's right and act first; the player sits
last ("third base"), so they see the other seats' cards before deciding.

The coach: each of the player's decisions is valued exactly for the cards
left (``widgets/blackjack/coach.py``: a worker thread, started when the turn begins), so
``t`` shows every action's value and each choice is graded into the round's record and
history; with coach mode on (``k``) a costly choice asks :class:`CoachWarning` first.
``g`` opens the strategy chart on the hand's cell.
"""

from __future__ import annotations

from dataclasses import replace

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Header

from ...ai.grading import Decision
from ...ai.seats import ComputerSeats
from ...core.blackjack import Action, HandResult, Round, RoundState, Rules
from ...core.blackjack_refusals import action_refusal
from ...core.blackjack_table import Table
from ...core.cards import Card
from ...core.record import RoundRecord
from ...resources import asset_path
from ...tables.blackjack import BlackjackService as TableService
from ...tables.hub import TableError
from ...tables.local import YOU, LocalAccount, LocalHub, local_blackjack, resume_local_blackjack
from ..widgets.blackjack.coach import CoachSpot
from ..widgets.blackjack.table import ACTIONS, BlackjackTable, Phase, TableView, pause_kind, shoe_left_at
from ..widgets.blackjack.words import result_line, turn_prompt
from ..widgets.common.footer import KeyFooter
from .bj_summary import SessionStats, SessionSummary
from .blackjack_betting import BlackjackBetting
from .blackjack_coach import BlackjackCoach

__all__ = ["BlackjackScreen", "SessionSummary", "SessionStats", "Phase", "TableView"]

#: The player's action keys, for the refusal that says why one does nothing.
_KEY_ACTIONS = {"h": "hit", "s": "stand", "d": "double", "p": "split"}


class BlackjackScreen(BlackjackCoach, BlackjackBetting):
    """The blackjack table."""

    CSS_PATH = [str(asset_path("styles", "blackjack.tcss"))]

    BINDINGS = [
        Binding("h", "play('hit')", "Hit", priority=True, id="bj.hit"),
        Binding("s", "play('stand')", "Stand", priority=True, id="bj.stand"),
        Binding("d", "play('double')", "Double", priority=True, id="bj.double"),
        Binding("p", "play('split')", "Split", priority=True, id="bj.split"),
        Binding("t", "tip", "Tip", priority=True, id="bj.tip"),
        Binding("k", "coach", "Coach", priority=True, id="blackjack.coach"),
        Binding("n", "count", "Count", priority=True, id="blackjack.count", show=False),
        # The chart is on its own button ("Chart g"): the footer has no room left at 80.
        Binding("g", "chart", "Chart", priority=True, id="blackjack.chart", show=False),
        # The bet keys are shown by the bet row's own "−" and "+" buttons (disabled
        # exactly when the key does nothing), not in the footer, which then fits 80.
        Binding("plus,up", "bet(1)", "Bet up", priority=True, id="bj.bet_up", key_display="+", show=False),
        Binding("minus,down", "bet(-1)", "Bet down", priority=True, id="bj.bet_down", key_display="-", show=False),
        # shown by the bet row's "Repeat r" button
        Binding("r", "repeat", "Repeat", priority=True, id="bj.repeat", show=False),
        Binding("enter", "deal", "Deal", id="bj.deal", priority=True),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.rules = Rules()
        #: The table service this screen plays at (in-process: the local game).
        self.service: TableService | None = None
        self.seats = ComputerSeats(())
        self.stats = SessionStats()
        self.last_bet: int | None = None
        self._resumed: TableService | None = None
        #: The next prompt says that the round was waiting (once, after a resume).
        self._welcome_back = False
        self._coach_setup()

    # -- the round, read through the table ------------------------------------------

    @property
    def table(self) -> Table | None:
        """The core table the service deals from (its shoe, its round)."""
        return self.service.core if self.service is not None else None

    @property
    def round(self) -> Round | None:
        return self.service.core.round if self.service is not None else None

    @property
    def phase(self) -> Phase:
        return self.view.phase

    @property
    def picture(self) -> RoundState | None:
        return self.view.picture

    @property
    def human(self) -> int:
        """The player's seat index (last: computer seats act first)."""
        return len(self.seats)

    @property
    def ascii(self) -> bool:
        return self.app.ascii

    def table_minimum(self) -> int:
        return self.rules.min_bet

    # -- layout ---------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        settings = self.app.settings
        self.rules = Rules(min_bet=settings.bj_min, max_bet=settings.bj_max)
        self.seats = ComputerSeats(settings.bj_seats)
        self.account = LocalAccount(self.app.store, self.app.bankroll)
        self.hub = LocalHub(self.table_said)
        # A round left open (here or in an earlier run) is replayed from its record, with
        # the rules and seats it was dealt with, whatever the settings say now.
        resumed = self.resume_saved(self._replay)
        if resumed is not None:
            self._resumed, self.seats = resumed
            self.rules = resumed[0].rules
        self._layout = BlackjackTable(self.rules, self.seats.levels, id="bj-table")
        self._bet = self._layout.bet
        self._banner = self._layout.banner
        yield Header()
        yield self._layout
        yield KeyFooter(compact=True)

    def _replay(self, record: RoundRecord) -> tuple[TableService, ComputerSeats]:
        service = resume_local_blackjack(self.account, self.hub, record, rng=self.app.rng(self.GAME),
                                         keep_states=True)
        seats = ComputerSeats([s.level for s in service.occupants if s.level is not None])
        if len(seats) != len(service.occupants) - 1:
            from ...core.record import RecordError

            raise RecordError("the saved round's computer seats are not readable")
        saved = record.meta.get("decisions")
        if isinstance(saved, list):  # the decisions graded before the round was left
            self._decisions = [d.to_json() for d in (Decision.from_json(x) for x in saved) if d is not None]
        return service, seats

    def on_mount(self) -> None:
        self._bet.set_value(self.rules.min_bet)
        self._recall()
        if self._resumed is not None:
            self.service = self._resumed
        else:
            shoe = self.app.make_shoe(self.GAME, self.rules.decks, self.rules.cut_from_end)
            self.service = local_blackjack(self.account, self.hub, self.rules, self.seats.levels,
                                           self.seats.stacks, shoe=shoe, keep_states=True)
        assert self.table is not None
        self.watch(self.app, "bankroll", self._bankroll_changed, init=False)
        self.view = TableView(shoe_left=self.table.shoe.remaining)
        self.call_after_refresh(self._draw)  # again once the rows know their width
        if self._resumed is not None and self.round is not None:
            bets = self.table.record().start.get("bets")  # the bet it was dealt with
            bet = bets[self.human] if isinstance(bets, list) else None
            if isinstance(bet, int):
                self.last_bet = bet
                self._bet.set_value(bet)
            self._welcome_back = True
            self.banner.show("Your round was waiting for you: it goes on where it stopped.", "info")
            try:
                self.service.start_resumed()
            except TableError as error:
                self._refused(error)
                return
            self._advance(shown=0)
            return
        self.offer_refill_if_needed()

    # -- what may be done: computed from the view -------------------------------------

    def legal(self) -> set[Action]:
        """The table's legal actions for the player, once the picture has caught up."""
        r = self.round
        if self.view.phase is not Phase.PLAYER or r is None or r.turn is None or r.turn[0] != self.human:
            return set()
        return r.legal_actions()

    def allowed(self, action: str, parameter: object = None) -> bool:
        """Whether the action may be taken now (keys and buttons alike)."""
        betting = self.view.phase is Phase.BETTING and self.table is not None
        if action == "play":
            return ACTIONS.get(str(parameter)) in self.legal()
        if action == "tip":
            return bool(self.legal())
        if action == "coach":
            return True
        if action == "chip":  # a chip the bankroll cannot cover is off
            return betting and (parameter is None or self._bet.affordable(int(str(parameter))))
        if action == "deal":
            return betting and self.deal_refusal() is None
        if action == "repeat":
            return betting and self.last_bet is not None and self.deal_refusal() is None
        if action == "bet":
            if not betting:
                return False
            return self._bet.can_increase if parameter == 1 else self._bet.can_decrease
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("play", "tip", "deal", "repeat", "chip", "bet"):
            return True if self.allowed(action, parameters[0] if parameters else None) else None
        return True

    def watch_view(self, view: TableView) -> None:
        """Render the picture and restyle the controls from the view."""
        if self.table is None:
            return
        r = self.round
        at_stake = r.staked(self.human) if r is not None and not r.finished else 0
        betting = view.phase is Phase.BETTING
        if betting:  # the bet shown can always be dealt (the minimum when nothing can)
            self._bet.cap = max(self.app.bankroll, self.rules.min_bet)
        self._layout.restyle(self.allowed, betting, at_stake)
        self._draw()

    def _draw(self) -> None:
        if self.table is not None:
            r, picture = self.round, self.view.picture
            in_round = r is not None and not r.finished
            stacks = [
                (r.bankroll(i) or 0) if r is not None and in_round else stack
                for i, stack in enumerate(self.seats.stacks)
            ]
            self._layout.draw(
                self.counted(self.view, self.rules),
                stacks,
                live=picture is not None and r is not None and picture.applied == len(r.events),
                min_bet=self.rules.min_bet,
                just_shuffled=self.table.just_shuffled,
                session_net=self.stats.net if self.stats.rounds else None,
                ascii=self.ascii,
            )

    def on_key(self, event: events.Key) -> None:
        """A table key that does nothing now says why, instead of being ignored."""
        name = _KEY_ACTIONS.get(event.key)
        r = self.round
        if name is not None and self.view.phase is Phase.PLAYER and r is not None:
            if not self.allowed("play", name):
                event.stop()
                refusal = action_refusal(r, self.human, ACTIONS[name])
                self.banner.show(refusal or f"{name.capitalize()} is not possible now.", "error")
        elif event.key in ("enter", "r") and self.view.phase is Phase.BETTING:
            if event.key == "r" and self.last_bet is None:
                event.stop()
                self.banner.show("No previous bet yet: press ⏎ to deal the bet shown.", "info")
            elif (refusal := self.deal_refusal()) is not None:
                event.stop()
                self.banner.show(refusal, "error")
                self.offer_refill_if_needed()

    def action_deal(self) -> None:
        """Place the bet: the table commits the stake before a card is dealt."""
        service, table = self.service, self.table
        if not self.allowed("deal") or service is None or table is None:
            return
        app = self.app
        app.sync_bankroll()
        bet = self._bet.value
        refusal = table.refusal(bet, app.bankroll)
        if refusal is not None:
            self.banner.show(refusal, "error")
            self.offer_refill_if_needed()
            return
        self._new_round_coach()
        dealt = service.round_no
        try:
            service.bet(YOU, bet)
        except TableError as error:
            self._refused(error)
            return
        if service.round_no == dealt:
            self.banner.show("Not dealt: the data file did not take the bet (see the message).", "error")
            return
        self.last_bet = bet
        self._remember()
        self.banner.show("The cut card came out: the shoe was shuffled." if table.just_shuffled else "", "info")
        self._advance(shown=0)

    def _refused(self, error: TableError) -> None:
        """The table refused (nothing changed), or voided the round: said on the banner."""
        if error.code == "void":
            self._shoe_ran_out()
            return
        text = str(error)
        self.banner.show(text[:1].upper() + text[1:], "error")
        if error.code == "store":
            self.report_refusal("That could not be saved, so it was not done", error)
        self.offer_refill_if_needed()

    # -- the player's actions ---------------------------------------------------------

    def _act(self, action: Action, decision: Decision | None) -> None:
        """Take ``action`` — the table saves it (with its grade) before its card is
        dealt, so a restart never offers the decision again with the next card known."""
        r, service = self.round, self.service
        if action not in self.legal() or r is None or service is None or r.turn is None:
            return
        shown = len(r.events)
        try:
            service.act(YOU, action, decision.to_json() if decision is not None else None)
        except TableError as error:
            self._refused(error)
            return
        if decision is not None:
            self._decisions.append(decision.to_json())
        self._hide_tip()
        self._advance(shown)

    # -- the coach: values worked out off the UI thread ----------------------------------

    def _spot(self) -> CoachSpot | None:
        """The player's decision now, as their seat sees it (None when not their turn)."""
        r = self.round
        if not self.legal() or r is None:
            return None
        return CoachSpot.of(r.view(self.human))

    # -- coach mode and the chart --------------------------------------------------------

    def action_chart(self) -> None:
        """The strategy chart for these rules, the current hand's cell marked."""
        try:
            from .chart import ChartScreen
        except ImportError:
            self.banner.show("The strategy chart is not available in this version.", "error")
            return
        spot = self._spot()
        self.app.push_screen(ChartScreen(self.rules, spot.cell if spot is not None else None))

    # -- running the round --------------------------------------------------------------

    def _advance(self, shown: int) -> None:
        """Catch the picture up from event ``shown`` to the table (which has already let
        the computer seats act, and the dealer when no one is left to act)."""
        r = self.round
        if r is None:
            return
        if not self.app.animations:  # one frame: the table as it now stands
            self._caught_up()
            return
        if shown and self.banner.kind != "error":  # the prompt for a decision taken is stale
            self.banner.show("The dealer plays…" if r.turn is None else "", "info")
        self.view = replace(self.view, phase=Phase.DEALING)
        self.catch_up(r.states[shown:], self._show_step, self._pause_before, self._caught_up)

    def _pause_before(self, state: RoundState) -> float:
        kind = pause_kind(self.round, state, self.human) if self.round is not None else None
        return self.app.delay(kind) if kind is not None else 0.0

    def _show_step(self, state: RoundState) -> None:
        left = shoe_left_at(self.round, state, self.table.shoe.remaining) if self.table and self.round else 0
        self.view = TableView(Phase.DEALING, state, left)

    def _caught_up(self) -> None:
        """The picture shows the table: the player's turn, or the settlement."""
        r, table = self.round, self.table
        if r is None or table is None:
            return
        state = r.state()
        if r.finished:
            self._settle(state)
            return
        self.view = TableView(Phase.PLAYER, state, table.shoe.remaining)
        self._prompt()
        self._prefetch()

    def _prompt(self) -> None:
        r = self.round
        if r is None or r.turn is None:
            return
        prefix = "New shoe · " if self.table is not None and self.table.just_shuffled else ""
        if self._welcome_back:
            self._welcome_back = False
            prefix = "Your round was waiting · " + prefix
        prompt = turn_prompt(r.view(self.human), prefix)
        note = self.count_note(self.view, self.rules)
        self.banner.show(f"{prompt} · {note}" if note else prompt, "info")

    def _seen_before(self) -> tuple[Card, ...]:
        return self.table.seen_since_shuffle if self.table is not None else ()

    def _recount(self) -> None:
        self._draw()
        if self.view.phase is Phase.PLAYER:
            self._prompt()

    def _shoe_ran_out(self) -> None:
        """The shoe ran out mid-round (only a tiny test shoe can): a malfunction, so the
        table voided the round and returned its stakes."""
        self.stop_catching_up()
        self.view = TableView(Phase.BETTING, None, self.table.shoe.remaining if self.table else 0)
        self.banner.show("The shoe ran out: this round is void and every stake returned.", "error")

    def _settle(self, state: RoundState) -> None:
        r = self.round
        if r is None or r.results is None:
            return
        mine: list[HandResult] = r.results[self.human]
        self.seats.settle(r)
        self._remember()
        self.stats.add(mine)
        self.view = TableView(Phase.BETTING, state, self.table.shoe.remaining if self.table else 0)
        self.banner.show(*result_line(state, mine))
        self.offer_refill_if_needed()

    # -- leaving --------------------------------------------------------------------------

    def round_in_progress(self) -> bool:
        return self.view.phase is not Phase.BETTING

    def on_leave(self) -> None:
        self.stop_catching_up()  # the session summary: GameScreen.show_session_summary
