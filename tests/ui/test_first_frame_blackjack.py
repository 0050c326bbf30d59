"""The blackjack table's first frame is the table as it stands: its rows are drawn before
the first layout, at the sizes that layout gives them, and nothing on the table asks
for another layout after it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path

import pytest
from restyles import note_restyles
from textual.dom import DOMNode
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Header

from cardtable.core.blackjack_phase import Phase
from cardtable.core.cards import Shoe
from cardtable.store import Store
from cardtable.ui.app import CardTableApp
from cardtable.ui.screens.blackjack import BlackjackScreen
from cardtable.ui.widgets.blackjack.table import BlackjackFelt

from helpers import press, screen_text, settle

STACK = " ".join(["TS TH TD TC 8S 9H 9S 9C 9D 9H 8D 7C 8H 8C 8D 2S 3S 4S 5S 6S 7S 8S 9S"] * 3)


@dataclass
class Opening:
    """What happened while the table opened: its first frame, its layouts, and the
    widgets that asked for a layout after the first frame (outside a layout)."""

    first_frame: str | None = None
    layouts: int = 0
    asked_after: list[Widget] = field(default_factory=list)
    #: Widgets styled again after they were styled as they were mounted.
    restyled: list[DOMNode] = field(default_factory=list)


@contextmanager
def watched(monkeypatch: pytest.MonkeyPatch) -> Iterator[Opening]:
    opening = Opening()
    refresh_layout = Screen._refresh_layout
    refresh = Widget.refresh
    laying_out = [False]

    def counted_layout(self: Screen[object], *args: object, **kwargs: object) -> None:
        laying_out[0] = True
        try:
            refresh_layout(self, *args, **kwargs)  # type: ignore[arg-type]
        finally:
            laying_out[0] = False
        if isinstance(self, BlackjackScreen):
            opening.layouts += 1
            if opening.first_frame is None:
                strips = self._compositor.render_strips()
                opening.first_frame = "\n".join(strip.text for strip in strips)

    def noted_refresh(self: Widget, *regions: object, layout: bool = False, **kwargs: object) -> Widget:
        if layout and opening.first_frame is not None and not laying_out[0]:
            opening.asked_after.append(self)
        return refresh(self, *regions, layout=layout, **kwargs)  # type: ignore[arg-type]

    opening.restyled = note_restyles(monkeypatch)
    monkeypatch.setattr(Screen, "_refresh_layout", counted_layout)
    monkeypatch.setattr(Widget, "refresh", noted_refresh)
    yield opening


def _app(data_dir: Path, seats: tuple[str, ...] = ("normal", "hard"), lang: str = "en") -> CardTableApp:
    store = Store.open(data_dir)
    store.save_settings(replace(store.settings(), bj_seats=seats))
    store.close()
    return CardTableApp(data_dir=data_dir, animations=False, seed=7, lang=lang,
                        shoe_factory=lambda game, decks, cut: Shoe.stacked(STACK))


def _on_the_table(app: CardTableApp, widgets: list[Widget]) -> list[Widget]:
    """The widgets of the table's felt or of its header among ``widgets``."""
    parts = (app.screen.query_one(BlackjackFelt), app.screen.query_one(Header))
    return [w for w in widgets if any(w is part or part in w.ancestors for part in parts)]


#: Terminal sizes and languages: the cards grow with the room, the buttons grow tall from
#: 32 rows, and close up where the words are long (lietuvių) or wide (日本語) at 80 columns.
CASES = [((80, 24), "en"), ((100, 30), "en"), ((120, 40), "en"), ((200, 50), "en"), ((80, 24), "lt"),
         ((80, 24), "ja"), ((120, 40), "ja")]


@pytest.mark.parametrize(("size", "lang"), CASES, ids=[f"{w}x{h}-{lang}" for (w, h), lang in CASES])
async def test_the_first_frame_is_the_whole_table(data_dir: Path, monkeypatch: pytest.MonkeyPatch,
                                                 size: tuple[int, int], lang: str) -> None:
    app = _app(data_dir, lang=lang)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        with watched(monkeypatch) as opening:
            await press(pilot, "1")
            assert isinstance(app.screen, BlackjackScreen)
            settled = screen_text(app)
        # the dealer's row, the seats and the empty box are in the first frame, as they stay
        assert opening.first_frame == settled
        assert "Ada" in settled and "Bert" in settled and "╭" in settled  # the seats, the empty box
        # no part of the table (nor its header's title) asked to be laid out again
        assert _on_the_table(app, opening.asked_after) == []
        # its own layout; the screen's resize and mount (Textual's) at most
        assert opening.layouts <= 3
        # every widget is built as the table opens (tall buttons from 32 rows): none is
        # restyled, but for the button Textual gives the focus to
        table = app.screen
        restyled = {node for node in opening.restyled if node is table or table in node.ancestors}
        assert restyled <= {table.focused}


async def test_a_round_left_open_is_in_the_first_frame_when_the_table_opens_again(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = _app(data_dir, seats=("normal",))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await press(pilot, "1", "enter")  # dealt: the player's turn
        screen = app.screen
        assert isinstance(screen, BlackjackScreen) and screen.phase is Phase.PLAYER
        await press(pilot, "escape")  # the round waits for the player
        assert app.screen is app.screen_stack[0]
        with watched(monkeypatch) as opening:
            await press(pilot, "1")
            screen = app.screen
            assert isinstance(screen, BlackjackScreen) and screen.phase is Phase.PLAYER
            settled = screen_text(app)
        # the cards dealt, the hand to play and the banner's words, from the first frame on
        assert opening.first_frame == settled
        assert "Your round was waiting" in settled
        assert _on_the_table(app, opening.asked_after) == []


async def _opened_at(data_dir: Path, size: tuple[int, int], *keys: str) -> str:
    """The table as opened from the lobby at ``size`` (after ``keys``)."""
    app = _app(data_dir)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await press(pilot, "1", *keys)
        return screen_text(app)


@pytest.mark.parametrize("keys", [(), ("enter",)], ids=["between rounds", "dealt"])
async def test_a_resized_table_is_drawn_as_one_opened_at_its_new_size(tmp_path: Path, keys: tuple[str, ...]) -> None:
    folders = [tmp_path / name for name in ("small", "large", "resized")]
    for folder in folders:
        folder.mkdir(mode=0o700)
    small = await _opened_at(folders[0], (80, 24), *keys)
    large = await _opened_at(folders[1], (120, 40), *keys)
    assert small != large
    app = _app(folders[2])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "1", *keys)
        assert screen_text(app) == small
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert screen_text(app) == large  # the rows drawn at their new widths, the cards grown
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert screen_text(app) == small
