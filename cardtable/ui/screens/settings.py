"""Settings: language, computer seats, decks, coin size, exchanges, coach mode, animations,
suits, theme.

One list, one row per setting (a single widget: the screen opens as fast as a bare one,
where twelve drop-down selects cost several times that). ↑/↓ pick a row, ←/→ step its
value back and forth, enter, space or a click steps it forward (a switch flips). Every
change is saved at once; the store validates and keeps the values, and the list always
shows what is stored (a refused change is reported and shows the old value).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Button, Label, OptionList
from textual.widgets.option_list import Option

from ...core import config
from ...i18n import LANGUAGE_NAMES, LANGUAGES, N_, _, from_environment, ngettext
from ...i18n.formatting import chips as format_chips
from ...i18n.text import pad, shorten_middle
from ...store import START_BANKROLL, Settings, StoreError
from ..room import CardRoom
from ..widgets.common.footer import KeyFooter
from ..widgets.common.header import TitleHeader
from .confirm import ConfirmScreen

__all__ = ["SettingsScreen", "Row", "rows"]

LEVELS = config.LEVELS
MAX_SEATS = config.MAX_COMPUTER_SEATS
LABEL_WIDTH = 28
#: The screen's column (78) less its padding: the width of a line of text.
_TEXT_WIDTH = 76
_DELAYS = ((0, N_("none")), (250, N_("short (0.25 s)")), (500, N_("normal (0.5 s)")), (1000, N_("long (1 s)")))
_LEVEL_NAMES = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard")}
_COINS = (100, 200, 500, 1000, 2500)


@dataclass(frozen=True)
class Row:
    """One setting as the list shows it: its choices (value, text) and the one in force.

    ``switch`` rows have two choices (off, on) shown as ``[ ]``/``[x]`` before ``text``."""

    key: str
    label: str
    choices: tuple[tuple[Any, str], ...]
    current: int
    enabled: bool = True
    switch: str = ""

    def shown(self) -> str:
        """The row's line: label, then the value (``◂ 6 decks ▸``, or ``[x] …`` for a switch)."""
        if self.switch:
            value = f"[{'x' if self.choices[self.current][0] else ' '}] {self.switch}"
        else:
            value = f"◂ {self.choices[self.current][1]} ▸"
        return pad(self.label, LABEL_WIDTH) + value

    def stepped(self, step: int) -> Any:
        """The value ``step`` choices on (wrapping round)."""
        return self.choices[(self.current + step) % len(self.choices)][0]


def _row(key: str, label: str, choices: list[tuple[Any, str]], value: Any, **extra: Any) -> Row:
    if all(v != value for v, _text in choices):  # a stored value the list does not offer: shown too
        choices.append((value, str(value)))
    return Row(key, label, tuple(choices), [v for v, _text in choices].index(value), **extra)


def _switch(key: str, label: str, text: str, value: bool) -> Row:
    return Row(key, label, ((False, _("off")), (True, _("on"))), int(value), switch=text)


def _language(value: str) -> Row:
    """The language row: each language by its own name, or the terminal's (named)."""
    terminal = LANGUAGE_NAMES[from_environment(os.environ)]
    choices = [("", _("as the terminal ({language})").format(language=terminal))]
    choices += [(code, LANGUAGE_NAMES[code]) for code in LANGUAGES]
    return _row("language", _("Language"), choices, value)


def _limits(key: str, current: tuple[int, int], unit: str) -> Row:
    choices = [((lo, hi), f"{format_chips(lo)}–{format_chips(hi)} {unit}") for lo, hi in config.TABLE_LIMIT_CHOICES]
    if current not in config.TABLE_LIMIT_CHOICES:
        choices.append((current, f"{format_chips(current[0])}–{format_chips(current[1])} {unit}"))
    return _row(key, _("Table limits"), choices, current)


