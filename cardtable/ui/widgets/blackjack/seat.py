"""Blackjack table widgets: the dealer's row, a computer seat and the player's hands.

They draw the core's :class:`~cardtable.core.blackjack.RoundState` (the picture of
the round at one moment: hands, dealer cards, results) at the card size the table
gives them (:class:`~cardtable.ui.widgets.common.card.CardSize`: inline chips where
room is short, so that four computer seats and four split hands fit 80×24; boxes and
large cards as the terminal grows). They hold no game state of their own and restate
no rule: totals, naturals and outcomes come from the core's ``Hand``, ``RoundState``
and ``HandResult``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.reactive import reactive
from textual.widgets import Static

from ....core.blackjack import Hand, HandOutcome, HandResult, RoundState
from ....core.cards import Card
from ....i18n import N_, _
from ....i18n.formatting import chips as format_chips
from ....i18n.formatting import signed
from ...games import HOLE_CARD
from ..common.card import FAN_STEP, CardSize, card_lines, card_text, cards_mini, fan
from .drawn import DrawnRow
from .words import dealer_text, hand_words, level_name, outcome_word

__all__ = [
    "DealerPicture",
    "SeatPicture",
    "HandPicture",
    "HandsPicture",
    "DealerRow",
    "ComputerSeat",
    "PlayerHand",
    "PlayerHands",
    "mini_cards",
    "hand_marker",
    "total_text",
    "dealer_text",
]

LEVEL_STYLES = {"easy": "bold green", "normal": "bold yellow", "hard": "bold red"}

#: The computer seats' compact cards (the shared renderer's mini chips).
mini_cards = cards_mini


def _marker(hand: Hand, result: HandResult | None) -> tuple[str, str]:
    """(marker code, kind) for a hand: an outcome's value (``win``, ``bust`` …) once
    settled, else ``bust``/``blackjack``/``doubled``/``split-aces``/``21``/``stand``
    or ``""``; kind is win / lose / push / info / '' for the colour."""
    if result is not None:
        outcome = result.outcome
        kind = {HandOutcome.BLACKJACK: "win", HandOutcome.WIN: "win", HandOutcome.PUSH: "push"}
        return outcome.value, kind.get(outcome, "lose")
    if hand.busted:
        return "bust", "lose"
    if hand.blackjack:
        return "blackjack", "win"
    if hand.closed:
        if hand.doubled:
            return "doubled", "info"
        if hand.split_aces:
            return "split-aces", "info"
        return ("21" if hand.total == 21 else "stand"), "info"
    return "", ""


#: The markers of a hand still in play, in capitals on its box.
_MARKERS = {
    "bust": N_("BUST"),
    "blackjack": N_("BLACKJACK"),
    "doubled": N_("DOUBLED"),
    "split-aces": N_("SPLIT ACES"),
    "stand": N_("STAND"),
}


def hand_marker(hand: Hand, result: HandResult | None = None) -> tuple[str, str]:
    """(marker text, kind) for a hand: ``WIN +15`` / ``LOSE −10`` / ``BUST`` … ;
    kind is win / lose / push / info / '' for the colour."""
    code, kind = _marker(hand, result)
    if result is not None:
        word = outcome_word(result.outcome, capitals=True)
        return (word if result.outcome is HandOutcome.PUSH else f"{word} {signed(result.net)}"), kind
    return (_(_MARKERS[code]) if code in _MARKERS else code), kind


def total_text(hand: Hand) -> str:
    """``soft 17`` / ``hard 17`` / ``BLACKJACK`` / ``BUST 24`` / empty."""
    if not hand.cards:
        return ""
    if hand.waiting:
        return _("waits for a card")
    if hand.blackjack:  # the box's own word (it fits the box in every language)
        return _("BLACKJACK")
    words = hand_words(hand)
    return words.upper() if hand.busted else words


def _seat_marker(hand: Hand, result: HandResult | None) -> str:
    """The short outcome shown on a computer seat's hand line: ``+5`` ``−5`` ``BJ +7.50``."""
    if result is not None:
        net = result.net
        if result.outcome is HandOutcome.PUSH:
            return _("push")
        if result.outcome is HandOutcome.BLACKJACK:
            return _("BJ {net}").format(net=signed(net))
        return _("bust {net}").format(net=signed(net)) if result.outcome is HandOutcome.BUST else signed(net)
    code = _marker(hand, None)[0]
    return {"doubled": "×2", "blackjack": _("BJ"), "bust": _("BUST")}.get(code, "")


