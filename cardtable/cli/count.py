"""``cardtable analyse count``: a count system's effects of removal, correlations and
index numbers for a rule set, all derived by the program's exact analysis."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence

from .. import argtypes
from ..argtypes import one_line
from ..i18n import _
from .common import Parser, UsageError

__all__ = ["main", "report"]


def _decks(text: str) -> int:
    return argtypes.whole_number(text, 1, 8)


def _parser() -> Parser:
    parser = Parser(
        prog="cardtable analyse count",
        description=_("Effects of removal, betting correlation, playing efficiency, insurance "
                      "correlation and index numbers of a count system, computed exactly for the rules "
                      "given (defaults: this house's 6 decks, S17, DAS, no peek)."),
    )
    parser.add_argument("--system", required=True, metavar="NAME",
                        help=_("hilo, ko, hiopt1, hiopt2, omega2, zen or halves"))
    parser.add_argument("--decks", type=_decks, default=6, metavar="N", help=_("decks in the shoe (1-8, default 6)"))
    parser.add_argument("--peek", action="store_true", help=_("the dealer peeks for blackjack (insurance offered)"))
    parser.add_argument("--h17", action="store_true", help=_("the dealer hits soft 17"))
    parser.add_argument("--no-das", action="store_true", help=_("no double after split"))
    parser.add_argument("--surrender", action="store_true", help=_("late surrender"))
    parser.add_argument("--refine", action="store_true",
                        help=_("move each index to where the exact analysis of the shoe a true count implies "
                               "changes the play (seconds more)"))
    parser.add_argument("--json", action="store_true", help=_("print the figures as JSON"))
    return parser


def report(system_name: str, decks: int = 6, *, peek: bool = False, h17: bool = False, das: bool = True,
           surrender: bool = False, refine: bool = False, progress: bool = False) -> dict[str, object]:
    """Every figure of ``analyse count`` as JSON-ready data (ValueError: unknown system)."""
    from ..ai.bj_analysis import describe_rules, rules_to_json
    from ..ai.counting.effects import (
        DEPTH,
        betting_correlation,
        game_effects,
        insurance_correlation,
        insurance_effects,
        play_effects,
        playing_efficiency,
    )
    from ..ai.counting.indices import indices
    from ..ai.counting.systems import RANK_LABELS, system_named
    from ..core.blackjack import Rules

    system = system_named(system_name)
    rules = Rules(decks=decks, dealer_peeks=peek, dealer_hits_soft_17=h17, double_after_split=das,
                  late_surrender=surrender)

    def tick(done: int, total: int) -> None:
        if progress:
            print(f"analysing shoes: {done}/{total}", file=sys.stderr, end="\r", flush=True)

    game = game_effects(rules, tick)
    plays = play_effects(rules, tick)
    insurance = insurance_effects(rules)
    found = indices(system, rules)
    method = "linear estimate from the exact effects of removal (see docs/counting.md)"
    if refine:
        from ..ai.counting.refine import refine as refined

        found = refined(found, system, rules, progress=tick)
        method = "exact analysis of the shoe each true count implies, half-way through (see docs/counting.md)"
    if progress:
        print(" " * 50, file=sys.stderr, end="\r")
    return {
        "system": system.key, "name": system.name, "description": system.description,
        "tags": dict(zip(RANK_LABELS, system.tags, strict=True)), "balanced": system.balanced,
        "rules": rules_to_json(rules), "rules_text": describe_rules(rules),
        "expectation": game.expectation,
        "effects_of_removal": dict(zip(RANK_LABELS, game.removal, strict=True)),
        "betting_correlation": betting_correlation(system, game),
        "playing_efficiency": playing_efficiency(system, plays, rules),
        "playing_efficiency_depth": DEPTH,
        "insurance_correlation": None if insurance is None else insurance_correlation(system, insurance),
        "index_method": method,
        "index_unit": "true count" if system.balanced else "running count (half the shoe dealt)",
        "indices": [i.to_json() for i in found],
    }


def _signed(x: float) -> str:
    return "0" if x == 0 else f"{x:+d}" if isinstance(x, int) else f"{x:+.2f}"


def _print(data: dict[str, object]) -> None:
    print(f"{data['name']} ({'balanced' if data['balanced'] else 'unbalanced'}): {data['description']}")
    print(f"rules:  {data['rules_text']}")
    expectation = data["expectation"]
    assert isinstance(expectation, float)
    print(f"basic strategy, full shoe: {100 * expectation:+.3f} % of the initial bet")
    effects = data["effects_of_removal"]
    tags = data["tags"]
    assert isinstance(effects, dict) and isinstance(tags, dict)
    print("effects of removal (% of the bet, one card removed) and tags:")
    print("  rank   " + "".join(f"{label:>8}" for label in effects))
    print("  effect " + "".join(f"{100 * v:>+8.3f}" for v in effects.values()))
    print("  tag    " + "".join(f"{v:>+8g}" for v in tags.values()))
    print(f"betting correlation:   {data['betting_correlation']:.3f}")
    print(f"playing efficiency:    {data['playing_efficiency']:.3f} (Griffin's method, half the shoe dealt)")
    ic = data["insurance_correlation"]
    print(f"insurance correlation: {ic:.3f}" if isinstance(ic, float) else "insurance correlation: — (no insurance)")
    found = data["indices"]
    assert isinstance(found, list)
    print(f"index numbers ({data['index_unit']}; {data['index_method']}):")
    for entry in found:
        hand = "insurance" if entry["hand"] == "any" else f"{entry['hand']} v {entry['up']}"
        print(f"  {hand:<16} {entry['action']:<9} at {_signed(entry['index']):>4} or more, else "
              f"{entry['otherwise']:<12} (basic: {entry['basic']})")


def main(argv: Sequence[str]) -> int:
    """CLI entry (argv after ``analyse count``): 0, or 2 with one line on a bad option."""
    try:
        args = _parser().parse_args(list(argv))
        data = report(args.system, args.decks, peek=args.peek, h17=args.h17, das=not args.no_das,
                      surrender=args.surrender, refine=args.refine,
                      progress=not args.json and sys.stderr.isatty())
    except (UsageError, ValueError) as error:
        print(f"cardtable analyse count: error: {one_line(str(error))} (see 'cardtable analyse count --help')",
              file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("cardtable analyse count: interrupted", file=sys.stderr)
        return 130
    if args.json:
        print(json.dumps(data, indent=2))
    else:
        _print(data)
    return 0
