"""The punto banco table: three bet spots, the coup dealt card by card, the roads.

Betting: ``p``/``b``/``t`` (or a click on a spot) add one chip of the chosen size;
``+``/``-``/``up``/``down`` change the chip size; ``c`` clears; ``r`` puts the last
coup's bets back; ``enter`` deals (with empty spots it repeats the last coup's bets,
so ``enter`` alone keeps playing). Nothing leaves the bankroll until the coup is
committed when it is dealt (the stakes leave the bankroll with the coup saved open) and
settled in one transaction; leaving mid-deal leaves the coup open, and the table
deals it out when it is opened again.

The coach: ``e`` ("Edge") shows each bet's exact value for the cards left in
the shoe (:mod:`cardtable.ai.coach_baccarat`, counted in a thread) in the roads' place;
every bet is graded at the deal (kept with the open coup's record and in the settled
round's details); ``k`` toggles coach mode, which asks before dealing a bet worth less
than the best by more than :data:`~cardtable.ai.grading.WARN_THRESHOLD` of its stake.

The screen renders the core's table and owns no rule: the
:class:`~cardtable.core.baccarat_table.BaccaratTable` takes the bets (and says why it
refuses one), deals and settles. The screen holds one reactive :attr:`BaccaratScreen.view`
(the phase, the table's :class:`~cardtable.core.baccarat_table.BaccaratState` and the
cards shown so far); the widgets draw it and what a key or button may do is computed
from it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.reactive import reactive
from textual.widgets import Header

from ...ai.coach_baccarat import full_shoe_counts, remaining_counts
from ...ai.grading import WARN_THRESHOLD, Decision, decisions_in
from ...core.baccarat import CUT_FROM_END, DECK_CHOICES, DEFAULT_DECKS, Coup, Outcome
from ...core.baccarat_table import (
    SPOT_ORDER,
    BaccaratState,
    BaccaratTable,
    chip_sizes,
    result_text,
)
from ...core.cards import Shoe
from ...tables.baccarat import BaccaratService
from ...tables.hub import TableError
from ...tables.local import YOU, LocalAccount, LocalHub
from ..widgets.baccarat.layout import BaccaratLayout, CoupView, Phase
from ..widgets.baccarat.odds import OddsReport, grade_bets
from ..widgets.baccarat.table import BetSpot, bets_text
from ..widgets.common.bet import BetControls
from ..widgets.common.footer import KeyFooter
from .baccarat_odds import OddsCounting
from .base import GameScreen
from .coach_warning import CoachWarning

# BetSpot, chip_sizes and SPOT_ORDER: re-exported
__all__ = ["BaccaratScreen", "BetSpot", "CoupView", "Phase", "chip_sizes", "SPOT_ORDER"]

_BET, _CHIP = Binding.Group("Bet", compact=True), Binding.Group("Chip", compact=True)
_NO_BET_HINT = "Place a bet first: p Player · b Banker · t Tie, or click a spot"
#: The table keys that say why when they do nothing, and their actions.
_KEY_REFUSALS = {"p": "bet", "b": "bet", "t": "bet", "c": "clear", "r": "repeat"}
#: The actions whose keys and buttons follow the view.
_CHECKED = ("bet", "chip", "clear", "repeat", "deal")


class BaccaratScreen(OddsCounting, GameScreen):
    """Punto banco: bet on Player, Banker or Tie; the cards follow the tableau."""

    GAME = "baccarat"
    COACH_ON = "Coach on: a warning before a bet worth 0.5 % less than the best"
    COACH_OFF = "Coach off: your bets are still graded for the session summary"

    # Every table key is a priority binding: Textual runs priority keys the moment they
    # arrive but queues the others, so "- enter" typed quickly would deal before the
    # chip changed unless both are priority.
    BINDINGS = [
        Binding("p", "bet('P')", "Player", priority=True, id="baccarat.player", group=_BET),
        Binding("b", "bet('B')", "Banker", priority=True, id="baccarat.banker", group=_BET),
        Binding("t", "bet('T')", "Tie", priority=True, id="baccarat.tie", group=_BET),
        Binding("plus,up", "chip(1)", "Bigger chip", key_display="+", priority=True, id="baccarat.chip_up",
                group=_CHIP),
        Binding("minus,down", "chip(-1)", "Smaller chip", key_display="-", priority=True, id="baccarat.chip_down",
                group=_CHIP),
        # c and r: named on their buttons ("Clear  c", "Repeat and deal  r"), not in the
        # footer, which at 80 columns has no room for them beside e and k
        Binding("c", "clear", "Clear", priority=True, id="baccarat.clear", show=False),
        Binding("r", "repeat", "Repeat", priority=True, id="baccarat.repeat", show=False),
        Binding("enter", "deal", "Deal", priority=True, id="baccarat.deal"),
        # the bets' exact values for the shoe as it stands, and coach mode
        # (t is the Tie bet, kept from DESIGN's keys: the odds are on e, "Edge")
        Binding("e", "edge", "Edge", priority=True, id="baccarat.edge"),
        Binding("k", "coach", "Coach", priority=True, id="baccarat.coach"),
    ]

    # repaint=False: the screen draws nothing itself (its widgets repaint what changed);
    # a repaint of the screen would redraw all of it on every key press.
    view: reactive[CoupView] = reactive(CoupView, repaint=False, bindings=True, always_update=True)
    """The phase and the table as shown; keys, buttons and widgets follow it."""

    def __init__(self) -> None:
        super().__init__()
        #: The table service (in-process, one person): it commits and pays every coup.
        self.service: BaccaratService | None = None
        #: The coup on the table's bets, graded at the deal: they go into its
        #: open record's meta and the settled round's details.
        self.decisions: list[Decision] = []
        #: The odds panel's last figures, and which count of the shoe asked for them.
        self._odds: OddsReport = OddsReport()
        self._odds_key: tuple[tuple[int, ...], str] | None = None
        #: The coach's warning is up (a second deal key waits for its answer).
        self._asking = False

    @property
    def table(self) -> BaccaratTable | None:
        """The shoe, this shoe's results, the bets and the coup on the table (the core's)."""
        return self.service.table if self.service is not None else None

    def table_minimum(self) -> int:
        return self.app.settings.bac_min

    # -- the table, read through the view ------------------------------------------

    @property
    def dealing(self) -> bool:
        return self.view.phase is Phase.DEALING

    @property
    def shoe(self) -> Shoe | None:
        """The shoe being dealt."""
        return self.table.shoe if self.table is not None else None

    @property
    def last_coup(self) -> Coup | None:
        return self.view.state.last_coup

    def spot(self, outcome: Outcome) -> BetSpot:
        return self._spots[outcome]

    # -- layout --------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        settings = self.app.settings
        self._layout = BaccaratLayout(ascii=self.app.ascii, min_bet=settings.bac_min, max_bet=settings.bac_max)
        self._banner, self._chip, self._spots = self._layout.banner, self._layout.chip, self._layout.spots
        self._footer = KeyFooter()
        yield Header()
        yield self._layout
        yield self._footer

    def on_mount(self) -> None:
        # a coup left open (here or in an earlier run) is dealt again from its record
        resumed = self.resume_saved(lambda record: BaccaratTable.resume(record, self.app.rng(self.GAME)))
        settings = self.app.settings
        self.service = BaccaratService(
            0, LocalHub(self.table_said), bet_window=0, min_bet=settings.bac_min, max_bet=settings.bac_max,
            decks=self._decks(), table=resumed if resumed is not None else BaccaratTable(self._new_shoe()),
        )
        self.service.sit(LocalAccount(self.app.store, self.app.bankroll))
        assert self.table is not None
        self._warm_up_odds()
        if resumed is not None:
            record = self.resumed_record
            self.decisions = decisions_in(record.meta) if record is not None else []
            self.service.resumed([d.to_json() for d in self.decisions])
            self._show_coup("Your coup was waiting for you: dealing it out…")
            return
        self._banner.show("Place your bets: p Player · b Banker · t Tie, then enter to deal", "info")
        self._recall()
        self.view = CoupView(Phase.BETTING, self.table.state())
        self.offer_refill_if_needed()

    def _recall(self) -> None:
        """The last coup's bets (r repeats them) and the chip, as the table was left."""
        assert self.table is not None
        memory = self.app.table_memory(self.GAME)
        self.table.recall(memory.get("last_bets"), self.app.settings.bac_max)
        chip = memory.get("chip")
        if isinstance(chip, int) and chip in self._chip.values:
            self._chip.set_value(chip)

    def _remember(self) -> None:
        if self.table is not None:
            self.app.remember_table(self.GAME, {"last_bets": self.table.memory(), "chip": self._chip.value})

    def _decks(self) -> int:
        decks = self.app.settings.baccarat_decks
        return decks if decks in DECK_CHOICES else DEFAULT_DECKS

    def _new_shoe(self) -> Shoe:
        return self.app.make_shoe(self.GAME, self._decks(), CUT_FROM_END)

    # -- what may be done: computed from the view ----------------------------------

    def allowed(self, action: str, parameter: object = None) -> bool:
        """Whether the action may be taken now (keys and buttons alike)."""
        phase, state = self.view.phase, self.view.state
        betting = phase is Phase.BETTING
        if action == "bet":
            return betting
        if action == "chip":
            return phase is not Phase.DEALING and (
                self._chip.can_increase if parameter == 1 else self._chip.can_decrease
            )
        if action == "clear":
            return betting and state.can_clear
        if action == "repeat":
            return betting and state.can_repeat
        if action == "deal":
            return phase is Phase.UNSAVED or (betting and state.can_deal)
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in _CHECKED:
            return True if self.allowed(action, parameters[0] if parameters else None) else None
        return True

    def watch_view(self, view: CoupView) -> None:
        """Draw the view (the layout asks :meth:`allowed` for each button)."""
        if self.table is None:
            return
        self._layout.draw(view, self.allowed)
        self._dim_keys()

    def _dim_keys(self) -> None:
        """Dim the footer's keys now: ``bindings=True`` tells the footer only a message
        later, after this key's frame was drawn, and a key press would cost two frames.
        (When the message arrives nothing has changed any more: no second frame.)"""
        self._footer.refresh_keys()

    def on_key(self, event: events.Key) -> None:
        """``enter`` with nothing to deal: the Deal key is dimmed, but say what it needs.

        A real table never bets for the player, so the first ``enter`` (no bet yet, no
        last bets to repeat) deals nothing; it shows how to bet instead of doing nothing.
        """
        phase = self.view.phase
        if event.key == "enter" and phase is not Phase.DEALING and not self.allowed("deal"):
            event.stop()
            self._banner.show(_NO_BET_HINT, "error")
        elif event.key in _KEY_REFUSALS and phase is not Phase.BETTING:
            event.stop()  # every other table key waits for the coup to be settled
            self._banner.show("No more bets: wait for the coup to be settled.", "error")
        elif event.key in ("c", "r") and not self.allowed(_KEY_REFUSALS[event.key]):
            event.stop()
            text = "Nothing to clear: no bets for the next coup." if event.key == "c" else "No last bets to repeat yet."
            self._banner.show(text, "error")

    # -- betting -------------------------------------------------------------------

    def action_bet(self, letter: str) -> None:
        self._add_chip(Outcome(letter))

    def on_bet_spot_clicked(self, event: BetSpot.Clicked) -> None:
        if event.remove:
            self._take_back(event.spot.outcome)
        else:
            self._add_chip(event.spot.outcome)

    def _add_chip(self, outcome: Outcome) -> None:
        """One chip of the chosen size on ``outcome``; refused (with a message) if not allowed."""
        if self.table is not None and self.allowed("bet"):
            chip, bankroll = self._chip.value, self.app.bankroll
            self._bets_changed(self.table.place(outcome, chip, bankroll, self.app.settings.bac_max))

    def _take_back(self, outcome: Outcome) -> None:
        """Take one chip of the chosen size back from ``outcome`` (all of it if less)."""
        if self.table is not None and self.allowed("bet") and self.table.take_back(outcome, self._chip.value):
            self._bets_changed(None)

    def action_clear(self) -> None:
        if self.table is not None and self.allowed("clear"):
            self.table.clear()
            self._bets_changed(None, "Bets cleared")

    def action_repeat(self) -> None:
        """The last coup's bets placed again and dealt, as ``r`` does at every table."""
        if self.table is not None and self.allowed("repeat"):
            refusal = self.table.repeat(self.app.bankroll)
            if refusal is not None:
                self._bets_changed(refusal)
                return
            self.view = CoupView(Phase.BETTING, self.table.state())
            self.action_deal()

    def _bets_changed(self, refusal: str | None, text: str | None = None) -> None:
        """Show the table's new bets, or say why they did not change."""
        if refusal is not None:
            self._banner.show(refusal, "error")
            return
        assert self.table is not None
        self.view = CoupView(Phase.BETTING, self.table.state())
        self._banner.show(bets_text(self.view.state.bets) if text is None else text, "info")
        if self._layout.odds_shown and self._odds.odds is not None:
            self._layout.odds.show(replace(self._odds, bets=self._bets_to_deal()))

    def action_chip(self, step: int) -> None:
        if step > 0:
            self._chip.increase()
        else:
            self._chip.decrease()
        self._dim_keys()  # now, in the same frame (not when Changed arrives)

    def on_bet_controls_changed(self, event: BetControls.Changed) -> None:
        self.refresh_bindings()  # a click on the chip's − or +

    # -- the coup ------------------------------------------------------------------

    def action_deal(self) -> None:
        """Deal the bets (the last coup's again if none are placed), committed before a
        card is shown; or save a settled coup the data file did not take.

        Every bet is graded first; in coach mode a bet worth less than the
        best by more than :data:`WARN_THRESHOLD` of its stake (the Tie, nearly always)
        asks first: enter deals anyway, escape takes the deal back (the bets stay)."""
        table = self.table
        if table is None or not self.allowed("deal"):
            return
        if self.view.phase is Phase.UNSAVED:
            self._finish()
            return
        bets = self._bets_to_deal()
        decisions = self._grade(bets)
        costly = [d for d in decisions if d.ev_best - d.ev_chosen > WARN_THRESHOLD]
        if costly and self.app.settings.coach and sum(bets.values()) <= self.app.bankroll:
            if self._asking:
                return  # one warning for a burst of keys
            worst = max(costly, key=lambda d: d.cost)
            self._asking = True

            def answered(go: bool | None) -> None:
                self._asking = False
                if go:
                    self._deal()
                else:
                    self._banner.show("Taken back: your bets stay on the layout. Change them or deal.", "info")

            self.app.push_screen(CoachWarning(worst), answered)
            return
        self._deal()

    def _deal(self) -> None:
        table = self.table
        if table is None or not self.allowed("deal") or self.view.phase is not Phase.BETTING:
            return
        decisions = self._grade(self._bets_to_deal())  # the bets the deal uses
        assert self.service is not None
        try:  # committed before a card is shown (RULES.md section 1)
            self.service.deal_layout(YOU, self._new_shoe, [d.to_json() for d in decisions])
        except TableError as error:
            if error.code == "store":
                self.report_refusal("The round was not dealt", error)
                self._not_dealt("Not dealt: the data file did not take the bets (see the message).")
            else:
                self._not_dealt(str(error))  # the last bets may be back on the layout
            return
        self.decisions = decisions
        self._show_coup("New shoe: reshuffled at the cut card · dealing…" if table.new_shoe else "Dealing…")

    # -- the coach ------------------------------------------------------

    def _bets_to_deal(self) -> dict[Outcome, int]:
        """The bets the next deal would use: those placed, or the last coup's again."""
        table = self.table
        if table is None:
            return {}
        if table.coup is not None:
            return dict(table.bets)
        if table.placed:
            return dict(table.placed)
        return dict(table.last_bets) if self.view.state.repeat_on_deal else {}

    def next_shoe(self) -> tuple[dict[int, int], str]:
        """The cards the next coup is dealt from, by rank, and where they come from.

        What a player can count: every baccarat card is dealt face up, so the cards left
        are the shoe less every card seen since the shuffle (never their order); the
        cards of a coup still being dealt out count as in the shoe until shown. Once the
        cut card is out, the next coup comes from a new shoe of the settings' decks."""
        table = self.table
        if table is None or table.needs_shoe:
            decks = self._decks()
            return full_shoe_counts(decks), f"a new shoe of {decks} decks"
        cards = table.shoe.undealt()
        coup = table.coup
        if coup is not None and self.view.phase is Phase.DEALING:
            cards += [card for _hand, card in coup.deal_order[self.view.shown :]]
        return remaining_counts(cards), f"{len(cards)} cards left"

    def _grade(self, bets: Mapping[Outcome, int]) -> list[Decision]:
        """Each bet graded against the other two for the cards the coup is dealt from
        (a stacked test shoe too short to count is graded as a full shoe)."""
        if not bets:
            return []
        counts, source = self.next_shoe()
        return grade_bets(bets, counts, source, self._decks())

    def action_edge(self) -> None:
        """Show (or hide) each bet's exact value for the cards left, in the roads' place."""
        shown = not self._layout.odds_shown
        self._layout.show_odds(shown)
        if shown:
            self._refresh_odds()

    def _refresh_odds(self) -> None:
        """The panel for the shoe as it stands now: at once if these counts were done,
        else "counting…" and the figures from a thread."""
        counts, source = self.next_shoe()
        key = (tuple(counts[r] for r in range(1, 14)), source)
        bets = self._bets_to_deal()
        if key == self._odds_key and (self._odds.odds is not None or self._odds.problem):
            self._odds = replace(self._odds, bets=bets)
        else:
            self._odds_key = key
            self._odds = OddsReport(source=source, bets=bets)
            self._count_odds(counts, self._decks(), key)
        self._layout.odds.show(self._odds)

    def odds_bets(self) -> Mapping[Outcome, int]:
        return self._bets_to_deal()

    def _warm_up_odds(self) -> None:
        """Count the odds once in a thread when the table opens: the first count imports
        numpy and builds what every later count shares, so a deal never waits for it."""
        counts, source = self.next_shoe()
        self._count_odds(counts, self._decks(), None)

    def _not_dealt(self, text: str) -> None:
        assert self.table is not None
        self.view = CoupView(Phase.BETTING, self.table.state())
        self._banner.show(text, "error")

    def _show_coup(self, text: str) -> None:
        """Deal the committed coup out on the screen, then settle it."""
        assert self.table is not None
        state = self.table.state()
        coup = state.coup
        assert coup is not None
        self._banner.show(text, "info")
        if self.app.animations:
            self.view = CoupView(Phase.DEALING, state, 0)
        # Card by card in the real order, the scores changing as they come, then a
        # short pause before the result (one catch-up mechanism for every table).
        steps = [(n, "card") for n in range(1, coup.cards_used + 1)] + [(coup.cards_used, "result")]
        self.catch_up(
            steps, lambda step: self._show_cards(state, *step), lambda step: self.app.delay(step[1]), self._finish
        )

    def _show_cards(self, state: BaccaratState, count: int, kind: str) -> None:
        """The first ``count`` cards of the coup on the table. The result step only
        waits: the next picture is the settled coup (with animations off the only one,
        so a key press restyles the controls once, not twice)."""
        if kind == "card":
            self.view = CoupView(Phase.DEALING, state, count)

    def _finish(self) -> None:
        """Settle the coup in the store (one transaction) and show the result.

        If the data file refuses, the coup stays open there (its stakes are already
        on the table): the result is shown, and ``enter`` (or reopening the table)
        saves it.
        """
        table = self.table
        if table is None or table.coup is None:
            return
        state = table.state()
        coup = state.coup
        assert coup is not None
        text, kind = result_text(coup, state.bets)
        if state.new_shoe:
            text = "New shoe · " + text
        assert self.service is not None
        try:  # paid in one transaction; then the coup joins the roads
            self.service.settle_coup(YOU)
        except TableError as error:
            self.report_refusal("The result could not be saved yet", error)
            self.view = CoupView(Phase.UNSAVED, state, coup.cards_used)
            self._banner.show(f"{text} · not saved yet: enter tries again", "error")
            return
        self.decisions = []
        self._remember()
        self.view = CoupView(Phase.BETTING, table.state())
        self._banner.show(text, kind)
        if self._layout.odds_shown:
            self._refresh_odds()  # the next coup's odds: this coup's cards are out
        self.offer_refill_if_needed()

    # -- leaving -------------------------------------------------------------------

    def round_in_progress(self) -> bool:
        return self.table is not None and self.table.coup is not None

    def on_leave(self) -> None:
        self.stop_catching_up()
