"""A shared blackjack table (``cardtable join``): the local table's widgets fed by
the server's snapshots, and the local table's coach (:mod:`.blackjack_coach`: ``t``,
grading into the player's own history on the server, ``k`` coach mode).

The screen holds one reactive :attr:`SharedBlackjackScreen.shared` — the last
``table`` snapshot read into core types (:class:`~cardtable.net.view.SharedTable`) —
and draws it with :class:`~cardtable.ui.widgets.blackjack.table.BlackjackTable`, the
other four seats in the computer seats' places and the player's own hands below, as
at the local table. Keys are the local table's: ``h s d p`` act, ``+``/``−`` and the
chips choose the bet and ``⏎`` places it for the next round (the server deals once
everyone seated has bet or passed), ``g`` the chart; the host's ``c`` puts computer players in
the empty seats (levels from the settings) or takes them away. The turn's countdown
runs on the banner.
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.reactive import reactive
from textual.widgets import Header

from ...ai.grading import Decision
from ...core.blackjack import Action
from ...core.blackjack_table import bet_refusal
from ...core.cards import Card
from ...core.money import format_chips
from ...net.view import SEATS, SharedTable, SnapshotError
from ...resources import asset_path
from ..widgets.blackjack.coach import CoachSpot
from ..widgets.blackjack.table import ACTIONS, BlackjackTable, Phase, TableView
from ..widgets.blackjack.words import result_line
from ..widgets.common.banner import Banner
from ..widgets.common.bet import BetControls
from ..widgets.common.footer import KeyFooter
from .blackjack_betting import BetKeys
from .blackjack_coach import BlackjackCoach
from .shared_base import SharedScreen

__all__ = ["SharedBlackjackScreen"]

_KEY_ACTIONS = {"h": "hit", "s": "stand", "d": "double", "p": "split"}


class SharedBlackjackScreen(BlackjackCoach, BetKeys, SharedScreen):
    """One seat at a server's blackjack table."""

    GAME = "blackjack"
    CSS_PATH = [str(asset_path("styles", "blackjack.tcss"))]

    BINDINGS = [
        Binding("h", "play('hit')", "Hit", priority=True, id="bj.hit"),
        Binding("s", "play('stand')", "Stand", priority=True, id="bj.stand"),
        Binding("d", "play('double')", "Double", priority=True, id="bj.double"),
        Binding("p", "play('split')", "Split", priority=True, id="bj.split"),
        Binding("t", "tip", "Tip", priority=True, id="bj.tip"),
        Binding("k", "coach", "Coach", priority=True, id="blackjack.coach"),
        Binding("n", "count", "Count", priority=True, id="blackjack.count", show=False),
        Binding("c", "computers", "Computers", priority=True, id="shared.computers"),
        Binding("g", "chart", "Chart", priority=True, id="blackjack.chart", show=False),
        Binding("plus,up", "bet(1)", "Bet up", priority=True, id="bj.bet_up", key_display="+", show=False),
        Binding("minus,down", "bet(-1)", "Bet down", priority=True, id="bj.bet_down", key_display="-", show=False),
        Binding("r", "repeat", "Repeat", priority=True, id="bj.repeat", show=False),
        Binding("enter", "deal", "Bet", id="bj.deal", priority=True),
    ]

    shared: reactive[SharedTable | None] = reactive(None, bindings=True, always_update=True, repaint=False, init=False)
    """The table as the server last described it; everything on screen follows it."""

    def __init__(self, snapshot: dict[str, Any]) -> None:
        super().__init__(snapshot)
        try:
            self._first = SharedTable.read(snapshot)
        except SnapshotError as error:
            raise ValueError(str(error)) from None
        self.rules = self._first.rules
        self.last_bet: int | None = None
        #: The banner's last prompt (the countdown rewrites only that, never a refusal).
        self._prompted = ""
        #: What the table said about the last turn ("Time is up: …"), shown before the
        #: prompt for the turn that follows it, and that turn only.
        self._notice = ""
        self._notice_turn: tuple[int, int] | None = None
        self._coach_setup()

    @property
    def banner(self) -> Banner:
        return self._banner

    def table_minimum(self) -> int:
        return self.rules.min_bet

    def compose(self) -> ComposeResult:
        self._layout = BlackjackTable(self.rules, [""] * (SEATS - 1), id="bj-table")
        self._bet: BetControls = self._layout.bet
        self._banner = self._layout.banner
        self._layout.buttons["deal"].label = "Bet ⏎"
        yield Header()
        yield self._layout
        yield KeyFooter(compact=True)

    def on_mount(self) -> None:
        super().on_mount()
        self._bet.set_value(self.rules.min_bet)
        self.watch(self.app, "bankroll", self._bankroll_changed, init=False)
        self.shared = self._first
        self.call_after_refresh(self._draw)

    # -- the server's word --------------------------------------------------------------

    def update_snapshot(self, message: dict[str, Any]) -> None:
        try:
            self.shared = SharedTable.read(message)
        except SnapshotError as error:
            self._banner.show(f"The server sent a table this version cannot read ({error}).", "error")

    def shared_event(self, message: dict[str, Any]) -> None:
        super().shared_event(message)
        if message.get("type") == "timeout":
            self._notice = str(message.get("message", "Time is up: the hand stands."))
            self._notice_turn = None  # bound to the turn of the next snapshot

    def watch_shared(self, state: SharedTable | None) -> None:
        if state is None:
            return
        if state.bankroll is not None and state.bankroll != self.app.bankroll:
            self.app.bankroll = state.bankroll
        self.set_countdown(state.turn_seconds if state.turn is not None else state.bet_window)
        for widget, seat in zip(self._layout.seats, state.others, strict=False):
            if seat.empty:
                widget.seat_name, widget.level = f"Seat {seat.seat + 1}", "free"
            elif seat.kind == "computer":
                widget.seat_name, widget.level = seat.name.split(" (")[0], seat.level or ""
            else:
                host = " (host)" if seat.name == state.host else ""
                widget.seat_name, widget.level = seat.name + host, "" if seat.connected else "away"
        betting = state.phase == "betting"
        if betting:
            self._bet.cap = max(self.app.bankroll, self.rules.min_bet)
        self._layout.restyle(self.allowed, betting, state.stake_of_mine())
        spot = self._spot()
        if self._layout.coach.spot is not None and spot != self._layout.coach.spot:
            self._hide_tip()  # the values were for a decision already taken
        if state.round != getattr(self, "_coached_round", None):
            self._coached_round = state.round
            self._new_round_coach()
        if spot is not None:
            self._prefetch()  # the player's turn: valued before the key
        self._draw()
        if self._notice and self._notice_turn is None:
            self._notice_turn = state.turn or (-1, -1)
        elif self._notice and state.turn != self._notice_turn:
            self._notice = ""  # said for one turn
        self._prompt()

    def _view(self, state: SharedTable) -> TableView:
        phase = Phase.BETTING if not state.in_round else (Phase.PLAYER if state.my_turn else Phase.DEALING)
        return TableView(phase, state.picture(), state.shoe_left)

    def _draw(self) -> None:
        state = self.shared
        if state is None or not self.is_mounted:
            return
        stacks = [seat.stack for seat in state.others]
        self._layout.draw(
            self.counted(self._view(state), self.rules),
            stacks,
            live=True,
            min_bet=self.rules.min_bet,
            bets=[seat.bet for seat in state.others],
            just_shuffled=False,
            session_net=self.net if self.rounds_played else None,
            ascii=self.app.ascii,
        )

    # -- the banner: whose turn, with its countdown ------------------------------------

    def _prompt(self) -> None:
        """The prompt, whole on one line: the actions as their keys when the words do not
        fit, and the last turn's notice only when there is room for it too."""
        width = self._banner.content_size.width or self.size.width or 80
        self._say_prompt()
        if len(self._banner.text) > width:
            self._say_prompt(short=True)
        if self._notice and self._banner.kind == "info":
            with_notice = f"{self._notice} · {self._banner.text}"
            if len(with_notice) <= width:
                self._banner.show(with_notice, "info")
        self._prompted = self._banner.text

    def _say_prompt(self, short: bool = False) -> None:
        state = self.shared
        if state is None:
            return
        left = self.seconds_left
        clock = f" · {left} s" if left is not None else ""
        mine = state.mine
        if state.my_turn and state.turn is not None and mine is not None:
            hands = mine.hands
            index = state.turn[1]
            which = f" (hand {index + 1} of {len(hands)})" if len(hands) > 1 else ""
            hand = hands[index].describe() if index < len(hands) else ""
            names = [name for name, a in ACTIONS.items() if a in state.legal]
            words = " ".join(n[0] for n in names) if short else ", ".join(n.capitalize() for n in names)
            last = "Last round · " if self.closing else ""
            note = self.count_note(self._view(state), self.rules)
            note = f" · {note}" if note else ""
            self._banner.show(f"{last}Your turn{which}: {hand} · {words}{note}{clock}", "info")
            return
        if state.turn is not None:
            self._banner.show(f"{state.message}{clock}", "info")
            return
        picture = state.picture()
        results = [r for r in (mine.results if mine is not None else ()) if r is not None]
        if picture is not None and results and picture.finished:
            text, kind = result_line(picture, results)
            self._banner.show(text, kind)
            return
        if state.phase == "closing":
            self._banner.show("The server is closing: no new rounds.", "error")
        elif mine is not None and mine.bet:
            self._banner.show(
                f"Your bet of {format_chips(mine.bet)} is in: dealt when everyone seated has bet or passed{clock}",
                "info",
            )
        else:
            self._banner.show(f"{state.message} Place your bet: + and − or a chip, then ⏎.{clock}", "info")

    def tick(self) -> None:
        """The countdown moves on — unless the banner says something else meanwhile (a
        refusal, the timeout), which stays until the table changes."""
        state = self.shared
        running = state is not None and (state.turn is not None or state.bet_window is not None)
        if state is not None and running and self._banner.text == self._prompted:
            self._prompt()

    # -- what may be done: from the snapshot -------------------------------------------

    def allowed(self, action: str, parameter: object = None) -> bool:
        state = self.shared
        if state is None:
            return False
        betting = state.phase == "betting" and state.you_seat is not None
        if action == "play":
            return state.my_turn and ACTIONS.get(str(parameter)) in state.legal
        if action == "chip":
            return betting and (parameter is None or self._bet.affordable(int(str(parameter))))
        if action == "bet":
            if not betting:
                return False
            return self._bet.can_increase if parameter == 1 else self._bet.can_decrease
        if action == "deal":
            return betting and self.bet_refusal() is None
        if action == "computers":
            return betting and state.is_host
        if action == "tip":
            return state.my_turn
        if action == "repeat":  # the last bet again, for the next round
            mine = state.mine
            return betting and self.last_bet is not None and not (mine is not None and mine.bet) and (
                self.bet_refusal(self.last_bet) is None)
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("play", "deal", "chip", "bet", "computers", "tip", "repeat"):
            return True if self.allowed(action, parameters[0] if parameters else None) else None
        return True

    def bet_refusal(self, bet: int | None = None) -> str | None:
        """Why the bet shown (or ``bet``) cannot be placed, or None: the table's own rule
        (the server asks it again)."""
        return bet_refusal(self.rules, self._bet.value if bet is None else bet, self.app.bankroll)

    def _bankroll_changed(self, bankroll: int) -> None:
        if self.shared is not None and self.shared.phase == "betting":
            self.shared = self.shared  # restyle: the bet's cap, the chips, Bet

    def on_key(self, event: events.Key) -> None:
        """A table key that does nothing now says why."""
        state = self.shared
        name = _KEY_ACTIONS.get(event.key)
        if state is None:
            return
        if name is not None and not self.allowed("play", name):
            event.stop()
            if state.turn is None:
                self._banner.show(f"{name.capitalize()}: there is no hand to play now.", "error")
            elif not state.my_turn:
                self._banner.show(f"Not your turn: {state.message}.", "error")
            else:
                self._banner.show(f"{name.capitalize()} is not possible with this hand.", "error")
        elif event.key == "enter" and state.phase == "betting" and (refusal := self.bet_refusal()) is not None:
            event.stop()
            self._banner.show(refusal, "error")
            self.offer_refill_if_needed()
        elif event.key == "c" and not self.allowed("computers"):
            event.stop()
            host = f" ({state.host})" if state.host else ""
            self._banner.show(
                f"Only the host{host} seats computer players, between rounds." if not state.is_host
                else "Computer players change between rounds.", "error")
        elif event.key == "enter" and state.in_round:
            event.stop()
            self._banner.show("A round is being played: bets for the next one open when it is settled.", "info")

    # -- actions: sent to the server ---------------------------------------------------

    def _seen_before(self) -> tuple[Card, ...]:
        return self.shared.seen if self.shared is not None else ()

    def _recount(self) -> None:
        self._draw()
        self._prompt()

    def legal(self) -> set[Action]:
        state = self.shared
        return set(state.legal) if state is not None and state.my_turn else set()

    def _act(self, action: Action, decision: Decision | None) -> None:
        """Send the choice, with its grade for the player's own history on the server;
        the server validates it and deals."""
        if action not in self.legal():
            return
        message: dict[str, Any] = {"type": "act", "action": action.value}
        if decision is not None:
            message["grade"] = decision.to_json()
        if self.send(message):
            self._hide_tip()

    def action_repeat(self) -> None:
        """``r``: the last bet again for the next round, as at the local table."""
        if self.allowed("repeat") and self.last_bet is not None:
            self._bet.set_value(self.last_bet)
            self.action_deal()

    def action_deal(self) -> None:
        """Place the bet shown for the next round (it may be changed until the deal)."""
        if not self.allowed("deal"):
            return
        bet = self._bet.value
        if self.send({"type": "bet", "amount": bet}):
            self.last_bet = bet

    def action_computers(self) -> None:
        """The host fills the empty seats with computer players (the settings' levels),
        or, when computers sit here, takes them all away."""
        state = self.shared
        if state is None or not self.allowed("computers"):
            return
        computers = [s for s in state.seats if s.kind == "computer"]
        if computers:
            for seat in computers:
                self.send({"type": "computer", "seat": seat.seat, "level": None})
            self._banner.show("The computer players leave the table.", "info")
            return
        levels = list(self.app.settings.bj_seats) or ["normal"]
        empty = [s for s in state.seats if s.empty]
        if not empty:
            self._banner.show("Every seat is taken.", "info")
            return
        for i, seat in enumerate(empty):
            self.send({"type": "computer", "seat": seat.seat, "level": levels[i % len(levels)]})
        self._banner.show(f"Computer players take the {len(empty)} empty seats (levels from your settings).", "info")

    def _spot(self) -> CoachSpot | None:
        state = self.shared
        view = state.seat_view() if state is not None else None
        return CoachSpot.of(view) if view is not None else None

    def action_chart(self) -> None:
        """The strategy chart for this table's rules."""
        from .chart import ChartScreen

        self.app.push_screen(ChartScreen(self.rules, None))

    def round_in_progress(self) -> bool:
        state = self.shared
        return state is not None and state.stake_of_mine() > 0
