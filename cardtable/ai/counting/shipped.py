"""The effects of removal shipped for the house's rules, found without computing anything.

Eleven exact analyses (about five seconds of CPU) give a rule set's effects; the rules a
player meets without changing anything — the table at any limits, ``analyse count`` and
the simulator's ``--indices`` at their defaults, the index drill — are one rule set, so
its figures ship in ``assets/data/count-effects.json``. ``scripts/count_effects.py``
writes the file from the exact analysis and ``tests/ai/test_count_shipped.py`` compares
it with a fresh one, so it cannot go stale. Each entry is keyed by every field of its
rules (those no figure depends on at their defaults): other rules never read it, and a
missing or unreadable file only means computing, as for any other rules. The objects
are built by :mod:`.effects`; this leaf reads JSON only (no numpy, no analysis).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from cardtable.core.blackjack import Rules

from ...resources import asset_path
from ..bj_analysis import strategy_key

__all__ = ["SHIPPED", "RULE_SETS", "rules_json", "rules_key", "shipped_path", "entry_for"]

#: The shipped figures, in ``assets``.
SHIPPED = ("data", "count-effects.json")
#: The rule sets the file holds: the house's (``analyse count``'s defaults are the same).
RULE_SETS: tuple[Rules, ...] = (Rules(),)


def rules_json(rules: Rules) -> dict[str, object]:
    """Every field of ``rules``, those that change no figure at their defaults."""
    return strategy_key(rules).to_dict()


def rules_key(rules: Rules) -> str:
    """The canonical JSON of :func:`rules_json`: one string per set of figures."""
    return json.dumps(rules_json(rules), sort_keys=True)


def shipped_path() -> Path:
    return asset_path(*SHIPPED)


@lru_cache(maxsize=2)
def _entries(path: Path) -> dict[str, Mapping[str, Any]]:
    """The file's entries by the canonical JSON of their rules; none when it does not read."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    figures = data.get("figures") if isinstance(data, dict) else None
    if not isinstance(figures, list):
        return {}
    return {json.dumps(entry["rules"], sort_keys=True): entry for entry in figures
            if isinstance(entry, dict) and isinstance(entry.get("rules"), dict)}


def entry_for(rules: Rules) -> Mapping[str, Any] | None:
    """The shipped entry of ``rules`` as read (checked by :mod:`.effects`), or None."""
    try:
        path = shipped_path()
    except FileNotFoundError:  # no assets folder at all
        return None
    return _entries(path).get(rules_key(rules))
