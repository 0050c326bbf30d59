"""The Textual application: one lobby, one screen per game, one shared bankroll."""

from __future__ import annotations

import gc
import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.binding import Binding
from textual.dom import DOMNode
from textual.notifications import SeverityLevel
from textual.screen import Screen

from .. import i18n
from ..i18n import _
from ..i18n.formatting import chips
from ..resources import asset_path
from ..store import MAX_BANKROLL, START_BANKROLL, OpenRound, Settings, Store, StoreError
from ..store.private import short
from .collector import collect_young_rarely
from .drawn_memory import apply as _draw_plain_containers_from_memory
from .games import GAME_INFO, game_screen_class
from .room import CardRoom
from .screen_work import apply as _spare_screens_needless_work
from .store_words import store_words
from .style_memo import apply as _style_as_before
from .terminal_size import MIN_HEIGHT, MIN_WIDTH
from .wide_overlay import apply as _draw_wide_text_whole

_draw_wide_text_whole()
_draw_plain_containers_from_memory()
_spare_screens_needless_work()
_style_as_before()

if TYPE_CHECKING:  # the shared-table client is imported by `cardtable join`, not at every start
    from ..core.cards import Shoe
    from .remote import Remote, SharedSession
    from .screens.too_small import TooSmallScreen

__all__ = ["CardTableApp", "ShoeFactory"]

#: ``(game, decks, cut_from_end) -> Shoe`` — tests pass one to stack the cards.
ShoeFactory = Callable[[str, int, "int | None"], "Shoe"]

_DELAYS = {"card": 0.30, "reveal": 0.45, "result": 0.20}
#: A write waits at most this long for another copy's lock (ms): a locked file is
#: reported at once and the key can be pressed again, the screen never freezes.
UI_BUSY_TIMEOUT_MS = 250
#: Whether this process has frozen its start-up objects out of the garbage collector.
_FROZEN: list[bool] = []


def _freeze_long_lived() -> None:
    """Move what exists once the lobby is up (the modules, the styles, the lobby) out
    of the collector's reach, once per process: they live as long as the program, yet
    every full collection walked them all again (over 100 ms each, at random moments,
    such as the opening of a table). From then on the young generation is collected
    every 20,000 allocations, not 700: opening a table allocates about 100,000 objects,
    nearly all freed by reference counting, and the collections a table's opening
    triggered (about 27 young, 3 middle and now and then a full one of 60 ms) took a
    seventh of its CPU; cycles are still collected, a little later."""
    if not _FROZEN:
        _FROZEN.append(True)
        gc.freeze()
        collect_young_rarely()


