"""Effects of removal, computed exactly by the strategy analysis, and what a count
system captures of them (Griffin's method, *The Theory of Blackjack*).

**Effects of removal.** The game's expectation is the analysis' exact value of playing
the full-shoe basic strategy (:meth:`Analysis.expected_return` with the derived chart
as a fixed policy) for ``rules``; the effect of removing a card of value ``v`` is that
value for the shoe less one ``v``, minus the full shoe's: the analysis done twice. The
same two analyses give each play's effects: the change, per card removed, in the
advantage of an alternative play over the basic one in one chart cell (total-dependent,
as the chart is decided).

**Correlations.** Over the 13 ranks (a ten-valued effect counts four times), the
Pearson correlation of a system's tags with the game's effects is its *betting
correlation*; with the insurance bet's effects (where there is insurance: with peek),
its *insurance correlation*. **Playing efficiency** follows Griffin: a play's advantage
over basic strategy, half-way through the shoe, is about normal with mean ``M`` (its
full-shoe value, negative) and a standard deviation ``σ`` given by its effects; perfect
knowledge of the cards gains ``G(σ) = E[max(0, X)]``, a count of correlation ``ρ`` with
the play's effects gains ``G(ρσ)``; the efficiency is ``Σ f·G(ρσ) / Σ f·G(σ)`` over every
alternative of every two-card decision, ``f`` its frequency.

**Shipped figures.** The house's rules are the ones every player meets, so their effects
ship (:mod:`.shipped`) and the public functions read them instead of five seconds of
analysis; other rules, or a file that does not read, are computed.
:func:`computed_effects` always computes: what the file is written from and held to.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from cardtable.core.blackjack import Action, Rules

from ..bj_analysis import (
    HARD_ROWS,
    PAIR_ROWS,
    SOFT_ROWS,
    Analysis,
    HandEV,
    _row_hands,
    analysis_for,
    chart_policy,
    strategy_key,
)
from ..bj_chart import UP_ORDER
from ..bj_dealer import full_shoe_counts
from . import shipped
from .systems import CountSystem

__all__ = ["GameEffects", "PlayEffects", "Effects", "game_effects", "play_effects", "insurance_effects",
           "computed_effects", "correlation", "betting_correlation", "playing_efficiency", "insurance_correlation",
           "WEIGHTS", "DEPTH"]

#: Ranks per card value in a deck (ace, 2..9, and the four ten-valued ranks).
WEIGHTS: tuple[int, ...] = (1,) * 9 + (4,)
#: Playing efficiency is measured with this share of the shoe dealt.
DEPTH = 0.5
#: Called as ``progress(done, total)`` while the analyses run.
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class GameEffects:
    """The basic-strategy expectation of a full shoe and its effects of removal."""

    rules: Rules
    #: Expected return per round per initial bet, full shoe, full-shoe basic strategy.
    expectation: float
    #: By card value (ace first): the change in that expectation with one card removed.
    removal: tuple[float, ...]


@dataclass(frozen=True)
class PlayEffects:
    """One alternative to basic strategy in one chart cell (or the insurance bet)."""

    kind: str  # "hard", "soft", "pair" or "insurance"
    key: int  # total, pair value (ace = 1); 0 for insurance
    up: int  # dealer up card value, ace = 1
    basic: str  # the basic play (an Action's value; "no insurance")
    alternative: str  # the other play ("insurance")
    #: The alternative's advantage over the basic play, full shoe (per initial bet; <= 0).
    gain: float
    #: By card value: the change in ``gain`` with one card of it removed.
    removal: tuple[float, ...]
    #: How often the decision arises, per round.
    frequency: float


def _key(rules: Rules) -> Rules:
    """The rules with the fields no figure depends on (limits, penetration) at their defaults."""
    return strategy_key(rules)


@dataclass(frozen=True)
class Effects:
    """Every figure of one rule set: the game's effects, each play's, the insurance bet's.

    The unit the shipped file holds (:mod:`.shipped`), one entry per rule set."""

    game: GameEffects
    plays: tuple[PlayEffects, ...]
    insurance: PlayEffects | None

    def to_json(self) -> dict[str, object]:
        """As JSON values; floats stay floats (``json`` writes their ``repr``: exact on reading)."""
        return {"rules": shipped.rules_json(self.game.rules), "expectation": self.game.expectation,
                "removal": list(self.game.removal), "plays": [_play_json(p) for p in self.plays],
                "insurance": None if self.insurance is None else _play_json(self.insurance)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], rules: Rules) -> Effects:
        """The figures of ``data`` for ``rules``; ``ValueError`` when any is missing or
        not of its kind (a file that does not read is never half used)."""
        insurance = data.get("insurance")
        plays = data.get("plays")
        if not isinstance(plays, list) or not plays:
            raise ValueError("no plays")
        return cls(GameEffects(rules, _number(data.get("expectation")), _removal(data.get("removal"))),
                   tuple(_play(p) for p in plays), None if insurance is None else _play(insurance))


def _play_json(play: PlayEffects) -> dict[str, object]:
    return {"kind": play.kind, "key": play.key, "up": play.up, "basic": play.basic, "alternative": play.alternative,
            "gain": play.gain, "removal": list(play.removal), "frequency": play.frequency}


def _number(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ValueError(f"not a number: {value!r}")
    return float(value)


def _whole(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"not a whole number: {value!r}")
    return value


def _word(value: object) -> str:
    if not isinstance(value, str):
        raise ValueError(f"not a word: {value!r}")
    return value


def _removal(value: object) -> tuple[float, ...]:
    if not isinstance(value, list) or len(value) != 10:
        raise ValueError("effects of removal are ten numbers")
    return tuple(_number(v) for v in value)


_KINDS = frozenset({"hard", "soft", "pair", "insurance"})


def _play(data: object) -> PlayEffects:
    if not isinstance(data, dict) or data.get("kind") not in _KINDS:
        raise ValueError("a play is an object of a known kind")
    return PlayEffects(_word(data.get("kind")), _whole(data.get("key")), _whole(data.get("up")),
                       _word(data.get("basic")), _word(data.get("alternative")), _number(data.get("gain")),
                       _removal(data.get("removal")), _number(data.get("frequency")))


@lru_cache(maxsize=8)
def _shipped(rules: Rules) -> Effects | None:
    """The shipped figures of ``rules`` (a :func:`_key`); None when the file does not hold
    them or does not read: the caller computes them instead."""
    entry = shipped.entry_for(rules)
    if entry is None:
        return None
    try:
        return Effects.from_json(entry, rules)
    except ValueError:
        return None


@lru_cache(maxsize=64)
def _analysis(rules: Rules, removed: int) -> Analysis:
    """The analysis of ``rules`` for the full shoe (``removed`` 0) or less one card of
    value ``removed``."""
    if removed == 0:
        return analysis_for(rules)
    shoe = list(full_shoe_counts(rules.decks))
    shoe[removed - 1] -= 1
    return Analysis(rules, shoe)


def _each_shoe(rules: Rules, work: Callable[[Analysis], object], progress: Progress | None) -> list[object]:
    out = []
    for removed in range(11):
        out.append(work(_analysis(rules, removed)))
        if progress is not None:
            progress(removed + 1, 11)
    return out


@lru_cache(maxsize=16)
def _computed_game(rules: Rules) -> GameEffects:
    policy = chart_policy(analysis_for(rules).chart())
    values = [_analysis(rules, removed).expected_return(policy) for removed in range(11)]
    return GameEffects(rules, values[0], tuple(v - values[0] for v in values[1:]))


def game_effects(rules: Rules, progress: Progress | None = None) -> GameEffects:
    """The game's effects of removal: the shipped figures for the house's rules, else
    eleven exact analyses (about a second each; ``progress`` reports them)."""
    rules = _key(rules)
    known = _shipped(rules)
    if known is not None:
        return known.game
    if progress is not None and _computed_game.cache_info().currsize == 0:
        _each_shoe(rules, lambda a: None, progress)
    return _computed_game(rules)


def _cell_keys() -> list[tuple[str, int]]:
    """The two-card decisions: hard 5-19 (4 and 20 are only pairs), soft 13-20, pairs."""
    return ([("hard", k) for k in HARD_ROWS if 5 <= k <= 19] + [("soft", k) for k in SOFT_ROWS if 13 <= k <= 20]
            + [("pair", k) for k in PAIR_ROWS])


def _options(ev: HandEV, kind: str) -> dict[str, float]:
    out = {Action.STAND.value: ev.stand, Action.HIT.value: ev.hit, Action.DOUBLE.value: ev.double}
    if kind == "pair" and ev.split is not None:
        out[Action.SPLIT.value] = ev.split
    if ev.surrender is not None:
        out[Action.SURRENDER.value] = ev.surrender
    return out


def _frequency(analysis: Analysis, kind: str, key: int, up: int) -> float:
    shoe = analysis.shoe
    ua = analysis.up(up)
    total = 0.0
    for c1, c2 in _row_hands(kind, key):
        p = ua.p_hand(c1, c2)
        total += p * (ua.p_no_blackjack(c1, c2) if analysis.rules.dealer_peeks else 1.0)
    return total * shoe[up - 1] / sum(shoe)


@lru_cache(maxsize=8)
def _computed_plays(rules: Rules) -> tuple[PlayEffects, ...]:
    base = _analysis(rules, 0)
    cells = [_analysis(rules, removed).cells() for removed in range(11)]
    out: list[PlayEffects] = []
    for kind, key in _cell_keys():
        for up in UP_ORDER:
            options = [_options(c[(kind, key, up)].ev, kind) for c in cells]
            full = options[0]
            basic = max(full, key=lambda name: full[name])
            for alternative in full:
                if alternative == basic:
                    continue
                gains = [o[alternative] - o[basic] for o in options]
                out.append(PlayEffects(kind, key, up, basic, alternative, gains[0],
                                       tuple(g - gains[0] for g in gains[1:]), _frequency(base, kind, key, up)))
    return tuple(out)


def play_effects(rules: Rules, progress: Progress | None = None) -> tuple[PlayEffects, ...]:
    """Every alternative to basic strategy in every two-card decision, with its effects
    of removal: the shipped figures for the house's rules, else every chart cell of
    eleven exact analyses (seconds; ``progress`` reports them)."""
    rules = _key(rules)
    known = _shipped(rules)
    if known is not None:
        return known.plays
    if progress is not None and _computed_plays.cache_info().currsize == 0:
        _each_shoe(rules, lambda a: a.cells(), progress)
    return _computed_plays(rules)


def _computed_insurance(rules: Rules) -> PlayEffects | None:
    if not rules.dealer_peeks:
        return None
    shoe = full_shoe_counts(rules.decks)
    n = sum(shoe) - 1  # the ace is up

    def value(tens: int, cards: int) -> float:
        return 3.0 * tens / cards - 1.0

    full = value(shoe[9], n)
    removal = tuple(value(shoe[9] - (v == 10), n - 1) - full for v in range(1, 11))
    frequency = shoe[0] / sum(shoe)
    return PlayEffects("insurance", 0, 1, "no insurance", "insurance", full, removal, frequency)


def insurance_effects(rules: Rules) -> PlayEffects | None:
    """The insurance bet against an ace (pays 2:1 on a dealer ten), per unit insured;
    None when the rules have no insurance (no peek: this house)."""
    rules = _key(rules)
    known = _shipped(rules)
    return known.insurance if known is not None else _computed_insurance(rules)


def computed_effects(rules: Rules, progress: Progress | None = None) -> Effects:
    """Every figure of ``rules`` from the exact analysis, never from the shipped file:
    what ``scripts/count_effects.py`` writes and the tests hold the file to."""
    rules = _key(rules)
    if progress is not None:
        _each_shoe(rules, lambda a: a.cells(), progress)
    return Effects(_computed_game(rules), _computed_plays(rules), _computed_insurance(rules))


# -- what a system captures -----------------------------------------------------------


def correlation(a: Sequence[float], b: Sequence[float]) -> float:
    """Pearson correlation over the 13 ranks (a ten-valued entry counts four times)."""
    n = sum(WEIGHTS)
    ma = sum(w * x for w, x in zip(WEIGHTS, a, strict=True)) / n
    mb = sum(w * x for w, x in zip(WEIGHTS, b, strict=True)) / n
    sab = sum(w * (x - ma) * (y - mb) for w, x, y in zip(WEIGHTS, a, b, strict=True))
    saa = sum(w * (x - ma) ** 2 for w, x in zip(WEIGHTS, a, strict=True))
    sbb = sum(w * (y - mb) ** 2 for w, y in zip(WEIGHTS, b, strict=True))
    return sab / math.sqrt(saa * sbb) if saa > 0 and sbb > 0 else 0.0


def betting_correlation(system: CountSystem, game: GameEffects) -> float:
    """How well the count tracks the game's expectation (1 = perfectly)."""
    return correlation(system.tags, game.removal)


