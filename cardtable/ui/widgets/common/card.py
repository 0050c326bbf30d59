"""The one card renderer: a card as an 11×9 large card with pips, a 7×5 box, an
inline chip, or a mini chip.

Every table draws its cards with these functions, so a card looks the same
everywhere and its colours live here. The tables pick the size that fits the room
they get (:func:`card_lines` by :class:`CardSize`), and :func:`fan` lays several
cards side by side, overlapping them as a hand is held when the row is too narrow.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import Enum

from rich.style import Style
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ....core.cards import Card
from ....core.poker_machines import Joker

__all__ = [
    "CardWidget",
    "CardSize",
    "card_box",
    "card_large",
    "card_lines",
    "fan",
    "fan_width",
    "LARGE_WIDTH",
    "LARGE_HEIGHT",
    "FAN_STEP",
    "card_text",
    "cards_text",
    "card_mini",
    "cards_mini",
    "CARD_WIDTH",
    "CARD_HEIGHT",
    "PIPS",
    "framed_face",
    "suit_mark",
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
    suit = suit_mark(card, ascii)
    index = f"{card.rank_label}{suit}"  # the corner index, as on a real card
    return framed_face(card, (f"{index:<5}", f"{suit:^5}", f"{index:>5}"), paper)


def framed_face(card: Card, middles: Sequence[str], paper: bool) -> list[Text]:
    """A face: the frame's edge on the table's cloth, the ``middles`` lines inside it in
    the card's ink (on the paper colour when ``paper``)."""
    width = len(middles[0])
    frame = Style(color=_FRAME)
    ink = Style(color=_ink(card), bold=True, bgcolor=_FACE if paper else None)
    lines = [Text(f"╭{'─' * width}╮", frame)]
    for middle in middles:
        lines.append(Text.assemble(("│", frame), (middle, ink), ("│", frame)))
    lines.append(Text(f"╰{'─' * width}╯", frame))
    return lines


LARGE_WIDTH = 11
LARGE_HEIGHT = 9
#: The fewest cells a fanned card shows: its edge and its corner index (``│10♠``).
FAN_STEP = 4

#: Where the pips of a number card sit on the large card: (row 1-5, column 0-2) in a
#: 5×3 grid inside the frame, as real cards place them.
PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((3, 1),),
    2: ((1, 1), (5, 1)),
    3: ((1, 1), (3, 1), (5, 1)),
    4: ((1, 0), (1, 2), (5, 0), (5, 2)),
    5: ((1, 0), (1, 2), (3, 1), (5, 0), (5, 2)),
    6: ((1, 0), (1, 2), (3, 0), (3, 2), (5, 0), (5, 2)),
    7: ((1, 0), (1, 2), (2, 1), (3, 0), (3, 2), (5, 0), (5, 2)),
    8: ((1, 0), (1, 2), (2, 1), (3, 0), (3, 2), (4, 1), (5, 0), (5, 2)),
    9: ((1, 0), (1, 2), (2, 0), (2, 2), (3, 1), (4, 0), (4, 2), (5, 0), (5, 2)),
    10: ((1, 0), (1, 2), (2, 0), (2, 1), (2, 2), (4, 0), (4, 1), (4, 2), (5, 0), (5, 2)),
}
#: The inner columns (of 9) of the pip grid's three columns.
_PIP_COLUMNS = (1, 4, 7)


def suit_mark(card: Card, ascii: bool) -> str:
    """The suit as drawn: a symbol or letter; Joker Poker's 53rd card has no suit, a star."""
    if isinstance(card, Joker):
        return "*" if ascii else "★"
    return card.suit.letter if ascii else card.suit.symbol


def _large_inner(card: Card, ascii: bool) -> list[str]:
    """The 7 inner lines (9 cells each) of a large face: corner indices, then the pips
    of a number card, or a framed court card (the joker too)."""
    rank = card.rank_label
    suit = suit_mark(card, ascii)
    rows = [[" "] * 9 for _ in range(7)]
    if card.rank in PIPS:
        for row, column in PIPS[card.rank]:
            rows[row][_PIP_COLUMNS[column]] = suit
        middle = ["".join(r) for r in rows[1:6]]
    else:  # J Q K: a framed picture with the rank between two suits
        middle = ["╔═════╗", f"║{suit:^5}║", f"║{rank:^5}║", f"║{suit:^5}║", "╚═════╝"]
        middle = [f" {line} " for line in middle]
    index = f"{rank}{suit}"  # the corner index, as on a real card
    return [f"{index:<9}", *middle, f"{index:>9}"]


