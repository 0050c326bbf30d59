"""The simulator's plays and library entry points (``cardtable simulate`` is :mod:`.simulate`).

Blackjack plays one computer seat at the real multi-round table (the game's own
``Table`` and ``Round``: cut card, reshuffle, every rule) with the strategy the
analysis derives for those rules; :class:`ComparePlay` plays two variants on identical
cards; baccarat plays chosen bets. Each play is picklable, so one runs in each worker
of :mod:`cardtable.ai.sim_run`.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from cardtable import argtypes
from cardtable.core.blackjack import Round, Rules
from cardtable.core.blackjack_table import Table

from .bj_spot import spot_player
from .blackjack import LEVELS
from .sim_run import CHUNK, Tally, run

__all__ = ["BET", "SimResult", "BlackjackPlay", "ComparePlay", "BACCARAT_BETS", "BaccaratPlay", "simulate",
           "exact_return", "cached_return", "COMPARE_RULES", "apply_rule"]

#: The stake per round, in hundredths: 10 chips, so 3:2 and the 5 % commission are exact.
BET = 1_000


@dataclass(frozen=True)
class SimResult:
    """A blackjack simulation's tally, with its figures in units of the initial bet."""

    level: str
    tally: Tally
    rules: Rules = Rules()

    @property
    def rounds(self) -> int:
        return self.tally.rounds

    @property
    def shuffles(self) -> int:
        return self.tally.shuffles

    @property
    def mean(self) -> float:
        """Player's average return per round per initial bet."""
        return self.tally.mean(BET)

    @property
    def std_dev(self) -> float:
        return self.tally.std_dev(BET)

    @property
    def std_error(self) -> float:
        """Standard error of :attr:`mean`."""
        return self.tally.std_error(BET)

    @property
    def house_edge(self) -> float:
        return -self.mean


# -- the plays (picklable: one runs in each worker) ----------------------------------


@dataclass(frozen=True)
class BlackjackPlay:
    """One seat of ``level`` at the game's table with ``rules``, one bet a round."""

    level: str
    rules: Rules

    def __call__(self, rounds: int, rng: random.Random, stop: Callable[[], bool]) -> Iterator[tuple[Tally, ...]]:
        action = spot_player(self.level, self.rules).action
        table = Table(self.rules, rng)
        new_round, finish = table.new_round, table.finish_round
        bets = (BET,)
        done = 0
        while done < rounds and not stop():
            n = min(CHUNK, rounds - done)
            net_sum = net_sq = hands = 0
            shuffles = table.shuffles
            for _ in range(n):
                rnd = new_round(bets)
                act, spot_key = rnd.act, rnd.spot_key
                while rnd.turn is not None:
                    act(action(spot_key()))
                finish()
                net = rnd.net(0)
                net_sum += net
                net_sq += net * net
                hands += rnd.hand_count(0)
            done += n
            yield (Tally(n, net_sum, net_sq, hands, table.shuffles - shuffles),)


@dataclass(frozen=True)
class ComparePlay:
    """Two rule sets played round by round on identical cards (common random numbers):
    each round of ``variant`` is dealt from a copy of ``base``'s shoe as it stands, so
    the difference per round measures the rule, not the luck of the cards. A rule that
    changes the shoe (decks, penetration) cannot share it: the two tables then play
    their own shoes and the difference is that of independent runs.

    Yields (base, variant, variant − base)."""

    level: str
    base: Rules
    variant: Rules

    def __call__(self, rounds: int, rng: random.Random, stop: Callable[[], bool]) -> Iterator[tuple[Tally, ...]]:
        base, variant = self.base, self.variant
        act_base = spot_player(self.level, base).action
        act_variant = spot_player(self.level, variant).action
        shared = (base.decks, base.cut_from_end) == (variant.decks, variant.cut_from_end)
        table = Table(base, rng)
        other = None if shared else Table(variant, random.Random(rng.getrandbits(64)))
        bets = (BET,)
        done = 0
        while done < rounds and not stop():
            n = min(CHUNK, rounds - done)
            sums = [0] * 9
            shuffles = table.shuffles
            for _ in range(n):
                if shared:
                    if table.shoe.cut_card_reached:
                        table.reshuffle()
                    rnd2 = Round(variant, table.shoe.clone(), bets)
                else:
                    assert other is not None
                    rnd2 = other.new_round(bets)
                rnd1 = table.new_round(bets)
                while rnd1.turn is not None:
                    rnd1.act(act_base(rnd1.spot_key()))
                table.finish_round()
                while rnd2.turn is not None:
                    rnd2.act(act_variant(rnd2.spot_key()))
                rnd2.finish()
                a, b = rnd1.net(0), rnd2.net(0)
                d = b - a
                sums[0] += a
                sums[1] += a * a
                sums[2] += b
                sums[3] += b * b
                sums[4] += d
                sums[5] += d * d
                sums[6] += rnd1.hand_count(0)
                sums[7] += rnd2.hand_count(0)
            done += n
            reshuffled = table.shuffles - shuffles
            yield (Tally(n, sums[0], sums[1], sums[6], reshuffled),
                   Tally(n, sums[2], sums[3], sums[7], reshuffled),
                   Tally(n, sums[4], sums[5], 0, 0))


