"""Blackjack computer players and the strategy hint (docs/rules.md section 3).

Every player decides from a :class:`~cardtable.core.blackjack.SeatView` alone —
what a player at a real table sees — and only ever answers an action in
``view.legal``.

- :class:`EasyPlayer` hits below 17 and otherwise stands.
- :class:`NormalPlayer` plays the standard published 4–8 deck chart (S17, DAS,
  dealer peeks), kept as data in ``assets/data/bj_chart_s17_das_peek.json``.
- :class:`HardPlayer` plays :func:`recommend`: the chart our own analysis derives
  for the table's rules (``cardtable.ai.bj_analysis``), cached for the house rules
  in ``assets/data/bj_chart_derived.json``.

:func:`explain` words the hard player's advice for the hint key, e.g.
"Double — hard 11 against a 6".
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet
from functools import lru_cache
from typing import Protocol

from cardtable.core.blackjack import Action, Rules, SeatView, card_value
from cardtable.core.blackjack_totals import values_total
from cardtable.core.cards import Card
from cardtable.resources import read_json

from ..core import config
from ..i18n import N_, _
from .bj_analysis import DERIVED_CHART_FILE, Progress, derive_chart, rules_from_json, strategy_key
from .bj_chart import PUBLISHED_CHART_FILE, Chart, published_chart

__all__ = [
    "up_card_words",
    "PUBLISHED_CHART_FILE",
    "LEVELS",
    "published_chart",
    "strategy_chart",
    "chart_is_cached",
    "chart_ready",
    "recommend",
    "explain",
    "tip",
    "hint",
    "pick_legal",
    "Player",
    "EasyPlayer",
    "NormalPlayer",
    "HardPlayer",
    "player_for",
]

LEVELS: tuple[str, ...] = config.LEVELS


# -- charts --------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _cached_derived() -> tuple[Rules, Chart]:
    data = read_json("data", DERIVED_CHART_FILE)
    return strategy_key(rules_from_json(data["rules"])), Chart.from_json(data)


def chart_is_cached(rules: Rules) -> bool:
    """True when ``rules`` are answered from the cached asset (no analysis needed)."""
    return strategy_key(rules) == _cached_derived()[0]


_derived: dict[Rules, Chart] = {}
_derive_lock = threading.Lock()


def chart_ready(rules: Rules) -> bool:
    """True when :func:`recommend` answers at once: cached asset or already derived."""
    return chart_is_cached(rules) or strategy_key(rules) in _derived


#: The chart found for a Rules object, so a decision costs one dict look-up and no
#: strategy key (building one validates two Rules objects).
_by_rules: dict[Rules, Chart] = {}


def strategy_chart(rules: Rules, progress: Progress | None = None) -> Chart:
    """The exact basic strategy for ``rules``: the cached asset, or derived once.

    Rules other than the house's take seconds to derive the first time (check
    :func:`chart_is_cached`); a screen should call this in a worker with
    ``progress(done, total)`` before asking :func:`recommend`. Thread-safe.
    """
    chart = _by_rules.get(rules)
    if chart is None:
        chart = _by_rules[rules] = _strategy_chart(rules, progress)
    return chart


def _strategy_chart(rules: Rules, progress: Progress | None) -> Chart:
    key = strategy_key(rules)
    cached_rules, chart = _cached_derived()
    if key == cached_rules:
        return chart
    found = _derived.get(key)
    if found is None:
        with _derive_lock:
            found = _derived.get(key)
            if found is None:
                found = derive_chart(key, progress=progress)
                _derived[key] = found
    return found


# -- advice --------------------------------------------------------------------------


def pick_legal(action: Action, legal: AbstractSet[Action]) -> Action:
    """``action`` if legal, else the nearest legal one (stand, then hit)."""
    if action in legal:
        return action
    for fallback in (Action.STAND, Action.HIT, Action.DOUBLE, Action.SPLIT):
        if fallback in legal:
            return fallback
    raise ValueError("no legal action: it is not this hand's turn")


def _chart_action(chart: Chart, hand: Sequence[Card], dealer_up: Card,
                  legal: AbstractSet[Action]) -> Action:
    if not legal:
        raise ValueError("no legal action: it is not this hand's turn")
    values = [card_value(c) for c in hand]
    action = chart.decide(
        values,
        card_value(dealer_up),
        can_hit=Action.HIT in legal,
        can_double=Action.DOUBLE in legal,
        can_split=Action.SPLIT in legal,
        can_surrender=Action.SURRENDER in legal,
    )
    return pick_legal(action, legal)


def recommend(rules: Rules, hand: Sequence[Card], dealer_up: Card,
              legal: AbstractSet[Action]) -> Action:
    """Exact basic strategy for ``rules`` (the hard level), always one of ``legal``.

    Falls back as the analysis says: a double that is not allowed becomes hit or
    stand (``Dh``/``Ds``), a split that is not allowed plays the pair's total, and
    hands of three or more cards use the total rows without doubling.
    """
    return _chart_action(strategy_chart(rules), hand, dealer_up, legal)


_WORDS = {Action.HIT: N_("Hit"), Action.STAND: N_("Stand"), Action.DOUBLE: N_("Double"), Action.SPLIT: N_("Split")}
_CODE_ACTION = {"H": Action.HIT, "S": Action.STAND, "Dh": Action.DOUBLE, "Ds": Action.DOUBLE,
                "P": Action.SPLIT}


def up_card_words(value: int) -> str:
    """The dealer's up card (its value, 1 for an ace) in a sentence, in the language in
    force: ``an ace``, ``a 10``, ``an 8``."""
    if value == 1:
        return _("an ace")
    return (_("an {value}") if value == 8 else _("a {value}")).format(value=value)


def _pair_words(value: int) -> str:
    return _("pair of aces") if value == 1 else _("pair of {value}s").format(value=value)


def explain(rules: Rules, hand: Sequence[Card], dealer_up: Card,
            legal: AbstractSet[Action]) -> str:
    """The hint in words, in the language in force: "Double — hard 11 against a 6", and
    why when a fallback applies."""
    chart = strategy_chart(rules)
    action = _chart_action(chart, hand, dealer_up, legal)
    values = [card_value(c) for c in hand]
    up = card_value(dealer_up)
    total, _soft = values_total(values)
    _code, row = chart.code_for(values, up, can_split=Action.SPLIT in legal)
    if row == "pair":
        what = _pair_words(values[0])
    else:
        what = (_("soft {total}") if row == "soft" else _("hard {total}")).format(total=total)
    text = _("{action} — {hand} against {card}").format(action=_(_WORDS[action]), hand=what, card=up_card_words(up))
    if row == "pair" and action is not Action.SPLIT:
        text += " " + _("(don't split)")
    elif len(values) == 2:
        preferred = _CODE_ACTION[chart.code_for(values, up, can_split=True)[0]]
        if preferred is not action and preferred in (Action.DOUBLE, Action.SPLIT):
            text += " " + _("(the chart says {action}, not allowed now)").format(action=_(_WORDS[preferred]).lower())
    return text


#: The hint shown by the screen's ``t`` key.
tip = explain


def hint(view: SeatView) -> tuple[Action, str]:
    """The hard level's action and its words for the hand ``view`` is to act on."""
    cards = _hand_to_act(view)
    return (recommend(view.rules, cards, view.dealer_up, view.legal),
            explain(view.rules, cards, view.dealer_up, view.legal))


