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

from rich.cells import cell_len, set_cell_size
from rich.style import Style
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ....core.poker_machines import JACKS_OR_BETTER, Machine, PayHand
from ....i18n import ngettext
from ....i18n.text import pad
from .names import row_name, top_word
from .words import coins_text

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
        return pad(row_name(self.table, hand), LABEL_WIDTH) + "".join(str(n).rjust(COLUMN_WIDTH) for n in row)

    def render(self) -> Text:
        style_of = self.get_component_rich_style
        styles = {name: style_of(f"paytable--{name}") for name in ("title", "header", "cell", "column", "win")}
        styles["win-column"] = style_of("paytable--win-column")
        return self._render_compact(styles) if self.compact else self._render_grid(styles)

    def _grid_widths(self) -> tuple[int, list[int]]:
        """The label's cells and each coin column's: 21 and 6 each while the rows' names
        fit 21 cells, else columns as narrow as their figures and the rest for the names
        (Japanese names are double-width: ロイヤルストレートフラッシュ takes 28 cells)."""
        table = self.table
        rows = table.rows()
        if max(cell_len(row_name(table, hand)) for hand, _row in rows) <= LABEL_WIDTH:
            return LABEL_WIDTH, [COLUMN_WIDTH] * table.max_coins
        columns = [max(len(str(row[n])) for _hand, row in rows) + 1 for n in range(table.max_coins)]
        return LABEL_WIDTH + COLUMN_WIDTH * table.max_coins - sum(columns), columns

    def _render_grid(self, styles: dict[str, Style]) -> Text:
        table = self.table
        text = Text(no_wrap=True, overflow="crop")
        label_width, columns = self._grid_widths()
        # a long name ("9/6 Double Double Bonus") takes the room of the word "coin"
        one = coins_text(1)
        long_name = cell_len(table.name) > label_width + columns[0] - cell_len(one) - 1
        first = 2 if long_name else cell_len(one)
        room = label_width + columns[0] - first
        text.append(set_cell_size(table.name, room - 1) + " ", styles["title"])
        for n in range(1, table.max_coins + 1):
            word = one if n == 1 and not long_name else str(n)
            cell = " " * ((first if n == 1 else columns[n - 1]) - cell_len(word)) + word
            text.append(cell, styles["column"] if n == self.coins else styles["header"])
        for hand, row in table.rows():
            text.append("\n")
            lit = hand is self.winner
            text.append(set_cell_size(row_name(table, hand), label_width), styles["win"] if lit else Style())
            for n, amount in enumerate(row, start=1):
                cell = str(amount).rjust(columns[n - 1])
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
        coins = ngettext("pays for {n} coin", "pays for {n} coins", self.coins).format(n=self.coins)
        width = cell_len(coins)
        text.append(set_cell_size(table.name, 49 - width) + " ", styles["title"])
        text.append(coins, styles["column"])
        for i in range(half):
            text.append("\n")
            for j, (hand, row) in enumerate((rows[i], rows[i + half]) if i + half < len(rows) else (rows[i],)):
                lit = hand is self.winner
                if j:
                    text.append(" ")
                name = row_name(table, hand, room=_BLOCK_LABEL)
                text.append(set_cell_size(name, _BLOCK_LABEL), styles["win"] if lit else Style())
                text.append(str(row[self.coins - 1]).rjust(5), styles["win-column"] if lit else styles["column"])
        if len(rows) % 2 and table.max_coins > 1:  # a free place: what the 5-coin column hides
            top, top_row = rows[0]
            note = ngettext("{n} coin: {row} {amount}", "{n} coins: {row} {amount}", table.max_coins).format(
                n=table.max_coins, row=top_word(table, top), amount=top_row[-1]
            )
            room = _BLOCK_LABEL + 5
            note = set_cell_size(note, room) if cell_len(note) > room else " " * (room - cell_len(note)) + note
            text.append(" " + note, styles["header"])
        return text