def _show(widget: Static, text: Text) -> None:
    """Show ``text`` in ``widget``: the screen is laid out again only when the number of
    lines changes (a new card in a hand of the same height repaints the hand alone)."""
    lines = text.plain.count("\n") + 1
    relayout = lines != getattr(widget, "_lines", None)
    widget._lines = lines  # type: ignore[attr-defined]
    widget.update(text, layout=relayout)


_KIND_STYLES = {"win": "bold green", "lose": "bold red", "push": "bold yellow", "info": "dim"}


@dataclass(frozen=True)
class DealerPicture:
    """The dealer's row: the cards (None: face down), their words, the shoe's line."""

    cards: tuple[Card | None, ...] = ()
    total: str = ""
    revealed: bool = False
    shoe_text: str = ""
    size: CardSize = CardSize.CHIP
    ascii: bool = False
    busted: bool = False

    @classmethod
    def of(cls, state: RoundState | None, shoe_text: str, size: CardSize, ascii: bool) -> DealerPicture:
        if state is None:
            return cls(shoe_text=shoe_text, size=size, ascii=ascii)
        busted = state.revealed and state.dealer_total[0] > 21
        return cls(tuple(state.dealer), dealer_text(state), state.revealed, shoe_text, size, ascii, busted)


@dataclass(frozen=True)
class SeatPicture:
    """A computer (or another player's) seat: its name and level, its hands and money;
    ``active``: the hand to act; ``rows``: the hand lines every seat keeps."""

    name: str
    level: str
    hands: tuple[Hand, ...] = ()
    results: tuple[HandResult | None, ...] = ()
    stack: int | None = None
    bet: int = 0
    active: int | None = None
    ascii: bool = False
    size: CardSize = CardSize.CHIP
    rows: int = 1


@dataclass(frozen=True)
class HandPicture:
    """One of the player's hand boxes (``hand`` None: the empty box before a bet)."""

    hand: Hand | None = None
    result: HandResult | None = None
    label: str = "You"
    active: bool = False
    ascii: bool = False
    size: CardSize = CardSize.CHIP
    width: int = 19


@dataclass(frozen=True)
class HandsPicture:
    """The player's hands: ``active`` the one to act; ``largest`` the card size allowed;
    ``room`` the row's width the boxes share."""

    hands: tuple[Hand, ...] = ()
    results: tuple[HandResult | None, ...] = ()
    active: int | None = None
    ascii: bool = False
    largest: CardSize = CardSize.BOX
    room: int = 78


