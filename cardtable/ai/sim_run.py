"""Exact tallies and the process pool behind ``cardtable simulate``.

A simulation is a function ``play(rounds, rng, stop) -> Iterator[tuple[Tally, ...]]``
that yields what it added every chunk of rounds. :func:`run` splits the rounds over
``jobs`` processes, each with its own generator seeded from ``(seed, jobs, job)``,
and adds their tallies as they arrive. Tallies hold integers (hundredths of a chip
and their squares), so the merged result is exactly the sum of its parts, in any
order. Ctrl-C asks every worker to stop after its current chunk; what was played
so far is returned, marked interrupted.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import queue as queue_module
import random
import signal
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol

__all__ = [
    "Tally",
    "Outcome",
    "Play",
    "job_rounds",
    "job_rng",
    "run",
    "ruin_bankroll",
    "CHUNK",
    "default_jobs",
    "ruin_probability",
    "ruin_note",
]

#: Rounds between two reports of a worker (a fraction of a second of work).
CHUNK = 4_000


@dataclass(frozen=True)
class Tally:
    """Sums over rounds of one series (net results in hundredths of a chip)."""

    rounds: int = 0
    net: int = 0
    net_sq: int = 0
    #: Hands played (splits count twice), or coups for baccarat.
    hands: int = 0
    shuffles: int = 0

    def __add__(self, other: Tally) -> Tally:
        return Tally(self.rounds + other.rounds, self.net + other.net, self.net_sq + other.net_sq,
                     self.hands + other.hands, self.shuffles + other.shuffles)

    def mean(self, unit: int) -> float:
        """Average net per round in units of ``unit`` hundredths (the bet)."""
        return self.net / self.rounds / unit if self.rounds else 0.0

    def std_dev(self, unit: int) -> float:
        """Sample standard deviation per round, in units of ``unit``."""
        n = self.rounds
        if n < 2:
            return math.inf
        # Exact integer arithmetic until the one division.
        variance = (self.net_sq * n - self.net * self.net) / (n * (n - 1))
        return math.sqrt(max(variance, 0.0)) / unit

    def std_error(self, unit: int) -> float:
        """Standard error of :meth:`mean`."""
        n = self.rounds
        return self.std_dev(unit) / math.sqrt(n) if n >= 2 else math.inf


class Play(Protocol):
    """A simulation: yields the tallies it added, every chunk of rounds, until done or
    ``stop()`` says so."""

    def __call__(self, rounds: int, rng: random.Random, stop: Callable[[], bool]) -> Iterator[tuple[Tally, ...]]:
        ...


@dataclass(frozen=True)
class Outcome:
    """The merged tallies of a run."""

    tallies: tuple[Tally, ...]
    rounds_asked: int
    jobs: int
    seconds: float
    interrupted: bool

    @property
    def rounds(self) -> int:
        return self.tallies[0].rounds if self.tallies else 0


def job_rounds(rounds: int, jobs: int) -> list[int]:
    """Rounds per job: as even as possible, the first jobs taking the remainder."""
    base, extra = divmod(rounds, jobs)
    return [base + (1 if job < extra else 0) for job in range(jobs)]


def job_rng(seed: int | None, jobs: int, job: int) -> random.Random:
    """The generator of one job. Without a seed, the system's (docs/rules.md section 1);
    one job uses ``Random(seed)`` itself; several get streams seeded by text, which
    Python hashes with SHA-512: independent, and the same on every machine."""
    if seed is None:
        return random.SystemRandom()
    if jobs == 1:
        return random.Random(seed)
    return random.Random(f"cardtable simulate/{seed}/{jobs}/{job}")


def add_tallies(a: tuple[Tally, ...], b: tuple[Tally, ...]) -> tuple[Tally, ...]:
    """Two runs' tallies summed place by place (``a`` empty: ``b``)."""
    if not a:
        return b
    return tuple(x + y for x, y in zip(a, b, strict=True))


