"""The blackjack screen's picture: the table moved, the picture follows.

The client says the table moved — locally with the core round's pictures since the last
one shown, which are shown one by one with the app's pauses (the base screen's
:meth:`~cardtable.ui.screens.base.GameScreen.catch_up`); at a shared table with a new
snapshot, shown at once. Then the screen's one reactive ``view`` (phase, picture, shoe)
is the table as it stands, the controls follow it, and the banner says whose turn it
is, what the table waits for, or the round's result. A settled round is counted once
in the sitting's figures (:class:`~.bj_summary.SessionStats`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rich.cells import cell_len

from ...core.blackjack import RoundState, Rules
from ...core.blackjack_phase import Phase
from ...core.cards import Card
from ...i18n import _
from ..blackjack_client import BlackjackClient
from ..widgets.blackjack.table import ACTIONS, BlackjackFelt, FeltPicture, TableView
from ..widgets.blackjack.words import action_name, result_line, turn_prompt
from ..widgets.common.footer import KeyFooter
from .bj_summary import SessionStats
from .blackjack_betting import BlackjackBetting
from .blackjack_coach import BlackjackCoach
from .blackjack_remote import BlackjackRemote

__all__ = ["BlackjackPicture"]


class BlackjackPicture(BlackjackRemote, BlackjackCoach, BlackjackBetting):
    """The picture and the banner of the blackjack screen (one of its bases)."""

    client: BlackjackClient | None
    rules: Rules
    stats: SessionStats
    _layout: BlackjackFelt
    _footer: KeyFooter
    _welcome_back: bool
    #: The round already counted in the session's figures (by its number).
    _counted: int | None = None
    #: The picture shown is the table as it stands (not a step of a catch-up).
    _live = True

    def round_settled(self) -> None:
        """The player's round was settled (counted once)."""

    # -- the table moved: the picture follows ----------------------------------------------

    def table_moved(self, steps: tuple[RoundState, ...] = ()) -> None:
        """Show ``steps`` one by one (the local deal), then the table as it stands."""
        client = self.client
        if client is None:
            return
        if steps and self.app.animations:
            if self.banner.kind != "error" and client.phase() is not Phase.PLAYER and self.view.phase is Phase.PLAYER:
                self.banner.show(_("The dealer plays…"), "info")
            self._live = False
            self.view = replace(self.view, phase=Phase.DEALING)
            self.catch_up(steps, self._show_step, self._pause_before, self._caught_up)
            return
        self._caught_up()

    def _pause_before(self, state: RoundState) -> float:
        kind = self.client.pause_kind(state) if self.client is not None else None
        return self.app.delay(kind) if kind is not None else 0.0

    def _show_step(self, state: RoundState) -> None:
        left = self.client.shoe_left_at(state) if self.client is not None else 0
        self.view = TableView(Phase.DEALING, state, left)

    def _caught_up(self) -> None:
        """The picture shows the table: the player's turn, a wait, or the settlement."""
        client = self.client
        if client is None:
            return
        self._live = True
        results = client.my_results()
        if results and client.round_no != self._counted:
            self._counted = client.round_no
            self.stats.add(list(results))
            self.round_settled()
        spot_before = self._layout.coach.spot
        if client.round_no != getattr(self, "_coached_round", None):
            self._coached_round = client.round_no
            if client.shared:
                self._new_round_coach()
        self.view = TableView(client.phase(), client.picture(), client.shoe_left())
        spot = self._spot()
        if spot_before is not None and spot != spot_before:
            self._hide_tip()  # the values were for a decision already taken
        self._prompt()
        if spot is not None:
            self._prefetch()
        if results and not client.shared:
            self.offer_refill_if_needed()

    def _prompt(self) -> None:
        """The banner: the player's turn (whole on one line: the actions as their keys
        when the words do not fit), or what the table waits for, or the result."""
        client = self.client
        if client is None:
            return
        view = client.seat_view() if self.view.phase is Phase.PLAYER else None
        width = self._banner.content_size.width or self.size.width or 80
        if view is not None:
            for short in (False, True):
                self._banner.show(self._turn_words(view, short), "info")
                if cell_len(self._banner.text) <= width:
                    break
            self._welcome_back = False
        elif client.shared:
            words = self.waiting_words()
            if words is not None:
                self._banner.show(*words)
        elif self.view.phase is Phase.BETTING and (results := client.my_results()):
            picture = client.picture()
            if picture is not None:
                self._banner.show(*result_line(picture, list(results)))
        self.with_notice()

    def _turn_words(self, view: Any, short: bool) -> str:
        client = self.client
        assert client is not None
        prefix = _("New shoe") + " · " if client.just_shuffled() else ""
        if self._welcome_back:
            prefix = _("Your round was waiting") + " · " + prefix
        if self.closing:
            prefix = _("Last round") + " · " + prefix
        words = turn_prompt(view, prefix)
        if client.shared:  # the actions, or their keys (the same keys in every language)
            names = [name for name, a in ACTIONS.items() if a in client.legal()]
            words += " · " + (" ".join(n[0] for n in names) if short
                              else _(", ").join(action_name(ACTIONS[n]) for n in names))
        note = self.count_note(self.view, self.rules)
        return f"{words} · {note}{self.clock()}" if note else f"{words}{self.clock()}"

    def watch_view(self, view: TableView) -> None:
        """Restyle the controls and draw the picture."""
        self._restyle()
        self._draw()

    def _restyle(self) -> None:
        if self.client is None:
            return
        betting = self.view.phase is Phase.BETTING
        if betting:  # the bet shown can always be placed (the minimum when nothing can)
            self._bet.cap = max(self.app.bankroll, self.rules.min_bet)
        self._layout.restyle(self.allowed, betting, self.client.stake())
        self._dim_keys()

    def _dim_keys(self) -> None:
        """Dim the footer's keys now, in this key's frame; the full rebuild only when
        that cannot be done; none before the footer is mounted (it is built with the keys
        as they are then)."""
        if not self._footer.is_mounted:
            return
        if not self._footer.refresh_keys():
            self.refresh_bindings()

    def _draw(self) -> None:
        client = self.client
        if client is None or not self._layout.is_mounted:  # drawn from the screen's mount on
            return
        others = client.others()
        self._layout.state = FeltPicture(
            self.counted(self.view, self.rules),
            tuple(seat.stack for seat in others),
            tuple((seat.name, seat.level) for seat in others),
            tuple(seat.bet for seat in others),
            live=self._live,
            min_bet=self.rules.min_bet,
            just_shuffled=client.just_shuffled(),
            session_net=self.stats.net if self.stats.rounds else None,
            ascii=self.app.ascii,
        )

    def _seen_before(self) -> tuple[Card, ...]:
        return self.client.seen_before() if self.client is not None else ()

    def _recount(self) -> None:
        self._draw()
        if self.view.phase is Phase.PLAYER or self.shared is not None:
            self._prompt()
