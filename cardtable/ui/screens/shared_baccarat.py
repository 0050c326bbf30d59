"""A shared baccarat table (``cardtable join``): the local table's widgets fed
by the server's snapshots.

The screen holds one reactive :attr:`SharedBaccaratScreen.shared` — the last
``baccarat`` snapshot read into core types (:class:`~cardtable.net.baccarat_view.
SharedBaccarat`) — and draws it with the local :class:`BaccaratLayout`, with a line of
the other players (their bets, ready or not, away, their last coup) above the hands.
Keys are the local table's, with the same meaning: ``p``/``b``/``t`` put the chip shown
on a spot (the spot's new total goes to the server, which replaces what it held),
``+``/``-`` change the chip, ``c`` clears, ``r`` puts the last coup's bets back and says
ready, ``enter`` says ready (with no bet, after a coup: the last bets again) — the coup
is dealt once every seated player with a bet is ready, or when the betting window
closes, whose countdown heads the players' line; ``e`` the exact odds for the cards
left (counted from the coups this client saw since the shuffle), ``k`` coach mode.

The server decides and settles; each coup arrives as a snapshot (after a
``round_settled`` event with everyone's result) and is dealt out card by card, as at the
local table, with the stakes already off the balance until the result is shown.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.reactive import reactive
from textual.widgets import Header

from ...ai.coach_baccarat import full_shoe_counts
from ...ai.grading import WARN_THRESHOLD, Decision
from ...core.baccarat import Outcome
from ...core.baccarat_table import BaccaratState, result_text
from ...net.baccarat_view import SharedBaccarat, ShoeCount, SnapshotError, spot_bets
from ..widgets.baccarat.layout import BaccaratLayout, CoupView, Phase
from ..widgets.baccarat.odds import OddsReport, grade_bets
from ..widgets.baccarat.players import PlayerEntry, TablePlayers
from ..widgets.baccarat.table import BetSpot, bets_text
from ..widgets.common.bet import BetControls
from ..widgets.common.footer import KeyFooter
from .baccarat import BaccaratScreen
from .baccarat_odds import OddsCounting
from .coach_warning import CoachWarning
from .shared_base import SharedScreen

__all__ = ["SharedBaccaratScreen", "Settled"]

_NO_BET_HINT = "Place a bet first: p Player · b Banker · t Tie, or click a spot"
_READY = "enter when ready"
_NO_MORE_BETS = "No more bets: wait for the coup to be settled."
_CLOSING = "The server is closing: no new coups."
#: The table keys that say why when they do nothing, and their actions.
_KEY_REFUSALS = {"p": "bet", "b": "bet", "t": "bet", "c": "clear", "r": "repeat"}
_CHECKED = ("bet", "chip", "clear", "repeat", "deal")
_NO_BETS: Mapping[Outcome, int] = MappingProxyType({})


def _spot(outcome: Outcome) -> str:
    """The protocol's name of a spot."""
    return outcome.label.lower()


@dataclass(frozen=True)
class Settled:
    """A coup's settlement as the table announced it (``round_settled``)."""

    round: int
    #: Each bettor's net on the coup, by seat.
    nets: Mapping[int, int]
    #: The receiver's bets on it (empty: they sat it out) and their net (None: sat out).
    mine: Mapping[Outcome, int]
    my_net: int | None

    @classmethod
    def read(cls, message: Mapping[str, Any], seat: int | None) -> Settled | None:
        """The event ``message`` for the receiver at ``seat``; None if it does not read."""
        number, results = message.get("round"), message.get("results")
        if isinstance(number, bool) or not isinstance(number, int) or not isinstance(results, list):
            return None
        nets: dict[int, int] = {}
        mine: Mapping[Outcome, int] = _NO_BETS
        my_net = None
        try:
            for result in results:
                at, net = result["seat"], result["net"]
                if not isinstance(at, int) or isinstance(net, bool) or not isinstance(net, int):
                    return None
                nets[at] = net
                if at == seat:
                    mine, my_net = spot_bets(result.get("bets")), net
        except (TypeError, KeyError, SnapshotError):
            return None
        return cls(number, MappingProxyType(nets), mine, my_net)