class DealerRow(DrawnRow):
    """``Dealer  9♥ ▒▒  shows 9`` on one line; at a larger size a label line above the
    cards as boxes. The face-down card is a back until the reveal."""

    DEFAULT_CSS = """
    DealerRow { height: auto; width: 1fr; padding: 0 1; }
    """

    state: reactive[DealerPicture] = reactive(DealerPicture, init=False, repaint=False)
    """What the row shows; it draws itself again when this changes (or its width)."""

    def _draw(self, width: int) -> Text:
        picture = self.state
        ascii, shoe_text, size = picture.ascii, picture.shoe_text, picture.size
        label = Text()
        label.append(_("Dealer") + " ", "bold")
        cards = list(picture.cards)
        chips = size is CardSize.CHIP or not cards
        if cards:
            if chips:
                label.append(" ")
                label.append_text(Text(" ").join(card_text(c, ascii) for c in cards))
            label.append("  ")
            total = picture.total
            style = "bold red" if picture.busted else ("bold" if picture.revealed else "dim")
            label.append(total, style)
        width = max(1, width)
        if not cards:  # the house rule, and how the second card is dealt when there is room
            rule = _("stands on all 17s · {hole}").format(hole=_(HOLE_CARD))
            if label.cell_len + 1 + cell_len(rule) + 2 + cell_len(shoe_text) > width:
                rule = _("stands on all 17s")
            label.append(" " + rule, "dim")
        lines: list[Text] = []
        if not chips:  # the cards centred, the label above them
            lines = fan([card_lines(c, size, ascii, face_down=c is None) for c in cards], width)
            indent = Text(" " * max(0, (width - lines[0].cell_len) // 2))
            label = Text.assemble(indent, label)
            lines = [Text.assemble(indent, line) for line in lines]
        if shoe_text:
            label.append(" " * max(2, width - label.cell_len - cell_len(shoe_text)))
            label.append(shoe_text, "dim")
        return Text("\n").join([label, *lines])

    @property
    def plain(self) -> str:
        """The label line as plain text (the dealer's cards, total and the shoe)."""
        return self._content(self._width).plain.split("\n", 1)[0]


class ComputerSeat(DrawnRow):
    """A computer seat: name and level, its hands (one line each as chips, or boxes
    for a single hand when there is room), then the stake and the seat's chips."""

    DEFAULT_CSS = """
    ComputerSeat {
        width: 1fr;
        max-width: 44;
        height: auto;
        padding: 0 0 0 1;
        margin: 0 1 0 0;
        background: $boost;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    ComputerSeat.-active { background: $accent 25%; }
    """

    state: reactive[SeatPicture] = reactive(lambda: SeatPicture("", ""), init=False, repaint=False)
    """What the seat shows; it draws itself again when this changes (or its width)."""

    def __init__(self, name: str, level: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.set_reactive(ComputerSeat.state, SeatPicture(name, level))
        self.markers: list[str] = []

    @property
    def seat_name(self) -> str:
        return self.state.name

    @property
    def level(self) -> str:
        return self.state.level

    #: The seat's width (padding and margin included) from which its stake and chips
    #: share one line (``stake 30 · chips 1,970``); narrower, they take two.
    ONE_LINE_MONEY = 26

    @staticmethod
    def lines_needed(hands: int, size: CardSize, *, narrow: bool = False) -> int:
        """Rows the seat takes with ``hands`` hands at ``size``."""
        money = 2 if narrow else 1
        if size is not CardSize.CHIP and hands <= 1:
            return 1 + size.height + 1 + money
        return 1 + max(1, hands) + money

    def _follow_state(self) -> None:
        picture = self.state
        self.markers = [hand_marker(hand, self._result(index))[0] for index, hand in enumerate(picture.hands)]
        self.set_class(picture.active is not None, "-active")

    def _result(self, index: int) -> HandResult | None:
        results = self.state.results
        return results[index] if index < len(results) else None

    def _draw(self, width: int) -> Text:
        """The seat at ``width`` (inside the padding); ``rows``: the hand lines every seat
        keeps (the most hands any seat has), so that the seats' money lines sit on one row."""
        picture = self.state
        stack, bet, active = picture.stack, picture.bet, picture.active
        ascii, size, rows = picture.ascii, picture.size, picture.rows
        lines: list[Text] = []
        head = Text(no_wrap=True, overflow="crop")
        head.append(self.seat_name, "bold")
        head.append(" ")
        head.append(level_name(self.level), LEVEL_STYLES.get(self.level, "bold"))
        lines.append(head)
        hands = list(picture.hands)
        boxes = size is not CardSize.CHIP and len(hands) == 1 and bool(hands[0].cards)
        for index, hand in enumerate(hands):
            result = self._result(index)
            kind = hand_marker(hand, result)[1]
            tail = Text()
            if hand.cards and not hand.busted and not hand.blackjack:
                tail.append(f" {hand.total}", "bold")
            short = _seat_marker(hand, result)
            if short:
                tail.append(f" {short}", _KIND_STYLES.get(kind, ""))
            if boxes:
                drawn = [card_lines(c, size, ascii) for c in hand.cards]
                lines.extend(fan(drawn, max(1, width)))
                lines.append(Text(no_wrap=True, overflow="crop").append_text(tail))
                continue
            line = Text(no_wrap=True, overflow="crop")
            line.append("▶" if index == active else " ", "bold")
            line.append_text(mini_cards(hand.cards, ascii))
            line.append_text(tail)
            lines.append(line)
        while len(lines) < 1 + max(1, rows) and not boxes:
            lines.append(Text(""))
        # Two labelled figures, so neither number can be mistaken for the other: what
        # is on the table this round, and the chips the seat holds beside it.
        staked = sum(h.stake for h in hands) if hands else 0
        stake = Text(no_wrap=True, overflow="crop")
        if staked or bet:
            stake.append(_("stake") + " ", "dim")
            stake.append(format_chips(staked or bet), "bold")
        chips = Text(no_wrap=True, overflow="crop")
        if stack is not None:  # a person's chips at a shared table are theirs alone
            chips.append(_("chips") + " ", "dim")
            chips.append(format_chips(stack))
        if not stake.cell_len or not chips.cell_len:
            lines.append(stake if stake.cell_len else chips)
        elif stake.cell_len + 3 + chips.cell_len <= width or not width:
            lines.append(Text.assemble(stake, (" · ", "dim"), chips))
        else:
            lines.extend((stake, chips))
        return Text("\n", no_wrap=True, overflow="ellipsis").join(lines)


class PlayerHand(Static):
    """One of the player's hands in a box: stake in the title, cards, total, outcome below."""

    DEFAULT_CSS = """
    PlayerHand {
        width: 19;
        height: auto;
        border: round $panel-lighten-2;
        padding: 0 1;
        margin: 0 1 0 0;
    }
    PlayerHand.-active { border: heavy $accent; background: $accent 12%; }
    PlayerHand.-win { border: round $success; }
    PlayerHand.-lose { border: round $error; }
    PlayerHand.-push { border: round $warning; }
    """

    #: Cells around the cards: the border and the padding, left and right.
    FRAME = 4

    state: reactive[HandPicture] = reactive(HandPicture, repaint=False)
    """What the box shows; it draws itself again when this changes (and when mounted)."""

    def __init__(self, index: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.index = index
        self.marker = ""
        self.total_text = ""

    def _paint_empty(self, size: CardSize) -> None:
        self.border_title = _("You")
        self.border_subtitle = ""
        self.marker = ""
        self.total_text = ""
        for k in ("win", "lose", "push", "active"):
            self.remove_class(f"-{k}")
        blank = "\n" * (PlayerHands.height_for(size) - 4)
        _show(self, Text(_("place a bet\nand press ⏎") + blank, "dim"))

    @staticmethod
    def width_for(cards: int, size: CardSize, *, tight: bool) -> int:
        """The box's width for ``cards`` cards at ``size``: side by side, or (``tight``)
        fanned as closely as the index corner allows."""
        if size is CardSize.CHIP:
            return 19
        step = FAN_STEP if tight else size.width + 1
        return max(15, step * (max(1, cards) - 1) + size.width) + PlayerHand.FRAME

    def watch_state(self) -> None:
        self._paint()

    def _paint(self) -> None:
        """Draw the hand in a box ``width`` cells wide (borders included), or the empty
        box that asks for a bet."""
        picture = self.state
        hand = picture.hand
        if hand is None:
            self._paint_empty(picture.size)
            return
        result, label, active, ascii, size, width = (
            picture.result, picture.label, picture.active, picture.ascii, picture.size, picture.width)
        self.border_title = f"{label} · {format_chips(hand.stake)}"
        marker, kind = hand_marker(hand, result)
        self.marker = marker
        self.total_text = total_text(hand)
        self.border_subtitle = marker
        for k in ("win", "lose", "push"):
            self.set_class(k == kind and result is not None, f"-{k}")
        self.set_class(active, "-active")
        body = Text()
        cards = list(hand.cards)
        if size is not CardSize.CHIP:
            drawn = [card_lines(c, size, ascii) for c in cards]
            body = Text("\n").join(fan(drawn, max(1, width - self.FRAME)) or [Text("")] * size.height)
        else:
            rows = [cards[i : i + 3] for i in range(0, len(cards), 3)] or [[]]
            if len(rows) > 2:  # more than six cards: squeeze into two rows of mini cards
                body.append_text(mini_cards(cards[:6], ascii))
                body.append("\n")
                body.append_text(mini_cards(cards[6:], ascii))
            else:
                for i, row in enumerate(rows):
                    if i:
                        body.append("\n")
                    body.append_text(Text(" ").join(card_text(c, ascii) for c in row))
                if len(rows) == 1:
                    body.append("\n")
        body.append("\n")
        style = "bold red" if hand.busted else ("bold green" if hand.blackjack else "bold")
        if hand.waiting:
            style = "dim italic"
        body.append(self.total_text, style)
        if hand.doubled:
            body.append("  " + _("doubled"), "dim")
        _show(self, body)


class PlayerHands(Horizontal):
    """The player's up to four hands side by side, all at one card size: the largest
    the table allows that fits every hand in its share of the row."""

    DEFAULT_CSS = """
    PlayerHands { height: auto; width: 1fr; align-horizontal: center; }
    """

    def __init__(self, max_hands: int = 4, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.max_hands = max_hands
        #: The size the hands were last drawn at.
        self.card_size = CardSize.CHIP

    def compose(self) -> ComposeResult:
        self.boxes = [PlayerHand(i, id=f"hand-{i}") for i in range(self.max_hands)]
        yield from self.boxes

    @staticmethod
    def height_for(size: CardSize) -> int:
        """Rows a hand box takes at ``size`` (border, cards, the total)."""
        return 2 + (2 if size is CardSize.CHIP else size.height) + 1

    @staticmethod
    def fitting_size(hands: Sequence[Hand], largest: CardSize, room: int) -> tuple[CardSize, int]:
        """The largest size up to ``largest`` at which every hand fits its share of the
        row ``room`` cells wide, and the width of each box."""
        count = max(1, len(hands))
        share = room // count
        most = max((len(h.cards) for h in hands), default=2)
        order = [CardSize.LARGE, CardSize.BOX]
        for size in order[order.index(largest) :] if largest in order else []:
            if PlayerHands.width_for_all(most, size, tight=False) <= share:
                return size, PlayerHand.width_for(most, size, tight=False)
            if PlayerHand.width_for(most, size, tight=True) + 1 <= share:
                return size, share - 1
        return CardSize.CHIP, min(19, share)

    @staticmethod
    def width_for_all(cards: int, size: CardSize, *, tight: bool) -> int:
        """A box's width plus its right margin."""
        return PlayerHand.width_for(cards, size, tight=tight) + 1

    state: reactive[HandsPicture] = reactive(HandsPicture, repaint=False)
    """The player's hands as the row shows them; the boxes follow when this changes
    (and when it is mounted, should the table's first picture be the default one)."""

    def watch_state(self) -> None:
        self._paint()

    def _paint(self) -> None:
        picture = self.state
        hands = list(picture.hands)
        size, width = self.fitting_size(hands, picture.largest, picture.room)
        self.card_size = size
        spaced = size is not CardSize.CHIP  # chips: four boxes abut to fit 80 columns
        for i, box in enumerate(self.boxes):
            box.styles.margin = (0, 1 if spaced else 0, 0, 0)
            box.styles.padding = (0, 1 if spaced else 0, 0, 1)
            box.display = i < len(hands) or (i == 0 and not hands)
            if not box.display:
                continue
            box.styles.width = width
            if i < len(hands):
                label = _("You") if len(hands) == 1 else _("Hand {n}").format(n=i + 1)
                result = picture.results[i] if i < len(picture.results) else None
                box.state = HandPicture(hands[i], result, label, picture.active == i, picture.ascii, size, width)
            else:
                box.state = HandPicture(size=size, width=width)
