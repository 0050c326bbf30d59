"""What every game screen shares: leaving the table, resuming a round, refills."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from textual import getters
from textual.binding import Binding
from textual.screen import Screen

from ...core.record import RecordError, RoundRecord
from ...i18n import N_, _
from ..games import GAME_INFO
from ..room import CardRoom
from ..store_words import store_words, table_error_words
from ..watching import forget_app_watchers
from ..widgets.common.banner import Banner
from ..widgets.common.redraw import redraw_changed_only

if TYPE_CHECKING:
    from ...store import GameStats, TableClaim

__all__ = ["GameScreen"]

Step = TypeVar("Step")
_T = TypeVar("_T")


class GameScreen(Screen[None]):
    """Base of the three table screens.

    A subclass sets ``GAME`` and overrides :meth:`round_in_progress`. A dealt round
    is committed (docs/rules.md section 1): its stakes left the bankroll at the deal, and
    leaving the table never voids it — it stays open in the store and the next
    screen of this game resumes it from its record.
    """

    GAME: ClassVar[str] = ""
    _banner: Banner
    """The table's one-line messages (each table's layout makes it)."""

    app = getters.app(CardRoom)  # typed: the card room's own attributes

    BINDINGS = [
        Binding("escape", "leave", N_("Lobby"), id="game.leave"),
        # not in the footer, which has no room left at 80 columns
        Binding("y", "history", N_("History"), id="game.history", show=False),
    ]

    #: This copy's hold on the game's table (``app.open_game`` takes it), let go on unmount.
    claim: TableClaim | None = None

    def __init__(self, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        redraw_changed_only(self)  # a key redraws the widgets it changed, not the table between them

    def round_in_progress(self) -> bool:
        """True while a dealt round is not settled."""
        return False

    def on_leave(self) -> None:
        """Called just before the screen closes (e.g. to show a session summary)."""

    def table_minimum(self) -> int:
        """The smallest bet this table takes (hundredths), for the refill offer."""
        return 0

    def saved_record(self) -> RoundRecord | None:
        """The record of this game's open round, or None.

        A record that cannot even be read is the malfunction case: the round is
        void, its stakes return, the player is told in one line (the game's own
        replay reports a record that reads but does not replay the same way).
        """
        self._note_session_start()  # before a resumed round can settle
        saved = self.app.open_round(self.GAME)
        if saved is None:
            return None
        try:
            return RoundRecord.from_json(saved.record)
        except RecordError as error:
            self.app.void_open_round(self.GAME, str(error))
            return None

    #: The record of the open round :meth:`resume_saved` replayed (its ``meta`` keeps
    #: what the table around the engine saved, e.g. the graded ``decisions``), or None.
    resumed_record: RoundRecord | None = None

    def resume_saved(self, replay: Callable[[RoundRecord], _T]) -> _T | None:
        """This game's open round replayed by ``replay`` (the core's resume), or None:
        no round is open, or its record did not replay (then the round is void)."""
        record = self.saved_record()
        if record is None:
            return None
        try:
            resumed = replay(record)
        except RecordError as error:
            self.void_saved_round(error)
            return None
        self.resumed_record = record
        return resumed

    def table_said(self, message: dict[str, Any]) -> None:
        """What the table service tells the player: the bankroll after each step, and the
        data file's refusals (in a notification, as everywhere in the app)."""
        kind = message.get("type")
        if kind == "bankroll" and isinstance(message.get("bankroll"), int):
            self.app.bankroll = message["bankroll"]
        elif kind == "error":
            doing = {"store": N_("The round was not dealt"), "unsettled": N_("The result could not be saved yet")}
            code = str(message.get("code"))
            text = table_error_words(code, str(message.get("message", "")))
            prefix = doing.get(code)
            shown = _("{doing}: {error}").format(doing=_(prefix), error=text) if prefix else text
            self.app.notify(shown, severity="error", timeout=8)

    def report_refusal(self, doing: str, error: Exception) -> None:
        """The data file refused a step (nothing changed): said in plain words (``doing``
        is the table's English message, marked there: translated here)."""
        shown = _("{doing}: {error}").format(doing=_(doing), error=store_words(error))
        self.app.notify(shown, severity="error", timeout=8)
        self.app.sync_bankroll()

    def void_saved_round(self, error: Exception) -> None:
        """The saved round did not replay: void it (stakes returned, player told)."""
        self.app.void_open_round(self.GAME, str(error))

    def action_leave(self) -> None:
        """Back to the lobby. A round under way stays open and waits for the player (said
        on the session summary when there is one, else in a notice)."""
        note = ""
        if self.round_in_progress():
            info = GAME_INFO.get(self.GAME)
            note = _("Your {game} round stays open, with its stake on the table: "
                     "it will be waiting here when you come back.").format(
                game=_(info.title) if info is not None else self.GAME)
        self._close(note)

    def _close(self, note: str = "") -> None:
        self.on_leave()
        if not self.show_session_summary(note) and note:
            self.notify(note, timeout=6)
        if self.app.screen is self:
            self.app.pop_screen()

    # -- history and the session ---------------------------------------------

    def action_history(self) -> None:
        """This game's history (every settled round, replayable) over the table."""
        from .history import HistoryScreen

        self.app.push_screen(HistoryScreen(self.GAME))

    def _game_stats(self) -> GameStats | None:
        try:
            return self.app.store.stats(self.GAME)
        except Exception:  # noqa: BLE001 - a summary is never worth an error
            return None

    def on_mount(self) -> None:
        self._note_session_start()
        self.show_coach_mode()

    # -- coach mode ------------------------------------------------------

    COACH_ON: ClassVar[str] = N_("Coach mode on: a choice that gives value away is questioned first.")
    """What the banner says when ``k`` turns coach mode on (each table says it its way)."""
    COACH_OFF: ClassVar[str] = N_("Coach mode off: every choice is still graded (see the summary).")
    """What the banner says when ``k`` turns coach mode off."""

    def action_coach(self) -> None:
        """Coach mode on or off (``k``), saved, and said in the table's banner."""
        on = self.toggle_coach()
        if on is not None:
            self._banner.show(_(self.COACH_ON if on else self.COACH_OFF), "info")
            self.coach_mode_changed()

    def coach_mode_changed(self) -> None:
        """Coach mode was turned on or off (a table that shows more in it draws again)."""

    def toggle_coach(self) -> bool | None:
        """Coach mode on or off (``k`` at every table), saved in the settings so that
        the settings screen and every table agree; the new state, or None if the data
        file did not take it (the player was told)."""
        on = not self.app.settings.coach
        if not self.app.save_settings(replace(self.app.settings, coach=on)):
            return None
        self.show_coach_mode()
        return on

    def show_coach_mode(self) -> None:
        """The header says "coach on" while coach mode is on (the table's own lines
        have no room left at 80 columns)."""
        self.sub_title = _("{title} · coach on").format(title=self.app.sub_title) if self.app.settings.coach else None

    def _note_session_start(self) -> None:
        """The statistics when the player sat down (the session summary is the
        difference): taken once, before any round of this visit settles."""
        if getattr(self, "_session_start", None) is None:
            self._session_start = self._game_stats()

    def show_session_summary(self, note: str = "") -> bool:
        """After at least one settled round, the session's summary (in the statistics'
        unit, rounds; blackjack adds its hands; every table its graded decisions), with
        ``note`` under it; False when there is none to show."""
        from .bj_summary import SessionStats, SessionSummary, session_tally, sitting_accuracy

        before, after = getattr(self, "_session_start", None), self._game_stats()
        if before is None or after is None or after.rounds == before.rounds:
            return False
        hands = getattr(self, "stats", None)
        try:  # how well the player chose: the sitting's graded decisions
            decisions = sitting_accuracy(self.app.store, self.GAME, after.rounds - before.rounds)
        except Exception:  # noqa: BLE001 - a summary is never worth an error
            decisions = None
        tally = session_tally(
            self.GAME, before, after, hands if isinstance(hands, SessionStats) else None, decisions
        )
        self.app.call_later(lambda: self.app.push_screen(SessionSummary(tally, note)))
        return True

    # -- catching the picture up -----------------------------------------------------

    @property
    def _uncovered(self) -> asyncio.Event:
        """Set while this screen is on top: a replay waits (no polling) while a dialog,
        the rules or the too-small notice covers the table."""
        event: asyncio.Event | None = getattr(self, "_uncovered_event", None)
        if event is None:
            event = self._uncovered_event = asyncio.Event()
            event.set()
        return event

    def on_screen_suspend(self) -> None:
        self._uncovered.clear()

    def on_screen_resume(self) -> None:
        self._uncovered.set()
        self.show_coach_mode()  # the settings may have changed it meanwhile

    def catch_up(
        self,
        steps: Sequence[Step],
        show: Callable[[Step], None],
        pause: Callable[[Step], float],
        done: Callable[[], None],
    ) -> None:
        """The one animation mechanism: the state has already moved on; show its
        pictures one by one (``pause(step)`` seconds before each), then call ``done``.

        With animations off only the last picture is shown, at once, inside the key
        press: no in-between state reaches the screen and nothing waits.
        """
        if not self.app.animations:
            if steps:
                show(steps[-1])
            done()
            return

        async def run() -> None:
            for step in steps:
                seconds = pause(step)
                if seconds > 0:
                    await asyncio.sleep(seconds)
                await self._uncovered.wait()
                show(step)
            await self._uncovered.wait()
            done()

        self.run_worker(run(), group="catch-up", exclusive=True)

    def stop_catching_up(self) -> None:
        """Leaving: the picture no longer matters (the round is saved)."""
        self.workers.cancel_group(self, "catch-up")

    def on_unmount(self) -> None:
        forget_app_watchers(self)  # the table's watch of the bankroll: it is closed now
        if self.claim is not None:
            self.claim.release()
            self.claim = None

    def offer_refill_if_needed(self) -> None:
        """Offer the free refill when the bankroll is below this table's minimum."""
        minimum = self.table_minimum()
        if minimum > 0 and not self.round_in_progress():
            self.app.offer_refill(self.GAME, minimum)
