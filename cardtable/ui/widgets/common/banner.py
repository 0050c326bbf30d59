"""A one-line result banner (WIN / LOSE / PUSH / information)."""

from __future__ import annotations

from textual.widgets import Static

from .restyle import RememberedStyles

__all__ = ["Banner"]

_KINDS = ("win", "lose", "push", "info", "error")
_KIND_CLASSES = frozenset(f"-{kind}" for kind in _KINDS)


class Banner(RememberedStyles, Static):
    """Shows the outcome of a round; ``kind`` picks the colour.

    Its box is fixed (one line, full width), so changing the message never needs a
    re-layout of the screen — only a repaint. Keep ``height: 1`` if you restyle it.
    """

    DEFAULT_CSS = """
    Banner {
        width: 1fr;
        height: 1;
        content-align: center middle;
        text-style: bold;
        color: $text-muted;
    }
    Banner.-win { background: $success 30%; color: $text; }
    Banner.-lose { background: $error 25%; color: $text; }
    Banner.-push { background: $warning 25%; color: $text; }
    Banner.-info { color: $text; }
    Banner.-error { background: $error 40%; color: $text; }
    """

    def show(self, text: str, kind: str = "info") -> None:
        """Display ``text`` styled as ``kind`` (win, lose, push, info, error)."""
        if kind not in _KINDS:
            raise ValueError(f"unknown banner kind {kind!r}")
        self._mark(f"-{kind}")
        self._text = text
        self._kind = kind
        self.update(text, layout=False)  # fixed box: a new message only repaints

    @property
    def kind(self) -> str:
        """The kind of the message shown ('' when blank)."""
        return getattr(self, "_kind", "") if self.text else ""

    def clear(self) -> None:
        """Blank the banner."""
        self._mark(None)
        self._text = ""
        self.update("", layout=False)

    def _mark(self, wanted: str | None) -> None:
        """The kind's class on, the others off, in one restyle (none if already so)."""
        classes = self.classes - _KIND_CLASSES
        if wanted is not None:
            classes |= {wanted}
        if classes != self.classes:
            self.set_classes(classes)

    @property
    def text(self) -> str:
        """The text shown (for tests)."""
        return getattr(self, "_text", "")
