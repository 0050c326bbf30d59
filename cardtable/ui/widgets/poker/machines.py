"""The row of machines as the room shows it: each machine's return, computed by the program.

The figures come from :func:`cardtable.ai.poker_analysis.analyse` (the exact optimal
return, 10–20 s of work per machine). The shipped pay tables' figures ship with the
program (``assets/data/poker-returns.json``, read by :mod:`cardtable.ai.poker_returns`
without numpy or the evaluator, so the lobby shows them before its first frame); each
figure carries a digest of its pay table, so a changed table is computed again and
kept in the data folder (``poker-returns.json``). ``cardtable analyse poker --machine
all`` fills that cache; so does the room itself: in an interactive session (not
headless) the poker table starts that command as a child process (low priority, one
core) for the missing figures, polls the cache while it runs and tells the screens when
a figure arrives. A child process, not a thread: the table keeps its GIL and its memory,
and quitting never waits for it (it is ended when the program exits).
"""

from __future__ import annotations

import atexit
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ....ai.poker_machines import MACHINE_ORDER, load_machines
from ....i18n import N_, _, ngettext
from ....i18n.formatting import number

if TYPE_CHECKING:  # the core's poker modules are imported when a machine is built, not by the lobby
    from ....core.poker_machines import Machine

__all__ = [
    "machines",
    "returns",
    "missing",
    "start_background_analysis",
    "machines_markdown",
    "lobby_blurb",
    "percent",
    "machines_on_offer",
    "warm_advice",
]

_children: dict[str, subprocess.Popen[bytes]] = {}  # data folder -> the analysis running for it


def machines() -> list[Machine]:
    """The machines on offer, left to right (9/6 Jacks or Better alone if unreadable)."""
    try:
        return list(load_machines().values())
    except (OSError, ValueError):
        from ....core.poker_machines import JACKS_OR_BETTER

        return [JACKS_OR_BETTER]


def returns(folder: Path | None) -> dict[str, Fraction]:
    """The returns known (by machine key) for the machines on offer: shipped or computed here."""
    from ....ai.poker_returns import known_returns

    return known_returns(folder, machines())


def missing(folder: Path) -> list[Machine]:
    """Machines whose return has not been computed yet."""
    known = returns(folder)
    return [m for m in machines() if m.key not in known]


def progress_text(folder: Path) -> str | None:
    """``computing`` while a background computation runs for ``folder``, else None."""
    child = _children.get(str(folder))
    return "computing" if child is not None and child.poll() is None else None


def percent(value: Fraction) -> str:
    """``99.5439 %``."""
    return _("{percent} %").format(percent=number(float(value) * 100, 4))


def start_background_analysis(app: Any, folder: Path) -> bool:
    """Start ``cardtable analyse poker --machine all`` for ``folder`` in a child process
    when figures are missing (one child per folder at a time).

    Never in a headless app (tests, benchmarks): that work is for a player's session.
    While it runs, the screens on the stack that define ``returns_changed()`` are told
    (every 2 s, on the app's timer) so they show each figure as it arrives.
    """
    if getattr(app, "is_headless", True) or progress_text(folder) is not None or not missing(folder):
        return False
    command = [sys.executable, "-m", "cardtable", "analyse", "poker", "--machine", "all", "--quiet",
               "--workers", "1", "--data-dir", str(folder)]
    try:
        child = subprocess.Popen(
            command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=_lower_priority if hasattr(os, "nice") else None,
        )
    except OSError:
        return False
    _children[str(folder)] = child
    atexit.register(_end, child)
    known = [dict(returns(folder))]

    def poll() -> None:
        now = returns(folder)
        running = child.poll() is None
        if now != known[0] or not running:
            known[0] = now
            for screen in list(getattr(app, "screen_stack", ())):
                changed = getattr(screen, "returns_changed", None)
                if callable(changed):
                    changed()
        if not running:
            timer.stop()

    timer = app.set_interval(2.0, poll, name="poker-analysis")
    return True


def _lower_priority() -> None:
    os.nice(10)


def _end(child: subprocess.Popen[bytes]) -> None:
    """At exit: a computation still running is ended (its finished figures are kept)."""
    if child.poll() is None:
        child.terminate()


def machines_markdown(folder: Path | None) -> str:
    """The rules' table of machines with each return as this program computed it."""
    known = returns(folder)
    lines = [
        "| " + _("Machine") + " | " + _("Wild cards") + " | " + _("Return with perfect play (computed)") + " |",
        "|---|---|---:|",
    ]
    wild = {"none": N_("none"), "deuces": N_("the four 2s"), "joker": N_("one joker (53 cards)")}
    for machine in machines():
        figure = percent(known[machine.key]) if machine.key in known else _("not computed yet")
        lines.append(f"| {machine.name} | {_(wild[machine.wild])} | {figure} |")
    note = "\n\n" + _(
        "The returns are computed by this program (every deal, the best of its 32 holds, "
        "one draw, 5 coins): `cardtable analyse poker --machine all` computes them, and the "
        "room computes the missing ones in the background while you play."
    )
    return "\n".join(lines) + note


#: Short names for the lobby's lines (the machine's own name where it is short enough).
_SHORT = {
    "jacks-or-better-9-6": "9/6 JoB",
    "bonus-poker-8-5": "8/5 Bonus",
    "double-double-bonus-9-6": "9/6 DDB",
    "deuces-wild": "Deuces Wild",
    "joker-poker": "Joker Poker",
}


def lobby_blurb(folder: Path, indent: int = 15) -> str:
    """The poker entry in the lobby: each machine with its return as computed (two lines
    under the title), or how many machines there are while nothing is computed yet.

    When every shipped pay table is the one analysed (the usual case), the figures come
    from the shipped file alone, without building the machines (the lobby's first frame)."""
    from ....ai.poker_returns import shipped_for_files

    quick = shipped_for_files(MACHINE_ORDER)
    if len(quick) == len(MACHINE_ORDER) and all(key in _SHORT for key in MACHINE_ORDER):
        named = [(key, _SHORT[key]) for key in MACHINE_ORDER]
        known = quick
    else:
        named = [(m.key, _SHORT.get(m.key, m.name)) for m in machines()]
        known = returns(folder)
    if not known:
        return ngettext("{n} machine", "{n} machines", len(named)).format(n=len(named)) + " · " + _(
            "tick cards to exchange"
        )
    cells = [f"{name} {number(float(known[key]) * 100, 2)} %" if key in known else f"{name} …" for key, name in named]
    half = (len(cells) + 1) // 2
    pad = "\n" + " " * indent
    heading = ngettext("{n} machine, returns as computed:", "{n} machines, returns as computed:", len(named))
    return heading.format(n=len(named)) + pad + " · ".join(cells[:half]) + pad + " · ".join(
        cells[half:]
    )


def machines_on_offer() -> dict[str, Machine]:
    """The row of machines (assets/paytables); 9/6 Jacks or Better alone if they cannot be read."""
    try:
        return dict(load_machines())
    except (OSError, ValueError):
        from ....core.poker_machines import JACKS_OR_BETTER

        return {JACKS_OR_BETTER.key: JACKS_OR_BETTER}


def warm_advice(machine: Machine) -> None:
    """Build ``machine``'s price tables for the tip (call it in a thread)."""
    from ....ai.poker import hold_evs

    cards = machine.deck()[:5]
    hold_evs(cards, machine, machine.max_coins)