BACCARAT_BETS = ("banker", "player", "tie")


@dataclass(frozen=True)
class BaccaratPlay:
    """Coups at a baccarat shoe of ``decks`` decks; one tally per bet in ``bets``, each
    bet ``BET`` on every coup (the bets are tallied separately, on the same coups)."""

    decks: int
    bets: tuple[str, ...]

    def __call__(self, rounds: int, rng: random.Random, stop: Callable[[], bool]) -> Iterator[tuple[Tally, ...]]:
        from cardtable.core.baccarat import Outcome as Spot
        from cardtable.core.baccarat import net_result, new_shoe, play_coup

        shoe = new_shoe(self.decks, rng)
        spots = [Spot[name.upper()] for name in self.bets]
        stakes = [{spot: BET} for spot in spots]
        done = 0
        while done < rounds and not stop():
            n = min(CHUNK, rounds - done)
            nets = [0] * len(spots)
            squares = [0] * len(spots)
            shuffles = 0
            for _ in range(n):
                if shoe.cut_card_reached:
                    shoe.shuffle()
                    shuffles += 1
                coup = play_coup(shoe)
                for i, stake in enumerate(stakes):
                    net = net_result(stake, coup)
                    nets[i] += net
                    squares[i] += net * net
            done += n
            yield tuple(Tally(n, nets[i], squares[i], n, shuffles) for i in range(len(spots)))


# -- library entry points --------------------------------------------------------------


def simulate(
    rounds: int,
    level: str,
    seed: int | None = None,
    rules: Rules | None = None,
    progress: Callable[[int], None] | None = None,
    *,
    jobs: int = 1,
) -> SimResult:
    """Play ``rounds`` rounds with one computer seat of ``level`` over ``jobs`` processes.

    ``seed`` None shuffles with ``random.SystemRandom`` (docs/rules.md section 1); a seed
    gives the same result for the same ``jobs``.
    """
    rules = rules if rules is not None else Rules()
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: choose easy, normal or hard")
    spot_player(level, rules)  # derive the chart once, before the workers start
    outcome = run(BlackjackPlay(level, rules), rounds, jobs=jobs, seed=seed, progress=progress)
    if outcome.interrupted and not outcome.tallies:
        raise KeyboardInterrupt
    return SimResult(level, outcome.tallies[0], rules)


def exact_return(level: str, rules: Rules) -> float:
    """The exact expected return per round of ``level``'s policy for ``rules``, off the
    top of the shoe (seconds for rules other than the house's)."""
    from .bj_analysis import analysis_for, chart_policy, easy_policy, strategy_key
    from .bj_chart import published_chart
    from .blackjack import strategy_chart

    if strategy_key(rules) == strategy_key(Rules()):
        cached = cached_return(level)
        if cached is not None:
            return cached
    analysis = analysis_for(rules)
    if level == "easy":
        return analysis.expected_return(easy_policy)
    chart = published_chart() if level == "normal" else strategy_chart(rules)
    return analysis.expected_return(chart_policy(chart))


def cached_return(level: str) -> float | None:
    """The analysis's expected return for ``level`` under the house rules, from the
    cached chart's document."""
    try:
        from cardtable.resources import read_json

        from .bj_analysis import DERIVED_CHART_FILE

        value = read_json("data", DERIVED_CHART_FILE)["expected_return_percent"][level]
        return float(value) / 100.0
    except (OSError, KeyError, TypeError, ValueError):
        return None


#: ``--compare`` rules: the name and the change it makes.
COMPARE_RULES = ("h17", "s17", "peek", "no-peek", "das", "no-das", "surrender", "no-surrender",
                 "decks=N", "max-hands=N", "penetration=P", "resplit-aces", "bj=6:5")


def apply_rule(rules: Rules, text: str) -> Rules:
    """``rules`` with one change named as ``--compare`` takes it; ValueError if unknown."""
    name, _, value = text.strip().lower().partition("=")
    flags: dict[str, tuple[str, bool]] = {
             "h17": ("dealer_hits_soft_17", True), "s17": ("dealer_hits_soft_17", False),
             "peek": ("dealer_peeks", True), "no-peek": ("dealer_peeks", False),
             "das": ("double_after_split", True), "no-das": ("double_after_split", False),
             "surrender": ("late_surrender", True), "no-surrender": ("late_surrender", False),
             "resplit-aces": ("resplit_aces", True)}
    if name in flags and not value:
        field, on = flags[name]
        return replace(rules, **{field: on})  # type: ignore[arg-type]
    numbers: dict[str, tuple[str, int, int]] = {
        "decks": ("decks", 1, 8), "max-hands": ("max_hands", 1, 4), "penetration": ("penetration_percent", 50, 90),
    }
    if name in numbers and value:
        field, low, high = numbers[name]
        try:
            number = argtypes.whole_number(value, low, high)
        except argparse.ArgumentTypeError as error:
            raise ValueError(f"{name} {error}") from None
        return replace(rules, **{field: number})  # type: ignore[arg-type]
    if name == "bj" and value in ("3:2", "6:5", "1:1"):
        num, den = value.split(":")
        return replace(rules, blackjack_pays=(int(num), int(den)))
    raise ValueError(f"unknown rule {argtypes.shorten(text)}; one of: {', '.join(COMPARE_RULES)}")
