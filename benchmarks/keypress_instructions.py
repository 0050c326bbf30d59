"""Key presses in instructions (callgrind), each table's round against a bare app's key.

The same count whatever else the machine does: two runs of one tree agree to 0.1 % on
each table's mean and the bare key's.

``benchmarks/keypress.py`` judges the target (DESIGN.md section 6: a key of a played round
at most 1.5× a bare app's key) on CPU time, which moves a lot between runs on a shared
machine (baccarat read 1.20–1.78 on one tree): the clock is noisy, the bare key moved with
the process's collector, and of a baccarat round's eight keys four are cheap and four
dear, so the median sits on an edge between them. This counts the instructions of every
key instead, with ``keypress.py``'s own rounds (``measure``: the same keys, seed and data,
animations off) and its own bare app (``measure_bare``, eight presses a round), each key
pressed as its ``--direct`` mode does (``direct_press``: delivered by the terminal driver,
then Textual's wait for the app to be idle, its frame drawn).

How a key is counted. Each side (the bare app, each table) runs in its own process under
``valgrind --tool=callgrind --dump-before=getpgrp``, and the clock ``keypress.py`` reads
before and after each key is ``os.getpgrp()``, a libc call neither Python nor Textual makes
otherwise (the script checks that there are as many dumps as calls). Callgrind writes the
instructions run since the previous call at each one, so the dump at the second call of a
pair is that key's count, every thread included, the start and the work between keys left
out. The start runs without instrumentation (``--instr-atstart=no``, several times faster):
the first read of the clock turns it on with callgrind's client request, made from Python
by calling its few bytes of x86-64 machine code through ctypes (elsewhere the whole run is
instrumented; the counts are the same either way, checked to 0.05 %). Children run with
``PYTHONHASHSEED=0`` (the order of Textual's sets of pseudo-classes follows string hashes).
A thread's work interleaves with the loop's as the machine schedules it, so work can move
between two neighbouring keys: blackjack's deal, which starts a worker, and the next key
traded up to 2.5 M instructions between two runs (their sum the same to 0.1 %).

The clock of the event loop. Textual's idle wait (sleep 20 ms at a time until one passes
in which the process used under 1 ms of CPU) never sees idleness under valgrind, where the
wait's own wake-up costs more than that: every key waited its full second, and how many
loop turns, timer ticks and frames a key got depended on the machine's speed. So the
children run on a clock that moves only when the loop has nothing to run (it then jumps
to the next timer: no wall time passes, and a thread's work in flight is waited for), and
the idle wait reads the loop's callbacks as its CPU (0.4 ms each: a quiet 20 ms runs the
wait's own two). Textual's code is unchanged; what runs, and in which order, is then the
same at any speed, and the wait ends after the first quiet 20 ms, as it does natively.
After each key the child checks that the app has nothing left (no layout, repaint,
callback or message pending, no worker running) and the script warns if it had.

Also set so the count is that of the app as a player runs it:

- The collector as in the real app after start-up: the lobby's first frame freezes what
  exists and collects the young generation every 20,000 allocations
  (``collect_young_rarely``), as ``CardTableApp`` does when the lobby is painted before a
  table opens (the child waits at the lobby for it: ``keypress.py`` presses the table's
  key before that frame, so its tables run with Python's default); the bare app gets
  the same at its first frame (``gc.freeze()``, ``collect_young_rarely()``), so both sides
  pay the same young collections per allocation, and neither carries the other's objects.
- The start's background work done before the first key: the app's warm-up (a thread,
  timed half a second after the lobby) and baccarat's first count of the odds (a thread)
  finish first, as on a real machine long before a player's second key.

The verdict uses the ratio of the medians, ``keypress.py``'s statistic (the target is on a
typical key of a round, as the issue that set it measured it). The ratio of the means is
printed beside it, each key of the round weighing once: the deals, which build the cards
and start the coach's and the odds' threads, are 15-55× a bare key and dominate it. Each
key's median. The first round counts, as in ``keypress.py`` (it holds first-time work,
such as the poker evaluator's tables at the first deal): it weighs 1/``--rounds``.

Counts are not CPU time: natively a deal runs about 4 M instructions a millisecond, a
cheap key or the bare key under 2, a key bound to nothing about 1 (the kernel's part of
each wake-up and the interpreter's cold paths weigh more in a short key, and no count sees
the first), so ratios of CPU sit closer to 1 than these: on one tree, the means' ratios
3.7, 2.8 and 2.1 in CPU (``keypress.py --direct``) against 9.3, 5.3 and 6.7 counted.

    python benchmarks/keypress_instructions.py [--rounds 20] [--game baccarat]

Needs valgrind (Debian's package); about three minutes on two cores at 20 rounds, the
rounds ``keypress.py`` plays (the first round's first-time work then weighs as there: at 4
rounds baccarat's median moved from a clear key to the first round's bets, 8.2 → 9.1 M).
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import compileall
import ctypes
import gc
import json
import mmap
import os
import platform
import selectors
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import keypress  # beside this script: its rounds, bare app and presses
import startup  # beside this script: the children's environment

TARGET = keypress.TARGET_RATIO
MARKER = "getpgrp"
_ENV = {**startup._CHILD_ENV, "PYTHONHASHSEED": "0"}


# -- in the child, under callgrind ---------------------------------------------------

_NOW = [0.0]
"""The children's clock, in seconds: it moves only when the event loop has nothing to run."""


