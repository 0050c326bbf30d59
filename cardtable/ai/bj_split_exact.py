"""Exact split values with resplits, for a shoe small enough to count card by card.

The coach's split model (:mod:`cardtable.ai.coach_blackjack`) is exact without a
resplit; with resplits it approximates, and may come out above or below the true
value. When the unseen cards are few, :func:`exact_split` counts every card instead:
the split hands are dealt one after the other from the real shoe (casino order: a
hand is played out before the next gets its second card), each played optimally for
its own cards and the pair cards (the standard calculators' convention, as the model),
a pair card resplit when that is worth more knowing every card dealt so far, and all
the hands settled against one dealer drawn from what is left.

Values are per original stake, E[net] — or E[net · no dealer blackjack] with peek (the
caller divides, as for every other action). A shoe that could run out before the round
ends is outside this count, and so is one that would take longer than a tip may
(:data:`STEPS`, counted, not timed): :class:`NotCounted`, and the caller keeps the model.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cardtable.core.blackjack_totals import values_total

__all__ = ["exact_split", "NotCounted", "STEPS"]

Shoe = tuple[int, ...]  # unseen cards by value 1..10 (ten-valued together)
Hand = tuple[int, ...]  # card values, sorted
_BUST = 22
_NATURAL = 99


#: The most positions (dealer's, hands', settlements) one count may value: about 0.1 s
#: of a loaded machine's CPU, inside the tip's budget (``benchmarks/coach_blackjack.py``).
STEPS = 8_000


class NotCounted(Exception):
    """The count does not fit: the cards could run out, or it would take too long."""


def _total(cards: Hand) -> int:
    return values_total(cards)[0]


def _take(shoe: Shoe, v: int) -> Shoe:
    return shoe[: v - 1] + (shoe[v - 1] - 1,) + shoe[v:]


def _draws(shoe: Shoe) -> list[tuple[int, float]]:
    n = sum(shoe)
    if n == 0:
        raise NotCounted
    return [(v, shoe[v - 1] / n) for v in range(1, 11) if shoe[v - 1]]


@dataclass
class _Count:
    up: int
    hits_soft_17: bool
    peek: bool
    _dealer: dict[tuple[Shoe, Hand], dict[int, float]] = field(default_factory=dict)
    _best: dict[tuple[Hand, Shoe], float] = field(default_factory=dict)
    steps: int = 0

    def step(self) -> None:
        self.steps += 1
        if self.steps > STEPS:
            raise NotCounted

    def dealer(self, shoe: Shoe, cards: Hand = ()) -> dict[int, float]:
        """The dealer's final total (``_BUST``, ``_NATURAL``) -> probability."""
        key = (shoe, cards)
        known = self._dealer.get(key)
        if known is not None:
            return known
        self.step()
        hand = (self.up, *cards)
        total, soft = values_total(hand)
        out: dict[int, float]
        if len(hand) == 2 and total == 21:
            out = {_NATURAL: 1.0}
        elif total > 21:
            out = {_BUST: 1.0}
        elif total > 17 or (total == 17 and not (soft and self.hits_soft_17)):
            out = {total: 1.0}
        else:
            out = {}
            for v, p in _draws(shoe):
                for final, q in self.dealer(_take(shoe, v), tuple(sorted((*cards, v)))).items():
                    out[final] = out.get(final, 0.0) + p * q
        self._dealer[key] = out
        return out

    def settle(self, hands: list[tuple[Hand, float]], shoe: Shoe) -> float:
        """Net of ``hands`` (cards, stake) against the dealer drawn from ``shoe``."""
        self.step()
        if all(_total(cards) > 21 for cards, _ in hands):
            # the dealer only turns the hole card: a blackjack or not
            p_natural = self._p_natural(shoe)
            return -sum(stake for _, stake in hands) * ((1.0 - p_natural) if self.peek else 1.0)
        value = 0.0
        for final, p in self.dealer(shoe).items():
            for cards, stake in hands:
                total = _total(cards)
                if final == _NATURAL:
                    net = 0.0 if self.peek else -stake
                elif total > 21 or (final != _BUST and total < final):
                    net = -stake
                elif final == _BUST or total > final:
                    net = stake
                else:
                    net = 0.0
                value += p * net
        return value

    def _p_natural(self, shoe: Shoe) -> float:
        if self.up not in (1, 10):
            return 0.0
        n = sum(shoe)
        if n == 0:
            raise NotCounted
        return shoe[(10 if self.up == 1 else 1) - 1] / n

    def stand(self, cards: Hand, shoe: Shoe) -> float:
        return self.settle([(cards, 1.0)], shoe)

    def hit(self, cards: Hand, shoe: Shoe) -> float:
        return sum(p * self.best(tuple(sorted((*cards, v))), _take(shoe, v)) for v, p in _draws(shoe))

    def double(self, cards: Hand, shoe: Shoe) -> float:
        return sum(p * self.settle([((*cards, v), 2.0)], _take(shoe, v)) for v, p in _draws(shoe))

    def best(self, cards: Hand, shoe: Shoe) -> float:
        key = (cards, shoe)
        known = self._best.get(key)
        if known is None:
            self.step()
            known = self.stand(cards, shoe)
            if _total(cards) < 21:
                known = max(known, self.hit(cards, shoe))
            self._best[key] = known
        return known

    def policy(self, cards: Hand, own_shoe: Shoe, can_double: bool) -> str:
        """A split hand's play, optimal for its own cards (the other hands' unseen)."""
        options = [(self.stand(cards, own_shoe), "stand")]
        if _total(cards) < 21:
            options.append((self.hit(cards, own_shoe), "hit"))
        if can_double:
            options.append((self.double(cards, own_shoe), "double"))
        return max(options, key=lambda o: o[0])[1]

    def play(self, cards: Hand, own_shoe: Shoe, shoe: Shoe, can_double: bool
             ) -> list[tuple[float, Hand, float, Shoe]]:
        """(probability, final cards, stake, the real shoe after) of one split hand."""
        if _total(cards) > 21:
            return [(1.0, cards, 1.0, shoe)]
        action = self.policy(cards, own_shoe, can_double)
        if action == "stand":
            return [(1.0, cards, 1.0, shoe)]
        out = []
        for v, p in _draws(shoe):
            after = tuple(sorted((*cards, v)))
            if action == "double":
                out.append((p, after, 2.0, _take(shoe, v)))
            else:
                for q, final, stake, rest in self.play(after, _take(own_shoe, v), _take(shoe, v), False):
                    out.append((p * q, final, stake, rest))
        return out


