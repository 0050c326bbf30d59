"""The simulator: ``cardtable simulate blackjack|baccarat``.

Blackjack plays one computer seat at the real multi-round table (the game's own
``Table`` and ``Round``: cut card, reshuffle, every rule) for any house rules,
with the strategy the analysis derives for *those* rules, and reports the figures
a player studying the game asks for: house edge with its standard error and 95 %
interval, standard deviation, the exact analysis beside it, results per hour and
the bankroll a risk of ruin asks for. ``--compare RULE`` measures one rule's cost
on identical cards (common random numbers). Baccarat plays chosen bets against
the exact odds. Work is split over every core (:mod:`cardtable.ai.sim_run`).
Rich is imported here only, for the progress bar on stderr. The plays themselves and
the library entry points (``simulate``, ``exact_return``) are in :mod:`.sim_plays`.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable
from dataclasses import replace
from typing import NoReturn

from rich.cells import cell_len

from cardtable import argtypes
from cardtable.argtypes import one_line
from cardtable.core import config
from cardtable.core.blackjack import Rules
from cardtable.i18n import N_, _, ngettext
from cardtable.i18n.formatting import number
from cardtable.i18n.helpformat import CellHelpFormatter, labelled

from .bj_spot import spot_player
from .blackjack import LEVELS
from .counting.cluster import ClusterError, runner_for
from .sim_plays import (
    BACCARAT_BETS,
    BET,
    COMPARE_RULES,
    BaccaratPlay,
    BlackjackPlay,
    ComparePlay,
    SimResult,
    apply_rule,
    cached_return,
    exact_return,
    simulate,
)
from .sim_run import Outcome, Tally, default_jobs, ruin_bankroll, ruin_note, run

__all__ = ["SimResult", "BlackjackPlay", "ComparePlay", "BaccaratPlay", "simulate", "exact_return",
           "apply_rule", "main", "BET"]

#: The name the statistics screen imports the house's cached returns by.
_cached_return = cached_return


# -- command line --------------------------------------------------------------------


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args: object, **kwargs: object) -> None:
        kwargs.setdefault("formatter_class", CellHelpFormatter)
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]

    def error(self, message: str) -> NoReturn:
        raise _UsageError(one_line(message))


def _jobs(text: str) -> int:
    return argtypes.whole_number(text, 1, 256)


def _decks(text: str) -> int:
    return argtypes.whole_number(text, 1, 8)


def _max_hands(text: str) -> int:
    return argtypes.whole_number(text, 1, 4)


def _penetration(text: str) -> int:
    return argtypes.whole_number(text, 50, 90)


def _pace(text: str) -> int:
    return argtypes.whole_number(text, 1, 1000)


def _hours(text: str) -> int:
    return argtypes.whole_number(text, 1, 100_000)


def _rule(text: str) -> str:
    try:
        apply_rule(Rules(), text)  # refused here, with one line, if unknown
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def _parser() -> _Parser:
    parser = _Parser(
        prog="cardtable simulate",
        description=_("Play many rounds with a computer player on every core and print the "
                      "house edge, its uncertainty and what it means for a bankroll."),
        epilog=_("--bet is for baccarat; the rules, --level and --compare for blackjack; an option for "
                 "the other game is refused. The global options (--data-dir: whose settings give the "
                 "baccarat shoe; --ascii, --no-animation) are accepted too."),
    )
    parser.add_argument("game", choices=["blackjack", "baccarat"], help=_("the game to simulate"))
    parser.add_argument("--rounds", type=argtypes.rounds, required=True, metavar="N",
                        help=_("rounds to play (one seat, one 10-chip bet a round)"))
    parser.add_argument("--level", choices=LEVELS, default="hard",
                        help=_("blackjack player: easy (hits below 17), normal (published chart), "
                               "hard (default: the exact basic strategy for the rules chosen)"))
    parser.add_argument("--seed", type=argtypes.seed, metavar="S",
                        help=_("reproducible shuffles (the same result for the same --jobs)"))
    parser.add_argument("--jobs", type=_jobs, metavar="N", default=None,
                        help=_("processes to use (default: every core)"))
    house = Rules()
    parser.add_argument("--decks", type=_decks, metavar="N", default=None,
                        help=_("decks in the shoe (blackjack {decks}; baccarat: as in the settings, "
                               "else {baccarat})").format(decks=house.decks, baccarat=config.DEFAULT_BACCARAT_DECKS))
    parser.add_argument("--h17", action="store_true", help=_("the dealer hits soft 17 (house: stands)"))
    parser.add_argument("--peek", action=argparse.BooleanOptionalAction, default=house.dealer_peeks,
                        help=_("the dealer checks for blackjack (house: no peek, full loss)"))
    parser.add_argument("--das", action=argparse.BooleanOptionalAction, default=house.double_after_split,
                        help=_("double after split (house: yes)"))
    parser.add_argument("--surrender", action=argparse.BooleanOptionalAction, default=house.late_surrender,
                        help=_("late surrender (house: no)"))
    parser.add_argument("--max-hands", type=_max_hands, metavar="N", default=house.max_hands,
                        help=_("hands a seat may split to (house: {n})").format(n=house.max_hands))
    parser.add_argument("--penetration", type=_penetration, metavar="P", default=house.penetration_percent,
                        help=_("percent of the shoe dealt before the cut card (house: {n})").format(
                            n=house.penetration_percent))
    parser.add_argument("--compare", type=_rule, metavar="RULE",
                        help=_("also play RULE on the same cards and print its effect: {rules}").format(
                            rules=", ".join(COMPARE_RULES)))
    parser.add_argument("--bet", action="append", choices=BACCARAT_BETS, dest="bets",
                        help=_("baccarat bet to tally (repeat for several; default all three)"))
    parser.add_argument("--pace", type=_pace, metavar="R", default=100,
                        help=_("rounds an hour for the per-hour figures (default 100: one seat)"))
    parser.add_argument("--hours", type=_hours, metavar="H", default=100,
                        help=_("playing time for the risk of ruin (default 100 hours; estimated only "
                               "when the run has at least as many rounds as those hours hold)"))
    parser.add_argument("--json", action="store_true", help=_("print the figures as JSON"))
    from .counting.simcli import add_count_options

    add_count_options(parser)
    return parser


def _rules(args: argparse.Namespace) -> Rules:
    return replace(Rules(), decks=args.decks or Rules().decks, dealer_hits_soft_17=args.h17,
                   dealer_peeks=args.peek, double_after_split=args.das, late_surrender=args.surrender,
                   max_hands=args.max_hands, penetration_percent=args.penetration)


def _pct(x: float) -> str:
    return f"{number(100 * x, 3)} %"


#: The report's labels, in a column as wide as the widest in the language in force.
_LABELS = (N_("house edge:"), N_("std. dev.:"), N_("per hour:"), N_("bankroll:"), N_("analysis:"),
           N_("agreement:"), N_("compare:"), N_("rules:"), N_("run:"), N_("exact:"))


def _column() -> int:
    return max(12, *(cell_len(_(label)) + 1 for label in _LABELS))


def _say(label: str, text: str) -> str:
    """One line of the report: ``label`` (empty: a continuation) in the label column,
    ``text`` wrapped in 78 cells under it."""
    return labelled(_(label) if label else "", text, _column())


def _progress(total: int, label: str, run_it: Callable[[Callable[[int], None]], Outcome]) -> Outcome:
    """Run with a progress bar (rounds, rounds a second, time left) on a terminal only."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    console = Console(stderr=True)
    with Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        disable=not console.is_terminal,  # nothing at all on a pipe or a file
    ) as bar:
        task = bar.add_task("rounds", total=total, rate="")

        def update(done: int) -> None:
            speed = bar.tasks[0].speed
            bar.update(task, completed=done, rate=f"{speed:,.0f} rounds/s" if speed else "")

        return run_it(update)


