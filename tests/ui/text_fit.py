"""Does every text on screen fit? For the screens in every language: Japanese is
double-width, Lithuanian words are long, and a label cut short is a bug.

    from text_fit import unfitted_texts
    assert unfitted_texts(app) == []   # at 80×24, in each language

Each text widget is measured in terminal cells (``rich.cells.cell_len``) against its
region: a line that must stay one line (no wrapping, buttons) may not be wider, wrapped
text may not need more rows than the widget has, no widget may lie outside the terminal
or under the footer, each option of a list is one line, and the footer's keys fit.
"""

from __future__ import annotations

from rich.cells import cell_len
from textual.app import App
from textual.widget import Widget
from textual.widgets import Button, OptionList, Static

from cardtable.ui.widgets.common.footer import KeyFooter
from cardtable.ui.widgets.common.menu_row import MenuRow

__all__ = ["unfitted_texts"]


def _text_of(widget: Widget) -> str:
    """What a text widget shows, as plain text."""
    if isinstance(widget, Button):
        return str(widget.label)
    content = widget.render()
    return getattr(content, "plain", str(content))


def unfitted_texts(app: App) -> list[str]:
    """Every text widget on screen whose text does not fit its region: a line wider than
    the widget (in terminal cells), more lines than its height, or a widget outside the
    terminal or under the footer. Settings rows must each fit one line of the list."""
    problems: list[str] = []
    for widget in app.screen.walk_children(Widget):
        if not widget.display or not widget.region:
            continue
        if isinstance(widget, OptionList):
            problems += _option_problems(widget)
        elif isinstance(widget, (Static, Button)):
            problems += _text_problems(widget, app)
        elif isinstance(widget, MenuRow):
            problems += _menu_problems(widget, app)
    return problems + _footer_problems(app)


def _option_problems(options: OptionList) -> list[str]:
    """Each option of a list that is wider than the list: an option is one line."""
    problems: list[str] = []
    room = options.scrollable_content_region.width
    for i in range(options.option_count):
        prompt = options.get_option_at_index(i).prompt
        shown = getattr(prompt, "plain", str(prompt))
        if cell_len(shown) > room:
            problems.append(f"option {shown!r} is {cell_len(shown)} cells, the list {room}")
    return problems


def _text_problems(widget: Static | Button, app: App) -> list[str]:
    """A text widget's lines that are too wide, its text too tall, or the widget off screen."""
    problems: list[str] = []
    region = widget.content_region
    content = widget.render()
    if widget.styles.text_wrap == "nowrap" or getattr(content, "no_wrap", False) or isinstance(widget, Button):
        # one line per line of text: a wider one would be cut
        lines = _text_of(widget).split("\n")
        wide = [line for line in lines if cell_len(line.rstrip()) > region.width]
        if wide:
            problems.append(f"{widget!r}: {wide[0]!r} is wider than {region.width} cells")
    # wrapped at its width (between words, or characters in Japanese), the text must
    # fit the widget's height
    wrapped = widget.get_content_height(widget.size, app.size, region.width)
    if wrapped > region.height:
        problems.append(f"{widget!r}: needs {wrapped} rows, has {region.height}")
    return problems + _placement_problems(widget, app)


def _menu_problems(row: MenuRow, app: App) -> list[str]:
    """Each entry of a menu row whose label is wider than its box less its padding (the
    row cuts it), and the row off screen."""
    problems = [
        f"menu-{name}: {label!r} is {cell_len(label)} cells, its box has {box - 2}"
        for name, label, _x, box in row.spans()
        if cell_len(label) > box - 2
    ]
    return problems + _placement_problems(row, app)


def _placement_problems(widget: Widget, app: App) -> list[str]:
    """A widget outside the terminal or under the footer, unless a scrolling view holds it."""
    scrolled = any(a.styles.overflow_y in ("auto", "scroll") for a in widget.ancestors if isinstance(a, Widget))
    if scrolled:
        return []  # inside a scrolling view: the player scrolls to it
    width, height = app.size
    footer_top = height - 1
    if widget.region.right > width or widget.region.bottom > footer_top:
        return [f"{widget!r} lies outside the screen or under the footer: {widget.region}"]
    return []


def _footer_problems(app: App) -> list[str]:
    """The footer's keys and its groups' labels ("Bet" for p b t), if together they are
    wider than the terminal or a key's words are not all drawn."""
    width = app.size.width
    problems: list[str] = []
    for footer in app.screen.query(KeyFooter):
        used = footer.width_needed()
        if used > width:
            problems.append(f"the footer's keys take {used} cells of {width}")
        drawn = "".join(strip.text for strip in footer.render_lines(footer.region.reset_offset))
        words = [f"{key.display} {key.description}" if key.description else key.display for key in footer.keys()]
        words += [run.label for run in footer.runs if run.label]
        problems += [f"the footer's {shown!r} is cut" for shown in words if shown not in drawn]
    return problems
