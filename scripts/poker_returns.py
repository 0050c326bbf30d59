"""Write ``assets/data/poker-returns.json``: every machine's exact return, as shipped.

The room shows these figures from the first start (no computation on a fresh data
folder); ``tests/ai/test_poker_ai.py`` compares them with the exact analysis, so run this
again whenever a pay table in ``assets/paytables`` changes (the test says so).

    python scripts/poker_returns.py [--workers N]
"""

from __future__ import annotations

import argparse
import json
import sys

from cardtable.ai.poker_analysis import analyse
from cardtable.ai.poker_machines import load_machines
from cardtable.ai.poker_returns import SHIPPED, file_digest, fingerprint
from cardtable.resources import asset_path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=None, help="processes (default: every core)")
    args = parser.parse_args()
    figures: dict[str, object] = {
        "about": "Exact returns (optimal play, 5 coins) by cardtable.ai.poker_analysis; written by "
        "scripts/poker_returns.py, checked against the analysis by tests/ai/test_poker_ai.py.",
    }
    for key, machine in load_machines().items():
        analysis = analyse(machine, workers=args.workers)
        figures[key] = {
            "fingerprint": fingerprint(machine),
            "file": file_digest(key),
            "return": str(analysis.ret),
            "variance": str(analysis.variance),
        }
        print(f"{key:26s} {float(analysis.ret) * 100:.4f} %  ({analysis.seconds:.0f} s)", flush=True)
    path = asset_path(*SHIPPED)
    path.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
