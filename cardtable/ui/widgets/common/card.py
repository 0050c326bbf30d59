"""The one card renderer: a card as a 7×5 box, as an inline chip, or as a mini chip.

Every table draws its cards with these functions (the box for poker and baccarat,
the inline chip for the blackjack player's hands and the dealer, the mini chip for
the computer seats), so a card looks the same everywhere and its colours live here.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.style import Style
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ....core.cards import Card

__all__ = [
    "CardWidget",
    "card_box",
    "card_text",
    "cards_text",
    "card_mini",
    "cards_mini",
    "CARD_WIDTH",
    "CARD_HEIGHT",
]

CARD_WIDTH = 7
CARD_HEIGHT = 5

_FACE = "#f4f1e8"
_INK = "#1b1b1b"
_RED = "#c0262d"
_BACK_FG = "#e8e2d0"
_BACK_BG = "#1f4f8a"


def _ink(card: Card) -> str:
    return _RED if card.suit.is_red else _INK


_FRAME = "#8a8578"


def card_box(card: Card | None, ascii: bool = False, *, face_down: bool = False, paper: bool = False) -> list[Text]:
    """Five 7-cell lines: the face, the back, or the dashed outline of an empty place.

    ``paper``: paint the face's background into the text (for a widget that draws
    several cards itself); without it the widget's own background shows through.
    """
    if face_down:
        back = Style(color=_BACK_FG, bgcolor=_BACK_BG)
        return [Text(line, back) for line in ["╭─────╮"] + ["│▚▚▚▚▚│"] * 3 + ["╰─────╯"]]
    if card is None:
        outline = Style(dim=True) if paper else Style()
        return [Text("╭ ─ ─ ╮", outline)] + [Text(" " * CARD_WIDTH)] * 3 + [Text("╰ ─ ─ ╯", outline)]
    bg = _FACE if paper else None
    frame = Style(color=_FRAME, bgcolor=bg)
    ink = Style(color=_ink(card), bold=True, bgcolor=bg)
    rank = card.rank_label
    suit = card.suit.letter if ascii else card.suit.symbol
    lines = [Text("╭─────╮", frame)]
    for middle in (f"{rank:<5}", f"{suit:^5}", f"{rank:>5}"):
        line = Text("│", frame)
        line.append(middle, ink)
        line.append("│", frame)
        lines.append(line)
    lines.append(Text("╰─────╯", frame))
    return lines


def card_mini(card: Card | None, ascii: bool = False) -> Text:
    """A card as 2–3 cells on a card-coloured background (``▒▒`` when face down)."""
    if card is None:
        return Text("▒▒", style=Style(color=_BACK_FG, bgcolor=_BACK_BG))
    return Text(card.label(ascii), style=Style(color=_ink(card), bgcolor=_FACE, bold=True))


def cards_mini(cards: Iterable[Card | None], ascii: bool = False) -> Text:
    """Several mini cards, separated by a space."""
    return Text(" ").join(card_mini(card, ascii) for card in cards)


def card_text(card: Card | None, ascii: bool = False) -> Text:
    """One card as a short coloured chip of text: `` A♠ `` (``None`` = face down)."""
    if card is None:
        return Text(" ▒▒ ", style=Style(color=_BACK_FG, bgcolor=_BACK_BG))
    label = card.label(ascii)
    padded = f" {label} " if len(label) == 2 else f"{label} "
    return Text(padded, style=Style(color=_ink(card), bgcolor=_FACE, bold=True))


def cards_text(cards: Iterable[Card | None], ascii: bool = False) -> Text:
    """Several cards in a row, separated by a space."""
    return Text(" ").join(card_text(card, ascii) for card in cards)


class CardWidget(Widget):
    """A card as a 7×5 box; a card back while face down or empty (``card is None``)."""

    DEFAULT_CSS = """
    CardWidget {
        width: 7;
        height: 5;
        background: #f4f1e8;
        color: #1b1b1b;
    }
    CardWidget.-face-down {
        background: #1f4f8a;
    }
    CardWidget.-empty {
        background: transparent;
        color: $text-muted;
    }
    CardWidget.-selected {
        background: #9a9484;
        tint: $warning 25%;
    }
    """

    card: reactive[Card | None] = reactive(None)
    """The card shown (None: an empty place, or a back when face_down)."""
    face_down: reactive[bool] = reactive(False)
    """Show the back instead of the face."""
    selected: reactive[bool] = reactive(False)
    """Marked by the player (e.g. ticked for exchange in draw poker)."""
    ascii: reactive[bool] = reactive(False)
    """Suit letters instead of symbols."""

    def __init__(
        self,
        card: Card | None = None,
        *,
        face_down: bool = False,
        ascii: bool = False,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.set_reactive(CardWidget.card, card)
        self.set_reactive(CardWidget.face_down, face_down)
        self.set_reactive(CardWidget.ascii, ascii)
        self._sync_classes()

    def _sync_classes(self) -> None:
        self.set_class(self.face_down, "-face-down")
        self.set_class(self.card is None and not self.face_down, "-empty")
        self.set_class(self.selected, "-selected")

    def watch_card(self) -> None:
        self._sync_classes()

    def watch_face_down(self) -> None:
        self._sync_classes()

    def watch_selected(self) -> None:
        self._sync_classes()

    def render(self) -> Text:
        return Text("\n").join(card_box(self.card, self.ascii, face_down=self.face_down))
