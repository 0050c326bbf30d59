"""The draw-poker coach: what every hold is worth in every exchange round.

docs/rules.md section 4: the settings give a hand 1 to 3 exchange rounds; each exchange
discards the ticked cards (out of play: they are never shuffled back) and replaces
them from the top of the same deck, so a later round draws from a smaller deck; a
stand (nothing ticked) ends the hand.

* **The last round** is exact: :func:`cardtable.ai.poker.hold_evs` with the cards seen
  so far taken out of the deck (``out``: the discards of the earlier rounds).
* **An earlier round** values each hold with the later rounds played well. Exact
  would mean pricing the best play of every hand the draw can bring — up to 1.5
  million of them per hold — far beyond the budget of a tip, so most holds are
  *estimated* by sampling the draws (a fixed seed per hand: the same hand always gets
  the same advice) with these refinements:

  - the hold that keeps all five stands, and is exact; with two rounds left the holds
    that draw one card are exact too (every card the draw can bring is tried);
  - every sample uses the same shuffled decks for every hold (common random numbers:
    the holds are compared on the same cards);
  - the exact one-draw value of the hold is the control: a sample measures only what
    the later round adds to it (``value = one_draw + E[best play after the draw -
    the hand drawn]``), which takes the rare royal flush out of the sampling noise;
  - sampling is in stages: every hold gets a few samples, the contenders many; then
    the holds the best cannot yet be told from (within :data:`SEPARATION` standard
    errors) get more, or are counted exactly when that is cheaper, until the best is
    the best with high confidence or the refinement budget is spent;
  - an estimate never ranks above an exact value it cannot be told from, and the
    holds still within the noise of the best are said to be about equal
    (:attr:`PokerAdvice.about_equal`);
  - the ± is honest: an estimate's standard error is never below what the decision's
    other holds drawing as many cards show (a few samples can miss the rare big
    hands that make a hold's spread).

  With two rounds left the round after the draw is the last, and each sample prices
  it exactly (the best of its 32 holds). With three rounds left the middle round is
  played by its best one-draw hold (then the last round exactly): a slight
  underestimate of perfect play, said so in :attr:`PokerAdvice.method`.

Each estimate carries its standard error. Pure: no Textual; call it in a thread.
"""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from math import comb, sqrt
from statistics import fmean

from ..core.cards import Card
from ..core.poker_hand import DrawHand
from ..core.poker_machines import Machine, restore_deck
from .poker import _HOLDS, _hold_totals, hold_evs

__all__ = [
    "HoldValue",
    "PokerAdvice",
    "advise",
    "exchange_words",
    "hold_text",
    "hand_words",
    "advice_seed",
    "out_of_play",
    "SAMPLING",
    "AdviceCancelled",
]

#: By rounds left: (samples every estimated hold gets first, how many of the best holds
#: then get more, their samples in all, the most samples spent on telling the best from
#: the holds still close to it). A sample costs one exact last-round pricing (about
#: 1 ms) with two rounds left, two with three. Sized for a 1-2 s budget
#: (``benchmarks/coach_poker.py``).
SAMPLING = {2: (12, 5, 120, 300), 3: (8, 4, 100, 100)}
#: Two values are told apart when they differ by more than this many standard errors
#: of their difference (about 98 % sure of the order); closer, they are about equal.
SEPARATION = 2.0


class AdviceCancelled(Exception):
    """:func:`advise` was told to stop (the table no longer needs the advice)."""


@dataclass(frozen=True)
class HoldValue:
    """One hold: positions kept (0-4) and its expected return per coin bet."""

    hold: tuple[int, ...]
    ev: float
    #: Standard error of an estimate (0 when exact).
    se: float = 0.0
    exact: bool = True
    #: Its value if this were the last exchange (exact; a lower bound when rounds are left).
    one_draw: float = 0.0
    #: Samples behind an estimate (0 when exact).
    samples: int = 0

    @property
    def discards(self) -> tuple[int, ...]:
        return tuple(i for i in range(5) if i not in self.hold)


