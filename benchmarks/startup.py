"""Start-up time: process start to the first painted lobby, against a bare Textual app.

Target (DESIGN.md section 6): the lobby at most 1.15× the time of a bare Textual app
(a Header, a Footer and one line of text), measured in the same run with the same Python.
The time compared is the process's CPU (every thread) from its start to its complete
first screen: on a shared machine the wall clock mostly measures the other processes
(a bare app took 330 ms one minute and 610 ms the next); the wall-clock ratio is shown too.
Each run is a fresh process on a real pseudo-terminal (80×24, ``TERM=xterm-256color``):
``cardtable --data-dir D`` exactly as a player starts it (the command line included), and
the bare app as a script. The clock starts before the process is spawned and stops when
the terminal output holds the whole first screen: every marker text of that screen
(for the lobby its logo, its last line and the footer's keys) has been written; the
process's CPU so far is read at that moment. Then ``ctrl+q`` ends the process and its
CPU time (user + system) is read too.

    python benchmarks/startup.py [--runs 9] [--data-dir D] [--before CHECKOUT]

With ``--data-dir`` the lobby opens that folder (e.g. a long history); by default a fresh
temporary folder, created by the warm-up runs. ``--before /path/to/other/checkout`` also
times the cardtable of that source tree (e.g. ``main``) in the same interleaved runs, on
its own copy of the data folder, so a change is measured before and after on one machine load.
"""

from __future__ import annotations

import argparse
import os
import re
import select
import signal
import statistics
import sys
import tempfile
import time

TARGET = 1.15
SIZE = (80, 24)

CHILD_CARDTABLE = "import sys; from cardtable.cli import main; sys.exit(main())"

CHILD_BARE = r"""
from textual.app import App
from textual.widgets import Footer, Header, Static

class Bare(App):
    def compose(self):
        yield Header()
        yield Static("a bare Textual app, one line")
        yield Footer()

Bare().run()
"""

#: Texts that are all on screen once the first frame is complete.
MARKERS = {
    "bare": ("a bare Textual app, one line", "palette"),
    "cardtable": ("c a r d t a b l e", "Chips are virtual", "Settings"),
}

_ESCAPE = re.compile(rb"\x1b(\[[0-9;?<>=$]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")

#: Children may write bytecode caches, as an installed package has them (pip compiles
#: them at install time); without this, a PYTHONDONTWRITEBYTECODE environment makes every
#: start recompile the project's modules from source while Textual's come precompiled.
_CHILD_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE" and not k.startswith("TEXTUAL")}
_CHILD_ENV["TERM"] = "xterm-256color"


def cpu_so_far(pid: int) -> float:
    """CPU seconds the process has run so far, all its threads (the scheduler's own
    nanosecond count, ``/proc/PID/task/*/schedstat``; 0.0 where there is none)."""
    total = 0
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return 0.0
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/schedstat") as stat:
                total += int(stat.read().split()[0])
        except (OSError, ValueError, IndexError):
            continue
    return total / 1e9


def measure(
    kind: str, argv: list[str], timeout: float = 60.0, env: dict[str, str] | None = None
) -> tuple[float, float, float]:
    """(wall seconds from spawning ``argv`` on a pseudo-terminal to its complete first
    screen, CPU seconds of the process to that moment, CPU seconds of the whole process
    including its exit)."""
    import fcntl
    import pty
    import struct
    import termios

    markers = [m.encode() for m in MARKERS["bare" if kind == "bare" else "cardtable"]]
    start = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:  # the child: the app on the terminal
        try:
            os.chdir(tempfile.gettempdir())  # with -c the current folder is first on the import path
            os.execve(argv[0], argv, env or _CHILD_ENV)
        finally:
            os._exit(127)
    painted: float | None = None
    first_cpu = 0.0
    try:
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", SIZE[1], SIZE[0], 0, 0))
        text = b""
        deadline = start + timeout
        while painted is None and time.perf_counter() < deadline:
            ready, _, _ = select.select([fd], [], [], 0.5)
            if not ready:
                continue
            try:
                data = os.read(fd, 65536)
            except OSError:
                break
            if not data:
                break
            text += data
            visible = _ESCAPE.sub(b"", text)
            if all(m in visible for m in markers):
                painted = time.perf_counter() - start
                first_cpu = cpu_so_far(pid)
        if painted is None:
            seen = _ESCAPE.sub(b"", text)[-400:]
            raise RuntimeError(f"{kind}: no complete first screen within {timeout:.0f} s: {seen!r}")
        os.write(fd, b"\x11")  # ctrl+q
        cpu = _reap(pid, fd)
        pid = 0
    finally:
        if pid:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        os.close(fd)
    return painted, first_cpu, cpu


