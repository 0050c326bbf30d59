"""Blackjack table widgets: the dealer's row, a computer seat and the player's hands.

They draw the core's :class:`~cardtable.core.blackjack.RoundState` (the picture of
the round at one moment: hands, dealer cards, results) with compact inline card
text, so that four computer seats and four split hands fit an 80×24 terminal. They
hold no game state of their own and restate no rule: totals, naturals and outcomes
come from the core's ``Hand``, ``RoundState`` and ``HandResult``.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Static

from ....core.blackjack import Hand, HandOutcome, HandResult, RoundState
from ....core.money import format_chips, format_signed
from ..common.card import card_text, cards_mini

__all__ = [
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


def hand_marker(hand: Hand, result: HandResult | None = None) -> tuple[str, str]:
    """(marker text, kind) for a hand: ``WIN +15`` / ``LOSE −10`` / ``BUST`` … ;
    kind is win / lose / push / info / '' for the colour."""
    if result is not None:
        net = result.net
        outcome = result.outcome
        if outcome is HandOutcome.BLACKJACK:
            return f"BLACKJACK {format_signed(net)}", "win"
        if outcome is HandOutcome.WIN:
            return f"WIN {format_signed(net)}", "win"
        if outcome is HandOutcome.PUSH:
            return "PUSH", "push"
        if outcome is HandOutcome.BUST:
            return f"BUST {format_signed(net)}", "lose"
        return f"LOSE {format_signed(net)}", "lose"
    if hand.busted:
        return "BUST", "lose"
    if hand.blackjack:
        return "BLACKJACK", "win"
    if hand.closed:
        if hand.doubled:
            return "DOUBLED", "info"
        if hand.split_aces:
            return "SPLIT ACES", "info"
        return ("21" if hand.total == 21 else "STAND"), "info"
    return "", ""


def total_text(hand: Hand) -> str:
    """``soft 17`` / ``hard 17`` / ``BLACKJACK`` / ``BUST 24`` / empty (the core's words)."""
    if not hand.cards:
        return ""
    if hand.waiting:
        return "waits for a card"
    return hand.describe().upper() if hand.blackjack or hand.busted else hand.describe()


def dealer_text(state: RoundState) -> str:
    """``17`` / ``BLACKJACK`` / ``BUST 24``; the up card's value before the reveal."""
    cards = state.dealer_visible
    if not cards:
        return ""
    total, soft = state.dealer_total
    if not state.revealed:
        return f"shows {total}"
    if state.dealer_natural:
        return "BLACKJACK"
    if total > 21:
        return f"BUST {total}"
    return f"{'soft ' if soft else ''}{total}"


def _seat_marker(result: HandResult | None, marker: str) -> str:
    """The short outcome shown on a computer seat's hand line: ``+5`` ``−5`` ``BJ +7.50``."""
    if result is not None:
        net = result.net
        if result.outcome is HandOutcome.PUSH:
            return "push"
        if result.outcome is HandOutcome.BLACKJACK:
            return f"BJ {format_signed(net)}"
        return ("bust " if result.outcome is HandOutcome.BUST else "") + format_signed(net)
    if marker in ("STAND", "21", "SPLIT ACES", "DONE"):
        return ""
    return {"DOUBLED": "×2", "BLACKJACK": "BJ"}.get(marker, marker)


_KIND_STYLES = {"win": "bold green", "lose": "bold red", "push": "bold yellow", "info": "dim"}


class DealerRow(Static):
    """``Dealer  9♥ ▒▒  shows 9`` — the face-down card as a back until the reveal."""

    DEFAULT_CSS = """
    DealerRow { height: 1; width: 1fr; padding: 0 1; }
    """

    def show(self, state: RoundState | None, ascii: bool, shoe_text: str = "") -> None:
        key = (
            state.dealer if state is not None else None,
            state.revealed if state is not None else False,
            ascii,
            shoe_text,
            self.size.width,
        )
        if key == getattr(self, "_key", None):
            return
        self._key = key
        text = Text()
        text.append("Dealer ", "bold")
        if state is not None and state.dealer:
            text.append(" ")
            text.append_text(Text(" ").join(card_text(c, ascii) for c in state.dealer))
            text.append("  ")
            total = dealer_text(state)
            style = "bold red" if total.startswith("BUST") else ("bold" if state.revealed else "dim")
            text.append(total, style)
        else:
            text.append(" stands on all 17s · no hole-card peek", "dim")
        if shoe_text:
            pad = max(2, self.size.width - 2 - text.cell_len - len(shoe_text))
            text.append(" " * pad)
            text.append(shoe_text, "dim")
        self.update(text, layout=False)
        self._plain = text.plain

    @property
    def plain(self) -> str:
        return getattr(self, "_plain", "")


#: Lines above a computer seat's hands: name and level, stake, chips.
_HEAD_LINES = 3


class ComputerSeat(Static):
    """A computer seat: name, level badge, stake, chips, then one line per hand (up to 4)."""

    DEFAULT_CSS = """
    ComputerSeat {
        width: 1fr;
        height: 7;
        padding: 0 0 0 1;
        margin: 0 1 0 0;
        background: $boost;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    ComputerSeat.-active { background: $accent 25%; }
    """

    def __init__(self, name: str, level: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.seat_name = name
        self.level = level
        self.markers: list[str] = []

    def show(
        self,
        hands: Sequence[Hand] | None,
        results: Sequence[HandResult | None],
        stack: int,
        bet: int,
        active: int | None,
        ascii: bool,
    ) -> None:
        key = (tuple(hands) if hands else None, tuple(results), stack, bet, active, ascii, self.size.width)
        if key == getattr(self, "_key", None):
            return
        self._key = key
        lines: list[Text] = []
        head = Text(no_wrap=True, overflow="crop")
        head.append(self.seat_name, "bold")
        head.append(" ")
        head.append(self.level, LEVEL_STYLES.get(self.level, "bold"))
        lines.append(head)
        # Two labelled lines, so neither number can be mistaken for the other:
        # what is on the table this round, and the chips the seat holds beside it.
        staked = sum(h.stake for h in hands) if hands else 0
        stake = Text(no_wrap=True, overflow="crop")
        stake.append("stake ", "dim")
        stake.append(format_chips(staked or bet), "bold")
        lines.append(stake)
        chips = Text(no_wrap=True, overflow="crop")
        chips.append("chips ", "dim")
        chips.append(format_chips(stack))
        lines.append(chips)
        self.markers = []
        hands = list(hands or ())
        width = self.size.width - 1  # inside the left padding (0 before the first layout)
        for index, hand in enumerate(hands):
            line = Text(no_wrap=True, overflow="crop")
            line.append("▶" if index == active else " ", "bold")
            line.append_text(mini_cards(hand.cards, ascii))
            result = results[index] if index < len(results) else None
            marker, kind = hand_marker(hand, result)
            self.markers.append(marker)
            tail = Text()
            if hand.cards and not hand.busted and not hand.blackjack:
                tail.append(f" {hand.total}", "bold")
            short = _seat_marker(result, marker)
            if short:
                tail.append(f" {short}", _KIND_STYLES.get(kind, ""))
            # lines left for hands (4) minus those used and those the later hands need
            spare = 4 - (len(lines) - _HEAD_LINES) - (len(hands) - index)
            if width > 0 and line.cell_len + tail.cell_len > width and spare > 0:
                lines.append(line)
                line = Text("   ", no_wrap=True, overflow="crop")
            line.append_text(tail)
            lines.append(line)
        self.set_class(active is not None, "-active")
        self.update(Text("\n", no_wrap=True, overflow="ellipsis").join(lines), layout=False)


class PlayerHand(Static):
    """One of the player's hands in a box: stake in the title, outcome below."""

    DEFAULT_CSS = """
    PlayerHand {
        width: 19;
        height: 5;
        border: round $panel-lighten-2;
        padding: 0 0 0 1;
    }
    PlayerHand.-active { border: heavy $accent; background: $accent 12%; }
    PlayerHand.-win { border: round $success; }
    PlayerHand.-lose { border: round $error; }
    PlayerHand.-push { border: round $warning; }
    """

    def __init__(self, index: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.index = index
        self.marker = ""
        self.total_text = ""

    def show(self, hand: Hand, result: HandResult | None, label: str, active: bool, ascii: bool) -> None:
        key = (hand, result, label, active, ascii)
        if key == getattr(self, "_key", None):
            return
        self._key = key
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
            body.append("  doubled", "dim")
        self.update(body, layout=False)


class PlayerHands(Horizontal):
    """The player's up to four hands side by side."""

    DEFAULT_CSS = """
    PlayerHands { height: 5; width: 1fr; align-horizontal: center; }
    """

    def __init__(self, max_hands: int = 4, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.max_hands = max_hands

    def compose(self) -> ComposeResult:
        self.boxes = [PlayerHand(i, id=f"hand-{i}") for i in range(self.max_hands)]
        yield from self.boxes

    def show(
        self,
        hands: Sequence[Hand] | None,
        results: Sequence[HandResult | None],
        active: int | None,
        ascii: bool,
    ) -> None:
        boxes = self.boxes
        hands = list(hands or ())
        for i, box in enumerate(boxes):
            if i < len(hands):
                box.display = True
                label = "You" if len(hands) == 1 else f"Hand {i + 1}"
                result = results[i] if i < len(results) else None
                box.show(hands[i], result, label, active == i, ascii)
            else:
                box.display = i == 0 and not hands
                if box.display:
                    box.__dict__.pop("_key", None)  # drawn anew when a hand comes back
                    box.border_title = "You"
                    box.border_subtitle = ""
                    box.marker = ""
                    box.total_text = ""
                    for k in ("win", "lose", "push", "active"):
                        box.remove_class(f"-{k}")
                    box.update(Text("place a bet\nand press ⏎", "dim"), layout=False)
