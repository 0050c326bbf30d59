"""Computer players for the simulator: decisions from a table indexed by plain integers.

The table's engine describes each decision as one integer (:meth:`Round.spot_key`:
total, softness, pair, card count, up card and the legal actions). A
:class:`SpotPlayer` answers each integer once through the same chart code the
screen's computer seats use (:mod:`cardtable.ai.blackjack`) and remembers it, so a
million rounds cost a few hundred chart look-ups and dictionary hits — no seat view,
no rule keys, no card lists per decision.
"""

from __future__ import annotations

from collections.abc import Callable

from cardtable.core.blackjack import Action, Rules, Spot, decode_spot

from .bj_chart import Chart, published_chart, resolve
from .blackjack import pick_legal, strategy_chart

__all__ = ["SpotPlayer", "spot_player", "chart_choice", "easy_choice"]


class SpotPlayer:
    """Answers :meth:`Round.spot_key` integers; each distinct key is decided once."""

    def __init__(self, choose: Callable[[Spot], Action]) -> None:
        self._choose = choose
        self._table: dict[int, Action] = {}

    def action(self, key: int) -> Action:
        """The action for a spot key (always one of the key's legal actions)."""
        action = self._table.get(key)
        if action is None:
            action = self._table[key] = self._choose(decode_spot(key))
        return action


def easy_choice(spot: Spot) -> Action:
    """The easy level: hit below 17, otherwise stand."""
    return pick_legal(Action.HIT if spot.total < 17 else Action.STAND, spot.legal)


def chart_choice(chart: Chart) -> Callable[[Spot], Action]:
    """Play ``chart`` exactly as the screen's computer seats do (same fallbacks)."""

    def choose(spot: Spot) -> Action:
        legal = spot.legal
        code, _ = chart.code_for_facts(spot.total, spot.soft, spot.pair, spot.up, Action.SPLIT in legal)
        action = resolve(
            code,
            can_hit=Action.HIT in legal,
            can_double=Action.DOUBLE in legal and spot.two_cards,
            can_split=Action.SPLIT in legal,
            can_surrender=Action.SURRENDER in legal and spot.two_cards,
        )
        return pick_legal(action, legal)

    return choose


def spot_player(level: str, rules: Rules) -> SpotPlayer:
    """The computer level as a spot player: easy, normal (published chart) or hard (the
    chart the analysis derives for ``rules`` — derived here if not cached: seconds)."""
    if level == "easy":
        return SpotPlayer(easy_choice)
    if level == "normal":
        return SpotPlayer(chart_choice(published_chart()))
    if level == "hard":
        return SpotPlayer(chart_choice(strategy_chart(rules)))
    raise ValueError(f"unknown level {level!r}: choose easy, normal or hard")
