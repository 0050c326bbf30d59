"""The punto banco table, local or shared: three bet spots, the coup dealt card by card,
the roads — one screen fed by a :class:`~.baccarat_client.BaccaratClient`.

Betting: ``p``/``b``/``t`` (or a click on a spot) add one chip of the chosen size;
``+``/``-``/``up``/``down`` change the chip size; ``c`` clears; ``r`` puts the last
coup's bets back (and deals, or says ready); ``enter`` deals — at a shared table it says
ready, and with no bet it passes. Right after a coup, ``enter`` alone plays on with the
last coup's bets. The coach: ``e`` ("Edge") shows each bet's exact value for the cards
left in the roads' place (counted in a thread); every bet is graded at the deal; ``k``
toggles coach mode, which asks before dealing a bet worth less than the best by more than
:data:`~cardtable.ai.grading.WARN_THRESHOLD` of its stake.

The screen owns no rule and no money. Its client says what may be done and why not
(the core's :func:`~cardtable.core.baccarat_table.layout_refusal` and table, or the
server's snapshot), takes the bets and the deal, and hands back each coup to deal out.
The locally played table is :class:`~.baccarat_local.LocalBaccarat` (the in-process
service), the shared one :class:`~.baccarat_remote.RemoteBaccarat` (the protocol). The
screen holds one reactive :attr:`BaccaratScreen.view` (the phase, the table's
:class:`~cardtable.core.baccarat_table.BaccaratState`, the cards shown so far); the
widgets draw it and the keys and buttons follow it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.geometry import Size
from textual.reactive import reactive

from ...core.baccarat import Coup, Outcome
from ...core.baccarat_table import SPOT_ORDER, BaccaratState, chip_sizes
from ...i18n import N_, _
from ..widgets.baccarat.layout import BaccaratLayout, CoupView, Phase
from ..widgets.baccarat.odds import OddsReport
from ..widgets.baccarat.table import BetSpot, bets_text
from ..widgets.common.bet import BetControls
from ..widgets.common.footer import KeyFooter
from ..widgets.common.header import TitleHeader
from .baccarat_client import BaccaratClient
from .baccarat_footer import FooterFitting
from .baccarat_odds import OddsCounting
from .base import GameScreen

# BetSpot, chip_sizes and SPOT_ORDER: re-exported
__all__ = ["BaccaratScreen", "BetSpot", "CoupView", "Phase", "chip_sizes", "SPOT_ORDER"]

_BET, _CHIP = Binding.Group(N_("Bet"), compact=True), Binding.Group(N_("Chip"), compact=True)
#: The table keys that say why when they do nothing, and their actions.
_KEY_REFUSALS = {"enter": "deal", "p": "bet", "b": "bet", "t": "bet", "c": "clear", "r": "repeat"}
#: The actions whose keys and buttons follow the view.
_CHECKED = ("bet", "chip", "clear", "repeat", "deal")


class BaccaratScreen(FooterFitting, OddsCounting, GameScreen):
    """Punto banco: bet on Player, Banker or Tie; the cards follow the tableau."""

    GAME = "baccarat"
    COACH_ON = N_("Coach on: a warning before a bet worth 0.5 % less than the best")

    # Every table key is a priority binding: Textual runs priority keys the moment they
    # arrive but queues the others, so "- enter" typed quickly would deal before the
    # chip changed unless both are priority.
    BINDINGS = [
        Binding("p", "bet('P')", N_("Player"), priority=True, id="baccarat.player", group=_BET),
        Binding("b", "bet('B')", N_("Banker"), priority=True, id="baccarat.banker", group=_BET),
        Binding("t", "bet('T')", N_("Tie"), priority=True, id="baccarat.tie", group=_BET),
        Binding("plus,up", "chip(1)", N_("Bigger chip"), key_display="+", priority=True, id="baccarat.chip_up",
                group=_CHIP),
        Binding("minus,down", "chip(-1)", N_("Smaller chip"), key_display="-", priority=True, id="baccarat.chip_down",
                group=_CHIP),
        # c and r: named on their buttons ("Clear  c", "Repeat and deal  r"), not in the
        # footer, which at 80 columns has no room for them beside e and k
        Binding("c", "clear", N_("Clear"), priority=True, id="baccarat.clear", show=False),
        Binding("r", "repeat", N_("Repeat"), priority=True, id="baccarat.repeat", show=False),
        Binding("enter", "deal", N_("Deal"), priority=True, id="baccarat.deal"),
        # the bets' exact values for the shoe as it stands, and coach mode
        # (t is the Tie bet, kept from DESIGN's keys: the odds are on e, "Edge")
        Binding("e", "edge", N_("Edge"), priority=True, id="baccarat.edge"),
        Binding("k", "coach", N_("Coach"), priority=True, id="baccarat.coach"),
    ]

    # repaint=False: the screen draws nothing itself (its widgets repaint what changed);
    # a repaint of the screen would redraw all of it on every key press.
    view: reactive[CoupView] = reactive(CoupView, repaint=False, always_update=True)
    """The phase and the table as shown; keys, buttons and widgets follow it."""

    def __init__(self, client: BaccaratClient | None = None) -> None:
        super().__init__()
        if client is None:  # the table of this machine, played in-process
            from .baccarat_local import LocalBaccarat

            client = LocalBaccarat()
        #: Who keeps the table: the in-process service, or the server.
        self.client = client
        client.screen = self
        #: The odds panel's last figures, and which count of the shoe asked for them.
        self._odds: OddsReport = OddsReport()
        self._odds_key: tuple[tuple[int, ...], str] | None = None
        #: The coach's warning is up (a second deal key waits for its answer).
        self._asking = False
        #: The client has shown the table (the view before that is a placeholder).
        self._started = False

    def table_minimum(self) -> int:
        return self.client.minimum()

    # -- the table, read through the view ------------------------------------------

    @property
    def dealing(self) -> bool:
        return self.view.phase is Phase.DEALING

    @property
    def last_coup(self) -> Coup | None:
        return self.view.state.last_coup

    @property
    def table_layout(self) -> BaccaratLayout:
        """Everything between the header and the footer."""
        return self._layout

    def spot(self, outcome: Outcome) -> BetSpot:
        return self._spots[outcome]

    # -- layout --------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        low, high = self.client.limits()
        shared = self.client.SHARED
        width, height = self.app.size  # the layout's: all but the header's and the footer's line
        self._layout = BaccaratLayout(ascii=self.app.ascii, min_bet=low, max_bet=high, allowed=self.allowed,
                                      players=shared, size=Size(width, max(0, height - 2)))
        self._banner, self._chip, self._spots = self._layout.banner, self._layout.chip, self._layout.spots
        if shared:  # enter says ready: the coup is the table's, dealt when everyone is
            (deal,) = self._bindings.key_to_bindings["enter"]
            self._bindings.key_to_bindings["enter"] = [replace(deal, description=N_("Ready"))]
        self._footer = KeyFooter(early=True)
        self.fit_footer(self._footer)
        yield TitleHeader()
        yield self._layout
        yield self._footer

    def on_mount(self) -> None:
        super().on_mount()
        self._started = True
        if self.client.SHARED:  # the betting window's countdown
            self.set_interval(0.5, self.tick)
        self.client.start()
        self._warm_up_odds()
        self.offer_refill_if_needed()

    # -- what may be done: the client's word ---------------------------------------

    def allowed(self, action: str, parameter: object = None) -> bool:
        """Whether the action may be taken now (keys and buttons alike)."""
        if action == "chip":
            return not self.dealing and (self._chip.can_increase if parameter == 1 else self._chip.can_decrease)
        return self.client.allowed(action)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in _CHECKED:
            return True if self.allowed(action, parameters[0] if parameters else None) else None
        return True

    def watch_view(self, view: CoupView) -> None:
        """Draw the view (the layout asks :meth:`allowed` for each button)."""
        if not self._started:
            return
        self._layout.view = view
        self._dim_keys()

    def on_key(self, event: events.Key) -> None:
        """A table key that does nothing now says why (the client's words): a real table
        never bets for the player, so ``enter`` with nothing to deal says how to bet."""
        action = _KEY_REFUSALS.get(event.key)
        if action is not None and not self.allowed(action):
            event.stop()
            self._banner.show(self.client.why_not(action), "error")

    def show_bets(self, text: str | None = None, kind: str = "info") -> None:
        """The client's bets changed (or not, ``kind`` "error"): the table, its words,
        and the odds panel's stakes follow."""
        if kind == "error":
            if text:
                self._banner.show(text, "error")
            return
        self.view = self.client.view()
        if text:
            self._banner.show(text, kind)
        if self._layout.odds_shown and self._odds.odds is not None:
            self._layout.odds.report = replace(self._odds, bets=self.client.bets_to_deal())

    # -- betting -------------------------------------------------------------------

    def action_bet(self, letter: str) -> None:
        if self.allowed("bet"):
            self.client.add_chip(Outcome(letter), self._chip.value)

    def on_bet_spot_clicked(self, event: BetSpot.Clicked) -> None:
        if not self.allowed("bet"):
            return
        if event.remove:
            self.client.take_back(event.spot.outcome, self._chip.value)
        else:
            self.client.add_chip(event.spot.outcome, self._chip.value)

    def action_clear(self) -> None:
        if self.allowed("clear"):
            self.client.clear()

    def action_repeat(self) -> None:
        """The last coup's bets placed again and dealt (or ready), as ``r`` does at every table."""
        if self.allowed("repeat"):
            self.client.repeat()

    #: The chip value the keys were last dimmed for by a chip key: its Changed needs no more.
    _dimmed_for: int | None = None

    def action_chip(self, step: int) -> None:
        if step > 0:
            self._chip.increase()
        else:
            self._chip.decrease()
        # now, in the same frame (not when Changed arrives), and only the chip keys: a
        # chip's size changes nothing else a key may do
        self._dim_chip_keys(self.allowed("chip", 1), self.allowed("chip", -1))
        self._dimmed_for = self._chip.value

    def on_bet_controls_changed(self, event: BetControls.Changed) -> None:
        if event.value != self._dimmed_for:  # a click on the chip's − or + (a key's: done)
            self._dim_keys()
        self._dimmed_for = None

    # -- the deal, the coach's question first ----------------------------------------

    def action_deal(self) -> None:
        """Deal (or say ready): the client decides what ``enter`` means now."""
        if self.allowed("deal"):
            self.client.deal()

    def deal_out(self, state: BaccaratState, text: str, done: Callable[[], None]) -> None:
        """Deal the coup of ``state`` out card by card, in the real order, the scores
        changing as they come, then a short pause before ``done`` (at once with
        animations off: the last picture only)."""
        coup = state.coup
        assert coup is not None
        self._banner.show(text, "info")
        if self.app.animations:
            self.view = CoupView(Phase.DEALING, state, 0)
        steps = [(n, "card") for n in range(1, coup.cards_used + 1)] + [(coup.cards_used, "result")]

        def show(step: tuple[int, str]) -> None:
            if step[1] == "card":  # the result step only waits
                self.view = CoupView(Phase.DEALING, state, step[0])

        self.catch_up(steps, show, lambda step: self.app.delay(step[1]), done)

    #: The last coup's result as shown: how to word it, and the words shown.
    _result: tuple[Callable[[], tuple[str, str]], str] | None = None

    def coup_shown(self, words: Callable[[], tuple[str, str]]) -> None:
        """The coup is settled and shown: the table takes bets again. ``words`` words its
        result (and its kind) in the language in force: again after a change."""
        self.view = self.client.view()
        text, kind = words()
        self._result = (words, text)
        self._banner.show(text, kind)
        if self._layout.odds_shown:
            self._refresh_odds()  # the next coup's odds: this coup's cards are out
        self.offer_refill_if_needed()

    def action_coach(self) -> None:
        """Coach mode on or off (``k``); off, the client says what still happens."""
        on = self.toggle_coach()
        if on is not None:
            self._banner.show(_(self.COACH_ON) if on else _(self.client.COACH_OFF), "info")

    # -- leaving -------------------------------------------------------------------

    def round_in_progress(self) -> bool:
        return self.client.round_in_progress()

    def action_leave(self) -> None:
        """Back to the lobby (a shared seat is given back to the server first)."""
        if not self.client.leave():
            super().action_leave()

    def action_history(self) -> None:
        if not self.client.history():
            super().action_history()

    def _note_session_start(self) -> None:
        if not self.client.SHARED:  # a shared table's statistics are the server's
            super()._note_session_start()

    def tick(self) -> None:
        """Twice a second at a shared table: the betting window's countdown moves on."""
        self.client.tick()

    def on_leave(self) -> None:
        self.stop_catching_up()

    def on_resize(self) -> None:
        """A new width may give the chip keys room in the footer, or take it away (the
        Resize that follows the first layout, at the width fitted in compose, does nothing)."""
        if self.app.size.width != self.fitted_width and self.fit_footer(self._footer):
            self._dimmed = None  # the footer is built again: its keys read afresh
            self.refresh_bindings()

    def retranslate(self) -> None:
        """The language changed: the table's words again, and the banner says the last
        coup's result anew if it still shows it, else what the table waits for now (its
        last words were in the other language)."""
        self._layout.reword()
        self.client.reword()
        self.fit_footer(self._footer)  # the app then refreshes the footer
        self._dimmed = None
        if self._result is not None and self._banner.text == self._result[1]:
            self.coup_shown(self._result[0])  # the last coup's result, still shown: worded anew
        elif self.view.phase is not Phase.DEALING:
            then = _("enter when ready") if self.client.SHARED else None
            self._banner.show(bets_text(self.client.bets_to_deal(), then), "info")
