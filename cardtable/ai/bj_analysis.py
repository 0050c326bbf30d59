"""Expected values of blackjack decisions for a finite shoe, and the chart they imply.

What is computed
----------------
For every dealer up card and every two-card player hand, the expected value (in
units of the original stake) of standing, hitting, doubling and splitting, for a
shoe of ``rules.decks`` decks with the player's cards and the up card removed.
Every later card is also drawn without replacement: the dealer's final
distribution is recomputed exactly for each composition of the player's hand
(``bj_dealer``). After the first decision the player continues optimally for the
exact composition (hit or stand).

Peek and no peek
----------------
The dealer's face-down card is just another unseen card, exchangeable with the
player's draws, so "dealer blackjack" is one outcome of the dealer's distribution
given the player's final cards. Without peek (this house) a dealer blackjack
takes every stake on the table: −1 for a hand stood or hit, −2 for a double, −1 per
split hand (−2 if it was doubled). With peek the player only acts when the dealer
has no blackjack, so each option is valued as ``E[payoff · 1{no blackjack}]``;
dividing by ``P(no blackjack)`` gives the conditional EV, and since that divisor
is the same for every option at a decision it never changes a choice.

Splits
------
Each split hand starts with one pair card and is valued with both pair cards
removed. Resplitting (up to ``rules.max_hands`` hands; aces only if
``rules.resplit_aces``) follows the usual approximation: the chance that a hand
draws another pair card is updated for the pair cards already out, and every
hand's value is the value of a hand with two pair cards removed. Split aces take
one card each and stand.

Total-dependent chart
---------------------
Published basic strategy is *total-dependent*: one decision per hard total, not
per pair of cards. So a hard-total cell is decided by the average EV of each
action over every two-card composition of that total (pairs excluded unless the
total has no other composition, as hard 4 and 20), weighted by its probability
with the up card out. Soft totals and pairs have one composition each. The
first decision is total-dependent; continuations after a hit are
composition-dependent optimal, which moves EVs by far less than any margin that
decides a cell. See ``derive_chart``.

How it is computed
------------------
Every hand composition worth at most 21 is one state of a layout (3,083 of them), in
11 removal contexts (the hand's own cards gone, or one more card of a value: a split
hand). Per up card, the dealer's distribution for every state and context comes from
one numpy pass over the dealer's tree; stand, hit (then play on), best and double are
then built for all states at once, layer by layer from the highest hard total down
(:meth:`_UpAnalysis.tables`), and a fixed policy is valued the same way after it has
been asked once per hand it reaches (:class:`_PolicyEvaluator`). The arithmetic is the
one-hand-at-a-time definition's, operation for operation and in the same order
(terms summed card by card): the figures are those of the memoised recursion this
replaced, bit for bit.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from cardtable.core.blackjack import Action, Rules

from .bj_chart import UP_ORDER, Chart, hand_facts, published_chart
from .bj_dealer import BLACKJACK, BUST, dealer_tree, full_shoe_counts

if TYPE_CHECKING:  # numpy is imported when an analysis first runs
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "HandEV",
    "CellEV",
    "Policy",
    "Analysis",
    "analysis_for",
    "derive_chart",
    "strategy_key",
    "chart_policy",
    "easy_policy",
    "rules_to_json",
    "rules_from_json",
    "chart_document",
    "DERIVED_CHART_FILE",
]

#: The cached chart for the house rules, in ``assets/data``.
DERIVED_CHART_FILE = "bj_chart_derived.json"
_STRATEGY_FIELDS = ("decks", "dealer_hits_soft_17", "dealer_peeks", "double_after_split",
                    "max_hands", "resplit_aces", "blackjack_pays", "late_surrender")

Counts = tuple[int, ...]
#: Called as ``progress(done, total)`` during a long computation.
Progress = Callable[[int, int], None]
#: A strategy as a function of (card values, dealer up value, can_hit, can_double, can_split,
#: can_surrender).
Policy = Callable[[Sequence[int], int, bool, bool, bool, bool], Action]

_EMPTY: Counts = (0,) * 10


def _add(counts: Counts, value: int, k: int = 1) -> Counts:
    i = value - 1
    return counts[:i] + (counts[i] + k,) + counts[i + 1 :]


def _values(counts: Counts) -> tuple[int, ...]:
    return tuple(v + 1 for v in range(10) for _ in range(counts[v]))


@cache
def _facts(counts: Counts) -> tuple[int, bool]:
    hard = sum((v + 1) * c for v, c in enumerate(counts))
    if counts[0] and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


def strategy_key(rules: Rules) -> Rules:
    """The rules with every field that cannot change strategy set to its default.

    Table limits and penetration do not affect the off-the-top EVs, so charts are
    cached per this key.
    """
    base = Rules()
    return replace(rules, penetration_percent=base.penetration_percent,
                   min_bet=base.min_bet, max_bet=base.max_bet)


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


@dataclass(frozen=True)
class CellEV:
    """Probability-weighted EVs of a chart cell and the code chosen for it."""

    kind: str  # "hard", "soft" or "pair"
    key: int  # total, or pair card value (ace = 1)
    up: int
    ev: HandEV
    code: str


class _DealerCache:
    """Dealer distributions for one up card and shoe: for every state of the hand layout
    in every removal context at once (:meth:`table`), or for one set of removed cards."""

    def __init__(self, decks: int, hits_soft_17: bool, up: int, shoe: Counts | None = None) -> None:
        full = full_shoe_counts(decks) if shoe is None else shoe
        self.base: Counts = _add(full, up, -1)
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
        """(contexts, states, 7): the distribution with ``_layout().removed`` gone from the
        shoe, zeros where the shoe does not hold those cards or the context never reaches
        the state. Every distinct shoe is evaluated once, in one numpy pass over the
        dealer's tree (the floats of :meth:`DealerTree.distribution`, bit for bit); what
        is kept is one row per distinct shoe and each state's row."""
        import numpy as np

        if self._table is None:
            layout = _layout()
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
def _compositions(max_total: int) -> tuple[Counts, ...]:
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
_CONTEXTS = 11


