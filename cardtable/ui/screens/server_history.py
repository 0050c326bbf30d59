"""``y`` at a shared table: the player's own latest rounds, as the server keeps them.

The server sends each settled round as when, which game, staked, returned and the
bankroll after it (``history`` in ``docs/protocol.md``); the cards and the grades stay on
the server (``cardtable history --data-dir <its data>/players/<name>``). A round that
does not read is left out.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from ...i18n import N_, _
from ...i18n.formatting import chips, signed
from ...i18n.text import pad
from ..widgets.history.rows import game_name, local_time

__all__ = ["ServerHistoryScreen", "history_lines"]

_TITLES = {
    "blackjack": N_("Your latest blackjack rounds on the server"),
    "baccarat": N_("Your latest baccarat coups on the server"),
    "poker": N_("Your latest poker hands on the server"),
    None: N_("Your latest rounds on the server"),
}
#: Cells of the game's name in a line (the longest name, in every language, fits).
_GAME_CELLS = 10


def _line(entry: object) -> str | None:
    """One round as a line, or None when it does not read."""
    if not isinstance(entry, Mapping):
        return None
    at, game, stake, returned, bankroll = (entry.get(k) for k in ("at", "game", "stake", "returned", "bankroll"))
    numbers = (stake, returned)
    if not isinstance(at, str) or not isinstance(game, str) or not all(
        isinstance(n, int) and not isinstance(n, bool) for n in numbers
    ):
        return None
    assert isinstance(stake, int) and isinstance(returned, int)
    after = "  " + _("bankroll {amount}").format(amount=chips(bankroll)) if isinstance(bankroll, int) else ""
    staked = _("staked {amount}").format(amount=f"{chips(stake):>8}")
    return f"{local_time(at)}  {pad(game_name(game), _GAME_CELLS)} {staked}  {signed(returned - stake):>9}{after}"


def history_lines(message: Mapping[str, Any]) -> list[str]:
    """The rounds of a ``history`` message as lines, newest first."""
    rounds = message.get("rounds")
    lines = [_line(entry) for entry in rounds] if isinstance(rounds, list) else []
    return [line for line in lines if line is not None]


class ServerHistoryScreen(ModalScreen[None]):
    """The player's latest rounds on the server, over the table."""

    DEFAULT_CSS = """
    ServerHistoryScreen { align: center middle; background: $background 30%; }
    ServerHistoryScreen > Vertical {
        width: 78; max-width: 100%; height: auto; max-height: 100%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    ServerHistoryScreen #server-history-title { text-style: bold; width: 1fr; }
    ServerHistoryScreen VerticalScroll { height: auto; max-height: 16; }
    ServerHistoryScreen #server-history-note { color: $text-muted; margin-top: 1; }
    """

    BINDINGS = [Binding("escape,enter,y", "close", N_("Close"), id="server-history.close")]

    def __init__(self, message: Mapping[str, Any]) -> None:
        super().__init__()
        self.message = message
        self._words()

    def _words(self) -> None:
        game = self.message.get("game")
        self.title_text = _(_TITLES.get(game if isinstance(game, str) else None, _TITLES[None]))
        #: The rounds as shown, newest first.
        self.lines = history_lines(self.message)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.title_text, id="server-history-title", markup=False)
            with VerticalScroll():
                yield Static("\n".join(self.lines) or _("None settled yet."), id="server-history-rows", markup=False)
            yield Label(_("The cards and grades are kept there too. Escape closes."), id="server-history-note")

    def retranslate(self) -> None:
        """The language changed: the title, the rounds and the note in it."""
        self._words()
        self.query_one("#server-history-title", Label).update(self.title_text)
        self.query_one("#server-history-rows", Static).update("\n".join(self.lines) or _("None settled yet."))
        self.query_one("#server-history-note", Label).update(
            _("The cards and grades are kept there too. Escape closes."))

    def action_close(self) -> None:
        self.dismiss(None)
