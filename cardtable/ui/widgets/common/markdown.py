"""A Markdown document drawn as one widget, coloured by the app's theme.

Textual's ``Markdown`` widget mounts a widget per paragraph, bullet and table cell:
about 150 for one rules page, 0.3 s of CPU to build and lay out, more than the
250 ms the first ``?`` may take (DESIGN.md §6). The rules are read, not edited or
navigated, so Rich renders them here as one renderable (about 0.1 s), with headings,
bullets and tables in the theme's colours.
"""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderResult
from rich.markdown import Markdown
from rich.style import Style
from rich.theme import Theme
from textual.color import Color, ColorParseError
from textual.widgets import Static

__all__ = ["MarkdownText"]


class _Themed:
    """Rich Markdown rendered with heading, bullet and table styles of our own."""

    def __init__(self, markdown: Markdown, theme: Theme) -> None:
        self.markdown = markdown
        self.theme = theme

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        with console.use_theme(self.theme):  # styles are looked up while rendering
            segments = list(console.render(self.markdown, options))
        yield from segments


class MarkdownText(Static):
    """A read-only Markdown document (``source`` is the text it shows)."""

    DEFAULT_CSS = """
    MarkdownText { padding: 1 2; height: auto; }
    """

    def __init__(self, source: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._source = source

    @property
    def source(self) -> str:
        """The Markdown text shown."""
        return self._source

    def on_mount(self) -> None:
        self._show()
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self._show())

    def set_source(self, source: str) -> None:
        """Show another text (the same widget, rebuilt)."""
        self._source = source
        if self.is_mounted:
            self._show()

    def _colour(self, name: str, default: str) -> str:
        """A theme colour as #rrggbb (a translucent one blended over the background)."""
        variables = self.app.theme_variables
        try:
            colour = Color.parse(variables.get(name, default))
            if colour.a < 1:
                colour = Color.parse(variables.get("background", "#000000")) + colour
        except ColorParseError:  # e.g. 'auto 60%': Textual resolves it, we cannot
            colour = Color.parse(default)
        return colour.hex6

    def _theme(self) -> Theme:
        primary = self._colour("primary", "#0178D4")
        accent = self._colour("accent", primary)
        muted = self._colour("foreground-muted", primary)
        heading = Style.parse(f"bold {primary}")
        return Theme(
            {
                "markdown.h1": heading,
                "markdown.h1.border": Style.parse(primary),
                "markdown.h2": heading + Style(underline=True),
                "markdown.h3": Style.parse(f"bold {accent}"),
                "markdown.item.bullet": Style.parse(f"bold {primary}"),
                "markdown.item.number": Style.parse(primary),
                "markdown.table.border": Style.parse(muted),
                "markdown.table.header": Style.parse(f"bold {primary}"),
                "markdown.code": Style.parse(f"bold {accent}"),
                "markdown.block_quote": Style.parse(muted),
            },
            inherit=True,
        )

    def _show(self) -> None:
        self.update(_Themed(Markdown(self._source, justify="left"), self._theme()))

    def line_of(self, text: str) -> int | None:
        """The first line (0-based, in the widget's content) that contains ``text``."""
        width = max(1, self.content_region.width or self.size.width)
        console = Console(width=width, color_system=None, file=None, record=False)
        rendered = console.render_lines(Markdown(self._source, justify="left"), pad=False)
        for number, line in enumerate(rendered):
            if text in "".join(segment.text for segment in line):
                return number
        return None
