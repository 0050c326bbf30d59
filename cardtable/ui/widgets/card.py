"""A playing card drawn as a small box, and inline card text for compact rows."""

from __future__ import annotations

from typing import Iterable

from rich.style import Style
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ...core.cards import Card

__all__ = ["CardWidget", "card_text", "cards_text", "CARD_WIDTH", "CARD_HEIGHT"]

CARD_WIDTH = 7
CARD_HEIGHT = 5

_FACE = "#f4f1e8"
_INK = "#1b1b1b"
_RED = "#c0262d"
_BACK_FG = "#e8e2d0"
_BACK_BG = "#1f4f8a"


def _ink(card: Card) -> str:
    return _RED if card.suit.is_red else _INK


def card_text(card: Card | None, ascii: bool = False) -> Text:
    """One card as a short coloured chip of text: `` A♠ `` (``None`` = face down)."""
    if card is None:
        return Text(" ▒▒ ", style=Style(color=_BACK_FG, bgcolor=_BACK_BG))
    label = card.label(ascii)
    return Text(f" {label} " if len(label) == 2 else f"{label} ", style=Style(color=_ink(card), bgcolor=_FACE, bold=True))


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
        if self.face_down:
            style = Style(color=_BACK_FG, bgcolor=_BACK_BG)
            lines = ["╭─────╮"] + ["│▚▚▚▚▚│"] * 3 + ["╰─────╯"]
            return Text("\n".join(lines), style=style)
        card = self.card
        if card is None:
            lines = ["╭ ─ ─ ╮", "       ", "       ", "       ", "╰ ─ ─ ╯"]
            return Text("\n".join(lines))
        rank = card.rank_label
        suit = card.suit.letter if self.ascii else card.suit.symbol
        ink = Style(color=_ink(card), bold=True)
        frame = Style(color="#8a8578")
        text = Text()
        text.append("╭─────╮\n", frame)
        text.append("│", frame)
        text.append(f"{rank:<5}", ink)
        text.append("│\n", frame)
        text.append("│", frame)
        text.append(f"{suit:^5}", ink)
        text.append("│\n", frame)
        text.append("│", frame)
        text.append(f"{rank:>5}", ink)
        text.append("│\n", frame)
        text.append("╰─────╯", frame)
        return text
