"""Settings: computer seats, decks, coin size, exchanges, coach mode, animations, suits, theme.

Every change is saved at once; the store validates and keeps the values.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from textual import events, getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Header, Label, Select

from ...core import config
from ...core.money import format_chips
from ...store import StoreError
from ..app import CardTableApp
from ..widgets.common.footer import KeyFooter
from ..widgets.common.tickbox import TickBox
from .confirm import ConfirmScreen

__all__ = ["SettingsScreen"]

LEVELS = config.LEVELS
MAX_SEATS = config.MAX_COMPUTER_SEATS


class SettingsScreen(Screen[None]):
    """Choices that persist in the store."""

    app = getters.app(CardTableApp)  # typed: the card room's own attributes


    DEFAULT_CSS = """
    #settings {
        padding: 0 2;
    }
    #settings > * {
        width: 76;
    }
    #settings .section-title {
        margin-top: 1;
    }
    .setting {
        height: 1;
    }
    .setting.tall {
        height: 3;
        margin-top: 1;
    }
    .setting-label {
        width: 28;
        height: 1;
    }
    .setting-label.wide {
        width: 1fr;
        color: $text-muted;
    }
    .setting Select {
        width: 26;
    }
    .setting Select.seat-level {
        width: 10;
        margin-right: 1;
    }
    """

    BINDINGS = [Binding("escape", "app.pop_screen", "Back", id="settings.back")]

    def compose(self) -> ComposeResult:
        s = self.app.settings
        yield Header()
        with VerticalScroll(id="settings"):
            yield Label("Settings", classes="screen-title")
            yield Label("Blackjack", classes="section-title")
            with Horizontal(classes="setting"):
                yield Label("Computer seats", classes="setting-label")
                yield Select(
                    [(str(n), n) for n in range(MAX_SEATS + 1)],
                    value=len(s.bj_seats),
                    allow_blank=False,
                    compact=True,
                    id="bj-seat-count",
                )
            with Horizontal(classes="setting"):
                yield Label("Their levels", classes="setting-label")
                for i in range(MAX_SEATS):
                    level = s.bj_seats[i] if i < len(s.bj_seats) else "normal"
                    yield Select(
                        [(name.capitalize(), name) for name in LEVELS],
                        value=level,
                        allow_blank=False,
                    compact=True,
                        id=f"bj-seat-{i}",
                        classes="seat-level",
                        disabled=i >= len(s.bj_seats),
                    )
            yield from self._limits("Table limits", "bj-limits", (s.bj_min, s.bj_max), "per hand")
            with Horizontal(classes="setting"):
                yield Label("Pause between their moves", classes="setting-label")
                yield Select(
                    [("none", 0), ("short (0.25 s)", 250), ("normal (0.5 s)", 500), ("long (1 s)", 1000)],
                    value=s.ai_delay_ms if s.ai_delay_ms in (0, 250, 500, 1000) else 500,
                    allow_blank=False,
                    compact=True,
                    id="ai-delay",
                )
            yield Label("Baccarat", classes="section-title")
            with Horizontal(classes="setting"):
                yield Label("Decks in the shoe", classes="setting-label")
                yield Select(
                    [("4 decks", 4), ("6 decks", 6), ("8 decks (standard)", 8)],
                    value=s.baccarat_decks,
                    allow_blank=False,
                    compact=True,
                    id="baccarat-decks",
                )
            yield from self._limits("Table limits", "bac-limits", (s.bac_min, s.bac_max), "per spot")
            yield Label("Draw poker", classes="section-title")
            with Horizontal(classes="setting"):
                yield Label("Coin size", classes="setting-label")
                yield Select(
                    [(f"{format_chips(v)} chips", v) for v in (100, 200, 500, 1000, 2500)],
                    value=s.poker_coin if s.poker_coin in (100, 200, 500, 1000, 2500) else 500,
                    allow_blank=False,
                    compact=True,
                    id="poker-coin",
                )
            with Horizontal(classes="setting"):
                yield Label("Exchange rounds", classes="setting-label")
                yield Select(
                    [(str(n), n) for n in (1, 2, 3)],
                    value=s.poker_exchanges,
                    allow_blank=False,
                    compact=True,
                    id="poker-exchanges",
                )
            yield Label("Coach", classes="section-title")
            with Horizontal(classes="setting"):
                yield Label("Coach mode", classes="setting-label")
                yield TickBox(
                    "warn before a costly choice (k at a table)",
                    value=s.coach,
                    id="coach",
                    compact=True,
                )
            yield Label("Display", classes="section-title")
            with Horizontal(classes="setting"):
                yield Label("Animations", classes="setting-label")
                yield TickBox("deal card by card", value=s.animations, id="animations", compact=True)
            with Horizontal(classes="setting"):
                yield Label("Suits", classes="setting-label")
                yield TickBox("letters S H D C instead of ♠ ♥ ♦ ♣", value=s.ascii, id="ascii", compact=True)
            with Horizontal(classes="setting"):
                yield Label("Theme", classes="setting-label")
                themes = sorted(self.app.available_themes)
                yield Select(
                    [(name, name) for name in themes],
                    value=s.theme if s.theme in themes else "textual-dark",
                    allow_blank=False,
                    compact=True,
                    id="theme",
                )
            yield Label("Data", classes="section-title")
            with Horizontal(classes="setting"):
                yield Label(f"Saved in {self.app.store.path}", classes="setting-label wide")
            with Horizontal(classes="setting tall"):
                yield Button("Start over (bankroll, statistics, history)", id="reset", variant="error")
        yield KeyFooter()

    @staticmethod
    def _limits(label: str, select_id: str, current: tuple[int, int], unit: str) -> ComposeResult:
        """A table's limits: the choices of ``config.TABLE_LIMIT_CHOICES`` (and the
        current pair, if the data file holds another)."""
        choices = list(config.TABLE_LIMIT_CHOICES)
        if current not in choices:
            choices.append(current)
        with Horizontal(classes="setting"):
            yield Label(label, classes="setting-label")
            yield Select(
                [(f"{format_chips(low)}–{format_chips(high)} {unit}", (low, high)) for low, high in choices],
                value=current,
                allow_blank=False,
                compact=True,
                id=select_id,
            )

    def on_resize(self, event: events.Resize) -> None:
        """One 76-column form, centred (a scrolling view does not align its rows)."""
        side = max(2, (event.size.width - 76) // 2)
        self.query_one("#settings").styles.padding = (0, side, 0, side)

    def _save(self, **changes: Any) -> None:
        app = self.app
        app.save_settings(replace(app.settings, **changes))

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        select_id = event.select.id or ""
        if event.value is Select.BLANK:
            return
        value: Any = event.value
        if select_id == "bj-seat-count" or select_id.startswith("bj-seat-"):
            self._save_seats()
        elif select_id == "ai-delay":
            self._save(ai_delay_ms=int(value))
        elif select_id == "baccarat-decks":
            self._save(baccarat_decks=int(value))
        elif select_id == "poker-coin":
            self._save(poker_coin=int(value))
        elif select_id == "poker-exchanges":
            self._save(poker_exchanges=int(value))
        elif select_id == "bj-limits":
            low, high = value
            self._save(bj_min=int(low), bj_max=int(high))
        elif select_id == "bac-limits":
            low, high = value
            self._save(bac_min=int(low), bac_max=int(high))
        elif select_id == "theme":
            self._save(theme=str(value))

    def _save_seats(self) -> None:
        count = int(self.query_one("#bj-seat-count", Select).value)  # type: ignore[arg-type]
        levels = []
        for i in range(MAX_SEATS):
            select = self.query_one(f"#bj-seat-{i}", Select)
            select.disabled = i >= count
            if i < count:
                levels.append(str(select.value))
        self._save(bj_seats=tuple(levels))

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        event.stop()
        if event.checkbox.id == "animations":
            self._save(animations=event.value)
        elif event.checkbox.id == "ascii":
            self._save(ascii=event.value)
        elif event.checkbox.id == "coach":
            self._save(coach=event.value)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id != "reset":
            return

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            app = self.app
            try:
                app.store.reset()
            except StoreError as error:  # locked, full, or a round still open
                app.report_store_error("Nothing was reset", error)
                return
            app.sync_bankroll()
            self.notify("A fresh start: 1,000 chips, statistics and history cleared.")

        self.app.push_screen(
            ConfirmScreen(
                "Start over? Your bankroll goes back to 1,000 chips and the statistics and "
                "history are cleared. Settings are kept.",
                yes="Start over",
                no="Cancel",
            ),
            answered,
        )