def exact_split(pair: int, up: int, shoe: Shoe, *, max_hands: int, hits_soft_17: bool, peek: bool,
                double_after_split: bool, resplit_aces: bool) -> float:
    """Total value of splitting ``pair`` against ``up``, resplitting up to ``max_hands``
    hands, with ``shoe`` the unseen cards (both pair cards out of it). :class:`NotCounted`
    when the count does not fit."""
    count = _Count(up, hits_soft_17, peek)
    aces = pair == 1
    can_double = double_after_split and not aces
    may_resplit = resplit_aces or not aces
    memo: dict[tuple[int, int, Shoe, tuple[tuple[Hand, float], ...]], float] = {}
    start = shoe  # a hand is played for its own cards: as if only the pair cards were out

    def hands_value(pending: int, hands: int, shoe: Shoe, done: tuple[tuple[Hand, float], ...]) -> float:
        if pending == 0:
            return count.settle(list(done), shoe)
        key = (pending, hands, shoe, done)
        known = memo.get(key)
        if known is not None:
            return known
        count.step()
        value = 0.0
        for v, p in _draws(shoe):
            rest = _take(shoe, v)
            cards = tuple(sorted((pair, v)))
            outcomes = [(1.0, cards, 1.0, rest)] if aces else count.play(cards, _take(start, v), rest, can_double)
            keep = sum(q * hands_value(pending - 1, hands, after, tuple(sorted((*done, (final, stake)))))
                       for q, final, stake, after in outcomes)
            if v == pair and hands < max_hands and may_resplit:
                keep = max(keep, hands_value(pending + 1, hands + 1, rest, done))
            value += p * keep
        memo[key] = value
        return value

    return hands_value(2, 2, shoe, ())
