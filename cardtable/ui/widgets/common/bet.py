"""Bet controls shared by every game: a value picked from a ladder with − and + buttons.

The screen owns the keys (``+``/``-``/``up``/``down``/``r``) and decides when betting is
allowed; this widget holds the value and the two buttons, and can be ``locked``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Button, Label

from ....core.money import format_chips
from .restyle import TableButton

__all__ = ["BetControls", "bet_ladder"]


def bet_ladder(minimum: int, maximum: int) -> list[int]:
    """Bet amounts from ``minimum`` to ``maximum`` (hundredths) in casino-like steps.

    Steps of 5 chips below 25, 25 below 100, 50 below 300, then 100: 5–500 gives
    5 10 15 20 25 50 75 100 150 200 250 300 400 500.
    """
    if minimum <= 0 or maximum < minimum:
        raise ValueError(f"bad bet limits {minimum}..{maximum}")
    values: list[int] = []
    value = minimum
    while value <= maximum:
        values.append(value)
        if value < 2_500:
            step = 500
        elif value < 10_000:
            step = 2_500
        elif value < 30_000:
            step = 5_000
        else:
            step = 10_000
        value += step
    if values[-1] != maximum:
        values.append(maximum)
    return values


class BetControls(Horizontal):
    """``label  [−] value [+]``; posts :class:`BetControls.Changed` when the value moves."""

    DEFAULT_CSS = """
    BetControls {
        width: auto;
        height: 3;
    }
    BetControls > Label {
        height: 3;
        content-align: center middle;
        padding: 0 1;
    }
    BetControls > .bet-value {
        width: 9;
        content-align: center middle;
        text-style: bold;
    }
    BetControls > Button {
        min-width: 5;
        width: 5;
    }
    """

    class Changed(Message):
        """The bet value changed."""

        def __init__(self, controls: BetControls, value: int) -> None:
            super().__init__()
            self.controls = controls
            self.value = value

        @property
        def control(self) -> BetControls:
            return self.controls

    value: reactive[int] = reactive(0, init=False, repaint=False)
    """The current bet (an entry of ``values``)."""
    locked: reactive[bool] = reactive(False, repaint=False)
    """True while a round is under way: buttons disabled."""
    cap: reactive[int | None] = reactive(None, init=False, repaint=False)
    """The most the player can bet now (the bankroll), or None: the value follows it
    down and ``+`` stops below it, so the bet shown is always one that can be dealt."""

    _parts: tuple[Button, Label, Button] | None = None
    """The − button, the value and the + button, once composed."""

    def __init__(
        self,
        values: Sequence[int],
        *,
        value: int | None = None,
        label: str = "Bet",
        formatter: Callable[[int], str] = format_chips,
        compact: bool = False,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        #: The − and + buttons are born compact (not restyled compact once mounted).
        self._compact_buttons = compact
        if not values:
            raise ValueError("BetControls needs at least one value")
        self.values = list(values)
        self.label = label
        self.formatter = formatter
        self.set_reactive(BetControls.value, self._nearest(value if value is not None else self.values[0]))

    def compose(self) -> ComposeResult:
        # each button born as the value leaves it (a button changed once mounted restyles)
        down = TableButton("−", id="bet-down", compact=self._compact_buttons, disabled=not self.can_decrease)
        up = TableButton("+", id="bet-up", compact=self._compact_buttons, disabled=not self.can_increase)
        for button in (down, up):
            # Every click counts: the value itself is the feedback, and Button ignores
            # clicks during its "active" flash, which swallowed quick repeated clicks.
            button.active_effect_duration = 0
            # Not focusable: the keyboard has +/- for these, and a focused "+" would
            # otherwise take an `enter` meant for the table (when dealing is not possible).
            button.can_focus = False
        self._parts = (down, Label(self.formatter(self.value), classes="bet-value"), up)
        yield Label(self.label, classes="bet-label")
        yield from self._parts

    def _nearest(self, value: int) -> int:
        """The largest ladder value not above ``value`` (or the smallest)."""
        fitting = [v for v in self.values if v <= value]
        return fitting[-1] if fitting else self.values[0]

    @property
    def can_increase(self) -> bool:
        higher = [v for v in self.values if v > self.value]
        return not self.locked and bool(higher) and (self.cap is None or higher[0] <= self.cap)

    def affordable(self, value: int) -> bool:
        """Whether ``value`` is within the cap (the bankroll)."""
        return self.cap is None or value <= self.cap

    @property
    def can_decrease(self) -> bool:
        return not self.locked and self.value > self.values[0]

    def increase(self) -> bool:
        """One step up; False when locked or at the top."""
        if not self.can_increase:
            return False
        self.value = next(v for v in self.values if v > self.value)
        return True

    def decrease(self) -> bool:
        """One step down; False when locked or at the bottom."""
        if not self.can_decrease:
            return False
        self.value = [v for v in self.values if v < self.value][-1]
        return True

    def set_value(self, value: int) -> None:
        """Jump to ``value`` (snapped down onto the ladder)."""
        self.value = self._nearest(value)

    def set_values(self, values: Sequence[int]) -> None:
        """Replace the ladder (e.g. new table limits), keeping the value if it fits."""
        self.values = list(values)
        self.value = self._nearest(self.value)
        self._sync()

    def watch_value(self, value: int) -> None:
        self._sync()
        self.post_message(self.Changed(self, value))

    def watch_locked(self) -> None:
        self._sync()

    def watch_cap(self, cap: int | None) -> None:
        if cap is not None and self.value > cap:
            self.value = self._nearest(cap)  # the smallest value when even that is above
        self._sync()

    def on_mount(self) -> None:
        self._sync()

    def _sync(self) -> None:
        if self._parts is None:  # not composed yet: on_mount syncs
            return
        down, value_label, up = self._parts
        text = self.formatter(self.value)
        if getattr(self, "_shown", None) != text:  # locking/unlocking alone repaints nothing
            self._shown = text
            value_label.update(text, layout=False)  # fixed width: no re-layout of the screen
        down.disabled = not self.can_decrease
        up.disabled = not self.can_increase

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "bet-up":
            self.increase()
        elif event.button.id == "bet-down":
            self.decrease()
