"""The blackjack table: the dealer, 0–4 computer seats and the player (issue 5).

The screen renders the core's table and owns no rule. The core's
:class:`~cardtable.core.blackjack_table.Table` deals, lets the computer seats act
(asked through their view), validates the player's actions and settles; every step
is applied to it at once. The screen holds one reactive :attr:`BlackjackScreen.view`:
the picture on screen (a :class:`~cardtable.core.blackjack.RoundState` snapshot) and
the phase. The base screen's :meth:`~GameScreen.catch_up` brings the picture up to
the table event by event; what a key or button may do is computed from the view.

Seats: the computer seats sit to the player's right and act first; the player sits
last ("third base"), so they see the other seats' cards before deciding.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.widgets import Button, Header

from ...core import config
from ...core.blackjack import Action, EventKind, HandResult, Round, RoundState, Rules
from ...core.blackjack_table import SeatPlayer, Table
from ...core.cards import ShoeEmpty
from ...core.money import format_chips, format_signed
from ...core.record import RecordError
from ...resources import asset_path
from ..widgets.blackjack.seat import ComputerSeat, DealerRow, PlayerHands
from ..widgets.blackjack.words import result_line, turn_prompt
from ..widgets.common.banner import Banner
from ..widgets.common.bet import BetControls, bet_ladder
from ..widgets.common.chips import ChipBalance
from ..widgets.common.footer import KeyFooter
from ..widgets.common.labels import FixedLabel
from .base import GameScreen
from .bj_summary import SessionStats, SessionSummary

__all__ = ["BlackjackScreen", "SessionSummary", "SessionStats", "Phase", "TableView"]

SEAT_NAMES = ("Ada", "Bert", "Cleo", "Dov")
#: Computer seats start with 1,000 virtual chips of their own (never the player's).
COMPUTER_STACK = 100_000
CHIP_VALUES = (500, 2_500, 10_000, 50_000)
_LEVELS = config.LEVELS
_ACTIONS = {"hit": Action.HIT, "stand": Action.STAND, "double": Action.DOUBLE, "split": Action.SPLIT}


class Phase(str, Enum):
    """Where the table stands, as the player sees it."""

    BETTING = "betting"  # no round, or the last one settled: bet and deal
    DEALING = "dealing"  # cards coming out, computer seats or the dealer at work
    PLAYER = "player"  # the player's hand is to act


@dataclass(frozen=True)
class TableView:
    """What the screen shows: the picture of the round and the phase it implies."""

    phase: Phase = Phase.BETTING
    #: The round as shown (it may lag the table while the picture catches up).
    picture: RoundState | None = None
    #: Cards still in the shoe as shown (the cards not yet on screen count as in it).
    shoe_left: int = 0


def _make_player(level: str) -> SeatPlayer:
    """A computer player of ``level`` (easy, normal, hard) from cardtable.ai."""
    from ...ai.blackjack import player_for

    return player_for(level)


class BlackjackScreen(GameScreen):
    """The blackjack table."""

    GAME = "blackjack"

    CSS_PATH = [str(asset_path("styles", "blackjack.tcss"))]

    BINDINGS = [
        Binding("h", "play('hit')", "Hit", priority=True, id="bj.hit"),
        Binding("s", "play('stand')", "Stand", priority=True, id="bj.stand"),
        Binding("d", "play('double')", "Double", priority=True, id="bj.double"),
        Binding("p", "play('split')", "Split", priority=True, id="bj.split"),
        Binding("t", "tip", "Tip", priority=True, id="bj.tip"),
        # The bet keys are shown by the bet row's own "−" and "+" buttons (disabled
        # exactly when the key does nothing), not in the footer, which then fits 80.
        Binding("plus,up", "bet(1)", "Bet up", priority=True, id="bj.bet_up", key_display="+", show=False),
        Binding("minus,down", "bet(-1)", "Bet down", priority=True, id="bj.bet_down", key_display="-", show=False),
        Binding("r", "repeat", "Repeat", priority=True, id="bj.repeat"),
        Binding("enter", "deal", "Deal", id="bj.deal", priority=True),
    ]

    view: reactive[TableView] = reactive(TableView, bindings=True, always_update=True, repaint=False)
    """The picture on screen and its phase; keys, buttons and widgets follow it."""

    def __init__(self) -> None:
        super().__init__()
        self.rules = Rules()
        self.table: Table | None = None
        self.levels: list[str] = []
        self.players: list[SeatPlayer | None] = []
        self.stacks: list[int] = []
        self.stats = SessionStats()
        self.last_bet: int | None = None
        self.tip_action: Action | None = None
        self.last_tip = ""
        #: A settled round the data file has not taken yet: (stake, returned, details).
        self._unsaved: tuple[int, int, dict[str, Any]] | None = None
        self._resumed: Table | None = None
        #: The next prompt says that the round was waiting (once, after a resume).
        self._welcome_back = False
        self._net_text = ""

    # -- the round, read through the table ------------------------------------------

    @property
    def round(self) -> Round | None:
        return self.table.round if self.table is not None else None

    @property
    def phase(self) -> Phase:
        return self.view.phase

    @property
    def picture(self) -> RoundState | None:
        return self.view.picture

    @property
    def human(self) -> int:
        """The player's seat index (last: computer seats act first)."""
        return len(self.levels)

    @property
    def ascii(self) -> bool:
        return self.app.ascii

    @property
    def banner(self) -> Banner:
        return self._banner

    def table_minimum(self) -> int:
        return self.rules.min_bet

    # -- layout ---------------------------------------------------------------------

    def _resume_saved_round(self) -> None:
        """A round left open (here or in an earlier run) is replayed from its record,
        with the rules and seats it was dealt with, whatever the settings say now."""
        record = self.saved_record()
        if record is None:
            return
        try:
            table = Table.resume(record, self.app.rng(self.GAME), keep_states=True)
            levels = record.meta.get("levels")
            assert table.round is not None
            if not isinstance(levels, list) or len(levels) != table.round.seats - 1 or not all(
                level in _LEVELS for level in levels
            ):
                raise RecordError("the saved round's computer seats are not readable")
        except RecordError as error:
            self.void_saved_round(error)
            return
        self._resumed = table
        self.rules = table.rules
        self.levels = list(levels)

    def compose(self) -> ComposeResult:
        settings = self.app.settings
        self.rules = Rules(min_bet=settings.bj_min, max_bet=settings.bj_max)
        self.levels = [lvl for lvl in settings.bj_seats if lvl in _LEVELS][:4]
        self._resume_saved_round()
        self._dealer = DealerRow(id="bj-dealer")
        self._seats = [ComputerSeat(SEAT_NAMES[i], lvl, id=f"seat-{i}") for i, lvl in enumerate(self.levels)]
        self._hands = PlayerHands(self.rules.max_hands, id="bj-hands")
        self._banner = Banner(id="bj-banner")
        self._bet = BetControls(bet_ladder(self.rules.min_bet, self.rules.max_bet), id="bj-bet")
        self._chips = [
            Button(format_chips(v), id=f"chip-{v}", classes="chip", compact=True, action=f"screen.chip({v})")
            for v in CHIP_VALUES
            if self.rules.min_bet <= v <= self.rules.max_bet
        ]
        self._net = FixedLabel("", id="bj-net")
        self._balance = ChipBalance(id="bj-balance")
        self._buttons = {
            "deal": Button("Deal ⏎", id="btn-deal", compact=True, variant="success", action="screen.deal"),
            "repeat": Button("Repeat r", id="btn-repeat", compact=True, action="screen.repeat"),
            "hit": Button("Hit", id="btn-hit", compact=True, variant="primary", action="screen.play('hit')"),
            "stand": Button("Stand", id="btn-stand", compact=True, variant="primary", action="screen.play('stand')"),
            "double": Button(
                "Double", id="btn-double", compact=True, variant="warning", action="screen.play('double')"
            ),
            "split": Button("Split", id="btn-split", compact=True, variant="warning", action="screen.play('split')"),
            "tip": Button("Tip", id="btn-tip", compact=True, action="screen.tip"),
        }
        yield Header()
        with Vertical(id="bj-table"):
            yield self._dealer
            with Horizontal(id="bj-seats"):
                yield from self._seats
            yield self._hands
            with Vertical(id="bj-controls"):
                yield self._banner
                with Horizontal(classes="bj-row", id="bj-bet-row"):
                    yield self._bet
                    yield from self._chips
                    yield self._buttons["deal"]
                    yield self._buttons["repeat"]
                    yield self._net
                with Horizontal(classes="bj-row", id="bj-action-row"):
                    for name in ("hit", "stand", "double", "split", "tip"):
                        yield self._buttons[name]
                    yield self._balance
        yield KeyFooter(compact=True)

    def on_mount(self) -> None:
        if self._resumed is not None:
            self.table = self._resumed
        else:
            shoe = self.app.make_shoe(self.GAME, self.rules.decks, self.rules.cut_from_end)
            self.table = Table(self.rules, shoe=shoe, keep_states=True)
        self.players = [_make_player(level) for level in self.levels] + [None]
        self.stacks = [COMPUTER_STACK] * len(self.levels)
        if not self.levels:
            self.query_one("#bj-seats").display = False
            self._hands.styles.margin = (3, 0, 1, 0)
        self._bet.set_value(self.rules.min_bet)
        for button in self._bet.query(Button).results(Button):
            button.compact = True
        self.view = TableView(shoe_left=self.table.shoe.remaining)
        self.call_after_refresh(self._draw)  # again once the rows know their width
        if self._resumed is not None and self.round is not None:
            start_bets = self.table.record().start["bets"]
            self.last_bet = int(start_bets[self.human])  # type: ignore[index]
            self._bet.set_value(self.last_bet)
            self._welcome_back = True
            self.banner.show("Your round was waiting for you: it goes on where it stopped.", "info")
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
            return _ACTIONS.get(str(parameter)) in self.legal()
        if action == "tip":
            return bool(self.legal())
        if action in ("deal", "repeat", "chip"):
            return betting
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
        for name, button in self._buttons.items():
            parameter = name if name in _ACTIONS else None
            button.disabled = not self.allowed("play" if parameter else name, parameter)
        for button in self._chips:
            button.disabled = view.phase is not Phase.BETTING
        self._bet.locked = view.phase is not Phase.BETTING
        r = self.round
        self._balance.at_stake = r.staked(self.human) if r is not None and not r.finished else 0
        self._draw()

    def _draw(self) -> None:
        view, table = self.view, self.table
        if table is None:
            return
        picture = view.picture
        live = picture is not None and self.round is not None and picture.applied == len(self.round.events)
        turn = picture.turn if picture is not None and live and view.phase is not Phase.BETTING else None
        cards = "1 card" if view.shoe_left == 1 else f"{view.shoe_left} cards"
        shoe_text = f"new shoe · {cards}" if table.just_shuffled and picture is not None else f"shoe {cards}"
        self._dealer.show(picture, self.ascii, shoe_text)
        for i, seat in enumerate(self._seats):
            hands = picture.seats[i] if picture is not None else None
            results = picture.results[i] if picture is not None else ()
            active = turn[1] if turn is not None and turn[0] == i else None
            r = self.round
            stack = r.bankroll(i) or 0 if r is not None and not r.finished else self.stacks[i]
            seat.show(hands, results, stack, self.rules.min_bet, active, self.ascii)
        mine = picture.seats[self.human] if picture is not None else None
        results = picture.results[self.human] if picture is not None else ()
        active = turn[1] if turn is not None and turn[0] == self.human and view.phase is Phase.PLAYER else None
        self._hands.show(mine, results, active, self.ascii)
        net = f"session {format_signed(self.stats.net)}" if self.stats.rounds else ""
        if net != self._net_text:
            self._net_text = net
            self._net.update(net)

    # -- betting ------------------------------------------------------------------------

    def action_bet(self, step: int) -> None:
        """One step up or down the bet ladder."""
        if self.allowed("bet", step):
            self._bet.increase() if step == 1 else self._bet.decrease()

    def action_chip(self, value: int) -> None:
        """A chip button: bet exactly that much."""
        if self.allowed("chip"):
            self._bet.set_value(value)

    def on_bet_controls_changed(self, event: BetControls.Changed) -> None:
        """Nothing else depends on the bet: its own − and + buttons follow it, and the
        bet keys are not in the footer, so the key repaints only the bet row."""
        event.stop()

    def action_repeat(self) -> None:
        """Repeat the last bet and deal."""
        if not self.allowed("repeat"):
            return
        if self.last_bet is None:
            self.banner.show("No previous bet yet: press ⏎ to deal the bet shown.", "info")
            return
        self._bet.set_value(self.last_bet)
        self.action_deal()

    def action_deal(self) -> None:
        """Place the bet and deal a round; the stake is committed before a card shows."""
        table = self.table
        if not self.allowed("deal") or table is None:
            return
        if self._unsaved is not None and not self._save_result():
            return
        app = self.app
        app.sync_bankroll()
        bet, bankroll = self._bet.value, app.bankroll
        refusal = table.refusal(bet, bankroll)
        if refusal is not None:
            self.banner.show(refusal, "error")
            self.offer_refill_if_needed()
            return
        minimum = self.rules.min_bet
        self.stacks = [s if s >= minimum else COMPUTER_STACK for s in self.stacks]  # a seat buys in again
        bets = [minimum] * len(self.levels) + [bet]
        bankrolls = [s - minimum for s in self.stacks] + [bankroll - bet]
        try:
            table.new_round(bets, bankrolls)
        except ShoeEmpty:
            table.void_round()
            table.reshuffle()
            self.banner.show("The shoe is too short to deal a round: it has been shuffled.", "error")
            return
        if not app.commit_round(self.GAME, bet, table.record(self._meta()).to_json()):
            table.undo_deal()
            self.banner.show("Not dealt: the data file did not take the bet (see the message).", "error")
            return
        self.last_bet = bet
        self.banner.show("The cut card came out: the shoe was shuffled." if table.just_shuffled else "", "info")
        self._advance(shown=0)

    def _meta(self) -> dict[str, object]:
        """What the record keeps beside the engine's state: the computer seats' levels."""
        return {"levels": list(self.levels)}

    # -- the player's actions ---------------------------------------------------------

    def action_play(self, name: str) -> None:
        """Hit, stand, double or split — saved before its card is dealt, so a restart
        never offers the decision again with the next card known."""
        action = _ACTIONS.get(name)
        r, table = self.round, self.table
        if action is None or action not in self.legal() or r is None or table is None or r.turn is None:
            return
        seat, index = r.turn
        extra = r.hands(seat)[index].stake if action in (Action.DOUBLE, Action.SPLIT) else 0
        record = table.record(self._meta()).with_action((seat, index, action.value))
        if not self.app.update_round(self.GAME, record.to_json(), extra):
            return
        shown = len(r.events)
        try:
            table.act(self.human, action)
        except ShoeEmpty:
            self._shoe_ran_out()
            return
        self._advance(shown)

    def action_tip(self) -> None:
        """What the hard level would do with the hand to act, and why."""
        r = self.round
        if not self.legal() or r is None:
            return
        from ...ai.blackjack import explain, recommend

        view = r.view(self.human)
        hand = view.hand
        assert hand is not None
        self.tip_action = recommend(self.rules, hand.cards, view.dealer_up, set(view.legal))
        self.last_tip = explain(self.rules, hand.cards, view.dealer_up, set(view.legal))
        self.banner.show(f"Tip (hard level): {self.last_tip}", "info")

    # -- running the round --------------------------------------------------------------

    def _advance(self, shown: int) -> None:
        """Apply the table's next steps at once (computer seats, then the dealer when no
        one is left to act), then catch the picture up from event ``shown``."""
        table, r = self.table, self.round
        if table is None or r is None:
            return
        try:
            if table.play_computers(self.players):
                self.app.update_round(self.GAME, table.record(self._meta()).to_json(), quiet=True)
            if r.turn is None:
                table.finish_round()
        except ShoeEmpty:
            self._shoe_ran_out()
            return
        if not self.app.animations:  # one frame: the table as it now stands
            self._caught_up()
            return
        self.view = replace(self.view, phase=Phase.DEALING)
        self.catch_up(r.states[shown:], self._show_step, self._pause_before, self._caught_up)

    def _pause_before(self, state: RoundState) -> float:
        r = self.round
        if r is None or state.applied < 1:
            return 0.0
        event = r.events[state.applied - 1]
        app = self.app
        if event.kind is EventKind.ACTION and event.seat != self.human:
            return app.delay("ai")
        if event.kind is EventKind.REVEAL:
            return app.delay("reveal")
        return app.delay("card") if event.kind is EventKind.DEAL else 0.0

    def _show_step(self, state: RoundState) -> None:
        r = self.round
        undealt = sum(1 for e in r.events[state.applied :] if e.kind is EventKind.DEAL) if r is not None else 0
        left = (self.table.shoe.remaining if self.table is not None else 0) + undealt
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

    def _prompt(self) -> None:
        r = self.round
        if r is None or r.turn is None:
            return
        prefix = "New shoe · " if self.table is not None and self.table.just_shuffled else ""
        if self._welcome_back:
            self._welcome_back = False
            prefix = "Your round was waiting · " + prefix
        self.banner.show(turn_prompt(r.view(self.human), prefix), "info")

    def _shoe_ran_out(self) -> None:
        """The shoe ran out mid-round (only a tiny test shoe can): a malfunction, so the
        round is void and its stakes are returned."""
        self.stop_catching_up()
        self.app.void_open_round(self.GAME, "the shoe ran out")
        if self.table is not None:
            self.table.void_round()
            self.table.reshuffle()
        self.view = TableView(Phase.BETTING, None, self.table.shoe.remaining if self.table else 0)
        self.banner.show("The shoe ran out: this round is void and every stake returned.", "error")

    def _settle(self, state: RoundState) -> None:
        r = self.round
        if r is None or r.results is None:
            return
        mine: list[HandResult] = r.results[self.human]
        stake = sum(x.stake for x in mine)
        returned = sum(x.returned for x in mine)
        self.stacks = [r.bankroll(i) or 0 for i in range(len(self.levels))]
        self._unsaved = (stake, returned, r.details(self.human))
        self._save_result()
        self.stats.add(mine)
        self.view = TableView(Phase.BETTING, state, self.table.shoe.remaining if self.table else 0)
        self.banner.show(*result_line(state, mine))
        self.offer_refill_if_needed()

    def _save_result(self) -> bool:
        """Pay the settled round in the store and close it; False while the data file
        refuses (the round then stays open there: the next deal, or reopening the
        table, settles it)."""
        if self._unsaved is None:
            return True
        stake, returned, details = self._unsaved
        if not self.app.settle_round(self.GAME, stake, returned, details):
            return False
        self._unsaved = None
        return True

    # -- leaving --------------------------------------------------------------------------

    def round_in_progress(self) -> bool:
        return self.view.phase is not Phase.BETTING or self._unsaved is not None

    def on_leave(self) -> None:
        self.stop_catching_up()
        if self.stats.rounds:
            stats = self.stats
            self.app.call_later(lambda: self.app.push_screen(SessionSummary(stats)))
