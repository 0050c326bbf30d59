"""``--help`` laid out in terminal cells, for every parser of the command line (the
subcommands' and the computations' own): Japanese characters take two cells, a
Japanese sentence has no spaces to break at, and argparse counts characters."""

from __future__ import annotations

import argparse
import functools
import re
from typing import Any

from rich.cells import cell_len

from .text import pad, wrap

__all__ = ["CellHelpFormatter", "cell_wrap", "labelled"]


@functools.cache
def _token() -> re.Pattern[str]:
    """A piece of help text that is never broken: a run of letters, digits and signs (a
    word, an option, a path), a run of spaces, or one double-width character (compiled
    when Japanese help is first wrapped: the pattern's ranges are slow to compile, and
    every start builds a parser)."""
    return re.compile(r"[^\s\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]+|\s+|.")


#: Never at the start of a line (Japanese line breaking): closing marks and punctuation.
_NO_START = set("、。，．・：；？！）」』】〕ー々ぁぃぅぇぉっゃゅょァィゥェォッャュョ")
#: Never at the end of a line: opening brackets.
_NO_END = set("（「『【〔")


def cell_wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` cells. Text without double-width characters
    breaks at spaces (:func:`~cardtable.i18n.text.wrap`); Japanese may break between any
    two characters but not inside a word of Latin letters, and keeps the closing
    punctuation (、。）) off the start of a line and the opening brackets off its end."""
    if cell_len(text) == len(text):
        return wrap(text, width)
    lines: list[list[str]] = [[]]
    used = 0
    for token in _token().findall(" ".join(text.split())):
        size = cell_len(token)
        line = lines[-1]
        if used + size <= width or not line:
            if line or not token.isspace():
                line.append(token)
                used += size
            continue
        carried: list[str] = []
        if token in _NO_START:  # the character before the mark(s) goes down with them
            while len(line) > 1 and line[-1] in _NO_START:
                carried.insert(0, line.pop())
            if len(line) > 1:
                carried.insert(0, line.pop())
        while len(line) > 1 and line[-1] in _NO_END:
            carried.insert(0, line.pop())
        fresh = [t for t in carried + [token] if not (t.isspace() and not carried)]
        lines.append(fresh)
        used = sum(cell_len(t) for t in fresh)
    return [out for out in ("".join(line).strip() for line in lines) if out]


def labelled(label: str, text: str, column: int, width: int = 78) -> str:
    """One line of a printed report: ``label`` (already in the language; empty for a
    continuation) padded to ``column`` cells, ``text`` wrapped in ``width`` cells under it."""
    lines = cell_wrap(text, width - column) or [""]
    first = pad(label, column) if label else " " * column
    return "\n".join((first if i == 0 else " " * column) + line for i, line in enumerate(lines))


class CellHelpFormatter(argparse.HelpFormatter):
    """``--help`` wrapped in terminal cells: Japanese characters take two, and a Japanese
    sentence has no spaces to break at (argparse's own wrapping counts characters)."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        return cell_wrap(text, width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return "\n".join(indent + line for line in cell_wrap(text, width - len(indent)))

    def _format_usage(self, usage: Any, actions: Any, groups: Any, prefix: str | None) -> str:
        """The usage, its continuation lines under the first option: argparse indents
        them by the *characters* of "usage: ", and "使い方: " is 5 characters but 8 cells
        (the lines are made that much narrower, then moved right by the difference)."""
        shown = prefix if prefix is not None else argparse._("usage: ")  # type: ignore[attr-defined]
        extra = cell_len(shown) - len(shown)
        if extra <= 0:
            return str(super()._format_usage(usage, actions, groups, prefix))
        self._width -= extra
        try:
            text = str(super()._format_usage(usage, actions, groups, prefix))
        finally:
            self._width += extra
        first, *rest = text.split("\n")
        return "\n".join([first, *(" " * extra + line if line.strip() else line for line in rest)])
