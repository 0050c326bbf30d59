"""A widget styled as one styled before in the same place takes the rules it got then.

Textual styles every new widget by matching it against every rule of the stylesheet
(``Stylesheet.apply``: a walk over all the rule sets, then each candidate's selectors
against the widget's path), and shares the result only between siblings of one mount.
A table opened again builds the same widgets in the same places: about a fifth of the
Python calls of opening a table went to that matching. The rules a node gets depend only
on the stylesheet and, for the node and each ancestor, its type, id, classes and whether
it has each pseudo-class the stylesheet names (``restyle.style_context``: the key
``RememberedStyles`` already restyles by). So the result is kept per stylesheet under
that key, and a node with the same key later gets the same rules, the same flags Textual
sets while matching, and its component classes styled the same way (a new stylesheet or
theme starts empty). Falls back to Textual's own matching if the parts it reads move.
"""

from __future__ import annotations

from typing import Any

from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode

from .widgets.common.restyle import rules_memory, style_context

__all__ = ["apply"]

_apply = Stylesheet.apply

#: Contexts remembered per stylesheet at most (a table has about a hundred nodes).
_SIZE = 4096

#: What ``Stylesheet.apply`` sets on a node besides its rules.
_FLAGS = ("_has_hover_style", "_has_focus_within", "_has_order_style", "_has_odd_or_even")

_Styled = tuple[dict[str, Any], tuple[bool, ...]]


def own_memo(stylesheet: Stylesheet) -> dict[tuple[Any, ...], _Styled]:
    """The stylesheet's own memory (emptied when its rules change: a new theme, new CSS)."""
    return rules_memory(stylesheet, "_cardtable_styled", stylesheet, None)


#: Where a stylesheet's memory is kept (the tests keep one per set of parsed rules, shared
#: by the apps of a test process).
memo_for = own_memo


def _remembered_apply(
    self: Stylesheet, node: DOMNode, *, animate: bool = False, cache: dict[tuple[Any, ...], Any] | None = None
) -> None:
    memo = memo_for(self)
    if len(memo) >= _SIZE:
        memo.clear()
    context = style_context(node, self)
    styled = memo.get(context)
    if styled is None:
        _apply(self, node, animate=animate, cache=cache)
        memo[context] = (dict(node.styles.base._rules), tuple(getattr(node, flag) for flag in _FLAGS))
        return
    matched, flags = styled
    for flag, value in zip(_FLAGS, flags, strict=True):
        setattr(node, flag, value)
    self.replace_rules(node, matched, animate=animate)  # type: ignore[arg-type]
    self._process_component_classes(node)


def apply() -> None:
    """Install the memory above in Textual's stylesheet (once; idempotent)."""
    node = DOMNode()
    if all(hasattr(node, flag) for flag in _FLAGS) and hasattr(Stylesheet, "_process_component_classes"):
        Stylesheet.apply = _remembered_apply  # type: ignore[method-assign]
