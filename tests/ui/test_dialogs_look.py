"""Dialogs and the look at 80×24: the session summary whole with its note, the refill
offered at once with "Refill" as the answer enter gives, a focused button lit as a whole
(not a dark box around its label), and the hand to play readable on the light theme."""

from __future__ import annotations

from pathlib import Path

from rich.color import Color
from rich.segment import Segment
from textual.widgets import Button

from cardtable.ui.app import CardTableApp
from cardtable.ui.screens.bj_summary import SessionSummary
from cardtable.ui.screens.confirm import ConfirmScreen

from helpers import blackjack_alone, notifications, press, screen_text, settle

WIN = "TS 7H TD 9C " * 10  # the player alone: 20 against 19
LOSE = "TS 9H 7D TC " * 10  # 17 against 19


def _row_segments(app: CardTableApp, y: int) -> list[Segment]:
    return list(app.screen._compositor.render_strips()[y])  # type: ignore[attr-defined]


def _luminance(color: Color) -> float:
    triplet = color.get_truecolor()

    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(triplet.red) + 0.7152 * channel(triplet.green) + 0.0722 * channel(triplet.blue)


def _contrast(a: Color, b: Color) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


async def test_the_session_summary_fits_80x24_with_the_open_round_said_on_it(data_dir: Path) -> None:
    app = blackjack_alone(data_dir, WIN)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter", "s", "enter")  # a round won, the next one dealt
        await press(pilot, "escape")  # left open: the summary says so
        assert isinstance(app.screen, SessionSummary)
        dialog = app.screen.query_one("SessionSummary > Vertical")
        button = app.screen.query_one("#summary-ok", Button)
        assert dialog.region.y >= 0 and dialog.region.bottom <= 23, dialog.region  # above the footer
        assert dialog.max_scroll_y == 0  # nothing of it cut off
        assert dialog.content_region.contains_region(button.region) and button.region.height == 3
        text = screen_text(app)
        assert "Close" in text and "Rounds played   1" in text and "Hands won       1" in text
        assert "round stays open" in text and not any("stays open" in n for n in notifications(app))
        await press(pilot, "enter")
        assert not isinstance(app.screen, SessionSummary)


async def test_the_refill_is_offered_as_the_round_settles_and_enter_takes_it(data_dir: Path) -> None:
    app = blackjack_alone(data_dir, LOSE, bankroll=500)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter", "s")  # the last 5 chips lost: nothing else pressed
        assert isinstance(app.screen, ConfirmScreen)
        assert isinstance(app.focused, Button) and app.focused.id == "yes"
        assert "Refill" in str(app.focused.label)
        await press(pilot, "enter")
        assert app.bankroll == 100_000 and app.store.bankroll == 100_000


async def test_a_focused_button_is_lit_as_a_whole(data_dir: Path) -> None:
    """The focused button's label is not reversed into a dark box; it stands out by
    being underlined on the button's own (tinted) colour."""
    app = blackjack_alone(data_dir, LOSE, bankroll=500)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter", "s")
        focused = app.focused
        assert isinstance(focused, Button)
        y = focused.region.y + focused.region.height // 2
        label = str(focused.label)
        segments = [s for s in _row_segments(app, y) if s.text.strip() and s.text.strip() in label]
        assert segments
        around = [s for s in _row_segments(app, y) if not s.text.strip()]
        for segment in segments:
            assert segment.style is not None and not segment.style.reverse and segment.style.underline
        button_bg = {s.style.bgcolor for s in segments if s.style is not None}
        assert len(button_bg) == 1 and any(s.style is not None and s.style.bgcolor in button_bg for s in around)


async def test_the_hand_to_play_reads_on_the_light_theme(data_dir: Path) -> None:
    """Light theme, 80×24: the title of the hand to play ("You · 5") has a text contrast
    of at least 4.5:1 with what it is drawn on."""
    app = blackjack_alone(data_dir, WIN)
    async with app.run_test(size=(80, 24)) as pilot:
        app.theme = "textual-light"
        await settle(pilot)
        await press(pilot, "enter")
        y = next(i for i, line in enumerate(screen_text(app).splitlines()) if "You · 5" in line)
        title = [s for s in _row_segments(app, y) if "You" in s.text]
        assert title
        for segment in title:
            style = segment.style
            assert style is not None and style.color is not None and style.bgcolor is not None
            assert _contrast(style.color, style.bgcolor) >= 4.5, (style.color, style.bgcolor)
