"""The baccarat tables' exact odds (``e``), counted off the UI thread — one worker for
the local table and the shared one, each naming the bets the panel shows."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING

from textual import work
from textual.screen import Screen

from ...ai.coach_baccarat import BetOdds
from ...core.baccarat import Outcome
from ..widgets.baccarat.odds import OddsReport, count_odds

if TYPE_CHECKING:
    from ..widgets.baccarat.layout import BaccaratLayout

__all__ = ["OddsCounting"]

OddsKey = tuple[tuple[int, ...], str]


class OddsCounting(Screen[None]):
    """Counts the odds for a shoe in a thread and shows them when they are still the
    shoe's. A screen sets ``_odds``, ``_odds_key`` and ``_layout`` and answers
    :meth:`odds_bets`."""

    _odds: OddsReport
    _odds_key: OddsKey | None
    _layout: BaccaratLayout

    def odds_bets(self) -> Mapping[Outcome, int]:
        """The bets the odds panel shows beside the values."""
        raise NotImplementedError

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
            self._layout.odds.show(replace(self._odds, bets=self.odds_bets()))
