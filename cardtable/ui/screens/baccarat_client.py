"""What the baccarat screen asks of whoever keeps the table: the in-process service
(:mod:`.baccarat_local`) or the server (:mod:`.baccarat_remote`).

The screen draws the client's :meth:`BaccaratClient.view`, asks it what a key may do
and why not, and hands it the player's chips and deals; the client answers through the
screen's few entry points (``show_bets``, ``coached``, ``deal_out``, ``coup_shown``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Protocol, TypeVar

from ...ai.grading import Decision
from ...core.baccarat import Outcome
from ...core.baccarat_table import BaccaratState
from ...core.record import RoundRecord
from ...i18n import N_, _
from ..room import CardRoom
from ..widgets.baccarat.layout import BaccaratLayout, CoupView, Phase

__all__ = ["BaccaratClient", "TableScreen", "NO_BET_HINT", "NO_MORE_BETS", "NOTHING_TO_CLEAR", "NO_LAST_BETS"]

#: What a key that does nothing says (marked: translated where shown).
NO_BET_HINT = N_("Place a bet first: p Player · b Banker · t Tie, or click a spot")
NO_MORE_BETS = N_("No more bets: wait for the coup to be settled.")
NOTHING_TO_CLEAR = N_("Nothing to clear: no bets for the next coup.")
NO_LAST_BETS = N_("No last bets to repeat yet.")


_T = TypeVar("_T")


class TableScreen(Protocol):
    """What a client may ask of the baccarat screen (``ui/screens/baccarat.py``)."""

    GAME: ClassVar[str]
    resumed_record: RoundRecord | None
    view: CoupView

    @property
    def app(self) -> CardRoom: ...
    @property
    def table_layout(self) -> BaccaratLayout: ...
    @property
    def dealing(self) -> bool: ...
    def allowed(self, action: str, parameter: object = None) -> bool: ...
    def action_deal(self) -> None: ...
    def show_bets(self, text: str | None = None, kind: str = "info") -> None: ...
    def coached(self, bets: Mapping[Outcome, int], go: Callable[[], None], then: str) -> None: ...
    def grade(self, bets: Mapping[Outcome, int]) -> list[Decision]: ...
    def deal_out(self, state: BaccaratState, text: str, done: Callable[[], None]) -> None: ...
    def coup_shown(self, words: Callable[[], tuple[str, str]]) -> None: ...
    def on_leave(self) -> None: ...
    def resume_saved(self, replay: Callable[[RoundRecord], _T]) -> _T | None: ...
    def table_said(self, message: dict[str, Any]) -> None: ...
    def report_refusal(self, doing: str, error: Exception) -> None: ...


class BaccaratClient:
    """One baccarat table as the screen sees it (a subclass for each way of playing)."""

    #: A table shared with others through a server (ready/pass, the players' line).
    SHARED: ClassVar[bool] = False
    #: What the banner says when ``k`` turns coach mode off.
    COACH_OFF: ClassVar[str] = N_("Coach off: your bets are still graded for the session summary")

    #: The screen drawing this table (set when the screen is made).
    screen: TableScreen

    # -- read ----------------------------------------------------------------------

    def limits(self) -> tuple[int, int]:
        """The table's smallest and largest bet per spot (hundredths)."""
        raise NotImplementedError

    def minimum(self) -> int:
        return self.limits()[0]

    def decks(self) -> int:
        """The decks of the shoe being dealt (what the odds are counted for)."""
        raise NotImplementedError

    def view(self) -> CoupView:
        """The table as it stands, to be drawn."""
        raise NotImplementedError

    def allowed(self, action: str) -> bool:
        """Whether ``bet``, ``clear``, ``repeat`` or ``deal`` may be done now."""
        raise NotImplementedError

    def why_not(self, action: str) -> str:
        """Why the key of ``action`` does nothing now (said on the banner, translated)."""
        if action == "bet" or self.screen.view.phase is not Phase.BETTING:
            return _(NO_MORE_BETS)
        why = {"clear": NOTHING_TO_CLEAR, "repeat": NO_LAST_BETS}.get(action, NO_BET_HINT)
        return _(why)

    def bets_to_deal(self) -> Mapping[Outcome, int]:
        """The bets the next deal would use (the odds panel shows them)."""
        raise NotImplementedError

    def next_shoe(self) -> tuple[dict[int, int] | None, str]:
        """The cards the next coup is dealt from, by rank, and where they come from;
        None and why when they are not known."""
        raise NotImplementedError

    def round_in_progress(self) -> bool:
        return False

    # -- do ------------------------------------------------------------------------

    def start(self) -> None:
        """The screen is mounted: show the table (and deal out a coup left open)."""
        raise NotImplementedError

    def add_chip(self, outcome: Outcome, chip: int) -> None:
        raise NotImplementedError

    def take_back(self, outcome: Outcome, chip: int) -> None:
        """One chip of the size shown back from ``outcome`` (all of it if less)."""
        raise NotImplementedError

    def clear(self) -> None:
        raise NotImplementedError

    def repeat(self) -> None:
        """The last coup's bets placed again, then dealt (or ready)."""
        raise NotImplementedError

    def deal(self) -> None:
        """What ``enter`` does now (allowed): deal, say ready, or pass."""
        raise NotImplementedError

    def leave(self) -> bool:
        """The player leaves: True when the client saw to it (else the screen closes)."""
        return False

    def history(self) -> bool:
        """``y``: True when the client showed the history (else the local one shows)."""
        return False

    def tick(self) -> None:
        """Twice a second (a shared table's countdown)."""

    def reword(self) -> None:
        """The language changed: what the client drew in words is drawn again."""
