"""Strategies as policies, and the exact value of playing one (the computer levels).

A :data:`Policy` answers a decision from the hand's card values, the up card and what
is allowed; :class:`PolicyEvaluator` values following it with the model of
:mod:`cardtable.ai.bj_analysis`, and ``Analysis.expected_return`` sums those values
into a level's expected return.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardtable.core.blackjack import Action
from cardtable.core.blackjack_totals import counts_total, values_total

from .bj_chart import Chart
from .bj_upcard import EMPTY, Counts, UpAnalysis, add_card, card_values, hand_layout

__all__ = ["Policy", "PolicyEvaluator", "easy_policy", "chart_policy"]

#: A strategy as a function of (card values, dealer up value, can_hit, can_double, can_split,
#: can_surrender).
Policy = Callable[[Sequence[int], int, bool, bool, bool, bool], Action]


class PolicyEvaluator:
    """Exact value of following a fixed policy, with the same model as the analysis.

    The policy is asked once per hand it can reach (from every two-card hand and every
    three-card hand, following its hits); the values of every hand in every context are
    then built layer by layer with numpy, as :meth:`UpAnalysis.tables` builds the best
    values, with the operations of the one-hand-at-a-time definition in the same order.
    """

    def __init__(self, ua: UpAnalysis, policy: Policy) -> None:
        import numpy as np

        self.ua = ua
        self.policy = policy
        layout = hand_layout()
        tables = ua.tables()
        cards = layout.comps.sum(axis=1)
        hits = np.zeros(len(cards), dtype=bool)
        pending = [int(i) for i in np.flatnonzero((cards == 2) | (cards == 3))]
        seen = set(pending)
        values, may_hit, children, up = layout.values, layout.may_hit, layout.children, ua.up
        while pending:
            i = pending.pop()
            if may_hit[i] and policy(values[i], up, True, False, False, False) is Action.HIT:
                hits[i] = True
                for j in children[i]:
                    if j not in seen:
                        seen.add(j)
                        pending.append(j)
        #: Following the policy with no double (a hand of three cards or more, or a split
        #: hand that may not double), and hitting once then following it.
        self.value = np.zeros(tables.stand.shape)
        self.hit_value = np.zeros(tables.stand.shape)
        draws = ua.draws_table()
        for states in layout.layers:
            hit = draws.draw_sum(self.value, states, layout.child[states])
            self.hit_value[:, states] = hit
            self.value[:, states] = np.where(hits[states], hit, tables.stand[:, states])

    def hand(self, comp: Counts, removed: Counts, can_double: bool) -> float:
        ua = self.ua
        at = ua._state(comp, removed)
        if at is None:
            return ua.bust(removed)
        if not can_double:
            return float(self.value[at])
        total, _ = counts_total(comp)
        action = self.policy(card_values(comp), ua.up, total < 21, True, False, False)
        if action is Action.HIT and total < 21:
            return float(self.hit_value[at])
        if action is Action.DOUBLE:
            return float(ua.tables().double[at])
        return float(ua.tables().stand[at])

    def initial(self, c1: int, c2: int) -> float:
        ua = self.ua
        comp = add_card(add_card(EMPTY, c1), c2)
        can_split = c1 == c2 and ua.rules.max_hands >= 2
        can_surrender = ua.rules.late_surrender
        action = self.policy((c1, c2), ua.up, True, True, can_split, can_surrender)
        if action is Action.SURRENDER and can_surrender:
            return ua.surrender(comp)
        if action is Action.SPLIT and can_split:
            wants = self.policy((c1, c1), ua.up, True, ua.rules.double_after_split, True, False)
            return ua.split(c1, self.hand, lambda again, keep: wants is Action.SPLIT)
        if action is Action.DOUBLE:
            return ua.double(comp, comp)
        if action is Action.HIT:
            at = ua._state(comp, comp)
            assert at is not None  # two cards never bust
            return float(self.hit_value[at])
        return ua.stand(comp, comp)


def easy_policy(values: Sequence[int], up: int, can_hit: bool, can_double: bool,
                can_split: bool, can_surrender: bool = False) -> Action:
    """The easy level: hit below 17, otherwise stand."""
    total, _ = values_total(values)
    return Action.HIT if total < 17 and can_hit else Action.STAND


def chart_policy(chart: Chart) -> Policy:
    """Play a chart (with its fallbacks) as a policy."""

    def policy(values: Sequence[int], up: int, can_hit: bool, can_double: bool,
               can_split: bool, can_surrender: bool = False) -> Action:
        return chart.decide(values, up, can_hit=can_hit, can_double=can_double,
                            can_split=can_split, can_surrender=can_surrender)

    return policy

