"""Start-up loads nothing heavy: the lobby's first frame needs neither numpy nor the poker
evaluator's tables (they cost more than the rest of the start together), nor even the
core's poker modules (the machines' returns come from the shipped file). Nor what only a
table, the statistics, the history, the drills or a small terminal use: each module and
each dataclass built costs start-up time (a frozen dataclass about half a millisecond)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

CHILD = r"""
import asyncio, json, sys
import cardtable.ui.app
from cardtable.ui.app import CardTableApp

def heavy():
    poker = sys.modules.get("cardtable.core.poker")
    return {"numpy": "numpy" in sys.modules, "tables": bool(poker and poker._built),
            "analysis": "cardtable.ai.poker_analysis" in sys.modules, "poker": poker is not None,
            "net": "cardtable.net.protocol" in sys.modules,
            "cards": "cardtable.core.cards" in sys.modules,
            "store rows": sorted(m for m in ("cardtable.store.game_stats", "cardtable.store.history_rows",
                                             "cardtable.store.drill_scores") if m in sys.modules),
            "too small": "cardtable.ui.screens.too_small" in sys.modules,
            "openssl": "_hashlib" in sys.modules}

after_import = heavy()

async def lobby():
    app = CardTableApp(data_dir=sys.argv[1], animations=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        text = "\n".join(s.text for s in app.screen._compositor.render_strips())
        name = type(app.screen).__name__
    app.store.close()
    return name, text

name, text = asyncio.run(lobby())
print(json.dumps({"import": after_import, "lobby": heavy(), "screen": name, "text": text}))
"""


def _run(data_dir: Path) -> dict[str, object]:
    done = subprocess.run([sys.executable, "-c", CHILD, str(data_dir)], capture_output=True, text=True,
                          timeout=240)
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_the_lobby_opens_without_numpy_or_the_evaluator_tables(tmp_path: Path) -> None:
    result = _run(tmp_path)
    nothing = {"numpy": False, "tables": False, "analysis": False, "poker": False, "net": False, "cards": False,
               "store rows": [], "too small": False, "openssl": False}
    assert result["import"] == nothing
    assert result["screen"] == "LobbyScreen"
    assert result["lobby"] == nothing
    # ... and still shows every machine's return on a fresh data folder (shipped figures).
    assert "9/6 JoB 99.54 %" in str(result["text"]) and "Deuces Wild 100.76 %" in str(result["text"])


def test_the_command_line_of_a_plain_start_imports_no_subcommand() -> None:
    """``cardtable`` (no subcommand) learns it is not ``join``, ``web``, ``serve``,
    ``history`` or ``simulate`` without importing them: neither the network protocol nor
    a subcommand's module is loaded before the lobby's first frame."""
    child = ("import sys; from cardtable.cli import command; "
             "found = command._subcommand(['--data-dir', 'somewhere', '--seed', '3'], None); "
             "print(found, 'cardtable.net.protocol' in sys.modules, "
             "[m for m in ('serve', 'history', 'simulate', 'net') if 'cardtable.cli.' + m in sys.modules])")
    done = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["None", "False", "[]"]
