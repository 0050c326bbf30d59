"""A counter at the simulator's table: keeps the count, bets by a ramp, deviates by the
index numbers, and can leave a shoe whose count has turned bad (wong out).

The counter sees what a player at the table sees: every card of the finished rounds,
and during a round the face-up cards (its own and the dealer's up card), never the
face-down card before it is turned. The true count is the running count per deck left,
decks left exact (by the cards left in the shoe) or read to the nearest half deck from
the discard tray. The plays are the analysis' basic strategy for the rules (the hard
level's chart), changed by an index where the count says so.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, fields

from cardtable.core.blackjack import Action, Rules, decode_spot
from cardtable.core.blackjack_table import Table
from cardtable.core.blackjack_totals import CARD_VALUES

from ..bj_spot import spot_player
from ..sim_run import CHUNK, Tally
from .indices import Index
from .systems import CARDS_PER_DECK, CountSystem

__all__ = ["Ramp", "IndexPlay", "CountTally", "CountPlay", "TC_LOW", "TC_HIGH", "UNIT", "index_plays", "decide"]

#: One betting unit, in hundredths (10 chips): 3:2 and half a stake stay whole.
UNIT = 1_000
#: True counts are tallied from this (and below) to this (and above).
TC_LOW, TC_HIGH = -5, 10


@dataclass(frozen=True)
class Ramp:
    """Units bet by true count: the units of the highest step at or below the (floored)
    true count, the spread's minimum below every step, never beyond the spread."""

    low: int
    high: int
    steps: tuple[tuple[int, int], ...]

    @classmethod
    def default(cls, low: int, high: int) -> Ramp:
        """Two units per true count above +1: 2 at +2, 4 at +3, … up to ``high``."""
        steps: list[tuple[int, int]] = []
        tc = 2
        while not steps or steps[-1][1] < high:
            steps.append((tc, min(high, max(low, 2 * (tc - 1)))))
            tc += 1
        return cls(low, high, tuple(steps))

    def units(self, true_count: float) -> int:
        tc = math.floor(true_count)
        units = self.low
        for at, bet in self.steps:
            if tc >= at:
                units = bet
            else:
                break
        return units


@dataclass(frozen=True)
class IndexPlay:
    """An index as the simulator uses it: in a cell, ``action`` at a true count of
    ``index`` or more, else ``otherwise``."""

    kind: str
    key: int
    up: int
    basic: Action
    action: Action
    otherwise: Action
    index: int
    slope: float
    crossing: float


def decide(basic: Action, plays: Sequence[IndexPlay], true_count: float) -> Action:
    """The play at ``true_count``: ``basic`` unless an index says otherwise; of several,
    the one whose advantage over basic is estimated largest there."""
    action, best = basic, 0.0
    for play in plays:
        wanted = play.action if true_count >= play.index else play.otherwise
        gain = play.slope * abs(true_count - play.crossing)
        if wanted is not basic and gain > best:
            action, best = wanted, gain
    return action


def index_plays(found: Sequence[Index]) -> tuple[IndexPlay, ...]:
    """The playing indices (insurance is not a play at this table) in true counts."""
    return tuple(IndexPlay(i.kind, i.key, i.up_value, Action(i.basic), Action(i.action), Action(i.otherwise),
                           math.floor(i.true_index + 0.5), i.slope, i.true_index)
                 for i in found if i.kind != "insurance")


@dataclass(frozen=True)
class CountTally(Tally):
    """A :class:`Tally` (net in hundredths) with what counting adds: the initial bets,
    the net × bet cross sum (for the advantage's error), the net a flat one-unit bet
    would have had on the same rounds, and the shoes left by wonging out. Integers:
    merged exactly in any order."""

    bet: int = 0
    bet_sq: int = 0
    net_bet: int = 0
    flat: int = 0
    flat_sq: int = 0
    exits: int = 0

    def __add__(self, other: Tally) -> CountTally:
        if not isinstance(other, CountTally):
            return NotImplemented
        return CountTally(*(getattr(self, f.name) + getattr(other, f.name) for f in fields(self)))


def _tags_by_rank(system: CountSystem) -> tuple[float, ...]:
    return (0.0,) + tuple(system.tag(CARD_VALUES[rank]) for rank in range(1, 14))


