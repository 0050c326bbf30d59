"""The rules of the house, one tab per game, from the Markdown texts in assets/."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Header, Markdown, TabbedContent, TabPane

from ...resources import read_text
from ..games import GAME_INFO
from ..help_extras import fill_placeholders
from ..widgets.footer import KeyFooter

__all__ = ["RulesScreen", "help_markdown"]

_TABS = (("house", "The house"),) + tuple((key, info.title) for key, info in GAME_INFO.items())


def help_markdown(topic: str, *, baccarat_decks: int = 8) -> str:
    """The rules text of ``topic`` ("house" or a game), with computed figures filled in."""
    try:
        text = read_text("help", f"{topic}.md")
    except FileNotFoundError:
        return f"# {topic.capitalize()}\n\nThe rules text for this game is not written yet."
    return fill_placeholders(text, baccarat_decks=baccarat_decks)


class RulesScreen(Screen[None]):
    """Rules of the current game (the house rules from the lobby)."""

    DEFAULT_CSS = """
    #rules-tabs {
        height: 1fr;
    }
    #rules-tabs Markdown {
        padding: 0 2;
    }
    """

    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back", id="rules.back"),
        Binding("question_mark", "app.pop_screen", "Close rules", show=False, id="rules.close"),
    ]

    def __init__(self, game: str | None = None) -> None:
        super().__init__()
        self.game = game if game in GAME_INFO else None

    def compose(self) -> ComposeResult:
        yield Header()
        with TabbedContent(initial=f"rules-{self.game or 'house'}", id="rules-tabs"):
            for key, title in _TABS:
                with TabPane(title, id=f"rules-{key}"):
                    with VerticalScroll():
                        yield Markdown(
                            help_markdown(key, baccarat_decks=self.app.settings.baccarat_decks),  # type: ignore[attr-defined]
                            id=f"rules-text-{key}",
                        )
        yield KeyFooter()
