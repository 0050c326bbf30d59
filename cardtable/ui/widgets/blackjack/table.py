"""The blackjack table's layout: dealer, computer seats, the player's hands and the
controls, drawn from the screen's view.

The screen (``ui/screens/blackjack.py``) decides nothing about the picture: it hands
this widget its :class:`TableView` and the table's round, and this widget draws them.
What a button may do is asked back through the screen's ``allowed``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button
from textual.widgets.button import ButtonVariant

from ....core.blackjack import Action, Round, RoundState, Rules
from ....core.money import format_chips, format_signed
from ..common.banner import Banner
from ..common.bet import BetControls, bet_ladder
from ..common.chips import ChipBalance
from ..common.labels import FixedLabel
from .seat import ComputerSeat, DealerRow, PlayerHands

__all__ = ["Phase", "TableView", "BlackjackTable", "ACTIONS", "SEAT_NAMES", "CHIP_VALUES"]

SEAT_NAMES = ("Ada", "Bert", "Cleo", "Dov")
#: The chip buttons' values, in hundredths (those within the table limits are shown).
CHIP_VALUES = (500, 2_500, 10_000, 50_000)
#: The player's actions by the name keys and buttons use.
ACTIONS = {"hit": Action.HIT, "stand": Action.STAND, "double": Action.DOUBLE, "split": Action.SPLIT}
#: The action buttons: (name, label, variant); the name is the ``play`` parameter.
_ACTION_BUTTONS: tuple[tuple[str, str, ButtonVariant], ...] = (
    ("hit", "Hit", "primary"),
    ("stand", "Stand", "primary"),
    ("double", "Double", "warning"),
    ("split", "Split", "warning"),
)


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


class BlackjackTable(Vertical):
    """The whole table below the header: it composes the seats and controls once and
    redraws them from a view."""

    def __init__(self, rules: Rules, levels: Sequence[str], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.dealer = DealerRow(id="bj-dealer")
        self.seats = [ComputerSeat(SEAT_NAMES[i], level, id=f"seat-{i}") for i, level in enumerate(levels)]
        self.hands = PlayerHands(rules.max_hands, id="bj-hands")
        self.banner = Banner(id="bj-banner")
        self.bet = BetControls(bet_ladder(rules.min_bet, rules.max_bet), id="bj-bet")
        self.chips = [
            Button(format_chips(v), id=f"chip-{v}", classes="chip", compact=True, action=f"screen.chip({v})")
            for v in CHIP_VALUES
            if rules.min_bet <= v <= rules.max_bet
        ]
        self.net = FixedLabel("", id="bj-net")
        self.balance = ChipBalance(id="bj-balance")
        self.buttons = {
            "deal": Button("Deal ⏎", id="btn-deal", compact=True, variant="success", action="screen.deal"),
            "repeat": Button("Repeat r", id="btn-repeat", compact=True, action="screen.repeat"),
        }
        for name, label, variant in _ACTION_BUTTONS:
            self.buttons[name] = Button(
                label, id=f"btn-{name}", compact=True, variant=variant, action=f"screen.play('{name}')"
            )
        self.buttons["tip"] = Button("Tip", id="btn-tip", compact=True, action="screen.tip")
        self._net_text = ""

    def compose(self) -> ComposeResult:
        yield self.dealer
        with Horizontal(id="bj-seats"):
            yield from self.seats
        yield self.hands
        with Vertical(id="bj-controls"):
            yield self.banner
            with Horizontal(classes="bj-row", id="bj-bet-row"):
                yield self.bet
                yield from self.chips
                yield self.buttons["deal"]
                yield self.buttons["repeat"]
                yield self.net
            with Horizontal(classes="bj-row", id="bj-action-row"):
                for name in ("hit", "stand", "double", "split", "tip"):
                    yield self.buttons[name]
                yield self.balance

    def on_mount(self) -> None:
        if not self.seats:  # the player alone: the hands move up to where seats would be
            self.query_one("#bj-seats").display = False
            self.hands.styles.margin = (3, 0, 1, 0)
        for button in self.bet.query(Button).results(Button):
            button.compact = True

    def restyle(self, allowed: Callable[[str, object], bool], betting: bool, at_stake: int) -> None:
        """Enable exactly the buttons whose action is allowed now."""
        for name, button in self.buttons.items():
            if name in ACTIONS:
                button.disabled = not allowed("play", name)
            else:
                button.disabled = not allowed(name, None)
        for button in self.chips:
            button.disabled = not betting
        self.bet.locked = not betting
        self.balance.at_stake = at_stake

    def draw(
        self,
        view: TableView,
        round: Round | None,
        stacks: Sequence[int],
        *,
        min_bet: int,
        just_shuffled: bool,
        session_net: int | None,
        ascii: bool,
    ) -> None:
        """Draw the picture: the dealer and shoe, each computer seat, the player's hands
        (the player sits last), and the session's net once a round was played."""
        picture = view.picture
        live = picture is not None and round is not None and picture.applied == len(round.events)
        turn = picture.turn if picture is not None and live and view.phase is not Phase.BETTING else None
        cards = "1 card" if view.shoe_left == 1 else f"{view.shoe_left} cards"
        shoe_text = f"new shoe · {cards}" if just_shuffled and picture is not None else f"shoe {cards}"
        self.dealer.show(picture, ascii, shoe_text)
        in_round = round is not None and not round.finished
        for i, seat in enumerate(self.seats):
            hands = picture.seats[i] if picture is not None else None
            results = picture.results[i] if picture is not None else ()
            active = turn[1] if turn is not None and turn[0] == i else None
            stack = (round.bankroll(i) or 0) if round is not None and in_round else stacks[i]
            seat.show(hands, results, stack, min_bet, active, ascii)
        human = len(self.seats)
        mine = picture.seats[human] if picture is not None else None
        results = picture.results[human] if picture is not None else ()
        playing = turn is not None and turn[0] == human and view.phase is Phase.PLAYER
        self.hands.show(mine, results, turn[1] if playing and turn is not None else None, ascii)
        net = "" if session_net is None else f"session {format_signed(session_net)}"
        if net != self._net_text:
            self._net_text = net
            self.net.update(net)
