"""Blackjack simulator: ``cardtable simulate blackjack --rounds N --level L [--seed S]``.

Plays N rounds with one computer seat at the real multi-round table (6 decks, cut
card at 75 %, reshuffle after it), through the same ``Round`` API and seat views a
screen uses, and reports the house edge with its standard error. Rich is imported
here only, for the progress bar on stderr.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from typing import NoReturn

from cardtable import argtypes
from cardtable.argtypes import one_line
from cardtable.core.blackjack import Rules
from cardtable.core.blackjack_table import Table

from .blackjack import LEVELS, player_for

__all__ = ["SimResult", "simulate", "main"]

#: The stake per round, in hundredths: 10 chips, so 3:2 is exact.
BET = 1_000


@dataclass(frozen=True)
class SimResult:
    """Outcome of a simulation, in units of the initial bet per round."""

    level: str
    rounds: int
    total: float  # sum of per-round net results / bet
    total_sq: float  # sum of their squares
    shuffles: int

    @property
    def mean(self) -> float:
        """Player's average return per round per initial bet."""
        return self.total / self.rounds if self.rounds else 0.0

    @property
    def std_error(self) -> float:
        """Standard error of :attr:`mean` (sample standard deviation / sqrt(n))."""
        n = self.rounds
        if n < 2:
            return math.inf
        variance = (self.total_sq - self.total * self.total / n) / (n - 1)
        return math.sqrt(max(variance, 0.0) / n)

    @property
    def house_edge(self) -> float:
        return -self.mean


def simulate(
    rounds: int,
    level: str,
    seed: int | None = None,
    rules: Rules | None = None,
    progress: Callable[[int], None] | None = None,
    progress_every: int = 1_000,
) -> SimResult:
    """Play ``rounds`` rounds with one computer seat of ``level``.

    ``seed`` None shuffles with ``random.SystemRandom`` (RULES.md section 1).
    ``progress(done)`` is called every ``progress_every`` rounds and at the end.
    """
    if rounds < 1:
        raise ValueError("rounds must be at least 1")
    player = player_for(level)
    rng: random.Random = random.Random(seed) if seed is not None else random.SystemRandom()
    table = Table(rules if rules is not None else Rules(), rng)
    bets = [BET]
    total = 0.0
    total_sq = 0.0
    decide = player.decide
    for done in range(1, rounds + 1):
        rnd = table.new_round(bets)
        while rnd.turn is not None:
            rnd.act(decide(rnd.view(0)))
        results = table.finish_round()
        net = sum(r.returned - r.stake for r in results[0]) / BET
        total += net
        total_sq += net * net
        if progress is not None and (done % progress_every == 0 or done == rounds):
            progress(done)
    return SimResult(level, rounds, total, total_sq, table.shuffles)


# -- command line --------------------------------------------------------------------


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _UsageError(one_line(message))


def _parser() -> _Parser:
    parser = _Parser(
        prog="cardtable simulate",
        description="Play many blackjack rounds with one computer seat and print the house edge.",
    )
    parser.add_argument("game", choices=["blackjack"], help="the game to simulate")
    parser.add_argument("--rounds", type=argtypes.rounds, required=True, metavar="N",
                        help="rounds to play (one seat, one 10-chip bet a round)")
    parser.add_argument("--level", choices=LEVELS, required=True,
                        help="the computer player: easy (hits below 17), normal (published "
                             "chart), hard (this table's exact basic strategy)")
    parser.add_argument("--seed", type=argtypes.seed, metavar="S", help="reproducible shuffles")
    return parser


def _expected(level: str) -> float | None:
    """The analysis's expected return for ``level`` from the cached chart, if present."""
    try:
        from cardtable.resources import read_json

        from .bj_analysis import DERIVED_CHART_FILE

        value = read_json("data", DERIVED_CHART_FILE)["expected_return_percent"][level]
        return float(value) / 100.0
    except (OSError, KeyError, TypeError, ValueError):
        return None


def _pct(x: float) -> str:
    return f"{100 * x:.3f} %"


def _count(n: int, noun: str) -> str:
    return f"{n:,} {noun}{'' if n == 1 else 's'}"


def main(argv: list[str]) -> int:
    """CLI entry (argv after ``simulate``): 0 on success, 2 with one line on bad args."""
    try:
        args = _parser().parse_args(argv)
    except _UsageError as error:
        print(f"cardtable: error: {error} "
              "(usage: cardtable simulate blackjack --rounds N --level easy|normal|hard "
              "[--seed S])", file=sys.stderr)
        return 2

    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    console = Console(stderr=True)
    try:
        with Progress(
            TextColumn(f"{args.level} player"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=console,
            transient=True,
            disable=not console.is_terminal,  # no stray blank line when stderr is a file
        ) as bar:
            task = bar.add_task("rounds", total=args.rounds)
            result = simulate(
                args.rounds,
                args.level,
                args.seed,
                progress=lambda done: bar.update(task, completed=done),
            )
    except KeyboardInterrupt:
        print("cardtable simulate: interrupted, nothing to report", file=sys.stderr)
        return 130
    from .bj_analysis import describe_rules

    rules = Rules()
    seed_text = f", seed {args.seed}" if args.seed is not None else ""
    print(f"blackjack, {args.level} player, {_count(result.rounds, 'round')}{seed_text}, "
          f"{_count(result.shuffles, 'reshuffle')}")
    print(textwrap.fill(describe_rules(rules), width=78, initial_indent="rules:      ",
                        subsequent_indent=" " * 12))
    margin = (f"± {_pct(result.std_error)} standard error"
              if math.isfinite(result.std_error) else "(too few rounds for a standard error)")
    print(f"house edge: {_pct(result.house_edge)} {margin}")
    expected = _expected(args.level)
    if expected is not None:
        print(f"analysis:   {_pct(-expected)} exact, off the top of the shoe")
        if math.isfinite(result.std_error) and result.std_error > 0:
            gap = abs(result.house_edge + expected) / result.std_error
            verdict = "agrees" if gap <= 4 else "DISAGREES"
            print(f"agreement:  {gap:.1f} standard errors apart: {verdict} (4 or fewer agree)")
    if result.house_edge < 0:
        print("            (a negative house edge: the player came out ahead in this run)")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main(sys.argv[1:]))
