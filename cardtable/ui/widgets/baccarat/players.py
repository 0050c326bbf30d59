"""The other players at a shared baccarat table (``cardtable join``): who sits there,
their bets, whether they are ready, away, and how their last coup went.

Two lines above the hands: a heading (the betting window's countdown) and one entry
per player, packed line by line so that an entry is never cut in two. It draws what
its one reactive, :class:`PlayersLine`, and holds no rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from rich.cells import cell_len
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ....core.baccarat import Outcome
from ....core.baccarat_table import SPOT_ORDER
from ....i18n import _
from ....i18n.formatting import chips, signed
from .roads import OUTCOME_STYLE

__all__ = ["PlayerEntry", "PlayersLine", "TablePlayers"]

_GAP = "   "


@dataclass(frozen=True)
class PlayerEntry:
    """One other player as the line shows them."""

    name: str
    bets: Mapping[Outcome, int] = field(default_factory=dict)
    ready: bool = False
    connected: bool = True
    #: Their net on the last coup while it is on the table (None: no result to show).
    last_net: int | None = None
    #: They pass on the next coup.
    passed: bool = False

    def text(self) -> Text:
        text = Text(self.name, style="bold", no_wrap=True)
        if not self.connected:
            text.append(" " + _("away"), style="italic dim")
            return text
        if self.bets:
            for spot in SPOT_ORDER:
                if self.bets.get(spot):
                    text.append(f" {spot.letter} {chips(self.bets[spot])}", style=OUTCOME_STYLE[spot])
            text.append(" " + (_("ready") if self.ready else _("betting")), style="green" if self.ready else "dim")
        elif self.passed:
            text.append(" " + _("passes"), style="dim")
        elif self.last_net is not None:
            if self.last_net > 0:
                text.append(" " + _("won {amount}").format(amount=signed(self.last_net)), style="green")
            elif self.last_net < 0:
                text.append(" " + _("lost {amount}").format(amount=chips(-self.last_net)), style="dim")
            else:
                text.append(" " + _("even"), style="dim")
        else:
            text.append(" " + _("no bet"), style="dim")
        return text


@dataclass(frozen=True)
class PlayersLine:
    """What the line shows: its heading (the betting window) and the other players."""

    heading: str = ""
    entries: tuple[PlayerEntry, ...] = ()


class TablePlayers(Widget):
    """The heading and the other players, on two lines."""

    DEFAULT_CSS = """
    TablePlayers { height: 2; margin: 0 1; }
    """

    line: reactive[PlayersLine] = reactive(PlayersLine)
    """The line as shown (repaints only when it changes)."""

    def plain(self) -> str:
        """The lines as plain text (tests, accessibility)."""
        return self.render().plain

    def render(self) -> Text:
        width = max(20, self.size.width or 80)
        heading, entries = self.line.heading, self.line.entries
        lines: list[Text] = [Text(heading, style="bold", no_wrap=True)]
        if not entries:
            lines[0].append(_GAP + _("no one else at the table yet"), style="dim italic")
        for n, entry in enumerate(entries):
            piece = entry.text()
            line = lines[-1]
            if line.cell_len + cell_len(_GAP) + piece.cell_len <= width:
                line.append(_GAP if line.cell_len else "")
                line.append_text(piece)
            elif len(lines) < 2:
                lines.append(piece)
            else:  # no room left: say how many more
                more = Text(_GAP + _("+{n} more").format(n=len(entries) - n), style="dim")
                while line.cell_len + more.cell_len > width and line.cell_len:
                    line.right_crop(1)
                line.append_text(more)
                break
        return Text("\n").join(lines)
