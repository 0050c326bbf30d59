"""``cardtable simulate blackjack --count NAME …``: the options, their checks, the run and
the report (advantage, bets, spread of results, SCORE, N0, risk of ruin, true counts).

Figures, per round in betting units (one unit = 10 chips):

* **advantage**: net won ÷ total initial bets; its standard error by the ratio
  estimator (the variance of net − advantage × bet per round);
* **SCORE** = 10⁶ (e/s)², **N0** = (s/e)², **DI** = 1000 e/s, with e and s the mean and
  standard deviation of the result per round;
* **risk of ruin** for a bankroll of B units, playing on for ever: exp(−2eB/s²) (the
  diffusion approximation; 1 when e ≤ 0).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable, Sequence
from typing import Any

from rich.cells import cell_len

from cardtable import argtypes
from cardtable.core.blackjack import Rules
from cardtable.i18n import N_, _, ngettext
from cardtable.i18n.formatting import number
from cardtable.i18n.helpformat import labelled
from cardtable.i18n.text import pad

from ..sim_run import Outcome, Tally
from .cluster import EXTRA_HINT, cluster_address, missing_extra, runner_for
from .play import TC_HIGH, TC_LOW, UNIT, CountTally, Ramp
from .systems import CountSystem, system_named

__all__ = ["add_count_options", "count_usage_error", "run_count", "count_figures", "count_play"]

_COUNT_OPTIONS = ("spread", "ramp", "indices", "wong_out", "true_count", "bankroll")
#: Runs the rounds, given a progress callback (the simulator's progress bar).
Runner = Callable[[int, str, Callable[[Callable[[int], None]], Outcome]], Outcome]


def _system(text: str) -> CountSystem:
    try:
        return system_named(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _spread(text: str) -> tuple[int, int]:
    low, sep, high = text.partition("-")
    if not sep:
        raise argparse.ArgumentTypeError(f"must be MIN-MAX units, e.g. 1-12, not {argtypes.shorten(text)}")
    a, b = argtypes.whole_number(low, 1, 100), argtypes.whole_number(high, 1, 100)
    if a > b:
        raise argparse.ArgumentTypeError(f"the minimum {a} is above the maximum {b}")
    return a, b


def _ramp(text: str) -> tuple[tuple[int, int], ...]:
    steps: list[tuple[int, int]] = []
    for part in text.split(","):
        tc, sep, units = part.strip().partition(":")
        if not sep:
            raise argparse.ArgumentTypeError(f"must be TC:UNITS,… e.g. 2:2,3:4,4:8, not {argtypes.shorten(text)}")
        step = (argtypes.whole_number(tc.strip(), -10, 20), argtypes.whole_number(units.strip(), 1, 100))
        if steps and step[0] <= steps[-1][0]:
            raise argparse.ArgumentTypeError("the true counts must rise from step to step")
        steps.append(step)
    return tuple(steps)


def _wong(text: str) -> int:
    return argtypes.whole_number(text, -10, 0)


def _bankroll(text: str) -> int:
    return argtypes.whole_number(text, 1, 10**9, separators=True)


def add_count_options(parser: argparse.ArgumentParser) -> None:
    """The counting options of ``simulate blackjack``."""
    group = parser.add_argument_group(_("counting (blackjack)"))
    group.add_argument("--count", type=_system, metavar="NAME",
                       help=_("play a count: hilo, ko, hiopt1, hiopt2, omega2, zen or halves"))
    group.add_argument("--spread", type=_spread, metavar="MIN-MAX", help=_("bet spread in units (default 1-12)"))
    group.add_argument("--ramp", type=_ramp, metavar="TC:UNITS,…",
                       help=_("units from each true count up (default 2 per count above +1)"))
    group.add_argument("--indices", action="store_true",
                       help=_("deviate from basic strategy by the computed indices"))
    group.add_argument("--wong-out", type=_wong, metavar="TC",
                       help=_("leave the shoe when the true count falls below TC"))
    group.add_argument("--true-count", choices=("exact", "half-deck"), default=None,
                       help=_("decks left: exact (default) or read to the nearest half deck"))
    group.add_argument("--bankroll", type=_bankroll, metavar="UNITS",
                       help=_("bankroll for the risk of ruin (default 1000)"))
    parser.add_argument("--cluster", type=cluster_address, metavar="ADDRESS",
                        help=_("run the jobs on a Dask scheduler (tcp://HOST:PORT), or 'local' for a LocalCluster "
                               "here: the figures of --jobs N, bit for bit (needs cardtable[cluster])"))


def count_usage_error(args: argparse.Namespace) -> str | None:
    """Why the counting options do not go together, in one line, or None."""
    if args.cluster and missing_extra():
        return EXTRA_HINT
    given = [name for name in _COUNT_OPTIONS if getattr(args, name, None) not in (None, False)]
    if args.count is None:
        if given:
            return f"argument --{given[0].replace('_', '-')}: needs --count"
        return None
    if args.game != "blackjack":
        return "argument --count: only for blackjack"
    if args.compare:
        return "argument --compare: not with --count"
    if args.level != "hard":
        return "argument --level: a counter plays the basic strategy of the rules (hard)"
    low, high = args.spread or (1, 12)
    for tc, units in args.ramp or ():
        if not low <= units <= high:
            return f"argument --ramp: {units} units at {tc:+d} is outside the spread {low}-{high}"
    return None


def count_play(args: argparse.Namespace, rules: Rules) -> Any:
    """The :class:`CountPlay` the options describe (indices computed here: seconds)."""
    from ..bj_spot import spot_player
    from .indices import indices
    from .play import CountPlay, index_plays

    low, high = args.spread or (1, 12)
    ramp = Ramp(low, high, args.ramp) if args.ramp else Ramp.default(low, high)
    spot_player("hard", rules)  # derive the chart once, before the workers start
    plays = index_plays(indices(args.count, rules)) if args.indices else ()
    return CountPlay(rules, args.count, ramp, plays, args.wong_out, args.true_count == "half-deck")


def count_figures(tallies: Sequence[Tally], bankroll: int) -> dict[str, object]:
    """The report's figures from the merged tallies (main first, then per true count)."""
    main = tallies[0]
    assert isinstance(main, CountTally)
    n = main.rounds
    mean_bet = main.bet / n
    advantage = main.net / main.bet
    residual = (main.net_sq - 2 * advantage * main.net_bet + advantage**2 * main.bet_sq) / max(n - 1, 1)
    se = math.sqrt(max(residual, 0.0) / n) / mean_bet if n > 1 else math.inf
    e = main.net / n / UNIT
    s = main.std_dev(UNIT)
    flat_sd = math.sqrt(max((main.flat_sq - main.flat**2 / n) / max(n - 1, 1), 0.0)) / UNIT
    good = e > 0 and math.isfinite(s) and s > 0
    table = []
    for tc, tally in zip(range(TC_LOW, TC_HIGH + 1), tallies[1:], strict=True):
        assert isinstance(tally, CountTally)
        table.append({"tc": tc, "share": tally.rounds / n, "rounds": tally.rounds,
                      "advantage": tally.net / tally.bet if tally.bet else None})
    return {
        "rounds": n, "hands": main.hands, "reshuffles": main.shuffles, "shoes_left": main.exits,
        "advantage": advantage + 0.0, "advantage_std_error": se if math.isfinite(se) else None,
        "flat_bet_advantage": main.flat / n / UNIT + 0.0,
        "flat_bet_std_error": flat_sd / math.sqrt(n) if n > 1 else None,
        "average_bet_units": mean_bet / UNIT,
        "ev_per_round_units": e, "ev_per_100_units": 100 * e,
        "std_dev_per_round_units": s if math.isfinite(s) else None,
        "std_dev_per_100_units": 10 * s if math.isfinite(s) else None,
        "score": 1e6 * (e / s) ** 2 if good else 0.0,
        "n0": (s / e) ** 2 if good else None,
        "di": 1000 * e / s if good else 0.0,
        "bankroll_units": bankroll,
        "risk_of_ruin": math.exp(-2 * e * bankroll / s**2) if good else 1.0,
        "bankroll_units_5pct_ruin": -math.log(0.05) * s**2 / (2 * e) if good else None,
        "true_counts": table,
    }