def rows(s: Settings, levels: list[str], themes: list[str]) -> list[tuple[str, list[Row]]]:
    """Every setting, by section. ``levels``: the four seats' levels as this screen keeps
    them (a seat switched off keeps its level should it be switched on again)."""
    count = len(s.bj_seats)
    return [
        (N_("Blackjack"), [
            _row("bj-seat-count", _("Computer seats"), [(n, str(n)) for n in range(MAX_SEATS + 1)], count),
            *(_row(f"bj-seat-{i}", "  " + _("seat {n} plays").format(n=i + 1),
                   [(v, _(_LEVEL_NAMES.get(v, v.capitalize()))) for v in LEVELS], levels[i],
                   enabled=i < count) for i in range(MAX_SEATS)),
            _limits("bj-limits", (s.bj_min, s.bj_max), _("per hand")),
            _row("ai-delay", _("Pause between their moves"), [(ms, _(text)) for ms, text in _DELAYS], s.ai_delay_ms),
        ]),
        (N_("Baccarat"), [
            _row("baccarat-decks", _("Decks in the shoe"),
                 [(4, _("{n} decks").format(n=4)), (6, _("{n} decks").format(n=6)),
                  (8, _("{n} decks (standard)").format(n=8))],
                 s.baccarat_decks),
            _limits("bac-limits", (s.bac_min, s.bac_max), _("per spot")),
        ]),
        (N_("Draw poker"), [
            _row("poker-coin", _("Coin size"),
                 [(v, ngettext("{n} chip", "{n} chips", v // 100).format(n=format_chips(v))) for v in _COINS],
                 s.poker_coin),
            _row("poker-exchanges", _("Exchange rounds"), [(n, str(n)) for n in (1, 2, 3)], s.poker_exchanges),
        ]),
        (N_("Coach"), [
            _switch("coach", _("Coach mode"), _("warn before a costly choice (k at a table)"), s.coach),
            _switch("count", _("Count"), _("Hi-Lo count in coach mode (n at blackjack)"), s.count),
        ]),
        (N_("Display"), [
            _switch("animations", _("Animations"), _("deal card by card"), s.animations),
            _switch("ascii", _("Suits"), _("letters S H D C instead of ♠ ♥ ♦ ♣"), s.ascii),
            _row("theme", _("Theme"), [(t, t) for t in themes], s.theme if s.theme in themes else "textual-dark"),
        ]),
        (N_("Language"), [_language(s.language)]),
    ]


#: How a chosen value changes the settings, by row key (the seat rows are handled apart).
_APPLY: dict[str, Callable[[Settings, Any], Settings]] = {
    "bj-limits": lambda s, v: replace(s, bj_min=int(v[0]), bj_max=int(v[1])),
    "bac-limits": lambda s, v: replace(s, bac_min=int(v[0]), bac_max=int(v[1])),
    "ai-delay": lambda s, v: replace(s, ai_delay_ms=int(v)),
    "baccarat-decks": lambda s, v: replace(s, baccarat_decks=int(v)),
    "poker-coin": lambda s, v: replace(s, poker_coin=int(v)),
    "poker-exchanges": lambda s, v: replace(s, poker_exchanges=int(v)),
    "coach": lambda s, v: replace(s, coach=bool(v)),
    "count": lambda s, v: replace(s, count=bool(v)),
    "animations": lambda s, v: replace(s, animations=bool(v)),
    "ascii": lambda s, v: replace(s, ascii=bool(v)),
    "theme": lambda s, v: replace(s, theme=str(v)),
    "language": lambda s, v: replace(s, language=str(v)),
}


class SettingsList(OptionList):
    """The list of settings; ←/→ (and space) step the highlighted one's value."""

    BINDINGS = [
        Binding("left", "screen.step(-1)", N_("Change"), id="settings.previous", key_display="←→"),
        Binding("right", "screen.step(1)", N_("Change"), id="settings.next", show=False),
        Binding("space", "screen.step(1)", N_("Change"), id="settings.flip", show=False),
    ]


class SettingsScreen(Screen[None]):
    """Choices that persist in the store."""

    app = getters.app(CardRoom)  # typed: the card room's own attributes

    DEFAULT_CSS = """
    SettingsScreen {
        align-horizontal: center;
    }
    #settings {
        width: 78;
        padding: 0 1;
    }
    #settings-list {
        height: 1fr;
        border: none;
        padding: 0;
    }
    #settings-path {
        color: $text-muted;
        margin-top: 1;
    }
    """

    BINDINGS = [Binding("escape", "app.pop_screen", N_("Back"), id="settings.back")]

    _levels: list[str]
    _rows: dict[str, Row]

    def compose(self) -> ComposeResult:
        seats = self.app.settings.bj_seats
        self._levels = [seats[i] if i < len(seats) else "normal" for i in range(MAX_SEATS)]
        yield TitleHeader()
        with Vertical(id="settings"):
            yield Label(_("Settings"), id="settings-title", classes="screen-title")
            yield SettingsList(*self._options(), id="settings-list", markup=False)
            yield Label(self._saved_in(), id="settings-path", markup=False)
            yield Button(_("Start over (bankroll, statistics, history)"), id="reset", variant="error", compact=True)
        yield KeyFooter()

    def _saved_in(self) -> str:
        """Where the settings live, in one line of the screen (a long path shortened in
        its middle)."""
        words = _("Saved in {path}").format(path="")
        return words + shorten_middle(str(self.app.store.path), _TEXT_WIDTH - cell_len(words))

    def retranslate(self) -> None:
        """The language changed: every word of the screen anew (the list keeps its place)."""
        if not self.is_mounted:
            return
        self.query_one("#settings-title", Label).update(_("Settings"))
        self.query_one("#settings-path", Label).update(self._saved_in())
        self.query_one("#reset", Button).label = _("Start over (bankroll, statistics, history)")
        listing = self.query_one(OptionList)
        for title, _section in self._current_rows():
            listing.replace_option_prompt(f"section-{title}", Text(_(title), style="bold"))
        self._refresh_rows()

    def on_mount(self) -> None:
        listing = self.query_one(OptionList)
        listing.highlighted = listing.get_option_index("bj-seat-count")

    def _current_rows(self) -> list[tuple[str, list[Row]]]:
        sections = rows(self.app.settings, self._levels, sorted(self.app.available_themes))
        self._rows = {row.key: row for _title, section in sections for row in section}
        return sections

    def _options(self) -> list[Option | None]:
        options: list[Option | None] = []
        for title, section in self._current_rows():
            options.append(Option(Text(_(title), style="bold"), id=f"section-{title}", disabled=True))
            options.extend(Option(row.shown(), id=row.key, disabled=not row.enabled) for row in section)
        return options

    def _refresh_rows(self) -> None:
        """Show the stored values (after a change, saved or refused)."""
        listing = self.query_one(OptionList)
        for _title, section in self._current_rows():
            for row in section:
                listing.replace_option_prompt(row.key, row.shown())
                option = listing.get_option(row.key)
                if option.disabled == row.enabled:
                    (listing.enable_option if row.enabled else listing.disable_option)(row.key)

    def action_step(self, step: int) -> None:
        """Step the highlighted setting's value by ``step`` and save it."""
        listing = self.query_one(OptionList)
        if self.focused is not listing:  # e.g. on the Start over button
            return
        option = listing.highlighted_option
        row = self._rows.get(option.id or "") if option is not None else None
        if row is None or not row.enabled:
            return
        self._choose(row, row.stepped(step))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter or a click: the next value."""
        event.stop()
        self.action_step(1)

    def _choose(self, row: Row, value: Any) -> None:
        app = self.app
        settings = app.settings
        if row.key == "bj-seat-count":
            settings = replace(settings, bj_seats=tuple(self._levels[: int(value)]))
        elif row.key.startswith("bj-seat-"):
            seat = int(row.key.removeprefix("bj-seat-"))
            levels = list(self._levels)
            levels[seat] = str(value)
            settings = replace(settings, bj_seats=tuple(levels[: len(settings.bj_seats)]))
            if app.save_settings(settings):
                self._levels = levels
            self._refresh_rows()
            return
        else:
            settings = _APPLY[row.key](settings, value)
        app.save_settings(settings)
        self._refresh_rows()

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
                app.report_store_error(_("Nothing was reset"), error)
                return
            app.sync_bankroll()
            self.notify(_("A fresh start: {amount} chips, statistics and history cleared.").format(
                amount=format_chips(START_BANKROLL)))

        self.app.push_screen(
            ConfirmScreen(
                _(
                    "Start over? Your bankroll goes back to {amount} chips and the statistics and "
                    "history are cleared. Settings are kept."
                ).format(amount=format_chips(START_BANKROLL)),
                yes=_("Start over"),
                no=_("Cancel"),
            ),
            answered,
        )
