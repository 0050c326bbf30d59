"""A widget styled in a place where one was styled before takes the rules it got then
(``cardtable/ui/style_memo.py``): the same rules, flags and component styles as Textual's
own matching gives it, and no matching at all for a table opened again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode

from cardtable.ui import style_memo
from cardtable.ui.app import CardTableApp

from helpers import settle

#: Textual's own matching.
TEXTUAL_APPLY = style_memo._apply


def textual_styling(stylesheet: Stylesheet, node: DOMNode) -> tuple[Any, ...]:
    """What Textual's own matching gives ``node`` now: its rules, its flags and its
    component styles (the node's own are put back after)."""
    kept = dict(node.styles.base._rules)
    components = dict(node._component_styles)
    with pytest.MonkeyPatch.context() as patch:  # the component classes matched too
        patch.setattr(Stylesheet, "apply", TEXTUAL_APPLY)
        stylesheet.apply(node)
    fresh = (
        dict(node.styles.base._rules),
        tuple(getattr(node, flag) for flag in style_memo._FLAGS),
        {name: dict(styles.base._rules) for name, styles in node._component_styles.items()},
    )
    stylesheet.replace_rules(node, kept)  # type: ignore[arg-type]
    node._component_styles.clear()
    node._component_styles.update(components)
    return fresh


def styling(node: DOMNode) -> tuple[Any, ...]:
    return (
        dict(node.styles.base._rules),
        tuple(getattr(node, flag) for flag in style_memo._FLAGS),
        {name: dict(styles.base._rules) for name, styles in node._component_styles.items()},
    )


def differences(stylesheet: Stylesheet, node: DOMNode) -> dict[str, Any] | None:
    """How ``node``'s styling differs from what Textual's matching gives it now (None: alike)."""
    ours, theirs = styling(node), textual_styling(stylesheet, node)
    if ours == theirs:
        return None
    keys = {key for key in ours[0].keys() | theirs[0].keys() if ours[0].get(key) != theirs[0].get(key)}
    return {"node": node, "rules": {key: (ours[0].get(key), theirs[0].get(key)) for key in keys}}


@pytest.fixture(autouse=True)
def apps_own_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each app its own style memory, as in the game (the test process shares one)."""
    monkeypatch.setattr(style_memo, "memo_for", style_memo.own_memo)


def checked_styling(monkeypatch: pytest.MonkeyPatch) -> tuple[list[DOMNode], list[dict[str, Any]]]:
    """From now on: the nodes Textual's matching styles, and each node styled that differs
    from Textual's matching at the moment it is styled (a node may later change a class
    without a restyle, as the footer's keys do)."""
    matched: list[DOMNode] = []
    wrong: list[dict[str, Any]] = []
    apply = style_memo._apply

    def counting(self: Stylesheet, node: DOMNode, **kwargs: Any) -> None:
        matched.append(node)
        apply(self, node, **kwargs)

    def checking(self: Stylesheet, node: DOMNode, **kwargs: Any) -> None:
        style_memo._remembered_apply(self, node, **kwargs)
        if (difference := differences(self, node)) is not None:
            wrong.append(difference)

    monkeypatch.setattr(style_memo, "_apply", counting)
    monkeypatch.setattr(Stylesheet, "apply", checking)
    return matched, wrong


@pytest.mark.parametrize("hotkey", ["1", "2", "3"])
async def test_a_table_opened_again_is_styled_as_textual_styles_it_without_matching(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, hotkey: str
) -> None:
    assert Stylesheet.apply is style_memo._remembered_apply  # installed by the app
    app = CardTableApp(data_dir=tmp_path, seed=1, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(2):  # the first opening loads the table's CSS: a new stylesheet midway
            await pilot.press(hotkey)
            await settle(pilot)
            await pilot.press("escape")
            await settle(pilot)
        matched, wrong = checked_styling(monkeypatch)
        await pilot.press(hotkey)  # the same table again, as it was built before
        await settle(pilot)
        table = app.screen
        assert len(list(table.walk_children())) > 20
        assert [node for node in matched if node.screen is table] == []  # nothing matched
        assert wrong == []


async def test_a_new_theme_styles_anew_as_textual_does(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = CardTableApp(data_dir=tmp_path, seed=1, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(2):
            await pilot.press("2")
            await settle(pilot)
            await pilot.press("escape")
            await settle(pilot)
        app.theme = "textual-light"
        await settle(pilot)
        matched, wrong = checked_styling(monkeypatch)
        await pilot.press("2")
        await settle(pilot)
        assert [node for node in matched if node.screen is app.screen]  # matched anew
        assert wrong == []
