"""``cardtable analyse count``: a count system's effects of removal, correlations and
index numbers for a rule set, all derived by the program's exact analysis."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence

from rich.cells import cell_len

from .. import argtypes
from ..argtypes import one_line
from ..i18n import N_, _
from ..i18n.formatting import number
from ..i18n.helpformat import labelled
from ..i18n.text import pad
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
            print(_("analysing shoes: {done}/{total}").format(done=done, total=total), file=sys.stderr, end="\r",
                  flush=True)

    game = game_effects(rules, tick)
    plays = play_effects(rules, tick)
    insurance = insurance_effects(rules)
    found = indices(system, rules)
    method = N_("linear estimate from the exact effects of removal (see docs/counting.md)")
    if refine:
        from ..ai.counting.refine import refine as refined

        found = refined(found, system, rules, progress=tick)
        method = N_("exact analysis of the shoe each true count implies, half-way through (see docs/counting.md)")
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
        "index_unit": N_("true count") if system.balanced else N_("running count (half the shoe dealt)"),
        "indices": [i.to_json() for i in found],
    }


def _signed(x: float) -> str:
    return "0" if x == 0 else f"{x:+d}" if isinstance(x, int) else f"{x:+.2f}"


#: The report's labels (a column as wide as the widest in the language in force).
_LABELS = (N_("betting correlation:"), N_("playing efficiency:"), N_("insurance correlation:"))
_TABLE = (N_("rank"), N_("effect"), N_("tag"))


def _print(data: dict[str, object]) -> None:
    from ..ai.bj_analysis import describe_rules, rules_from_json

    column = max(cell_len(_(label)) + 1 for label in _LABELS)
    rules = data["rules"]
    assert isinstance(rules, dict)
    kind = _("{name} (balanced): {description}") if data["balanced"] else _("{name} (unbalanced): {description}")
    print(kind.format(name=data["name"], description=data["description"]))
    rules_label = _("rules:")
    print(labelled(rules_label, describe_rules(rules_from_json(rules), translated=True), cell_len(rules_label) + 2))
    expectation = data["expectation"]
    assert isinstance(expectation, float)
    print(_("basic strategy, full shoe: {edge} % of the initial bet").format(edge=_plus(100 * expectation, 3)))
    effects = data["effects_of_removal"]
    tags = data["tags"]
    assert isinstance(effects, dict) and isinstance(tags, dict)
    print(_("effects of removal (% of the bet, one card removed) and tags:"))
    head = max(cell_len(_(word)) for word in _TABLE) + 1
    print("  " + pad(_("rank"), head) + "".join(f"{label:>8}" for label in effects))
    print("  " + pad(_("effect"), head) + "".join(f"{_plus(100 * v, 3):>8}" for v in effects.values()))
    print("  " + pad(_("tag"), head) + "".join(f"{v:>+8g}" for v in tags.values()))
    betting, playing = data["betting_correlation"], data["playing_efficiency"]
    assert isinstance(betting, float) and isinstance(playing, float)
    print(labelled(_("betting correlation:"), number(betting, 3), column))
    print(labelled(_("playing efficiency:"), _("{figure} (Griffin's method, half the shoe dealt)").format(
        figure=number(playing, 3)), column))
    ic = data["insurance_correlation"]
    print(labelled(_("insurance correlation:"), number(ic, 3) if isinstance(ic, float) else _("— (no insurance)"),
                   column))
    found = data["indices"]
    assert isinstance(found, list)
    unit, method = data["index_unit"], data["index_method"]
    assert isinstance(unit, str) and isinstance(method, str)
    print(_("index numbers ({unit}; {method}):").format(unit=_(unit), method=_(method)))
    for entry in found:
        hand = _("insurance") if entry["hand"] == "any" else f"{entry['hand']} v {entry['up']}"
        print("  " + _("{hand} {action} at {index} or more, else {otherwise} (basic: {basic})").format(
            hand=pad(hand, 16), action=pad(_(entry["action"]), 9), index=f"{_signed(entry['index']):>4}",
            otherwise=pad(_(entry["otherwise"]), 12), basic=_(entry["basic"])))


def _plus(x: float, decimals: int) -> str:
    return ("+" if x >= 0 else "-") + number(abs(x), decimals)


def main(argv: Sequence[str]) -> int:
    """CLI entry (argv after ``analyse count``): 0, or 2 with one line on a bad option."""
    try:
        args = _parser().parse_args(list(argv))
        data = report(args.system, args.decks, peek=args.peek, h17=args.h17, das=not args.no_das,
                      surrender=args.surrender, refine=args.refine,
                      progress=not args.json and sys.stderr.isatty())
    except (UsageError, ValueError) as error:
        print(_("cardtable analyse count: error: {message}").format(message=_("{error} (see '{where}')").format(
            error=one_line(str(error)), where="cardtable analyse count --help")), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(_("cardtable analyse count: interrupted"), file=sys.stderr)
        return 130
    if args.json:
        print(json.dumps(data, indent=2))
    else:
        _print(data)
    return 0
