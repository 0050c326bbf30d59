"""``cardtable simulate … --cluster ADDRESS|local``: the same jobs on a Dask scheduler.

A run of ``--jobs N`` is N jobs, job ``j`` playing its share of the rounds with the
generator :func:`~cardtable.ai.sim_run.job_rng` seeds from ``(seed, N, j)``. On a
cluster each job is one task with the same share and the same generator, and the
tallies are integer sums, so the figures equal ``--jobs N``'s bit for bit, whichever
worker runs which task. A task is a pure function of its arguments: when a worker is
lost, the scheduler runs its task again elsewhere with the same result. Progress comes
from the tasks' events (one per chunk of rounds); Ctrl-C sets a cluster-wide event that
every task reads between chunks, and the rounds played so far are reported.

Dask is an optional extra (``pip install 'cardtable[cluster]'``); nothing here imports it
before a cluster run starts.
"""

from __future__ import annotations

import argparse
import asyncio
import queue
import time
import uuid
from collections.abc import Callable
from typing import Any

from cardtable import argtypes

from ..sim_run import Outcome, Play, Tally, add_tallies, job_rng, job_rounds, run

__all__ = ["run_on_cluster", "runner_for", "cluster_address", "missing_extra", "EXTRA_HINT", "ClusterError"]

EXTRA_HINT = "--cluster needs Dask: pip install 'cardtable[cluster]'"
_TOPIC = "cardtable-simulate-progress"
Runner = Callable[..., Outcome]
#: Seconds to wait for a scheduler before giving up.
CONNECT_TIMEOUT = 10


class ClusterError(RuntimeError):
    """The cluster could not be reached or a task failed (the message is one line)."""


def missing_extra() -> bool:
    """True when Dask distributed cannot be imported."""
    try:
        import distributed  # noqa: F401
    except ImportError:
        return True
    return False


def cluster_address(text: str) -> str:
    """``local``, ``tcp://HOST:PORT`` or ``HOST:PORT`` (then tcp)."""
    if text == "local":
        return text
    rest = text[len("tcp://"):] if text.startswith("tcp://") else text
    host, sep, port = rest.rpartition(":")
    if not sep or not host or any(c.isspace() for c in host) or not (port.isdigit() and 1 <= int(port) <= 65535):
        raise argparse.ArgumentTypeError(f"must be tcp://HOST:PORT or local, not {argtypes.shorten(text)}")
    return f"tcp://{host}:{port}"


def _job(play: Play, job: int, rounds: int, seed: int | None, jobs: int, stop_name: str) -> tuple[Tally, ...]:
    """One job of a ``--jobs N`` run, on a worker: its tallies, summed."""
    from distributed import Event, get_worker

    stop = Event(stop_name)
    worker = get_worker()
    total: tuple[Tally, ...] = ()
    for tallies in play(rounds, job_rng(seed, jobs, job), stop.is_set):
        total = add_tallies(total, tallies)
        worker.log_event(_TOPIC, {"stop": stop_name, "rounds": tallies[0].rounds})
    return total


