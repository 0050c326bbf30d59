"""A settled round replayed step by step on a read-only copy of its table.

Why the live table's widgets: the replay shows the round exactly as it looked when
it was played (the same seats, cards and marks), and every step is a picture the
game's core produced from the round's record — nothing is redrawn by a second model.
Left/right step back and forward, home/end jump; no key plays.
"""

from __future__ import annotations

from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Button, Label

from ...core.baccarat_table import Phase as BacPhase
from ...core.blackjack_phase import Phase
from ...i18n import N_, _, ngettext
from ...i18n.formatting import chips, signed
from ...resources import asset_path
from ...store import HistoryEntry
from ..room import CardRoom
from ..widgets.baccarat.layout import BaccaratLayout, CoupView
from ..widgets.blackjack.table import BlackjackFelt, FeltPicture, TableView
from ..widgets.common.footer import KeyFooter
from ..widgets.common.header import TitleHeader
from ..widgets.history.rows import game_name, local_time
from ..widgets.history.steps import BaccaratSteps, BlackjackSteps, PokerSteps, Steps
from ..widgets.poker.cards import CardSlots, hand_slots
from ..widgets.poker.paytable import PayTableWidget

__all__ = ["ReplayScreen", "BlackjackReplay", "BaccaratReplay", "PokerReplay", "replay_screen", "local_time"]


class ReplayScreen(Screen[None]):
    """The shared part: the title line, the step caption, the keys."""

    app = getters.app(CardRoom)  # typed: the card room's own attributes

    BINDINGS = [
        Binding("escape", "app.pop_screen", N_("Back"), id="replay.back"),
        Binding("left", "step(-1)", N_("Back a step"), key_display="←", priority=True, id="replay.back_step"),
        Binding("right", "step(1)", N_("Forward"), key_display="→", priority=True, id="replay.forward"),
        Binding("home", "jump(0)", N_("First"), priority=True, id="replay.first"),
        Binding("end", "jump(-1)", N_("Last"), priority=True, id="replay.last"),
    ]

    DEFAULT_CSS = """
    ReplayScreen { layout: vertical; }
    ReplayScreen #replay-title { height: 1; padding: 0 1; text-style: bold; background: $boost; width: 1fr; }
    ReplayScreen #replay-caption { height: 1; padding: 0 1; color: $accent; width: 1fr; }
    ReplayScreen #replay-body { height: 1fr; }
    """

    step: reactive[int] = reactive(0, init=False, bindings=True)
    """The step shown (0 = the deal)."""

    def __init__(self, entry: HistoryEntry, steps: Steps) -> None:
        super().__init__()
        self.entry = entry
        self.steps = steps

    def compose(self) -> ComposeResult:
        yield TitleHeader()
        yield Label(self._title(), id="replay-title")
        yield Label("", id="replay-caption")
        with Vertical(id="replay-body"):
            yield from self.compose_table()
        yield KeyFooter()

    def _title(self) -> str:
        entry = self.entry
        return _("Replay · {game} · {when} · staked {stake} · net {net}").format(
            game=game_name(entry.game), when=local_time(entry.at), stake=chips(entry.stake), net=signed(entry.net)
        )

    def retranslate(self) -> None:
        """The language changed: the title line and the step's caption in it."""
        self.query_one("#replay-title", Label).update(self._title())
        self.show_step()

    def compose_table(self) -> ComposeResult:
        yield from ()

    def on_mount(self) -> None:
        self.call_after_refresh(self.show_step)

    def watch_step(self) -> None:
        self.show_step()

    def show_step(self) -> None:
        index = self.step
        count = len(self.steps)
        self.draw(index)
        self.query_one("#replay-caption", Label).update(
            _("Step {n} of {count} · {caption}").format(n=index + 1, count=count, caption=self.steps.caption(index))
        )

    def draw(self, index: int) -> None:
        """Draw step ``index`` on the table's widgets."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "step" and parameters:
            target = self.step + int(str(parameters[0]))
            return True if 0 <= target < len(self.steps) else None
        return True

    def action_step(self, delta: int) -> None:
        self.step = max(0, min(len(self.steps) - 1, self.step + delta))

    def action_jump(self, where: int) -> None:
        self.step = len(self.steps) - 1 if where < 0 else 0


class BlackjackReplay(ReplayScreen):
    """The blackjack table: the core's picture per event."""

    CSS_PATH = [str(asset_path("styles", "blackjack.tcss"))]
    steps: BlackjackSteps

    DEFAULT_CSS = """
    BlackjackReplay #bj-bet-row, BlackjackReplay #bj-action-row { display: none; }
    """

    def compose_table(self) -> ComposeResult:
        self.layout_widget = BlackjackFelt(self.steps.table.rules, self.steps.levels, id="bj-table")
        yield self.layout_widget

    def on_mount(self) -> None:
        self.layout_widget.restyle(lambda *_: False, False, 0)
        for button in self.layout_widget.query(Button):
            button.disabled = True
        super().on_mount()

    @property
    def view(self) -> TableView:
        """What step ``step`` shows: the core's picture after that many events."""
        steps = self.steps
        picture = steps.picture(self.step)
        r = steps.round
        undealt = sum(1 for e in r.events[picture.applied :] if e.kind.value == "deal")
        return TableView(Phase.DEALING, picture, steps.table.shoe.remaining + undealt)

    def draw(self, index: int) -> None:
        r = self.steps.round
        stacks = [r.bankroll(i) or 0 for i in range(len(self.steps.levels))]
        view = self.view
        picture = view.picture
        self.layout_widget.state = FeltPicture(
            view,
            tuple(stacks),
            live=picture is not None and picture.applied == len(r.events),
            min_bet=self.steps.table.rules.min_bet,
            ascii=self.app.ascii,
        )
        self.layout_widget.banner.show(self.steps.caption(index), "info")


