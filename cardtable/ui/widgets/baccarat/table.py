"""The baccarat table's own widgets: a hand with its cards, a bet spot, the road titles,
the shoe line.

Each holds its own reactive state, set from the table's state by the layout, and
renders from it (a widget repaints only when its own value changes); none holds a rule: totals and naturals come from
:mod:`cardtable.core.baccarat`, card faces from the shared card renderer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.geometry import Region
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

from ....core.baccarat import Outcome, hand_total, is_natural
from ....core.baccarat_table import SPOT_ORDER
from ....core.cards import Card
from ....i18n import _, language, ngettext
from ....i18n.formatting import chips, number
from ....i18n.text import pad
from ..common.card import CardSize, card_lines
from ..common.labels import FixedLabel
from ..common.restyle import RememberedStyles, drawings, style_context
from .cards import HUGE_HEIGHT, HUGE_WIDTH, card_huge
from .roads import OUTCOME_STYLE, tally_width
from .words import side

__all__ = ["BetSpot", "HandView", "RoadTitles", "ShoeLine", "ShoeView", "BEAD_COLUMNS", "bets_text"]

_PAYS = {Outcome.PLAYER: "1:1", Outcome.BANKER: "0.95:1", Outcome.TIE: "8:1"}
_KEYS = {Outcome.PLAYER: "p", Outcome.BANKER: "b", Outcome.TIE: "t"}
#: Spot drawings remembered per stylesheet at most (three spots, a few looks each, at a few
#: sizes and stakes).
_DRAWN_SPOTS = 512
#: The bead plate's width and its right margin (the screen's CSS).
BEAD_COLUMNS = 26


def bets_text(bets: Mapping[Outcome, int], then: str | None = None) -> str:
    """``Bets: Player 10 · Banker 5 — enter to deal``, left to right as on the layout
    (``then``: what ``enter`` does at this table, already translated)."""
    placed = [_("{side} {amount}").format(side=side(o), amount=chips(bets[o])) for o in SPOT_ORDER if bets.get(o)]
    if not placed:
        return _("No bets. p Player · b Banker · t Tie")
    return _("Bets: {bets} — {then}").format(bets=" · ".join(placed), then=then or _("enter to deal"))


class BetSpot(RememberedStyles, Static):
    """A betting spot on the layout: its name, its odds and the stake on it."""

    DEFAULT_CSS = """
    BetSpot {
        width: 1fr;
        height: 4;
        text-align: center;
        border: round $primary 60%;
        border-title-align: center;
        border-subtitle-align: center;
        content-align: center middle;
        text-style: bold;
        margin: 0 1 0 0;
    }
    BetSpot:hover { background: $boost; }
    BetSpot.-win { background: $success 35%; border: round $success; }
    BetSpot.-push { background: $warning 20%; }
    BetSpot.-lose { color: $text-muted; }
    """

    class Clicked(Message):
        """The player clicked this spot: add a chip (left button) or take one back (right)."""

        def __init__(self, spot: BetSpot, remove: bool = False) -> None:
            super().__init__()
            self.spot = spot
            self.remove = remove

    stake: reactive[int] = reactive(0, repaint=False)
    """Chips on the spot for the coup being bet."""
    note: reactive[str] = reactive("", repaint=False)
    """After a coup: what happened to the spot's stake (``10 won +10``)."""
    result: reactive[str | None] = reactive(None, init=False)
    """After a coup: ``"win"``, ``"push"`` or ``"lose"`` highlights the spot (None: not)."""

    def __init__(self, outcome: Outcome, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.outcome = outcome
        self.border_title = side(outcome)
        self.border_subtitle = _KEYS[outcome]

    def reword(self) -> None:
        """The spot's name in the language in force (its body words itself as it renders)."""
        self.border_title = side(self.outcome)

    def render(self) -> Text:
        text = Text(_("pays {odds}").format(odds=_PAYS[self.outcome]) + "\n", style="not bold dim")
        if not self.stake and self.note:
            text.append(self.note)
        elif not self.stake:
            text.append(_("no bet"), style="dim")
        else:
            text.append(chips(self.stake), style=OUTCOME_STYLE[self.outcome])
        return text

    def render_lines(self, crop: Region) -> list[Strip]:
        """The lines drawn in this look before, by this spot or another (the first bet
        after a coup takes the three spots back to the looks they had before it): the
        look is its words, stake, note, size and styling context (strips are immutable,
        so shared)."""
        if self.styles.inline._rules:  # styled by hand: not a look the context decides
            return super().render_lines(crop)
        stylesheet = self.app.stylesheet
        drawn: dict[tuple[Any, ...], list[Strip]] = drawings(stylesheet, "_cardtable_spots_drawn", _DRAWN_SPOTS)
        key = (self.outcome, self.stake, self.note, self.border_title, self.border_subtitle, language(), crop,
               self.size, style_context(self, stylesheet))
        lines = drawn.get(key)
        if lines is None:
            lines = drawn[key] = super().render_lines(crop)
        return lines

    def on_click(self, event: events.Click) -> None:
        event.stop()
        if not self.disabled:
            self.post_message(self.Clicked(self, remove=event.button == 3))

    def watch_stake(self) -> None:
        self._repaint_inside()

    def watch_note(self) -> None:
        self._repaint_inside()

    def _repaint_inside(self) -> None:
        """Repaint the words inside the border: its name and key stay as they were."""
        self.refresh(Region(0, 0, *self.content_size))

    def watch_result(self, result: str | None) -> None:
        self.set_class(result == "win", "-win")
        self.set_class(result == "push", "-push")
        self.set_class(result == "lose", "-lose")


class RoadTitles(Widget):
    """The three board titles on one line: one widget, not three labels in a row.

    The columns match the boards below: the bead plate ``bead`` wide with its margin
    (24 + 2, twice that on a huge table), the tally as wide as its words.
    """

    bead: reactive[int] = reactive(BEAD_COLUMNS)

    def render(self) -> Text:
        width, bead = self.size.width, self.bead
        road = max(0, width - bead - tally_width())
        titles = pad(_("Bead plate"), bead) + pad(_("Big road"), road) + _("This shoe")
        return Text(titles, no_wrap=True, overflow="crop")


class HandView(Widget):
    """One hand (Player or Banker): a title with the score over up to three cards.

    Drawn as one widget (title and card boxes in a single render) rather than a label
    and three card widgets: a key press then costs one repaint instead of five, and
    the place of the third card stays blank, without a re-layout, until it is dealt.
    The card boxes look like :class:`CardWidget`'s.
    """

    DEFAULT_CSS = """
    HandView {
        width: 1fr;
        height: 6;
    }
    """

    cards: reactive[tuple[Card, ...]] = reactive(tuple)
    """The hand's cards dealt so far (the third place stays blank until a third comes)."""

    def __init__(self, hand: Outcome, *, ascii: bool, id: str | None = None) -> None:
        super().__init__(id=id)
        self.hand = hand
        self.ascii = ascii
        #: Boxes, or large cards when the table has the room (the layout sets it) …
        self.card_size = CardSize.BOX
        #: … and huge ones (:func:`card_huge`) when it has room to spare.
        self.huge = False

    def set_card_size(self, size: CardSize, huge: bool = False) -> None:
        """Draw the cards at ``size``, or huge (the widget's height follows: title + cards)."""
        if size is not self.card_size or huge != self.huge:
            self.card_size, self.huge = size, huge
            self.styles.height = 1 + (HUGE_HEIGHT if huge else size.height)
            self.refresh()

    def _card(self, index: int) -> list[Text]:
        """The lines of card ``index``: its face, or the outline of its place."""
        card = self.cards[index] if index < len(self.cards) else None
        if self.huge and card is not None:
            return card_huge(card, self.ascii)
        if self.huge:
            return [Text(" " * HUGE_WIDTH)] * HUGE_HEIGHT
        return card_lines(card, self.card_size, self.ascii)

    def _title(self) -> Text:
        text = Text(side(self.hand).upper(), style=OUTCOME_STYLE[self.hand])
        if self.cards:
            total = hand_total(self.cards)
            text.append(f"  {total}", style="bold")
            if len(self.cards) == 2 and is_natural(total):
                text.append("  " + _("natural"), style="italic")
        return text

    @property
    def total(self) -> int | None:
        return hand_total(self.cards) if self.cards else None

    def dealt(self, dealt: Sequence[tuple[Outcome, Card]]) -> tuple[Card, ...]:
        """This hand's cards among ``dealt`` (hand, card) pairs, in order."""
        return tuple(card for hand, card in dealt if hand is self.hand)

    def render(self) -> Text:
        width = self.size.width or 40
        title = self._title()
        text = Text(no_wrap=True, overflow="crop")
        text.append(" " * max(0, (width - title.cell_len) // 2))
        text.append_text(title)
        size = self.card_size
        card_width, card_height = (HUGE_WIDTH, HUGE_HEIGHT) if self.huge else (size.width, size.height)
        boxes = [self._card(i) for i in range(3)]
        if len(self.cards) < 3:  # the third card's place stays blank until it is dealt
            boxes[2] = [Text(" " * card_width)] * card_height
        left = " " * max(0, (width - (3 * card_width + 2)) // 2)
        for row in range(card_height):
            text.append("\n" + left)
            for i, box in enumerate(boxes):
                if i:
                    text.append(" ")
                text.append_text(box[row])
        return text


@dataclass(frozen=True)
class ShoeView:
    """The shoe as shown: ``left`` cards in it (those of the coup not shown yet count as
    in it), its decks (0: a stacked shoe) and where its cut card lies."""

    left: int = 0
    decks: int = 0
    cut_from_end: int | None = None


class ShoeLine(FixedLabel):
    """``8 decks · 400 cards left · cut card in 384``: the shoe as the player sees it."""

    shoe: reactive[ShoeView | None] = reactive(None, init=False)
    _shown: str | None = None

    def watch_shoe(self, shoe: ShoeView | None) -> None:
        if shoe is None:
            return
        left, decks, cut_from_end = shoe.left, shoe.decks, shoe.cut_from_end
        cards = ngettext("{n} card left", "{n} cards left", left).format(n=number(left))
        if cut_from_end is not None and left <= cut_from_end:
            text = _("{cards} · cut card out: shuffle next").format(cards=cards)
        else:
            # where the cut card is: how many more cards until it comes out
            if cut_from_end is not None:
                cards = _("{cards} · cut card in {n}").format(cards=cards, n=number(left - cut_from_end))
            if decks:
                cards = ngettext("{n} deck · {cards}", "{n} decks · {cards}", decks).format(n=decks, cards=cards)
            text = cards
        old = self._shown
        if text != old:  # a re-layout costs the whole screen: only when the text changes
            self._shown = text
            # the label is as wide as its text: re-lay the line only when the width changes
            self.update(text, layout=old is None or cell_len(old) != cell_len(text))

    def reword(self) -> None:
        """The same shoe in the language in force."""
        self._shown = None
        self.watch_shoe(self.shoe)