def _figures(tally: Tally, pace: int, hours: int) -> dict[str, object]:
    mean, sd, se = tally.mean(BET), tally.std_dev(BET), tally.std_error(BET)
    finite = math.isfinite(se)
    rounds_played = pace * hours
    # a run shorter than the hours it prices knows its edge less well than the swings
    # of those hours: its bankroll would be noise (see README, "risk of ruin")
    ruin = finite and tally.rounds >= rounds_played
    return {
        "rounds": tally.rounds,
        "house_edge": -mean + 0.0,
        "std_error": se if finite else None,
        "ci95": [-mean - 1.96 * se, -mean + 1.96 * se] if finite else None,
        "std_dev_per_round": sd if math.isfinite(sd) else None,
        "hands": tally.hands,
        "reshuffles": tally.shuffles,
        "pace_rounds_per_hour": pace,
        "hands_per_hour": pace * tally.hands / tally.rounds if tally.rounds else 0.0,
        "per_hour_expected_bets": mean * pace,
        "per_hour_std_dev_bets": sd * math.sqrt(pace) if math.isfinite(sd) else None,
        "ruin_hours": hours,
        "bankroll_bets_5pct": ruin_bankroll(0.05, mean, sd, rounds_played) if ruin else None,
        "bankroll_bets_1pct": ruin_bankroll(0.01, mean, sd, rounds_played) if ruin else None,
        "ruin_note": ruin_note(ruin, tally.rounds, rounds_played, hours),
    }


