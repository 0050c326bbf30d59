"""Strategy drills: a stream of decisions weighted toward the ones players
get wrong, each with the exact value of every choice.

Blackjack: two-card hands against a dealer up card, drawn mostly from the categories
where players go wrong — pairs, soft doubles, and stiff totals (12–16) against a 7 to
an ace — and some plain hands. Each choice (hit, stand, double, split) is valued by the
exact full-shoe analysis (:mod:`cardtable.ai.bj_analysis`: the shoe less the hand and
the up card), per unit of the hand's stake.

Draw poker: five cards on the chosen machine, mostly hands where the exact best hold
differs from what a simple rule of thumb holds (:func:`obvious_hold`: keep a paying hand,
else a pair, else four to a flush, else the high cards), and some plain hands. Every one
of the 32 holds is valued by :func:`cardtable.ai.poker.hold_evs` (one exchange, exact),
per coin bet.

Pure: no Textual, no store. A drill is deterministic for a given ``random.Random``
(``--seed``). Making a question takes one analysis call (blackjack: a fraction of a
second the first time an up card is seen, then well under a millisecond; poker: a few
milliseconds per hand once the machine's tables exist), so a screen makes them off its
UI thread.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..core.blackjack import Rules, card_value
from ..core.blackjack_totals import values_total
from ..core.cards import Card, Suit
from ..core.poker_machines import Machine
from .bj_analysis import analysis_for
from .bj_chart import UP_ORDER
from .grading import Decision, grade
from .poker import HoldEV, hold_evs

__all__ = [
    "DRILL_GAMES",
    "DEFAULT_QUESTIONS",
    "BJ_WEIGHTS",
    "POKER_TRICKY_SHARE",
    "HARD_CATEGORIES",
    "Question",
    "BlackjackDrill",
    "PokerDrill",
    "obvious_hold",
    "exchange_words",
    "hand_words",
    "up_words",
]

#: The games that have drills, in the order the lobby offers them.
DRILL_GAMES: tuple[str, ...] = ("blackjack", "poker")
#: Questions in one drill.
DEFAULT_QUESTIONS = 20

#: Blackjack categories and how often each is drawn.
BJ_WEIGHTS: Mapping[str, float] = {"pair": 0.30, "soft double": 0.25, "stiff vs 7-A": 0.25, "plain": 0.20}
#: Share of poker questions whose best hold is not the obvious one.
POKER_TRICKY_SHARE = 0.75
#: The categories a drill leans on (everything but "plain").
HARD_CATEGORIES = frozenset({"pair", "soft double", "stiff vs 7-A", "not obvious"})
#: Random hands tried to find one where the best hold is not the obvious one.
_TRICKY_TRIES = 400

_WORDS = {"hit": "Hit", "stand": "Stand", "double": "Double", "split": "Split"}


@dataclass(frozen=True)
class Question:
    """One decision to take. ``evs`` maps each choice, in the table's words ("Hit",
    "exchange 1 3 5"), to its exact expected return per unit of stake."""

    game: str
    category: str
    cards: tuple[Card, ...]
    spot: str
    evs: Mapping[str, float] = field(repr=False)
    up: Card | None = None
    """The dealer's up card (blackjack)."""
    holds: Mapping[str, tuple[int, ...]] = field(default_factory=dict, repr=False)
    """Poker: the positions each choice keeps (0-4)."""

    @property
    def best(self) -> str:
        """The best choice (on a tie: the first in the order of ``evs``)."""
        return max(self.evs, key=lambda k: self.evs[k])

    def ranked(self) -> list[tuple[str, float]]:
        """The choices, best first."""
        return sorted(self.evs.items(), key=lambda kv: -kv[1])

    def grade(self, chosen: str, stake: int) -> Decision:
        """The answer graded: best choice and EV given up (``stake`` in hundredths)."""
        return grade(self.game, self.spot, self.evs, chosen, stake)


# -- blackjack --------------------------------------------------------------------------