def _pct(x: object) -> str:
    return ("+" if x >= 0 else "-") + f"{number(abs(100 * x), 3)} %" if isinstance(x, float) else "—"


def _error(x: object) -> str:
    return f"± {number(100 * x, 3)} %" if isinstance(x, float) else _("(too few rounds for a standard error)")


#: The report's labels, in a column as wide as the widest in the language in force.
_LABELS = (N_("run:"), N_("rules:"), N_("play:"), N_("advantage:"), N_("flat bet:"), N_("bets:"),
           N_("std. dev.:"), N_("SCORE:"), N_("ruin:"))


def _signed(x: float, decimals: int) -> str:
    return ("+" if x >= 0 else "-") + number(abs(x), decimals)


def _print(report: dict[str, Any], rules_text: str) -> None:
    fig = report
    column = max(12, *(cell_len(_(label)) + 1 for label in _LABELS))

    def say(label: str, text: str) -> None:
        print(labelled(_(label), text, column))

    rounds = ngettext("{n} round", "{n} rounds", fig["rounds"]).format(n=number(fig["rounds"]))
    head = (_("blackjack, {system} count, spread {spread}, {rounds}, seed {seed}") if fig["seed"] is not None else
            _("blackjack, {system} count, spread {spread}, {rounds}"))
    print(head.format(system=fig["system_name"], spread=fig["spread"], rounds=rounds, seed=fig["seed"]))
    where = _("this machine") if fig["where"] == "this machine" else fig["where"]
    run_line = _("{jobs} on {where}, {seconds} s, {reshuffles}").format(
        jobs=ngettext("{n} job", "{n} jobs", fig["jobs"]).format(n=number(fig["jobs"])), where=where,
        seconds=number(fig["seconds"], 1),
        reshuffles=ngettext("{n} reshuffle", "{n} reshuffles", fig["reshuffles"]).format(n=number(fig["reshuffles"])))
    if fig["shoes_left"]:
        run_line += _(", {n} shoes left").format(n=number(fig["shoes_left"]))
    say(N_("run:"), run_line)
    say(N_("rules:"), rules_text)
    play = _("ramp {ramp}; true count {true_count}; {strategy}").format(
        ramp=", ".join(f"{tc:+d}:{u}" for tc, u in fig["ramp"]), true_count=fig["true_count"],
        strategy=_("indices") if fig["indices"] else _("basic strategy"))
    if fig["wong_out"] is not None:
        play += _("; wong out below {tc}").format(tc=f"{fig['wong_out']:+d}")
    say(N_("play:"), play)
    say(N_("advantage:"), _("{pct} {error} of the amount bet").format(
        pct=_pct(fig["advantage"]), error=_error(fig["advantage_std_error"])))
    say(N_("flat bet:"), _("{pct} {error} (one unit every round, same cards)").format(
        pct=_pct(fig["flat_bet_advantage"]), error=_error(fig["flat_bet_std_error"])))
    say(N_("bets:"), _("{average} units on average; result {result} units per 100 rounds").format(
        average=number(fig["average_bet_units"], 2), result=_signed(fig["ev_per_100_units"], 2)))
    sd = fig["std_dev_per_round_units"]
    if isinstance(sd, float):
        say(N_("std. dev.:"), _("{sd} units per round, {sd100} per 100 rounds").format(
            sd=number(sd, 2), sd100=number(fig["std_dev_per_100_units"], 1)))
    n0 = fig["n0"]
    n0_words = (ngettext("{n} round", "{n} rounds", round(n0)).format(n=number(round(n0))) if isinstance(n0, float)
                else _("— (no edge)"))
    print(pad(_("SCORE:"), column) + f"{number(fig['score'], 1)}   DI {number(fig['di'], 2)}   N0 {n0_words}")
    five = fig["bankroll_units_5pct_ruin"]
    say(N_("ruin:"), _("{risk} % risk with {units} units, playing on; {five}").format(
        risk=number(100 * fig["risk_of_ruin"], 2), units=number(fig["bankroll_units"]),
        five=_("{units} units for 5 %").format(units=number(round(five))) if five else
        _("no edge: certain in the long run")))
    first = _("true count")
    print(pad(first, max(12, cell_len(first) + 2)) + pad(_("rounds"), 9) + _("advantage"))
    for row in fig["true_counts"]:
        tc = f"{row['tc']:+d}"
        label = (_("{tc} or less") if row["tc"] == TC_LOW else _("{tc} or more") if row["tc"] == TC_HIGH
                 else "{tc}").format(tc=tc)
        print(f"  {pad(label, 12)} {number(100 * row['share'], 1):>5} %  {_pct(row['advantage'])}")