def run_on_cluster(play: Play, rounds: int, *, jobs: int | None = None, seed: int | None = None,
                   address: Any = "local", progress: Callable[[int], None] | None = None) -> Outcome:
    """:func:`~cardtable.ai.sim_run.run` on a Dask cluster: ``address`` is a scheduler's
    (``tcp://HOST:PORT``), ``"local"`` (a LocalCluster of ``jobs`` worker processes on
    this machine), or a cluster object. ``jobs`` None: one job per worker thread."""
    from distributed import Event

    if rounds < 1:
        raise ValueError("rounds must be at least 1")
    started = time.perf_counter()
    client, local = _connect(address, jobs)
    try:
        if jobs is None:
            jobs = max(1, sum(client.nthreads().values()))
        jobs = max(1, min(jobs, rounds))
        stop_name = f"cardtable-stop-{uuid.uuid4().hex}"
        stop = Event(stop_name, client=client)
        arrived: queue.SimpleQueue[int] = queue.SimpleQueue()

        def on_event(event: Any) -> None:
            message = event[1] if isinstance(event, tuple) else event
            if isinstance(message, dict) and message.get("stop") == stop_name:
                arrived.put(int(message.get("rounds", 0)))

        client.subscribe_topic(_TOPIC, on_event)
        futures = [client.submit(_job, play, job, share, seed, jobs, stop_name, pure=False, key=f"{stop_name}-{job}")
                   for job, share in enumerate(job_rounds(rounds, jobs))]
        interrupted = _wait(client, futures, stop, arrived, rounds, progress)
        total = _gather(futures)
        if total and progress is not None:
            progress(total[0].rounds)
        client.unsubscribe_topic(_TOPIC)
        interrupted = interrupted or not total or total[0].rounds < rounds
        return Outcome(total, rounds, jobs, time.perf_counter() - started, interrupted)
    finally:
        client.close()
        if local is not None:
            local.close()


def _connect(address: Any, jobs: int | None) -> tuple[Any, Any]:
    """(a client of the cluster, the LocalCluster started for ``"local"`` or None);
    :class:`ClusterError` when the scheduler cannot be reached."""
    from distributed import Client, LocalCluster

    local = None
    if address == "local":
        from .. import sim_run

        local = LocalCluster(n_workers=jobs or sim_run.default_jobs(), threads_per_worker=1, host="127.0.0.1",
                             dashboard_address="127.0.0.1:0")
        address = local
    try:
        return Client(address, timeout=CONNECT_TIMEOUT), local
    except (OSError, TimeoutError, asyncio.TimeoutError) as error:
        if local is not None:
            local.close()
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {type(error).__name__}") from None


def _wait(client: Any, futures: list[Any], stop: Any, arrived: queue.SimpleQueue[int], rounds: int,
          progress: Callable[[int], None] | None) -> bool:
    """Wait for every task, reporting the rounds the tasks' events announce; the first
    Ctrl-C asks every task to stop after its chunk (True: interrupted), a second one
    cancels them and is raised."""
    from distributed import wait

    done = 0
    interrupted = False
    pending = futures
    while pending:
        try:
            try:
                pending = list(wait(pending, timeout=0.25, return_when="FIRST_COMPLETED").not_done)
            except (TimeoutError, asyncio.TimeoutError):
                pass
            while not arrived.empty():
                done = min(rounds, done + arrived.get())
                if progress is not None:
                    progress(done)
        except KeyboardInterrupt:
            if interrupted:  # a second Ctrl-C: drop the work at once
                client.cancel(futures)
                raise
            interrupted = True
            stop.set()  # every task stops after its chunk and returns what it played
    return interrupted


def _gather(futures: list[Any]) -> tuple[Tally, ...]:
    """The tasks' tallies summed; a task's own error as a one-line :class:`ClusterError`."""
    total: tuple[Tally, ...] = ()
    for future in futures:
        try:
            part = future.result()
        except Exception as error:  # the task's own error, raised here: said in one line
            raise ClusterError(f"a cluster task failed: {type(error).__name__}: {error}") from None
        if part:
            total = add_tallies(total, part)
    return total


def runner_for(cluster: str | None, jobs_given: int | None, here: Runner = run) -> Runner:
    """``here`` (the process pool's ``run``), or :func:`run_on_cluster` for ``--cluster``
    (jobs: the ones given, else one per worker thread of the cluster)."""
    if not cluster:
        return here

    def on_cluster(play: Play, rounds: int, *, jobs: int = 1, seed: int | None = None,
                   progress: Callable[[int], None] | None = None) -> Outcome:
        return run_on_cluster(play, rounds, jobs=jobs_given, seed=seed, address=cluster, progress=progress)

    return on_cluster
