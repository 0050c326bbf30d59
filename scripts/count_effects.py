"""Write ``assets/data/count-effects.json``: the effects of removal of the house's rules.

The coach's count line, the index drill, ``cardtable analyse count`` and the simulator's
``--indices`` read these figures instead of eleven exact analyses (about five seconds);
``tests/ai/test_count_shipped.py`` compares them with the analysis, so run this again
whenever the blackjack analysis or ``Rules`` changes (the test says so).

    python scripts/count_effects.py
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from cardtable.ai.counting.effects import computed_effects
from cardtable.ai.counting.shipped import RULE_SETS, shipped_path


def _dump(about: str, figures: list[dict[str, object]]) -> str:
    """The document as JSON, one play a line (a diff shows which figures moved)."""
    entries = []
    for entry in figures:
        head = {k: v for k, v in entry.items() if k != "plays"}
        plays = entry["plays"]
        assert isinstance(plays, list)
        lines = ",\n".join("      " + json.dumps(p) for p in plays)
        entries.append("    " + json.dumps(head)[:-1] + ', "plays": [\n' + lines + "\n    ]}")
    return '{\n  "about": ' + json.dumps(about) + ',\n  "figures": [\n' + ",\n".join(entries) + "\n  ]\n}\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.parse_args()
    figures: list[dict[str, object]] = []
    for rules in RULE_SETS:
        start = time.process_time()
        effects = computed_effects(rules)
        figures.append(effects.to_json())
        print(f"{rules}: {len(effects.plays)} plays ({time.process_time() - start:.1f} s)", flush=True)
    about = ("Effects of removal (game, plays, insurance) by cardtable.ai.counting.effects' exact analysis; "
             "written by scripts/count_effects.py, checked against the analysis by tests/ai/test_count_shipped.py.")
    text = _dump(about, figures)
    if json.loads(text) != json.loads(json.dumps({"about": about, "figures": figures})):
        raise SystemExit("the written layout does not read back as the figures")
    path = shipped_path()
    path.write_text(text, encoding="utf-8")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