def _bets(x: object) -> str:
    if isinstance(x, float) and math.isfinite(x):
        return ngettext("{n} bet", "{n} bets", round(x)).format(n=number(round(x)))
    return "—"


def _signed(x: float, decimals: int) -> str:
    return ("+" if x >= 0 else "-") + number(abs(x), decimals)


def _print_figures(fig: dict[str, object], coups: bool = False) -> None:
    se = fig["std_error"]
    edge = fig["house_edge"]
    assert isinstance(edge, float)
    if isinstance(se, float):
        interval = fig["ci95"]
        assert isinstance(interval, list)
        print(_say(N_("house edge:"), _("{edge} ± {error} standard error").format(edge=_pct(edge), error=_pct(se))))
        print(_say("", _("95 % interval {low} to {high}").format(low=_pct(interval[0]), high=_pct(interval[1]))))
    else:
        print(_say(N_("house edge:"), _("{edge} (too few rounds for a standard error)").format(edge=_pct(edge))))
    sd = fig["std_dev_per_round"]
    if isinstance(sd, float):
        per = _("{sd} bets per coup") if coups else _("{sd} bets per round")
        print(_say(N_("std. dev.:"), per.format(sd=number(sd, 3))))
        hour_sd = fig["per_hour_std_dev_bets"]
        hands = fig["hands_per_hour"]
        pace = fig["pace_rounds_per_hour"]
        assert isinstance(hands, float) and isinstance(hour_sd, float) and isinstance(pace, int)
        hourly = (_("{n} coups ({hands} hands) an hour: {bets} bets expected,") if coups else
                  _("{n} rounds ({hands} hands) an hour: {bets} bets expected,"))
        expected = fig["per_hour_expected_bets"]
        assert isinstance(expected, float)
        print(_say(N_("per hour:"), hourly.format(n=number(pace), hands=number(round(hands)),
                                                   bets=_signed(expected, 2))))
        print(_say("", _("std. dev. {sd} bets").format(sd=number(hour_sd, 1))))
        rounds, hours = fig["rounds"], fig["ruin_hours"]
        assert isinstance(rounds, int) and isinstance(hours, int)
        estimated = fig["bankroll_bets_5pct"] is not None
        note = ruin_note(estimated, rounds, pace * hours, hours, translated=True)
        if estimated:
            print(_say(N_("bankroll:"), _("{bets} for a 5 % risk of ruin in {hours} hours of flat bets,").format(
                bets=_bets(fig["bankroll_bets_5pct"]), hours=number(hours))))
            print(_say("", _("{bets} for 1 %").format(bets=_bets(fig["bankroll_bets_1pct"]))))
            print(_say("", f"({note})"))
        else:
            print(_say(N_("bankroll:"), note))
    if edge < 0:
        print(_say("", _("(a negative house edge: the player came out ahead in this run)")))


def _head(game: str, outcome: Outcome, seed: int | None, what: str, shuffles: int) -> str:
    """Two lines: what was played, and how (jobs, time, speed, reshuffles)."""
    rate = outcome.rounds / outcome.seconds if outcome.seconds > 0 else 0.0
    rounds = ngettext("{n} round", "{n} rounds", outcome.rounds).format(n=number(outcome.rounds))
    played = (_("{game}, {what}, {rounds}, seed {seed}") if seed is not None else _("{game}, {what}, {rounds}"))
    run_line = _("{jobs}, {seconds} s, {rate} rounds/s, {reshuffles}").format(
        jobs=ngettext("{n} job", "{n} jobs", outcome.jobs).format(n=number(outcome.jobs)),
        seconds=number(outcome.seconds, 1), rate=number(round(rate)),
        reshuffles=ngettext("{n} reshuffle", "{n} reshuffles", shuffles).format(n=number(shuffles)))
    return played.format(game=game, what=what, rounds=rounds, seed=seed) + "\n" + _say(N_("run:"), run_line)