@dataclass(frozen=True, eq=False)
class _Layout:
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
def _layout() -> _Layout:
    import numpy as np

    comps = _compositions(21)
    index = {c: i for i, c in enumerate(comps)}
    array = np.asarray(comps, dtype=np.int64)
    hard = array @ np.arange(1, 11, dtype=np.int64)
    total = np.where((array[:, 0] > 0) & (hard + 10 <= 21), hard + 10, hard)
    child = np.full((len(comps), 10), -1, dtype=np.int64)
    for i, c in enumerate(comps):
        for v in range(10):
            j = index.get(c[:v] + (c[v] + 1,) + c[v + 1 :])
            if j is not None:
                child[i, v] = j
    layers = tuple(np.flatnonzero(hard == h) for h in range(21, -1, -1) if (hard == h).any())
    extra = np.zeros((_CONTEXTS, 10), dtype=np.int64)
    extra[np.arange(1, _CONTEXTS), np.arange(10)] = 1
    reachable = np.concatenate([np.ones((1, len(comps)), dtype=bool), array.T > 0])
    return _Layout(array, index, total, child, layers, array[None, :, :] + extra[:, None, :], reachable,
                   tuple(_values(c) for c in comps), tuple(bool(t < 21) for t in total),
                   tuple(tuple(int(j) for j in row if j >= 0) for row in child))


@lru_cache(maxsize=16)
def _dealer_caches(decks: int, hits_soft_17: bool) -> tuple[_DealerCache, ...]:
    """Shared between analyses that differ only in player-side rules (e.g. peek)."""
    return tuple(_DealerCache(decks, hits_soft_17, up) for up in range(1, 11))


@dataclass(frozen=True, eq=False)
class _Tables:
    """One up card's values for every state of the layout in every context (unnormalised,
    see the module doc): stand, hit (then play on optimally), the best of the two, and
    double."""

    stand: npt.NDArray[np.float64]  # (contexts, n)
    hit: npt.NDArray[np.float64]
    best: npt.NDArray[np.float64]
    double: npt.NDArray[np.float64]


