"""The punto banco table: three bet spots, the coup dealt card by card, the roads.

Betting: ``p``/``b``/``t`` (or a click on a spot) add one chip of the chosen size;
``+``/``-``/``up``/``down`` change the chip size; ``c`` clears; ``r`` puts the last
coup's bets back; ``enter`` deals (with empty spots it repeats the last coup's bets,
so ``enter`` alone keeps playing). Nothing leaves the bankroll until the coup is
committed when it is dealt (the stakes leave the bankroll with the coup saved open) and
settled in one transaction; leaving mid-deal leaves the coup open, and the table
deals it out when it is opened again.
"""

from __future__ import annotations

from collections.abc import Mapping

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Button, Header, Label

from ...core.baccarat import (
    CUT_FROM_END,
    DECK_CHOICES,
    DEFAULT_DECKS,
    Coup,
    Outcome,
    settle,
    win_amount,
)
from ...core.baccarat_table import BaccaratTable
from ...core.cards import Shoe, ShoeEmpty
from ...core.money import format_chips, format_signed
from ...core.record import RecordError
from ..widgets.baccarat.roads import BeadPlate, BigRoadBoard, RoadTally
from ..widgets.baccarat.table import BetSpot, HandView, RoadTitles
from ..widgets.common.banner import Banner
from ..widgets.common.bet import BetControls
from ..widgets.common.chips import ChipBalance
from ..widgets.common.footer import KeyFooter
from ..widgets.common.labels import FixedLabel
from .base import GameScreen

__all__ = ["BaccaratScreen", "BetSpot", "chip_sizes", "SPOT_ORDER"]  # BetSpot: re-exported

#: Left to right on the layout, as on a real punto banco table.
SPOT_ORDER: tuple[Outcome, ...] = (Outcome.PLAYER, Outcome.TIE, Outcome.BANKER)
_BET_GROUP = Binding.Group("Bet", compact=True)
_CHIP_GROUP = Binding.Group("Chip", compact=True)
#: The actions whose keys the footer dims: checked after each change of the table.
_KEYED_ACTIONS: tuple[tuple[str, tuple[object, ...]], ...] = (
    ("bet", ("P",)), ("chip", (1,)), ("chip", (-1,)), ("clear", ()), ("repeat", ()), ("deal", ()),
)
_NO_BET_HINT = "Place a bet first: p Player · b Banker · t Tie, or click a spot"
#: Casino chip denominations in whole chips (hundredths).
_DENOMINATIONS = (100, 500, 1_000, 2_500, 5_000, 10_000, 50_000, 100_000)


def chip_sizes(minimum: int, maximum: int) -> list[int]:
    """The chips on offer: the table minimum, then the denominations up to the maximum.

    Every chip is at least the minimum, so any stake built of chips respects it; all are
    whole chips, so a Banker win (0.95:1) is always exact to the hundredth.
    """
    sizes = [minimum] + [d for d in _DENOMINATIONS if minimum < d <= maximum]
    return sizes