def insurance_correlation(system: CountSystem, insurance: PlayEffects) -> float:
    """How well the count tracks the insurance bet's value."""
    return correlation(system.tags, insurance.removal)


def _gain(mean: float, sd: float) -> float:
    """E[max(0, X)] for X normal with this mean and standard deviation."""
    if sd <= 0:
        return max(mean, 0.0)
    z = mean / sd
    return mean * 0.5 * math.erfc(-z / math.sqrt(2)) + sd * math.exp(-z * z / 2) / math.sqrt(2 * math.pi)


def play_sd(play: PlayEffects, rules: Rules, depth: float = DEPTH) -> float:
    """Standard deviation of the play's advantage over a shoe with ``depth`` of it dealt
    (linear in the effects of removal, cards drawn without replacement)."""
    shoe = full_shoe_counts(rules.decks)
    total = sum(shoe)
    left = max(1, round(total * (1 - depth)))
    mean = sum(c * e for c, e in zip(shoe, play.removal, strict=True)) / total
    var = sum(c * (e - mean) ** 2 for c, e in zip(shoe, play.removal, strict=True)) / total
    return math.sqrt(max(var, 0.0) * (total - 1) * (total - left) / left)


def playing_efficiency(system: CountSystem, plays: Sequence[PlayEffects], rules: Rules,
                       depth: float = DEPTH) -> float:
    """Griffin's playing efficiency of ``system`` over ``plays`` (see the module doc)."""
    perfect = counted = 0.0
    for play in plays:
        sd = play_sd(play, rules, depth)
        rho = abs(correlation(system.tags, play.removal))  # a count informs either way
        perfect += play.frequency * _gain(play.gain, sd)
        counted += play.frequency * _gain(play.gain, rho * sd)
    return counted / perfect if perfect > 0 else 0.0
