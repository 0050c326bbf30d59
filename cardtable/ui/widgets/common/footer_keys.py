"""What the footer shows and where: the screen's keys read from its bindings, grouped
as Textual's footer groups them, and laid out cell by cell as Textual's footer widgets
would be placed (its margins, paddings and groups; the margin between two neighbours is
the larger of theirs, as in Textual's horizontal layout)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from itertools import groupby
from typing import NamedTuple

from rich.cells import cell_len
from textual.binding import Binding

from ....i18n import _

__all__ = [
    "KeyRun", "Piece", "Role", "ShownKey",
    "enable", "keys_width", "lay_out", "line_width", "read_runs",
]


@dataclass(frozen=True)
class ShownKey:
    """One key in the footer."""

    key: str
    """The key pressed for it (``enter``), as bound."""
    display: str
    """The key as shown (``⏎``)."""
    description: str
    """Its words, translated; empty for a key shown in a group."""
    action: str
    """What it does (the first binding shown per action, as in Textual's footer)."""
    enabled: bool = True
    """False: dimmed (it does nothing in the current phase)."""
    tooltip: str = ""


@dataclass(frozen=True)
class KeyRun:
    """A key shown alone, or a group's keys side by side and the group's label (``p b t Bet``)."""

    keys: tuple[ShownKey, ...]
    label: str | None = None
    """The group's description, translated; None for a key shown alone."""
    tight: bool = False
    """A compact group: its keys with no space between them."""


class Role:
    """How a piece of the line is drawn (plain names: an ``Enum`` costs the start more)."""

    GAP = "gap"
    KEY = "key"
    DESCRIPTION = "description"
    LABEL = "label"


class Piece(NamedTuple):
    """A run of cells of the footer's line."""

    text: str
    role: str
    key: int = -1
    """The key's place among all the footer's keys (-1: a gap or a group's label)."""


def read_runs(bindings: Iterable[tuple[Binding, bool, str]], display: Callable[[Binding], str]) -> tuple[KeyRun, ...]:
    """The keys shown for a screen's active bindings (binding, enabled, tooltip), the first
    binding of each action, and the groups of more than one action."""
    first: dict[str, tuple[Binding, bool, str]] = {}
    for binding, enabled, tooltip in bindings:
        if binding.show:
            first.setdefault(binding.action, (binding, enabled, tooltip))
    runs: list[KeyRun] = []
    for group, members in groupby(first.values(), lambda member: member[0].group):
        shown = list(members)
        if group is not None and len(shown) > 1:
            keys = tuple(
                ShownKey(b.key, display(b), "", b.action, on, tip or _(b.description)) for b, on, tip in shown
            )
            runs.append(KeyRun(keys, _(group.description), group.compact))
        else:
            runs.extend(
                KeyRun((ShownKey(b.key, display(b), _(b.description), b.action, on, tip),)) for b, on, tip in shown
            )
    return tuple(runs)


def enable(runs: tuple[KeyRun, ...], enabled: dict[str, bool]) -> tuple[KeyRun, ...]:
    """The same keys, those of the actions in ``enabled`` dimmed or undimmed."""
    return tuple(
        replace(run, keys=tuple(
            replace(key, enabled=enabled[key.action])
            if key.action in enabled and key.enabled != enabled[key.action] else key
            for key in run.keys
        ))
        for run in runs
    )


#: A box of the line: its left margin, its pieces, its right margin.
_Box = tuple[int, list[Piece], int]


def _row(boxes: list[_Box]) -> list[Piece]:
    """Boxes side by side, the first's left and the last's right margin included."""
    pieces: list[Piece] = []
    previous = 0
    for i, (left, content, right) in enumerate(boxes):
        gap = left if i == 0 else max(previous, left)
        if gap:
            pieces.append(Piece(" " * gap, Role.GAP))
        pieces.extend(content)
        previous = right
    if boxes and previous:
        pieces.append(Piece(" " * previous, Role.GAP))
    return pieces


def _lone(key: ShownKey, at: int, compact: bool) -> _Box:
    """A key shown alone: `` key words `` (compact: ``key words`` and a cell after)."""
    if not key.description:
        return 0, [Piece(key.display, Role.KEY, at)], int(compact)
    if compact:
        return 0, [Piece(key.display, Role.KEY, at), Piece(f" {key.description}", Role.DESCRIPTION, at)], 1
    return 0, [Piece(f" {key.display} ", Role.KEY, at), Piece(f"{key.description} ", Role.DESCRIPTION, at)], 0


def _group(run: KeyRun, first: int) -> list[_Box]:
    """A group's keys (a cell either side of each, none in a tight group, which has a
    cell before its keys and one after), then its label and a cell after it."""
    keys = [(0 if run.tight else 1, [Piece(k.display, Role.KEY, first + i)], 0 if run.tight else 1)
            for i, k in enumerate(run.keys)]
    inside = ([Piece(" ", Role.GAP)] if run.tight else []) + _row(keys)
    return [(0, inside, int(run.tight)), (0, [Piece(run.label or "", Role.LABEL)], 1)]


def lay_out(runs: tuple[KeyRun, ...], compact: bool) -> list[Piece]:
    """The footer's line, piece by piece. A compact footer sets its keys closer; a group's
    label is followed by one cell in either mode."""
    boxes: list[_Box] = []
    at = 0
    for run in runs:
        if run.label is None:
            boxes.extend(_lone(key, at + i, compact) for i, key in enumerate(run.keys))
        else:
            boxes.extend(_group(run, at))
        at += len(run.keys)
    return _row(boxes)


def line_width(pieces: Iterable[Piece]) -> int:
    """The cells a laid-out line takes to its last key or label (the margin after it may
    fall off the edge)."""
    width = end = 0
    for piece in pieces:
        width += cell_len(piece.text)
        if piece.role != Role.GAP:
            end = width
    return end


def keys_width(bindings: Iterable[Binding], display: Callable[[Binding], str], *, compact: bool) -> int:
    """The cells the footer takes for these bindings (those shown)."""
    return line_width(lay_out(read_runs(((b, True, "") for b in bindings), display), compact))
