"""A widget is styled when it is mounted, not each time its classes change before.

A Button sets its variant's and style's classes in its constructor, and a screen's
compose often sets classes too: each change ran a full stylesheet pass on a widget not
yet on any screen, passes the mount then repeated (a third of the time to open a table).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.color import Color
from textual.dom import DOMNode
from textual.widgets import Button

from cardtable.ui.app import CardTableApp


async def test_a_widget_is_styled_once_mounted_with_the_classes_it_has_then(tmp_path: Path) -> None:
    app = CardTableApp(data_dir=tmp_path, animations=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        styled: list[DOMNode] = []
        apply = app.stylesheet.apply

        def counting_apply(node: DOMNode, *args: object, **kwargs: object) -> None:
            styled.append(node)
            apply(node, *args, **kwargs)  # type: ignore[arg-type]

        app.stylesheet.apply = counting_apply  # type: ignore[method-assign]
        button = Button("Deal ⏎", variant="primary", id="probe")
        button.set_class(True, "-probe")
        assert button not in styled  # nothing to style yet: it is on no screen

        await app.screen.mount(button)
        await pilot.pause()
        assert styled.count(button) == 1
        assert button.has_class("-primary", "-probe")
        primary = Color.parse(app.theme_variables["primary"])
        assert button.styles.background.rgb == primary.rgb  # Button's -primary rule

        button.variant = "error"  # a change on screen restyles it at once
        assert styled.count(button) > 1
        assert button.styles.background.rgb == Color.parse(app.theme_variables["error"]).rgb


@pytest.mark.parametrize("key", ["1", "2"])
async def test_a_table_opens_with_its_round_buttons_off_from_the_start(
    tmp_path: Path, key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No bet is down when a table opens: its deal and round buttons are built off,
    not switched off after mounting (each a stylesheet pass, and the focus handed from
    one to the next as each went off)."""
    switched: list[str] = []
    watch_disabled = Button.watch_disabled

    def recording(self: Button, disabled: bool) -> None:
        switched.append(f"{self.id} {'off' if disabled else 'on'}")
        watch_disabled(self, disabled)

    monkeypatch.setattr(Button, "watch_disabled", recording)
    app = CardTableApp(data_dir=tmp_path, animations=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(key)
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        assert app.screen is not app.screen_stack[0]
        assert app.screen.focused is None or not app.screen.focused.disabled
        off_after_mount = [s for s in switched if s.endswith("off") and s.split()[0].split("-")[-1]
                           in ("deal", "clear", "repeat", "hit", "stand", "double", "split", "tip")]
        assert off_after_mount == []
