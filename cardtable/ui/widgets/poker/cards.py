"""The five places of a draw-poker hand: the key, the card and its Exchange box.

Each place's state is a :class:`Slot` (the card, face down or not, ticked, lit, open to
clicks). The row is fed the five states at once (:attr:`CardSlots.slots`) and shows each
on its card and box (:func:`show_slot`); a place whose state did not change is not
touched, so ticking one box redraws that card alone. The places are one grid
(:class:`CardGrid`) that draws the keys itself: few widgets to build when the table opens.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.reactive import reactive
from textual.strip import Strip
from textual.visual import Visual
from textual.widget import Widget
from textual.widgets import Checkbox

from ....core.cards import Card
from ....core.poker_hand import HAND_SIZE
from ....i18n import _
from ..common.card import CardSize, CardWidget
from ..common.tickbox import TickBox

__all__ = ["Slot", "CardGrid", "CardSlots", "hand_slots", "show_slot", "EMPTY"]


@dataclass(frozen=True)
class Slot:
    """What one place shows: its card (None: empty), and how."""

    card: Card | None = None
    face_down: bool = False
    ticked: bool = False
    winning: bool = False
    #: The hand is to draw: the box takes clicks.
    open: bool = False


#: Five empty places (before the first deal).
EMPTY: tuple[Slot, ...] = (Slot(),) * HAND_SIZE


def hand_slots(
    cards: Sequence[Card],
    hidden: Collection[int] = (),
    ticked: Collection[int] = (),
    winners: Collection[int] = (),
    open_: bool = False,
) -> tuple[Slot, ...]:
    """The five places' states for ``cards`` (face down at ``hidden``, lit at ``winners``)."""
    return tuple(
        Slot(
            card=cards[i] if i < len(cards) else None,
            face_down=i in hidden and i < len(cards),
            ticked=i in ticked,
            winning=i in winners,
            open=open_,
        )
        for i in range(HAND_SIZE)
    )


def show_slot(card: CardWidget, box: Checkbox, slot: Slot) -> None:
    """Card ``card`` and its Exchange ``box`` as ``slot`` says."""
    card.card = slot.card
    card.face_down = slot.face_down
    card.selected = slot.ticked
    card.set_class(slot.winning, "-winning")
    if box.value != slot.ticked:
        with box.prevent(Checkbox.Changed):  # the state already says so
            box.value = slot.ticked
    box.disabled = not slot.open


class CardGrid(Widget):
    """The five places in one grid (``.poker-slot``: one column each): the keys ``[N]``
    on its top line, drawn by the grid as centred labels would be, ``#card-N`` under them
    and ``#exchange-N`` at the bottom. One container for the five places, and the cards
    (then the boxes) styled as one group: each widget costs its styling, layout and
    messages when the table opens."""

    COMPONENT_CLASSES = {"poker-key"}

    DEFAULT_CSS = """
    CardGrid {
        layout: grid;
        grid-size: 5 2;
        grid-columns: 14;
        grid-rows: 6 1;
        width: 70;
        height: 7;
        content-align: center top;
    }
    CardGrid > CardWidget { margin-top: 1; }
    """

    _keys: tuple[tuple[int, object], Strip] | None = None
    """The keys' line as last drawn, and the width and style it was drawn for."""

    def __init__(self, cards: list[CardWidget], boxes: list[Checkbox]) -> None:
        super().__init__(classes="poker-slot")
        self._cards, self._boxes = cards, boxes

    def compose(self) -> ComposeResult:
        yield from self._cards
        yield from self._boxes

    def render_line(self, y: int) -> Strip:
        """The keys on the top line; the grid's background elsewhere."""
        if y:
            return super().render_line(y)
        style = self.get_visual_style("poker-key")
        drawn = (self.size.width, style)
        if self._keys is None or self._keys[0] != drawn:
            column = self.size.width // HAND_SIZE
            keys = [
                Visual.to_strips(self, Content(f"[{n}]"), column, 1, style)[0] for n in range(1, HAND_SIZE + 1)
            ]
            self._keys = (drawn, Strip.join(keys).crop_extend(0, self.size.width, None))
        return self._keys[1]


class CardSlots(Horizontal):
    """The row of five places (:class:`CardGrid`, centred); the boxes post their own
    ``Checkbox.Changed`` on a click."""

    slots: reactive[tuple[Slot, ...]] = reactive(EMPTY, init=False, repaint=False)
    """The five places' states, left to right."""

    def __init__(self, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.cards = [CardWidget(None, ascii=ascii, id=f"card-{i}") for i in range(HAND_SIZE)]
        # [x] / [ ]: ticked or not reads without colour
        self.boxes: list[Checkbox] = [
            TickBox(_("Exchange"), id=f"exchange-{i}", compact=True, disabled=True) for i in range(HAND_SIZE)
        ]
        self._shown = EMPTY

    def compose(self) -> ComposeResult:
        yield CardGrid(self.cards, self.boxes)

    def watch_slots(self, slots: tuple[Slot, ...]) -> None:
        for card, box, old, slot in zip(self.cards, self.boxes, self._shown, slots, strict=True):
            if slot != old:  # an unchanged place is not touched
                show_slot(card, box, slot)
        self._shown = slots

    def retranslate(self) -> None:
        """The boxes' word in the language in force."""
        for box in self.boxes:
            box.label = _("Exchange")

    def set_card_size(self, size: CardSize) -> None:
        """Boxes, or large cards when the table has the room."""
        for widget in self.cards:
            widget.size_class = size