@dataclass(frozen=True)
class PokerAdvice:
    """Every hold of one decision, best first."""

    cards: tuple[Card, ...]
    rounds_left: int
    holds: tuple[HoldValue, ...]
    method: str
    seconds: float = field(default=0.0, compare=False)
    #: Holds (positions kept) that the best cannot be told from within the noise of the
    #: estimates: about equal to it (empty when the best is the best with confidence).
    about_equal: tuple[tuple[int, ...], ...] = ()

    @property
    def best(self) -> HoldValue:
        return self.holds[0]

    @property
    def exact(self) -> bool:
        return all(h.exact for h in self.holds)

    def value_of(self, hold: Sequence[int]) -> HoldValue:
        wanted = tuple(sorted(hold))
        return next(h for h in self.holds if h.hold == wanted)

    def about_equal_words(self, ascii: bool = False) -> str:
        """``about equal: exchange 1 (keep …) and exchange 3 4 5 (keep …)``, or ``""``."""
        if not self.about_equal:
            return ""
        holds = [self.best.hold, *self.about_equal]
        return "about equal: " + " and ".join(hold_text(self.cards, h, ascii) for h in holds)

    def evs(self) -> dict[str, float]:
        """Every hold in the table's words (:func:`exchange_words`) -> EV per coin."""
        return {exchange_words(h.hold): h.ev for h in self.holds}


def exchange_words(hold: Sequence[int]) -> str:
    """The choice in the screen's terms: ``exchange 2 4 5`` (cards counted 1-5 from the
    left), ``stand pat``, ``exchange all five``."""
    discards = [i for i in range(5) if i not in hold]
    if not discards:
        return "stand pat"
    if len(discards) == 5:
        return "exchange all five"
    return "exchange " + " ".join(str(i + 1) for i in discards)


def hold_text(cards: Sequence[Card], hold: Sequence[int], ascii: bool = False) -> str:
    """``exchange 2 4 5 (keep K♠ J♦)`` / ``stand pat`` / ``exchange all five``."""
    words = exchange_words(hold)
    if 0 < len(hold) < 5:
        words += " (keep " + " ".join(cards[i].label(ascii) for i in sorted(hold)) + ")"
    return words


def hand_words(cards: Sequence[Card], ascii: bool = False) -> str:
    """``K♠ J♦ 4♣ 4♥ 9♠``."""
    return " ".join(card.label(ascii) for card in cards)


def out_of_play(hand: DrawHand) -> tuple[Card, ...]:
    """The cards a dealt hand has discarded so far: out of play (docs/rules.md section 4),
    so the next exchange draws from the deck without them — every card drawn from the
    deck that is not in the hand now."""
    if hand.deck_start is None:
        return ()
    deck = restore_deck(hand.deck_start, hand.pay_table.wild)
    drawn = [deck.draw() for _ in range(min(hand.drawn, deck.remaining))]
    now = set(hand.cards)
    return tuple(card for card in drawn if card not in now)


