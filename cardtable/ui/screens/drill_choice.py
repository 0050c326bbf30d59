"""The lobby's drill question: which drill (blackjack, poker or the count)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label

from ..widgets.common.footer import KeyFooter
from ..widgets.common.menu import MenuItem

__all__ = ["DrillChoice"]


class DrillChoice(ModalScreen[str | None]):
    """Which drill: ``b`` blackjack, ``p`` poker, ``c`` the count; escape: none."""

    DEFAULT_CSS = """
    DrillChoice { align: center middle; }
    DrillChoice > Vertical {
        width: 66; max-width: 100%; height: auto;
        border: thick $accent; background: $surface; padding: 1 2;
    }
    DrillChoice #drill-choice-title { text-style: bold; margin-bottom: 1; width: 1fr; }
    DrillChoice MenuItem { width: 1fr; margin-bottom: 1; }
    """

    BINDINGS = [
        Binding("b,1", "choose('blackjack')", "Blackjack", id="drillchoice.blackjack"),
        Binding("p,3", "choose('poker')", "Poker", id="drillchoice.poker"),
        Binding("c", "choose('count')", "Count", id="drillchoice.count"),
        Binding("escape", "choose('')", "Back", id="drillchoice.back"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("Drills: practise the decisions players get wrong", id="drill-choice-title")
            yield MenuItem("[b]b[/b]  Blackjack: pairs, soft doubles, 12–16 against 7–A",
                           id="drill-choice-blackjack")
            yield MenuItem("[b]p[/b]  Draw poker: hands where the obvious hold is wrong",
                           id="drill-choice-poker")
            yield MenuItem("[b]c[/b]  Card counting: running and true count", id="drill-choice-count")
        yield KeyFooter()

    def on_menu_item_pressed(self, event: MenuItem.Pressed) -> None:
        event.stop()
        self.dismiss((event.item.id or "").removeprefix("drill-choice-") or None)

    def action_choose(self, game: str) -> None:
        self.dismiss(game or None)
