"""The row of machines as the room shows it: each machine's return, computed by the program.

The figures come from :func:`cardtable.ai.poker_analysis.analyse` (the exact optimal
return, 10–20 s of work per machine) and are kept in the data folder
(``poker-returns.json``, with a digest of each pay table, so a changed table is
computed again). ``cardtable analyse poker --machine all`` fills that cache; so does
the room itself: in an interactive session (not headless) the lobby and the poker table
start one background thread that computes the missing figures one machine after the
other and tells the screens when a figure arrives.
"""

from __future__ import annotations

import threading
from fractions import Fraction
from pathlib import Path
from typing import Any

from ....ai.poker_machines import load_machines
from ....core.poker_machines import JACKS_OR_BETTER, Machine

__all__ = [
    "machines",
    "returns",
    "missing",
    "start_background_analysis",
    "machines_markdown",
    "lobby_blurb",
    "percent",
]

_LOCK = threading.Lock()
_running: dict[str, str] = {}  # data folder -> "key pct" while a computation runs


def machines() -> list[Machine]:
    """The machines on offer, left to right (9/6 Jacks or Better alone if unreadable)."""
    try:
        return list(load_machines().values())
    except (OSError, ValueError):
        return [JACKS_OR_BETTER]


def returns(folder: Path | None) -> dict[str, Fraction]:
    """The returns computed so far (by machine key) for the machines on offer."""
    from ....ai.poker_analysis import cached_returns

    return {} if folder is None else cached_returns(folder, machines())


def missing(folder: Path) -> list[Machine]:
    """Machines whose return has not been computed yet."""
    known = returns(folder)
    return [m for m in machines() if m.key not in known]


def progress_text(folder: Path) -> str | None:
    """``deuces-wild 45 %`` while the background computation runs, else None."""
    return _running.get(str(folder))


def percent(value: Fraction) -> str:
    """``99.5439 %``."""
    return f"{float(value) * 100:.4f} %"


def start_background_analysis(app: Any, folder: Path) -> bool:
    """Compute the missing returns in one background thread (one at a time per process).

    Never in a headless app (tests, benchmarks): that work is for a player's session.
    The screens on the stack that define ``returns_changed()`` are told after each figure.
    """
    if getattr(app, "is_headless", True) or not missing(folder):
        return False
    with _LOCK:
        if str(folder) in _running:
            return False
        _running[str(folder)] = "starting"

    def work() -> None:
        from ....ai.poker_analysis import analyse, save_result

        try:
            for machine in missing(folder):
                def progress(_stage: str, done: int, total: int, key: str = machine.key) -> None:
                    _running[str(folder)] = f"{key} {done * 100 // max(total, 1)} %"

                analysis = analyse(machine, workers=1, progress=progress)
                try:
                    save_result(folder, analysis)
                except OSError:
                    return
                _tell(app)
        finally:
            _running.pop(str(folder), None)
            _tell(app)

    threading.Thread(target=work, name="poker-analysis", daemon=True).start()
    return True


def _tell(app: Any) -> None:
    def notify() -> None:
        for screen in list(getattr(app, "screen_stack", ())):
            changed = getattr(screen, "returns_changed", None)
            if callable(changed):
                changed()

    try:
        app.call_from_thread(notify)
    except RuntimeError:  # the app has stopped meanwhile
        pass


def machines_markdown(folder: Path | None) -> str:
    """The rules' table of machines with each return as this program computed it."""
    known = returns(folder)
    lines = [
        "| Machine | Wild cards | Return with perfect play (computed) |",
        "|---|---|---:|",
    ]
    wild = {"none": "none", "deuces": "the four 2s", "joker": "one joker (53 cards)"}
    for machine in machines():
        figure = percent(known[machine.key]) if machine.key in known else "not computed yet"
        lines.append(f"| {machine.name} | {wild[machine.wild]} | {figure} |")
    note = (
        "\n\nThe returns are computed by this program (every deal, the best of its 32 holds, "
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
    under the title), or how many machines there are while nothing is computed yet."""
    known = returns(folder)
    row = machines()
    if not known:
        return f"{len(row)} machines · tick cards to exchange"
    cells = [
        f"{_SHORT.get(m.key, m.name)} {float(known[m.key]) * 100:.2f} %" if m.key in known
        else f"{_SHORT.get(m.key, m.name)} …"
        for m in row
    ]
    half = (len(cells) + 1) // 2
    pad = "\n" + " " * indent
    return f"{len(row)} machines, returns as computed:" + pad + " · ".join(cells[:half]) + pad + " · ".join(
        cells[half:]
    )