class _Jumping:
    """The event loop's selector, except that a wait for the next timer returns at once
    with the clock moved on to it. While a thread's work is in flight (a worker) the wait
    is real instead (up to five seconds, then the clock jumps): its result comes first."""

    def __init__(self, real: selectors.BaseSelector, loop: _VirtualTimeLoop) -> None:
        self._real = real
        self._loop = loop

    def select(self, timeout: float | None = None) -> list[tuple[selectors.SelectorKey, int]]:
        ready = self._real.select(0)
        if ready or timeout == 0:
            return ready
        if timeout is None:  # nothing scheduled: only a thread or a file can wake the loop
            return self._real.select(None)
        if self._loop.in_flight:
            ready = self._real.select(5.0)
            if ready:
                return ready
        _NOW[0] += timeout
        return []

    def __getattr__(self, name: str) -> object:
        return getattr(self._real, name)


class _CountingDeque(collections.deque[Any]):
    """The loop's queue of callbacks ready to run, counting those taken to run."""

    taken = 0

    def popleft(self) -> Any:
        self.taken += 1
        return super().popleft()


class _VirtualTimeLoop(asyncio.SelectorEventLoop):
    """An event loop on :data:`_NOW`: what runs, and in which order, does not depend on
    how fast the process runs (valgrind's fifty times slower included)."""

    def __init__(self) -> None:
        super().__init__()
        self._selector = _Jumping(self._selector, self)  # type: ignore[has-type,arg-type,assignment]
        self._ready = _CountingDeque()  # type: ignore[has-type]
        self.in_flight = 0

    def work(self) -> float:
        """The loop's work so far, for Textual's idle wait: each callback run counts as
        0.4 ms of CPU. The wait's own sleep runs two (its timer, then its task), 0.8 ms:
        under its 1 ms of idleness; a third callback in the 20 ms makes it busy."""
        return self._ready.taken * _CALLBACK_CPU  # type: ignore[attr-defined,no-any-return]

    def time(self) -> float:
        return _NOW[0]

    def run_in_executor(self, executor: Any, func: Any, *args: Any) -> asyncio.Future[Any]:  # type: ignore[override]
        future = super().run_in_executor(executor, func, *args)
        self.in_flight += 1
        future.add_done_callback(self._landed)
        return future

    def _landed(self, _future: asyncio.Future[Any]) -> None:
        self.in_flight -= 1


class _VirtualTimePolicy(asyncio.DefaultEventLoopPolicy):
    _loop_factory = _VirtualTimeLoop


_CALLBACK_CPU = 0.4e-3
"""Seconds of "CPU" a callback run by the loop counts for in Textual's idle wait."""


def _on_virtual_time() -> None:
    """Event loops, Textual's timers and its idle wait on :data:`_NOW`. The idle wait
    (``wait_for_idle``: sleep 20 ms at a time until one passes in which the process used
    under 1 ms of CPU) reads the loop's callbacks as its CPU (:meth:`_VirtualTimeLoop.work`):
    it ends after the first 20 ms in which the loop ran nothing but the wait, so it waits
    for the key's work and the frames it asks for, in the same loop turns at any speed."""
    import textual._time
    import textual._wait

    asyncio.set_event_loop_policy(_VirtualTimePolicy())
    textual._time.get_time = lambda: _NOW[0]
    textual._wait.monotonic = lambda: _NOW[0]  # type: ignore[attr-defined]
    textual._wait.process_time = lambda: asyncio.get_running_loop().work()  # type: ignore[attr-defined]


_UNSETTLED: list[int] = []
"""Keys (their places, from 0) after which the app still had work: counted in the next."""


def _work_left() -> bool:
    """Whether the app being measured has work pending: a layout, a repaint, a callback
    after the frame, a message, a worker."""
    from textual._context import active_app

    app = active_app.get()
    screen = app.screen
    nodes = (app, *screen.walk_children(with_self=True))
    return bool(
        screen._layout_required or screen._repaint_required or screen._dirty_widgets or screen._callbacks
        or any(node._message_queue.qsize() or node._next_callbacks for node in nodes)
        or any(not worker.is_finished for worker in app.workers)
    )


