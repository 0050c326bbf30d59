"""The coach's values of every hand a start can become, for the cards actually left.

Every hand the start can become (every multiset of cards it can draw while it may
still hit) is laid out once per starting total (:func:`start_layout`), and the whole
layout is valued at once with numpy (:func:`table_values`): one pass over the dealer's
tree for all its shoes, then stand / hit / double layer by layer. The dealer's
distributions are kept per shoe (``_DealerStore``), so the next question of a round,
whose unseen cards plus hand are the same shoe, mostly finds them computed.
:func:`prepare` builds the trees and layouts ahead. The model is the one of
:mod:`cardtable.ai.coach_blackjack` (whose module doc gives it).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from cardtable.core.blackjack import Rules
from cardtable.core.blackjack_totals import soft_total

from .bj_dealer import DealerTree, full_shoe_counts
from .bj_upcard import Counts, DealerCache, UpAnalysis

__all__ = ["ShoeEvaluator", "StartLayout", "start_layout", "StartValues", "table_values", "prepare"]

#: Up to this many shoes, the dealer's distributions are computed one by one (the numpy
#: pass costs about as much as 30 single calls, whatever the number of shoes).
_SCALAR_MAX = 30
#: Dealer distributions are kept for this many shoes (up card, rule, unseen cards) ...
_STORES_KEPT = 8
#: ... and up to this many sets of removed cards each.
_STORE_ROWS = 30_000
#: A set of removed cards as one integer: no value is removed 32 times.
_CODE = np.asarray([32**v for v in range(10)], dtype=np.int64)


class _DealerStore:
    """The dealer's distributions for one up card, rule and shoe, per removed cards, kept
    across questions: the next question of a round (after a hit) and the resplit tables
    ask mostly for distributions already computed. Rows are sorted by code."""

    def __init__(self, up: int, hits_soft_17: bool, base: Counts) -> None:
        self.tree = _tree(up, hits_soft_17)
        self.base = np.asarray(base, dtype=np.int64)
        self.codes: npt.NDArray[np.int64] = np.zeros(0, dtype=np.int64)
        self.rows: npt.NDArray[np.float64] = np.zeros((0, 7))
        self.lock = threading.Lock()

    def dists(self, removed: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
        """(m, 7) distributions for (m, 10) removed-card counts."""
        codes = removed @ _CODE
        with self.lock:
            known_codes, known = self.codes, self.rows
            pos = np.minimum(np.searchsorted(known_codes, codes), max(len(known_codes) - 1, 0))
            found = (known_codes[pos] == codes) if len(known_codes) else np.zeros(len(codes), dtype=bool)
            out = np.empty((len(codes), 7))
            out[found] = known[pos[found]]
            missing = np.flatnonzero(~found)
            if len(missing) == 0:
                return out
            new_codes, first, inverse = np.unique(codes[missing], return_index=True, return_inverse=True)
            shoes = self.base[None, :] - removed[missing[first]]
            if len(shoes) > _SCALAR_MAX:
                fresh = np.asarray(self.tree.distributions(shoes))
            else:  # a few shoes: one call each beats the numpy pass's fixed cost
                fresh = np.asarray([self.tree.distribution(c) for c in shoes.tolist()])
            out[missing] = fresh[inverse.reshape(-1)]
            if len(known_codes) + len(new_codes) > _STORE_ROWS:
                known_codes, known = known_codes[:0], known[:0]
            merged = np.concatenate([known_codes, new_codes])
            order = np.argsort(merged, kind="stable")
            self.codes = merged[order]
            self.rows = np.concatenate([known, fresh])[order]
            return out


_stores: OrderedDict[tuple[int, bool, Counts], _DealerStore] = OrderedDict()
_stores_lock = threading.Lock()


def _dealer_store(up: int, hits_soft_17: bool, base: Counts) -> _DealerStore:
    key = (up, hits_soft_17, base)
    with _stores_lock:
        store = _stores.get(key)
        if store is None:
            store = _stores[key] = _DealerStore(up, hits_soft_17, base)
            while len(_stores) > _STORES_KEPT:
                _stores.popitem(last=False)
        else:
            _stores.move_to_end(key)
        return store


@lru_cache(maxsize=32)
def _tree(up: int, hits_soft_17: bool) -> DealerTree:
    return DealerTree(up, hits_soft_17)


class _Dealer(DealerCache):
    """The dealer's distributions for one shoe (``base``) and up card, per removed cards."""

    def __init__(self, base: Counts, up: int, hits_soft_17: bool) -> None:  # no super(): no fill
        self.base = base
        self.tree = _tree(up, hits_soft_17)
        self._dists = {}
        self._filled = True

    def dist(self, removed: Counts) -> tuple[float, ...]:
        d = self._dists.get(removed)
        if d is None:
            d = self.tree.distribution([b - r for b, r in zip(self.base, removed, strict=True)])
            self._dists[removed] = d
        return d