def _reap(pid: int, fd: int, timeout: float = 20.0) -> float:
    """Wait for the child to exit (draining its output); its CPU seconds."""
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        ended, status, usage = os.wait4(pid, os.WNOHANG)
        if ended:
            return usage.ru_utime + usage.ru_stime
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                os.read(fd, 65536)
            except OSError:
                pass
    os.kill(pid, signal.SIGKILL)
    _, _, usage = os.wait4(pid, 0)
    return usage.ru_utime + usage.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--data-dir", help="the lobby's data folder (default: a fresh temporary one)")
    parser.add_argument("--before", metavar="CHECKOUT", help="also time the cardtable source tree there")
    args = parser.parse_args()
    runs: dict[str, list[tuple[float, float, float]]] = {"bare": [], "cardtable": []}
    with tempfile.TemporaryDirectory() as temporary:
        data_dir = args.data_dir or os.path.join(temporary, "data")
        commands = {
            "bare": ([sys.executable, "-c", CHILD_BARE], None),
            "cardtable": ([sys.executable, "-c", CHILD_CARDTABLE, "--data-dir", data_dir], None),
        }
        if args.before:
            env = {**_CHILD_ENV, "PYTHONPATH": os.path.abspath(args.before)}
            before_dir = os.path.join(temporary, "before")
            commands["before"] = ([sys.executable, "-c", CHILD_CARDTABLE, "--data-dir", before_dir], env)
            runs = {"bare": [], "before": [], "cardtable": []}
        for _ in range(2):  # warm the file cache, write bytecode caches, create the data files
            for kind, (argv, env) in commands.items():
                measure(kind, argv, env=env)
        for _ in range(args.runs):  # interleaved so all see the same machine load
            for kind, (argv, env) in commands.items():
                runs[kind].append(measure(kind, argv, env=env))
    labels = {"bare": "bare Textual app (Header+Footer+line)", "before": f"cardtable at {args.before}",
              "cardtable": "cardtable lobby (this tree)"}
    ratios: dict[int, float] = {}
    measures = ((1, "CPU ms to the complete first screen"), (0, "wall ms to the complete first screen"),
                (2, "CPU ms of the whole process"))
    for index, what in measures:
        base = statistics.median(run[index] for run in runs["bare"])
        print(f"{what} (median of {args.runs}):")
        for kind, samples in runs.items():
            value = statistics.median(run[index] for run in samples)
            verdict = ""
            if kind == "cardtable" and index < 2:
                ratios[index] = value / base
                verdict = f" -> {'OK' if value / base <= TARGET else 'OVER TARGET'} (target <= {TARGET})"
            print(f"  {labels[kind]:40s} {value * 1000:7.1f}   ratio {value / base:4.2f}{verdict}")
    ratio = ratios[1]
    pairs = sorted(c[1] / b[1] for b, c in zip(runs["bare"], runs["cardtable"], strict=True))
    print(f"CPU to the first screen, run by run (each cardtable run against the bare run beside it): "
          f"median ratio {statistics.median(pairs):4.2f}, from {pairs[0]:4.2f} to {pairs[-1]:4.2f}")
    print(f"(interleaved runs on a pseudo-terminal {SIZE[0]}x{SIZE[1]}, load average {os.getloadavg()[0]:.1f}; "
          "the target applies to the CPU to the first screen, every thread of the process counted "
          "(the wall-clock ratio follows the machine's load); the last figure includes the exit)")
    return 0 if ratio <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
