"""The count at the blackjack table: what coach mode shows, and when it turns a play.

A pure reading of the cards seen since the shuffle (the completed rounds' and the face-up
cards on the table): the running count of a system, its true count for the cards left,
and — with the system's index plays for the table's rules — the play the count calls
for when it differs from basic strategy, in the words players use:
``16 v 10 at true count +1: stand (index 0)``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ...core.blackjack import Action, card_value
from ...core.cards import Card
from ...i18n import N_, _
from ...i18n.formatting import number
from .play import IndexPlay, decide
from .systems import CountSystem

__all__ = ["CountReading", "read_count", "index_note"]


@dataclass(frozen=True)
class CountReading:
    """A system's running count of the cards seen and its true count for the cards left."""

    system: CountSystem
    running: float
    true: float

    def words(self) -> str:
        """``Hi-Lo +3 · true +0.6`` (whole tags shown whole)."""
        name = self.system.name.split(" (")[0]
        running = _tenths(self.running, 0 if self.running == int(self.running) else 1)
        true = _tenths(self.true, 1)
        return _("{system} {running} · true {true}").format(system=name, running=running, true=true)


def _tenths(value: float, decimals: int) -> str:
    """``+3``, ``-1.5``: signed, with the language's decimal mark (``-1,5`` in lietuvių)."""
    return ("+" if value >= 0 else "-") + number(abs(value), decimals)


def read_count(system: CountSystem, seen: Iterable[Card], cards_left: int, decks: int) -> CountReading:
    """The count of ``seen`` (every card seen since a shuffle of ``decks`` decks) with
    ``cards_left`` cards not yet seen."""
    running = system.initial_running_count(decks) + sum(system.tag(card_value(c)) for c in seen)
    return CountReading(system, running, system.true_count(running, cards_left))


def index_note(
    plays: Sequence[IndexPlay], cell: tuple[str, int, int], basic: Action, legal: Iterable[Action], true_count: float
) -> str | None:
    """The play the count calls for in ``cell`` (``kind``, key, up card value), said in
    words, when it differs from ``basic`` and may be taken now; None otherwise."""
    kind, key, up = cell
    mine = [p for p in plays if (p.kind, p.key, p.up) == (kind, key, up)]
    wanted = decide(basic, mine, true_count)
    if wanted is basic or wanted not in set(legal):
        return None
    play = next(p for p in mine if wanted in (p.action, p.otherwise))
    hand = f"{_rank(key)},{_rank(key)}" if kind == "pair" else (
        _("soft {total}").format(total=key) if kind == "soft" else str(key))
    action = _(_ACTION_WORDS[wanted]).lower() if wanted in _ACTION_WORDS else wanted.value
    return _("{hand} v {up} at true count {count}: {action} (index {index})").format(
        hand=hand, up=_rank(up), count=_signed(round(true_count)), action=action, index=_signed(play.index))


#: The plays a count turns, as the table's buttons name them.
_ACTION_WORDS = {Action.HIT: N_("Hit"), Action.STAND: N_("Stand"), Action.DOUBLE: N_("Double"),
                 Action.SPLIT: N_("Split")}


def _rank(value: int) -> str:
    return "A" if value == 1 else str(value)


def _signed(n: int) -> str:
    return "0" if n == 0 else f"{n:+d}"