class _Draws:
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
        cards in the shoe, as ``sum`` adds the terms of :meth:`_UpAnalysis.draws`: the
        same floats."""
        import numpy as np

        shoe = self.base - _layout().removed[:, states]
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


class _UpAnalysis:
    """All EVs against one dealer up card. Values are *unnormalised* (see module doc)."""

    def __init__(self, rules: Rules, up: int, shoe: Counts | None = None) -> None:
        self.rules = rules
        self.up = up
        self.peek = rules.dealer_peeks
        self.dealer = (_dealer_caches(rules.decks, rules.dealer_hits_soft_17)[up - 1] if shoe is None
                       else _DealerCache(rules.decks, rules.dealer_hits_soft_17, up, shoe))
        self.base = self.dealer.base
        self.n = sum(self.base)
        # The hole card that completes a dealer blackjack, as a value index.
        self.bj_index = 9 if up == 1 else 0 if up == 10 else None
        self._tables: _Tables | None = None

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

    def tables(self) -> _Tables:
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

            layout = _layout()
            d = self.dealer.table()
            total = layout.total[None, :]
            stand = d[:, :, BUST].copy()
            for k, dealer_total in enumerate(range(17, 22)):
                stand = np.where(dealer_total < total, stand + d[:, :, k],
                                 np.where(dealer_total > total, stand - d[:, :, k], stand))
            if not self.peek:
                stand = stand - d[:, :, BLACKJACK]
            draws = self.draws_table()
            tables = _Tables(stand, np.zeros(stand.shape), np.zeros(stand.shape), np.zeros(stand.shape))
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

    def draws_table(self) -> _Draws:
        """Drawing a card from this up card's shoe, for :meth:`tables` and the policies."""
        return _Draws(self.base, self.peek, self.bj_index)

    def _state(self, comp: Counts, removed: Counts) -> tuple[int, int] | None:
        """(context, state) of a hand of ``comp`` with ``removed`` gone; None when it busts."""
        i = _layout().index.get(comp)
        if i is None:
            if _facts(comp)[0] > 21:
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
        """Total value of splitting a pair of ``pair``s (see module doc for the model).

        ``hand_value(comp, removed, can_double)`` values a split hand once it holds
        two cards; ``resplit_choice(resplit, keep)`` says whether to resplit.
        """
        rules = self.rules
        aces = pair == 1
        removed0 = _add(_EMPTY, pair, 2)
        one = _add(_EMPTY, pair, 1)
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
                not_pair += p * value_of(_add(one, v), _add(removed0, v))
        not_pair_each = not_pair / (1.0 - q2) if q2 < 1.0 else 0.0
        keep_pair = value_of(_add(one, pair), _add(removed0, pair))
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
        comp = _add(_add(_EMPTY, c1), c2)
        split = self.opt_split(c1) if c1 == c2 and self.rules.max_hands >= 2 else None
        return HandEV(
            stand=self.stand(comp, comp),
            hit=self.hit(comp, comp),
            double=self.double(comp, comp),
            split=split,
            surrender=self.surrender(comp) if self.rules.late_surrender else None,
        )

    def p_no_blackjack(self, c1: int, c2: int) -> float:
        comp = _add(_add(_EMPTY, c1), c2)
        return 1.0 - self.p_blackjack(comp)

    def p_hand(self, c1: int, c2: int) -> float:
        """Chance of being dealt {c1, c2} with this up card out."""
        a = self.base[c1 - 1]
        b = self.base[c2 - 1] - (1 if c1 == c2 else 0)
        ways = a * b * (1 if c1 == c2 else 2)
        return ways / (self.n * (self.n - 1))


def two_card_hands() -> Iterator[tuple[int, int]]:
    """Every unordered two-card hand as card values (c1 <= c2, ace = 1)."""
    for c1 in range(1, 11):
        for c2 in range(c1, 11):
            yield c1, c2


def _row_hands(kind: str, key: int) -> list[tuple[int, int]]:
    """The two-card compositions a chart cell is decided over."""
    if kind == "pair":
        return [(key, key)]
    if kind == "soft":
        other = key - 11
        return [(1, other)] if 1 <= other <= 9 else []
    hands = [(a, b) for a, b in two_card_hands() if a != 1 and a + b == key]
    non_pairs = [(a, b) for a, b in hands if a != b]
    return non_pairs or hands