class ShoeEvaluator(UpAnalysis):
    """The analysis' per-up-card evaluator for an arbitrary shoe.

    ``base`` is the unseen cards *plus the hand's own cards* (the shoe as it was before
    the hand was dealt, as far as this hand is concerned), so that the analysis' code
    runs unchanged with ``removed`` starting at the hand's composition; on a full shoe
    ``base`` is the analysis' own (full shoe less the up card) and so are the values.
    """

    def __init__(self, rules: Rules, up: int, base: Counts) -> None:  # no super(): own shoe
        self.rules = rules
        self.up = up
        self.peek = rules.dealer_peeks
        self.dealer = self.shoe_dealer = _Dealer(base, up, rules.dealer_hits_soft_17)
        self.base = base
        self.n = sum(base)
        self.bj_index = 9 if up == 1 else 0 if up == 10 else None


# -- every hand a start can become, valued at once (numpy) ---------------------------


@dataclass(frozen=True, eq=False)
class StartLayout:
    """Every multiset E of cards a hand can draw from its start while it may hit (E
    empty first, breadth first so a state's children come after it), as arrays."""

    drawn: npt.NDArray[np.int64]  # (n, 10): E per state
    total: npt.NDArray[np.int64]  # (n,): the hand's best total
    #: (n, 10): the state after one more card of each value, -1 when it busts, -2 when
    #: the state does not draw (21, or a split hand's double on 21 only).
    child: npt.NDArray[np.int64]
    #: (start, stop) of each layer (states with the same number of cards drawn).
    layers: tuple[tuple[int, int], ...]


@lru_cache(maxsize=128)
def start_layout(start_hard: int, start_ace: bool, one_card: bool) -> StartLayout:
    """The states of a hand of hard total ``start_hard`` (an ace in it: ``start_ace``).

    ``one_card``: a split hand of one card, whose two-card states may also double on a
    soft 21 (the analysis values that double; it is never the better choice).
    """
    drawn: list[Counts] = [(0,) * 10]
    index: dict[Counts, int] = {drawn[0]: 0}
    hards = [start_hard]
    aces = [start_ace]
    sizes = [0]
    totals: list[int] = []
    children: list[list[int]] = []
    i = 0
    while i < len(drawn):
        e, hard, ace = drawn[i], hards[i], aces[i]
        total, _ = soft_total(hard, ace)
        totals.append(total)
        row = [-2] * 10
        if total < 21 or (one_card and sizes[i] == 1):
            for v in range(10):
                h2, a2 = hard + v + 1, ace or v == 0
                if h2 > 21:  # over 21 even with every ace as 1: bust
                    row[v] = -1
                    continue
                c = e[:v] + (e[v] + 1,) + e[v + 1 :]
                j = index.get(c)
                if j is None:
                    j = index[c] = len(drawn)
                    drawn.append(c)
                    hards.append(h2)
                    aces.append(a2)
                    sizes.append(sizes[i] + 1)
                row[v] = j
        children.append(row)
        i += 1
    layers: list[tuple[int, int]] = []
    start = 0
    for k in range(1, len(sizes) + 1):
        if k == len(sizes) or sizes[k] != sizes[start]:
            layers.append((start, k))
            start = k
    return StartLayout(np.asarray(drawn, dtype=np.int64), np.asarray(totals, dtype=np.int64),
                   np.asarray(children, dtype=np.int64), tuple(layers))


