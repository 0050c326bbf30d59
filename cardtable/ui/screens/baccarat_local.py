"""The baccarat table of this machine: the in-process :class:`BaccaratService` with one
person, no betting window.

The core :class:`~cardtable.core.baccarat_table.BaccaratTable` takes the bets (and says
why it refuses one); ``deal_layout`` commits the stakes, with the bets' grades, before a
card is shown; the screen deals the coup out, then ``settle_coup`` pays it in one
transaction. Leaving mid-deal leaves the coup open, and the table deals it out when it
is opened again. If the data file refuses the settlement the coup stays open and
``enter`` tries again.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial

from ...ai.coach_baccarat import full_shoe_counts, remaining_counts
from ...ai.grading import Decision, decisions_in
from ...core.baccarat import CUT_FROM_END, DECK_CHOICES, DEFAULT_DECKS, Coup, Outcome
from ...core.baccarat_table import BaccaratTable, Phase
from ...core.cards import Shoe
from ...core.refusal import Refusal
from ...i18n import N_, _
from ...i18n.refusals import word, word_refusal
from ...tables.baccarat import BaccaratService
from ...tables.hub import TableError
from ...tables.local import YOU, LocalAccount, LocalHub
from ..widgets.baccarat.layout import CoupView
from ..widgets.baccarat.table import bets_text
from ..widgets.baccarat.words import result_words
from .baccarat_client import NO_BET_HINT, BaccaratClient

__all__ = ["LocalBaccarat"]


class LocalBaccarat(BaccaratClient):
    """One person at the in-process table service."""

    def __init__(self) -> None:
        #: The table service (in-process, one person): it commits and pays every coup.
        self.service: BaccaratService | None = None
        #: The coup on the table's bets, graded at the deal: they go into its open
        #: record's meta and the settled round's details.
        self.decisions: list[Decision] = []
        #: The coup is shown settled but the data file did not take it: enter saves.
        self.unsaved = False

    @property
    def table(self) -> BaccaratTable:
        """The shoe, this shoe's results, the bets and the coup on the table (the core's)."""
        assert self.service is not None
        return self.service.table

    def limits(self) -> tuple[int, int]:
        settings = self.screen.app.settings
        return settings.bac_min, settings.bac_max

    def decks(self) -> int:
        decks = self.screen.app.settings.baccarat_decks
        return decks if decks in DECK_CHOICES else DEFAULT_DECKS

    def _new_shoe(self) -> Shoe:
        return self.screen.app.make_shoe(self.screen.GAME, self.decks(), CUT_FROM_END)

    # -- the table opens -------------------------------------------------------------

    def start(self) -> None:
        screen, app = self.screen, self.screen.app
        # a coup left open (here or in an earlier run) is dealt again from its record
        resumed = screen.resume_saved(lambda record: BaccaratTable.resume(record, app.rng(screen.GAME)))
        low, high = self.limits()
        self.service = BaccaratService(
            0, LocalHub(screen.table_said), bet_window=0, min_bet=low, max_bet=high,
            decks=self.decks(), table=resumed if resumed is not None else BaccaratTable(self._new_shoe()),
        )
        self.service.sit(LocalAccount(app.store, app.bankroll))
        if resumed is not None:
            record = screen.resumed_record
            self.decisions = decisions_in(record.meta) if record is not None else []
            self.service.resumed([d.to_json() for d in self.decisions])
            self._show_coup(_("Your coup was waiting for you: dealing it out…"))
            return
        self._recall()
        screen.show_bets(_("Place your bets: p Player · b Banker · t Tie, then enter to deal"))

    def _recall(self) -> None:
        """The last coup's bets (r repeats them) and the chip, as the table was left."""
        app = self.screen.app
        memory = app.table_memory(self.screen.GAME)
        self.table.recall(memory.get("last_bets"), app.settings.bac_max)
        chip = memory.get("chip")
        if isinstance(chip, int) and chip in self.screen.table_layout.chip.values:
            self.screen.table_layout.chip.set_value(chip)

    def _remember(self) -> None:
        memory = {"last_bets": self.table.memory(), "chip": self.screen.table_layout.chip.value}
        self.screen.app.remember_table(self.screen.GAME, memory)

    # -- read ------------------------------------------------------------------------

    def view(self) -> CoupView:
        if self.service is None:
            return CoupView()
        state = self.table.state()
        if self.unsaved and state.coup is not None:
            return CoupView(Phase.UNSAVED, state, state.coup.cards_used)
        return CoupView(Phase.BETTING, state)

    def allowed(self, action: str) -> bool:
        shown = self.screen.view
        betting, state = shown.phase is Phase.BETTING, shown.state
        if action == "bet":
            return betting
        if action == "clear":
            return betting and state.can_clear
        if action == "repeat":
            return betting and state.can_repeat
        if action == "deal":
            return shown.phase is Phase.UNSAVED or (betting and state.can_deal)
        return True

    def bets_to_deal(self) -> Mapping[Outcome, int]:
        """The bets the next deal would use: those placed, or the last coup's again."""
        if self.service is None:
            return {}
        table = self.table
        if table.coup is not None:
            return dict(table.bets)
        if table.placed:
            return dict(table.placed)
        return dict(table.last_bets) if self.screen.view.state.repeat_on_deal else {}

    def next_shoe(self) -> tuple[dict[int, int] | None, str]:
        """What a player can count: every baccarat card is dealt face up, so the cards
        left are the shoe less every card seen since the shuffle (never their order); the
        cards of a coup still being dealt out count as in the shoe until shown. Once the
        cut card is out, the next coup comes from a new shoe of the settings' decks."""
        if self.service is None or self.table.needs_shoe:
            decks = self.decks()
            return full_shoe_counts(decks), f"a new shoe of {decks} decks"
        cards = self.table.shoe.undealt()
        coup, shown = self.table.coup, self.screen.view
        if coup is not None and shown.phase is Phase.DEALING:
            cards += [card for _hand, card in coup.deal_order[shown.shown :]]
        return remaining_counts(cards), f"{len(cards)} cards left"

    def round_in_progress(self) -> bool:
        return self.service is not None and self.table.coup is not None

    # -- betting ---------------------------------------------------------------------

    def add_chip(self, outcome: Outcome, chip: int) -> None:
        app = self.screen.app
        refusal = self.table.place(outcome, chip, app.bankroll, app.settings.bac_max)
        self._bets_changed(refusal)

    def take_back(self, outcome: Outcome, chip: int) -> None:
        if self.table.take_back(outcome, chip):
            self._bets_changed(None)

    def clear(self) -> None:
        self.table.clear()
        self.screen.show_bets(_("Bets cleared"))

    def repeat(self) -> None:
        refusal = self.table.repeat(self.screen.app.bankroll)
        if refusal is not None:
            self.screen.show_bets(word_refusal(refusal), "error")
            return
        self.screen.view = self.view()
        self.screen.action_deal()

    def _bets_changed(self, refusal: Refusal | None) -> None:
        """Show the table's new bets, or say why they did not change."""
        if refusal is not None:
            self.screen.show_bets(word_refusal(refusal), "error")
        else:
            self.screen.show_bets(bets_text(self.table.state().bets))

    # -- the coup --------------------------------------------------------------------

    def deal(self) -> None:
        """Deal the bets (the last coup's again if none are placed), committed before a
        card is shown; or save a settled coup the data file did not take."""
        if self.unsaved:
            self._finish()
            return
        bets = self.bets_to_deal()
        if sum(bets.values()) > self.screen.app.bankroll:
            self._deal()  # the table refuses it, in words: no question first
        else:
            self.screen.coached(bets, self._deal, N_("deal"))

    def _deal(self) -> None:
        screen = self.screen
        if not screen.allowed("deal") or screen.view.phase is not Phase.BETTING:
            return
        decisions = screen.grade(self.bets_to_deal())  # the bets the deal uses
        assert self.service is not None
        try:  # committed before a card is shown (docs/rules.md section 1)
            self.service.deal_layout(YOU, self._new_shoe, [d.to_json() for d in decisions])
        except TableError as error:
            if error.code == "store":
                screen.report_refusal(N_("The round was not dealt"), error)
                self._not_dealt(_("Not dealt: the data file did not take the bets (see the message)."))
            else:
                self._not_dealt(word(error.code, error.params))  # the last bets may be back on the layout
            return
        self.decisions = decisions
        self._show_coup(_("New shoe: reshuffled at the cut card · dealing…") if self.table.new_shoe else _("Dealing…"))

    def _not_dealt(self, text: str) -> None:
        self.screen.view = self.view()
        self.screen.show_bets(text, "error")

    def _show_coup(self, text: str) -> None:
        """Deal the committed coup out on the screen, then settle it."""
        self.screen.deal_out(self.table.state(), text, self._finish)

    def _finish(self) -> None:
        """Settle the coup in the store (one transaction) and show the result.

        If the data file refuses, the coup stays open there (its stakes are already on
        the table): the result is shown, and ``enter`` (or reopening the table) saves it.
        """
        table = self.table
        state = table.state()
        coup = state.coup
        if coup is None:
            return
        words = partial(_coup_words, coup, state.bets, state.new_shoe)
        text = words()[0]
        assert self.service is not None
        try:  # paid in one transaction; then the coup joins the roads
            self.service.settle_coup(YOU)
        except TableError as error:
            self.screen.report_refusal(N_("The result could not be saved yet"), error)
            self.unsaved = True
            self.screen.view = self.view()
            self.screen.show_bets(_("{result} · not saved yet: enter tries again").format(result=text), "error")
            return
        self.unsaved = False
        self.decisions = []
        self._remember()
        self.screen.coup_shown(words)

    def why_not(self, action: str) -> str:
        if action == "deal" and not self.screen.dealing:
            return _(NO_BET_HINT)
        return super().why_not(action)


def _coup_words(coup: Coup, bets: Mapping[Outcome, int], new_shoe: bool) -> tuple[str, str]:
    """Who won and the player's net, in the language in force (and its banner kind)."""
    text, kind = result_words(coup, bets)
    if new_shoe:
        text = _("New shoe · {result}").format(result=text)
    return text, kind
