"""The baccarat table's layout: balance and shoe, the two hands, the bet spots and the
chip, the action buttons and the roads, drawn from the screen's view.

The screen (``ui/screens/baccarat.py``) sets the layout's one reactive, a
:class:`CoupView`; the layout composes the table once and hands each part its own piece
of the view (each widget holds its reactive and repaints only when it changes). What a
button may do is asked back through the ``allowed`` the screen gives it. At a shared table (``players=True``,
``ui/screens/baccarat_remote.py``) a line of the other players sits above the hands,
in the place of the roads' note when the terminal is short.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import islice

from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.geometry import Size
from textual.reactive import reactive
from textual.widgets import Label, Static

from ....core.baccarat import Outcome
from ....core.baccarat_table import SPOT_ORDER, BaccaratState, Phase, chip_sizes
from ....i18n import N_, _
from ..common.banner import Banner
from ..common.bet import BetControls
from ..common.card import CardSize
from ..common.chips import ChipBalance
from ..common.restyle import TableButton
from .odds import OddsPanel
from .players import TablePlayers
from .roads import BeadPlate, BigRoadBoard, RoadTally
from .table import BEAD_COLUMNS, BetSpot, HandView, RoadTitles, ShoeLine, ShoeView
from .words import spot_notes

# Phase: the core's, re-exported for the screens
__all__ = ["Phase", "CoupView", "BaccaratLayout"]


@dataclass(frozen=True)
class CoupView:
    """What the screen shows: the phase, the table's state, the cards dealt out so far."""

    phase: Phase = Phase.BETTING
    state: BaccaratState = BaccaratState()
    #: Cards of the coup on the table shown so far (the rest count as still in the shoe).
    shown: int = 0


#: The buttons' words at a table of this machine, and at a shared table (enter says ready).
BUTTONS = {"deal": N_("Deal  enter"), "clear": N_("Clear  c"), "repeat": N_("Repeat and deal  r")}
SHARED_BUTTONS = {**BUTTONS, "deal": N_("Ready  enter"), "repeat": N_("Repeat, ready  r")}
#: The line under the roads.
NOTE = N_("Coups are independent: the roads record this shoe, they predict nothing.")

#: The layout's height from which the cards are large and the parts spaced.
ROOMY_FROM = 34
#: The layout's size (columns, rows) from which the cards are huge, the roads large, the
#: spots as wide as their words and the spare rows shared out between the parts.
HUGE_FROM = (140, 44)
#: The parts a huge table's spare rows follow, top to bottom (one gap after each).
_GAPS_AFTER = ("bac-top", "bac-hands", "bac-banner", "bac-actions")