def run_count(args: argparse.Namespace, rules: Rules, jobs: int, progress: Runner) -> int:
    """Run and report a counting simulation: 0, or 130 when interrupted."""
    from ..bj_analysis import describe_rules

    if not args.json and sys.stderr.isatty():
        print(_("deriving the strategy and the indices for these rules…"), file=sys.stderr, end="\r")
    play = count_play(args, rules)

    def go(update: Callable[[int], None]) -> Outcome:
        return runner_for(args.cluster, args.jobs)(play, args.rounds, jobs=jobs, seed=args.seed, progress=update)

    outcome = progress(args.rounds, f"{args.count.name} count", go)
    if not outcome.tallies:
        print(_("cardtable simulate: interrupted, nothing to report"), file=sys.stderr)
        return 130
    report: dict[str, Any] = {
        "game": "blackjack", "count": args.count.key, "system_name": args.count.name,
        "spread": f"{play.ramp.low}-{play.ramp.high}", "ramp": [list(step) for step in play.ramp.steps],
        "indices": bool(args.indices), "wong_out": args.wong_out, "true_count": args.true_count or "exact",
        "rules": rules.to_dict(), "rules_text": describe_rules(rules) + f", cut card at {rules.penetration_percent} %",
        "seed": args.seed, "jobs": outcome.jobs, "where": args.cluster or "this machine",
        "seconds": outcome.seconds, "interrupted": outcome.interrupted, "unit": UNIT,
        **count_figures(outcome.tallies, args.bankroll or 1000),
    }
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        _print(report, _("{rules}, cut card at {n} %").format(
            rules=describe_rules(rules, translated=True), n=rules.penetration_percent))
    if outcome.interrupted:
        print(_("cardtable simulate: interrupted after {done} of {asked} rounds (the figures are theirs)").format(
            done=number(outcome.rounds), asked=number(outcome.rounds_asked)), file=sys.stderr)
        return 130
    return 0
