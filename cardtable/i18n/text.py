"""Text laid out in terminal cells: Japanese characters take two cells, so padding and
wrapping count cells (``rich.cells.cell_len``), never characters."""

from __future__ import annotations

from rich.cells import cell_len

__all__ = ["pad", "shorten_middle", "wrap"]


def pad(text: str, width: int) -> str:
    """``text`` followed by spaces up to ``width`` cells (unchanged when it is wider)."""
    return text + " " * max(0, width - cell_len(text))


def _fold(word: str, width: int) -> list[str]:
    """A word wider than ``width`` cut into pieces of at most ``width`` cells (Japanese
    has no spaces: a sentence is one "word" and may break between any two characters)."""
    pieces: list[str] = []
    piece = ""
    for char in word:
        if piece and cell_len(piece + char) > width:
            pieces.append(piece)
            piece = ""
        piece += char
    return pieces + [piece] if piece else pieces


def wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` cells, broken at spaces where there are
    some, else between characters."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}" if line else word
        if cell_len(candidate) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        pieces = _fold(word, width)
        lines.extend(pieces[:-1])
        line = pieces[-1] if pieces else ""
    if line:
        lines.append(line)
    return lines


def shorten_middle(text: str, width: int) -> str:
    """``text`` in at most ``width`` cells, its middle replaced by "…" when it is wider
    (a path keeps its start and its file name)."""
    if cell_len(text) <= width:
        return text
    if width <= 1:
        return "…"[:width]
    head, tail = "", ""
    chars = list(text)
    left, right = 0, len(chars) - 1
    while True:  # take from each end in turn while "…" still fits
        if cell_len(head) <= cell_len(tail):
            candidate = head + chars[left]
            if cell_len(candidate) + cell_len(tail) + 1 > width:
                break
            head, left = candidate, left + 1
        else:
            candidate = chars[right] + tail
            if cell_len(head) + cell_len(candidate) + 1 > width:
                break
            tail, right = candidate, right - 1
    return head + "…" + tail
