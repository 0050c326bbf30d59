"""The five places of a draw-poker hand: the key, the card and its Exchange box.

Each place holds its own state (:class:`Slot`: the card, face down or not, ticked, lit,
open to clicks) in a reactive and draws itself from it. The row is fed the five states
at once (:attr:`CardSlots.slots`); a place whose state did not change does nothing, so
ticking one box redraws that card alone.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.reactive import reactive
from textual.strip import Strip
from textual.visual import Visual
from textual.widgets import Checkbox

from ....core.cards import Card
from ....core.poker_hand import HAND_SIZE
from ....i18n import _
from ..common.card import CardSize, CardWidget
from ..common.tickbox import TickBox

__all__ = ["Slot", "CardSlot", "CardSlots", "hand_slots", "EMPTY"]


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


class CardSlot(Vertical):
    """One place, ``#slot-N``: the key to press, ``#card-N`` under it and ``#exchange-N``.

    The key ``[N]`` is drawn by the place itself on its top line, as a centred label
    styled by the row's ``.poker-key`` rules would be: a widget fewer per card (each costs
    its styling, layout and messages when the table opens)."""

    DEFAULT_CSS = """
    CardSlot { content-align: center top; }
    CardSlot > CardWidget { margin-top: 1; }
    """

    slot: reactive[Slot] = reactive(Slot(), init=False, repaint=False)
    """What this place shows."""

    def __init__(self, position: int, *, ascii: bool = False) -> None:
        super().__init__(classes="poker-slot", id=f"slot-{position}")
        self.position = position
        self.card = CardWidget(None, ascii=ascii, id=f"card-{position}")
        # [x] / [ ]: ticked or not reads without colour
        self.box: Checkbox = TickBox(_("Exchange"), id=f"exchange-{position}", compact=True, disabled=True)

    def compose(self) -> ComposeResult:
        yield self.card
        yield self.box

    def render_line(self, y: int) -> Strip:
        """The key on the top line; the place's background under the card and the box."""
        if y:
            return super().render_line(y)
        row = self.parent
        style = row.get_visual_style("poker-key") if isinstance(row, CardSlots) else self.visual_style
        key = Content(f"[{self.position + 1}]")
        return Visual.to_strips(self, key, self.size.width, 1, style)[0]

    def watch_slot(self, slot: Slot) -> None:
        card = self.card
        card.card = slot.card
        card.face_down = slot.face_down
        card.selected = slot.ticked
        card.set_class(slot.winning, "-winning")
        box = self.box
        if box.value != slot.ticked:
            with box.prevent(Checkbox.Changed):  # the state already says so
                box.value = slot.ticked
        box.disabled = not slot.open


class CardSlots(Horizontal):
    """The row of five places; the boxes post their own ``Checkbox.Changed`` on a click.
    The places' keys take their style from the row (``.poker-key``: one style for five)."""

    COMPONENT_CLASSES = {"poker-key"}

    slots: reactive[tuple[Slot, ...]] = reactive(EMPTY, init=False, repaint=False)
    """The five places' states, left to right."""

    def __init__(self, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.places = [CardSlot(i, ascii=ascii) for i in range(HAND_SIZE)]
        self.cards = [place.card for place in self.places]
        self.boxes = [place.box for place in self.places]

    def compose(self) -> ComposeResult:
        yield from self.places

    def watch_slots(self, slots: tuple[Slot, ...]) -> None:
        for place, slot in zip(self.places, slots, strict=True):
            place.slot = slot  # an unchanged place is not touched (reactive compare)

    def retranslate(self) -> None:
        """The boxes' word in the language in force."""
        for box in self.boxes:
            box.label = _("Exchange")

    def set_card_size(self, size: CardSize) -> None:
        """Boxes, or large cards when the table has the room."""
        for widget in self.cards:
            widget.size_class = size