@dataclass(frozen=True, eq=False)
class StartValues:
    """Per shoe (first axis) and state of a layout: standing, hitting, the best of the
    two, doubling."""

    stand: npt.NDArray[np.float64]
    hit: npt.NDArray[np.float64]
    best: npt.NDArray[np.float64]
    double: npt.NDArray[np.float64]
    dists: npt.NDArray[np.float64]  # (shoes, n, 7) dealer distributions (zeros off the shoe)


def table_values(layout: StartLayout, base: Counts, removed0: Sequence[Counts], up: int, rules: Rules,
                  double_sizes: tuple[int, ...]) -> StartValues:
    """The analysis' stand / hit / best / double for every state of ``layout`` at once,
    for each starting removal in ``removed0``.

    A state with cards ``E`` drawn has ``removed0[k] + E`` gone from ``base`` (the model of
    :class:`ShoeEvaluator`); the dealer's distributions come from one numpy pass over the tree.
    """
    n = len(layout.total)
    kk = len(removed0)
    shoe = (np.asarray(base, dtype=np.int64)[None, None, :]
            - np.asarray(removed0, dtype=np.int64)[:, None, :] - layout.drawn[None, :, :])
    on_shoe: npt.NDArray[np.bool_] = np.all(shoe >= 0, axis=2)
    rows = np.nonzero(on_shoe)
    dists = np.zeros((kk, n, 7))
    if len(rows[0]):
        removed = np.asarray(base, dtype=np.int64)[None, :] - shoe[rows]
        dists[rows] = _dealer_store(up, rules.dealer_hits_soft_17, base).dists(removed)
    # Standing: +1 against a dealer bust or a lower total, -1 against a higher one; a
    # dealer blackjack takes the stake without peek (with peek it is left out).
    total = layout.total
    coef = np.empty((n, 7))
    for k in range(5):
        coef[:, k] = np.sign(total - (17 + k))
    coef[:, 5] = 1.0
    coef[:, 6] = 0.0 if rules.dealer_peeks else -1.0
    stand = (dists * coef[None, :, :]).sum(axis=2)
    shoe = np.where(on_shoe[:, :, None], shoe, 0)
    left = shoe.sum(axis=2)
    p = shoe / np.maximum(left, 1)[:, :, None]
    if rules.dealer_peeks and up in (1, 10):
        bj = 9 if up == 1 else 0
        onehot = np.zeros(10, dtype=np.int64)
        onehot[bj] = 1
        after = shoe[:, :, bj][:, :, None] - onehot[None, None, :]
        bust = -(1.0 - np.maximum(after, 0) / np.maximum(left - 1, 1)[:, :, None])
    else:
        bust = np.full((kk, n, 10), -1.0)
    child = layout.child
    safe = np.maximum(child, 0)
    best = np.zeros((kk, n))
    hit = np.zeros((kk, n))
    can_hit = total < 21
    for start, stop in reversed(layout.layers):
        ch = child[start:stop]
        values = np.where(ch[None] >= 0, best[:, safe[start:stop]], bust[:, start:stop])
        h = (p[:, start:stop] * values).sum(axis=2)
        hit[:, start:stop] = h
        st = stand[:, start:stop]
        best[:, start:stop] = np.where(can_hit[None, start:stop], np.maximum(st, h), st)
    double = np.zeros((kk, n))
    for size in double_sizes:
        start, stop = layout.layers[size]
        ch = child[start:stop]
        values = np.where(ch[None] >= 0, stand[:, safe[start:stop]], bust[:, start:stop])
        double[:, start:stop] = 2.0 * (p[:, start:stop] * values).sum(axis=2)
    return StartValues(stand, hit, best, double, dists)


def prepare(rules: Rules) -> None:
    """Build, once per process, what every question under ``rules`` uses: the dealer's
    trees (compiled for numpy) and the layouts of every starting hand. About half a
    second; a table may call it in a worker when it opens so that its first question
    is as quick as the others. Calling it again costs nothing."""
    for up in range(1, 11):
        tree = _tree(up, rules.dealer_hits_soft_17)
        tree.distributions(np.asarray([full_shoe_counts(1)], dtype=np.int64))
    for hard in range(2, 21):
        for ace in (False, True):
            if not ace or hard <= 11:
                start_layout(hard, ace, False)
    for pair in range(1, 11):
        start_layout(pair, pair == 1, True)
