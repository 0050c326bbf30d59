"""Exact dealer outcome probabilities for a finite blackjack shoe.

The dealer's final hand depends on every card already gone from the shoe, so the
strategy analysis asks for the dealer's distribution once per player composition.
To make that cheap in pure Python, the dealer's drawing tree for one up card is
flattened once into *multiset states* (the cards the dealer has drawn, in any
order): the chance of the next card depends only on that multiset, so all the
orders that reach it can share one state. Evaluating a shoe is then a single pass
over a few hundred states.

Card values are indexed 0..9 for ace, 2, ..., 9, ten-valued.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from cardtable.core.blackjack_totals import soft_total

if TYPE_CHECKING:  # numpy is imported when many shoes are evaluated at once
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "OUTCOMES",
    "BUST",
    "BLACKJACK",
    "DealerTree",
    "dealer_tree",
    "full_shoe_counts",
]

#: Outcome slots of a dealer distribution: final 17, 18, 19, 20, 21, bust, blackjack.
OUTCOMES: tuple[str, ...] = ("17", "18", "19", "20", "21", "bust", "blackjack")
BUST = 5
BLACKJACK = 6


def full_shoe_counts(decks: int) -> tuple[int, ...]:
    """Cards per value (ace, 2..9, ten-valued) in a shoe of ``decks`` decks."""
    return tuple(16 * decks if v == 10 else 4 * decks for v in range(1, 11))


@dataclass(frozen=True)
class _State:
    drawn: int  # cards the dealer has drawn in this state (up card not counted)
    #: (value index, how many of that value this state already drew, target slot)
    moves: tuple[tuple[int, int, int], ...]


class DealerTree:
    """The dealer's drawing tree for one up card, flattened for fast evaluation."""

    def __init__(self, up: int, hits_soft_17: bool) -> None:
        if not 1 <= up <= 10:
            raise ValueError(f"up card value must be 1..10, not {up}")
        self.up = up
        self.hits_soft_17 = hits_soft_17
        index: dict[tuple[int, ...], int] = {}
        order: list[tuple[int, ...]] = []
        start = (0,) * 10
        index[start] = 0
        order.append(start)
        moves: list[list[tuple[int, int, int]]] = []
        i = 0
        # Breadth-first: a state's parents always have fewer cards, so they come first.
        while i < len(order):
            drawn = order[i]
            state_moves: list[tuple[int, int, int]] = []
            hard_before = up + sum((v + 1) * c for v, c in enumerate(drawn))
            ace_before = up == 1 or drawn[0] > 0
            n_drawn = sum(drawn)
            for v in range(10):
                hard = hard_before + v + 1
                total, soft = soft_total(hard, ace_before or v == 0)
                child = drawn[:v] + (drawn[v] + 1,) + drawn[v + 1 :]
                if n_drawn == 0 and total == 21:
                    target = -1 - BLACKJACK
                elif total > 21:
                    target = -1 - BUST
                elif total < 17 or (total == 17 and soft and hits_soft_17):
                    if child not in index:
                        index[child] = len(order)
                        order.append(child)
                    target = index[child]
                else:
                    target = -1 - (total - 17)
                state_moves.append((v, drawn[v], target))
            moves.append(state_moves)
            i += 1
        n_states = len(order)
        # Outcome slots live after the states in one flat probability array.
        self._states: tuple[_State, ...] = tuple(
            _State(
                drawn=sum(order[s]),
                moves=tuple(
                    (v, have, target if target >= 0 else n_states + (-1 - target))
                    for v, have, target in moves[s]
                ),
            )
            for s in range(n_states)
        )
        self.n_states = n_states

    def distribution(self, counts: tuple[int, ...] | list[int]) -> tuple[float, ...]:
        """Probabilities of (17, 18, 19, 20, 21, bust, blackjack) from ``counts``.

        ``counts`` are the cards left in the shoe per value, the up card already removed.
        """
        out = self._compiled(*counts)
        mass = sum(out)
        if mass > 0 and abs(mass - 1.0) > 1e-12:
            # Only a nearly exhausted shoe can strand the dealer; renormalise then.
            out = tuple(x / mass for x in out)
        return out

    @property
    def _compiled(self) -> Callable[..., tuple[float, ...]]:
        """The tree as one straight-line Python function (built on first use).

        The analysis evaluates tens of thousands of shoes; unrolled code with local
        variables runs several times faster than walking the state tuples.
        """
        fn = self.__dict__.get("_fn")
        if fn is None:
            fn = _compile_tree(self._states, self.n_states)
            self.__dict__["_fn"] = fn
        return fn

    def distributions(self, shoes: npt.ArrayLike) -> list[tuple[float, ...]]:
        """:meth:`distribution` of many shoes at once (numpy, element-wise), equal to
        the one-at-a-time results: the same float operations in the same order."""
        return [tuple(row) for row in self.distribution_table(shoes).tolist()]

    def distribution_table(self, shoes: npt.ArrayLike) -> npt.NDArray[np.float64]:
        """:meth:`distributions` as an (m, 7) array, one row per shoe (the same floats)."""
        import numpy as np

        fn = self.__dict__.get("_fn_arrays")
        if fn is None:
            fn = _compile_tree(self._states, self.n_states, arrays=True)
            self.__dict__["_fn_arrays"] = fn
        # Counts as floats, one contiguous column per value: the same values (small
        # integers are exact), without a conversion in every operation.
        counts = np.asarray(shoes, dtype=np.float64).reshape(-1, 10)
        columns = np.ascontiguousarray(counts.T)
        out = [np.asarray(x, dtype=np.float64) for x in fn(*columns)]
        mass = out[0]
        for x in out[1:]:
            mass = mass + x  # left to right, as sum() adds
        fix = (mass > 0) & (np.abs(mass - 1.0) > 1e-12)
        if fix.any():
            safe = np.where(fix, mass, 1.0)
            out = [np.where(fix, x / safe, x) for x in out]
        table = np.empty((len(counts), len(OUTCOMES)))
        for k, x in enumerate(out):
            table[:, k] = x  # a slot no shoe can reach is one 0.0 for all of them
        return table

    def distribution_reference(self, counts: tuple[int, ...] | list[int]) -> tuple[float, ...]:
        """The same as :meth:`distribution`, by walking the states (kept for tests)."""
        total_cards = sum(counts)
        n_states = self.n_states
        probs = [0.0] * (n_states + len(OUTCOMES))
        probs[0] = 1.0
        for s, state in enumerate(self._states):
            p = probs[s]
            if p == 0.0:
                continue
            left = total_cards - state.drawn
            if left <= 0:
                continue
            share = p / left
            for v, have, target in state.moves:
                c = counts[v] - have
                if c > 0:
                    probs[target] += share * c
        out = probs[n_states:]
        mass = sum(out)
        if mass > 0 and abs(mass - 1.0) > 1e-12:
            out = [x / mass for x in out]
        return tuple(out)