def _code(ev: HandEV, allow_split: bool) -> str:
    """The cell's code; a surrender cell names what to do when surrender is not
    allowed (``Rh``, ``Rs``, ``Rp``)."""
    plain = ev if allow_split else replace(ev, split=None)
    action = replace(plain, surrender=None).best()
    if action is Action.SPLIT:
        code = "P"
    elif action is Action.DOUBLE:
        code = "Dh" if ev.hit >= ev.stand else "Ds"
    else:
        code = "H" if action is Action.HIT else "S"
    if plain.best() is Action.SURRENDER:
        return "R" + code[-1].lower()
    return code


#: Chart rows: hard 4..21, soft 12..21, pairs of every value.
HARD_ROWS = tuple(range(4, 22))
SOFT_ROWS = tuple(range(12, 22))
PAIR_ROWS = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)


class Analysis:
    """EV analysis of one set of rules; heavy work is done lazily and memoised.

    ``shoe`` (cards per value, ace first) replaces the full shoe of ``rules.decks``
    decks: the same analysis for any composition (counting's effects of removal)."""

    def __init__(self, rules: Rules, shoe: Sequence[int] | None = None) -> None:
        self.rules = rules
        self.shoe: Counts = full_shoe_counts(rules.decks) if shoe is None else tuple(shoe)
        own = None if shoe is None else self.shoe
        self._ups = {up: _UpAnalysis(rules, up, own) for up in range(1, 11)}
        self._hands: dict[tuple[int, int, int], HandEV] = {}
        self._cells: dict[tuple[str, int, int], CellEV] | None = None

    def up(self, up: int) -> _UpAnalysis:
        return self._ups[up]

    def raw_hand(self, c1: int, c2: int, up: int) -> HandEV:
        """Unnormalised values (``E[payoff · 1{no dealer blackjack}]`` with peek)."""
        c1, c2 = min(c1, c2), max(c1, c2)
        key = (c1, c2, up)
        ev = self._hands.get(key)
        if ev is None:
            ev = self._ups[up].hand(c1, c2)
            self._hands[key] = ev
        return ev

    def hand_ev(self, c1: int, c2: int, up: int) -> HandEV:
        """EVs of a two-card hand: with peek, conditional on no dealer blackjack."""
        raw = self.raw_hand(c1, c2, up)
        if not self.rules.dealer_peeks:
            return raw
        scale = 1.0 / self._ups[up].p_no_blackjack(min(c1, c2), max(c1, c2))
        return HandEV(raw.stand * scale, raw.hit * scale, raw.double * scale,
                      None if raw.split is None else raw.split * scale,
                      None if raw.surrender is None else raw.surrender * scale)

    def cell(self, kind: str, key: int, up: int) -> CellEV:
        """Weighted EVs over the cell's two-card compositions, and its chart code."""
        hands = _row_hands(kind, key)
        if not hands:  # only reachable with three or more cards: 21
            ev = HandEV(stand=1.0, hit=-1.0, double=-2.0, split=None)
            return CellEV(kind, key, up, ev, "S" if key >= 21 else "H")
        ua = self._ups[up]
        weight = 0.0
        sums = [0.0, 0.0, 0.0, 0.0, 0.0]
        for c1, c2 in hands:
            w = ua.p_hand(c1, c2)
            raw = self.raw_hand(c1, c2, up)
            weight += w * (ua.p_no_blackjack(c1, c2) if self.rules.dealer_peeks else 1.0)
            sums[0] += w * raw.stand
            sums[1] += w * raw.hit
            sums[2] += w * raw.double
            if raw.split is not None:
                sums[3] += w * raw.split
            if raw.surrender is not None:
                sums[4] += w * raw.surrender
        has_split = kind == "pair" and self.raw_hand(*hands[0], up).split is not None
        ev = HandEV(sums[0] / weight, sums[1] / weight, sums[2] / weight,
                    sums[3] / weight if has_split else None,
                    sums[4] / weight if self.rules.late_surrender else None)
        return CellEV(kind, key, up, ev, _code(ev, allow_split=kind == "pair"))

    def cells(self, progress: Progress | None = None) -> dict[tuple[str, int, int], CellEV]:
        """Every chart cell; ``progress(done, total)`` is called after each up card."""
        if self._cells is None:
            out: dict[tuple[str, int, int], CellEV] = {}
            for done, up in enumerate(UP_ORDER, start=1):
                for kind, keys in (("hard", HARD_ROWS), ("soft", SOFT_ROWS), ("pair", PAIR_ROWS)):
                    for key in keys:
                        out[(kind, key, up)] = self.cell(kind, key, up)
                if progress is not None:
                    progress(done, len(UP_ORDER))
            self._cells = out
        elif progress is not None:
            progress(len(UP_ORDER), len(UP_ORDER))
        return self._cells

    def chart(self, name: str = "", progress: Progress | None = None) -> Chart:
        """The best action per cell, as a chart (``progress`` as in :meth:`cells`)."""
        cells = self.cells(progress)

        def rows(kind: str, keys: Sequence[int]) -> dict[int, tuple[str, ...]]:
            return {k: tuple(cells[(kind, k, up)].code for up in UP_ORDER) for k in keys}

        return Chart(name=name or describe_rules(self.rules), hard=rows("hard", HARD_ROWS),
                     soft=rows("soft", SOFT_ROWS), pairs=rows("pair", PAIR_ROWS))

    # -- whole-game expectation ----------------------------------------------------

    def level_policy(self, level: str) -> Policy:
        """The policy of a computer level at this table (hard = this analysis's chart)."""
        if level == "easy":
            return easy_policy
        if level == "normal":
            return chart_policy(published_chart())
        if level == "hard":
            return chart_policy(self.chart())
        raise ValueError(f"unknown level {level!r}")

    def level_returns(self) -> dict[str, float]:
        """Expected return per initial bet of each computer level (off the top)."""
        return {level: self.expected_return(self.level_policy(level))
                for level in ("easy", "normal", "hard")}

    def expected_return(self, policy: Policy | None = None) -> float:
        """Expected return per round per unit of initial bet, off the top of the shoe.

        ``policy`` None means optimal composition-dependent play of every hand.
        """
        full = self.shoe
        n_full = sum(full)
        pays = self.rules.blackjack_pays[0] / self.rules.blackjack_pays[1]
        total = 0.0
        for up in range(1, 11):
            ua = self._ups[up]
            evaluator = None if policy is None else _PolicyEvaluator(ua, policy)
            up_value = 0.0
            for c1, c2 in two_card_hands():
                p = ua.p_hand(c1, c2)
                if p == 0.0:
                    continue
                p_no_bj = ua.p_no_blackjack(c1, c2)
                if c1 == 1 and c2 == 10:
                    up_value += p * pays * p_no_bj
                    continue
                if evaluator is None:
                    raw = self.raw_hand(c1, c2, up)
                    options = [raw.stand, raw.hit, raw.double]
                    if raw.split is not None:
                        options.append(raw.split)
                    if raw.surrender is not None:
                        options.append(raw.surrender)
                    value = max(options)
                else:
                    value = evaluator.initial(c1, c2)
                if self.rules.dealer_peeks:
                    value -= 1.0 - p_no_bj  # the original bet lost to a peeked blackjack
                up_value += p * value
            total += full[up - 1] / n_full * up_value
        return total