class BaccaratScreen(GameScreen):
    """Punto banco: bet on Player, Banker or Tie; the cards follow the tableau."""

    GAME = "baccarat"

    DEFAULT_CSS = """
    BaccaratScreen #bac-top { height: 1; }
    BaccaratScreen #bac-balance { width: 1fr; }
    BaccaratScreen #bac-shoe { width: auto; color: $text-muted; padding: 0 1; }
    BaccaratScreen #bac-hands { height: 6; }
    BaccaratScreen #bac-banner { height: 1; }
    BaccaratScreen #bac-bets { height: 4; margin: 0 0 0 1; }
    BaccaratScreen #bac-chip { margin: 0; }
    BaccaratScreen #bac-actions { height: 1; margin: 0 1; }
    BaccaratScreen #bac-actions > Button { margin-right: 2; }
    BaccaratScreen #bac-chip > .bet-label { padding: 0 0 0 1; }
    BaccaratScreen #bac-road-titles { width: 1fr; height: 1; color: $text-muted; margin: 0 1; }
    BaccaratScreen #bac-roads { height: 6; margin: 0 1; }
    BaccaratScreen #bac-bead { width: 24; margin-right: 2; }
    BaccaratScreen #bac-road { width: 1fr; margin-right: 2; }
    BaccaratScreen #bac-tally { width: 14; }
    BaccaratScreen #bac-note { height: 1; color: $text-muted; text-style: italic; margin: 0 1; }
    """

    # Every table key is a priority binding: Textual runs priority keys the moment they
    # arrive but queues the others, so "- enter" typed quickly would deal before the
    # chip changed unless both are priority.
    BINDINGS = [
        Binding("p", "bet('P')", "Player", priority=True, id="baccarat.player", group=_BET_GROUP),
        Binding("b", "bet('B')", "Banker", priority=True, id="baccarat.banker", group=_BET_GROUP),
        Binding("t", "bet('T')", "Tie", priority=True, id="baccarat.tie", group=_BET_GROUP),
        Binding(
            "plus,up", "chip(1)", "Bigger chip", key_display="+", priority=True, id="baccarat.chip_up",
            group=_CHIP_GROUP,
        ),
        Binding(
            "minus,down", "chip(-1)", "Smaller chip", key_display="-", priority=True, id="baccarat.chip_down",
            group=_CHIP_GROUP,
        ),
        Binding("c", "clear", "Clear", priority=True, id="baccarat.clear"),
        Binding("r", "repeat", "Repeat", priority=True, id="baccarat.repeat"),
        Binding("enter", "deal", "Deal", priority=True, id="baccarat.deal"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.bets: dict[Outcome, int] = {o: 0 for o in Outcome}
        self.last_bets: dict[Outcome, int] = {}
        self.dealing = False
        #: The shoe, this shoe's results and the coup on the table (the core's).
        self.table: BaccaratTable | None = None
        self.last_coup: Coup | None = None
        self._ready = False
        self._undealt = 0  # cards of the coup being dealt that are not on the table yet
        self._shown_shoe: str | None = None
        self._key_state: tuple[bool | None, ...] = ()

    # -- settings ------------------------------------------------------------------

    @property
    def decks(self) -> int:
        decks = self.app.settings.baccarat_decks
        return decks if decks in DECK_CHOICES else DEFAULT_DECKS

    @property
    def minimum(self) -> int:
        return self.app.settings.bac_min

    @property
    def maximum(self) -> int:
        return self.app.settings.bac_max

    def table_minimum(self) -> int:
        return self.minimum

    # -- layout --------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        ascii = bool(self.app.ascii)
        yield Header()
        with Horizontal(id="bac-top"):
            yield ChipBalance(id="bac-balance")
            yield FixedLabel("", id="bac-shoe")
        with Horizontal(id="bac-hands"):
            yield HandView(Outcome.PLAYER, ascii=ascii, id="hand-player")
            yield HandView(Outcome.BANKER, ascii=ascii, id="hand-banker")
        yield Banner(id="bac-banner")
        with Horizontal(id="bac-bets"):
            for outcome in SPOT_ORDER:
                yield BetSpot(outcome, id=f"spot-{outcome.label.lower()}")
            yield BetControls(chip_sizes(self.minimum, self.maximum), label="Chip", id="bac-chip")
        with Horizontal(id="bac-actions"):
            yield Button("Deal  enter", id="bac-deal", compact=True, variant="primary")
            yield Button("Clear  c", id="bac-clear", compact=True)
            yield Button("Repeat last bets  r", id="bac-repeat", compact=True)
        yield RoadTitles(id="bac-road-titles")
        with Horizontal(id="bac-roads"):
            yield BeadPlate(id="bac-bead")
            yield BigRoadBoard(id="bac-road")
            yield RoadTally(id="bac-tally")
        yield Label(
            "Coups are independent: the roads record this shoe, they predict nothing.",
            id="bac-note",
        )
        yield KeyFooter()

    def on_mount(self) -> None:
        self._ready = True
        resumed = self._resume_saved_coup()
        if resumed is not None:
            self.table = resumed
            self._show_coup(resumed, "Your coup was waiting for you: dealing it out…")
            return
        self.table = BaccaratTable(self._new_shoe())
        self.query_one("#bac-banner", Banner).show(
            "Place your bets: p Player · b Banker · t Tie, then enter to deal", "info"
        )
        self._sync()
        self.offer_refill_if_needed()

    def _resume_saved_coup(self) -> BaccaratTable | None:
        """The coup left open (here or in an earlier run), dealt again from its record."""
        record = self.saved_record()
        if record is None:
            return None
        try:
            return BaccaratTable.resume(record, self.card_app.rng(self.GAME))
        except RecordError as error:
            self.void_saved_round(error)
            return None

    @property
    def shoe(self) -> Shoe | None:
        """The shoe being dealt."""
        return self.table.shoe if self.table is not None else None

    @property
    def history(self) -> list[Outcome]:
        """Outcomes of the coups settled from this shoe (the roads)."""
        return self.table.history if self.table is not None else []

    # -- helpers -------------------------------------------------------------------

    def _new_shoe(self) -> Shoe:
        return self.app.make_shoe(self.GAME, self.decks, CUT_FROM_END)

    @property
    def chip(self) -> int:
        return self.query_one("#bac-chip", BetControls).value

    @property
    def on_table(self) -> int:
        return sum(self.bets.values())

    def spot(self, outcome: Outcome) -> BetSpot:
        return self.query_one(f"#spot-{outcome.label.lower()}", BetSpot)

    def _banner(self, text: str, kind: str = "info") -> None:
        self.query_one("#bac-banner", Banner).show(text, kind)

    def _shoe_text(self) -> str:
        shoe = self.shoe
        if shoe is None:
            return ""
        left = shoe.remaining + self._undealt  # cards of the coup not shown yet are still "in the shoe"
        if shoe.cut_from_end is not None and left <= shoe.cut_from_end:
            return f"{left} cards left · cut card out: shuffle next"
        decks = f"{shoe.decks} decks · " if shoe.decks else ""
        # where the cut card is: how many more cards until it comes out
        cut = f" · cut card in {left - shoe.cut_from_end}" if shoe.cut_from_end is not None else ""
        return f"{decks}{left} cards left{cut}"

    def _sync(self) -> None:
        """Bring every widget in step with the screen's state."""
        if not self._ready:
            return
        for outcome in Outcome:
            spot = self.spot(outcome)
            spot.stake = self.bets[outcome]
            spot.disabled = self.dealing
        self.query_one("#bac-chip", BetControls).locked = self.dealing
        for action in ("deal", "clear", "repeat"):  # buttons agree with the footer keys
            self.query_one(f"#bac-{action}", Button).disabled = self.check_action(action, ()) is not True
        balance = self.query_one("#bac-balance", ChipBalance)
        balance.at_stake = self.on_table
        # bets placed for the next coup are still in the bankroll; a dealt coup's are not
        balance.uncommitted = 0 if self.round_in_progress() else self.on_table
        self._show_shoe()
        outcomes = tuple(self.history)
        self.query_one("#bac-bead", BeadPlate).outcomes = outcomes
        self.query_one("#bac-road", BigRoadBoard).outcomes = outcomes
        self.query_one("#bac-tally", RoadTally).outcomes = outcomes
        self._refresh_keys()

    def _show_shoe(self) -> None:
        """Update the shoe line only when its text changes (a re-layout costs the whole screen)."""
        text = self._shoe_text()
        old = self._shown_shoe
        if text != old:
            self._shown_shoe = text
            # the label is as wide as its text: re-lay the line only when the width changes
            self.query_one("#bac-shoe", FixedLabel).update(text, layout=old is None or len(old) != len(text))

    def _refresh_keys(self) -> None:
        """Refresh the footer only when a key's state changed (it rebuilds all its keys)."""
        state = tuple(
            self.check_action(action, params)
            for action, params in _KEYED_ACTIONS
        )
        if state != self._key_state:
            self._key_state = state
            self.refresh_bindings()
            # The footer hears refresh_bindings a message later, after this key's frame
            # was drawn: dim its keys now so the key press costs one frame, not two.
            # (When the message arrives nothing has changed any more: no second frame.)
            # Only the in-place dimming; a rebuild stays with the message.
            for footer in self.query(KeyFooter):
                footer.refresh_keys()

    def _clear_marks(self) -> None:
        for outcome in Outcome:
            self.spot(outcome).mark(None)

    # -- bindings ------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        betting = not self.dealing
        if action == "bet":
            return True if betting else None
        if action == "chip":
            if not self._ready:
                return True
            controls = self.query_one("#bac-chip", BetControls)
            step = parameters[0] if parameters else 1
            return True if (controls.can_increase if step == 1 else controls.can_decrease) else None
        if action == "clear":
            return True if betting and self.on_table else None
        if action == "repeat":
            placed = {o: s for o, s in self.bets.items() if s}
            return True if betting and self.last_bets and self.last_bets != placed else None
        if action == "deal":
            unsaved = self.table is not None and self.table.coup is not None
            return True if betting and (self.on_table or self.last_bets or unsaved) else None
        return True

    def on_key(self, event: events.Key) -> None:
        """``enter`` with nothing to deal: the Deal key is dimmed, but say what it needs.

        A real table never bets for the player, so the first ``enter`` (no bet yet, no
        last bets to repeat) deals nothing; it shows how to bet instead of doing nothing.
        """
        if event.key == "enter" and not self.dealing and self.check_action("deal", ()) is not True:
            event.stop()
            self._banner(_NO_BET_HINT, "error")

    def on_bet_controls_changed(self, event: BetControls.Changed) -> None:
        self._refresh_keys()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        actions = {"bac-deal": self.action_deal, "bac-clear": self.action_clear, "bac-repeat": self.action_repeat}
        action = actions.get(event.button.id or "")
        if action is not None:
            event.stop()
            action()

    # -- actions -------------------------------------------------------------------

    def action_bet(self, letter: str) -> None:
        self.add_chip(Outcome(letter))

    def on_bet_spot_clicked(self, event: BetSpot.Clicked) -> None:
        if event.remove:
            self.remove_chip(event.spot.outcome)
        else:
            self.add_chip(event.spot.outcome)

    def remove_chip(self, outcome: Outcome) -> bool:
        """Take one chip of the chosen size back from ``outcome`` (all of it if less)."""
        if self.dealing or not self.bets[outcome]:
            return False
        self.bets[outcome] = max(0, self.bets[outcome] - self.chip)
        self._banner(self._bets_text(), "info")
        self._sync()
        return True

    def add_chip(self, outcome: Outcome) -> bool:
        """One chip of the chosen size on ``outcome``; refused (with a message) if not allowed."""
        if self.dealing:
            return False
        chip = self.chip
        bankroll = self.app.bankroll
        if self.bets[outcome] + chip > self.maximum:
            self._banner(
                f"Refused: the limit is {format_chips(self.maximum)} per spot "
                f"({outcome.label} has {format_chips(self.bets[outcome])})",
                "error",
            )
            return False
        if self.on_table + chip > bankroll:
            self._banner(
                f"Refused: your bankroll of {format_chips(bankroll)} cannot cover "
                f"another {format_chips(chip)} (on the table {format_chips(self.on_table)})",
                "error",
            )
            return False
        if self.last_coup is not None and not self.on_table:
            self._clear_marks()  # a new coup's betting begins
        self.bets[outcome] += chip
        self._banner(self._bets_text(), "info")
        self._sync()
        return True

    def _bets_text(self) -> str:
        placed = [f"{o.label} {format_chips(self.bets[o])}" for o in SPOT_ORDER if self.bets[o]]
        if not placed:
            return "No bets. p Player · b Banker · t Tie"
        return "Bets: " + " · ".join(placed) + " — enter to deal"

    def action_chip(self, step: int) -> None:
        controls = self.query_one("#bac-chip", BetControls)
        if step > 0:
            controls.increase()
        else:
            controls.decrease()
        self._refresh_keys()  # now, in the same frame (not when Changed arrives)

    def action_clear(self) -> None:
        if self.dealing:
            return
        self.bets = {o: 0 for o in Outcome}
        self._banner("Bets cleared", "info")
        self._sync()

    def action_repeat(self) -> None:
        if self.dealing or not self.last_bets:
            return
        self._place(self.last_bets)

    def _place(self, bets: Mapping[Outcome, int]) -> bool:
        """Replace the bets by ``bets`` if the bankroll covers them (else say why)."""
        total = sum(bets.values())
        bankroll = self.app.bankroll
        if total > bankroll:
            self._banner(
                f"Refused: your bankroll of {format_chips(bankroll)} cannot cover "
                f"the last bets ({format_chips(total)})",
                "error",
            )
            return False
        self._clear_marks()
        self.bets = {o: bets.get(o, 0) for o in Outcome}
        self._banner(self._bets_text(), "info")
        self._sync()
        return True

    def action_deal(self) -> None:
        if self.dealing or self.table is None:
            return
        if self.table.coup is not None:  # a settled coup the data file has not taken yet
            self._finish()
            return
        if not self.on_table:
            if not self.last_bets:
                self._banner(_NO_BET_HINT, "error")
                return
            if not self._place(self.last_bets):
                return
        bankroll = self.app.bankroll
        if self.on_table > bankroll:
            self._banner(f"Refused: your bankroll of {format_chips(bankroll)} cannot cover these bets", "error")
            return
        table = self.table
        if table.needs_shoe:
            table.replace_shoe(self._new_shoe())
        try:
            table.deal(self.bets)
        except ShoeEmpty:  # only a stacked (test) shoe can run dry
            table.replace_shoe(self._new_shoe())
            try:
                table.deal(self.bets)
            except ShoeEmpty:
                self._banner("The shoe is empty", "error")
                return
        # Committed before a card is shown: the stakes leave the bankroll with the coup
        # saved open, in one transaction (RULES.md section 1).
        if not self.card_app.commit_round(self.GAME, table.staked, table.record().to_json()):
            table.undo_deal()
            self._banner("Not dealt: the data file did not take the bets (see the message).", "error")
            return
        self._show_coup(table, "New shoe: reshuffled at the cut card · dealing…" if table.new_shoe else "Dealing…")

    def _show_coup(self, table: BaccaratTable, text: str) -> None:
        """Deal the committed coup out on the screen, then settle it."""
        coup = table.coup
        assert coup is not None
        self.bets = {o: table.bets.get(o, 0) for o in Outcome}
        self.dealing = True
        self._undealt = coup.cards_used
        self._clear_marks()
        self._banner(text, "info")
        if self.app.animations:
            for hand in self.query(HandView):
                hand.set_cards([])
            self._sync()
        # Card by card in the real order, the scores changing as they come, then a
        # short pause before the result (one catch-up mechanism for every table).
        steps = [(n, "card") for n in range(1, coup.cards_used + 1)] + [(coup.cards_used, "result")]
        self.catch_up(steps, lambda step: self._show_cards(coup, step[0]), self._pause_before, self._finish)

    def _pause_before(self, step: tuple[int, str]) -> float:
        return self.app.delay(step[1])

    def _show_cards(self, coup: Coup, count: int) -> None:
        """The first ``count`` cards of the coup on the table."""
        dealt = coup.deal_order[:count]
        self._undealt = coup.cards_used - count
        for hand in (Outcome.PLAYER, Outcome.BANKER):
            view = self.query_one(f"#hand-{hand.label.lower()}", HandView)
            cards = [c for h, c in dealt if h is hand]
            if cards != view.cards:  # only the hand that got a card repaints
                view.set_cards(cards)
        self._show_shoe()

    def _finish(self) -> None:
        """Settle the coup in the store (one transaction) and show the result.

        If the data file refuses, the coup stays open there (its stakes are already
        on the table): the result is shown, and ``enter`` (or reopening the table)
        saves it.
        """
        table = self.table
        if table is None or table.coup is None:
            return
        coup, bets = table.coup, dict(table.bets)
        staked = table.staked
        returned = table.returned()
        details = {
            "bets": {o.label.lower(): bets[o] for o in Outcome if bets.get(o)},
            "player": [str(c) for c in coup.player],
            "banker": [str(c) for c in coup.banker],
            "player_total": coup.player_total,
            "banker_total": coup.banker_total,
            "outcome": coup.outcome.label,
            "coup": coup.describe(),
        }
        self.dealing = False
        text, kind = self._result_text(coup, bets)
        if table.new_shoe:
            text = "New shoe · " + text
        if not self.card_app.settle_round(self.GAME, staked, returned, details):
            self._mark_spots(coup.outcome, bets)
            self._banner(f"{text} · not saved yet: enter tries again", "error")
            self._sync()
            return
        table.finish()
        self.last_coup = coup
        self.last_bets = {o: s for o, s in bets.items() if s}
        self.bets = {o: 0 for o in Outcome}
        self._mark_spots(coup.outcome, bets)
        self._banner(text, kind)
        self._sync()
        self.offer_refill_if_needed()

    def _mark_spots(self, outcome: Outcome, bets: Mapping[Outcome, int]) -> None:
        for spot_outcome in Outcome:
            stake = bets.get(spot_outcome, 0)
            amount = format_chips(stake)
            if spot_outcome is outcome:
                result = "win"
                note = f"{amount} won {format_signed(win_amount(spot_outcome, stake))}" if stake else "wins"
            elif outcome is Outcome.TIE and stake:
                result, note = "push", f"{amount} push"
            else:
                result, note = "lose", (f"{amount} lost" if stake else "")
            self.spot(spot_outcome).mark(result, note)

    @staticmethod
    def _result_text(coup: Coup, bets: Mapping[Outcome, int]) -> tuple[str, str]:
        """Banner text and kind: who won, by what, and the player's net."""
        staked = sum(bets.values())
        returned = settle(bets, coup)
        p, b = coup.player_total, coup.banker_total
        if coup.outcome is Outcome.TIE:
            head = f"Tie {p} to {b}"
        else:
            high, low = max(p, b), min(p, b)
            head = f"{coup.outcome.label} wins {high} to {low}"
        if coup.natural:
            head += " (natural)"
        net = returned - staked
        if net > 0:
            return f"{head} · you win {format_signed(net)}", "win"
        if net < 0:
            return f"{head} · you lose {format_chips(-net)}", "lose"
        if coup.outcome is Outcome.TIE:
            return f"{head} · push: your {format_chips(staked)} back", "push"
        lost = sum(stake for spot, stake in bets.items() if spot is not coup.outcome)
        return f"{head} · you break even (won and lost {format_chips(lost)})", "push"

    # -- leaving -------------------------------------------------------------------

    def round_in_progress(self) -> bool:
        return self.dealing or (self.table is not None and self.table.coup is not None)

    def on_leave(self) -> None:
        self.stop_catching_up()