class SharedBaccaratScreen(OddsCounting, SharedScreen):
    """One seat at the server's baccarat table."""

    GAME = "baccarat"
    COACH_ON = BaccaratScreen.COACH_ON
    # the server keeps no grades of shared coups: no session summary to promise
    COACH_OFF = "Coach off: no warning before a costly bet"

    # The local table's keys, the same meaning; ⏎ says ready (the coup waits for the
    # others with a bet, or for the betting window).
    BINDINGS = [
        Binding("enter", "deal", "Ready", priority=True, id="baccarat.deal") if b.key == "enter" else b
        for b in BaccaratScreen.BINDINGS
        if isinstance(b, Binding)
    ]

    shared: reactive[SharedBaccarat | None] = reactive(
        None, bindings=True, always_update=True, repaint=False, init=False
    )
    """The table as the server last described it; everything on screen follows it."""

    def __init__(self, snapshot: dict[str, Any]) -> None:
        super().__init__(snapshot)
        self._first = SharedBaccarat.read(snapshot)  # SnapshotError is a ValueError
        #: The cards seen since the shuffle (the odds panel's count).
        self._count = ShoeCount().follow(None, self._first)
        #: The last coup's settlement as announced, and the receiver's last bets (``r``).
        self._settled: Settled | None = None
        self._last_bets: Mapping[Outcome, int] = _NO_BETS
        #: Spot totals sent that no snapshot has shown yet (0: a clear sent), so that
        #: keys typed faster than the server answers add up.
        self._pending: dict[Outcome, int] = {}
        #: ``c`` with nothing placed: ``enter`` alone no longer repeats the last bets.
        self._cleared = False
        #: A coup is being dealt out on the screen.
        self._dealing = False
        #: Sat down while bets were on the table: when their window closes is not known.
        self._window_unknown = self._first.any_bets and self._first.window is None
        self._odds = OddsReport()
        self._odds_key: tuple[tuple[int, ...], str] | None = None
        self._asking = False
        #: Mounted: snapshots are drawn (before that the newest waits in ``_first``).
        self._shown = False

    # -- layout ----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        first = self._first
        self._layout = BaccaratLayout(ascii=self.app.ascii, min_bet=first.min_bet, max_bet=first.max_bet, players=True)
        self._banner, self._chip, self._spots = self._layout.banner, self._layout.chip, self._layout.spots
        players = self._layout.players
        assert players is not None
        self._players: TablePlayers = players
        self._layout.buttons["deal"].label = "Ready  enter"
        self._layout.buttons["repeat"].label = "Repeat, ready  r"
        self._footer = KeyFooter()
        yield Header()
        yield self._layout
        yield self._footer

    def on_mount(self) -> None:
        super().on_mount()
        self._banner.show(f"Place your bets: p Player · b Banker · t Tie, then {_READY}", "info")
        self._shown = True
        if self._first.window is not None:  # sat down while the window runs: the server says when
            self.set_countdown(self._first.window)
        self.shared = self._first
        self.offer_refill_if_needed()

    def table_minimum(self) -> int:
        return self.shared.min_bet if self.shared is not None else self._first.min_bet

    def spot(self, outcome: Outcome) -> BetSpot:
        return self._spots[outcome]

    # -- the server's word --------------------------------------------------------------

    def update_snapshot(self, message: dict[str, Any]) -> None:
        try:
            now = SharedBaccarat.read(message)
        except SnapshotError as error:
            self._banner.show(f"The server sent a table this version cannot read ({error}).", "error")
            return
        if not self._shown:  # pushed, not mounted yet: the newest snapshot opens the table
            self._count = self._count.follow(self._first, now)
            self._first, self._window_unknown = now, now.any_bets and now.window is None
            return
        before = self.shared
        self._count = self._count.follow(before, now)
        if before is not None and now.round != before.round:
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
        self.shared = now

    def shared_event(self, message: dict[str, Any]) -> None:
        super().shared_event(message)
        kind, state = message.get("type"), self.shared
        if state is None:
            return
        if kind == "bet_placed" and not self._window_unknown and state.bet_seconds > 0 and not self._window_running:
            # the server opens the betting window at the first bet after a coup
            self.set_countdown(state.bet_seconds)
        elif kind == "round_started":
            self.set_countdown(None)
        elif kind == "round_settled":
            self._settled = Settled.read(message, state.you_seat)

    def shared_error(self, text: str) -> None:
        if not self._shown:  # no banner yet
            self.app.notify(text, severity="error")
            return
        super().shared_error(text)
        self._pending.clear()  # the server refused one of them: its snapshot stands
        if self.shared is not None and not self._dealing:
            self.shared = self.shared

    @property
    def _window_running(self) -> bool:
        left = self.seconds_left
        return left is not None and left > 0

    # -- drawing ---------------------------------------------------------------------

    def watch_shared(self, state: SharedBaccarat | None) -> None:
        if state is None:
            return
        if state.bankroll is not None and state.bankroll != self.app.bankroll:
            self.app.bankroll = state.bankroll
        if not self._dealing:  # the coup being dealt out keeps the picture until settled
            self._draw(state)

    def _settled_now(self, state: SharedBaccarat) -> Settled | None:
        settled = self._settled
        return settled if settled is not None and settled.round == state.round else None

    def _draw(self, state: SharedBaccarat) -> None:
        settled = self._settled_now(state)
        picture = state.picture(
            settled.mine if settled is not None else _NO_BETS,
            result_shown=not self._placed(),
            repeat_on_deal=self._repeat_on_deal(state),
        )
        self._layout.draw(CoupView(Phase.BETTING, picture), self.allowed)
        self._draw_players(state)
        self._footer.refresh_keys()

    def _draw_players(self, state: SharedBaccarat) -> None:
        settled = self._settled_now(state)
        entries = [
            PlayerEntry(
                s.name,
                s.bets,
                s.ready,
                s.connected,
                settled.nets.get(s.seat) if settled is not None else None,
                s.passed,
            )
            for s in state.others
        ]
        self._players.show(self._heading(state), entries)

    def _heading(self, state: SharedBaccarat) -> str:
        """The players' line's heading: the betting window as far as it is known."""
        if state.phase == "closing":
            return "The server is closing"
        if self._dealing:
            return f"Coup {state.round}"
        if not state.any_bets:
            return "Place your bets"
        left = self.seconds_left
        if left is not None:
            return f"Bets close in {left} s" if left > 0 else "Bets closed: dealing"
        if self._window_unknown and state.bet_seconds > 0:
            return f"Bets close within {state.bet_seconds:.0f} s"
        return "Waiting for everyone with a bet"

    def tick(self) -> None:
        """Twice a second: the betting window's countdown moves on."""
        state = self.shared
        if state is not None and self.turn_deadline is not None and not self._dealing:
            self._draw_players(state)

    # -- what may be done: from the snapshot -------------------------------------------

    def _placed(self) -> dict[Outcome, int]:
        """The receiver's bets for the next coup: the snapshot's, and what was sent since."""
        state = self.shared
        bets = dict(state.my_bets) if state is not None else {}
        bets.update(self._pending)
        return {o: v for o, v in bets.items() if v}

    def _repeat_on_deal(self, state: SharedBaccarat) -> bool:
        """``enter`` alone plays on with the last coup's bets (as at the local table):
        right after a coup the receiver bet on, until ``c``."""
        settled = self._settled_now(state)
        return settled is not None and bool(settled.mine) and not self._cleared and not self._placed()

    def allowed(self, action: str, parameter: object = None) -> bool:
        """Whether the action may be taken now (keys and buttons alike)."""
        state = self.shared
        if state is None:
            return False
        betting = state.betting and not self._dealing
        if action == "bet":
            return betting
        if action == "chip":
            return not self._dealing and (self._chip.can_increase if parameter == 1 else self._chip.can_decrease)
        if action == "clear":
            return betting and bool(self._placed() or self._repeat_on_deal(state))
        if action == "repeat":
            return betting and bool(self._last_bets)
        if action == "deal":
            mine = state.mine
            waiting = mine is not None and mine.ready and not self._pending
            passing = not self._placed() and mine is not None and not mine.passed
            return betting and ((bool(self._placed()) and not waiting) or self._repeat_on_deal(state) or passing)
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in _CHECKED:
            return True if self.allowed(action, parameters[0] if parameters else None) else None
        return True

    def on_key(self, event: events.Key) -> None:
        """A table key that does nothing now says why."""
        state = self.shared
        if state is None:
            return
        key = event.key
        if key == "enter" and not self.allowed("deal"):
            event.stop()
            self._banner.show(self._why_not_ready(state), "error")
        elif key in _KEY_REFUSALS and (self._dealing or not state.betting):
            event.stop()
            self._banner.show(_NO_MORE_BETS if self._dealing else _CLOSING, "error")
        elif key in ("c", "r") and not self.allowed(_KEY_REFUSALS[key]):
            event.stop()
            text = "Nothing to clear: no bets for the next coup." if key == "c" else "No last bets to repeat yet."
            self._banner.show(text, "error")

    def _why_not_ready(self, state: SharedBaccarat) -> str:
        if self._dealing:
            return _NO_MORE_BETS
        if not state.betting:
            return _CLOSING
        mine = state.mine
        if mine is not None and mine.ready and self._placed():
            return "You are ready: " + self._waiting_words(state)
        if mine is not None and mine.passed:
            return "You pass this coup: " + self._waiting_words(state)
        return _NO_BET_HINT

    def _waiting_words(self, state: SharedBaccarat) -> str:
        """What the coup waits for, after the receiver said ready."""
        others = [name for name in state.waiting_for if name != (state.mine.name if state.mine else None)]
        window = state.bet_seconds > 0
        if others:  # one banner line at 80 columns
            tail = " (or the betting window)." if window else "."
            names = others[0] if len(others) == 1 else f"{', '.join(others[:-1])} and {others[-1]}"
            return f"the coup waits for {names}{tail}"
        tail = " or the window closes." if window else "."
        return f"the coup is dealt when everyone is ready or passes{tail}"

    # -- betting: sent to the server ---------------------------------------------------

    def action_bet(self, letter: str) -> None:
        self._add_chip(Outcome(letter))

    def on_bet_spot_clicked(self, event: BetSpot.Clicked) -> None:
        if event.remove:
            self._take_back(event.spot.outcome)
        else:
            self._add_chip(event.spot.outcome)

    def _add_chip(self, outcome: Outcome) -> None:
        """The chip shown on ``outcome``: the spot's new total goes to the server."""
        if not self.allowed("bet"):
            return
        bets = self._placed()
        bets[outcome] = bets.get(outcome, 0) + self._chip.value
        self._send_bets(bets, (outcome,))

    def _take_back(self, outcome: Outcome) -> None:
        """One chip of the size shown back from ``outcome`` (all of it if less): a spot
        cannot be set to nothing, so a spot emptied means a clear and the others again."""
        state = self.shared
        bets = self._placed()
        has = bets.get(outcome, 0)
        if state is None or not self.allowed("bet") or not has:
            return
        rest = has - self._chip.value
        if rest >= state.min_bet:
            bets[outcome] = rest
            self._send_bets(bets, (outcome,))
            return
        del bets[outcome]
        self._send_clear()
        self._send_bets(bets, tuple(bets))

    def _send_bets(self, bets: dict[Outcome, int], changed: tuple[Outcome, ...]) -> bool:
        """Send the ``changed`` spots of the layout ``bets``, or say why the server would
        refuse them (nothing is sent then, nothing changes)."""
        state = self.shared
        if state is None:
            return False
        refusal = state.refusal(bets)
        if refusal is not None:
            self._banner.show(refusal, "error")
            return False
        for outcome in changed:
            if not self.send({"type": "bet", "amount": bets[outcome], "spot": _spot(outcome)}):
                return False
            self._pending[outcome] = bets[outcome]
        self._banner.show(bets_text(bets, _READY), "info")
        self._bets_changed()
        return True

    def _send_clear(self) -> bool:
        if not self.send({"type": "clear"}):
            return False
        self._pending = dict.fromkeys(Outcome, 0)
        return True

    def _bets_changed(self) -> None:
        if self.shared is not None:
            self.shared = self.shared  # the buttons and keys follow what was sent
        if self._layout.odds_shown and self._odds.odds is not None:
            self._layout.odds.show(replace(self._odds, bets=self._placed()))

    def action_clear(self) -> None:
        """Every bet back off the layout, and ``enter`` alone no longer plays on."""
        if not self.allowed("clear"):
            return
        if self._placed() and not self._send_clear():
            return
        self._cleared = True
        self._banner.show("Bets cleared", "info")
        self._bets_changed()

    def action_repeat(self) -> None:
        """The last coup's bets in place of those placed, then ready (``r``)."""
        state = self.shared
        if state is None or not self.allowed("repeat"):
            return
        bets = dict(self._last_bets)
        refusal = state.refusal(bets)
        if refusal is not None:
            self._banner.show(refusal, "error")
            return
        if not self._send_clear() or not self._send_bets(bets, tuple(bets)):
            return
        self._ask_ready()

    def action_chip(self, step: int) -> None:
        if step > 0:
            self._chip.increase()
        else:
            self._chip.decrease()
        self._footer.refresh_keys()

    def on_bet_controls_changed(self, event: BetControls.Changed) -> None:
        self.refresh_bindings()  # a click on the chip's − or +

    # -- ready: the coup is the server's -------------------------------------------------

    def action_deal(self) -> None:
        """Ready (with no bet right after a coup: the last coup's bets again)."""
        if not self.allowed("deal"):
            return
        state = self.shared
        if not self._placed():
            if state is not None and self._repeat_on_deal(state):
                self.action_repeat()
            else:
                self._pass()
            return
        self._ask_ready()

    def _pass(self) -> None:
        """``enter`` with no bet: this coup goes on without the receiver."""
        state = self.shared
        if state is not None and self.send({"type": "deal"}):
            self._banner.show("You pass this coup: " + self._waiting_words(state), "info")

    def _ask_ready(self) -> None:
        """Say ready, in coach mode first asking about a bet worth less than the best
        by more than :data:`WARN_THRESHOLD` of its stake (the Tie, nearly always)."""
        if not self.app.settings.coach:
            self._ready()
            return
        costly = [d for d in self._grade(self._placed()) if d.ev_best - d.ev_chosen > WARN_THRESHOLD]
        if not costly:
            self._ready()
            return
        if self._asking:
            return  # one warning for a burst of keys
        self._asking = True

        def answered(go: bool | None) -> None:
            self._asking = False
            if go:
                self._ready()
            else:
                self._banner.show("Taken back: your bets stay on the layout. Change them or say ready.", "info")

        self.app.push_screen(CoachWarning(max(costly, key=lambda d: d.cost)), answered)

    def _ready(self) -> None:
        state = self.shared
        if state is None or not state.betting or self._dealing or not self._placed():
            return
        grades = [d.to_json() for d in self._grade(self._placed())]  # into the player's own history
        if self.send({"type": "deal", "grades": grades}):
            self._banner.show("Ready: " + self._waiting_words(state), "info")

    def _grade(self, bets: Mapping[Outcome, int]) -> list[Decision]:
        """Each bet graded for the cards the next coup is dealt from (a full shoe's
        figures when they cannot be counted: what a player who missed cards expects)."""
        state = self.shared
        if state is None or not bets:
            return []
        counts, source = self._count.next_coup(state)
        if counts is None:
            counts, source = full_shoe_counts(state.decks), f"a shoe of {state.decks} decks"
        return grade_bets(bets, counts, source, state.decks)

    # -- the coup: dealt out as at the local table ---------------------------------------

    def _deal_out(self, now: SharedBaccarat) -> None:
        """Show the coup just dealt card by card (at once with animations off), the
        stakes off the balance until the result."""
        coup = now.last
        assert coup is not None
        settled = self._settled_now(now)
        mine = settled.mine if settled is not None else _NO_BETS
        if mine:
            self._last_bets = mine
        text, kind = self._result_words(now, settled)
        dealing = now.dealing(mine)
        self._dealing = True
        self.shared = now  # the bankroll follows; the picture waits for the cards
        returned = settled.my_net + dealing.staked if settled is not None and settled.my_net is not None else 0
        self._layout.balance.amount = self.app.bankroll - returned
        self._banner.show("New shoe · dealing…" if dealing.new_shoe else "Dealing…", "info")
        self._draw_players(now)
        steps = [(n, "card") for n in range(1, coup.cards_used + 1)] + [(coup.cards_used, "result")]
        self.catch_up(
            steps,
            lambda step: self._show_cards(dealing, *step),
            lambda step: self.app.delay(step[1]),
            lambda: self._coup_done(text, kind),
        )

    def _show_cards(self, dealing: BaccaratState, count: int, kind: str) -> None:
        if kind == "card":
            self._layout.draw(CoupView(Phase.DEALING, dealing, count), self.allowed)
            self._footer.refresh_keys()

    def _coup_done(self, text: str, kind: str) -> None:
        self._dealing = False
        self._layout.balance.amount = self.app.bankroll
        if self.shared is not None:
            self.shared = self.shared
        self._banner.show(text, kind)
        if self._layout.odds_shown:
            self._refresh_odds()  # this coup's cards are out
        self.offer_refill_if_needed()

    @staticmethod
    def _result_words(now: SharedBaccarat, settled: Settled | None) -> tuple[str, str]:
        """Who won and the receiver's net (the local table's words), or that they sat out."""
        coup = now.last
        assert coup is not None
        if settled is not None and settled.mine:
            text, kind = result_text(coup, settled.mine)
        else:
            head = result_text(coup, {})[0].split(" · ")[0]
            text, kind = (f"{head} · you sat this coup out" if settled is not None else f"{head}."), "info"
        if len(now.roads) == 1 and now.round > 1:
            text = "New shoe · " + text
        return text, kind

    # -- the exact odds, from the cards seen since the shuffle ----------------

    def action_edge(self) -> None:
        """Show (or hide) each bet's exact value for the cards left, in the roads' place;
        when the cards left are not known (sat down mid-shoe), say so instead."""
        state = self.shared
        if state is None:
            return
        if self._layout.odds_shown:
            self._layout.show_odds(False)
            return
        counts, why = self._count.next_coup(state)
        if counts is None:
            self._banner.show(why, "error")
            return
        self._layout.show_odds(True)
        self._refresh_odds()

    def _refresh_odds(self) -> None:
        state = self.shared
        if state is None:
            return
        counts, source = self._count.next_coup(state)
        bets = self._placed()
        if counts is None:  # coups were missed: the panel says why
            self._odds_key, self._odds = None, OddsReport(bets=bets, problem=source)
        else:
            key = (tuple(counts[r] for r in range(1, 14)), source)
            if key == self._odds_key and (self._odds.odds is not None or self._odds.problem):
                self._odds = replace(self._odds, bets=bets)
            else:
                self._odds_key = key
                self._odds = OddsReport(source=source, bets=bets)
                self._count_odds(counts, state.decks, key)
        self._layout.odds.show(self._odds)

    def odds_bets(self) -> Mapping[Outcome, int]:
        return self._placed()

    def round_in_progress(self) -> bool:
        return False  # the server deals and settles a coup in one step