class BaccaratLayout(Vertical):
    """Everything between the header and the footer."""

    DEFAULT_CSS = """
    BaccaratLayout { height: 1fr; align-vertical: middle; }
    BaccaratLayout.-roomy #bac-top { margin-bottom: 1; }
    BaccaratLayout.-roomy #bac-banner { margin: 1 0; }
    BaccaratLayout.-roomy #bac-bets { height: 5; }
    BaccaratLayout.-roomy BetSpot { height: 5; }
    BaccaratLayout.-roomy #bac-actions { margin: 1 1 1 1; }
    BaccaratLayout #bac-top { height: 1; }
    BaccaratLayout #bac-balance { width: 1fr; }
    BaccaratLayout #bac-shoe { width: auto; color: $text-muted; padding: 0 1; }
    BaccaratLayout #bac-odds { display: none; }
    BaccaratLayout.-odds #bac-odds { display: block; }
    BaccaratLayout.-odds #bac-road-titles, BaccaratLayout.-odds #bac-roads, BaccaratLayout.-odds #bac-note {
        display: none;
    }
    BaccaratLayout #bac-hands { height: auto; }
    BaccaratLayout #bac-banner { height: 1; }
    BaccaratLayout #bac-bets { height: 4; margin: 0 0 0 1; }
    BaccaratLayout #bac-chip { margin: 0; }
    BaccaratLayout #bac-actions { height: 1; margin: 0 1; }
    BaccaratLayout #bac-actions > Button { margin-right: 2; }
    BaccaratLayout #bac-chip > .bet-label { padding: 0 0 0 1; }
    BaccaratLayout #bac-road-titles { width: 1fr; height: 1; color: $text-muted; margin: 0 1; }
    BaccaratLayout #bac-roads { height: 6; margin: 0 1; }
    BaccaratLayout #bac-bead { width: 24; margin-right: 2; }
    BaccaratLayout #bac-road { width: 1fr; margin-right: 2; }
    BaccaratLayout #bac-tally { width: auto; min-width: 14; }
    BaccaratLayout #bac-note { height: 1; color: $text-muted; text-style: italic; margin: 0 1; }
    BaccaratLayout.-shared #bac-note { display: none; }
    BaccaratLayout.-shared.-roomy #bac-note { display: block; }
    BaccaratLayout.-shared.-odds #bac-odds { height: 7; }
    BaccaratLayout.-shared.-roomy.-odds #bac-odds { height: 8; }
    BaccaratLayout .bac-gap { display: none; }
    BaccaratLayout.-huge .bac-gap { display: block; height: 1fr; max-height: 4; }
    BaccaratLayout.-huge #bac-top, BaccaratLayout.-huge #bac-banner { margin: 0; }
    BaccaratLayout.-huge #bac-bets { height: 4; align-horizontal: center; }
    BaccaratLayout.-huge BetSpot { width: 20; height: 4; margin: 0 2; }
    BaccaratLayout.-huge #bac-actions { margin: 1 0 0 0; align-horizontal: center; }
    BaccaratLayout.-huge #bac-roads { height: 12; }
    BaccaratLayout.-huge #bac-bead { width: 50; }
    """

    view: reactive[CoupView] = reactive(CoupView, always_update=True, init=False, repaint=False)
    """The table as shown (always handed out: what the buttons allow may change alone)."""

    def __init__(
        self,
        *,
        ascii: bool,
        min_bet: int,
        max_bet: int,
        allowed: Callable[[str], bool] = lambda _action: False,
        players: bool = False,
        size: Size | None = None,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id, classes="-shared" if players else None)
        #: What the table allows now, asked for each button (``deal``, ``clear``, ``repeat``).
        self.allowed = allowed
        #: The other players at a shared table (None at the local one).
        self.players = TablePlayers(id="bac-players") if players else None
        self.balance = ChipBalance(id="bac-balance")
        self.shoe = ShoeLine("", id="bac-shoe")
        self.odds = OddsPanel(id="bac-odds")
        self.hands = [HandView(h, ascii=ascii, id=f"hand-{h.label.lower()}") for h in (Outcome.PLAYER, Outcome.BANKER)]
        # born as the table's first words show it (a class changed once mounted restyles)
        self.banner = Banner(id="bac-banner", classes="-info")
        self.spots = {o: BetSpot(o, id=f"spot-{o.label.lower()}") for o in SPOT_ORDER}
        self.chip = BetControls(chip_sizes(min_bet, max_bet), label=_("Chip"), id="bac-chip")
        #: The buttons' words (marked), worded again when the language changes.
        self.words = SHARED_BUTTONS if players else BUTTONS
        # Off until the screen says otherwise (no bet is down when the table opens): one
        # switched off after mounting is restyled, and the first focusable button took the
        # focus and passed it along each one switched off.
        self.buttons = {
            "deal": TableButton(_(self.words["deal"]), id="bac-deal", compact=True, variant="success",
                                action="screen.deal", disabled=True),
            "clear": TableButton(_(self.words["clear"]), id="bac-clear", compact=True, action="screen.clear",
                                 disabled=True),
            "repeat": TableButton(_(self.words["repeat"]), id="bac-repeat", compact=True, action="screen.repeat",
                                  disabled=True),
        }
        self.boards = (BeadPlate(id="bac-bead"), BigRoadBoard(id="bac-road"), RoadTally(id="bac-tally"))
        self.titles = RoadTitles(id="bac-road-titles")
        #: The spare rows between the parts on a huge table (.bac-gap), made when first needed.
        self._gaps: list[Static] | None = None
        if size is not None:  # drawn for the size its first layout gives it: nothing changes then
            self._fit(size)

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size)

    def _fit(self, size: Size) -> None:
        """Large cards and more air between the parts when the terminal gives room; huge
        cards, large roads and the spare rows between the parts when it has room to spare."""
        roomy = size.height >= ROOMY_FROM
        huge = size.width >= HUGE_FROM[0] and size.height >= HUGE_FROM[1]
        self.set_class(roomy and not huge, "-roomy")
        self.set_class(huge, "-huge")
        for hand in self.hands:
            hand.set_card_size(CardSize.LARGE if roomy else CardSize.BOX, huge=huge)
        for board in self.boards[:2]:
            board.large = huge
        self.titles.bead = BEAD_COLUMNS * 2 if huge else BEAD_COLUMNS
        if huge and self._gaps is None:
            self._gaps = [Static(classes="bac-gap") for _gap in _GAPS_AFTER]
            if self.is_mounted:  # grown huge: the gaps join the table (they stay, hidden, if it shrinks)
                for gap, after in zip(self._gaps, _GAPS_AFTER, strict=True):
                    self.mount(gap, after=self.query_one(f"#{after}"))

    def compose(self) -> ComposeResult:
        # the gaps (.bac-gap) show on a huge table only: the spare rows between the parts,
        # one after each part of _GAPS_AFTER (made only when the table is huge)
        gaps = iter(self._gaps or ())
        with Horizontal(id="bac-top"):
            yield self.balance
            yield self.shoe
        yield from islice(gaps, 1)
        if self.players is not None:
            yield self.players
        with Horizontal(id="bac-hands"):
            yield from self.hands
        yield from islice(gaps, 1)
        yield self.banner
        yield from islice(gaps, 1)
        with Horizontal(id="bac-bets"):
            yield from self.spots.values()
            yield self.chip
        with Horizontal(id="bac-actions"):
            yield from self.buttons.values()
        yield from islice(gaps, 1)
        yield self.titles
        with Horizontal(id="bac-roads"):
            yield from self.boards
        yield Label(_(NOTE), id="bac-note")
        yield self.odds

    def reword(self) -> None:
        """Every word of the table in the language in force (the app then repaints the
        widgets that word themselves as they render)."""
        for name, button in self.buttons.items():
            button.label = _(self.words[name])
        self.chip.query_one(".bet-label", Label).update(_("Chip"))
        self.query_one("#bac-note", Label).update(_(NOTE))
        for spot in self.spots.values():
            spot.reword()
        self.shoe.reword()
        self.odds.update(self.odds.text(self.odds.report))
        self.view = self.view  # the spots' notes on the last coup

    @property
    def odds_shown(self) -> bool:
        return self.has_class("-odds")

    def show_odds(self, shown: bool) -> None:
        """The odds panel in the roads' place (``e``), or the roads back."""
        self.set_class(shown, "-odds")

    def watch_view(self, view: CoupView) -> None:
        """Hand the view out: each part takes its own piece (the spots marked with the
        result once settled, the hands, the shoe, the roads) and repaints only if it
        changed; the buttons follow what the table allows."""
        phase, state = view.phase, view.state
        coup, last = state.coup, state.last_coup
        marks = None
        if phase is Phase.UNSAVED and coup is not None:
            marks = spot_notes(coup, state.bets)
        elif phase is Phase.BETTING and state.result_shown and last is not None:
            marks = spot_notes(last, state.last_bets)
        for outcome, spot in self.spots.items():
            spot.stake = state.stake(outcome)
            spot.disabled = phase is not Phase.BETTING
            spot.result, spot.note = marks[outcome] if marks is not None else (None, "")
        self.chip.locked = phase is Phase.DEALING
        for name, button in self.buttons.items():
            button.disabled = not self.allowed(name)
        self.balance.at_stake = state.staked
        # bets placed for the next coup are still in the bankroll; a dealt coup's are not
        self.balance.uncommitted = state.staked if state.betting else 0
        undealt = coup.cards_used - view.shown if coup is not None else 0
        self.shoe.shoe = ShoeView(state.shoe_left + undealt, state.decks, state.cut_from_end)
        for board in self.boards:
            board.outcomes = state.history
        dealt = coup.deal_order[: view.shown] if coup is not None else last.deal_order if last is not None else ()
        for hand in self.hands:
            hand.cards = hand.dealt(dealt)