def _interrupted_line(outcome: Outcome) -> str:
    return _("cardtable simulate: interrupted after {done} of {asked} rounds (the figures are theirs)").format(
        done=number(outcome.rounds), asked=number(outcome.rounds_asked))


_NOTHING = N_("cardtable simulate: interrupted, nothing to report")


def _blackjack(args: argparse.Namespace, jobs: int) -> int:
    from .bj_analysis import describe_rules

    rules = _rules(args)
    if args.count is not None:
        from .counting.simcli import run_count

        return run_count(args, rules, jobs, _progress)
    variant = apply_rule(rules, args.compare) if args.compare else None
    if not args.json and args.level == "hard" and sys.stderr.isatty():
        print(_("deriving the strategy for these rules…"), file=sys.stderr, end="\r")
    spot_player(args.level, rules)  # derived before the workers fork: once, not per job
    if variant is not None:
        spot_player(args.level, variant)
    play = (BlackjackPlay(args.level, rules) if variant is None
            else ComparePlay(args.level, rules, variant))
    go = runner_for(args.cluster, args.jobs, run)
    outcome = _progress(args.rounds, f"{args.level} player",
                        lambda update: go(play, args.rounds, jobs=jobs, seed=args.seed, progress=update))
    if not outcome.tallies:
        print(_(_NOTHING), file=sys.stderr)
        return 130
    tally = outcome.tallies[0]
    fig = _figures(tally, args.pace, args.hours)
    expected = exact_return(args.level, rules)
    se = fig["std_error"]
    gap = abs(tally.mean(BET) - expected)
    agree = isinstance(se, float) and se > 0 and gap <= 3 * se
    report: dict[str, object] = {
        "game": "blackjack", "level": args.level, "rules": rules.to_dict(), "seed": args.seed,
        "jobs": outcome.jobs, "seconds": outcome.seconds, "interrupted": outcome.interrupted,
        "bet": BET, **fig, "exact_house_edge": -expected,
        "standard_errors_apart": gap / se if isinstance(se, float) and se > 0 else None,
        "agrees_within_3_se": agree,
    }
    if variant is not None:
        base_t, var_t, diff = outcome.tallies
        exact_variant = exact_return(args.level, variant)
        report["compare"] = {
            "rule": args.compare, "rules": variant.to_dict(),
            "house_edge": -var_t.mean(BET), "std_error": var_t.std_error(BET),
            "effect": -diff.mean(BET) + 0.0,  # + 0.0: never "-0.0"
            "effect_std_error": diff.std_error(BET),
            "exact_effect": expected - exact_variant,
            "common_cards": (rules.decks, rules.cut_from_end) == (variant.decks, variant.cut_from_end),
        }
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(_head(_("blackjack"), outcome, args.seed, _("{level} player").format(level=args.level),
                    tally.shuffles))
        print(_say(N_("rules:"), _("{rules}, cut card at {n} %").format(
            rules=describe_rules(rules, translated=True), n=rules.penetration_percent)))
        _print_figures(fig)
        print(_say(N_("analysis:"), _("{edge} exact, off the top of the shoe").format(edge=_pct(-expected))))
        if isinstance(se, float) and se > 0:
            verdict = (_("{n} standard errors apart: agrees (3 or fewer agree)") if agree else
                       _("{n} standard errors apart: DISAGREES (3 or fewer agree)"))
            print(_say(N_("agreement:"), verdict.format(n=number(gap / se, 1))))
        compare = report.get("compare")
        if isinstance(compare, dict):
            how = (_("{rule} (on the same cards): house edge {edge}") if compare["common_cards"] else
                   _("{rule} (on separate shoes): house edge {edge}"))
            print(_say(N_("compare:"), how.format(rule=args.compare, edge=_pct(compare["house_edge"]))))
            print(_say("", _("effect {effect} ± {error} standard error; exact {exact}").format(
                effect=_pct(compare["effect"]), error=_pct(compare["effect_std_error"]),
                exact=_pct(compare["exact_effect"]))))
    if outcome.interrupted:
        print(_interrupted_line(outcome), file=sys.stderr)
        return 130
    return 0


