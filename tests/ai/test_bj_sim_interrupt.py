"""Ctrl-C on a real multi-process run: every worker stops and the rounds played so far
are reported (issue 15). A process test: its own session, so the signal reaches the
whole group as a terminal's Ctrl-C does."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest


@pytest.mark.skipif(sys.platform == "win32", reason="process groups and SIGINT are POSIX")
def test_ctrl_c_stops_every_worker_and_prints_the_rounds_so_far() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardtable", "simulate", "blackjack", "--rounds", "500000000",
         "--jobs", "2", "--seed", "3"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # noqa: PLW1509
    )
    try:
        time.sleep(4)
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
