"""Expected values of every blackjack hand against one dealer up card, all at once.

The machinery of :mod:`cardtable.ai.bj_analysis` (whose module doc gives the model):
every hand composition worth at most 21 is one state of a layout, in 11 removal
contexts; per up card, the dealer's distribution for every state and context comes
from one numpy pass over the dealer's tree, and stand, hit, best and double are built
for all states at once, layer by layer from the highest hard total down
(:meth:`UpAnalysis.tables`). The coach (:mod:`cardtable.ai.coach_blackjack`) runs the
same evaluator on the cards actually left.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from cardtable.core.blackjack import Action, Rules
from cardtable.core.blackjack_totals import counts_total, soft_total

from .bj_dealer import BLACKJACK, BUST, dealer_tree, full_shoe_counts

if TYPE_CHECKING:  # numpy is imported when an analysis first runs
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "Counts",
    "EMPTY",
    "add_card",
    "card_values",
    "HandEV",
    "DealerCache",
    "HandLayout",
    "hand_layout",
    "dealer_caches",
    "UpTables",
    "Draws",
    "UpAnalysis",
]

#: Cards per value, ace first (a hand, a shoe, or cards removed from one).
Counts = tuple[int, ...]

EMPTY: Counts = (0,) * 10


def add_card(counts: Counts, value: int, k: int = 1) -> Counts:
    """``counts`` with ``k`` more cards of ``value`` (ace = 1)."""
    i = value - 1
    return counts[:i] + (counts[i] + k,) + counts[i + 1 :]


def card_values(counts: Counts) -> tuple[int, ...]:
    """The card values of ``counts``, ace first."""
    return tuple(v + 1 for v in range(10) for _ in range(counts[v]))


@dataclass(frozen=True)
class HandEV:
    """EVs of one two-card hand against one up card, conditional on what the player knows.

    With peek the values are conditional on the dealer not having blackjack.
    ``split`` is None for non-pairs.
    """

    stand: float
    hit: float
    double: float
    split: float | None
    #: Late surrender's value, None when the rules do not offer it.
    surrender: float | None = None

    def best(self) -> Action:
        """The action with the highest EV (ties keep the order stand, hit, double, split,
        surrender)."""
        options = [(self.stand, Action.STAND), (self.hit, Action.HIT), (self.double, Action.DOUBLE)]
        if self.split is not None:
            options.append((self.split, Action.SPLIT))
        if self.surrender is not None:
            options.append((self.surrender, Action.SURRENDER))
        best_value, best_action = options[0]
        for value, action in options[1:]:
            if value > best_value:
                best_value, best_action = value, action
        return best_action



class DealerCache:
    """Dealer distributions for one up card and shoe: for every state of the hand layout
    in every removal context at once (:meth:`table`), or for one set of removed cards."""

    def __init__(self, decks: int, hits_soft_17: bool, up: int, shoe: Counts | None = None) -> None:
        full = full_shoe_counts(decks) if shoe is None else shoe
        self.base: Counts = add_card(full, up, -1)
        self.tree = dealer_tree(up, hits_soft_17)
        self._dists: dict[Counts, tuple[float, ...]] = {}
        #: One distribution per distinct shoe (and a row of zeros), and each state's row.
        self._table: tuple[npt.NDArray[np.float64], npt.NDArray[np.int32]] | None = None

    def dist(self, removed: Counts) -> tuple[float, ...]:
        d = self._dists.get(removed)
        if d is None:
            counts = [b - r for b, r in zip(self.base, removed, strict=True)]
            d = self.tree.distribution(counts)
            self._dists[removed] = d
        return d

    def table(self) -> npt.NDArray[np.float64]:
        """(contexts, states, 7): the distribution with ``hand_layout().removed`` gone from the
        shoe, zeros where the shoe does not hold those cards or the context never reaches
        the state. Every distinct shoe is evaluated once, in one numpy pass over the
        dealer's tree (the floats of :meth:`DealerTree.distribution`, bit for bit); what
        is kept is one row per distinct shoe and each state's row."""
        import numpy as np

        if self._table is None:
            layout = hand_layout()
            shoes = np.asarray(self.base, dtype=np.int64) - layout.removed
            on_shoe = (shoes >= 0).all(axis=2) & layout.reachable
            codes = layout.removed[on_shoe] @ (32 ** np.arange(10, dtype=np.int64))
            _, first, inverse = np.unique(codes, return_index=True, return_inverse=True)
            rows = self.tree.distribution_table(shoes[on_shoe][first])
            where = np.full(on_shoe.shape, len(rows), dtype=np.int32)  # off the shoe: the zero row
            where[on_shoe] = inverse.reshape(-1)
            self._table = (np.concatenate([rows, np.zeros((1, rows.shape[1]))]), where)
        rows, where = self._table
        return rows[where]