def _worker(play: Play, job: int, rounds: int, seed: int | None, jobs: int,
            results: Any, stop: Any) -> None:
    """One process: plays its share, sends each chunk's tallies, then ``None``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides when to stop
    try:
        for tallies in play(rounds, job_rng(seed, jobs, job), stop.is_set):
            results.put((job, tallies))
    except BaseException as error:  # reported by the parent, never lost
        results.put((job, f"{type(error).__name__}: {error}"))
    finally:
        results.put((job, None))


def run(play: Play, rounds: int, *, jobs: int = 1, seed: int | None = None,
        progress: Callable[[int], None] | None = None) -> Outcome:
    """Play ``rounds`` rounds over ``jobs`` processes and merge the tallies exactly.

    ``progress(done)`` is called as chunks arrive. Ctrl-C (KeyboardInterrupt) stops
    every worker after its chunk and returns what was played, ``interrupted`` set.
    """
    if rounds < 1:
        raise ValueError("rounds must be at least 1")
    jobs = max(1, min(jobs, rounds))
    started = time.perf_counter()
    if jobs == 1:
        total, interrupted = _run_here(play, rounds, seed, progress)
        return Outcome(total, rounds, 1, time.perf_counter() - started, interrupted)
    total, interrupted = _run_workers(play, rounds, jobs, seed, progress)
    if not interrupted and (not total or total[0].rounds < rounds):
        interrupted = True  # a worker vanished: report what arrived
    return Outcome(total, rounds, jobs, time.perf_counter() - started, interrupted)


def _run_here(play: Play, rounds: int, seed: int | None,
              progress: Callable[[int], None] | None) -> tuple[tuple[Tally, ...], bool]:
    """One job in this process: (the tallies, interrupted by Ctrl-C)."""
    total: tuple[Tally, ...] = ()
    try:
        for tallies in play(rounds, job_rng(seed, 1, 0), lambda: False):
            total = add_tallies(total, tallies)
            if progress is not None:
                progress(total[0].rounds)
    except KeyboardInterrupt:
        return total, True
    return total, False


def _run_workers(play: Play, rounds: int, jobs: int, seed: int | None,
                 progress: Callable[[int], None] | None) -> tuple[tuple[Tally, ...], bool]:
    """``jobs`` worker processes: (the merged tallies, interrupted by Ctrl-C); a worker's
    error stops the others and is raised as ``RuntimeError``."""
    methods = multiprocessing.get_all_start_methods()
    # fork: the workers inherit the derived chart instead of deriving it again.
    context: Any = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    results = context.Queue()
    stop = context.Event()
    workers = [
        context.Process(target=_worker, args=(play, job, share, seed, jobs, results, stop), daemon=True)
        for job, share in enumerate(job_rounds(rounds, jobs))
    ]
    for worker in workers:
        worker.start()
    collected = _collect(results, stop, workers, jobs, progress)
    for worker in workers:
        worker.join(timeout=5)
        if worker.is_alive():
            worker.terminate()
    if collected.errors:
        raise RuntimeError(f"a simulation worker failed: {collected.errors[0]}")
    return collected.total, collected.interrupted


@dataclass
class _Collected:
    """What the workers sent so far."""

    total: tuple[Tally, ...] = ()
    interrupted: bool = False
    errors: list[str] = field(default_factory=list)


def _collect(results: Any, stop: Any, workers: list[Any], jobs: int,
             progress: Callable[[int], None] | None) -> _Collected:
    """Merge the workers' chunks until each has said it is done (or all have died)."""
    running = set(range(jobs))
    got = _Collected()
    while running:
        try:
            job, message = results.get(timeout=0.25)
        except queue_module.Empty:
            if not any(w.is_alive() for w in workers) and results.empty():
                break  # a worker died without a word (killed): stop waiting
            continue
        except KeyboardInterrupt:
            got.interrupted = True
            stop.set()
            continue
        if message is None:
            running.discard(job)
        elif isinstance(message, str):
            got.errors.append(message)
            stop.set()
        else:
            got.total = add_tallies(got.total, message)
            if progress is not None:
                progress(got.total[0].rounds)
    return got


def default_jobs() -> int:
    """Every core this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


# -- risk of ruin ----------------------------------------------------------------------


def _phi(x: float) -> float:
    return 0.5 * math.erfc(-x / math.sqrt(2.0))


def ruin_probability(bankroll: float, mean: float, sd: float, rounds: int) -> float:
    """Chance that a bankroll (in bets) is lost within ``rounds`` flat-bet rounds of
    the given mean and standard deviation per round (Brownian approximation)."""
    if bankroll <= 0:
        return 1.0
    t = float(rounds)
    s = sd * math.sqrt(t)
    first = _phi((-bankroll - mean * t) / s)
    exponent = -2.0 * mean * bankroll / (sd * sd)
    if exponent > 700:
        return 1.0
    second = math.exp(exponent) * _phi((-bankroll + mean * t) / s) if exponent > -745 else 0.0
    return min(1.0, first + second)


def ruin_bankroll(risk: float, mean: float, sd: float, rounds: int) -> float:
    """The bankroll (in bets) whose risk of ruin within ``rounds`` rounds is ``risk``."""
    if not (0 < risk < 1) or not math.isfinite(sd) or sd <= 0:
        return math.nan
    low, high = 0.0, 1.0
    while ruin_probability(high, mean, sd, rounds) > risk:
        high *= 2
        if high > 1e12:
            return math.inf
    for _ in range(80):
        mid = (low + high) / 2
        if ruin_probability(mid, mean, sd, rounds) > risk:
            low = mid
        else:
            high = mid
    return high


def ruin_note(estimated: bool, rounds: int, rounds_played: int, hours: int, *, translated: bool = False) -> str:
    """What the bankroll figures for ``hours`` mean, or why a run of ``rounds`` gives
    none: a run shorter than the ``rounds_played`` of those hours knows its edge less
    well than their swings, so a bankroll worked out from it would be noise. English
    (it goes into the JSON report) unless ``translated`` (the printed report)."""
    from ..i18n import N_, _
    from ..i18n.formatting import number

    def say(text: str) -> str:
        return _(text) if translated else text

    def count(n: int) -> str:
        return number(n) if translated else f"{n:,}"

    if estimated:
        return say(N_("with a house edge, ruin is certain in the long run: these bankrolls are for {hours} hours")
                   ).format(hours=count(hours))
    return say(N_("risk of ruin not estimated: {hours} hours are {played} rounds, more than this run's {rounds} "
                  "(its edge is less certain than their swings); with a house edge, ruin is certain in the long run")
               ).format(hours=count(hours), played=count(rounds_played), rounds=count(rounds))
