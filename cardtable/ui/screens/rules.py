"""The rules of the house, one tab per game, from the Markdown texts in assets/.

The app builds this screen once and shows the same instance again on every ``?``
(see ``CardTableApp.action_rules``). A tab's text (one :class:`MarkdownText` widget,
not Textual's widget-per-paragraph ``Markdown``) is built only when the tab is first
shown and then kept; the baccarat text, whose house edges depend on the deck count in the
settings, is rebuilt when that count changed since it was built.
"""

from __future__ import annotations

from pathlib import Path

from textual import events, getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import TabbedContent, TabPane

from ...i18n import N_, _, language
from ...resources import read_text
from ..games import GAME_INFO
from ..help_extras import fill_placeholders
from ..room import CardRoom
from ..widgets.common.footer import KeyFooter
from ..widgets.common.header import TitleHeader
from ..widgets.common.markdown import MarkdownText

__all__ = ["RulesScreen", "help_markdown"]

_TABS = (("house", N_("The house")),) + tuple((key, info.title) for key, info in GAME_INFO.items())
_PREFIX = "rules-"


def _help_source(topic: str) -> str:
    """``topic``'s Markdown in the language in force (``assets/help/<lang>/``), else the
    English one (``assets/help/``); ``FileNotFoundError`` when there is neither."""
    code = language()
    if code != "en":
        try:
            return read_text("help", code, f"{topic}.md")
        except FileNotFoundError:
            pass  # not translated yet: the English text
    return read_text("help", f"{topic}.md")


def help_markdown(topic: str, *, baccarat_decks: int = 8, data_folder: Path | None = None) -> str:
    """The rules text of ``topic`` ("house" or a game) in the language in force, with
    computed figures filled in (the poker machines' returns: those computed in ``data_folder``)."""
    try:
        text = _help_source(topic)
    except FileNotFoundError:
        return f"# {topic.capitalize()}\n\n" + _("The rules text for this game is not written yet.")
    if "{{poker_machines}}" in text:
        from ..widgets.poker import machines as room

        text = text.replace("{{poker_machines}}", room.machines_markdown(data_folder))
    return fill_placeholders(text, baccarat_decks=baccarat_decks)


class RulesScreen(Screen[None]):
    """Rules of the current game (the house rules from the lobby).

    Build it once and call :meth:`show_game` before pushing it again.
    """

    app = getters.app(CardRoom)  # typed: the card room's own attributes

    DEFAULT_CSS = """
    #rules-tabs {
        height: 1fr;
    }
    #rules-tabs VerticalScroll {
        /* the same width with or without a scrollbar: the text is measured once, not
           again when the scrollbar appears */
        scrollbar-gutter: stable;
    }
    """

    BINDINGS = [
        Binding("escape", "app.pop_screen", N_("Back"), id="rules.back"),
        Binding("question_mark", "app.pop_screen", N_("Close rules"), show=False, id="rules.close"),
        Binding("g", "chart", N_("Strategy chart"), id="rules.chart"),
    ]

    def __init__(self, game: str | None = None) -> None:
        super().__init__()
        self.game = game if game in GAME_INFO else None
        #: topic -> the deck count its Markdown was built with (only tabs built so far)
        self._built: dict[str, int] = {}

    @property
    def topic(self) -> str:
        """The tab shown for :attr:`game`: the game's, or the house rules."""
        return self.game or "house"

    def _decks(self) -> int:
        return self.app.settings.baccarat_decks

    def compose(self) -> ComposeResult:
        # Every widget composed or mounted from now on is styled with the app's current CSS
        # as it mounts: the restyle of the first resume would only repeat that work.
        current = getattr(self.app, "_css_update_count", None)
        if current is not None:
            self._css_update_count = current
        yield TitleHeader()
        topic = self.topic
        with TabbedContent(initial=f"{_PREFIX}{topic}", id="rules-tabs"):
            for key, title in _TABS:
                with TabPane(_(title), id=f"{_PREFIX}{key}"):
                    with VerticalScroll(id=f"rules-scroll-{key}"):
                        if key == topic:  # only the tab shown first; the others on demand
                            stamp, text = self._text(key)
                            self._built[key] = stamp
                            yield MarkdownText(text, id=f"rules-text-{key}")
        yield KeyFooter()

    def show_game(self, game: str | None) -> None:
        """Show the rules of ``game`` (the house rules for None) when the screen is shown again."""
        self.game = game if game in GAME_INFO else None
        if not self.is_mounted:  # not composed yet: compose opens on this tab
            return
        self.query_one("#rules-tabs", TabbedContent).active = f"{_PREFIX}{self.topic}"
        self._ensure_built(self.topic)
        for topic in self._built:  # each opening starts at the top, as a new screen did
            self.query_one(f"#rules-scroll-{topic}", VerticalScroll).scroll_home(animate=False)

    def is_built(self, topic: str) -> bool:
        """Whether the Markdown of ``topic``'s tab exists yet."""
        return topic in self._built

    def _ensure_built(self, topic: str) -> None:
        """Build ``topic``'s Markdown if it is missing, or stale for the deck count (or,
        for poker, for the machines' returns computed since)."""
        if topic not in dict(_TABS):
            return
        built = self._built.get(topic)
        stamp, text = self._text(topic)
        if built is not None and (topic not in ("baccarat", "poker") or built == stamp):
            return
        self._built[topic] = stamp
        if built is None:
            scroll = self.query_one(f"#rules-scroll-{topic}", VerticalScroll)
            scroll.mount(MarkdownText(text, id=f"rules-text-{topic}"))
        else:
            self.query_one(f"#rules-text-{topic}", MarkdownText).set_source(text)

    def _text(self, topic: str) -> tuple[int, str]:
        """``topic``'s Markdown and what it depends on (the deck count; for poker, the
        machines' returns computed so far, from widgets/poker/machines.py)."""
        decks = self._decks()
        if topic != "poker":
            return decks, help_markdown(topic, baccarat_decks=decks)
        text = help_markdown(topic, baccarat_decks=decks, data_folder=self.app.store.path.parent)
        return hash(text), text

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        """Skip Textual's restyle of every node on resume when the styles are still current.

        Runs before ``Screen._on_screen_resume``. Textual restyles the whole screen each
        time it is shown again (most of the cost of reopening the rules). That is needed
        only if the app's CSS changed (a new theme) while this screen was not in the screen
        stack: Textual counts such changes, and updates the count of the screens in the
        stack when it restyles them. If the count is not there (another Textual version),
        the restyle happens as usual.
        """
        current = getattr(self.app, "_css_update_count", None)
        if current is None or not hasattr(self, "_css_update_count"):
            return
        if self._css_update_count == current:
            event.refresh_styles = False
        else:  # restyled now, by Screen._on_screen_resume
            self._css_update_count = current

    def action_chart(self) -> None:
        """The blackjack strategy chart for the house rules."""
        from ...core.blackjack import Rules
        from .chart import ChartScreen

        settings = self.app.settings
        self.app.push_screen(ChartScreen(Rules(min_bet=settings.bj_min, max_bet=settings.bj_max)))

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        pane_id = event.pane.id or ""
        if pane_id.startswith(_PREFIX):
            self._ensure_built(pane_id[len(_PREFIX) :])