@lru_cache(maxsize=1)
def compositions(max_total: int) -> tuple[Counts, ...]:
    """Every multiset of card values (counts per value, ace = 1) worth at most ``max_total``."""
    out: list[Counts] = []

    def build(value: int, left: int, counts: tuple[int, ...]) -> None:
        if value > 10:
            out.append(counts)
            return
        for k in range(left // value + 1):
            build(value + 1, left - k * value, counts + (k,))

    build(1, max_total, ())
    return tuple(out)


#: Removal contexts of the tables: context 0 is a hand with only its own cards gone from
#: the shoe; context v (1-10) one more card of value v gone too (a split hand: its pair
#: partner left with the other hand).
CONTEXTS = 11


@dataclass(frozen=True, eq=False)
class HandLayout:
    """Every hand composition worth at most 21 (hard), as arrays."""

    comps: npt.NDArray[np.int64]  # (n, 10) counts per value
    index: dict[Counts, int]  # composition -> state
    total: npt.NDArray[np.int64]  # (n,) best total (an ace counted 11 when it fits)
    #: (n, 10): the state after one more card of each value, -1 when that card busts it.
    child: npt.NDArray[np.int64]
    #: States by hard total, highest first: a state's children are in earlier layers.
    layers: tuple[npt.NDArray[np.int64], ...]
    #: (contexts, n, 10): the cards gone from the shoe in each state and context.
    removed: npt.NDArray[np.int64]
    #: (contexts, n): the states a context can reach: every hand of a split of v's holds
    #: a v (its first card), so context v never asks about the others.
    reachable: npt.NDArray[np.bool_]
    #: The card values of each state, ace first (what a policy is shown); the states
    #: below 21 (they may hit) and their children that do not bust, as Python objects.
    values: tuple[tuple[int, ...], ...]
    may_hit: tuple[bool, ...]
    children: tuple[tuple[int, ...], ...]


@lru_cache(maxsize=1)
def hand_layout() -> HandLayout:
    import numpy as np

    comps = compositions(21)
    index = {c: i for i, c in enumerate(comps)}
    array = np.asarray(comps, dtype=np.int64)
    hard = array @ np.arange(1, 11, dtype=np.int64)
    # The best total of every (holds an ace, hard total) pair, then looked up per state.
    best = np.asarray([[soft_total(h, ace)[0] for h in range(22)] for ace in (False, True)], dtype=np.int64)
    total = best[(array[:, 0] > 0).astype(np.int64), hard]
    child = np.full((len(comps), 10), -1, dtype=np.int64)
    for i, c in enumerate(comps):
        for v in range(10):
            j = index.get(c[:v] + (c[v] + 1,) + c[v + 1 :])
            if j is not None:
                child[i, v] = j
    layers = tuple(np.flatnonzero(hard == h) for h in range(21, -1, -1) if (hard == h).any())
    extra = np.zeros((CONTEXTS, 10), dtype=np.int64)
    extra[np.arange(1, CONTEXTS), np.arange(10)] = 1
    reachable = np.concatenate([np.ones((1, len(comps)), dtype=bool), array.T > 0])
    return HandLayout(array, index, total, child, layers, array[None, :, :] + extra[:, None, :], reachable,
                   tuple(card_values(c) for c in comps), tuple(bool(t < 21) for t in total),
                   tuple(tuple(int(j) for j in row if j >= 0) for row in child))


@lru_cache(maxsize=16)
def dealer_caches(decks: int, hits_soft_17: bool) -> tuple[DealerCache, ...]:
    """Shared between analyses that differ only in player-side rules (e.g. peek)."""
    return tuple(DealerCache(decks, hits_soft_17, up) for up in range(1, 11))


@dataclass(frozen=True, eq=False)
class UpTables:
    """One up card's values for every state of the layout in every context (unnormalised,
    see bj_analysis's module doc): stand, hit (then play on optimally), the best of the two, and
    double."""

    stand: npt.NDArray[np.float64]  # (contexts, n)
    hit: npt.NDArray[np.float64]
    best: npt.NDArray[np.float64]
    double: npt.NDArray[np.float64]


class Draws:
    """Drawing one more card, for the states of the layout in every context: the chance
    of each value (cards of it left / cards left) and the value of busting by it (with
    peek the stake is only lost when the dealer has no blackjack). Computed for the
    states asked about, when asked (the arrays for every state would weigh megabytes)."""

    def __init__(self, base: Counts, peek: bool, bj_index: int | None) -> None:
        import numpy as np

        self.base = np.asarray(base, dtype=np.int64)
        self.peek_bj = bj_index if peek else None

    def draw_sum(self, values: npt.NDArray[np.float64], states: npt.NDArray[np.int64],
                 children: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
        """Σ over the cards left of P(card) × value after it, for ``states`` in every
        context: ``values`` of the children, the bust value for a card that busts. The
        terms are added one after the other in card order (a cumulative sum), only for
        cards in the shoe, as ``sum`` adds the terms of :meth:`UpAnalysis.draws`: the
        same floats."""
        import numpy as np

        shoe = self.base - hand_layout().removed[:, states]
        left = np.maximum(shoe.sum(axis=2), 1)  # at least 1: off the shoe, never used
        if self.peek_bj is None:
            bust: npt.NDArray[np.float64] | float = -1.0  # with peek and no blackjack possible: -(1 - 0)
        else:
            # After drawing value v: P(blackjack) = (bj cards left, less v's) / (left - 1).
            one = np.zeros(10, dtype=np.int64)
            one[self.peek_bj] = 1
            after_bj = shoe[:, :, self.peek_bj, None] - one
            bust = -(1.0 - after_bj / np.maximum(left - 1, 1)[:, :, None])
        after = np.where(children >= 0, values[:, np.maximum(children, 0)], bust)
        terms = np.where(shoe > 0, shoe / left[:, :, None] * after, 0.0)
        return np.cumsum(terms, axis=2)[:, :, -1]


class UpAnalysis:
    """All EVs against one dealer up card. Values are *unnormalised* (see bj_analysis's module doc)."""

    def __init__(self, rules: Rules, up: int, shoe: Counts | None = None) -> None:
        self.rules = rules
        self.up = up
        self.peek = rules.dealer_peeks
        self.dealer = (dealer_caches(rules.decks, rules.dealer_hits_soft_17)[up - 1] if shoe is None
                       else DealerCache(rules.decks, rules.dealer_hits_soft_17, up, shoe))
        self.base = self.dealer.base
        self.n = sum(self.base)
        # The hole card that completes a dealer blackjack, as a value index.
        self.bj_index = 9 if up == 1 else 0 if up == 10 else None
        self._tables: UpTables | None = None

    # -- probabilities -------------------------------------------------------------

    def draws(self, removed: Counts) -> Iterator[tuple[int, float]]:
        """(value, probability) of the next card with ``removed`` gone."""
        left = self.n - sum(removed)
        for i in range(10):
            c = self.base[i] - removed[i]
            if c > 0:
                yield i + 1, c / left

    def p_blackjack(self, removed: Counts) -> float:
        """Chance the face-down card makes a dealer blackjack, given ``removed``."""
        if self.bj_index is None:
            return 0.0
        i = self.bj_index
        return (self.base[i] - removed[i]) / (self.n - sum(removed))

    # -- terminal values -----------------------------------------------------------

    def surrender(self, removed: Counts) -> float:
        """Late surrender: half the stake back unless the dealer has a natural (which
        takes it all without peek; with peek the hand was never played)."""
        p_bj = self.p_blackjack(removed)
        return -0.5 * (1.0 - p_bj) - (0.0 if self.peek else p_bj)

    def bust(self, removed: Counts) -> float:
        return -(1.0 - self.p_blackjack(removed)) if self.peek else -1.0

    # -- every state at once (numpy) -------------------------------------------------

    def tables(self) -> UpTables:
        """Stand, hit, best and double for every hand in every context, built once.

        Layer by layer from the highest hard total down (a hand's children have higher
        totals), with the operations of the one-hand-at-a-time definitions in the same
        order, element-wise: standing is +1 against a dealer bust or a lower total and -1
        against a higher one (a dealer blackjack takes the stake without peek); hitting
        is the probability-weighted best value after each card; best is the larger of
        standing and hitting (standing only, on 21); doubling stands after one card,
        twice the stake.
        """
        if self._tables is None:
            import numpy as np

            layout = hand_layout()
            d = self.dealer.table()
            total = layout.total[None, :]
            stand = d[:, :, BUST].copy()
            for k, dealer_total in enumerate(range(17, 22)):
                stand = np.where(dealer_total < total, stand + d[:, :, k],
                                 np.where(dealer_total > total, stand - d[:, :, k], stand))
            if not self.peek:
                stand = stand - d[:, :, BLACKJACK]
            draws = self.draws_table()
            tables = UpTables(stand, np.zeros(stand.shape), np.zeros(stand.shape), np.zeros(stand.shape))
            can_hit = layout.total < 21
            for states in layout.layers:
                hit = draws.draw_sum(tables.best, states, layout.child[states])
                tables.hit[:, states] = hit
                st = stand[:, states]
                tables.best[:, states] = np.where(can_hit[states], np.maximum(st, hit), st)
            every = np.arange(len(layout.total))
            tables.double[:, :] = 2.0 * draws.draw_sum(stand, every, layout.child)
            self._tables = tables
        return self._tables

    def draws_table(self) -> Draws:
        """Drawing a card from this up card's shoe, for :meth:`tables` and the policies."""
        return Draws(self.base, self.peek, self.bj_index)

    def _state(self, comp: Counts, removed: Counts) -> tuple[int, int] | None:
        """(context, state) of a hand of ``comp`` with ``removed`` gone; None when it busts."""
        i = hand_layout().index.get(comp)
        if i is None:
            if counts_total(comp)[0] > 21:
                return None
            raise ValueError(f"no hand {comp} in the analysis")
        context = 0
        for value, (c, r) in enumerate(zip(comp, removed, strict=True), start=1):
            if r != c:
                if r - c != 1 or context:
                    raise ValueError(f"removed cards {removed} are not the hand {comp} and at most one more")
                context = value
        return context, i

    def stand(self, comp: Counts, removed: Counts) -> float:
        at = self._state(comp, removed)
        return self.bust(removed) if at is None else float(self.tables().stand[at])

    def best(self, comp: Counts, removed: Counts) -> float:
        """Best of stand and hit for a hand that can no longer double."""
        at = self._state(comp, removed)
        return self.bust(removed) if at is None else float(self.tables().best[at])

    def hit(self, comp: Counts, removed: Counts) -> float:
        at = self._state(comp, removed)
        return self.bust(removed) if at is None else float(self.tables().hit[at])

    def double(self, comp: Counts, removed: Counts) -> float:
        at = self._state(comp, removed)
        return 2.0 * self.bust(removed) if at is None else float(self.tables().double[at])

    def opt_hand(self, comp: Counts, removed: Counts, can_double: bool) -> float:
        value = self.best(comp, removed)
        if can_double:
            value = max(value, self.double(comp, removed))
        return value

    # -- splits --------------------------------------------------------------------

    def split(
        self,
        pair: int,
        hand_value: Callable[[Counts, Counts, bool], float],
        resplit_choice: Callable[[float, float], bool],
    ) -> float:
        """Total value of splitting a pair of ``pair``s (see bj_analysis's module doc for the model).

        ``hand_value(comp, removed, can_double)`` values a split hand once it holds
        two cards; ``resplit_choice(resplit, keep)`` says whether to resplit.
        """
        rules = self.rules
        aces = pair == 1
        removed0 = add_card(EMPTY, pair, 2)
        one = add_card(EMPTY, pair, 1)
        can_double = rules.double_after_split and not aces

        def value_of(comp: Counts, removed: Counts) -> float:
            # Split aces get one card each and stand; other split hands play on.
            return self.stand(comp, removed) if aces else hand_value(comp, removed, can_double)

        not_pair = 0.0
        q2 = 0.0
        for v, p in self.draws(removed0):
            if v == pair:
                q2 = p
            else:
                not_pair += p * value_of(add_card(one, v), add_card(removed0, v))
        not_pair_each = not_pair / (1.0 - q2) if q2 < 1.0 else 0.0
        keep_pair = value_of(add_card(one, pair), add_card(removed0, pair))
        may_resplit = rules.resplit_aces or not aces
        cards_left = self.n
        pair_cards = self.base[pair - 1]
        memo: dict[tuple[int, int], float] = {}

        def hands_value(pending: int, hands: int) -> float:
            if pending == 0:
                return 0.0
            key = (pending, hands)
            if key in memo:
                return memo[key]
            q = max(pair_cards - hands, 0) / (cards_left - hands)
            rest = hands_value(pending - 1, hands)
            keep = keep_pair + rest
            draw_pair = keep
            if may_resplit and hands < rules.max_hands:
                again = hands_value(pending + 1, hands + 1)
                if resplit_choice(again, keep):
                    draw_pair = again
            value = (1.0 - q) * (not_pair_each + rest) + q * draw_pair
            memo[key] = value
            return value

        return hands_value(2, 2)

    def opt_split(self, pair: int) -> float:
        return self.split(pair, self.opt_hand, lambda again, keep: again > keep)

    # -- a two-card hand -----------------------------------------------------------

    def hand(self, c1: int, c2: int) -> HandEV:
        """Unnormalised option values of a two-card hand."""
        comp = add_card(add_card(EMPTY, c1), c2)
        split = self.opt_split(c1) if c1 == c2 and self.rules.max_hands >= 2 else None
        return HandEV(
            stand=self.stand(comp, comp),
            hit=self.hit(comp, comp),
            double=self.double(comp, comp),
            split=split,
            surrender=self.surrender(comp) if self.rules.late_surrender else None,
        )

    def p_no_blackjack(self, c1: int, c2: int) -> float:
        comp = add_card(add_card(EMPTY, c1), c2)
        return 1.0 - self.p_blackjack(comp)

    def p_hand(self, c1: int, c2: int) -> float:
        """Chance of being dealt {c1, c2} with this up card out."""
        a = self.base[c1 - 1]
        b = self.base[c2 - 1] - (1 if c1 == c2 else 0)
        ways = a * b * (1 if c1 == c2 else 2)
        return ways / (self.n * (self.n - 1))
