"""Ctrl-C on a real multi-process run: every worker stops and the rounds played so far
are reported. A process test: its own session, so the signal reaches the
whole group as a terminal's Ctrl-C does."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

#: CPU seconds each worker plays before the Ctrl-C: several chunks of rounds
#: (``sim_run.CHUNK`` = 4,000 rounds, well under half a second of one core).
WORKER_CPU = 0.5


def _workers_cpu(pid: int) -> list[float]:
    """CPU seconds (user + system) of each child process of ``pid`` (Linux /proc)."""
    tick = os.sysconf("SC_CLK_TCK")
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:  # fields after the name: state, ppid, ..., utime (12th), stime
            found.append((int(fields[11]) + int(fields[12])) / tick)
    return found


def _wait_until_both_workers_played(pid: int) -> None:
    """Until each of the two workers has used WORKER_CPU of CPU (not a fixed wall time:
    on a busy machine the workers get their CPU later); 4 s where /proc is missing."""
    if not os.path.isdir("/proc/self"):
        time.sleep(4)
        return
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        busy = [cpu for cpu in _workers_cpu(pid) if cpu >= WORKER_CPU]
        if len(busy) >= 2:
            return
        time.sleep(0.05)
    raise AssertionError("the two simulation workers never got going")


@pytest.mark.skipif(sys.platform == "win32", reason="process groups and SIGINT are POSIX")
def test_ctrl_c_stops_every_worker_and_prints_the_rounds_so_far() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardtable", "simulate", "blackjack", "--rounds", "500000000",
         "--jobs", "2", "--seed", "3"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # noqa: PLW1509
    )
    try:
        _wait_until_both_workers_played(proc.pid)
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130, err
    assert "house edge:" in out and "2 jobs" in out
    assert "interrupted after" in err and "of 500,000,000 rounds" in err
    with pytest.raises(ProcessLookupError):  # no worker is left behind
        for _ in range(50):
            os.killpg(proc.pid, 0)
            time.sleep(0.1)
