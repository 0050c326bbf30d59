"""Which widgets are styled again after they were styled as they were mounted."""

from __future__ import annotations

import pytest
from textual.app import App
from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode


def note_restyles(patch: pytest.MonkeyPatch) -> list[DOMNode]:
    """The nodes the stylesheet styles from now on outside their mounting (a class or
    pseudo-class change, a screen's restyle), in order."""
    restyled: list[DOMNode] = []
    register, apply = App._register, Stylesheet.apply
    registering = [0]

    def counted_register(self: App[object], *args: object, **kwargs: object) -> object:
        registering[0] += 1
        try:
            return register(self, *args, **kwargs)  # type: ignore[arg-type]
        finally:
            registering[0] -= 1

    def noted_apply(self: Stylesheet, node: DOMNode, *args: object, **kwargs: object) -> None:
        if not registering[0]:
            restyled.append(node)
        apply(self, node, *args, **kwargs)  # type: ignore[arg-type]

    patch.setattr(App, "_register", counted_register)
    patch.setattr(Stylesheet, "apply", noted_apply)
    return restyled
