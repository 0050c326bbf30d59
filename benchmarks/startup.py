"""Start-up time: process start to the first painted lobby, against a bare Textual app.

Target (DESIGN.md section 6): the lobby at most 1.3× the time of a bare Textual app
with a Header and a Footer, measured in the same run. Both run headless in a fresh
Python process; the clock starts before the process is spawned and stops when the
screen has been composed, laid out and rendered once.

    python benchmarks/startup.py [--runs 7]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

TARGET = 1.3

CHILD_CARDTABLE = r"""
import sys, time
from cardtable.ui.app import CardTableApp
from cardtable.ui.screens.lobby import LobbyScreen

class Probe(CardTableApp):
    def on_mount(self):
        super().on_mount()
        self._probe = self.set_interval(0.0005, self._check)

    def _check(self):
        if isinstance(self.screen, LobbyScreen) and self.screen.is_mounted:
            self._probe.stop()
            self.screen.call_after_refresh(self._painted)

    def _painted(self):
        self.screen._compositor.render_strips()
        print(repr(time.time()), flush=True)
        self.exit()

Probe(data_dir=sys.argv[1], animations=False).run(headless=True, size=(80, 24))
"""

CHILD_BARE = r"""
import sys, time
from textual.app import App
from textual.widgets import Footer, Header

class Bare(App):
    def compose(self):
        yield Header()
        yield Footer()

    def on_mount(self):
        self.call_after_refresh(self._painted)

    def _painted(self):
        self.screen._compositor.render_strips()
        print(repr(time.time()), flush=True)
        self.exit()

Bare().run(headless=True, size=(80, 24))
"""


def measure(code: str, data_dir: str) -> tuple[float, float]:
    """(wall seconds from spawning the process to its first painted screen, CPU seconds of the process).

    The CPU time (user + system, read with wait4) covers start-up to paint plus a very short
    exit; it is far less disturbed than the wall time when the machine is busy.
    """
    start = time.time()
    proc = subprocess.Popen(
        [sys.executable, "-c", code, data_dir],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=_CHILD_ENV,
    )
    stdout, stderr = proc.communicate(timeout=120)
    if proc.returncode != 0:
        raise RuntimeError(f"child failed: {stderr}")
    painted = float(stdout.strip().splitlines()[-1])
    return painted - start, _child_cpu(proc.pid)


_last_rusage = None

#: Children may write bytecode caches, as an installed package has them (pip compiles
#: them at install time); without this, a PYTHONDONTWRITEBYTECODE environment makes every
#: start recompile the project's modules from source while Textual's come precompiled.
_CHILD_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def _child_cpu(pid: int) -> float:
    """CPU seconds used by the children that ended since the last call."""
    global _last_rusage
    import resource

    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    total = usage.ru_utime + usage.ru_stime
    previous = _last_rusage if _last_rusage is not None else 0.0
    _last_rusage = total
    return total - previous


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    bare: list[tuple[float, float]] = []
    lobby: list[tuple[float, float]] = []
    with tempfile.TemporaryDirectory() as data_dir:
        for _ in range(2):  # warm the file cache, write bytecode caches, create the data file
            measure(CHILD_CARDTABLE, data_dir)
            measure(CHILD_BARE, data_dir)
        for _ in range(args.runs):  # interleaved so both see the same machine load
            bare.append(measure(CHILD_BARE, data_dir))
            lobby.append(measure(CHILD_CARDTABLE, data_dir))
    for label, index in (("wall", 0), ("cpu ", 1)):
        b = statistics.median(run[index] for run in bare)
        c = statistics.median(run[index] for run in lobby)
        ratio = c / b
        print(
            f"{label}: bare Textual app (Header+Footer) median {b * 1000:6.1f} ms · "
            f"cardtable lobby {c * 1000:6.1f} ms · ratio {ratio:.2f} "
            f"(target <= {TARGET}) -> {'OK' if ratio <= TARGET else 'OVER TARGET'}"
        )
    print(f"({args.runs} runs each, interleaved; the target applies to the wall-clock ratio)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
