"""The video-poker pay table on screen: one row per paying hand, one column per coin count.

The column of the current bet is marked; after the draw the winning row lights up.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ....core.poker import JACKS_OR_BETTER_9_6, HandCategory, PayTable

__all__ = ["PayTableWidget", "LABEL_WIDTH", "COLUMN_WIDTH"]

LABEL_WIDTH = 21
COLUMN_WIDTH = 6


class PayTableWidget(Widget):
    """Renders a :class:`~cardtable.core.poker.PayTable`; 10 lines by 51 cells."""

    COMPONENT_CLASSES = {
        "paytable--title",
        "paytable--header",
        "paytable--cell",
        "paytable--column",
        "paytable--win",
        "paytable--win-column",
    }

    DEFAULT_CSS = """
    PayTableWidget {
        width: 53;
        height: 10;
        padding: 0 1;
        background: $surface;
        & > .paytable--title { text-style: bold; color: $text; }
        & > .paytable--header { color: $text-muted; }
        & > .paytable--cell { color: $text-muted; }
        & > .paytable--column { background: $primary 60%; color: $text; text-style: bold; }
        & > .paytable--win { background: $success 50%; color: $text; text-style: bold; }
        & > .paytable--win-column { background: $warning; color: $background; text-style: bold; }
    }
    """

    coins: reactive[int] = reactive(1)
    """The coin count whose column is marked."""
    winner: reactive[HandCategory | None] = reactive(None)
    """The row won by the last hand (None: nothing lit)."""

    def __init__(
        self,
        table: PayTable = JACKS_OR_BETTER_9_6,
        *,
        coins: int = 1,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.table = table
        self.set_reactive(PayTableWidget.coins, coins)

    def row_text(self, category: HandCategory) -> str:
        """Plain text of one row (for tests and screen readers)."""
        row = dict(self.table.rows())[category]
        return self.table.row_label(category).ljust(LABEL_WIDTH) + "".join(
            str(n).rjust(COLUMN_WIDTH) for n in row
        )

    def render(self) -> Text:
        style_of = self.get_component_rich_style
        title_style = style_of("paytable--title")
        header_style = style_of("paytable--header")
        cell_style = style_of("paytable--cell")
        column_style = style_of("paytable--column")
        win_style = style_of("paytable--win")
        win_column = style_of("paytable--win-column")
        text = Text(no_wrap=True, overflow="crop")
        text.append(self.table.name.ljust(LABEL_WIDTH)[:LABEL_WIDTH], title_style)
        for n in range(1, self.table.max_coins + 1):
            cell = f"{n} coin"[:COLUMN_WIDTH].rjust(COLUMN_WIDTH) if n == 1 else str(n).rjust(COLUMN_WIDTH)
            text.append(cell, column_style if n == self.coins else header_style)
        for category, row in self.table.rows():
            text.append("\n")
            lit = category is self.winner
            text.append(self.table.row_label(category).ljust(LABEL_WIDTH), win_style if lit else Style())
            for n, amount in enumerate(row, start=1):
                cell = str(amount).rjust(COLUMN_WIDTH)
                if n == self.coins:
                    style = win_column if lit else column_style
                else:
                    style = win_style if lit else cell_style
                text.append(cell, style)
        return text
