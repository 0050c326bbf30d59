"""The lobby's drill question: which drill (blackjack, poker or the count)."""

from __future__ import annotations

from rich.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label

from ...i18n import N_, _
from ..widgets.common.footer import KeyFooter
from ..widgets.common.menu import MenuItem

__all__ = ["DrillChoice"]

_TITLE = N_("Drills: practise the decisions players get wrong")
#: (game, key, what the drill practises)
_CHOICES = (
    ("blackjack", "b", N_("Blackjack: pairs, soft doubles, 12–16 against 7–A")),
    ("poker", "p", N_("Draw poker: hands where the obvious hold is wrong")),
    ("count", "c", N_("Card counting: running and true count")),
)


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
        Binding("b,1", "choose('blackjack')", N_("Blackjack"), id="drillchoice.blackjack"),
        Binding("p,3", "choose('poker')", N_("Poker"), id="drillchoice.poker"),
        Binding("c", "choose('count')", N_("Count"), id="drillchoice.count"),
        Binding("escape", "choose('')", N_("Back"), id="drillchoice.back"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(_(_TITLE), id="drill-choice-title")
            for game, key, text in _CHOICES:
                yield MenuItem(self._item(key, text), id=f"drill-choice-{game}")
        yield KeyFooter()

    @staticmethod
    def _item(key: str, text: str) -> str:
        return f"[b]{key}[/b]  {escape(_(text))}"

    def retranslate(self) -> None:
        """The title and the choices in the language in force."""
        self.query_one("#drill-choice-title", Label).update(_(_TITLE))
        for game, key, text in _CHOICES:
            self.query_one(f"#drill-choice-{game}", MenuItem).update(self._item(key, text))

    def on_menu_item_pressed(self, event: MenuItem.Pressed) -> None:
        event.stop()
        self.dismiss((event.item.id or "").removeprefix("drill-choice-") or None)

    def action_choose(self, game: str) -> None:
        self.dismiss(game or None)
