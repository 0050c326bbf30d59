"""Expected values of blackjack decisions for a finite shoe, and the chart they imply.

What is computed
----------------
For every dealer up card and every two-card player hand, the expected value (in
units of the original stake) of standing, hitting, doubling and splitting, for a
shoe of ``rules.decks`` decks with the player's cards and the up card removed.
Every later card is also drawn without replacement: the dealer's final
distribution is recomputed exactly for each composition of the player's hand
(``bj_dealer``). After the first decision the player continues optimally for the
exact composition (hit or stand).

Peek and no peek
----------------
The dealer's face-down card is just another unseen card, exchangeable with the
player's draws, so "dealer blackjack" is one outcome of the dealer's distribution
given the player's final cards. Without peek (this house) a dealer blackjack
takes every stake on the table: −1 for a hand stood or hit, −2 for a double, −1 per
split hand (−2 if it was doubled). With peek the player only acts when the dealer
has no blackjack, so each option is valued as ``E[payoff · 1{no blackjack}]``;
dividing by ``P(no blackjack)`` gives the conditional EV, and since that divisor
is the same for every option at a decision it never changes a choice.

Splits
------
Each split hand starts with one pair card and is valued with both pair cards
removed. Resplitting (up to ``rules.max_hands`` hands; aces only if
``rules.resplit_aces``) follows the usual approximation: the chance that a hand
draws another pair card is updated for the pair cards already out, and every
hand's value is the value of a hand with two pair cards removed. Split aces take
one card each and stand.

Total-dependent chart
---------------------
Published basic strategy is *total-dependent*: one decision per hard total, not
per pair of cards. So a hard-total cell is decided by the average EV of each
action over every two-card composition of that total (pairs excluded unless the
total has no other composition, as hard 4 and 20), weighted by its probability
with the up card out. Soft totals and pairs have one composition each. The
first decision is total-dependent; continuations after a hit are
composition-dependent optimal, which moves EVs by far less than any margin that
decides a cell. See ``derive_chart``.

How it is computed
------------------
Every hand composition worth at most 21 is one state of a layout (3,083 of them), in
11 removal contexts (the hand's own cards gone, or one more card of a value: a split
hand). Per up card, the dealer's distribution for every state and context comes from
one numpy pass over the dealer's tree; stand, hit (then play on), best and double are
then built for all states at once, layer by layer from the highest hard total down
(:meth:`bj_upcard.UpAnalysis.tables`), and a fixed policy is valued the same way after it has
been asked once per hand it reaches (:class:`bj_policy.PolicyEvaluator`). The arithmetic is the
one-hand-at-a-time definition's, operation for operation and in the same order
(terms summed card by card): the figures are those of the memoised recursion this
replaced, bit for bit.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from cardtable.core.blackjack import Action, Rules

from .bj_chart import UP_ORDER, Chart, published_chart
from .bj_dealer import full_shoe_counts
from .bj_policy import Policy, PolicyEvaluator, chart_policy, easy_policy
from .bj_upcard import Counts, HandEV, UpAnalysis

__all__ = [
    "HandEV",
    "CellEV",
    "Policy",
    "Analysis",
    "analysis_for",
    "derive_chart",
    "strategy_key",
    "chart_policy",
    "easy_policy",
    "rules_to_json",
    "rules_from_json",
    "chart_document",
    "DERIVED_CHART_FILE",
]

#: The cached chart for the house rules, in ``assets/data``.
DERIVED_CHART_FILE = "bj_chart_derived.json"
_STRATEGY_FIELDS = ("decks", "dealer_hits_soft_17", "dealer_peeks", "double_after_split",
                    "max_hands", "resplit_aces", "blackjack_pays", "late_surrender")

#: Called as ``progress(done, total)`` during a long computation.
Progress = Callable[[int, int], None]



def strategy_key(rules: Rules) -> Rules:
    """The rules with every field that cannot change strategy set to its default.

    Table limits and penetration do not affect the off-the-top EVs, so charts are
    cached per this key.
    """
    base = Rules()
    return replace(rules, penetration_percent=base.penetration_percent,
                   min_bet=base.min_bet, max_bet=base.max_bet)



@dataclass(frozen=True)
class CellEV:
    """Probability-weighted EVs of a chart cell and the code chosen for it."""

    kind: str  # "hard", "soft" or "pair"
    key: int  # total, or pair card value (ace = 1)
    up: int
    ev: HandEV
    code: str



def two_card_hands() -> Iterator[tuple[int, int]]:
    """Every unordered two-card hand as card values (c1 <= c2, ace = 1)."""
    for c1 in range(1, 11):
        for c2 in range(c1, 11):
            yield c1, c2


def _row_hands(kind: str, key: int) -> list[tuple[int, int]]:
    """The two-card compositions a chart cell is decided over."""
    if kind == "pair":
        return [(key, key)]
    if kind == "soft":
        other = key - 11
        return [(1, other)] if 1 <= other <= 9 else []
    hands = [(a, b) for a, b in two_card_hands() if a != 1 and a + b == key]
    non_pairs = [(a, b) for a, b in hands if a != b]
    return non_pairs or hands


def _code(ev: HandEV, allow_split: bool) -> str:
    """The cell's code; a surrender cell names what to do when surrender is not
    allowed (``Rh``, ``Rs``, ``Rp``)."""
    plain = ev if allow_split else replace(ev, split=None)
    action = replace(plain, surrender=None).best()
    if action is Action.SPLIT:
        code = "P"
    elif action is Action.DOUBLE:
        code = "Dh" if ev.hit >= ev.stand else "Ds"
    else:
        code = "H" if action is Action.HIT else "S"
    if plain.best() is Action.SURRENDER:
        return "R" + code[-1].lower()
    return code


#: Chart rows: hard 4..21, soft 12..21, pairs of every value.
HARD_ROWS = tuple(range(4, 22))
SOFT_ROWS = tuple(range(12, 22))
PAIR_ROWS = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)


class Analysis:
    """EV analysis of one set of rules; heavy work is done lazily and memoised.

    ``shoe`` (cards per value, ace first) replaces the full shoe of ``rules.decks``
    decks: the same analysis for any composition (counting's effects of removal)."""

    def __init__(self, rules: Rules, shoe: Sequence[int] | None = None) -> None:
        self.rules = rules
        self.shoe: Counts = full_shoe_counts(rules.decks) if shoe is None else tuple(shoe)
        own = None if shoe is None else self.shoe
        self._ups = {up: UpAnalysis(rules, up, own) for up in range(1, 11)}
        self._hands: dict[tuple[int, int, int], HandEV] = {}
        self._cells: dict[tuple[str, int, int], CellEV] | None = None

    def up(self, up: int) -> UpAnalysis:
        return self._ups[up]

    def raw_hand(self, c1: int, c2: int, up: int) -> HandEV:
        """Unnormalised values (``E[payoff · 1{no dealer blackjack}]`` with peek)."""
        c1, c2 = min(c1, c2), max(c1, c2)
        key = (c1, c2, up)
        ev = self._hands.get(key)
        if ev is None:
            ev = self._ups[up].hand(c1, c2)
            self._hands[key] = ev
        return ev

    def hand_ev(self, c1: int, c2: int, up: int) -> HandEV:
        """EVs of a two-card hand: with peek, conditional on no dealer blackjack."""
        raw = self.raw_hand(c1, c2, up)
        if not self.rules.dealer_peeks:
            return raw
        scale = 1.0 / self._ups[up].p_no_blackjack(min(c1, c2), max(c1, c2))
        return HandEV(raw.stand * scale, raw.hit * scale, raw.double * scale,
                      None if raw.split is None else raw.split * scale,
                      None if raw.surrender is None else raw.surrender * scale)

    def cell(self, kind: str, key: int, up: int) -> CellEV:
        """Weighted EVs over the cell's two-card compositions, and its chart code."""
        hands = _row_hands(kind, key)
        if not hands:  # only reachable with three or more cards: 21
            ev = HandEV(stand=1.0, hit=-1.0, double=-2.0, split=None)
            return CellEV(kind, key, up, ev, "S" if key >= 21 else "H")
        ua = self._ups[up]
        weight = 0.0
        sums = [0.0, 0.0, 0.0, 0.0, 0.0]
        for c1, c2 in hands:
            w = ua.p_hand(c1, c2)
            raw = self.raw_hand(c1, c2, up)
            weight += w * (ua.p_no_blackjack(c1, c2) if self.rules.dealer_peeks else 1.0)
            sums[0] += w * raw.stand
            sums[1] += w * raw.hit
            sums[2] += w * raw.double
            if raw.split is not None:
                sums[3] += w * raw.split
            if raw.surrender is not None:
                sums[4] += w * raw.surrender
        has_split = kind == "pair" and self.raw_hand(*hands[0], up).split is not None
        ev = HandEV(sums[0] / weight, sums[1] / weight, sums[2] / weight,
                    sums[3] / weight if has_split else None,
                    sums[4] / weight if self.rules.late_surrender else None)
        return CellEV(kind, key, up, ev, _code(ev, allow_split=kind == "pair"))

    def cells(self, progress: Progress | None = None) -> dict[tuple[str, int, int], CellEV]:
        """Every chart cell; ``progress(done, total)`` is called after each up card."""
        if self._cells is None:
            out: dict[tuple[str, int, int], CellEV] = {}
            for done, up in enumerate(UP_ORDER, start=1):
                for kind, keys in (("hard", HARD_ROWS), ("soft", SOFT_ROWS), ("pair", PAIR_ROWS)):
                    for key in keys:
                        out[(kind, key, up)] = self.cell(kind, key, up)
                if progress is not None:
                    progress(done, len(UP_ORDER))
            self._cells = out
        elif progress is not None:
            progress(len(UP_ORDER), len(UP_ORDER))
        return self._cells

    def chart(self, name: str = "", progress: Progress | None = None) -> Chart:
        """The best action per cell, as a chart (``progress`` as in :meth:`cells`)."""
        cells = self.cells(progress)

        def rows(kind: str, keys: Sequence[int]) -> dict[int, tuple[str, ...]]:
            return {k: tuple(cells[(kind, k, up)].code for up in UP_ORDER) for k in keys}

        return Chart(name=name or describe_rules(self.rules), hard=rows("hard", HARD_ROWS),
                     soft=rows("soft", SOFT_ROWS), pairs=rows("pair", PAIR_ROWS))

    # -- whole-game expectation ----------------------------------------------------

    def level_policy(self, level: str) -> Policy:
        """The policy of a computer level at this table (hard = this analysis's chart)."""
        if level == "easy":
            return easy_policy
        if level == "normal":
            return chart_policy(published_chart())
        if level == "hard":
            return chart_policy(self.chart())
        raise ValueError(f"unknown level {level!r}")

    def level_returns(self) -> dict[str, float]:
        """Expected return per initial bet of each computer level (off the top)."""
        return {level: self.expected_return(self.level_policy(level))
                for level in ("easy", "normal", "hard")}

    def expected_return(self, policy: Policy | None = None) -> float:
        """Expected return per round per unit of initial bet, off the top of the shoe.

        ``policy`` None means optimal composition-dependent play of every hand.
        """
        full = self.shoe
        n_full = sum(full)
        pays = self.rules.blackjack_pays[0] / self.rules.blackjack_pays[1]
        total = 0.0
        for up in range(1, 11):
            ua = self._ups[up]
            evaluator = None if policy is None else PolicyEvaluator(ua, policy)
            up_value = 0.0
            for c1, c2 in two_card_hands():
                p = ua.p_hand(c1, c2)
                if p == 0.0:
                    continue
                p_no_bj = ua.p_no_blackjack(c1, c2)
                if c1 == 1 and c2 == 10:
                    up_value += p * pays * p_no_bj
                    continue
                if evaluator is None:
                    raw = self.raw_hand(c1, c2, up)
                    options = [raw.stand, raw.hit, raw.double]
                    if raw.split is not None:
                        options.append(raw.split)
                    if raw.surrender is not None:
                        options.append(raw.surrender)
                    value = max(options)
                else:
                    value = evaluator.initial(c1, c2)
                if self.rules.dealer_peeks:
                    value -= 1.0 - p_no_bj  # the original bet lost to a peeked blackjack
                up_value += p * value
            total += full[up - 1] / n_full * up_value
        return total



# -- entry points --------------------------------------------------------------------


@lru_cache(maxsize=32)
def analysis_for(rules: Rules) -> Analysis:
    """The (memoised) analysis of the strategy-relevant part of ``rules``."""
    return Analysis(strategy_key(rules))


def derive_chart(rules: Rules, progress: Progress | None = None) -> Chart:
    """The exact basic-strategy chart for ``rules`` (total-dependent, see module doc).

    Takes seconds the first time for a rule set; ``progress(done, total)`` reports it.
    """
    return analysis_for(rules).chart(progress=progress)


def rules_to_json(rules: Rules) -> dict[str, object]:
    """The strategy-relevant rule fields as JSON values."""
    out: dict[str, object] = {}
    for name in _STRATEGY_FIELDS:
        value = getattr(rules, name)
        if name == "late_surrender" and not value:
            continue  # written only when on: the house chart's document stays as it was
        out[name] = list(value) if isinstance(value, tuple) else value
    return out


def rules_from_json(data: dict[str, object]) -> Rules:
    """Inverse of :func:`rules_to_json` (other fields take their defaults)."""
    fields = {name: data[name] for name in _STRATEGY_FIELDS if name in data}
    if "blackjack_pays" in fields:
        fields["blackjack_pays"] = tuple(fields["blackjack_pays"])  # type: ignore[arg-type]
    return Rules(**fields)  # type: ignore[arg-type]


def chart_document(rules: Rules) -> dict[str, object]:
    """The derived chart for ``rules`` as the JSON document cached in ``assets/data``."""
    analysis = analysis_for(rules)
    chart = analysis.chart()
    return chart.to_json(
        description=(
            "Basic strategy derived by cardtable.ai.bj_analysis for the rules below: exact "
            "finite-shoe EVs of stand, hit, double and split per two-card hand and dealer up "
            "card, decided per total (total-dependent). Regenerate with "
            "`python -m cardtable.ai.bj_analysis --write`; a test checks it is current. "
            "Cells: H hit, S stand, Dh double else hit, Ds double else stand, P split."
        ),
        rules=rules_to_json(analysis.rules),
        expected_return_percent={
            level: round(100 * value, 3) for level, value in analysis.level_returns().items()
        },
    )


def main(argv: list[str] | None = None) -> int:
    """Print (or with ``--write`` store) the derived chart for the house rules."""
    import sys

    from cardtable.resources import asset_path

    from .bj_chart import dumps_chart

    args = sys.argv[1:] if argv is None else argv
    text = dumps_chart(chart_document(Rules()))
    if "--write" in args:
        asset_path("data", DERIVED_CHART_FILE).write_text(text, encoding="utf-8")
        print(f"wrote {asset_path('data', DERIVED_CHART_FILE)}")
    else:
        sys.stdout.write(text)
    return 0


def describe_rules(rules: Rules, *, translated: bool = False) -> str:
    """Short text for a rule set, e.g. '6 decks, S17, DAS, no peek (full loss)'. English
    (it names charts and goes into JSON) unless ``translated``: then in the language in
    force, for the screen and the command line's report."""
    from ..i18n import N_, _, ngettext

    def say(text: str) -> str:
        return _(text) if translated else text

    english = translated is False
    decks, hands = rules.decks, rules.max_hands
    counted = (("{n} deck" if decks == 1 else "{n} decks").format(n=decks),
               ("split to {n} hand" if hands == 1 else "split to {n} hands").format(n=hands)) if english else (
        ngettext("{n} deck", "{n} decks", decks).format(n=decks),
        ngettext("split to {n} hand", "split to {n} hands", hands).format(n=hands))
    parts = [counted[0],
             "H17" if rules.dealer_hits_soft_17 else "S17",
             "DAS" if rules.double_after_split else say(N_("no DAS")),
             say(N_("peek")) if rules.dealer_peeks else say(N_("no peek (full loss to dealer blackjack)")),
             counted[1],
             say(N_("resplit aces")) if rules.resplit_aces else say(N_("aces split once")),
             say(N_("blackjack pays {pays}")).format(pays=f"{rules.blackjack_pays[0]}:{rules.blackjack_pays[1]}")]
    if rules.late_surrender:
        parts.append(say(N_("late surrender")))
    # TRANSLATORS: the separator between the items of a list ("6 decks, S17, DAS")
    return (_(", ") if translated else ", ").join(parts)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
