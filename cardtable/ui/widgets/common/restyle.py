"""Widgets that remember the styles they matched, so a state they were in before
restyles without a stylesheet pass.

A table's buttons, spots and banner go back and forth between a few looks (enabled and
disabled, won and lost). Textual restyles a widget on each change by matching it against
every rule of the stylesheet (about 1.4 ms a button, several per key). The rules a
widget matches depend only on the stylesheet and on the type, id, classes and
pseudo-classes of the widget and its ancestors; :class:`RememberedStyles` keys what it
matched on exactly that and, seen before, sets only the rules that differ.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Button

__all__ = ["RememberedStyles", "TableButton", "drawings", "rules_memory", "style_context"]

#: Styles remembered per widget at most (a widget has a handful of looks).
_MEMO_SIZE = 16
#: Button drawings remembered per stylesheet at most (a table has about a dozen buttons
#: with a few looks each, at a few sizes).
_DRAWN_BUTTONS = 1024


def rules_memory(holder: object, name: str, stylesheet: Stylesheet, size: int | None = _MEMO_SIZE) -> dict[Any, Any]:
    """``holder``'s memory called ``name``, kept for ``stylesheet``'s present rules: emptied
    when they change (a new theme, new CSS) and when it holds ``size`` entries."""
    state = holder.__dict__
    memory: dict[Any, Any] | None = state.get(name)
    rules = stylesheet.rules_map
    if memory is None or state.get(name + "_rules") is not rules or (size is not None and len(memory) >= size):
        memory = state[name] = {}
        state[name + "_rules"] = rules
    return memory


def drawings(stylesheet: Stylesheet, name: str, size: int) -> dict[Any, Any]:
    """The lines widgets of one kind drew under ``stylesheet``'s present rules, shared by
    every widget of that kind: a table opened again is drawn by widgets built anew, in the
    same looks as the last ones (the key must hold everything the lines depend on)."""
    return rules_memory(stylesheet, name, stylesheet, size)


def _context(node: DOMNode, named: tuple[tuple[str, ...], tuple[str, ...]]) -> tuple[Any, ...]:
    """What decides the rules ``node`` matches: each node on its path from the app, with
    the pseudo-classes the stylesheet's selectors name for it (``named``: those a selector
    asks of the node itself, those it asks of an ancestor; no other can change a match)."""
    own, above = named
    *ancestors, last = node.css_path_nodes
    app_wide: dict[str, bool] = {}
    return (
        *((type(part), part._id, frozenset(part._classes), _pseudo_state(part, above, app_wide)) for part in ancestors),
        (type(last), last._id, frozenset(last._classes), _pseudo_state(last, own, app_wide)),
    )


#: Textual's checks of the pseudo-classes that ask the app, not the widget (whether it uses
#: ANSI colours, say): the same answer for every widget, so asked once per context.
_APP_WIDE: dict[str, Callable[[Any], object]] = {
    name: check
    for name, check in Widget._PSEUDO_CLASSES.items()
    if name in ("ansi", "inline", "nocolor", "dark", "light")
}


def _pseudo_state(node: DOMNode, pseudo: tuple[str, ...], app_wide: dict[str, bool]) -> tuple[bool, ...]:
    """Whether ``node`` has each of the ``pseudo``-classes (``app_wide``: the app-wide ones
    answered so far)."""
    checks: Mapping[str, Callable[[Any], object]] = node._PSEUDO_CLASSES
    state = []
    for name in pseudo:
        check = checks.get(name)
        if check is None:
            state.append(False)
        elif check is _APP_WIDE.get(name):
            known = app_wide.get(name)
            if known is None:
                known = app_wide[name] = bool(check(node))
            state.append(known)
        else:
            state.append(bool(check(node)))
    return tuple(state)


def style_context(node: DOMNode, stylesheet: Stylesheet) -> tuple[Any, ...]:
    """What decides the rules ``node`` matches in ``stylesheet`` (see :func:`_context`)."""
    return _context(node, _named_pseudo_classes(stylesheet))


_named: list[Any] = [None, ((), ())]
"""The stylesheet's rules map and the pseudo-classes its selectors name."""


def _named_pseudo_classes(stylesheet: Stylesheet) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The pseudo-classes the selectors of ``stylesheet`` name: in the part that matches
    the node itself (the last), and in the parts that match its ancestors (kept per rules
    map)."""
    rules = stylesheet.rules_map
    if _named[0] is not rules:
        own: set[str] = set()
        above: set[str] = set()
        for rule in stylesheet.rules:
            for selector_set in rule.selector_set:
                *parents, last = selector_set.selectors
                own.update(last.pseudo_classes)
                for parent in parents:
                    above.update(parent.pseudo_classes)
        _named[:] = [rules, (tuple(sorted(own)), tuple(sorted(above)))]
    names: tuple[tuple[str, ...], tuple[str, ...]] = _named[1]
    return names


if TYPE_CHECKING:
    _Mixin = Widget
else:  # a plain mixin: Textual takes a widget's CSS from its first DOMNode base
    _Mixin = object


class RememberedStyles(_Mixin):
    """Mixed into a leaf widget (no children; first among the bases): its restyles
    reuse the rules it matched before in the same context; anything else restyles the
    way Textual does."""

    def update_node_styles(self, animate: bool = True) -> None:
        if self._nodes or not self.is_attached or self.COMPONENT_CLASSES:
            super().update_node_styles(animate)
            return
        stylesheet: Stylesheet = self.app.stylesheet
        memo = rules_memory(self, "_styles_memo", stylesheet)  # a new theme forgets them all
        context = style_context(self, stylesheet)
        remembered = memo.get(context)
        base = self.styles.base
        if remembered is None:  # the styles have no transitions: nothing to animate
            stylesheet.apply(self, animate=False)
            memo[context] = dict(base._rules)
            return
        current = base._rules
        changed = [key for key in current.keys() | remembered.keys() if current.get(key) != remembered.get(key)]
        for key in changed:  # only what differs: each rule set repaints (or re-lays) the widget
            setattr(base, key, remembered.get(key))
        if changed:
            self.notify_style_update()


class TableButton(RememberedStyles, Button):
    """A table's button: enabling and disabling it restyles from memory, and it draws
    the lines it drew before in the same look."""

    def render_lines(self, crop: Region) -> list[Strip]:
        """The lines drawn for this label, size and styling context before, by this button
        or another (a button flips between enabled and disabled, hovered or not; a table
        opened again has the same buttons): strips are immutable, so shared."""
        if self.styles.inline._rules:  # styled by hand: not a look the context decides
            return super().render_lines(crop)
        stylesheet: Stylesheet = self.app.stylesheet
        drawn: dict[tuple[Any, ...], list[Strip]] = drawings(stylesheet, "_cardtable_buttons_drawn", _DRAWN_BUTTONS)
        key = (self.label, crop, self.size, style_context(self, stylesheet))
        lines = drawn.get(key)
        if lines is None:
            lines = drawn[key] = super().render_lines(crop)
        return lines
