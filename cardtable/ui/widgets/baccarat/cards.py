"""The baccarat table's huge card (15×13) for a terminal with room to spare.

Baccarat shows at most six cards, all face up, so on a tall terminal (about 46 rows
and more) they are drawn larger than the shared large card: the same face — corner
indices, the pips where real cards place them, a framed court card — on a bigger
sheet. The frame, the ink and the pips are the shared card renderer's (public helpers).
"""

from __future__ import annotations

from rich.text import Text

from ....core.cards import Card
from ..common.card import PIPS, framed_face, suit_mark

__all__ = ["card_huge", "HUGE_WIDTH", "HUGE_HEIGHT"]

HUGE_WIDTH = 15
HUGE_HEIGHT = 13
_INNER = HUGE_WIDTH - 2
#: The inner columns of the pip grid's three columns, and the middle rows of its five.
_COLUMNS = (2, 6, 10)
_ROWS = (0, 2, 4, 6, 8)


def card_huge(card: Card, ascii: bool = False) -> list[Text]:
    """Thirteen 15-cell lines: a face with its corner indices and its pips (or picture)."""
    rank = card.rank_label
    suit = suit_mark(card, ascii)
    middle_rows = HUGE_HEIGHT - 4  # inside the frame, between the two index lines
    if card.rank in PIPS:
        rows = [[" "] * _INNER for _ in range(middle_rows)]
        for row, column in PIPS[card.rank]:
            rows[_ROWS[row - 1]][_COLUMNS[column]] = suit
        middle = ["".join(r) for r in rows]
    else:  # J Q K: a framed picture with the rank between two suits
        blank = f"║{'':7}║"
        picture = ["╔═══════╗", blank, f"║{suit:^7}║", blank, f"║{rank:^7}║", blank, f"║{suit:^7}║", blank,
                   "╚═══════╝"]
        middle = [f"{line:^{_INNER}}" for line in picture]
    index = f"{rank}{suit}"  # the corner index, as on a real card
    return framed_face(card, [f"{index:<{_INNER}}", *middle, f"{index:>{_INNER}}"], paper=True)