def _baccarat(args: argparse.Namespace, jobs: int, settings_decks: Callable[[], int | None] | None) -> int:
    from cardtable.core.baccarat import Outcome as Spot
    from cardtable.core.baccarat import house_edges

    decks = args.decks or (settings_decks() if settings_decks is not None else None) or config.DEFAULT_BACCARAT_DECKS
    if decks not in config.BACCARAT_DECK_CHOICES:
        raise _UsageError(f"argument --decks: baccarat uses {', '.join(map(str, config.BACCARAT_DECK_CHOICES))} "
                          f"decks, not {decks}")
    bets = tuple(dict.fromkeys(args.bets or BACCARAT_BETS))
    play = BaccaratPlay(decks, bets)
    go = runner_for(args.cluster, args.jobs, run)
    outcome = _progress(args.rounds, "baccarat",
                        lambda update: go(play, args.rounds, jobs=jobs, seed=args.seed, progress=update))
    if not outcome.tallies:
        print(_(_NOTHING), file=sys.stderr)
        return 130
    exact = house_edges(decks)
    per_bet: dict[str, dict[str, object]] = {}
    for name, tally in zip(bets, outcome.tallies, strict=True):
        fig = _figures(tally, args.pace, args.hours)
        edge = float(exact[Spot[name.upper()]])
        se = fig["std_error"]
        gap = abs(-tally.mean(BET) - edge)
        fig["exact_house_edge"] = edge
        fig["standard_errors_apart"] = gap / se if isinstance(se, float) and se > 0 else None
        fig["agrees_within_3_se"] = isinstance(se, float) and se > 0 and gap <= 3 * se
        per_bet[name] = fig
    if args.json:
        print(json.dumps({"game": "baccarat", "decks": decks, "seed": args.seed, "jobs": outcome.jobs,
                          "seconds": outcome.seconds, "interrupted": outcome.interrupted, "bet": BET,
                          "bets": per_bet}, indent=2))
    else:
        decks_words = ngettext("{n} deck", "{n} decks", decks).format(n=decks)
        print(_head(_("baccarat"), outcome, args.seed, decks_words, outcome.tallies[0].shuffles))
        for name, fig in per_bet.items():
            print(_(_BET_LINES[name]))
            _print_figures(fig, coups=True)
            apart = fig["standard_errors_apart"]
            exact_edge = fig["exact_house_edge"]
            assert isinstance(exact_edge, float)
            if isinstance(apart, float):
                verdict = (_("{edge}: {n} standard errors apart, agrees") if fig["agrees_within_3_se"] else
                           _("{edge}: {n} standard errors apart, DISAGREES"))
                print(_say(N_("exact:"), verdict.format(edge=_pct(exact_edge), n=number(apart, 1))))
            else:
                print(_say(N_("exact:"), _pct(exact_edge)))
    if outcome.interrupted:
        print(_interrupted_line(outcome), file=sys.stderr)
        return 130
    return 0


#: The heading of each baccarat bet's figures.
_BET_LINES = {"banker": N_("-- banker bet (1 bet on every coup)"), "player": N_("-- player bet (1 bet on every coup)"),
              "tie": N_("-- tie bet (1 bet on every coup)")}
#: Options for both games; ``--bet`` is baccarat's alone, every other option blackjack's.
SHARED_OPTIONS = frozenset({"help", "rounds", "seed", "jobs", "decks", "pace", "hours", "json", "cluster"})


def _game_of(dest: str) -> str | None:
    return None if dest in SHARED_OPTIONS else "baccarat" if dest == "bets" else "blackjack"


def main(argv: list[str], settings_decks: Callable[[], int | None] | None = None) -> int:
    """CLI entry (argv after ``simulate``): 0 on success, 2 with one line on bad args,
    130 when interrupted (after printing the figures of the rounds played).

    ``settings_decks()`` gives the baccarat shoe of the player's settings (the command
    reads them: this layer does not open the store); ``--decks`` overrides it."""
    try:
        args = argtypes.parse_for_choice(_parser(), argv, "game", _game_of)
        from .counting.simcli import count_usage_error

        if (problem := count_usage_error(args)) is not None:
            raise _UsageError(problem)
        jobs = args.jobs if args.jobs is not None else default_jobs()
        if args.game == "blackjack":
            return _blackjack(args, jobs)
        return _baccarat(args, jobs, settings_decks)
    except _UsageError as error:
        where = _("{error} (see '{where}')").format(error=error, where="cardtable simulate --help")
        print(_("cardtable: error: {message}").format(message=where), file=sys.stderr)
        return 2
    except ClusterError as error:
        print(f"cardtable simulate: {one_line(str(error))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(_(_NOTHING), file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main(sys.argv[1:]))