#: ``unsigned long request(unsigned long args[6])``: valgrind's client request on x86-64
#: (``valgrind.h``'s ``VALGRIND_DO_CLIENT_REQUEST``: a no-op rotation of rdi that valgrind
#: recognises, then ``xchg rbx, rbx``; outside valgrind it returns 0 and does nothing).
_REQUEST_CODE = bytes.fromhex("4889f8" "31d2" "48c1c703" "48c1c70d" "48c1c73d" "48c1c733" "4887db" "4889d0" "c3")
_START_INSTRUMENTATION = (ord("C") << 24 | ord("T") << 16) + 4  # callgrind.h's request
INSTRUMENT_LATE = platform.machine() == "x86_64"
"""Whether callgrind starts with its instrumentation off and the child turns it on at its
first key (the start, four fifths of the work, then runs several times faster)."""


def _start_instrumentation() -> None:
    """``CALLGRIND_START_INSTRUMENTATION`` from Python: the request's machine code in an
    executable page, called through ctypes."""
    page = mmap.mmap(-1, mmap.PAGESIZE, prot=mmap.PROT_READ | mmap.PROT_WRITE | mmap.PROT_EXEC)
    page.write(_REQUEST_CODE)
    request = ctypes.CFUNCTYPE(ctypes.c_uint64, ctypes.POINTER(ctypes.c_uint64))(
        ctypes.addressof(ctypes.c_char.from_buffer(page))
    )
    request((ctypes.c_uint64 * 6)(_START_INSTRUMENTATION, 0, 0, 0, 0, 0))


def _marking_clock(first: Callable[[], None] | None = None) -> Callable[[], float]:
    """A clock for ``keypress.measure``: each read is a marker call (callgrind dumps);
    ``first`` runs once, before the first marker (uncounted, with the start). After each
    key (every second read) it checks that the app has no work left."""
    calls = [0]

    def clock() -> float:
        if calls[0] == 0:
            if first is not None:
                first()
            if INSTRUMENT_LATE:
                _start_instrumentation()
        calls[0] += 1
        os.getpgrp()
        if calls[0] % 2 == 0 and _work_left():
            _UNSETTLED.append(calls[0] // 2 - 1)
        return float(calls[0])

    clock.calls = calls  # type: ignore[attr-defined]
    return clock


def _as_after_start_up() -> None:
    """What ``CardTableApp`` does to the collector at its first frame."""
    from cardtable.ui.collector import collect_young_rarely

    gc.freeze()
    collect_young_rarely()


async def _background_done(app: Any) -> None:
    """Wait until the app's warm-up has started (timed half a second after the lobby) and
    every worker is done: the start's background work is not a key's. Awaited at the lobby
    (whose first frame then sets the collector, as when a player starts the app) and once
    the table is open (baccarat counts its first odds in a thread)."""
    deadline = _NOW[0] + 120
    while not getattr(app, "_warmed_for_count", False) and _NOW[0] < deadline:
        await asyncio.sleep(0.05)
    await app.workers.wait_for_complete()
    await asyncio.sleep(0.1)


def _note_warm_up() -> None:
    """The app notes on itself when its warm-up has started (:func:`_background_done`)."""
    from cardtable.ui.app import CardTableApp

    warm_up = CardTableApp._warm_up

    def noted(self: CardTableApp) -> None:
        warm_up(self)
        self._warmed_for_count = True  # type: ignore[attr-defined]

    CardTableApp._warm_up = noted  # type: ignore[method-assign]


def child(job: str, rounds: int) -> None:
    """Run one side's keys, print how many markers it called (and the table's widgets)."""
    keypress.DIRECT = True
    _on_virtual_time()
    if job == "bare":
        clock = _marking_clock(_as_after_start_up)
        asyncio.run(keypress.measure_bare(8 * rounds, clock=clock))  # as keypress.py: 8 a round
        widgets = keypress.BARE_WIDGETS
    else:
        _note_warm_up()
        clock = _marking_clock()
        _samples, _idle, widgets = asyncio.run(keypress.measure(job, rounds, clock, _background_done))
    print(json.dumps({"marks": clock.calls[0], "widgets": widgets, "unsettled": _UNSETTLED}))  # type: ignore[attr-defined]


# -- in the parent ---------------------------------------------------------------------


def _dump_count(path: Path) -> int:
    """The instructions a callgrind dump holds (its header's ``summary``)."""
    with path.open() as dump:
        for line in dump:
            if line.startswith("summary:"):
                return int(line.split()[1])
    raise RuntimeError(f"no summary in {path}")


def count(job: str, rounds: int, folder: str) -> tuple[list[int], dict[str, Any]]:
    """Instructions of each key ``job`` presses (in order), and what the child told: its
    screen's widgets, the keys after which work was left (``unsettled``: should be none)."""
    out = Path(folder, f"{job}.out")
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", f"--dump-before={MARKER}", "--dump-line=no",
         f"--instr-atstart={'no' if INSTRUMENT_LATE else 'yes'}",
         f"--callgrind-out-file={out}", sys.executable, __file__, "--child", job, "--rounds", str(rounds)],
        capture_output=True, text=True, env=_ENV, cwd=tempfile.gettempdir(), timeout=900,
    )
    if done.returncode != 0 or not done.stdout.strip():
        raise RuntimeError(f"{job} failed under valgrind: {done.stderr[-600:]}")
    told = json.loads(done.stdout.strip().splitlines()[-1])
    marks = told["marks"]
    dumps = sorted((p for p in Path(folder).glob(f"{job}.out.*")), key=lambda p: int(p.suffix[1:]))
    if len(dumps) != marks:
        raise RuntimeError(f"{job}: {marks} markers but {len(dumps)} dumps (something else calls {MARKER})")
    # the marker's calls come in pairs around each key: the dump at the second is the key
    return [_dump_count(dumps[n]) for n in range(1, marks, 2)], told


