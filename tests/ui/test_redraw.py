"""A table key redraws only what changed: partial frames render only the widgets under a
dirty region (and send the terminal exactly what Textual would), and the table's
buttons restyle from memory (the same styles a full stylesheet pass gives)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from textual._compositor import Compositor
from textual.app import App, ComposeResult
from textual.css.stylesheet import Stylesheet
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Button

from cardtable.ui.app import CardTableApp
from cardtable.ui.widgets.baccarat.table import BetSpot
from cardtable.ui.widgets.common.banner import Banner
from cardtable.ui.widgets.common.bet import BetControls
from cardtable.ui.widgets.common.footer import KeyFooter
from cardtable.ui.widgets.common.redraw import ChangedOnlyCompositor
from cardtable.ui.widgets.common.restyle import TableButton

from helpers import painted, press, settle

#: The tests compare the frames themselves with Textual's.
pytestmark = pytest.mark.paints


def recorded(monkeypatch: pytest.MonkeyPatch, owner: type, name: str) -> list[tuple[Any, ...]]:
    """The positional arguments of each call of ``owner.name`` from now on (it still runs)."""
    calls: list[tuple[Any, ...]] = []
    original = getattr(owner, name)

    def recording(*args: Any, **kwargs: Any) -> Any:
        calls.append(args)
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, recording)
    return calls


@contextmanager
def frames_checked(app: App[None], log: list[tuple[int, int]]) -> Iterator[None]:
    """Each partial frame of the changed-only compositor is drawn a second time the way
    Textual draws it, and the two must paint the terminal's cells alike; ``log`` gets
    (widgets rendered, widgets Textual renders) per frame."""
    original = ChangedOnlyCompositor.render_partial_update
    rendered: list[Widget] = []
    # every widget drawn counts, from memory or not (the remembering kinds draw their own)
    drawers = (Widget, KeyFooter, TableButton, BetSpot)
    render_lines: dict[type[Widget], Any] = {owner: owner.render_lines for owner in drawers}

    def counter(owner: type[Widget]):  # type: ignore[no-untyped-def]
        def counting(widget: Widget, crop):  # type: ignore[no-untyped-def]
            if owner is not Widget or not isinstance(widget, drawers[1:]):
                rendered.append(widget)
            return render_lines[owner](widget, crop)

        return counting

    def both(compositor: ChangedOnlyCompositor):  # type: ignore[no-untyped-def]
        dirty = set(compositor._dirty_regions)
        rendered.clear()
        ours = original(compositor)
        mine = len(rendered)
        compositor._dirty_regions.update(dirty)
        rendered.clear()
        theirs = Compositor.render_partial_update(compositor)
        if ours is not None and theirs is not None:
            cells = painted(ours, app.console)
            assert cells and cells == painted(theirs, app.console)
            log.append((mine, len(rendered)))
        return ours

    setattr(ChangedOnlyCompositor, "render_partial_update", both)  # noqa: B010 - typed apart
    for owner in drawers:
        setattr(owner, "render_lines", counter(owner))  # noqa: B010
    try:
        yield
    finally:
        setattr(ChangedOnlyCompositor, "render_partial_update", original)  # noqa: B010
        for owner in drawers:
            setattr(owner, "render_lines", render_lines[owner])  # noqa: B010


@pytest.mark.parametrize(
    ("hotkey", "keys"),
    [
        ("1", ["plus", "minus", "enter", "t", "h", "s", "s", "t"]),
        ("2", ["plus", "p", "b", "t", "minus", "enter", "c", "e", "r", "e"]),
    ],
)
async def test_a_key_redraws_only_the_widgets_it_changed(tmp_path: Path, hotkey: str, keys: list[str]) -> None:
    app = CardTableApp(data_dir=tmp_path, seed=1, animations=False)
    log: list[tuple[int, int]] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(hotkey)
        await settle(pilot)
        assert isinstance(app.screen._compositor, ChangedOnlyCompositor)
        with frames_checked(app, log):
            for key in keys:
                await pilot.press(key)
                await settle(pilot)
    assert len(log) >= len(keys) // 2
    assert all(mine <= theirs for mine, theirs in log)
    # a chip step (the first key) redraws its own row, not the table down to the footer
    assert log[0][0] < log[0][1] / 2


class ButtonsApp(App[None]):
    CSS = """
    .wide TableButton { width: 20; }
    """

    def compose(self) -> ComposeResult:
        yield BetControls([500, 1000, 2500], value=500)


def fresh_rules(stylesheet: Stylesheet, widget: Widget) -> dict[str, object]:
    """The rules a full stylesheet pass gives ``widget`` now (its own left as they were)."""
    kept = dict(widget.styles.base._rules)
    stylesheet.apply(widget)
    fresh = dict(widget.styles.base._rules)
    stylesheet.replace_rules(widget, kept)  # type: ignore[arg-type]
    return fresh


async def test_a_button_restyles_from_memory_with_the_styles_a_full_pass_gives(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = ButtonsApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        controls = app.query_one(BetControls)
        down = app.query_one("#bet-down", TableButton)
        matched: list[object] = []
        check_rule = Stylesheet._check_rule

        def counting(cls: type[Stylesheet], rule, nodes):  # type: ignore[no-untyped-def]
            matched.append(rule)
            return check_rule(rule, nodes)

        monkeypatch.setattr(Stylesheet, "_check_rule", classmethod(counting))
        for _ in range(2):
            for flag in (False, True):
                down.disabled = flag
                assert dict(down.styles.base._rules) == fresh_rules(app.stylesheet, down)
        matched.clear()
        down.disabled = False
        assert not matched  # a look seen before: no stylesheet pass
        controls.add_class("wide")  # an ancestor's class changes what matches
        down.disabled = True
        assert matched and dict(down.styles.base._rules) == fresh_rules(app.stylesheet, down)
        assert down.styles.width is not None and down.styles.width.value == 20
        app.theme = "textual-light"  # a new stylesheet: nothing remembered is reused
        await pilot.pause()
        down.disabled = False
        assert dict(down.styles.base._rules) == fresh_rules(app.stylesheet, down)


async def test_a_disabled_table_button_still_refuses_a_click() -> None:
    app = ButtonsApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        controls = app.query_one(BetControls)
        assert app.query_one("#bet-down", Button).disabled
        await pilot.click("#bet-down")
        await pilot.pause()
        assert controls.value == 500
        await pilot.click("#bet-up")
        await pilot.click("#bet-down")
        await pilot.click("#bet-down")  # disabled again at the bottom
        await pilot.pause()
        assert controls.value == 500 and app.query_one("#bet-down", Button).disabled


def footer_key_dimmed(app: App[None], action: str) -> bool:
    """Whether the footer shows ``action``'s key dimmed."""
    return any(not key.enabled for key in app.screen.query_one(KeyFooter).keys() if key.action == action)