def advice_seed(cards: Sequence[Card], out: Sequence[Card], rounds_left: int, machine: Machine, coins: int) -> int:
    """The sampling seed of one decision: fixed by the hand, the cards out of play, the
    rounds left and the machine (the same decision always gets the same figures)."""
    text = "|".join(
        [machine.key, str(coins), str(rounds_left), " ".join(map(str, cards)), " ".join(sorted(map(str, out)))]
    )
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def advise(
    cards: Sequence[Card],
    machine: Machine,
    coins: int,
    out: Sequence[Card] = (),
    rounds_left: int = 1,
    *,
    seed: int | None = None,
    sampling: tuple[int, ...] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> PokerAdvice:
    """Every hold of ``cards`` with its expected return per coin, best first.

    ``out``: cards already out of play (the earlier rounds' discards); ``rounds_left``:
    exchange rounds still to play, this one included (1 = the last: exact).
    ``seed``: the sampling seed (default :func:`advice_seed`); ``sampling``: (first
    samples, contenders, contenders' samples[, refinement samples]), default
    :data:`SAMPLING`; ``cancelled``:
    asked between samples, :class:`AdviceCancelled` when it says True.
    """
    cards = tuple(cards)
    out = tuple(out)
    if rounds_left not in (1, 2, 3):
        raise ValueError(f"1 to 3 exchange rounds may be left, not {rounds_left!r}")
    started = time.perf_counter()
    one = hold_evs(cards, machine, coins, out)  # checks the cards, the coins and ``out``
    one_draw = {h.hold: float(h.ev) for h in one}
    if rounds_left == 1:
        holds = tuple(HoldValue(h.hold, float(h.ev), one_draw=float(h.ev)) for h in one)
        return PokerAdvice(cards, 1, holds, "exact", time.perf_counter() - started)

    first_samples, contenders, contender_samples, *more = sampling or SAMPLING[rounds_left]
    refine = more[0] if more else 0
    sampler = _Sampler(machine, coins, cards, out, rounds_left, one_draw, cancelled)
    rng = random.Random(advice_seed(cards, out, rounds_left, machine, coins) if seed is None else seed)
    estimates = _Estimates(sampler, rng)
    estimates.first_pass(first_samples)
    estimates.contenders(contenders, contender_samples)
    estimates.refine(refine, contender_samples)
    holds = _ranked(estimates.values.values())
    about = tuple(h.hold for h in holds[1:] if not _apart(holds[0], h))
    method = _method(rounds_left, first_samples, contender_samples, refine)
    return PokerAdvice(cards, rounds_left, holds, method, time.perf_counter() - started, about)


def _method(rounds_left: int, first_samples: int, contender_samples: int, refine: int) -> str:
    """How an earlier round's figures were found, for :attr:`PokerAdvice.method`."""
    middle = "" if rounds_left == 2 else "; the middle round played by its best one-draw hold"
    return (
        f"estimated: {contender_samples} sampled draws for the leading holds, {first_samples} for the others"
        f"{', more for the closest' if refine else ''} (seed fixed by the hand){middle}"
    )


class _Estimates:
    """Every hold of one earlier-round decision: the exact ones priced at once, the others
    sampled in stages on the same shuffled decks (common random numbers)."""

    def __init__(self, sampler: _Sampler, rng: random.Random) -> None:
        self.sampler = sampler
        self.rng = rng
        #: Every hold's current value, exact or estimated.
        self.values: dict[tuple[int, ...], HoldValue] = {}
        sampled: list[tuple[int, ...]] = []
        one_draw = sampler.one_draw
        for hold, k in _HOLDS:
            if k == 0:  # keeping all five stands: the hand is paid as it is
                self.values[hold] = HoldValue(hold, one_draw[hold], one_draw=one_draw[hold])
            elif k == 1 and sampler.rounds_left == 2:
                self.values[hold] = sampler.exact_draw(hold)
            else:
                sampled.append(hold)
        self.gains: dict[tuple[int, ...], list[float]] = {hold: [] for hold in sampled}
        #: By cards drawn: the variance a hold's ± may not go below.
        self.spread: dict[int, float] = {}
        self._decks: list[list[Card]] = []

    def deck(self, s: int) -> list[Card]:
        """Sample ``s``'s shuffle of the unseen cards, the same for every hold."""
        unseen = self.sampler.unseen
        while len(self._decks) <= s:
            self._decks.append(self.rng.sample(unseen, len(unseen)))
        return self._decks[s]

    def sample_to(self, hold: tuple[int, ...], n: int) -> None:
        """Bring ``hold``'s samples up to ``n`` and its estimate up to date."""
        got = self.gains[hold]
        for s in range(len(got), n):
            self.sampler.check()
            got.append(self.sampler.gain(hold, self.deck(s)))
        floor = self.spread.get(5 - len(hold), 0.0)
        self.values[hold] = _estimate(hold, self.sampler.one_draw[hold], got, floor)

    def first_pass(self, samples: int) -> None:
        """A few samples for every sampled hold, their ± no lower than their kind's."""
        for hold in self.gains:
            self.sample_to(hold, samples)
        self.spread.update(_spreads(self.gains))
        for hold in self.gains:
            self.sample_to(hold, samples)  # the same samples, the floor now known

    def contenders(self, count: int, samples: int) -> None:
        """More samples for the best ``count`` by their optimistic value (estimate + its
        error), so that a hold unlucky in its first few samples still gets its chance."""
        ranked = sorted(self.values.values(), key=lambda h: (-(h.ev + h.se), -len(h.hold), h.hold))
        for h in ranked[:count]:
            if not h.exact:
                self.sample_to(h.hold, samples)

    def refine(self, budget: int, contender_samples: int) -> None:
        """The holds still close to the best: more samples (or every draw, when that costs
        less) until the best is told apart from them or ``budget`` samples are spent."""
        spent = 0
        while spent < budget:
            todo = self._undecided()
            if not todo:
                break
            for h in todo:
                spent += self._refine_hold(h, budget - spent, contender_samples)

    def _undecided(self) -> list[HoldValue]:
        """The estimated holds among the best and those it cannot yet be told from
        (none when it can be told from all)."""
        holds = _ranked(self.values.values())
        close = [h for h in holds[1:] if not _apart(holds[0], h)]
        return [h for h in (holds[0], *close) if not h.exact] if close else []

    def _refine_hold(self, h: HoldValue, left: int, contender_samples: int) -> int:
        """Refine one hold within ``left`` of the budget: every draw with two rounds left
        when they fit, else more samples (at least as many again). Returns what it spent."""
        draws = comb(len(self.sampler.unseen), 5 - len(h.hold))
        if self.sampler.rounds_left == 2 and 0 < draws <= left:
            self.values[h.hold] = self.sampler.exact_draw(h.hold)
            return draws
        if left <= 0:
            return 0
        n = len(self.gains[h.hold])
        add = min(max(n, contender_samples), left)
        self.sample_to(h.hold, n + add)
        return add


def _apart(a: HoldValue, b: HoldValue) -> bool:
    """``a`` is better than ``b`` with high confidence (:data:`SEPARATION`)."""
    return a.ev - b.ev > SEPARATION * sqrt(a.se * a.se + b.se * b.se)


def _ranked(values: Iterable[HoldValue]) -> tuple[HoldValue, ...]:
    """Best first, by value — except that an estimate never ranks above an exact value it
    cannot be told from: the exact one goes first (its figure is known, the other's is
    only not known to be lower)."""
    ranked: list[HoldValue] = []
    for h in sorted(values, key=lambda h: (-h.ev, -len(h.hold), h.hold)):
        if not h.exact:
            ranked.append(h)
            continue
        place = len(ranked)
        for i in range(len(ranked) - 1, -1, -1):
            if ranked[i].exact:
                break
            if not _apart(ranked[i], h):
                place = i
        ranked.insert(place, h)
    return tuple(ranked)


def _spreads(gains: dict[tuple[int, ...], list[float]]) -> dict[int, float]:
    """By cards drawn: the mean of the holds' sample variances. A hold's few samples may
    all miss the rare big hands that make its spread; its ± then uses its kind's.
    (Against exact values, 12 samples a hold: with its own spread alone the errors were
    1.5 times the ± on average, some 19 times; with this floor, 1.03 times.)"""
    by_drawn: dict[int, list[float]] = {}
    for hold, got in gains.items():
        if len(got) > 1:
            by_drawn.setdefault(5 - len(hold), []).append(_variance(got))
    return {k: fmean(v) for k, v in by_drawn.items()}


def _variance(values: Sequence[float]) -> float:
    n = len(values)
    mean = sum(values) / n
    return sum((g - mean) ** 2 for g in values) / (n - 1) if n > 1 else 0.0


def _estimate(hold: tuple[int, ...], one_draw: float, gains: Sequence[float], floor: float = 0.0) -> HoldValue:
    n = len(gains)
    var = max(_variance(gains), floor)
    return HoldValue(hold, one_draw + sum(gains) / n, sqrt(var / n), exact=False, one_draw=one_draw, samples=n)


class _Sampler:
    """Draws for one decision: the unseen cards and what a later round adds to a hold."""

    def __init__(
        self,
        machine: Machine,
        coins: int,
        cards: tuple[Card, ...],
        out: tuple[Card, ...],
        rounds_left: int,
        one_draw: dict[tuple[int, ...], float],
        cancelled: Callable[[], bool] | None = None,
    ) -> None:
        self.machine, self.coins, self.cards, self.out = machine, coins, cards, out
        self.cancelled = cancelled
        self.rounds_left = rounds_left
        self.one_draw = one_draw
        seen = set(cards) | set(out)
        self.unseen = [card for card in machine.deck() if card not in seen]

    def check(self) -> None:
        if self.cancelled is not None and self.cancelled():
            raise AdviceCancelled

    def _pay(self, hand: Sequence[Card]) -> float:
        return self.machine.pay(self.machine.classify(hand), self.coins) / self.coins

    def _after(self, hand: Sequence[Card], hold: Sequence[int], drawn: Sequence[Card]) -> list[Card]:
        new = list(hand)
        for position, card in zip((i for i in range(5) if i not in hold), drawn, strict=True):
            new[position] = card
        return new

    def _best(self, hand: Sequence[Card], gone: Sequence[Card]) -> tuple[float, tuple[int, ...]]:
        """The best hold of ``hand`` for one last draw: (its EV per coin, the hold)."""
        totals = _hold_totals(hand, self.machine, self.coins, gone)
        best_ev, best_hold = -1.0, tuple[int, ...]()
        for (hold, _k), (total, ways) in zip(_HOLDS, totals, strict=True):
            ev = total / ways
            if ev > best_ev or (ev == best_ev and len(hold) > len(best_hold)):
                best_ev, best_hold = ev, hold
        return best_ev / self.coins, best_hold

    def exact_draw(self, hold: tuple[int, ...]) -> HoldValue:
        """Two rounds left: every draw ``hold`` can bring, each followed by the best last
        round — exact (up to float rounding). One card drawn is cheap (47 draws at most);
        more only when it fits the budget."""
        positions = [i for i in range(5) if i not in hold]
        gone = self.out + tuple(self.cards[i] for i in positions)
        total = 0.0
        count = 0
        for drawn in combinations(self.unseen, len(positions)):
            self.check()
            hand = list(self.cards)
            for position, card in zip(positions, drawn, strict=True):
                hand[position] = card
            total += self._best(hand, gone)[0]
            count += 1
        ev = total / count
        return HoldValue(hold, max(ev, self.one_draw[hold]), one_draw=self.one_draw[hold])

    def gain(self, hold: tuple[int, ...], deck: Sequence[Card]) -> float:
        """What the rounds after this draw add to the hand it brings, on one shuffled
        ``deck`` of the unseen cards (its first cards are this round's draw)."""
        k = 5 - len(hold)
        hand = self._after(self.cards, hold, deck[:k])
        gone = self.out + tuple(self.cards[i] for i in range(5) if i not in hold)
        pay = self._pay(hand)
        best, hold2 = self._best(hand, gone)
        if self.rounds_left == 2:
            return best - pay
        # three rounds left: the middle round takes its best one-draw hold, then the
        # last round is priced exactly (a sample of the hand after the middle draw)
        k2 = 5 - len(hold2)
        if k2 == 0:
            return 0.0  # it stands: the hand is paid as drawn
        hand2 = self._after(hand, hold2, deck[k : k + k2])
        gone2 = gone + tuple(hand[i] for i in range(5) if i not in hold2)
        return best - pay + self._best(hand2, gone2)[0] - self._pay(hand2)