def up_words(value: int) -> str:
    """"an ace", "an 8", "a 10"."""
    if value == 1:
        return "an ace"
    return f"an {value}" if value == 8 else f"a {value}"


def hand_words(values: Sequence[int]) -> str:
    """"pair of 8s", "soft 17", "hard 16" for a two-card hand's card values."""
    if len(values) == 2 and values[0] == values[1]:
        return "pair of aces" if values[0] == 1 else f"pair of {values[0]}s"
    total, soft = values_total(values)
    return f"{'soft' if soft else 'hard'} {total}"


def _card(value: int, rng: random.Random, used: set[Card]) -> Card:
    """A card of blackjack value ``value`` (a ten is 10, J, Q or K) in a random suit,
    not one already on the table (a six-deck shoe has copies, but a drill's picture
    reads better with distinct cards)."""
    ranks = (10, 11, 12, 13) if value == 10 else (value,)
    while True:
        card = Card(rng.choice(ranks), rng.choice(list(Suit)))
        if card not in used:
            used.add(card)
            return card


class BlackjackDrill:
    """Blackjack questions for ``rules``: :meth:`question` gives the next one."""

    game = "blackjack"

    def __init__(self, rules: Rules, rng: random.Random | None = None) -> None:
        self.rules = rules
        self.rng = rng if rng is not None else random.Random()
        self._last: tuple[tuple[int, ...], int] | None = None

    def category(self) -> str:
        """The next question's category, drawn by :data:`BJ_WEIGHTS`."""
        names = list(BJ_WEIGHTS)
        return self.rng.choices(names, weights=[BJ_WEIGHTS[n] for n in names])[0]

    def spot(self, category: str) -> tuple[tuple[int, int], int]:
        """((card value, card value), up value) of a hand of ``category`` (ace = 1)."""
        rng = self.rng
        if category == "pair":
            # Tens are the easy pair (always stand): drawn half as often as the others.
            value = rng.choices(range(1, 11), weights=[2] * 9 + [1])[0]
            return (value, value), rng.choice(UP_ORDER)
        if category == "soft double":
            # A,2..A,8 against 2..6 (where the soft doubles are), sometimes against 7..A.
            other = rng.randint(2, 8)
            up = rng.choice((2, 3, 4, 5, 6)) if rng.random() < 0.75 else rng.choice((7, 8, 9, 10, 1))
            return (1, other), up
        if category == "stiff vs 7-A":
            total = rng.randint(12, 16)
            firsts = [a for a in range(2, 11) if 2 <= total - a <= 10 and a != total - a]
            first = rng.choice(firsts)
            return (first, total - first), rng.choice((7, 8, 9, 10, 1))
        # plain: two cards as a shoe deals them (no pair, no ace, no natural), any up card
        while True:
            a, b = (rng.choices(range(2, 11), weights=[1] * 8 + [4])[0] for _ in range(2))
            if a != b:
                return (a, b), rng.choices(range(1, 11), weights=[1] * 9 + [4])[0]

    def question(self) -> Question:
        """The next question (never the same hand and up card twice in a row)."""
        category = self.category()
        for _ in range(20):
            values, up = self.spot(category)
            key = (tuple(sorted(values)), up)
            if key != self._last:
                break
        self._last = key
        used: set[Card] = set()
        if self.rng.random() < 0.5:
            values = (values[1], values[0])
        cards = tuple(_card(v, self.rng, used) for v in values)
        up_card = _card(up, self.rng, used)
        return blackjack_question(self.rules, cards, up_card, category)