async def test_the_chip_keys_and_clicks_dim_the_footer_keys_in_step(tmp_path: Path) -> None:
    app = CardTableApp(data_dir=tmp_path, seed=1, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("2")
        await settle(pilot)
        smaller = "chip(-1)"
        assert footer_key_dimmed(app, smaller)  # the smallest chip to start with
        await pilot.press("plus")
        await settle(pilot)
        assert not footer_key_dimmed(app, smaller)
        await pilot.click("#bac-chip #bet-down")  # a click after a key still dims
        await settle(pilot)
        assert footer_key_dimmed(app, smaller)
        await pilot.click("#bac-chip #bet-up")
        await settle(pilot)
        assert not footer_key_dimmed(app, smaller)
        await pilot.press("minus")
        await settle(pilot)
        assert footer_key_dimmed(app, smaller)


async def test_the_banner_changes_kind_in_one_restyle_with_the_styles_a_full_pass_gives(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = BannerApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        banner = app.query_one(Banner)
        for kind in ("win", "lose", "win", "info"):
            banner.show(kind.upper(), kind)
            assert {c for c in banner.classes if c.startswith("-")} == {f"-{kind}"}
            assert dict(banner.styles.base._rules) == fresh_rules(app.stylesheet, banner)
        restyles = recorded(monkeypatch, Stylesheet, "apply")
        banner.show("LOSE", "lose")  # seen before: no stylesheet pass at all
        banner.show("AGAIN", "lose")  # the same kind: no restyle
        assert restyles == []
        banner.clear()
        assert not banner.classes & {"-win", "-lose", "-info"}


class BannerApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Banner()


def textual_lines(widget: Widget) -> list[Strip]:
    """``widget``'s lines as Textual draws them now, from nothing."""
    widget._styles_cache.clear()
    return Widget.render_lines(widget, widget.outer_size.region)


async def test_a_table_button_draws_each_look_as_textual_does_and_a_seen_one_from_memory(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = ButtonsApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        down = app.query_one("#bet-down", TableButton)
        drawn = recorded(monkeypatch, Widget, "render_lines")
        for flag in (False, True, False):
            down.disabled = flag
            await pilot.pause()
            assert down.render_lines(down.outer_size.region) == textual_lines(down)
        drawn.clear()
        down.disabled = True  # a look drawn before
        await pilot.pause()
        assert not any(call[0] is down for call in drawn)
        before = down.render_lines(down.outer_size.region)
        down.label = "<"  # new words: drawn anew
        await pilot.pause()
        assert any(call[0] is down for call in drawn)
        assert down.render_lines(down.outer_size.region) == textual_lines(down) != before
        down.styles.background = "red"  # styled by hand: always Textual's drawing
        await pilot.pause()
        drawn.clear()
        assert down.render_lines(down.outer_size.region) == textual_lines(down)
        assert any(call[0] is down for call in drawn)


async def test_a_bet_spot_draws_each_look_as_textual_does_and_a_seen_one_from_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first bet after a coup takes the spots back to looks drawn before: from memory,
    each line as Textual draws it."""
    app = CardTableApp(data_dir=tmp_path, seed=1, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "2")
        spots = list(app.screen.query(BetSpot))
        assert len(spots) == 3
        drawn = recorded(monkeypatch, Widget, "render_lines")
        for round_ in range(2):
            for key in ("p", "b", "enter", "p"):  # a bet, another, the coup, the next bet
                drawn.clear()
                await press(pilot, key)
                by_textual = [call[0] for call in drawn if call[0] in spots and call[0].result is None]
                if round_:  # the same bets again: every look without a result seen before
                    assert by_textual == [], key
                for spot in spots:
                    assert spot.render_lines(spot.outer_size.region) == textual_lines(spot), (key, spot)
            await press(pilot, "c")
        await press(pilot, "escape")


async def test_the_footer_is_read_again_only_when_what_a_key_may_do_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = CardTableApp(data_dir=tmp_path, seed=1, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("2")
        await settle(pilot)
        assert footer_key_dimmed(app, "deal")  # nothing to deal yet
        await pilot.press("p")
        await settle(pilot)
        assert not footer_key_dimmed(app, "deal")
        footer = app.screen.query_one(KeyFooter)
        reads = recorded(monkeypatch, KeyFooter, "refresh_keys")
        dims = recorded(monkeypatch, KeyFooter, "refresh_actions")
        await pilot.press("b")  # a second bet: the same keys may do the same
        await settle(pilot)
        assert reads == dims == [] and not footer_key_dimmed(app, "deal")
        await pilot.press("c")  # cleared: nothing to deal again (the keys of what changed dimmed)
        await settle(pilot)
        assert footer_key_dimmed(app, "deal") and len(dims) == 1 and reads == []
        assert footer is app.screen.query_one(KeyFooter)


@pytest.mark.parametrize("hotkey", ["1", "2", "3"])
async def test_a_table_opened_again_draws_its_keys_and_buttons_from_memory_as_textual_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, hotkey: str
) -> None:
    app = CardTableApp(data_dir=tmp_path, seed=1, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for theme in (None, "textual-light"):
            if theme is not None:  # a new stylesheet: every key and button drawn anew
                app.theme = theme
                await settle(pilot)
            for opening in range(3):  # the first loads the table's CSS: a new stylesheet midway
                drawn = recorded(monkeypatch, Widget, "render_lines")
                await pilot.press(hotkey)
                await settle(pilot)
                table = app.screen
                remembering = [w for w in table.query("*") if isinstance(w, (KeyFooter, TableButton)) and w.display]
                assert len(remembering) >= 3  # the footer, at least the chip size's − and +
                by_textual = [call[0] for call in drawn if call[0] in remembering]
                if opening == 2:  # built anew, drawn from the last table's lines
                    assert by_textual == []
                elif opening == 0 and theme is not None:
                    assert len(set(by_textual)) == len(remembering)
                for widget in remembering:
                    assert widget.render_lines(widget.outer_size.region) == textual_lines(widget), widget
                monkeypatch.undo()
                await pilot.press("escape")
                await settle(pilot)
