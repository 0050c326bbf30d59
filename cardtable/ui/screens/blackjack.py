"""The blackjack table: the dealer, 0–4 computer seats and the player (issue 5).

The screen is a client of the engine (:mod:`cardtable.core.blackjack`): it asks the
table for a round, hands the computer seats their :meth:`Round.view`, passes the
player's keys and clicks to :meth:`Round.act`, and replays the round's events into a
:class:`Scene` one step at a time so that cards appear one by one. Whether a key or
button works is decided in one place (:meth:`BlackjackScreen.allowed`) from the
table's legal actions, so the footer, the buttons and the engine always agree.

Seats: the computer seats sit to the player's right and act first; the player sits
last ("third base"), so they see the other seats' cards before deciding.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any, Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Header, Label, Static

from ...core.blackjack import Action, EventKind, HandResult, IllegalAction, Round, Rules
from ...core.blackjack_table import Table
from ...core.cards import ShoeEmpty
from ...core.record import RecordError
from ...core.money import format_chips, format_signed
from ..widgets.banner import Banner
from ..widgets.bet import BetControls, bet_ladder
from ..widgets.footer import KeyFooter
from ..widgets.bj_scene import Scene
from ..widgets.bj_seat import ComputerSeat, DealerRow, PlayerHands
from ..widgets.chips import ChipBalance
from .base import GameScreen

__all__ = ["BlackjackScreen", "SessionSummary", "SessionStats"]

SEAT_NAMES = ("Ada", "Bert", "Cleo", "Dov")
#: Computer seats start with 1,000 virtual chips of their own (never the player's).
COMPUTER_STACK = 100_000
CHIP_VALUES = (500, 2_500, 10_000, 50_000)

_LEVELS = ("easy", "normal", "hard")
_ACTION_KEYS = {Action.HIT: "h", Action.STAND: "s", Action.DOUBLE: "d", Action.SPLIT: "p"}
_ACTION_NAMES = {Action.HIT: "Hit", Action.STAND: "Stand", Action.DOUBLE: "Double", Action.SPLIT: "Split"}


def _make_player(level: str) -> Any:
    """A computer player of ``level`` (easy, normal, hard) from cardtable.ai."""
    from ...ai.blackjack import player_for

    return player_for(level)


@dataclass
class SessionStats:
    """The player's results since sitting down."""

    rounds: int = 0
    won: int = 0
    lost: int = 0
    pushed: int = 0
    blackjacks: int = 0
    net: int = 0

    def add(self, results: list[HandResult]) -> None:
        self.rounds += 1
        for r in results:
            if r.returned > r.stake:
                self.won += 1
            elif r.returned == r.stake:
                self.pushed += 1
            else:
                self.lost += 1
            if r.outcome.value == "blackjack":
                self.blackjacks += 1
            self.net += r.returned - r.stake

    def lines(self) -> list[str]:
        return [
            f"Rounds played   {self.rounds}",
            f"Hands won       {self.won}",
            f"Hands lost      {self.lost}",
            f"Hands pushed    {self.pushed}",
            f"Blackjacks      {self.blackjacks}",
            f"Net             {format_signed(self.net)}",
        ]


class SessionSummary(ModalScreen[None]):
    """Shown when the player leaves the table."""

    DEFAULT_CSS = """
    SessionSummary { align: center middle; }
    SessionSummary > Vertical {
        width: 40; height: auto; border: thick $accent; background: $surface; padding: 1 2;
    }
    SessionSummary .title { text-style: bold; width: 1fr; content-align: center middle; }
    SessionSummary #summary { margin: 1 0; }
    """
    BINDINGS = [Binding("escape,enter", "close", "Close", id="summary.close", priority=True)]

    def __init__(self, stats: SessionStats) -> None:
        super().__init__()
        self.stats = stats

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("Blackjack — session summary", classes="title")
            yield Static("\n".join(self.stats.lines()), id="summary")
            with Center():
                yield Button("OK", id="summary-ok", variant="primary")

    def action_close(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)


