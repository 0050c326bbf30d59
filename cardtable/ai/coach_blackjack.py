"""Exact blackjack action values for the cards actually left.

:func:`blackjack_action_evs` answers "what is each legal action worth, now?" for one
hand at the table: the expected *net* return of each action per unit of the hand's
original stake (0 = break even, +1 = the stake won, -1 = the stake lost; stand on hard
20 against a 6 is about +0.70), computed exactly for the composition of the unseen
cards — the shoe as it stands, less every card the player has seen — rather than for a
fresh shoe. The dealer's face-down card is one of the unseen cards.

The model is the one of :mod:`cardtable.ai.bj_analysis` (whose code it reuses), for a
shoe given card by card instead of a full shoe less the hand:

- every later card is drawn without replacement from the unseen cards; the dealer's
  final distribution is recomputed exactly for every set of cards the player may draw;
- after the action, the hand is played on optimally for its own composition (hit or
  stand; a double takes one card and stands);
- without peek (this house) a dealer blackjack takes every stake: -1 for a hand stood
  or hit, -2 for a double, -1 per split hand. With peek (``Rules.dealer_peeks``) the
  player only acts when the dealer has no blackjack, so the values are conditional on
  that, exactly as :meth:`Analysis.hand_ev`; late surrender as the analysis values it;
- **splits** count the hands they make: the split value is the total over every
  resulting hand per original stake. Each split hand is played optimally for its own
  cards and the pair cards (not the other split hands' cards — the standard
  calculators' convention). Without a resplit that value is *exact* (by the
  exchangeability of the unseen cards; the tests check it against a card-by-card
  enumeration to 1e-12). Resplits (up to ``Rules.max_hands`` hands in all, counting
  the seat's other hands; aces only with ``Rules.resplit_aces``; split aces take one
  card each and stand) are an approximation: the chance that a hand draws another
  pair card is updated for the pair cards already out (as in the analysis), and a hand
  that takes a non-pair card while ``k`` pair cards are out is valued on the shoe with
  those ``k`` out (the analysis values every hand with two out). Against brute force
  on 14-card shoes its error is at most 0.021 of a stake in the cases tested (the
  analysis' model: 0.065), and it shrinks as the shoe grows; on a full 6-deck shoe
  the two models differ by at most 0.0022. The error goes either way: the model may
  *overstate* a split, above the true optimum (on 10-card shoes by up to 0.058: 4,4
  against a 5). So when few cards are unseen (:data:`EXACT_SPLIT_CARDS`) a split with
  resplits is counted card by card instead (:mod:`cardtable.ai.bj_split_exact`, the
  brute force of the tests), whenever that count fits the tip's time budget.

On a full shoe every other value is the analysis' (``Analysis.hand_ev``) to 1e-15.

A shoe so short that the cards could run out before the round ends is outside the
model: the dealer's distribution is then conditional on the dealer finishing.

How it is fast: every hand the start can become (every multiset of cards it can draw
while it may still hit) is laid out once per starting total (:func:`start_layout`), and the
whole layout is valued at once with numpy — one pass over the dealer's tree for all
its shoes, then stand / hit / double layer by layer. The dealer's distributions are
kept per shoe (:mod:`.coach_bj_values`), so the next question of a round, whose unseen
cards plus hand are the same shoe, mostly finds them computed; a question asked twice
is answered from a cache. :func:`prepare` builds the trees and layouts ahead.

:func:`unseen_counts` builds ``remaining`` from what the player's seat may know (the
shoe's composition since the last shuffle less every card seen since): never the
face-down card, never the order of the shoe.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from functools import lru_cache
from typing import SupportsIndex

from cardtable.core.blackjack import Action, Hand, Rules, SeatView, card_value
from cardtable.core.blackjack_totals import values_total
from cardtable.core.cards import Card

from .bj_dealer import full_shoe_counts
from .bj_split_exact import NotCounted, exact_split
from .bj_upcard import Counts
from .coach_bj_values import ShoeEvaluator, prepare, start_layout, table_values

#: Unseen cards up to which a split with resplits is counted card by card
#: (:mod:`cardtable.ai.bj_split_exact`) instead of modelled, when the count fits its budget.
EXACT_SPLIT_CARDS = 14

__all__ = [
    "blackjack_action_evs",
    "prepare",
    "unseen_counts",
    "unseen_from_cards",
    "full_shoe",
    "ACTION_ORDER",
]

#: The order used to break ties and list actions.
ACTION_ORDER: tuple[Action, ...] = (Action.STAND, Action.HIT, Action.DOUBLE, Action.SPLIT,
                                    Action.SURRENDER)


# -- input ---------------------------------------------------------------------------


def _as_int(x: object) -> int | None:
    """An integer (numpy's too), never a bool or a float; None otherwise."""
    if isinstance(x, bool) or not isinstance(x, SupportsIndex):
        return None
    return operator.index(x)


def _value_of(card: object, what: str) -> int:
    if isinstance(card, Card):
        return card_value(card)
    v = _as_int(card)
    if v is not None and 1 <= v <= 10:
        return v
    raise ValueError(f"{what} must be a Card or a card value 1-10 (ace = 1), not {card!r}")


def _counts_of(values: Iterable[int]) -> Counts:
    counts = [0] * 10
    for v in values:
        counts[v - 1] += 1
    return tuple(counts)


def full_shoe(decks: int) -> dict[int, int]:
    """A full shoe of ``decks`` decks as ``remaining`` counts (rank 1-10, tens together)."""
    if not isinstance(decks, int) or isinstance(decks, bool) or decks < 1:
        raise ValueError(f"decks must be a positive int, not {decks!r}")
    return {v: c for v, c in enumerate(full_shoe_counts(decks), start=1)}


def _check_remaining(remaining: Mapping[int, int]) -> Counts:
    if not isinstance(remaining, Mapping):
        raise ValueError(f"remaining must map card values 1-10 to counts, not {remaining!r}")
    counts = [0] * 10
    for key, number in remaining.items():
        value, count = _as_int(key), _as_int(number)
        if value is None or not 1 <= value <= 10:
            raise ValueError(f"remaining: card values are 1-10 (ace = 1, tens together), not {key!r}")
        if count is None or count < 0:
            raise ValueError(f"remaining: the count of {value}s must be a non-negative int, not {number!r}")
        counts[value - 1] = count
    if sum(counts) < 1:
        raise ValueError("remaining: no unseen card, but the dealer's face-down card is one")
    return tuple(counts)


def unseen_from_cards(seen: Iterable[Card | int], decks: int) -> dict[int, int]:
    """The unseen cards of a shoe of ``decks`` full decks after ``seen`` came out.

    ``seen`` is every card the player has seen since the last shuffle, this round's
    face-up cards included (never the face-down card). A table that knows its shoe's
    composition and the cards seen can pass them straight here.
    """
    counts = full_shoe(decks)
    for card in seen:
        v = _value_of(card, "a seen card")
        if counts[v] == 0:
            raise ValueError(
                f"more {'aces' if v == 1 else 'ten-valued cards' if v == 10 else f'{v}s'} seen "
                f"than a {decks}-deck shoe holds"
            )
        counts[v] -= 1
    return counts


def unseen_counts(view: SeatView) -> dict[int, int]:
    """``remaining`` for :func:`blackjack_action_evs` from what a seat may know.

    A seat's view carries every card seen since the last shuffle (earlier rounds of this
    shoe — a player can count the discards — and this round's face-up cards); the shoe
    holds ``view.rules.decks`` full decks when shuffled. The face-down card is not in
    the view, so it stays among the unseen cards, as does the whole undealt shoe.
    """
    return unseen_from_cards(view.seen_since_shuffle, view.rules.decks)


# -- the values ----------------------------------------------------------------------


def _parse_hand(hand: object) -> tuple[list[int], bool, bool]:
    """(card values, from a split, split aces) of a Hand or a sequence of cards/values."""
    if isinstance(hand, Hand):
        return [card_value(c) for c in hand.cards], hand.from_split, hand.split_aces
    if isinstance(hand, (str, bytes)) or not isinstance(hand, Sequence):
        raise ValueError(f"hand must be a Hand or a sequence of cards, not {hand!r}")
    return [_value_of(c, "a hand's card") for c in hand], False, False


def _check_legal(legal: object) -> frozenset[Action]:
    if isinstance(legal, Action):
        raise ValueError("legal must be a set of actions, not one action")
    if not isinstance(legal, (AbstractSet, Sequence)) or isinstance(legal, (str, bytes)):
        raise ValueError(f"legal must be a set of actions, not {legal!r}")
    actions = frozenset(legal)
    for a in actions:
        if not isinstance(a, Action):
            raise ValueError(f"legal holds {a!r}, which is not an Action")
    if not actions:
        raise ValueError("no legal action: there is no decision to value")
    return actions


def blackjack_action_evs(
    rules: Rules,
    hand: Hand | Sequence[Card] | Sequence[int],
    dealer_up: Card | int,
    legal: AbstractSet[Action] | Sequence[Action],
    remaining: Mapping[int, int] | None = None,
    *,
    hands: int | None = None,
    from_split: bool | None = None,
    split_aces: bool | None = None,
) -> dict[Action, float]:
    """Expected net return of each legal action per unit of the hand's original stake.

    ``hand`` is a :class:`~cardtable.core.blackjack.Hand` (which says whether it came
    from a split) or its cards (``Card`` or values 1-10, ace = 1); ``dealer_up`` a Card
    or value. ``legal`` is what the table offers; only those actions are valued.
    ``remaining`` maps card value 1-10 (ten-valued cards together) to the number of
    unseen cards — the face-down card among them, the hand and up card not;
    ``None`` = a full shoe of ``rules.decks`` decks less the hand and the up card.

    Values are net (0 = break even): the convention of ``bj_analysis.HandEV``; with
    ``rules.dealer_peeks`` conditional on the dealer not having blackjack. A double
    counts its doubled stake (it may lose 2), a split the total of its hands.

    Keywords (a plain card sequence cannot say them): ``hands`` is how many hands the
    seat holds now (default 1, or 2 for a split hand), which limits resplits;
    ``from_split`` / ``split_aces`` override the hand's own flags.

    Raises ``ValueError`` with a clear message for ill-formed input or an action that
    cannot be legal for this hand.
    """
    if not isinstance(rules, Rules):
        raise ValueError(f"rules must be a Rules, not {rules!r}")
    values, split_hand, aces_split = _hand_flags(hand, from_split, split_aces)
    up = _value_of(dealer_up, "dealer_up")
    actions = _check_legal(legal)
    if len(values) < 2:
        raise ValueError(f"a hand to act holds at least two cards, not {len(values)}")
    n_hands = _seat_hands(rules, hands, split_hand)
    total, _ = values_total(values)
    if total > 21:
        raise ValueError(f"the hand is bust ({total}): there is no decision")
    why = _why_illegal(rules, values, total, split_hand, aces_split, n_hands)
    for action in ACTION_ORDER:
        reason = why[action]
        if action in actions and reason is not None:
            raise ValueError(f"{action.value} is not legal for this hand: {reason}")
    natural = len(values) == 2 and total == 21 and not split_hand
    if natural and actions != {Action.STAND}:
        raise ValueError("a natural stands automatically")
    rem = _unseen_off_the_top(rules, values, up) if remaining is None else _check_remaining(remaining)
    answer = _answer(rules, tuple(values), up, actions, rem, n_hands, natural)
    return dict(answer)


def _hand_flags(hand: object, from_split: bool | None, split_aces: bool | None) -> tuple[list[int], bool, bool]:
    """(card values, from a split, split aces) of the hand, the keywords overriding its flags."""
    values, split_hand, aces_split = _parse_hand(hand)
    if from_split is not None:
        split_hand = bool(from_split)
    if split_aces is not None:
        aces_split = bool(split_aces)
        split_hand = split_hand or aces_split
    return values, split_hand, aces_split


def _seat_hands(rules: Rules, hands: int | None, split_hand: bool) -> int:
    """How many hands the seat holds (checked; by default 1, or 2 for a split hand)."""
    n_hands = (2 if split_hand else 1) if hands is None else _as_int(hands)
    if n_hands is None or not 1 <= n_hands <= rules.max_hands:
        raise ValueError(f"hands must be 1-{rules.max_hands} (the seat's hands now), not {hands!r}")
    if split_hand and n_hands < 2:
        raise ValueError("a split hand means the seat holds at least 2 hands")
    return n_hands


def _why_illegal(rules: Rules, values: Sequence[int], total: int, split_hand: bool, aces_split: bool,
                 n_hands: int) -> dict[Action, str | None]:
    """Per action, why it cannot be legal for this hand (None: it may be)."""
    two = len(values) == 2
    pair = two and values[0] == values[1]
    return {
        Action.STAND: None,
        Action.HIT: ("a hand of 21 cannot hit" if total >= 21
                     else "split aces take one card only" if aces_split else None),
        Action.DOUBLE: ("double is only on the first two cards" if not two
                        else "split aces cannot double" if aces_split
                        else "no double after split in these rules"
                        if split_hand and not rules.double_after_split else None),
        Action.SPLIT: ("split needs two cards of the same value" if not pair
                       else f"at most {rules.max_hands} hands" if n_hands >= rules.max_hands
                       else "aces may not be split again" if aces_split and not rules.resplit_aces
                       else None),
        Action.SURRENDER: ("no surrender in these rules" if not rules.late_surrender
                           else "surrender is only on the first two cards of an unsplit hand"
                           if not two or split_hand or n_hands > 1 else None),
    }


def _unseen_off_the_top(rules: Rules, values: Sequence[int], up: int) -> Counts:
    """A full shoe of ``rules.decks`` decks less the hand and the up card."""
    unseen = list(full_shoe_counts(rules.decks))
    unseen[up - 1] -= 1
    for v in values:
        unseen[v - 1] -= 1
    if min(unseen) < 0:
        raise ValueError(f"the hand and up card hold more cards of a value than {rules.decks} decks")
    return tuple(unseen)


@lru_cache(maxsize=512)
def _answer(rules: Rules, values: tuple[int, ...], up: int, actions: frozenset[Action], rem: Counts,
            n_hands: int, natural: bool) -> tuple[tuple[Action, float], ...]:
    """The values of a checked question (the same question twice is answered at once)."""
    comp = _counts_of(values)
    base = tuple(r + c for r, c in zip(rem, comp, strict=True))
    ev = ShoeEvaluator(rules, up, base)
    p_no_bj = 1.0 - ev.p_blackjack(comp)
    if ev.peek and p_no_bj <= 0.0:
        raise ValueError("with peek the dealer has no blackjack, but every unseen card would make one")

    out: dict[Action, float] = {}
    if actions & {Action.STAND, Action.HIT, Action.DOUBLE}:
        hard = sum(values)
        table = table_values(start_layout(hard, 1 in values, False), base, [comp], up, rules,
                              (0,) if Action.DOUBLE in actions else ())
        if Action.STAND in actions:
            if natural:
                pays = rules.blackjack_pays[0] / rules.blackjack_pays[1]
                out[Action.STAND] = pays * p_no_bj
            else:
                out[Action.STAND] = float(table.stand[0, 0])
        if Action.HIT in actions:
            out[Action.HIT] = float(table.hit[0, 0])
        if Action.DOUBLE in actions:
            out[Action.DOUBLE] = float(table.double[0, 0])
    if Action.SURRENDER in actions:
        out[Action.SURRENDER] = ev.surrender(comp)
    if Action.SPLIT in actions:
        out[Action.SPLIT] = _split_value(ev, values[0], base, comp, n_hands)
    if ev.peek:
        out = {a: v / p_no_bj for a, v in out.items()}
    return tuple((a, out[a]) for a in ACTION_ORDER if a in out)


def _split_value(ev: ShoeEvaluator, pair: int, base: Counts, comp: Counts, n_hands: int) -> float:
    """Total value of splitting a pair, per original stake (see the module doc).

    A split hand that takes a non-pair card when ``k`` pair cards are out (its own, the
    other hands', the resplit ones) is valued on the shoe with those ``k`` pair cards
    gone; the chance that a hand draws a pair card is updated the same way. Without a
    resplit (``k`` = 2 only) this is exact and the analysis' own value.
    """
    rules = ev.rules
    aces = pair == 1
    i_pair = pair - 1
    # The seat's other hands take places out of max_hands.
    max_hands = rules.max_hands - (n_hands - 1)
    may_resplit = rules.resplit_aces or not aces
    top = max_hands if may_resplit else 2
    top = min(top, 2 + base[i_pair] - comp[i_pair])  # no more pair cards than there are
    if top > 2 and ev.n - 2 <= EXACT_SPLIT_CARDS:  # few cards: count every one if it fits
        shoe = tuple(b - c for b, c in zip(base, comp, strict=True))
        try:
            return exact_split(pair, ev.up, shoe, max_hands=max_hands, hits_soft_17=rules.dealer_hits_soft_17,
                               peek=rules.dealer_peeks, double_after_split=rules.double_after_split,
                               resplit_aces=rules.resplit_aces)
        except NotCounted:
            pass
    per_k = _split_hand_values(ev, pair, base, comp, top)
    return _split_total(per_k, base[i_pair], ev.n, top)


def _split_hand_values(ev: ShoeEvaluator, pair: int, base: Counts, comp: Counts,
                       top: int) -> dict[int, tuple[float, float]]:
    """Per ``k`` pair cards out (2 to ``top``): the mean value of a split hand whose second
    card is not a pair card, and the value of a hand kept as a pair when no more hands
    are allowed."""
    rules = ev.rules
    aces = pair == 1
    i_pair = pair - 1
    removed0 = [tuple(c + (k - 2) * (i == i_pair) for i, c in enumerate(comp)) for k in range(2, top + 1)]
    layout = start_layout(pair, aces, True)
    can_double = rules.double_after_split and not aces
    table = table_values(layout, base, removed0, ev.up, rules, (1,) if can_double else ())
    first = [int(j) for j in layout.child[0]]  # the state after the second card, per value

    def hand(row: int, i: int) -> float:
        j = first[i]
        if aces:
            return float(table.stand[row, j])
        value = float(table.best[row, j])
        if can_double:
            value = max(value, float(table.double[row, j]))
        return value

    per_k: dict[int, tuple[float, float]] = {}
    for k, removed in enumerate(removed0, start=2):
        left = ev.n - sum(removed)
        if left <= 0:
            continue
        row = k - 2
        not_pair = 0.0
        q = 0.0
        for i in range(10):
            c = base[i] - removed[i]
            if c > 0:
                if i == i_pair:
                    q = c / left
                else:
                    not_pair += c / left * hand(row, i)
        keep_pair = hand(row, i_pair) if base[i_pair] - removed[i_pair] > 0 else 0.0
        per_k[k] = (not_pair / (1.0 - q) if q < 1.0 else 0.0, keep_pair)
    return per_k


def _split_total(per_k: dict[int, tuple[float, float]], pair_cards: int, n_all: int, top: int) -> float:
    """The total of the two split hands and their resplits (up to ``top`` hands), each
    hand valued by ``per_k`` for the pair cards out when it takes its second card."""
    memo: dict[tuple[int, int], float] = {}

    def hands_value(pending: int, hands: int) -> float:
        """The total of ``pending`` hands still to get their second card, ``hands`` made."""
        if pending == 0:
            return 0.0
        key = (pending, hands)
        value = memo.get(key)
        if value is not None:
            return value
        left = n_all - hands
        q = max(pair_cards - hands, 0) / left if left > 0 else 0.0
        not_pair_each, keep_pair = per_k.get(hands, (0.0, 0.0))
        rest = hands_value(pending - 1, hands)
        keep = keep_pair + rest
        draw_pair = keep
        if hands < top:
            again = hands_value(pending + 1, hands + 1)
            if again > keep:
                draw_pair = again
        value = (1.0 - q) * (not_pair_each + rest) + q * draw_pair
        memo[key] = value
        return value

    return hands_value(2, 2)
