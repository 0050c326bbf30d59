"""The baccarat table's coach: the exact odds (``e``) in the roads' place, counted off the
UI thread for the cards the client says the next coup is dealt from, and each bet graded
at the deal (coach mode asks before a costly one)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING

from textual import getters, work
from textual.screen import Screen

from ...ai.coach_baccarat import BetOdds, full_shoe_counts
from ...ai.grading import WARN_THRESHOLD, Decision
from ...core.baccarat import Outcome
from ...i18n import _
from ..room import CardRoom
from ..widgets.baccarat.odds import OddsReport, count_odds, grade_bets
from ..widgets.baccarat.words import source_words
from .coach_warning import CoachWarning

if TYPE_CHECKING:
    from ..widgets.baccarat.layout import BaccaratLayout
    from ..widgets.common.banner import Banner
    from .baccarat_client import BaccaratClient

__all__ = ["OddsCounting"]

OddsKey = tuple[tuple[int, ...], str]

#: Not empty once a table has started the warm-up count (once per program).
_WARMED: list[bool] = []


class OddsCounting(Screen[None]):
    """Counts the odds for a shoe in a thread and shows them when they are still the
    shoe's, and grades the bets of a deal. The screen sets ``_odds``, ``_odds_key``,
    ``_layout``, ``_banner``, ``_asking`` and ``client``."""

    _odds: OddsReport
    _odds_key: OddsKey | None
    _layout: BaccaratLayout
    _banner: Banner
    _asking: bool
    client: BaccaratClient
    app = getters.app(CardRoom)  # typed: the card room's own attributes

    @work(thread=True, exclusive=True, group="bac-odds")
    def _count_odds(self, counts: dict[int, int], decks: int, key: OddsKey | None) -> None:
        """The exact odds, off the UI thread (the first call also builds the layout the
        enumeration shares and imports numpy; ``key`` None: that warm-up only)."""
        odds, full, problem = count_odds(counts, decks)
        if key is not None:
            try:
                self.app.call_from_thread(self._odds_counted, key, odds, full, problem)
            except RuntimeError:  # the app closed meanwhile
                pass

    def _odds_counted(
        self,
        key: OddsKey,
        odds: BetOdds | None,
        full: Mapping[Outcome, Fraction] | None,
        problem: str | None,
    ) -> None:
        if key != self._odds_key:
            return  # the shoe moved on while counting
        self._odds = replace(self._odds, odds=odds, full=full, problem=problem)
        if self._layout.odds_shown:
            self._layout.odds.report = replace(self._odds, bets=self.odds_bets())

    def action_edge(self) -> None:
        """Show (or hide) each bet's exact value for the cards left, in the roads' place;
        when the cards left are not known (sat down mid-shoe), say so instead."""
        if self._layout.odds_shown:
            self._layout.show_odds(False)
            return
        counts, why = self.client.next_shoe()
        if counts is None:
            self._banner.show(source_words(why), "error")
            return
        self._layout.show_odds(True)
        self._refresh_odds()

    def _refresh_odds(self) -> None:
        """The panel for the shoe as it stands now: at once if these counts were done,
        else "counting…" and the figures from a thread."""
        counts, source = self.client.next_shoe()
        bets = self.client.bets_to_deal()
        if counts is None:  # coups were missed: the panel says why
            self._odds_key, self._odds = None, OddsReport(bets=bets, problem=source)
        else:
            key = (tuple(counts[r] for r in range(1, 14)), source)
            if key == self._odds_key and (self._odds.odds is not None or self._odds.problem):
                self._odds = replace(self._odds, bets=bets)
            else:
                self._odds_key = key
                self._odds = OddsReport(source=source, bets=bets)
                self._count_odds(counts, self.client.decks(), key)
        self._layout.odds.report = self._odds

    def odds_bets(self) -> Mapping[Outcome, int]:
        return self.client.bets_to_deal()

    def _warm_up_odds(self) -> None:
        """Count the odds once in a thread when a table first opens: the first count
        imports numpy and builds what every later count shares, so a deal never waits for
        it. Once done in this program, a table opens without it (no thread, no worker)."""
        if _WARMED:
            return
        _WARMED.append(True)
        counts, _source = self.client.next_shoe()
        decks = self.client.decks()
        self._count_odds(counts if counts is not None else full_shoe_counts(decks), decks, None)

    def coached(self, bets: Mapping[Outcome, int], go: Callable[[], None], then: str) -> None:
        """``go`` — unless, in coach mode, a bet is worth less than the best by more than
        :data:`WARN_THRESHOLD` of its stake (the Tie, nearly always): then the warning
        asks first; enter goes ahead, escape takes it back (the bets stay)."""
        costly = [d for d in self.grade(bets) if d.ev_best - d.ev_chosen > WARN_THRESHOLD]
        if not costly or not self.app.settings.coach:
            go()
            return
        if self._asking:
            return  # one warning for a burst of keys
        self._asking = True

        def answered(ahead: bool | None) -> None:
            self._asking = False
            if ahead:
                go()
            else:
                self._banner.show(_("Taken back: your bets stay on the layout. Change them or {then}.").format(
                    then=_(then)), "info")

        self.app.push_screen(CoachWarning(max(costly, key=lambda d: d.cost)), answered)

    def grade(self, bets: Mapping[Outcome, int]) -> list[Decision]:
        """Each bet graded against the other two for the cards the coup is dealt from
        (a full shoe's figures when they are not known: what a player who missed cards
        expects, or a stacked test shoe too short to count)."""
        if not bets:
            return []
        counts, source = self.client.next_shoe()
        decks = self.client.decks()
        if counts is None:
            counts, source = full_shoe_counts(decks), f"a shoe of {decks} decks"  # data: stored with the grade
        return grade_bets(bets, counts, source, decks)