@dataclass(frozen=True)
class CountPlay:
    """One counting seat at the game's table (a :class:`~cardtable.ai.sim_run.Play`).

    Yields per chunk the overall tally and one per true count from ``TC_LOW`` to
    ``TC_HIGH`` (the count when the round was bet)."""

    rules: Rules
    system: CountSystem
    ramp: Ramp
    indices: tuple[IndexPlay, ...] = ()
    wong_out: float | None = None
    half_deck: bool = False

    def _true(self, running: float, cards_left: int) -> float:
        if self.half_deck:
            cards_left = max(1, round(cards_left / (CARDS_PER_DECK / 2))) * CARDS_PER_DECK // 2
        return self.system.true_count(running, cards_left)

    def _deviations(self, chart: Callable[[int], Action]) -> Callable[[int], tuple[IndexPlay, ...]]:
        """Per spot key, the index plays that may change the chart's action there."""
        cells: dict[tuple[str, int, int], list[IndexPlay]] = {}
        for play in self.indices:
            cells.setdefault((play.kind, play.key, play.up), []).append(play)
        cache: dict[int, tuple[IndexPlay, ...]] = {}

        def lookup(key: int) -> tuple[IndexPlay, ...]:
            found = cache.get(key)
            if found is None:
                spot = decode_spot(key)
                if spot.pair and Action.SPLIT in spot.legal:
                    cell = ("pair", spot.pair, spot.up)
                else:
                    cell = ("soft" if spot.soft else "hard", spot.total, spot.up)
                basic = chart(key)
                found = cache[key] = tuple(p for p in cells.get(cell, ()) if p.basic is basic
                                           and {p.action, p.otherwise} <= spot.legal)
            return found

        return lookup

    def __call__(self, rounds: int, rng: random.Random, stop: Callable[[], bool]) -> Iterator[tuple[Tally, ...]]:
        rules, system, ramp = self.rules, self.system, self.ramp
        chart = spot_player("hard", rules).action
        deviations = self._deviations(chart)
        tags = _tags_by_rank(system)
        table = Table(rules, rng)
        shoe = table.shoe
        start = system.initial_running_count(rules.decks)
        running = start
        buckets = TC_HIGH - TC_LOW + 1
        done = 0
        while done < rounds and not stop():
            n = min(CHUNK, rounds - done)
            sums = [0] * 9  # net, net², hands, bet, bet², net·bet, flat, flat², exits
            per_tc = [[0, 0, 0, 0] for _ in range(buckets)]  # rounds, net, net², bet
            shuffles = table.shuffles
            for _ in range(n):
                if table.cut_card_reached:
                    running = start  # the table reshuffles before this deal
                elif self.wong_out is not None and self._true(running, shoe.remaining) < self.wong_out:
                    table.reshuffle()  # leave for a fresh shoe
                    running = start
                    sums[8] += 1
                tc = self._true(running, shoe.remaining)
                bet = ramp.units(tc) * UNIT
                rnd = table.new_round((bet,))
                while rnd.turn is not None:
                    key = rnd.spot_key()
                    action = chart(key)
                    plays = deviations(key)
                    if plays:
                        seen = running + sum(tags[c.rank] for c in rnd.face_up_cards())
                        action = decide(action, plays, self._true(seen, shoe.remaining))
                    rnd.act(action)
                table.finish_round()
                running += sum(tags[c.rank] for c in rnd.face_up_cards())
                net = rnd.net(0)
                flat = net * UNIT // bet
                for i, x in enumerate((net, net * net, rnd.hand_count(0), bet, bet * bet, net * bet,
                                       flat, flat * flat)):
                    sums[i] += x
                slot = per_tc[min(max(math.floor(tc), TC_LOW), TC_HIGH) - TC_LOW]
                slot[0] += 1
                slot[1] += net
                slot[2] += net * net
                slot[3] += bet
            done += n
            main = CountTally(n, sums[0], sums[1], sums[2], table.shuffles - shuffles, sums[3], sums[4], sums[5],
                              sums[6], sums[7], sums[8])
            yield (main, *(CountTally(r, s, q, 0, 0, b) for r, s, q, b in per_tc))