class _PolicyEvaluator:
    """Exact value of following a fixed policy, with the same model as the analysis.

    The policy is asked once per hand it can reach (from every two-card hand and every
    three-card hand, following its hits); the values of every hand in every context are
    then built layer by layer with numpy, as :meth:`_UpAnalysis.tables` builds the best
    values, with the operations of the one-hand-at-a-time definition in the same order.
    """

    def __init__(self, ua: _UpAnalysis, policy: Policy) -> None:
        import numpy as np

        self.ua = ua
        self.policy = policy
        layout = _layout()
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
        total, _ = _facts(comp)
        action = self.policy(_values(comp), ua.up, total < 21, True, False, False)
        if action is Action.HIT and total < 21:
            return float(self.hit_value[at])
        if action is Action.DOUBLE:
            return float(ua.tables().double[at])
        return float(ua.tables().stand[at])

    def initial(self, c1: int, c2: int) -> float:
        ua = self.ua
        comp = _add(_add(_EMPTY, c1), c2)
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


# -- policies ------------------------------------------------------------------------


def easy_policy(values: Sequence[int], up: int, can_hit: bool, can_double: bool,
                can_split: bool, can_surrender: bool = False) -> Action:
    """The easy level: hit below 17, otherwise stand."""
    total, _ = hand_facts(values)
    return Action.HIT if total < 17 and can_hit else Action.STAND