# -- players -------------------------------------------------------------------------


class Player(Protocol):
    """A computer seat: answers one legal action for the hand to act."""

    level: str

    def decide(self, view: SeatView) -> Action: ...


def _hand_to_act(view: SeatView) -> Sequence[Card]:
    hand = view.hand
    if hand is None or not view.legal:
        raise ValueError(f"seat {view.seat} is not to act")
    return hand.cards


class EasyPlayer:
    """Hits below 17, otherwise stands; never doubles or splits."""

    level = "easy"

    def decide(self, view: SeatView) -> Action:
        cards = _hand_to_act(view)
        total, _soft = values_total([card_value(c) for c in cards])
        wanted = Action.HIT if total < 17 else Action.STAND
        return pick_legal(wanted, view.legal)  # a split-aces hand may only stand


class NormalPlayer:
    """Plays the standard published chart (4–8 decks, S17, DAS, dealer peeks)."""

    level = "normal"

    def decide(self, view: SeatView) -> Action:
        cards = _hand_to_act(view)
        return _chart_action(published_chart(), cards, view.dealer_up, view.legal)


class HardPlayer:
    """Plays the exact basic strategy of the table's rules (:func:`recommend`)."""

    level = "hard"

    def decide(self, view: SeatView) -> Action:
        cards = _hand_to_act(view)
        return recommend(view.rules, cards, view.dealer_up, view.legal)


def player_for(level: str) -> Player:
    """A computer player by level name: ``easy``, ``normal`` or ``hard``."""
    players: dict[str, Callable[[], Player]] = {"easy": EasyPlayer, "normal": NormalPlayer, "hard": HardPlayer}
    try:
        return players[level]()
    except KeyError:
        raise ValueError(f"unknown level {level!r}: choose easy, normal or hard") from None
