"""The baccarat table's words in the language in force: the sides' names, a coup's
result and each spot's note, worded here from the core's figures.

The core (:mod:`cardtable.core.baccarat_table`) keeps English sentences for its own
callers and logs; what the player reads is made here, whole sentences per language
(word order differs), with chips as the language writes them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from fractions import Fraction

from ....ai.coach_baccarat import BetOdds
from ....core.baccarat import Coup, Outcome, settle, win_amount
from ....i18n import N_, _, ngettext
from ....i18n.formatting import chips, number, signed

__all__ = ["side", "result_words", "sat_out", "spot_notes", "source_words", "odds_sentence", "percent"]

#: The sides and the bets, as the seeds name them (プレイヤー, バンカー, タイ).
SIDES: Mapping[Outcome, str] = {Outcome.PLAYER: N_("Player"), Outcome.BANKER: N_("Banker"), Outcome.TIE: N_("Tie")}


def side(outcome: Outcome) -> str:
    """``Player``, ``Banker`` or ``Tie`` in the language in force."""
    return _(SIDES[outcome])


def _head(coup: Coup) -> str:
    """Who won and by what: ``Banker wins 7 to 5 (natural)``."""
    p, b = coup.player_total, coup.banker_total
    if coup.outcome is Outcome.TIE:
        head = _("Tie {player} to {banker}").format(player=p, banker=b)
    elif coup.outcome is Outcome.PLAYER:
        head = _("Player wins {high} to {low}").format(high=p, low=b)
    else:
        head = _("Banker wins {high} to {low}").format(high=b, low=p)
    return _("{result} (natural)").format(result=head) if coup.natural else head


def result_words(coup: Coup, bets: Mapping[Outcome, int]) -> tuple[str, str]:
    """The coup's result and the player's net, with its kind (win, lose or push)."""
    head = _head(coup)
    if not any(bets.values()):
        return head, "info"
    staked = sum(bets.values())
    net = settle(bets, coup) - staked
    if net > 0:
        return _("{result} · you win {amount}").format(result=head, amount=signed(net)), "win"
    if net < 0:
        return _("{result} · you lose {amount}").format(result=head, amount=chips(-net)), "lose"
    if coup.outcome is Outcome.TIE:
        return _("{result} · push: your {amount} back").format(result=head, amount=chips(staked)), "push"
    lost = sum(stake for spot, stake in bets.items() if spot is not coup.outcome)
    return _("{result} · you break even (won and lost {amount})").format(result=head, amount=chips(lost)), "push"


def sat_out(coup: Coup) -> str:
    """The result for a player who had no bet on the coup."""
    return _("{result} · you sat this coup out").format(result=_head(coup))


def spot_notes(coup: Coup, bets: Mapping[Outcome, int]) -> dict[Outcome, tuple[str, str]]:
    """Each spot's result (win, push or lose) and a note on its stake (``10 won +10``)."""
    results: dict[Outcome, tuple[str, str]] = {}
    for spot in Outcome:
        stake = bets.get(spot, 0)
        amount = chips(stake)
        if spot is coup.outcome:
            note = _("{stake} won {amount}").format(stake=amount, amount=signed(win_amount(spot, stake)))
            results[spot] = ("win", note if stake else _("wins"))
        elif coup.outcome is Outcome.TIE and stake:
            results[spot] = ("push", _("{stake} push").format(stake=amount))
        else:
            results[spot] = ("lose", _("{stake} lost").format(stake=amount) if stake else "")
    return results


#: Where the next coup's cards come from, and why they cannot be counted, as the clients
#: say it: English data (it goes with each bet's grade into the history), worded here.
_SOURCES: tuple[tuple[re.Pattern[str], Callable[[int], str]], ...] = (
    (re.compile(r"(?P<n>\d+) cards left"), lambda n: ngettext("{n} card left", "{n} cards left", n)),
    (re.compile(r"a new shoe of (?P<n>\d+) decks"),
     lambda n: ngettext("a new shoe of {n} deck", "a new shoe of {n} decks", n)),
    (re.compile(r"a shoe of (?P<n>\d+) decks"), lambda n: ngettext("a shoe of {n} deck", "a shoe of {n} decks", n)),
    (re.compile(r"Only (?P<n>\d+) cards left: too few to count a coup\."),
     lambda n: ngettext("Only {n} card left: too few to count a coup.",
                        "Only {n} cards left: too few to count a coup.", n)),
    (re.compile(r"You missed (?P<n>\d+) cards of this shoe: exact odds again from the next shoe\."),
     lambda n: ngettext("You missed {n} card of this shoe: exact odds again from the next shoe.",
                        "You missed {n} cards of this shoe: exact odds again from the next shoe.", n)),
    (re.compile(r"This table's shoe is not a shoe of (?P<n>\d+) decks: its cards cannot be counted\."),
     lambda n: ngettext("This table's shoe is not a shoe of {n} deck: its cards cannot be counted.",
                        "This table's shoe is not a shoe of {n} decks: its cards cannot be counted.", n)),
)


def source_words(source: str) -> str:
    """``source`` (``412 cards left``, ``a new shoe of 8 decks`` …) in the language in
    force; a text it does not know is shown as it is."""
    for pattern, words in _SOURCES:
        found = pattern.fullmatch(source)
        if found is not None:
            n = int(found["n"])
            return words(n).format(n=number(n))
    return source


def percent(value: float | Fraction, places: int = 3) -> str:
    """``-0.010579`` -> ``−1.058 %`` (a real minus sign; plus shown), as the language
    writes numbers."""
    figure = float(value) * 100
    sign = "+" if figure > 0 else "\u2212" if figure < 0 else ""
    return _("{value} %").format(value=sign + number(abs(figure), places))


def odds_sentence(odds: BetOdds, full: Mapping[Outcome, Fraction] | None = None) -> str:
    """One plain sentence on what the odds mean; ``full`` (a full shoe's EVs) lets it
    say which way the cards moved the best bet."""
    good = odds.favourable
    if good:
        names = [side(o) for o in good]
        share = percent(odds.evs[good[0]], 2)
        if len(names) == 1:
            return _("Rare: with these cards {side} is in your favour ({share} of the stake on average); "
                     "the next cards move it again.").format(side=names[0], share=share)
        both = _("{first} and {second}").format(first=", ".join(names[:-1]), second=names[-1])
        return _("Rare: with these cards {sides} are in your favour ({share} of the stake on average); "
                 "the next cards move it again.").format(sides=both, share=share)
    best = odds.best
    moved = float(odds.evs[best] - full[best]) * 100 if full is not None else 0.0
    if abs(moved) < 0.005:
        return _("The edge moves a little with the cards and almost never turns in your favour: "
                 "{side} loses least here.").format(side=side(best))
    points = number(abs(moved), 2)
    if moved > 0:
        return _("The edge moves a little with the cards and almost never turns in your favour: "
                 "{side} loses least here ({points} points better than in a full shoe).").format(
                     side=side(best), points=points)
    return _("The edge moves a little with the cards and almost never turns in your favour: "
             "{side} loses least here ({points} points worse than in a full shoe).").format(
                 side=side(best), points=points)