def chart_policy(chart: Chart) -> Policy:
    """Play a chart (with its fallbacks) as a policy."""

    def policy(values: Sequence[int], up: int, can_hit: bool, can_double: bool,
               can_split: bool, can_surrender: bool = False) -> Action:
        return chart.decide(values, up, can_hit=can_hit, can_double=can_double,
                            can_split=can_split, can_surrender=can_surrender)

    return policy


# -- entry points --------------------------------------------------------------------


@lru_cache(maxsize=32)
def analysis_for(rules: Rules) -> Analysis:
    """The (memoised) analysis of the strategy-relevant part of ``rules``."""
    return Analysis(strategy_key(rules))


def derive_chart(rules: Rules, progress: Progress | None = None) -> Chart:
    """The exact basic-strategy chart for ``rules`` (total-dependent, see module doc).

    Takes seconds the first time for a rule set; ``progress(done, total)`` reports it.
    """
    return analysis_for(rules).chart(progress=progress)


def rules_to_json(rules: Rules) -> dict[str, object]:
    """The strategy-relevant rule fields as JSON values."""
    out: dict[str, object] = {}
    for name in _STRATEGY_FIELDS:
        value = getattr(rules, name)
        if name == "late_surrender" and not value:
            continue  # written only when on: the house chart's document stays as it was
        out[name] = list(value) if isinstance(value, tuple) else value
    return out


def rules_from_json(data: dict[str, object]) -> Rules:
    """Inverse of :func:`rules_to_json` (other fields take their defaults)."""
    fields = {name: data[name] for name in _STRATEGY_FIELDS if name in data}
    if "blackjack_pays" in fields:
        fields["blackjack_pays"] = tuple(fields["blackjack_pays"])  # type: ignore[arg-type]
    return Rules(**fields)  # type: ignore[arg-type]


def chart_document(rules: Rules) -> dict[str, object]:
    """The derived chart for ``rules`` as the JSON document cached in ``assets/data``."""
    analysis = analysis_for(rules)
    chart = analysis.chart()
    return chart.to_json(
        description=(
            "Basic strategy derived by cardtable.ai.bj_analysis for the rules below: exact "
            "finite-shoe EVs of stand, hit, double and split per two-card hand and dealer up "
            "card, decided per total (total-dependent). Regenerate with "
            "`python -m cardtable.ai.bj_analysis --write`; a test checks it is current. "
            "Cells: H hit, S stand, Dh double else hit, Ds double else stand, P split."
        ),
        rules=rules_to_json(analysis.rules),
        expected_return_percent={
            level: round(100 * value, 3) for level, value in analysis.level_returns().items()
        },
    )


def main(argv: list[str] | None = None) -> int:
    """Print (or with ``--write`` store) the derived chart for the house rules."""
    import sys

    from cardtable.resources import asset_path

    from .bj_chart import dumps_chart

    args = sys.argv[1:] if argv is None else argv
    text = dumps_chart(chart_document(Rules()))
    if "--write" in args:
        asset_path("data", DERIVED_CHART_FILE).write_text(text, encoding="utf-8")
        print(f"wrote {asset_path('data', DERIVED_CHART_FILE)}")
    else:
        sys.stdout.write(text)
    return 0


def describe_rules(rules: Rules) -> str:
    """Short text for a rule set, e.g. '6 decks, S17, DAS, no peek (full loss)'."""
    parts = [f"{rules.decks} deck{'s' if rules.decks != 1 else ''}",
             "H17" if rules.dealer_hits_soft_17 else "S17",
             "DAS" if rules.double_after_split else "no DAS",
             "peek" if rules.dealer_peeks else "no peek (full loss to dealer blackjack)",
             f"split to {rules.max_hands} hands",
             "resplit aces" if rules.resplit_aces else "aces split once",
             f"blackjack pays {rules.blackjack_pays[0]}:{rules.blackjack_pays[1]}"]
    if rules.late_surrender:
        parts.append("late surrender")
    return ", ".join(parts)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