def _mega(value: float) -> str:
    return f"{value / 1e6:6.2f} M"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20, help="rounds per table (default 20, as keypress.py)")
    parser.add_argument("--game", choices=list(keypress.ROUND_KEYS), action="append",
                        help="only this game (repeatable)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.rounds)
        return 0
    if shutil.which("valgrind") is None:
        print("keypress_instructions.py: valgrind is not installed (Debian: apt-get install valgrind)",
              file=sys.stderr)
        return 2
    from cardtable.ui.games import game_available

    games = [g for g in args.game or list(keypress.ROUND_KEYS) if game_available(g)]
    compileall.compile_dir(str(Path(keypress.__file__).parents[1] / "cardtable"), quiet=1)
    with tempfile.TemporaryDirectory() as folder, ThreadPoolExecutor(2) as pool:
        futures = {job: pool.submit(count, job, args.rounds, folder) for job in [*games, "bare"]}
        counted = {job: future.result() for job, future in futures.items()}
    bare, told = counted["bare"]
    unsettled = [f"bare key {n + 1}" for n in told["unsettled"]]
    bare_mean, bare_median = statistics.fmean(bare), statistics.median(bare)
    print(f"instructions per key (callgrind, headless 80x24, keys through the driver, {args.rounds} rounds):")
    print(f"  {'bare app':10s} {len(bare):3d} presses of a key that updates one Static:"
          f"  median {_mega(bare_median)}  mean {_mega(bare_mean)}")
    worst = worst_mean = 0.0
    for game in games:
        presses, told = counted[game]
        keys = keypress.ROUND_KEYS[game]
        per_round = len(keys) + 1  # the round's keys, then the key bound to nothing
        samples = [n for i, n in enumerate(presses) if i % per_round < len(keys)]
        idle = [n for i, n in enumerate(presses) if i % per_round == len(keys)]
        unsettled += [f"{game}'s {keys[n % per_round] if n % per_round < len(keys) else 'idle key'}"
                      f" in round {n // per_round + 1}" for n in told["unsettled"]]
        mean, median = statistics.fmean(samples), statistics.median(samples)
        ratio, ratio_mean = median / bare_median, mean / bare_mean
        worst, worst_mean = max(worst, ratio), max(worst_mean, ratio_mean)
        verdict = "OK" if ratio <= TARGET else "OVER TARGET"
        print(f"  {game:10s} {len(samples):3d} keys  median {_mega(median)}  mean {_mega(mean)}"
              f"  ratio of the medians {ratio:4.2f} -> {verdict}  (of the means {ratio_mean:4.2f})")
        each = "  ".join(
            f"{key} {statistics.median(samples[p::len(keys)]) / 1e6:.1f}" for p, key in enumerate(keys)
        )
        print(f"  {'':10s} each key's median (M): {each};  a key bound to nothing"
              f" {statistics.median(idle) / 1e6:.1f};  the first round's mean"
              f" {statistics.fmean(samples[:len(keys)]) / 1e6:.1f};  {told['widgets']} widgets")
    if unsettled:
        print(f"warning: the app still had work after {', '.join(unsettled)} (counted in the next key)")
    verdict = "OK" if worst <= TARGET else "OVER TARGET"
    print(f"worst ratio to a bare app's key (medians) {worst:.2f} (target <= {TARGET}) -> {verdict}")
    print(f"(of the means, every key of a round weighing once: worst {worst_mean:.2f})")
    return 0 if worst <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
