"""The video-poker pay table on screen: one row per paying hand, one column per coin count.

The column of the current bet is marked; after the draw the winning row lights up.
The rows are the machine's own (:meth:`Machine.rows`), in the order and with the
amounts the core pays. Every coin column is shown when the rows fit in
:attr:`PayTableWidget.max_lines` (the table's layout says how many lines it has); a
machine with more rows than that (9/6 Double Double Bonus has 13, at 80×24) is shown in
two blocks side by side, each row with what it pays for the current bet, and the top
prize at the most coins in the free place when there is one.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ....core.poker_machines import JACKS_OR_BETTER, Machine, PayHand

__all__ = ["PayTableWidget", "LABEL_WIDTH", "COLUMN_WIDTH", "MAX_LINES"]

LABEL_WIDTH = 21
COLUMN_WIDTH = 6
#: The most lines the table may take (the poker table's layout at 80×24).
MAX_LINES = 12
_BLOCK_LABEL = 20


class PayTableWidget(Widget):
    """Renders a machine's pay table; up to 12 lines by 51 cells."""

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
        height: auto;
        padding: 0 1;
        background: $surface;
        /* a narrow box crops each line: a wrapped header read "1 coin" beside the next row */
        text-wrap: nowrap;
        text-overflow: clip;
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
    winner: reactive[PayHand | None] = reactive(None)
    """The row won by the last hand (None: nothing lit)."""
    table: reactive[Machine] = reactive(JACKS_OR_BETTER, layout=True)
    """The machine whose table is shown."""
    max_lines: reactive[int] = reactive(MAX_LINES, layout=True)
    """The most lines the table may take here (more on a tall terminal)."""

    def __init__(
        self,
        table: Machine = JACKS_OR_BETTER,
        *,
        coins: int = 1,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.set_reactive(PayTableWidget.table, table)
        self.set_reactive(PayTableWidget.coins, coins)

    @property
    def compact(self) -> bool:
        """Too many rows for one column per coin count: two blocks, the current bet's pays."""
        return len(self.table.order) + 1 > self.max_lines

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        rows = len(self.table.order)
        return (rows + 1) // 2 + 1 if self.compact else rows + 1

    def row_text(self, hand: PayHand) -> str:
        """Plain text of one row, every coin count (for tests and screen readers)."""
        row = self.table.pays[hand]
        return self.table.row_label(hand).ljust(LABEL_WIDTH) + "".join(str(n).rjust(COLUMN_WIDTH) for n in row)

    def render(self) -> Text:
        style_of = self.get_component_rich_style
        styles = {name: style_of(f"paytable--{name}") for name in ("title", "header", "cell", "column", "win")}
        styles["win-column"] = style_of("paytable--win-column")
        return self._render_compact(styles) if self.compact else self._render_grid(styles)

    def _render_grid(self, styles: dict[str, Style]) -> Text:
        table = self.table
        text = Text(no_wrap=True, overflow="crop")
        # a long name ("9/6 Double Double Bonus") takes the room of the word "coin"
        long_name = len(table.name) > LABEL_WIDTH
        first = 2 if long_name else COLUMN_WIDTH
        room = LABEL_WIDTH + COLUMN_WIDTH - first
        text.append(table.name[: room - 1].ljust(room), styles["title"])
        for n in range(1, table.max_coins + 1):
            word = f"{n} coin" if n == 1 and not long_name else str(n)
            cell = word.rjust(first if n == 1 else COLUMN_WIDTH)
            text.append(cell, styles["column"] if n == self.coins else styles["header"])
        for hand, row in table.rows():
            text.append("\n")
            lit = hand is self.winner
            text.append(table.row_label(hand).ljust(LABEL_WIDTH), styles["win"] if lit else Style())
            for n, amount in enumerate(row, start=1):
                cell = str(amount).rjust(COLUMN_WIDTH)
                if n == self.coins:
                    style = styles["win-column"] if lit else styles["column"]
                else:
                    style = styles["win"] if lit else styles["cell"]
                text.append(cell, style)
        return text

    def _render_compact(self, styles: dict[str, Style]) -> Text:
        table = self.table
        rows = table.rows()
        half = (len(rows) + 1) // 2
        text = Text(no_wrap=True, overflow="crop")
        coins = f"pays for {self.coins} coin{'s' if self.coins != 1 else ''}"
        text.append(table.name[: 49 - len(coins)].ljust(50 - len(coins)), styles["title"])
        text.append(coins, styles["column"])
        for i in range(half):
            text.append("\n")
            for j, (hand, row) in enumerate((rows[i], rows[i + half]) if i + half < len(rows) else (rows[i],)):
                lit = hand is self.winner
                if j:
                    text.append(" ")
                text.append(table.row_label(hand).ljust(_BLOCK_LABEL)[:_BLOCK_LABEL], styles["win"] if lit else Style())
                text.append(str(row[self.coins - 1]).rjust(5), styles["win-column"] if lit else styles["column"])
        if len(rows) % 2 and table.max_coins > 1:  # a free place: what the 5-coin column hides
            top, top_row = rows[0]
            note = f"{table.max_coins} coins: {table.row_label(top).split()[0].lower()} {top_row[-1]}"
            text.append(" " + note[: _BLOCK_LABEL + 5].rjust(_BLOCK_LABEL + 5), styles["header"])
        return text
