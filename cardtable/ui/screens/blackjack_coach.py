"""The blackjack coach at a table screen, local or shared: the same keys, the same words.

Each of the player's decisions is valued exactly for the cards left (a worker thread,
started when the turn begins, so the keys never wait); ``t`` shows every action's value;
each choice is graded before it is taken and the grade goes with it to the table; with
coach mode on (``k``) a costly choice asks :class:`CoachWarning` first. A screen says
what the player may do (:meth:`legal`), what the decision is (:meth:`_spot`) and how a
choice is taken (:meth:`_act`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any

from textual import getters
from textual.screen import Screen
from textual.worker import Worker, WorkerState

from ...ai.grading import WARN_THRESHOLD, Decision
from ...core.blackjack import Action, Rules
from ...core.cards import Card
from ...i18n import _
from ..room import CardRoom
from ..widgets.blackjack.coach import CoachAdvice, CoachShown, CoachSpot, advise
from ..widgets.blackjack.table import ACTIONS, BlackjackFelt, TableView
from ..widgets.common.banner import Banner
from .coach_warning import CoachWarning

if TYPE_CHECKING:
    from ...ai.counting.play import IndexPlay
    from ...ai.counting.systems import CountSystem
    from ...ai.counting.table_count import CountReading

__all__ = ["BlackjackCoach"]

#: Seconds a choice waits for its grade before going ahead ungraded (coach mode off).
_GRADE_PATIENCE = 1.5


class BlackjackCoach(Screen[None]):
    """The coach's part of a blackjack table screen."""

    _banner: Banner
    _layout: BlackjackFelt

    app = getters.app(CardRoom)  # typed: the card room's own attributes

    def _coach_setup(self) -> None:
        #: The action the last tip named best, and the chart's words then.
        self.tip_action: Action | None = None
        self.last_tip = ""
        #: The round's graded decisions (``Decision.to_json()``).
        self._decisions: list[dict[str, Any]] = []
        #: Values worked out, by spot (a spot is all they depend on).
        self._advice: dict[CoachSpot, CoachAdvice] = {}
        #: Spots being valued in a worker thread.
        self._valuing: dict[Worker[CoachAdvice], CoachSpot] = {}
        #: A choice made before its spot was valued: taken (graded) once it is.
        self._pending: tuple[CoachSpot, Action] | None = None
        #: ``t`` was pressed before the values were ready: shown when they are.
        self._tip_wanted: CoachSpot | None = None
        #: The coach's warning is open: no other choice until it is answered.
        self._warning_open = False
        #: The count system's index plays for these rules (worked out once, in a thread).
        self._index_plays: tuple[IndexPlay, ...] | None = None
        #: The index plays are being worked out (one thread, started once).
        self._indexing = False

    def legal(self) -> set[Action]:
        """The player's legal actions now (none when it is not their turn)."""
        raise NotImplementedError

    def _spot(self) -> CoachSpot | None:
        """The player's decision now, as their seat sees it (None when not their turn)."""
        raise NotImplementedError

    def _act(self, action: Action, decision: Decision | None) -> None:
        """Take ``action`` at the table, with its grade."""
        raise NotImplementedError

    def _seen_before(self) -> Sequence[Card]:
        """The cards of the rounds completed since the shuffle (the table says)."""
        raise NotImplementedError

    # -- the count, in coach mode ------------------------------------------------------

    @property
    def counting(self) -> bool:
        """Coach mode shows the count (``n``; both are settings)."""
        settings = self.app.settings
        return settings.coach and settings.count

    def action_count(self) -> None:
        """The Hi-Lo count shown in coach mode, or hidden (saved in the settings)."""
        settings = self.app.settings
        if not self.app.save_settings(replace(settings, count=not settings.count)):
            return
        self._recount()
        if not self.app.settings.count:
            self._banner.show(_("The count is hidden."), "info")
        elif not settings.coach:
            self._banner.show(_("The count shows in coach mode: k turns it on."), "info")
        else:
            self._banner.show(_("Coach mode shows the Hi-Lo count, and the plays it turns."), "info")

    def _recount(self) -> None:
        """Draw the table again with the count, and say the prompt again."""

    def _draw(self) -> None:
        """Draw the table (the screen's own drawing)."""
        raise NotImplementedError

    def coach_mode_changed(self) -> None:
        """The count shown in coach mode comes and goes with it."""
        self._draw()

    def counted(self, view: TableView, rules: Rules) -> TableView:
        """``view`` with the count of every card seen in it, when coach mode shows it."""
        if not self.counting:
            return view if not view.count_text else replace(view, count_text="")
        reading = self._reading(view, rules)
        return replace(view, count_text=reading.words())

    def _reading(self, view: TableView, rules: Rules) -> CountReading:
        from ...ai.counting.table_count import read_count  # the count's code, when first shown

        picture = view.picture
        shown: list[Card] = []
        if picture is not None:
            shown = [c for hands in picture.seats for h in hands for c in h.cards]
            shown += [c for c in picture.dealer if c is not None]
        return read_count(hi_lo(), [*self._seen_before(), *shown], view.shoe_left, rules.decks)

    def count_note(self, view: TableView, rules: Rules) -> str:
        """"16 v 10 at true count +1: stand (index 0)" when the count turns the basic
        play of the decision at hand (coach mode with the count), else ""."""
        spot = self._spot()
        if not self.counting or spot is None:
            return ""
        if self._index_plays is None:
            if not self._indexing:  # once: a prompt said again must not start it again
                self._indexing = True
                self.run_worker(partial(_plays_for, rules), name="indices", group="count", thread=True,
                                exit_on_error=False)
            return ""
        from ...ai.blackjack import recommend
        from ...ai.counting.table_count import index_note

        basic = recommend(rules, spot.cards, spot.dealer_up, set(spot.legal))
        note = index_note(self._index_plays, spot.cell, basic, spot.legal, self._reading(view, rules).true)
        return note or ""

    def action_play(self, name: str) -> None:
        """Hit, stand, double or split. The choice is graded first (its spot valued in a
        worker thread, usually before the key: see :meth:`_prefetch`); in coach mode a
        costly one asks :class:`CoachWarning` before anything happens."""
        action = ACTIONS.get(name)
        if action is None or action not in self.legal():
            return
        if self._warning_open:
            return
        if self._pending is not None:  # one choice at a time: the first is being graded
            self._banner.show(_("One moment: the coach is weighing your last choice."), "info")
            return
        spot = self._spot()
        advice = self._advice.get(spot) if spot is not None else None
        if spot is None or advice is not None:
            self._decide(advice, action)
            return
        self._pending = (spot, action)
        self._value(spot)
        self.set_timer(_GRADE_PATIENCE, partial(self._grading_slow, spot, action))

    def _grading_slow(self, spot: CoachSpot, action: Action) -> None:
        """The values of a choice already made are late (a very unusual hand or a busy
        machine): with the coach off the game does not wait — the choice goes ahead
        ungraded; with it on, the player is told why nothing happened yet."""
        if self._pending != (spot, action):
            return
        if self.app.settings.coach:
            self._banner.show(_("The coach is still working out the values of this hand…"), "info")
            return
        self._pending = None
        if spot == self._spot():
            self._act(action, None)

    def _decide(self, advice: CoachAdvice | None, action: Action) -> None:
        """Grade ``action`` and take it, or warn first (coach mode, a costly choice)."""
        decision = advice.decision(action) if advice is not None else None
        if (
            decision is not None
            and self.app.settings.coach
            and decision.ev_best - decision.ev_chosen > WARN_THRESHOLD
        ):
            self._warning_open = True
            spot = advice.spot if advice is not None else None
            self.app.push_screen(CoachWarning(decision), partial(self._warned, spot, action, decision))
            return
        self._act(action, decision)

    def _warned(self, spot: CoachSpot | None, action: Action, decision: Decision, go: bool | None) -> None:
        """The warning's answer: go ahead (True) or take the choice back (nothing happens)."""
        self._warning_open = False
        if not go:  # the values stay in view while the player chooses again
            advice = self._advice.get(spot) if spot is not None else None
            if advice is not None and spot == self._spot():
                self._show_tip(advice)
            best = _(decision.best)  # the grade keeps the action's English name (a table's word)
            words = _("Taken back: {action} is worth the most here. Your choice.").format(action=best)
            self._banner.show(words, "info")
            return
        if spot is None or spot != self._spot() or action not in self.legal():
            return  # the table moved on meanwhile (it cannot while the warning is up)
        self._act(action, decision)

    def action_tip(self) -> None:
        """Every legal action's exact value for the cards left, best first, and the
        chart's answer when it differs (the values come from a worker thread)."""
        spot = self._spot()
        if spot is None:
            return
        advice = self._advice.get(spot)
        if advice is None:
            self._tip_wanted = spot
            self._layout.coach.state = CoachShown(spot)
            self._layout.coach_changed()
            self._value(spot)
            return
        self._show_tip(advice)

    def _show_tip(self, advice: CoachAdvice) -> None:
        self._tip_wanted = None
        self.tip_action = advice.best
        self.last_tip = advice.chart_words
        self._banner.show(advice.sentence(), "info")
        panel = self._layout.coach
        before = panel.lines
        panel.state = CoachShown(advice.spot, advice)
        if panel.lines != before:
            self._layout.coach_changed()

    def _hide_tip(self) -> None:
        self._tip_wanted = None
        panel = self._layout.coach
        if panel.state is not None:
            panel.state = None
            self._layout.coach_changed()

    def _new_round_coach(self) -> None:
        self._decisions = []
        self._advice.clear()
        self._pending = None
        self._hide_tip()

    def _prefetch(self) -> None:
        """The player's turn has begun: value it now, so the keys never wait."""
        spot = self._spot()
        if spot is not None:
            self._value(spot)

    def _value(self, spot: CoachSpot) -> None:
        if spot in self._advice or spot in self._valuing.values():
            return
        worker = self.run_worker(
            partial(advise, spot), name="coach", group="coach", thread=True, exit_on_error=False
        )
        self._valuing[worker] = spot

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group == "count":
            if event.state is WorkerState.SUCCESS and isinstance(event.worker.result, tuple):
                self._index_plays = event.worker.result
                self._recount()
            return
        spot = self._valuing.get(event.worker)
        if spot is None or event.state not in (WorkerState.SUCCESS, WorkerState.ERROR, WorkerState.CANCELLED):
            return
        event.stop()
        del self._valuing[event.worker]
        result = event.worker.result if event.state is WorkerState.SUCCESS else None
        advice = result if isinstance(result, CoachAdvice) else CoachAdvice(spot, {}, None, "", "cancelled")
        self._advice[spot] = advice
        current = self._spot()
        pending, self._pending = self._pending, None
        if pending is not None and pending[0] != spot:
            self._pending = pending  # another spot's answer: keep waiting for ours
        elif pending is not None and spot == current:
            self._decide(advice, pending[1])
            return
        if self._tip_wanted == spot and spot == current:
            self._show_tip(advice)


def hi_lo() -> CountSystem:
    """The count coach mode shows (read from the assets when first asked)."""
    from ...ai.counting.systems import system_named

    return system_named("hilo")


def _plays_for(rules: Rules) -> tuple[IndexPlay, ...]:
    """Hi-Lo's index plays for ``rules`` (shipped for the house's rules; seconds of
    analysis the first time for others)."""
    from ...ai.counting.indices import indices
    from ...ai.counting.play import index_plays

    return index_plays(indices(hi_lo(), rules))