@lru_cache(maxsize=32)
def dealer_tree(up: int, hits_soft_17: bool) -> DealerTree:
    """The (shared) tree of an up card and rule: it depends on nothing else, and its
    compiled code is built once."""
    return DealerTree(up, hits_soft_17)


def _compile_tree(states: tuple[_State, ...], n_states: int, *,
                  arrays: bool = False) -> Callable[..., tuple[float, ...]]:
    """The tree as straight-line code; with ``arrays`` the counts may be numpy arrays
    (one shoe per element: the same operations in the same order, element-wise)."""
    args = ", ".join(f"c{v}" for v in range(10))
    lines = [f"def _dist({args}):", f"    n = {' + '.join(f'c{v}' for v in range(10))}"]
    lines.append("    " + " = ".join(f"p{i}" for i in range(1, n_states + len(OUTCOMES))) + " = 0.0")
    lines.append("    p0 = 1.0")
    # t{v}: cards of value index v or higher. Busting cards are always the highest
    # values, so each state's bust moves collapse into one line.
    lines.append("    t9 = c9")
    for v in range(8, -1, -1):
        lines.append(f"    t{v} = t{v + 1} + c{v}")
    bust_slot = n_states + BUST
    for i, state in enumerate(states):
        if arrays:  # a state never reached has p = 0, and 0 / cards left is 0
            lines.append(f"    s = p{i} / _at_least_1(n - {state.drawn})")
        else:
            lines.append(f"    s = p{i} / (n - {state.drawn}) if p{i} else 0.0")
        busting = [(v, have) for v, have, target in state.moves if target == bust_slot]
        collapse = bool(busting) and [v for v, _ in busting] == list(range(busting[0][0], 10))
        for v, have, target in state.moves:
            if collapse and target == bust_slot:
                continue
            count = f"c{v}" if have == 0 else f"(c{v} - {have})"
            lines.append(f"    p{target} += s * {count}")
        if collapse:
            have = sum(h for _, h in busting)
            count = f"t{busting[0][0]}" if have == 0 else f"(t{busting[0][0]} - {have})"
            lines.append(f"    p{bust_slot} += s * {count}")
    outcome = ", ".join(f"p{n_states + k}" for k in range(len(OUTCOMES)))
    lines.append(f"    return ({outcome},)")
    namespace: dict[str, object] = {}
    if arrays:
        import numpy as np

        # A state with no card left to draw was never reached (p = 0): 0 / 1 = 0.
        namespace["_at_least_1"] = lambda x: np.maximum(x, 1)
    exec(compile("\n".join(lines), "<dealer tree>", "exec"), namespace)  # noqa: S102
    return namespace["_dist"]  # type: ignore[return-value]
