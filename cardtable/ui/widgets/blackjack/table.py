"""The blackjack table's layout: dealer, computer seats, the player's hands and the
controls, drawn from the screen's view.

The screen (``ui/screens/blackjack.py``) decides nothing about the picture: it hands
this widget its :class:`TableView` and the table's round, and this widget draws them.
What a button may do is asked back through the screen's ``allowed``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.css.scalar import Unit
from textual.geometry import Size
from textual.reactive import reactive
from textual.widgets import Label
from textual.widgets.button import ButtonVariant

from ....core.blackjack import Action, EventKind, Round, RoundState, Rules
from ....core.blackjack_phase import Phase
from ....i18n import N_, _, ngettext
from ....i18n.formatting import chips as format_chips
from ....i18n.formatting import signed
from ..common.banner import Banner
from ..common.bet import BetControls, bet_ladder
from ..common.card import CardSize
from ..common.chips import ChipBalance
from ..common.labels import FixedLabel
from ..common.restyle import TableButton
from .coach import CoachPanel
from .seat import ComputerSeat, DealerPicture, DealerRow, HandsPicture, PlayerHand, PlayerHands, SeatPicture

__all__ = [
    "TableView",
    "FeltPicture",
    "BlackjackFelt",
    "ACTIONS",
    "SEAT_NAMES",
    "CHIP_VALUES",
    "pause_kind",
    "shoe_left_at",
]

SEAT_NAMES = ("Ada", "Bert", "Cleo", "Dov")
#: The chip buttons' values, in hundredths (those within the table limits are shown).
CHIP_VALUES = (500, 2_500, 10_000, 50_000)
#: The player's actions by the name keys and buttons use.
ACTIONS = {"hit": Action.HIT, "stand": Action.STAND, "double": Action.DOUBLE, "split": Action.SPLIT}
#: The action buttons: (name, label, variant); the name is the ``play`` parameter.
_ACTION_BUTTONS: tuple[tuple[str, str, ButtonVariant], ...] = (
    ("hit", N_("Hit"), "primary"),
    ("stand", N_("Stand"), "primary"),
    ("double", N_("Double"), "warning"),
    ("split", N_("Split"), "warning"),
)
#: The other buttons' words, by name (each with its key).
_BUTTON_WORDS = {
    "deal": N_("Deal ⏎"),
    "bet": N_("Bet ⏎"),
    "repeat": N_("Repeat r"),
    "tip": N_("Tip"),
    "chart": N_("Chart g"),
}
#: Card sizes to try, (dealer, computer seats, player's hands, blank rows between
#: the parts), best first: the first whose rows fit the table's height is drawn. The
#: player's hands keep their boxes longest.
_SIZES = (
    (CardSize.LARGE, CardSize.BOX, CardSize.LARGE, 1),
    (CardSize.BOX, CardSize.BOX, CardSize.LARGE, 1),
    (CardSize.BOX, CardSize.CHIP, CardSize.LARGE, 1),
    (CardSize.CHIP, CardSize.CHIP, CardSize.LARGE, 1),
    (CardSize.BOX, CardSize.CHIP, CardSize.BOX, 1),
    (CardSize.CHIP, CardSize.CHIP, CardSize.BOX, 1),
    (CardSize.CHIP, CardSize.CHIP, CardSize.BOX, 0),
    (CardSize.CHIP, CardSize.CHIP, CardSize.CHIP, 1),
)
#: The table's height from which the buttons are drawn tall, as at the other tables.
TALL_BUTTONS_FROM = 30
#: The rows of controls under the play area (each a line under a blank one, or three
#: lines tall: ``blackjack.tcss``).
_CONTROL_ROWS = 2
#: The bankroll's figures the action row keeps room for beside the buttons.
_BALANCE_ROOM = " 10,000 + 500"
#: The session's result the bet row keeps room for.
_SESSION_ROOM = "−10,000"


@dataclass(frozen=True)
class FeltPicture:
    """What the felt draws: the view, and beside it each other seat's name and level
    (``names``; empty: as composed), chips (``stacks``: None, not shown) and bet
    between rounds (``bets``; None: the table minimum); ``live``: the picture is the
    table as it stands (not a step of a catch-up), so the hand to act is marked."""

    view: TableView
    stacks: tuple[int | None, ...] = ()
    names: tuple[tuple[str, str], ...] = ()
    bets: tuple[int, ...] | None = None
    live: bool = True
    min_bet: int = 0
    just_shuffled: bool = False
    session_net: int | None = None
    ascii: bool = False


@dataclass(frozen=True)
class TableView:
    """What the screen shows: the picture of the round and the phase it implies."""

    phase: Phase = Phase.BETTING
    #: The round as shown (it may lag the table while the picture catches up).
    picture: RoundState | None = None
    #: Cards still in the shoe as shown (the cards not yet on screen count as in it).
    shoe_left: int = 0
    #: The count as coach mode shows it ("Hi-Lo +2 · true +0.4"), or "".
    count_text: str = ""


def pause_kind(round: Round, state: RoundState, human: int) -> str | None:
    """The pause before showing ``state`` (the app's delay kinds: a computer seat's
    move, the reveal, a card), or None for none."""
    if state.applied < 1:
        return None
    event = round.events[state.applied - 1]
    if event.kind is EventKind.ACTION and event.seat != human:
        return "ai"
    if event.kind is EventKind.REVEAL:
        return "reveal"
    return "card" if event.kind is EventKind.DEAL else None


def shoe_left_at(round: Round, state: RoundState, remaining: int) -> int:
    """Cards in the shoe as shown at ``state``: the cards dealt after it count as still in."""
    return remaining + sum(1 for e in round.events[state.applied :] if e.kind is EventKind.DEAL)


class _PlayArea(Vertical):
    """The dealer, the seats, the hands and the banner: redrawn when its height changes."""

    def on_resize(self) -> None:
        table = self.parent
        if isinstance(table, BlackjackFelt):
            self.call_after_refresh(table.resized)


class BlackjackFelt(Vertical):
    """The whole table below the header: it composes the seats and controls once and
    redraws them from a view."""

    def __init__(self, rules: Rules, levels: Sequence[str], *, size: Size | None = None, id: str | None = None) -> None:
        """``size``: the felt's size as it will be laid out, when the screen knows it (the
        controls are then built for it, not restyled once mounted)."""
        super().__init__(id=id)
        self._foreseen = size
        self.dealer = DealerRow(id="bj-dealer")
        self.seats = [ComputerSeat(SEAT_NAMES[i], level, id=f"seat-{i}") for i, level in enumerate(levels)]
        self.hands = PlayerHands(rules.max_hands, id="bj-hands")
        self.banner = Banner(id="bj-banner")
        self.coach = CoachPanel(id="bj-coach")
        self.bet = BetControls(bet_ladder(rules.min_bet, rules.max_bet), label=_("Bet"), formatter=format_chips,
                               compact=True, id="bj-bet")
        self._chip_values = [v for v in CHIP_VALUES if rules.min_bet <= v <= rules.max_bet]
        self.chips = [
            TableButton(format_chips(v), id=f"chip-{v}", classes="chip", compact=True, action=f"screen.chip({v})")
            for v in self._chip_values
        ]
        self.net = FixedLabel("", id="bj-net")
        self.balance = ChipBalance(id="bj-balance")
        # The buttons of a round under way start off, as a table opens between rounds:
        # `restyle` sets each as the table stands, and one switched off after it is
        # mounted costs a stylesheet pass.
        self.buttons = {
            "deal": TableButton(_(_BUTTON_WORDS["deal"]), id="btn-deal", compact=True, variant="success",
                                action="screen.deal"),
            "repeat": TableButton(_(_BUTTON_WORDS["repeat"]), id="btn-repeat", compact=True, action="screen.repeat",
                                  disabled=True),
        }
        for name, label, variant in _ACTION_BUTTONS:
            self.buttons[name] = TableButton(
                _(label), id=f"btn-{name}", compact=True, variant=variant, action=f"screen.play('{name}')",
                disabled=True,
            )
        self.buttons["tip"] = TableButton(_(_BUTTON_WORDS["tip"]), id="btn-tip", compact=True, action="screen.tip",
                                          disabled=True)
        self.buttons["chart"] = TableButton(_(_BUTTON_WORDS["chart"]), id="btn-chart", compact=True,
                                            action="screen.chart")
        #: The deal button places a bet for the next round at a shared table ("Bet ⏎").
        self.deal_word = "deal"
        self._net_text = ""
        self.play = _PlayArea(id="bj-play")
        #: The card sizes of the last draw, and the computer seats' hand rows it had.
        self._sizes: tuple[CardSize, CardSize, CardSize, int] | None = None
        #: The picture and the geometry of the last draw.
        self._drawn_for: tuple[FeltPicture | None, tuple[Size, int, int]] | None = None
        self._seat_hands = 1
        if size is not None:
            self._fit(size)

    def compose(self) -> ComposeResult:
        with self.play:
            yield self.dealer
            with Horizontal(id="bj-seats") as seats:
                seats.display = bool(self.seats)  # none: the player alone
                yield from self.seats
            yield self.hands
            yield self.banner
            yield self.coach
        with Vertical(id="bj-controls"):
            with Horizontal(classes="bj-row", id="bj-bet-row"):
                yield self.bet
                yield from self.chips
                yield self.buttons["deal"]
                yield self.buttons["repeat"]
                yield self.net
            with Horizontal(classes="bj-row", id="bj-action-row"):
                for name in ("hit", "stand", "double", "split", "tip", "chart"):
                    yield self.buttons[name]
                yield self.balance

    def retranslate(self) -> None:
        """Every button and line again in the language now in force."""
        for name, label, _variant in _ACTION_BUTTONS:
            self.buttons[name].label = _(label)
        self.buttons["deal"].label = _(_BUTTON_WORDS[self.deal_word])
        for name in ("repeat", "tip", "chart"):
            self.buttons[name].label = _(_BUTTON_WORDS[name])
        for value, button in zip(self._chip_values, self.chips, strict=True):
            button.label = format_chips(value)
        self.bet.label = _("Bet")
        self.bet.query_one(".bet-label", Label).update(self.bet.label)
        self.bet.query_one(".bet-value", Label).update(format_chips(self.bet.value))
        self._net_text = ""
        self._fit_row()
        self.redraw()
        # Each part paints its words when its picture changes: the pictures did not.
        parts: list[DealerRow | ComputerSeat | PlayerHands | PlayerHand | CoachPanel] = [
            self.dealer, *self.seats, self.hands, *self.hands.boxes, self.coach]
        for part in parts:
            part._paint()

    def _fit_row(self, width: int | None = None) -> None:
        """The buttons close up (no gap between them) when a row's words and figures
        would not fit it side by side (long Lithuanian or wide Japanese words at 80
        columns): the action buttons and the bankroll, the bet, chips and the session;
        ``width``: the felt's inside (None: as laid out)."""
        row = min(100, self.content_region.width if width is None else width)
        actions = [str(self.buttons[name].label) for name in ("hit", "stand", "double", "split", "tip", "chart")]
        need = sum(cell_len(word) + 3 for word in actions) + cell_len(_("Bankroll") + _BALANCE_ROOM) + 2
        betting = [str(button.label) for button in (*self.chips, self.buttons["deal"], self.buttons["repeat"])]
        bet = cell_len(self.bet.label) + 15 + sum(cell_len(word) + 3 for word in betting)
        bet += cell_len(_("session {net}").format(net=_SESSION_ROOM)) + 2
        self.set_class(bool(row) and max(need, bet) > row, "-tight")

    def on_resize(self, event: events.Resize) -> None:
        """Tall buttons when there is room; the cards redrawn at the size that fits
        (nothing changes when the first draw foresaw this size)."""
        self._fit(event.size)
        self.call_after_refresh(self.resized)

    def _geometry(self) -> tuple[Size, int, int]:
        """What the draw depends on besides the picture: the play area's size, and the
        widths of the seats' row and of the hands' row."""
        room = self._room()
        seats = self.query_one("#bj-seats").size.width or room.width
        return room, seats, self.hands.size.width or room.width

    def resized(self) -> None:
        """The felt or its play area changed size: drawn again, unless the last draw was
        already for this size (the first, made before the first layout, foresaw it)."""
        if self._drawn_for != (self.state, self._geometry()):
            self.redraw()

    def _fit(self, size: Size) -> None:
        """The controls for the felt's ``size``: tall buttons when there is room, close
        together when their words need it."""
        self._fit_row(size.width - self.styles.padding.width)
        tall = size.height >= TALL_BUTTONS_FROM
        if tall != self.has_class("-tall"):
            self.set_class(tall, "-tall")
            for button in [*self.chips, *self.buttons.values()]:
                button.compact = not tall

    def _expected_size(self) -> Size:
        """The felt's size before its first layout: as the screen foresaw it, or the
        screen's less the rows of the parts above and below it (the header, the footer)."""
        if self._foreseen is not None:
            return self._foreseen
        width, height = self.app.size
        parent = self.parent
        for part in parent.children if parent is not None else ():
            rows = part.styles.height
            if part is not self and part.display and rows is not None and rows.unit is Unit.CELLS:
                height -= int(rows.value)
        return Size(width, max(0, height))

    def _room(self) -> Size:
        """The play area's size: as laid out, or, before the first layout, as it will be
        (so that the first frame is drawn once, at the card sizes it shows)."""
        if self.play.size:
            return self.play.size
        felt = self._expected_size()
        controls = _CONTROL_ROWS * (3 if felt.height >= TALL_BUTTONS_FROM else 2)
        return Size(max(0, felt.width - self.styles.padding.width), max(0, felt.height - controls))

    def coach_changed(self) -> None:
        """The coach's values were shown or hidden: draw again only if the cards must
        change size to leave them room (or may grow back)."""
        if self.card_sizes(self._seat_hands) != self._sizes:
            self.redraw()

    def _seat_lines(self, hands: int, size: CardSize) -> int:
        seats = self.query_one("#bj-seats").size.width or self._room().width
        narrow = seats // max(1, len(self.seats)) < ComputerSeat.ONE_LINE_MONEY
        return ComputerSeat.lines_needed(hands, size, narrow=narrow)

    def card_sizes(self, seat_hands: int) -> tuple[CardSize, CardSize, CardSize, int]:
        """(dealer, seats, hands, gap): the largest card sizes whose rows fit the play
        area's height, with a blank row between the parts when that fits too."""
        height = self._room().height
        if not height:
            return CardSize.CHIP, CardSize.CHIP, CardSize.BOX, 1
        for dealer, seat, hand, gap in _SIZES:
            need = (1 if dealer is CardSize.CHIP else 1 + dealer.height) + gap
            if self.seats:
                need += self._seat_lines(seat_hands, seat) + gap
            need += PlayerHands.height_for(hand) + gap + 1  # the hands, then the banner
            need += self.coach.lines  # the coach's values while they are shown
            if need <= height:
                return dealer, seat, hand, gap
        return CardSize.CHIP, CardSize.CHIP, CardSize.CHIP, 0

    def restyle(self, allowed: Callable[[str, object], bool], betting: bool, at_stake: int) -> None:
        """Enable exactly the buttons whose action is allowed now."""
        for name, button in self.buttons.items():
            if name in ACTIONS:
                button.disabled = not allowed("play", name)
            else:
                button.disabled = not allowed(name, None)
        for value, button in zip(self._chip_values, self.chips, strict=True):
            button.disabled = not allowed("chip", value)
        self.bet.locked = not betting
        self.balance.at_stake = at_stake

    state: reactive[FeltPicture | None] = reactive(None, init=False, repaint=False)
    """Everything the felt draws; each part draws itself again when its own share of
    this changes (a chip change or a key that changes nothing redraws nothing here)."""

    def watch_state(self) -> None:
        self.redraw()

    def redraw(self) -> None:
        """Hand each part its picture: the dealer and shoe, each other seat, the
        player's hands (the player sits last), and the session's net once a round was
        played; the cards as large as the room allows."""
        felt = self.state
        if felt is None:
            return
        self._drawn_for = (felt, self._geometry())
        if not self.size:  # drawn before the first layout: the controls as they will be
            self._fit(self._expected_size())
        view, ascii = felt.view, felt.ascii
        picture = view.picture
        seat_hands = (
            max((len(picture.seats[i]) for i in range(min(len(self.seats), len(picture.seats)))), default=1)
            if picture
            else 1
        )
        dealer_size, seat_size, hand_size, gap = self._sizes = self.card_sizes(seat_hands)
        self._seat_hands = seat_hands
        if seat_hands > 1:  # a split seat: every seat in chips, one height for all
            seat_size = CardSize.CHIP
        seat_height = self._seat_lines(seat_hands, seat_size)
        for seat in self.seats:
            seat.styles.height = seat_height
        self.dealer.styles.margin = (0, 0, gap, 0)
        self.query_one("#bj-seats").styles.margin = (0, 0, gap, 0)
        self.hands.styles.margin = (0, 0, gap, 0)
        turn = picture.turn if picture is not None and felt.live and view.phase is not Phase.BETTING else None
        cards = ngettext("{n} card", "{n} cards", view.shoe_left).format(n=view.shoe_left)
        new_shoe = felt.just_shuffled and picture is not None
        shoe_text = (_("new shoe · {cards}") if new_shoe else _("shoe {cards}")).format(cards=cards)
        if view.count_text:
            shoe_text = f"{view.count_text} · {shoe_text}"
        self.dealer.state = DealerPicture.of(picture, shoe_text, dealer_size, ascii)
        for i, seat in enumerate(self.seats):
            name, level = felt.names[i] if i < len(felt.names) else (seat.seat_name, seat.level)
            seat.state = SeatPicture(
                name,
                level,
                picture.seats[i] if picture is not None and i < len(picture.seats) else (),
                picture.results[i] if picture is not None and i < len(picture.results) else (),
                felt.stacks[i] if i < len(felt.stacks) else None,
                felt.min_bet if felt.bets is None else felt.bets[i],
                turn[1] if turn is not None and turn[0] == i else None,
                ascii,
                seat_size,
                seat_hands,
            )
        human = len(self.seats)
        playing = turn is not None and turn[0] == human and view.phase is Phase.PLAYER
        self.hands.state = HandsPicture(
            picture.seats[human] if picture is not None else (),
            picture.results[human] if picture is not None else (),
            turn[1] if playing and turn is not None else None,
            ascii,
            hand_size,
            self.hands.size.width or self._room().width,
        )
        net = "" if felt.session_net is None else _("session {net}").format(net=signed(felt.session_net))
        if net != self._net_text:
            self._net_text = net
            self.net.update(net)