def blackjack_question(rules: Rules, cards: Sequence[Card], up: Card, category: str = "plain") -> Question:
    """The question for a two-card hand against ``up``, with the exact EVs of hit,
    stand, double and (for a pair) split: full shoe less these three cards."""
    if len(cards) != 2:
        raise ValueError("a drill hand is two cards")
    c1, c2 = (card_value(c) for c in cards)
    if {c1, c2} == {1, 10}:
        raise ValueError("a natural is not a decision")
    up_value = card_value(up)
    ev = analysis_for(rules).hand_ev(c1, c2, up_value)
    evs: dict[str, float] = {"Hit": ev.hit, "Stand": ev.stand, "Double": ev.double}
    if c1 == c2 and ev.split is not None and rules.max_hands >= 2:
        evs["Split"] = ev.split
    spot = f"{hand_words((c1, c2))} against {up_words(up_value)}"
    return Question("blackjack", category, tuple(cards), spot, evs, up=up)


# -- poker ------------------------------------------------------------------------------


def exchange_words(discards: Sequence[int]) -> str:
    """A poker choice in the table's words, positions 0-4 shown 1-5: "exchange 1 3 5",
    "stand pat", "exchange all five"."""
    if not discards:
        return "stand pat"
    if len(discards) == 5:
        return "exchange all five"
    return "exchange " + " ".join(str(i + 1) for i in sorted(discards))


def _rank(card: Card) -> int:
    return 14 if card.rank == 1 else card.rank


def obvious_hold(cards: Sequence[Card], machine: Machine) -> tuple[int, ...]:
    """What a rule of thumb holds: the paying cards; else any pair; else four to a flush;
    else the high cards (those that could make the lowest paying pair); wild cards always."""
    paying = machine.paying_positions(cards)
    if paying:
        return paying
    wild = [i for i, c in enumerate(cards) if machine.is_wild(c)]
    natural = [i for i in range(5) if i not in wild]
    counts = Counter(_rank(cards[i]) for i in natural)
    paired = [i for i in natural if counts[_rank(cards[i])] >= 2]
    if paired:
        return tuple(sorted(wild + paired))
    suits = Counter(cards[i].suit for i in natural)
    if suits:
        suit, n = suits.most_common(1)[0]
        if n + len(wild) >= 4 and n >= 2:
            return tuple(sorted(wild + [i for i in natural if cards[i].suit == suit]))
    high = [i for i in natural if _rank(cards[i]) >= machine.min_pair_rank]
    return tuple(sorted(wild + high))


class PokerDrill:
    """Draw-poker questions on ``machine`` at ``coins`` coins: :meth:`question`."""

    game = "poker"

    def __init__(self, machine: Machine, rng: random.Random | None = None, coins: int = 5) -> None:
        self.machine = machine
        self.coins = coins
        self.rng = rng if rng is not None else random.Random()

    def deal(self) -> tuple[Card, ...]:
        return tuple(self.rng.sample(self.machine.deck(), 5))

    def question(self) -> Question:
        """The next question: with :data:`POKER_TRICKY_SHARE` chance a hand whose best hold
        is not :func:`obvious_hold` ("not obvious"), else any hand ("plain")."""
        tricky = self.rng.random() < POKER_TRICKY_SHARE
        cards = self.deal()
        evs = hold_evs(cards, self.machine, self.coins)
        if tricky:
            for _ in range(_TRICKY_TRIES):
                if not _tied(evs, obvious_hold(cards, self.machine)):
                    break
                cards = self.deal()
                evs = hold_evs(cards, self.machine, self.coins)
            else:  # pragma: no cover - 400 hands without one: practically impossible
                tricky = False
        category = "not obvious" if tricky else "plain"
        choices: dict[str, float] = {}
        holds: dict[str, tuple[int, ...]] = {}
        for h in evs:  # best first: ties keep the hold with more cards first
            words = exchange_words(h.discards)
            choices[words] = float(h.ev)
            holds[words] = h.hold
        spot = " ".join(c.label() for c in cards)
        return Question("poker", category, cards, spot, choices, holds=holds)


def _tied(evs: Sequence[HoldEV], hold: tuple[int, ...]) -> bool:
    """True when ``hold`` is worth as much as the best hold (then it is no lesson)."""
    best = evs[0].ev
    return any(h.hold == hold and h.ev == best for h in evs)
