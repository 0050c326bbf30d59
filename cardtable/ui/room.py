"""What a screen may ask of the card room: the App's side of the screens, as an interface.

Screens type their app as :class:`CardRoom` (``app = getters.app(CardRoom)``) and import
this module, never ``ui/app.py``: the App imports the screens to open them, so a screen
importing the App would close an import loop. :class:`~cardtable.ui.app.CardTableApp`
implements every member; a test checks that none is left abstract.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from typing import TYPE_CHECKING, Any

from textual.app import App
from textual.reactive import reactive

from ..store import START_BANKROLL, OpenRound, Settings, Store, StoreError

if TYPE_CHECKING:  # the shared-table client is imported by `cardtable join`, not at every start
    from ..core.cards import Shoe
    from .remote import Remote, SharedSession

__all__ = ["CardRoom"]


class CardRoom(App[None]):
    """The card room as its screens see it: the bankroll, the settings, the store, shoes
    and their randomness, the deal's pauses, the shared-table session, and opening games."""

    bankroll: reactive[int] = reactive(START_BANKROLL, init=False, repaint=False)
    """The shared bankroll in hundredths of a chip, mirrored from the store (or, at a
    shared table, from the server)."""
    shared_lobby: reactive[tuple[dict[str, Any], ...]] = reactive((), init=False, repaint=False)
    """``cardtable join``: the server's tables and who sits there, for the lobby."""

    store: Store
    """The player's data file (statistics, history, drills; the rounds go through the tables)."""
    seed: int | None
    """``--seed``: reproducible shuffles, or None."""
    remote: Remote | None
    """``cardtable join``: the shared-table server this app plays at, or None."""
    session: SharedSession | None
    """The connection to it once the hello was welcomed."""

    # -- settings ----------------------------------------------------------------

    @property
    @abstractmethod
    def settings(self) -> Settings:
        """The saved settings."""

    @abstractmethod
    def save_settings(self, settings: Settings) -> bool:
        """Persist new settings and apply them; False (the player told why) when refused."""

    @property
    @abstractmethod
    def ascii(self) -> bool:
        """Suit letters instead of symbols."""

    @property
    @abstractmethod
    def animations(self) -> bool:
        """Deal pauses on."""

    @abstractmethod
    def delay(self, kind: str = "card") -> float:
        """Seconds to pause for a step of the deal (0 with animations off)."""

    # -- randomness and shoes ----------------------------------------------------

    @abstractmethod
    def rng(self, game: str) -> random.Random | None:
        """The seeded generator of ``game`` under ``--seed``, else None (SystemRandom)."""

    @abstractmethod
    def make_shoe(self, game: str, decks: int, cut_from_end: int | None = None) -> Shoe:
        """A freshly shuffled shoe for ``game``."""

    # -- money and the data file -------------------------------------------------

    @abstractmethod
    def report_store_error(self, doing: str, error: StoreError) -> None:
        """Tell the player in plain words; the bankroll shown stays the store's."""

    @abstractmethod
    def sync_bankroll(self) -> None:
        """Re-read the bankroll (another copy of the program may have changed it)."""

    @abstractmethod
    def offer_refill(self, game: str, minimum: int) -> None:
        """If the bankroll cannot cover ``minimum``, offer the free refill."""

    @abstractmethod
    def open_round(self, game: str) -> OpenRound | None:
        """The game's open round (to resume), or None."""

    @abstractmethod
    def void_open_round(self, game: str, reason: str) -> None:
        """A saved round that cannot be replayed: void, stakes returned, player told."""

    @abstractmethod
    def open_games(self) -> tuple[str, ...]:
        """The games with a round waiting (for the lobby)."""

    @abstractmethod
    def table_memory(self, game: str) -> dict[str, Any]:
        """What ``game``'s table kept when last left ({} if nothing, or unreadable)."""

    @abstractmethod
    def remember_table(self, game: str, memory: dict[str, Any]) -> None:
        """Keep ``memory`` for the table's next visit."""

    # -- screens -----------------------------------------------------------------

    @abstractmethod
    def open_game(self, game: str) -> bool:
        """Open a game's table; False when it is not available here."""

    @abstractmethod
    def show_lobby(self) -> None:
        """Build the lobby where a table opened at start left an empty screen."""

    @abstractmethod
    def open_drill(self, game: str) -> None:
        """Open a strategy drill of ``game``, or the count drill."""

    @abstractmethod
    def current_game(self) -> str | None:
        """The game whose table is on screen (under any dialogs), if any."""

    @abstractmethod
    def shared_message(self, message: dict[str, Any]) -> None:
        """A message from the shared-table server (``cardtable join``)."""

    @abstractmethod
    def action_rules(self) -> None:
        """Show the rules of the current game (the ``?`` key)."""