class CardTableApp(CardRoom):
    """The card room: the store, the settings and the screens (the interface they use
    is :class:`~cardtable.ui.room.CardRoom`)."""

    TITLE = "cardtable"
    SUB_TITLE = i18n.N_("a terminal card room")
    CSS_PATH = [str(asset_path("styles", "app.tcss"))]
    ENABLE_COMMAND_PALETTE = False

    BINDINGS = [
        Binding("ctrl+q", "quit", i18n.N_("Quit"), id="app.quit", priority=True),
        Binding("question_mark", "rules", i18n.N_("Rules"), id="app.rules"),
    ]

    def __init__(
        self,
        *,
        data_dir: str | Path | None = None,
        seed: int | None = None,
        start: str | None = None,
        ascii: bool | None = None,
        animations: bool | None = None,
        shoe_factory: ShoeFactory | None = None,
        store: Store | None = None,
        drill: str | None = None,
        remote: Remote | None = None,
        lang: str | None = None,
    ) -> None:
        super().__init__()
        if lang is not None and lang not in i18n.LANGUAGES:
            raise ValueError(f"unknown language {lang!r}")
        if start is not None and start not in GAME_INFO:
            raise ValueError(f"unknown game {start!r}")
        if drill is not None and drill not in ("blackjack", "poker", "count"):
            raise ValueError(f"no drills for {drill!r}")
        self.store: Store = store if store is not None else Store.open(data_dir)
        self.seed = seed
        self.start_game = start
        #: ``cardtable drill GAME``: the drill opened over the lobby at start.
        self.start_drill = drill
        self._ascii_override = ascii
        self._animations_override = animations
        self.shoe_factory = shoe_factory
        self._rngs: dict[str, random.Random] = {}
        self._settings: Settings = self.store.settings()
        #: ``--lang``: the language of this run until the player picks one in the settings.
        self._lang_override = lang
        i18n.set_language(self.language)
        self.sub_title = i18n._(self.SUB_TITLE)
        self.set_reactive(CardRoom.bankroll, self.store.bankroll)
        self._too_small: TooSmallScreen | None = None
        self.store.set_busy_timeout(UI_BUSY_TIMEOUT_MS)
        #: ``cardtable join``: the shared-table server this app plays at, or None.
        self.remote = remote
        #: The connection to it once the hello was welcomed.
        self.session: SharedSession | None = None
        #: Whether the table opened at start has been tried (the lobby may be built).
        self._started = False

    # -- settings ----------------------------------------------------------------

    @property
    def settings(self) -> Settings:
        """The saved settings."""
        return self._settings

    def save_settings(self, settings: Settings) -> bool:
        """Persist new settings and apply the ones that affect the whole app.

        False (and the player is told why) when the data file refused them.
        """
        before = self._settings.language
        try:
            self.store.save_settings(settings)
            self._settings = self.store.settings()
        except StoreError as error:
            self.report_store_error(_("The settings could not be saved"), error)
            return False
        if settings.language != before:  # the player's choice now outranks --lang
            self._lang_override = None
        self._apply_theme()
        self._apply_language()
        return True

    @property
    def language(self) -> str:
        """The language in force: ``--lang``, else the setting, else the terminal's locale."""
        return i18n.choose_language(self._lang_override, self._settings.language, os.environ)

    def _apply_language(self) -> None:
        """Switch to :attr:`language` at once: every screen open says it anew."""
        code = self.language
        if code == i18n.language():
            return
        i18n.set_language(code)
        self.sub_title = i18n._(self.SUB_TITLE)
        if self.is_screen_installed("rules") and self.get_screen("rules") not in self.screen_stack:
            self.uninstall_screen("rules")  # built again, in the new language, on the next ``?``
        for screen in self.screen_stack:
            retranslate = getattr(screen, "retranslate", None)
            if callable(retranslate):
                retranslate()
            for widget in screen.walk_children():  # widgets that word themselves as they render
                widget.refresh(layout=True)
            screen.refresh_bindings()  # the footer's descriptions, in the new language

    @property
    def ascii(self) -> bool:
        """Suit letters instead of symbols (``--ascii`` or the setting)."""
        if self._ascii_override:
            return True
        return self._settings.ascii

    @property
    def animations(self) -> bool:
        """Deal pauses on (``--no-animation`` turns them off for this run)."""
        if self._animations_override is not None:
            return self._animations_override
        return self._settings.animations

    def delay(self, kind: str = "card") -> float:
        """Seconds to pause for a step of the deal (0 with animations off)."""
        if not self.animations:
            return 0.0
        if kind == "ai":
            return max(0, self._settings.ai_delay_ms) / 1000
        return _DELAYS.get(kind, 0.3)

    # -- randomness and shoes ----------------------------------------------------

    def rng(self, game: str) -> random.Random | None:
        """The seeded generator of ``game`` under ``--seed``, else None (SystemRandom)."""
        if self.seed is None:
            return None
        if game not in self._rngs:
            self._rngs[game] = random.Random(f"{self.seed}:{game}")
        return self._rngs[game]

    def make_shoe(self, game: str, decks: int, cut_from_end: int | None = None) -> Shoe:
        """A freshly shuffled shoe for ``game`` (tests may stack it via ``shoe_factory``)."""
        if self.shoe_factory is not None:
            return self.shoe_factory(game, decks, cut_from_end)
        from ..core.cards import Shoe  # imported here: the lobby deals no cards

        return Shoe(decks, rng=self.rng(game), cut_from_end=cut_from_end)

    # -- money -------------------------------------------------------------------

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """A notification shown as its words are: no markup by default, since ours carry
        paths, names, values and the system's errors (``[/x]`` would be a crash, ``[b]``
        would vanish) in any language."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    def report_store_error(self, doing: str, error: StoreError) -> None:
        """Tell the player in plain words; the bankroll shown stays the store's."""
        shown = i18n._("{doing}: {error}").format(doing=doing, error=store_words(error))
        self.notify(shown, severity="error", timeout=8)
        self.sync_bankroll()

    def open_round(self, game: str) -> OpenRound | None:
        """The game's open round (to resume), or None."""
        try:
            return self.store.open_round(game)
        except StoreError as error:
            self.report_store_error(_("The open round could not be read"), error)
            return None

    def void_open_round(self, game: str, reason: str) -> None:
        """A saved round that cannot be replayed: void, stakes returned, player told."""
        try:
            self.bankroll = self.store.void_open_round(game, reason)
        except StoreError as error:
            self.report_store_error(_("The damaged round could not be voided"), error)
            return
        title = _(GAME_INFO[game].title) if game in GAME_INFO else game
        self.notify(
            _(
                "The saved {game} round could not be resumed ({reason}): it is void and its stakes were returned."
            ).format(game=title, reason=reason),
            severity="warning",
            timeout=12,
        )

    def open_games(self) -> tuple[str, ...]:
        """The games with a round waiting (for the lobby)."""
        if self.remote is not None:  # the server keeps a seat's round (welcome's "seated")
            return ()
        try:
            return self.store.open_games()
        except StoreError:
            return ()

    def table_memory(self, game: str) -> dict[str, Any]:
        """What ``game``'s table kept when last left ({} if nothing, or unreadable)."""
        try:
            return self.store.table_memory(game)
        except StoreError:
            return {}  # a table that forgot its last bet loses nothing

    def remember_table(self, game: str, memory: dict[str, Any]) -> None:
        """Keep ``memory`` for the table's next visit; a refusal of the file is quiet
        (it is a convenience: the money is in the committed rounds)."""
        try:
            self.store.remember_table(game, memory)
        except StoreError:
            pass

    def sync_bankroll(self) -> None:
        """Re-read the bankroll (another copy of the program may have changed it)."""
        if self.remote is not None:  # the server's figure arrives by itself
            return
        try:
            self.bankroll = self.store.bankroll
        except StoreError:
            pass  # the caller reports the failure; the last known figure stays shown

    def offer_refill(self, game: str, minimum: int) -> None:
        """If the bankroll cannot cover ``minimum``, offer the free refill to 1,000 chips."""
        from .screens.confirm import ConfirmScreen

        if self.remote is not None:
            self._offer_shared_refill(minimum)
            return
        self.sync_bankroll()
        try:
            if not self.store.can_refill(minimum):  # the store's rule, read fresh
                return
        except StoreError:
            return  # the file is busy: the offer comes again at the next chance

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            try:
                self.bankroll = self.store.refill(game, minimum)
            except StoreError as error:
                # e.g. another copy refilled meanwhile: nothing changed here.
                self.report_store_error(_("No refill"), error)
                return
            self.notify(_("Refilled: your bankroll is {amount} chips again.").format(amount=chips(self.bankroll)))

        self.push_screen(
            ConfirmScreen(
                self._cannot_cover(minimum)
                + "\n"
                + _("Take a free refill back to {amount} chips?").format(amount=chips(START_BANKROLL))
                + "\n"
                + _("(Chips are virtual: refills are free and counted in the statistics.)"),
                yes=_("Refill"),
                no=_("Not now"),
                default=True,
            ),
            answered,
        )

    def _offer_shared_refill(self, minimum: int) -> None:
        from .screens.confirm import ConfirmScreen

        if self.bankroll >= minimum or self.session is None:
            return
        session = self.session

        def answered(yes: bool | None) -> None:
            if yes:
                session.send({"type": "refill"})

        self.push_screen(
            ConfirmScreen(
                self._cannot_cover(minimum)
                + "\n"
                + _("Take the server's free refill back to {amount} chips?").format(amount=chips(START_BANKROLL)),
                yes=_("Refill"),
                no=_("Not now"),
                default=True,
            ),
            answered,
        )

    def _cannot_cover(self, minimum: int) -> str:
        return _("Your bankroll ({bankroll}) cannot cover the table minimum ({minimum}).").format(
            bankroll=chips(self.bankroll), minimum=chips(minimum)
        )

    def _offer_ledger_bankroll(self, expected: int, held: int) -> None:
        """The file's bankroll is not what its rounds and refills add up to (it was
        edited): said in one line, and the records' figure offered."""
        from .screens.confirm import ConfirmScreen

        said = _(
            "The bankroll in your data file ({held}) is not what its rounds and refills add up to ({expected})."
        ).format(held=chips(held), expected=chips(expected))
        if not 0 <= expected <= MAX_BANKROLL:
            self.notify(said, title=_("Saved data"), severity="warning", timeout=15)
            return

        def answered(yes: bool | None) -> None:
            if yes:
                try:
                    self.bankroll = self.store.restore_bankroll(expected)
                except StoreError as error:
                    self.notify(store_words(error), severity="error")

        question = said + "\n" + _("Use {amount}?").format(amount=chips(expected))
        self.push_screen(ConfirmScreen(question, yes=_("Use it"), no=_("Keep")), answered)

    def on_unmount(self) -> None:
        """Leaving the app: the server's connection is closed (its seat is kept for the
        round under way, as for a dropped connection)."""
        if self.session is not None:
            self.session.abort()

    def shared_message(self, message: dict[str, Any]) -> None:
        """A message from the shared-table server (``cardtable join``)."""
        from .shared import deliver

        deliver(self, message)

    # -- screens -----------------------------------------------------------------

    def get_default_screen(self) -> Screen[None]:
        """The lobby is the bottom of the screen stack; under a table opened at start it is
        built when it is first shown (it was a third of such a start)."""
        from .screens.lobby import LobbyScreen, LobbyToCome

        if self.start_game is not None and self.remote is None and hasattr(Screen, "_push_result_callback"):
            return LobbyToCome()
        return LobbyScreen()

    def show_lobby(self) -> None:
        """Build the lobby in place of the empty screen under a table opened at start, once
        that screen is shown (the start is over and nothing is above it)."""
        from .screens.lobby import LobbyScreen, LobbyToCome

        if self._started and isinstance(self.screen, LobbyToCome) and len(self.screen_stack) == 1:
            self.switch_screen(LobbyScreen())

    def on_mount(self) -> None:
        self._apply_theme()
        if self.store.moved_aside is not None:
            why, moved = self.store.moved_aside
            said = _("Your saved data could not be used ({why}), so it was moved to {path} and a fresh file "
                     "was started with {amount} chips.")
            said = said.format(why=why, path=short(moved), amount=chips(START_BANKROLL))
            self.notify(said, title=_("Saved data reset"), severity="warning", timeout=15)
        if self.store.privacy_notice:
            said = _("The data folder {folder} could be read by other users of this machine: it is now private.")
            self.notify(said.format(folder=short(self.store.path.parent)), title=_("Saved data"), timeout=10)
        if self.store.tampered is not None and self.remote is None:
            self._offer_ledger_bankroll(*self.store.tampered)
        if self.remote is not None:
            from .shared import start_join

            start_join(self)
        elif self.start_game is not None:
            self._started = True
            if not self.open_game(self.start_game):
                self.show_lobby()
        elif self.start_drill is not None:
            self.open_drill(self.start_drill)
        self.call_after_refresh(self._check_size)
        # Once the first screen is painted, warm what the first `?` needs (the Markdown
        # parser's import, the baccarat odds) in a thread: the rules then open faster,
        # and start-up itself is not slowed.
        self.set_timer(0.5, self._warm_up)
        self.call_after_refresh(self._freeze_start_up)

    def _freeze_start_up(self) -> None:
        """The first screen is painted: the collector runs again (the command paused it
        for the start) and, when that screen is the lobby, what exists now lives as long as
        the program (not a table opened at start: it is freed when closed)."""
        if self.screen is self.screen_stack[0]:
            _freeze_long_lived()
        elif not gc.isenabled():  # paused by the command: on again, as for the lobby
            collect_young_rarely()

    def _warm_up(self) -> None:
        def work() -> None:
            import rich.markdown  # noqa: F401 - imported for its cost

            from ..core.baccarat import house_edges

            house_edges(self._settings.baccarat_decks)

        self.run_worker(work, thread=True, group="warm-up", exit_on_error=False)

    def update_styles(self, node: DOMNode, animate: bool = True) -> None:
        """Restyle a node whose classes changed, if it is on a screen. A widget still
        being built (a Button sets its variant's class in its constructor, a screen's
        compose sets classes before mounting) is styled when it is mounted, with its
        classes as they are then: styling it before as well cost a full stylesheet pass
        per class change (a third of the time to open a table of fourteen buttons)."""
        if node is not self and node not in self._registry:
            return
        super().update_styles(node, animate=animate)

    def _apply_theme(self) -> None:
        theme = self._settings.theme
        if theme in self.available_themes:
            self.theme = theme

    def open_game(self, game: str) -> bool:
        """Open a game's table; False when it is not available here.

        A table is claimed by one running copy of the program at a time: the round
        open there belongs to it, so a second copy says so instead of dealing another.
        """
        if self.remote is not None:
            from .shared import sit

            return sit(self, game)
        screen_class = game_screen_class(game)
        title = _(GAME_INFO[game].title)
        if screen_class is None:
            self.notify(_("{game} is not open yet.").format(game=title), severity="warning")
            return False
        try:
            claim = self.store.claim_table(game)
        except StoreError as error:
            self.report_store_error(_("{game} could not be opened").format(game=title), error)
            return False
        if claim is None:
            self.notify(
                _(
                    "{game} is open in another copy of cardtable (with any round under way "
                    "there): play it there, or close it first."
                ).format(game=title),
                severity="warning",
                timeout=10,
            )
            return False
        screen = screen_class()
        screen.claim = claim
        self.push_screen(screen)
        return True

    def open_drill(self, game: str) -> None:
        """Open a strategy drill of ``game`` ("blackjack" or "poker"), or the count drill."""
        if game == "count":
            from .screens.count_drill import CountDrillScreen

            self.push_screen(CountDrillScreen())
            return
        from .screens.drill import DrillScreen

        self.push_screen(DrillScreen(game))

    def current_game(self) -> str | None:
        """The game whose table is on screen (under any dialogs), if any."""
        for screen in reversed(self.screen_stack):
            game = getattr(screen, "GAME", None)
            if isinstance(game, str) and game:
                return game
        return None

    def action_rules(self) -> None:
        """Show the rules of the current game (one screen, built on the first `?`, then reused)."""
        from .screens.rules import RulesScreen
        from .screens.too_small import TooSmallScreen

        if isinstance(self.screen, (RulesScreen, TooSmallScreen)):
            return
        if not self.is_screen_installed("rules"):
            self.install_screen(RulesScreen(self.current_game()), "rules")
        rules = self.get_screen("rules", RulesScreen)
        if rules in self.screen_stack:  # already open under another screen
            return
        rules.show_game(self.current_game())
        self.push_screen(rules)

    # -- terminal size -----------------------------------------------------------

    def on_resize(self) -> None:
        self.call_after_refresh(self._check_size)

    def _check_size(self) -> None:
        width, height = self.size
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        if small:
            if self._too_small is None:
                from .screens.too_small import TooSmallScreen  # imported here: rarely needed

                self._too_small = TooSmallScreen()
                self.push_screen(self._too_small)
            elif self._too_small.is_mounted:
                self._too_small.update_size(width, height)
        elif self._too_small is not None and self.screen is self._too_small:
            self._too_small = None
            self.pop_screen()
