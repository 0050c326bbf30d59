"""simulate --cluster: the jobs of --jobs N on a Dask scheduler give the same figures bit
for bit (a LocalCluster of two in-process workers over TCP on 127.0.0.1), also when a
worker is lost; Ctrl-C stops the tasks after their chunk; without the extra, --cluster
is one line and exit 2."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from cardtable.ai.counting import cluster as cluster_module
from cardtable.ai.counting.cluster import EXTRA_HINT, run_on_cluster
from cardtable.ai.counting.play import CountPlay, Ramp
from cardtable.ai.counting.systems import system_named
from cardtable.ai.sim_run import run
from cardtable.ai.simulate import main
from cardtable.core.blackjack import Rules

#: Griffin's game, as in test_count_effects (its chart is derived once per process).
PLAY = CountPlay(Rules(decks=1, dealer_peeks=True, double_after_split=False), system_named("hilo"),
                 Ramp.default(1, 8))


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    distributed = pytest.importorskip("distributed", reason="the cluster extra (cardtable[cluster]) is not installed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, protocol="tcp",
                                  host="127.0.0.1", dashboard_address="127.0.0.1:0") as local:
        yield local


def test_a_cluster_run_equals_the_same_jobs_here(cluster: Any) -> None:
    seen: list[int] = []
    on_cluster = run_on_cluster(PLAY, 8_000, jobs=2, seed=3, address=cluster.scheduler_address, progress=seen.append)
    here = run(PLAY, 8_000, jobs=2, seed=3)
    assert on_cluster.tallies == here.tallies
    assert on_cluster.jobs == 2 and not on_cluster.interrupted
    assert seen and seen[-1] == 8_000 and seen == sorted(seen)


def test_jobs_default_to_the_cluster_threads(cluster: Any) -> None:
    outcome = run_on_cluster(PLAY, 100, seed=1, address=cluster)
    assert outcome.jobs == 2 and outcome.tallies == run(PLAY, 100, jobs=2, seed=1).tallies


def test_a_lost_worker_s_job_is_run_again_with_the_same_figures() -> None:
    """A worker closed at the first report: its job runs again on the other worker, from
    the same seed, and the figures are those of --jobs 2 (its own cluster: it loses one)."""
    distributed = pytest.importorskip("distributed", reason="the cluster extra (cardtable[cluster]) is not installed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, protocol="tcp",
                                  host="127.0.0.1", dashboard_address="127.0.0.1:0") as local:
        lost: list[object] = []

        def close_one(done: int) -> None:
            if not lost:
                lost.append(sorted(local.workers)[0])
                local.sync(local.workers[lost[0]].close)

        outcome = run_on_cluster(PLAY, 40_000, jobs=2, seed=5, address=local, progress=close_one)
        assert lost and len(local.scheduler.workers) == 1
    assert not outcome.interrupted and outcome.tallies == run(PLAY, 40_000, jobs=2, seed=5).tallies


def test_ctrl_c_stops_the_tasks_after_their_chunk(cluster: Any) -> None:
    calls: list[int] = []

    def interrupt(done: int) -> None:  # Ctrl-C once, at the first report
        calls.append(done)
        if len(calls) == 1:
            raise KeyboardInterrupt

    outcome = run_on_cluster(PLAY, 400_000, jobs=2, seed=3, address=cluster, progress=interrupt)
    assert outcome.interrupted and 0 < outcome.rounds < 400_000


def test_cli_cluster_figures_equal_jobs_2(cluster: Any, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["blackjack", "--rounds", "5000", "--seed", "4", "--jobs", "2", "--json", "--decks", "1", "--peek",
            "--no-das"]
    assert main(argv) == 0
    here = json.loads(capsys.readouterr().out)
    assert main([*argv, "--cluster", cluster.scheduler_address]) == 0
    there = json.loads(capsys.readouterr().out)
    for data in (here, there):
        data.pop("seconds")
    assert there == here


def test_cli_unreachable_scheduler_is_one_line(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("distributed", reason="the cluster extra (cardtable[cluster]) is not installed")
    monkeypatch.setattr(cluster_module, "CONNECT_TIMEOUT", 1)
    assert main(["blackjack", "--rounds", "10", "--cluster", "tcp://127.0.0.1:9", "--json"]) == 2
    err = capsys.readouterr().err
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in err and err.count("\n") == 1


def test_without_the_extra_cluster_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed -> ImportError
    assert main(["blackjack", "--rounds", "10", "--cluster", "local"]) == 2
    err = capsys.readouterr().err
    assert EXTRA_HINT in err and err.count("\n") == 1


@pytest.mark.parametrize("address", ["tcp://host", "nowhere", "tcp://h:99999", "tcp:// :1"])
def test_a_bad_address_is_one_line(address: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["blackjack", "--rounds", "10", "--cluster", address]) == 2
    assert "argument --cluster: must be tcp://HOST:PORT or local" in capsys.readouterr().err