class BaccaratReplay(ReplayScreen):
    """The baccarat layout, its cards coming out one by one, then the result marked."""

    steps: BaccaratSteps

    DEFAULT_CSS = """
    BaccaratReplay #bac-actions, BaccaratReplay #bac-chip { display: none; }
    BaccaratReplay #bac-balance { visibility: hidden; }
    """

    def compose_table(self) -> ComposeResult:
        settings = self.app.settings
        self.layout_widget = BaccaratLayout(
            ascii=self.app.ascii, min_bet=settings.bac_min, max_bet=settings.bac_max, id="bac-layout"
        )  # nothing allowed: a replay only shows
        yield self.layout_widget

    @property
    def view(self) -> CoupView:
        steps, index = self.steps, self.step
        phase = BacPhase.UNSAVED if steps.settled(index) else BacPhase.DEALING
        return CoupView(phase, steps.state, steps.shown(index))

    def draw(self, index: int) -> None:
        self.layout_widget.view = self.view
        self.layout_widget.banner.show(self.steps.caption(index), "info")


class PokerReplay(ReplayScreen):
    """The five cards and the machine's pay table: dealt, each exchange, the payout."""

    CSS_PATH = [str(asset_path("styles", "poker.tcss"))]
    steps: PokerSteps

    DEFAULT_CSS = """
    PokerReplay #poker-replay-top { height: auto; padding: 0 1; }
    PokerReplay #poker-replay-stake { padding: 0 1; color: $text-muted; }
    """

    def compose_table(self) -> ComposeResult:
        first = self.steps.hands[0]
        self.paytable = PayTableWidget(first.pay_table, coins=first.coins, id="poker-paytable")
        self.slots = CardSlots(ascii=self.app.ascii, id="poker-cards")
        with Horizontal(id="poker-replay-top"):
            yield self.paytable
            yield Label(self._stake(), id="poker-replay-stake")
        yield self.slots

    def _stake(self) -> str:
        first = self.steps.hands[0]
        return ngettext("{n} coin of {size}", "{n} coins of {size}", first.coins).format(
            n=first.coins, size=chips(first.coin_size))

    def retranslate(self) -> None:
        super().retranslate()
        self.query_one("#poker-replay-stake", Label).update(self._stake())

    def draw(self, index: int) -> None:
        hand = self.steps.hands[index]
        last = index == len(self.steps) - 1
        self.slots.slots = hand_slots(
            hand.cards, ticked=self.steps.chosen[index], winners=hand.winning_positions if last else ()
        )
        self.paytable.winner = hand.paid if last else None


def replay_screen(entry: HistoryEntry, steps: Steps) -> ReplayScreen:
    """The replay screen for ``steps``' game."""
    if isinstance(steps, BlackjackSteps):
        return BlackjackReplay(entry, steps)
    if isinstance(steps, BaccaratSteps):
        return BaccaratReplay(entry, steps)
    return PokerReplay(entry, steps)