class FixedLabel(Label):
    """A label in a fixed box: updates repaint without a re-layout."""

    def update(self, content: Any = "", *, layout: bool = False) -> None:  # type: ignore[override]
        super().update(content, layout=layout)


#: Actions whose key is dimmed (and button disabled) when the table does not allow them.
_FOOTER_ORDER = ("hit", "stand", "double", "split", "tip", "deal", "repeat", "bet_up", "bet_down", "chip")
#: The first actions of _FOOTER_ORDER have keys in the footer; the rest show on buttons.
_SHOWN_IN_FOOTER = 7
_TABLE_ACTIONS = frozenset(_FOOTER_ORDER)


class BlackjackScreen(GameScreen):
    """The blackjack table."""

    GAME = "blackjack"

    DEFAULT_CSS = """
    BlackjackScreen { layout: vertical; }
    #bj-table { height: 1fr; padding: 0 1; }
    #bj-dealer { margin: 1 0 1 0; }
    #bj-seats { height: 7; margin-bottom: 1; }
    #bj-hands { margin-bottom: 1; }
    #bj-banner { margin: 0 0; }
    #bj-controls { dock: bottom; height: auto; }
    .bj-row { height: 1; width: 1fr; margin-top: 1; }
    .bj-row Button { margin: 0 1 0 0; min-width: 3; }
    #bj-bet { height: 1; width: auto; margin-right: 1; }
    #bj-bet > Label { height: 1; padding: 0 1 0 0; content-align: left middle; }
    #bj-bet > .bet-value { min-width: 7; width: 7; padding: 0 1; content-align: center middle; }
    #bj-bet > Button { width: 3; min-width: 3; }
    .bj-row .chip { min-width: 5; background: $primary-darken-2; }
    #bj-balance { width: 1fr; content-align: right middle; }
    #bj-net { width: 1fr; content-align: right middle; color: $text-muted; }
    """

    BINDINGS = [
        Binding("h", "hit", "Hit", priority=True, id="bj.hit"),
        Binding("s", "stand", "Stand", priority=True, id="bj.stand"),
        Binding("d", "double", "Double", priority=True, id="bj.double"),
        Binding("p", "split", "Split", priority=True, id="bj.split"),
        Binding("t", "tip", "Tip", priority=True, id="bj.tip"),
        # The bet keys are shown by the bet row's own "−" and "+" buttons (disabled
        # exactly when the key does nothing), not in the footer: the footer then fits
        # 80 columns, and a bet key only repaints the bet row.
        Binding("plus,up", "bet_up", "Bet up", priority=True, id="bj.bet_up", key_display="+", show=False),
        Binding("minus,down", "bet_down", "Bet down", priority=True, id="bj.bet_down", key_display="-", show=False),
        Binding("r", "repeat", "Repeat", priority=True, id="bj.repeat"),
        Binding("enter", "deal", "Deal", id="bj.deal", priority=True),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.rules: Rules = Rules()
        self.table: Table | None = None
        self.round: Round | None = None
        self.scene: Scene | None = None
        self.levels: list[str] = []
        self.players: list[Any] = []
        self.stacks: list[int] = []
        self.phase = "betting"  # betting | dealing | player | dealer
        self.stats = SessionStats()
        self.last_bet: int | None = None
        self.last_tip = ""
        self.tip_action: Action | None = None
        self._result_text = ""
        #: A settled round the data file has not taken yet: (stake, returned, details).
        self._unsaved: tuple[int, int, dict[str, Any]] | None = None
        #: The round found open in the store, replayed (see ``compose``).
        self._resumed: Table | None = None
        #: The next prompt says that the round was waiting (once, after a resume).
        self._welcome_back = False
        self._ready = False
        #: The key states the footer was last told about (refresh only on a change).
        self._shown_states: tuple[bool, ...] | None = None

    # -- layout -------------------------------------------------------------------

    @property
    def ascii(self) -> bool:
        return bool(getattr(self.app, "ascii", False))

    def _resume_saved_round(self) -> None:
        """A round left open (this process or an earlier one) is replayed from its
        record: its rules and seats are the ones it was dealt with, whatever the
        settings say now."""
        record = self.saved_record()
        if record is None:
            return
        try:
            table = Table.resume(record, self.card_app.rng(self.GAME))
            levels = record.meta.get("levels")
            assert table.round is not None
            if (
                not isinstance(levels, list)
                or len(levels) != table.round.seats - 1
                or not all(level in _LEVELS for level in levels)
            ):
                raise RecordError("the saved round's computer seats are not readable")
        except RecordError as error:
            self.void_saved_round(error)
            return
        self._resumed = table
        self.rules = table.rules
        self.levels = list(levels)

    def compose(self) -> ComposeResult:
        settings = self.app.settings  # type: ignore[attr-defined]
        self.rules = Rules(min_bet=settings.bj_min, max_bet=settings.bj_max)
        self.levels = [lvl for lvl in settings.bj_seats if lvl in _LEVELS][:4]
        self._resume_saved_round()
        # The widgets a key press touches are kept at hand: a DOM query per use was a
        # noticeable part of each key press.
        self._dealer = DealerRow(id="bj-dealer")
        self._seats = [ComputerSeat(SEAT_NAMES[i], level, id=f"seat-{i}") for i, level in enumerate(self.levels)]
        self._hands = PlayerHands(self.rules.max_hands, id="bj-hands")
        self._banner = Banner(id="bj-banner")
        self._bet = BetControls(bet_ladder(self.rules.min_bet, self.rules.max_bet), id="bj-bet")
        self._chips = [
            Button(format_chips(value), id=f"chip-{value}", classes="chip", compact=True)
            for value in CHIP_VALUES
            if self.rules.min_bet <= value <= self.rules.max_bet
        ]
        self._net = FixedLabel("", id="bj-net")
        self._buttons = {
            "deal": Button("Deal ⏎", id="btn-deal", compact=True, variant="success"),
            "repeat": Button("Repeat r", id="btn-repeat", compact=True),
            "hit": Button("Hit", id="btn-hit", disabled=True, compact=True, variant="primary"),
            "stand": Button("Stand", id="btn-stand", disabled=True, compact=True, variant="primary"),
            "double": Button("Double", id="btn-double", disabled=True, compact=True, variant="warning"),
            "split": Button("Split", id="btn-split", disabled=True, compact=True, variant="warning"),
            "tip": Button("Tip", id="btn-tip", disabled=True, compact=True),
        }
        self._balance = ChipBalance(id="bj-balance")
        buttons = self._buttons
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
                    yield buttons["deal"]
                    yield buttons["repeat"]
                    yield self._net
                with Horizontal(classes="bj-row", id="bj-action-row"):
                    for name in ("hit", "stand", "double", "split", "tip"):
                        yield buttons[name]
                    yield self._balance
        yield KeyFooter(compact=True)

    def on_mount(self) -> None:
        app = self.app
        if self._resumed is not None:
            self.table = self._resumed
        else:
            shoe = app.make_shoe("blackjack", self.rules.decks, self.rules.cut_from_end)  # type: ignore[attr-defined]
            self.table = Table(self.rules, shoe=shoe)
        self._ready = True
        self.players = [_make_player(level) for level in self.levels]
        self.stacks = [COMPUTER_STACK] * len(self.levels)
        if not self.levels:
            self.query_one("#bj-seats").display = False
            self._hands.styles.margin = (3, 0, 1, 0)
        self._bet.set_value(self.rules.min_bet)
        for button in self._bet.query(Button).results(Button):
            button.compact = True
        if self._resumed is not None:
            self._continue_saved_round()
            return
        self.call_after_refresh(self.render_table)
        self.sync_controls()
        self.offer_refill_if_needed()

    def _continue_saved_round(self) -> None:
        """Show the resumed round as it stood and carry on from the seat to act."""
        r = self.table.round if self.table is not None else None
        if r is None:
            return
        self.round = r
        start_bets = self.table.record().start["bets"]  # type: ignore[union-attr]
        self.scene = Scene.for_bets(start_bets)  # type: ignore[arg-type]
        for event in r.events:
            self.scene.apply(event)
        self.last_bet = int(start_bets[self.human])  # type: ignore[index]
        self._bet.set_value(self.last_bet)
        self.phase = "dealing"
        self._welcome_back = True
        self.banner.show("Your round was waiting for you: it goes on where it stopped.", "info")
        self.sync_controls()
        self.render_table()
        self.call_after_refresh(self.render_table)  # again once the rows know their width
        self._drive()

    # -- the one place that says what may be done ---------------------------------

    @property
    def human(self) -> int:
        """The player's seat index (last: computer seats act first)."""
        return len(self.levels)

    def legal(self) -> set[Action]:
        """The table's legal actions for the player's hand to act (empty otherwise)."""
        r = self.round
        if self.phase != "player" or r is None or r.turn is None or r.turn[0] != self.human:
            return set()
        return r.legal_actions()

    def allowed(self, action: str) -> bool:
        """Whether the action of this name may be taken now (keys and buttons alike)."""
        if not self._ready:
            return action not in _TABLE_ACTIONS
        for act, name in _ACTION_NAMES.items():
            if action == name.lower():
                return act in self.legal()
        if action == "tip":
            return bool(self.legal())
        if action in ("deal", "repeat"):
            return self.phase == "betting"
        if action == "bet_up":
            return self.phase == "betting" and self._bet.value < self.rules.max_bet
        if action == "bet_down":
            return self.phase == "betting" and self._bet.value > self.rules.min_bet
        if action == "chip":
            return self.phase == "betting"
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in _TABLE_ACTIONS:
            return True if self.allowed(action) else None
        return True

    def sync_controls(self) -> None:
        """Buttons follow exactly the same rule as the keys."""
        if not self._ready:
            return
        states = tuple(self.allowed(name) for name in _FOOTER_ORDER)
        allowed = dict(zip(_FOOTER_ORDER, states))
        for name, button in self._buttons.items():
            button.disabled = not allowed[name]
        for button in self._chips:
            button.disabled = not allowed["chip"]
        self._bet.locked = self.phase != "betting"
        r = self.round
        self._balance.at_stake = r.staked(self.human) if r is not None and not r.finished else 0
        shown = states[:_SHOWN_IN_FOOTER]
        if shown != self._shown_states:  # the footer's work only when a key it shows changes
            self._shown_states = shown
            self.refresh_bindings()

    # -- drawing ------------------------------------------------------------------

    def render_table(self) -> None:
        """Draw the scene (what has been dealt so far)."""
        if not self._ready:
            return
        scene, r = self.scene, self.round
        caught_up = scene is not None and r is not None and scene.applied == len(r.events)
        turn = r.turn if r is not None and caught_up and self.phase in ("dealing", "player") else None
        shoe_text = ""
        if self.table is not None:
            left = self.table.shoe.remaining
            if scene is not None and r is not None:  # count only the cards already shown
                left += sum(1 for e in r.events[scene.applied :] if e.kind is EventKind.DEAL)
            cards = "1 card" if left == 1 else f"{left} cards"
            shoe_text = f"shoe {cards}"
            if self.table.just_shuffled and r is not None:
                shoe_text = f"new shoe · {cards}"
        self._dealer.show(scene, self.ascii, shoe_text)
        for i, seat in enumerate(self._seats):
            hands = scene.seats[i] if scene is not None else None
            active = turn[1] if turn is not None and turn[0] == i else None
            stack = self.stacks[i] if i < len(self.stacks) else 0
            if self.round is not None and not self.round.finished:
                stack = self.round.bankroll(i) or 0  # chips beside the stake, live
            seat.show(hands, stack, self.rules.min_bet, active, self.ascii)
        hands = scene.seats[self.human] if scene is not None else None
        active = turn[1] if turn is not None and turn[0] == self.human and self.phase == "player" else None
        self._hands.show(hands, active, self.ascii)
        self._net.update(f"session {format_signed(self.stats.net)}" if self.stats.rounds else "")

    @property
    def banner(self) -> Banner:
        return self._banner

    # -- betting ------------------------------------------------------------------

    def action_bet_up(self) -> None:
        if self.allowed("bet_up"):
            self._bet.increase()  # Changed -> sync_controls

    def action_bet_down(self) -> None:
        if self.allowed("bet_down"):
            self._bet.decrease()

    def on_bet_controls_changed(self, event: BetControls.Changed) -> None:
        self.sync_controls()

    def action_repeat(self) -> None:
        """Repeat the last bet and deal."""
        if not self.allowed("repeat"):
            return
        if self.last_bet is None:
            self.banner.show("No previous bet yet: press ⏎ to deal the bet shown.", "info")
            return
        self._bet.set_value(self.last_bet)
        self.action_deal()

    def _meta(self) -> dict[str, object]:
        """What the record keeps beside the engine's state: the computer seats' levels."""
        return {"levels": list(self.levels)}

    def _save_progress(self) -> None:
        """Save the round after a computer seat's action (a refusal is caught up by the
        next save: every save holds all the actions so far)."""
        if self.table is not None and self.table.round is not None:
            self.card_app.update_round(self.GAME, self.table.record(self._meta()).to_json(), quiet=True)

    def action_deal(self) -> None:
        """Place the bet and deal a round."""
        if not self.allowed("deal") or self.table is None:
            return
        if self._unsaved is not None and not self._save_result():
            return
        bet = self._bet.value
        app = self.app
        app.sync_bankroll()  # type: ignore[attr-defined]
        bankroll: int = app.bankroll  # type: ignore[attr-defined]
        if not self.rules.min_bet <= bet <= self.rules.max_bet:
            self.banner.show(
                f"The table takes {format_chips(self.rules.min_bet)}–{format_chips(self.rules.max_bet)} per hand.",
                "error",
            )
            return
        if bet > bankroll:
            self.banner.show(
                f"Your bankroll ({format_chips(bankroll)}) cannot cover a bet of {format_chips(bet)}.", "error"
            )
            self.offer_refill_if_needed()
            return
        minimum = self.rules.min_bet
        for i in range(len(self.stacks)):
            if self.stacks[i] < minimum:
                self.stacks[i] = COMPUTER_STACK  # a computer seat buys in again
        bets = [minimum] * len(self.levels) + [bet]
        bankrolls = [s - minimum for s in self.stacks] + [bankroll - bet]
        try:
            self.round = self.table.new_round(bets, bankrolls)
        except ShoeEmpty:
            self.table.void_round()
            self.table.reshuffle()
            self.banner.show("The shoe is too short to deal a round: it has been shuffled.", "error")
            return
        # Committed before a card is shown: the stake leaves the bankroll with the
        # round saved open, in one transaction (RULES.md section 1).
        if not self.card_app.commit_round(self.GAME, bet, self.table.record(self._meta()).to_json()):
            self.table.undo_deal()
            self.round = None
            self.banner.show("Not dealt: the data file did not take the bet (see the message).", "error")
            return
        self.scene = Scene.for_bets(bets)
        self.last_bet = bet
        self.last_tip = ""
        self._result_text = ""
        self.phase = "dealing"
        if self.table.just_shuffled:
            self.banner.show("The cut card came out: the shoe was shuffled.", "info")
        else:
            self.banner.clear()
        if not self._instant:
            self.sync_controls()
            self.render_table()
        self._drive()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        button_id = event.button.id or ""
        event.stop()
        if button_id.startswith("chip-"):
            if self.allowed("chip"):
                self._bet.set_value(int(button_id[5:]))
                self.sync_controls()
            return
        handlers: dict[str, Callable[[], None]] = {
            "btn-hit": self.action_hit,
            "btn-stand": self.action_stand,
            "btn-double": self.action_double,
            "btn-split": self.action_split,
            "btn-tip": self.action_tip,
            "btn-deal": self.action_deal,
            "btn-repeat": self.action_repeat,
        }
        handler = handlers.get(button_id)
        if handler is not None:
            handler()

    # -- the player's actions -----------------------------------------------------

    def action_hit(self) -> None:
        self._play(Action.HIT)

    def action_stand(self) -> None:
        self._play(Action.STAND)

    def action_double(self) -> None:
        self._play(Action.DOUBLE)

    def action_split(self) -> None:
        self._play(Action.SPLIT)

    def _play(self, action: Action) -> None:
        if action not in self.legal() or self.round is None or self.table is None:
            return
        r = self.round
        seat, index = r.turn  # type: ignore[misc]
        hand = r.hands(seat)[index]
        extra = hand.stake if action in (Action.DOUBLE, Action.SPLIT) else 0
        # Saved before the card is dealt: a restart must not let the player take the
        # decision again knowing the next card.
        record = self.table.record(self._meta()).with_action((seat, index, action.value))
        if not self.card_app.update_round(self.GAME, record.to_json(), extra):
            return
        try:
            self.round.act(action)
        except IllegalAction as error:  # cannot happen: legal() asked the table
            self.banner.show(str(error), "error")
            return
        except ShoeEmpty:
            self._shoe_ran_out()
            return
        self.phase = "dealing"
        if not self._instant:
            self.sync_controls()
        self._drive()

    def action_tip(self) -> None:
        """What the hard level would do with the hand to act, and why."""
        legal = self.legal()
        r = self.round
        if not legal or r is None or r.turn is None:
            return
        from ...ai.blackjack import explain, recommend

        view = r.view(self.human)
        hand = view.hand
        assert hand is not None
        try:
            self.tip_action = recommend(self.rules, hand.cards, view.dealer_up, set(legal))
            self.last_tip = explain(self.rules, hand.cards, view.dealer_up, set(legal))
        except Exception as error:  # advice must never break the table
            self.banner.show(f"No tip available: {error}", "error")
            return
        self.banner.show(f"Tip (hard level): {self.last_tip}", "info")

    # -- running the round --------------------------------------------------------

    @property
    def _instant(self) -> bool:
        """Animations off: the round runs to the next stop inside the key press."""
        return not getattr(self.app, "animations", True)

    def _drive(self) -> None:
        """Run the round to its next stop (the player's turn, or the settlement).

        With animations on, a worker runs it with visible pauses. With animations off
        nothing in it ever waits, so it runs at once, inside the key press: no
        in-between state ever reaches the screen.
        """
        if not self._instant:
            self.run_worker(self._run(), group="blackjack-round", exclusive=True)
            return
        coroutine = self._run()
        try:
            coroutine.send(None)
        except StopIteration:
            return
        coroutine.close()
        raise RuntimeError("the round waited although animations are off")

    async def _pause(self, kind: str) -> None:
        """A short visible pause (none with animations off); the table also waits
        while a dialog (leave? rules, refill) covers it, so nothing settles unseen."""
        seconds = self.app.delay(kind)  # type: ignore[attr-defined]
        if seconds > 0:
            await asyncio.sleep(seconds)
        await self._wait_uncovered()

    async def _wait_uncovered(self) -> None:
        if self._instant:
            return  # runs inside a key press on this screen: nothing can cover it
        while self.app.screen is not self and self.is_attached:
            await asyncio.sleep(0.05)

    async def _replay_events(self) -> None:
        """Replay the round's new events onto the scene, a card at a time."""
        r, scene = self.round, self.scene
        if r is None or scene is None:
            return
        events = r.events
        while scene.applied < len(events):
            event = events[scene.applied]
            scene.apply(event)
            if event.kind in (EventKind.DEAL, EventKind.REVEAL) and not self._instant:
                self.render_table()
                await self._pause("card")
        if not self._instant:
            self.render_table()

    async def _run(self) -> None:
        """Deal out, let the computer seats act, stop at the player's turn; after the
        player, the dealer plays and the round settles."""
        try:
            await self._run_round()
        except ShoeEmpty:
            self._shoe_ran_out()

    def _prompt(self) -> None:
        """``Your turn: hard 15 against a 10`` (with the hand number after a split)."""
        r = self.round
        if r is None or r.turn is None:
            return
        view = r.view(self.human)
        hand = view.hand
        if hand is None:
            return
        which = f" (hand {view.hand_index + 1} of {len(view.hands)})" if len(view.hands) > 1 else ""  # type: ignore[operator]
        up = view.dealer_up
        value = min(up.rank, 10)
        against = "an ace" if value == 1 else (f"an {value}" if value == 8 else f"a {value}")
        prefix = "New shoe · " if self.table is not None and self.table.just_shuffled else ""
        if self._welcome_back:
            self._welcome_back = False
            prefix = "Your round was waiting · " + prefix
        self.banner.show(f"{prefix}Your turn{which}: {hand.describe()} against {against}", "info")

    def _shoe_ran_out(self) -> None:
        """The shoe ran out mid-round (only a tiny test shoe can): a malfunction, so
        the round is void and its stakes are returned."""
        self.workers.cancel_group(self, "blackjack-round")
        self.card_app.void_open_round(self.GAME, "the shoe ran out")
        if self.table is not None:
            self.table.void_round()
            self.table.reshuffle()
        self.round = None
        self.scene = None
        self.phase = "betting"
        self.sync_controls()
        self.render_table()
        self.banner.show("The shoe ran out: this round is void and every stake returned.", "error")

    async def _run_round(self) -> None:
        r, table = self.round, self.table
        if r is None or table is None:
            return
        await self._replay_events()
        while r.turn is not None:
            seat, _ = r.turn
            if seat == self.human:
                self.phase = "player"
                self._prompt()
                self.sync_controls()
                self.render_table()
                return
            if not self._instant:
                self.render_table()
            await self._pause("ai")
            view = r.view(seat)
            try:
                action = self.players[seat].decide(view)
                r.act(action)
            except IllegalAction:
                r.act(Action.STAND)  # a misbehaving player stands; the table stays right
            self._save_progress()
            await self._replay_events()
        self.phase = "dealer"
        if not self._instant:
            self.sync_controls()
            self.render_table()
        await self._pause("reveal")
        table.finish_round()
        await self._replay_events()
        await self._wait_uncovered()
        self._settle()

    def _settle(self) -> None:
        r = self.round
        if r is None or not r.finished:
            return
        results = r.results or []
        mine = results[self.human]
        stake = sum(x.stake for x in mine)
        returned = sum(x.returned for x in mine)
        for i in range(len(self.stacks)):
            self.stacks[i] = r.bankroll(i) or 0
        details = {
            "dealer": [str(c) for c in r.dealer_cards],
            "hands": [
                {
                    "cards": [str(c) for c in x.cards],
                    "stake": x.stake,
                    "returned": x.returned,
                    "outcome": x.outcome.value,
                    "doubled": x.doubled,
                }
                for x in mine
            ],
            "seats": len(results),
        }
        self.phase = "betting"
        self._unsaved = (stake, returned, details)
        self._save_result()
        self.stats.add(mine)
        net = returned - stake
        outcome_words = ", ".join(
            {"blackjack": "blackjack", "win": "win", "push": "push", "lose": "lose", "bust": "bust"}[x.outcome.value]
            for x in mine
        )
        dealer = self.scene.dealer_text() if self.scene is not None else ""
        self._result_text = f"Dealer {dealer} · you: {outcome_words} · round {format_signed(net)}"
        kind = "win" if net > 0 else ("lose" if net < 0 else "push")
        self.banner.show(self._result_text, kind)
        self.sync_controls()
        self.render_table()
        self.offer_refill_if_needed()

    def _save_result(self) -> bool:
        """Pay the settled round in the store and close it; False while the data file
        refuses (the round then stays open there and is settled on the next try, or
        when the table opens again)."""
        if self._unsaved is None:
            return True
        stake, returned, details = self._unsaved
        if not self.card_app.settle_round(self.GAME, stake, returned, details):
            return False
        self._unsaved = None
        return True

    # -- leaving --------------------------------------------------------------------

    def round_in_progress(self) -> bool:
        return self.phase != "betting" or self._unsaved is not None

    def table_minimum(self) -> int:
        return self.rules.min_bet

    def on_leave(self) -> None:
        self.workers.cancel_group(self, "blackjack-round")
        if self.stats.rounds:
            stats = self.stats
            self.app.call_later(lambda: self.app.push_screen(SessionSummary(stats)))
