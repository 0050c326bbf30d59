"""Start-up in instructions: the lobby's first frame against a bare Textual app's, counted
by valgrind (callgrind), the same count run after run whatever else the machine does.

``benchmarks/startup.py`` is the measure the target (DESIGN.md section 6: at most 1.15×)
is judged by, on a real terminal; its CPU figures move 10–25 % from one run to the next on
a shared machine, so a change of a few percent is hard to see there. This counts the
instructions each process runs from its start to its first frame, headless (the app's
`run` gets Textual's headless driver and leaves at Pilot's first pause, without its
exit): ``cardtable --data-dir D`` through the command line as a player starts it, and the
bare app (Header, one line, Footer). Two runs of one tree agree to a few parts in ten
thousand. The app's warm-up thread (timed half a second after the lobby mounts, after its
first frame on a real machine) is left out: under valgrind, fifty times slower, it would
run before the first frame.

    python benchmarks/startup_instructions.py [--data-dir D]

Needs valgrind (Debian's package); takes about half a minute on two cores.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

import startup  # beside this script: its two programs and target

TARGET = startup.TARGET

#: Patches ``textual.app.App.run`` as the module is first imported (so the command's own
#: order of imports and its pause of the collector are kept), to run headless and leave
#: at the first pause.
_HOOK = r"""
import importlib.abc, importlib.machinery, os, sys

def _headless(run):
    def run_once(self, *args, **kwargs):
        async def first_frame(pilot):
            await pilot.pause()
            os._exit(0)
        return run(self, headless=True, size=(80, 24), auto_pilot=first_frame)
    return run_once

class _Hook(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name not in ("textual.app", "cardtable.ui.app"):
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        loader = spec.loader
        exec_module = loader.exec_module
        def patched(module):
            exec_module(module)
            if name == "textual.app":
                module.App.run = _headless(module.App.run)
            else:  # timed after the first frame on a real machine: not part of the start
                module.CardTableApp._warm_up = lambda self: None
        loader.exec_module = patched
        return spec

sys.meta_path.insert(0, _Hook())
"""

#: The same two programs as ``startup.py`` (one bare app for both measures), headless.
CHILD_CARDTABLE = _HOOK + startup.CHILD_CARDTABLE
CHILD_BARE = _HOOK + startup.CHILD_BARE

_ENV = {**startup._CHILD_ENV, "PYTHONHASHSEED": "0"}


def count(argv: list[str]) -> int:
    """Instructions ``argv`` runs to its first frame (callgrind's total)."""
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *argv],
        capture_output=True, text=True, env=_ENV, cwd=tempfile.gettempdir(), timeout=600,
    )
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise RuntimeError(f"no count from valgrind: {done.stderr[-400:]}")
    return int(found.group(1))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", help="the lobby's data folder (default: a fresh temporary one)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        data_dir = args.data_dir or os.path.join(temporary, "data")
        commands = {
            "bare": [sys.executable, "-c", CHILD_BARE],
            "cardtable": [sys.executable, "-c", CHILD_CARDTABLE, "--data-dir", data_dir],
        }
        for argv in commands.values():  # bytecode caches written, the data folder made
            subprocess.run(argv, env=_ENV, cwd=tempfile.gettempdir(), capture_output=True, timeout=120, check=True)
        with ThreadPoolExecutor(2) as pool:
            counts = dict(zip(commands, pool.map(count, commands.values()), strict=True))
    ratio = counts["cardtable"] / counts["bare"]
    print("instructions to the first frame (callgrind, headless 80x24):")
    print(f"  bare Textual app (Header+Footer+line)  {counts['bare'] / 1e6:8.1f} M   ratio 1.00")
    verdict = "OK" if ratio <= TARGET else "OVER TARGET"
    print(f"  cardtable lobby                        {counts['cardtable'] / 1e6:8.1f} M   ratio {ratio:4.2f}"
          f" -> {verdict} (target <= {TARGET})")
    return 0 if ratio <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
