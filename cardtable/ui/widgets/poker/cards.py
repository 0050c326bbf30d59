"""The five places of a draw-poker hand: the key, the card and its Exchange box."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Checkbox, Label

from ....core.cards import Card
from ....core.poker_hand import HAND_SIZE
from ..common.card import CardSize, CardWidget
from ..common.tickbox import TickBox

__all__ = ["CardSlots"]


class CardSlots(Horizontal):
    """Five slots, ``#card-0`` to ``#card-4`` with ``#exchange-0`` to ``#exchange-4``.

    :meth:`show` renders what the screen's state says; the boxes post their own
    ``Checkbox.Changed`` when the player clicks them.
    """

    def __init__(self, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.cards = [CardWidget(None, ascii=ascii, id=f"card-{i}") for i in range(HAND_SIZE)]
        # [x] / [ ]: ticked or not reads without colour
        self.boxes: list[Checkbox] = [
            TickBox("Exchange", id=f"exchange-{i}", compact=True, disabled=True) for i in range(HAND_SIZE)
        ]

    def set_card_size(self, size: CardSize) -> None:
        """Boxes, or large cards when the table has the room."""
        for widget in self.cards:
            widget.size_class = size

    def compose(self) -> ComposeResult:
        for i in range(HAND_SIZE):
            with Vertical(classes="poker-slot", id=f"slot-{i}"):
                yield Label(f"[{i + 1}]", classes="poker-key")
                yield self.cards[i]
                yield self.boxes[i]

    def show(
        self,
        cards: Sequence[Card],
        *,
        hidden: Collection[int] = (),
        ticked: Collection[int] = (),
        winners: Collection[int] = (),
        open_: bool = False,
    ) -> None:
        """The cards (face down at ``hidden``, lit at ``winners``), the ticks, and
        whether the boxes take clicks (``open_``: the hand is to draw)."""
        for i, (widget, box) in enumerate(zip(self.cards, self.boxes, strict=True)):
            widget.card = cards[i] if i < len(cards) else None
            widget.face_down = i in hidden and i < len(cards)
            widget.selected = i in ticked
            widget.set_class(i in winners, "-winning")
            if box.value != (i in ticked):
                with box.prevent(Checkbox.Changed):  # the state already says so
                    box.value = i in ticked
            box.disabled = not open_