def card_large(
    card: Card | None, ascii: bool = False, *, face_down: bool = False, paper: bool = True
) -> list[Text]:
    """Nine 11-cell lines: a large card with its pips, its back, or an empty place."""
    if face_down:
        back = Style(color=_BACK_FG, bgcolor=_BACK_BG)
        inner = ["▚▚▚▚▚▚▚▚▚"] * (LARGE_HEIGHT - 2)
        return [Text(line, back) for line in ["╭─────────╮", *(f"│{i}│" for i in inner), "╰─────────╯"]]
    if card is None:
        outline = Style(dim=True)
        blank = Text(" " * LARGE_WIDTH)
        return [Text("╭ ─ ─ ─ ─ ╮", outline), *([blank] * (LARGE_HEIGHT - 2)), Text("╰ ─ ─ ─ ─ ╯", outline)]
    return framed_face(card, _large_inner(card, ascii), paper)


class CardSize(str, Enum):
    """The sizes a table may draw its cards in, smallest first."""

    CHIP = "chip"  # one line: `` A♠ ``
    BOX = "box"  # 7×5
    LARGE = "large"  # 11×9 with pips

    @property
    def width(self) -> int:
        return {CardSize.CHIP: 4, CardSize.BOX: CARD_WIDTH, CardSize.LARGE: LARGE_WIDTH}[self]

    @property
    def height(self) -> int:
        return {CardSize.CHIP: 1, CardSize.BOX: CARD_HEIGHT, CardSize.LARGE: LARGE_HEIGHT}[self]


def card_lines(card: Card | None, size: CardSize, ascii: bool = False, *, face_down: bool = False) -> list[Text]:
    """A card (``None`` + ``face_down``: its back) drawn at ``size``, line by line."""
    if size is CardSize.LARGE:
        return card_large(card, ascii, face_down=face_down)
    if size is CardSize.BOX:
        return card_box(card, ascii, face_down=face_down, paper=True)
    return [card_text(None if face_down else card, ascii)]


def fan_width(count: int, size: CardSize, step: int | None = None) -> int:
    """Cells taken by ``count`` cards fanned with ``step`` cells per card (default: side
    by side with a one-cell gap)."""
    if count <= 0:
        return 0
    step = size.width + 1 if step is None else step
    return step * (count - 1) + size.width


def fan(cards: Sequence[list[Text]], width: int | None = None) -> list[Text]:
    """Cards (each a list of equal-height lines) side by side with a one-cell gap, or,
    when that is wider than ``width``, overlapping like a hand held in a fan: each card
    but the last shows only its left part (at least its index column), the last whole."""
    if not cards:
        return []
    card_width = max(line.cell_len for line in cards[0])
    count = len(cards)
    step = card_width + 1
    if width is not None and count > 1 and step * (count - 1) + card_width > width:
        step = max(FAN_STEP if card_width > FAN_STEP else 1, (width - card_width) // (count - 1))
        step = min(step, card_width + 1)
    height = max(len(lines) for lines in cards)
    rows: list[Text] = []
    for row in range(height):
        line = Text()
        for index, lines in enumerate(cards):
            part = lines[row] if row < len(lines) else Text(" " * card_width)
            if index < count - 1:
                shown = part[:step] if step <= card_width else part + Text(" " * (step - card_width))
                line.append_text(shown)
            else:
                line.append_text(part)
        rows.append(line)
    return rows


def card_mini(card: Card | None, ascii: bool = False, width: int = 0, *, in_table: bool = False) -> Text:
    """A card as 2–3 cells on a card-coloured background (``▒▒`` when face down);
    ``width``: every card that many cells, the rank right-aligned (" A♠", "10♠"), so
    that cards in a column line up. ``in_table``: drawn reversed (the face as the text
    colour, the ink as the background) — the same picture, but a table cursor that
    recolours a row's text then recolours the card's face, and the ink stays on it (a
    plain card there became the cursor's white on the card's beige)."""
    if card is None:
        fg, bg, label, bold = _BACK_FG, _BACK_BG, "▒▒", False
    else:
        fg, bg, label, bold = _ink(card), _FACE, card.label(ascii), True
    style = Style(color=bg, bgcolor=fg, reverse=True, bold=bold) if in_table else Style(color=fg, bgcolor=bg, bold=bold)
    return Text(label.rjust(width), style=style)


def cards_mini(cards: Iterable[Card | None], ascii: bool = False, width: int = 0, *, in_table: bool = False) -> Text:
    """Several mini cards, separated by a space (``width``, ``in_table``: as :func:`card_mini`)."""
    return Text(" ").join(card_mini(card, ascii, width, in_table=in_table) for card in cards)


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
    """A card as a 7×5 box, or an 11×9 large card (``size_class``); a card back while
    face down or empty (``card is None``)."""

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
    CardWidget.-large {
        width: 11;
        height: 9;
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
    size_class: reactive[CardSize] = reactive(CardSize.BOX)
    """Box or large (a chip is not a widget's size)."""

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

    def watch_size_class(self, size: CardSize) -> None:
        self.set_class(size is CardSize.LARGE, "-large")

    def render(self) -> Text:
        if self.size_class is CardSize.LARGE:
            return Text("\n").join(card_large(self.card, self.ascii, face_down=self.face_down, paper=False))
        return Text("\n").join(card_box(self.card, self.ascii, face_down=self.face_down))
