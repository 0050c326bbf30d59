"""Video-poker machines: pay tables as data, wild cards at their best, every hand.

The exhaustive tests put every one of the C(52,5) (or C(53,5)) hands on its pay row
with the core's classifier (through ``hand_rows``, which asks ``Machine.classify``
for one hand per natural-rank key) and compare the counts with an independent brute
force written here: every wild card is replaced by every one of the 52 cards (even
one already in the hand, as wild cards may), each concrete hand is ranked by plain
rank counting, and the best paying result is kept. Deals are grouped only by what
cannot matter to that brute force: suit relabelling of the natural cards, and the
suits of the wild cards themselves (a wild card is replaced whatever its suit).
"""

from __future__ import annotations

import functools
import itertools
import json
import random

import numpy as np
import pytest

from cardtable.ai.poker_analysis import all_hands, hand_rows, index_card, row_counts
from cardtable.ai.poker_machines import MACHINE_ORDER, UnknownMachine, load_machines, machine_named
from cardtable.core.cards import Card, Shoe, parse_cards
from cardtable.core.poker import HandCategory, evaluate
from cardtable.core.poker_machines import (
    JACKS_OR_BETTER,
    JOKER,
    Joker,
    Machine,
    PayHand,
    new_deck,
    restore_deck,
)
from cardtable.resources import read_json

MACHINES = load_machines()


def hand(text: str) -> list[Card]:
    return [JOKER if t == "JK" else Card.parse(t) for t in text.split()]


# -- the pay tables as the issue gives them (per coin; 5 coins for the royal) ------------------

ISSUE_TABLES: dict[str, dict[PayHand, int]] = {
    "jacks-or-better-9-6": {
        PayHand.STRAIGHT_FLUSH: 50, PayHand.FOUR_OF_A_KIND: 25, PayHand.FULL_HOUSE: 9, PayHand.FLUSH: 6,
        PayHand.STRAIGHT: 4, PayHand.THREE_OF_A_KIND: 3, PayHand.TWO_PAIR: 2, PayHand.HIGH_PAIR: 1,
    },
    "bonus-poker-8-5": {
        PayHand.STRAIGHT_FLUSH: 50, PayHand.FOUR_ACES: 80, PayHand.FOUR_2_4: 40, PayHand.FOUR_5_K: 25,
        PayHand.FULL_HOUSE: 8, PayHand.FLUSH: 5, PayHand.STRAIGHT: 4, PayHand.THREE_OF_A_KIND: 3,
        PayHand.TWO_PAIR: 2, PayHand.HIGH_PAIR: 1,
    },
    "double-double-bonus-9-6": {
        PayHand.FOUR_ACES_KICKER: 400, PayHand.FOUR_2_4_KICKER: 160, PayHand.FOUR_ACES: 160,
        PayHand.FOUR_2_4: 80, PayHand.FOUR_5_K: 50, PayHand.STRAIGHT_FLUSH: 50, PayHand.FULL_HOUSE: 9,
        PayHand.FLUSH: 6, PayHand.STRAIGHT: 4, PayHand.THREE_OF_A_KIND: 3, PayHand.TWO_PAIR: 1,
        PayHand.HIGH_PAIR: 1,
    },
    "deuces-wild": {
        PayHand.FOUR_DEUCES: 200, PayHand.WILD_ROYAL: 25, PayHand.FIVE_OF_A_KIND: 15, PayHand.STRAIGHT_FLUSH: 9,
        PayHand.FOUR_OF_A_KIND: 5, PayHand.FULL_HOUSE: 3, PayHand.FLUSH: 2, PayHand.STRAIGHT: 2,
        PayHand.THREE_OF_A_KIND: 1,
    },
    "joker-poker": {
        PayHand.FIVE_OF_A_KIND: 200, PayHand.WILD_ROYAL: 100, PayHand.STRAIGHT_FLUSH: 50,
        PayHand.FOUR_OF_A_KIND: 20, PayHand.FULL_HOUSE: 7, PayHand.FLUSH: 5, PayHand.STRAIGHT: 3,
        PayHand.THREE_OF_A_KIND: 2, PayHand.TWO_PAIR: 1, PayHand.HIGH_PAIR: 1,
    },
}


@pytest.mark.parametrize("key", MACHINE_ORDER)
def test_each_machine_pays_what_the_issue_says(key: str) -> None:
    machine = MACHINES[key]
    expected = ISSUE_TABLES[key]
    assert set(machine.pays) == set(expected) | {PayHand.NATURAL_ROYAL}
    for row, per_coin in expected.items():
        assert machine.pays[row] == tuple(per_coin * n for n in range(1, 6)), row
    # The natural royal: 250 per coin at 1-4 coins, 800 per coin at 5, on every machine.
    assert machine.pays[PayHand.NATURAL_ROYAL] == (250, 500, 750, 1000, 4000)


def test_the_house_machine_is_the_shipped_jacks_or_better_file() -> None:
    assert MACHINES["jacks-or-better-9-6"] == JACKS_OR_BETTER
    assert Machine.from_mapping(read_json("paytables", "jacks-or-better-9-6.json")).to_mapping() == (
        JACKS_OR_BETTER.to_mapping()
    )


def test_a_machine_round_trips_through_its_data() -> None:
    for machine in MACHINES.values():
        assert Machine.from_mapping(machine.to_mapping()) == machine


def test_machines_are_found_by_key_or_name_and_unknown_names_list_them() -> None:
    assert machine_named("Deuces-Wild") is MACHINES["deuces-wild"]
    assert machine_named("9/6 jacks or better") is MACHINES["jacks-or-better-9-6"]
    with pytest.raises(UnknownMachine) as error:
        machine_named("aces and faces")
    assert all(key in str(error.value) for key in MACHINE_ORDER)


@pytest.mark.parametrize(
    "data, words",
    [
        ({"key": "x", "name": "X", "wild": "jokers", "pays": {"NATURAL_ROYAL": [1, 2, 3, 4, 5]}}, "wild"),
        ({"key": "x", "name": "X", "pays": {"NATURAL_ROYAL": [1, 2, 3, 4]}}, "positive whole"),
        ({"key": "x", "name": "X", "pays": {"FIVE_OF_A_KIND": [1, 2, 3, 4, 5]}}, "wild cards"),
        ({"key": "x", "name": "X", "wild": "deuces", "pays": {"NATURAL_ROYAL": [1, 2, 3, 4, 5],
                                                             "FOUR_ACES_KICKER": [1, 2, 3, 4, 5]}}, "kicker"),
        ({"key": "x", "name": "X", "pays": {"FLUSH": [1, 2, 3, 4, 5]}}, "natural royal"),
        ({"key": "x", "name": "X", "pays": {"NO_SUCH_ROW": [1, 2, 3, 4, 5]}}, "bad machine"),
    ],
)
def test_bad_machine_data_is_refused(data: dict[str, object], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        Machine.from_mapping(data)


# -- hands by hand ------------------------------------------------------------------------------

CASES = [
    ("jacks-or-better-9-6", "AS KS QS JS TS", PayHand.NATURAL_ROYAL),
    ("jacks-or-better-9-6", "JS JD 4C 5H 9S", PayHand.HIGH_PAIR),
    ("jacks-or-better-9-6", "TS TD 4C 5H 9S", None),
    ("bonus-poker-8-5", "AS AD AH AC 9S", PayHand.FOUR_ACES),
    ("bonus-poker-8-5", "3S 3D 3H 3C 9S", PayHand.FOUR_2_4),
    ("bonus-poker-8-5", "KS KD KH KC 9S", PayHand.FOUR_5_K),
    ("double-double-bonus-9-6", "AS AD AH AC 4S", PayHand.FOUR_ACES_KICKER),
    ("double-double-bonus-9-6", "AS AD AH AC 5S", PayHand.FOUR_ACES),
    ("double-double-bonus-9-6", "2S 2D 2H 2C AS", PayHand.FOUR_2_4_KICKER),
    ("double-double-bonus-9-6", "4S 4D 4H 4C 3S", PayHand.FOUR_2_4_KICKER),
    ("double-double-bonus-9-6", "4S 4D 4H 4C 5S", PayHand.FOUR_2_4),
    ("double-double-bonus-9-6", "9S 9D 4H 4C 5S", PayHand.TWO_PAIR),
    ("deuces-wild", "AH KH QH JH TH", PayHand.NATURAL_ROYAL),
    ("deuces-wild", "2H KH QH JH TH", PayHand.WILD_ROYAL),
    ("deuces-wild", "2H 2S 2D 2C TH", PayHand.FOUR_DEUCES),
    ("deuces-wild", "2H 2S 2D KC KH", PayHand.FIVE_OF_A_KIND),
    ("deuces-wild", "2H 2S 2D 7C 9C", PayHand.STRAIGHT_FLUSH),
    ("deuces-wild", "2H 2S 2D 7C 9H", PayHand.FOUR_OF_A_KIND),
    ("deuces-wild", "2H 5S 5D 9C 9H", PayHand.FULL_HOUSE),
    ("deuces-wild", "2H 2C 4D 7S 9H", PayHand.THREE_OF_A_KIND),
    ("deuces-wild", "2H 3C 4D 7S 9H", None),  # a pair pays nothing here
    ("deuces-wild", "2H 3C 4D 5S 6H", PayHand.STRAIGHT),
    ("deuces-wild", "2H KS JS 8S 3S", PayHand.FLUSH),
    ("deuces-wild", "2H 3C 4D 8S 9H", None),
    ("deuces-wild", "KH KC 4D 4S 9H", None),  # two pair pays nothing here
    ("joker-poker", "JK AS AD AH AC", PayHand.FIVE_OF_A_KIND),
    ("joker-poker", "JK KS QS JS TS", PayHand.WILD_ROYAL),
    ("joker-poker", "AS KS QS JS TS", PayHand.NATURAL_ROYAL),
    ("joker-poker", "JK KS 7D 5H 3C", PayHand.HIGH_PAIR),
    ("joker-poker", "JK QS 7D 5H 3C", None),  # a pair of queens: below kings
    ("joker-poker", "JK 9S 9D 5H 3C", PayHand.THREE_OF_A_KIND),
    ("joker-poker", "JK 9S 9D 5H 5C", PayHand.FULL_HOUSE),
    ("joker-poker", "JK 9S 8D 6H 5C", PayHand.STRAIGHT),
    ("joker-poker", "JK AS 2D 3H 4C", PayHand.STRAIGHT),
    ("joker-poker", "JK QS KD AH 2C", PayHand.HIGH_PAIR),  # no wrap-around straight: aces
    ("joker-poker", "KS KD 4H 4C 9S", PayHand.TWO_PAIR),
]


@pytest.mark.parametrize("key, text, expected", CASES)
def test_hands_by_hand(key: str, text: str, expected: PayHand | None) -> None:
    assert MACHINES[key].classify(hand(text)) is expected


def test_payout_and_bad_hands() -> None:
    deuces = MACHINES["deuces-wild"]
    assert deuces.payout(hand("2H 2S 2D 2C TH"), 5) == 1000
    assert deuces.payout(hand("AH KH QH JH TH"), 5) == 4000
    assert deuces.payout(hand("AH KH QH JH TH"), 4) == 1000
    with pytest.raises(ValueError):
        deuces.payout(hand("AH KH QH JH TH"), 6)
    with pytest.raises(ValueError):
        deuces.classify(hand("AH AH QH JH TH"))
    with pytest.raises(ValueError):
        deuces.classify(hand("JK AH QH JH TH"))  # no joker in this deck
    with pytest.raises(ValueError):
        evaluate(hand("JK AH QH JH TH"))  # the natural evaluator refuses the joker


def test_row_labels() -> None:
    assert MACHINES["joker-poker"].row_label(PayHand.HIGH_PAIR) == "Kings or Better"
    assert MACHINES["jacks-or-better-9-6"].row_label(PayHand.HIGH_PAIR) == "Jacks or Better"
    assert MACHINES["deuces-wild"].row_label(PayHand.NATURAL_ROYAL) == "Natural Royal Flush"
    assert MACHINES["jacks-or-better-9-6"].row_label(PayHand.NATURAL_ROYAL) == "Royal Straight Flush"


def test_the_joker_deck_is_53_cards_and_survives_a_snapshot() -> None:
    deck = new_deck("joker", random.Random(3))
    assert deck.remaining == 53
    cards = deck.undealt()
    assert cards.count(JOKER) == 1 and len(set(cards)) == 53
    snapshot = deck.snapshot()
    again = restore_deck(snapshot, "joker")
    assert again.undealt() == cards
    assert isinstance(again.undealt()[cards.index(JOKER)], Joker)
    with pytest.raises(ValueError):
        restore_deck({**snapshot, "all": str(snapshot["all"]).replace("JK", "AS")}, "joker")  # two AS
    assert restore_deck(Shoe(1, random.Random(1)).snapshot(), "none").remaining == 52


# -- every hand, against a brute force ------------------------------------------------------------

_RANK = np.arange(53) // 4 + 2
_SUIT = np.arange(53) % 4
_RANK8 = _RANK.astype(np.int8)
_SUIT8 = _SUIT.astype(np.int8)


def _brute_best(machine: Machine, natural: np.ndarray, wilds: int) -> np.ndarray:
    """Best (pay, row) over every substitution of ``wilds`` wild cards, for each row of
    ``natural`` (G × (5 − wilds) card numbers). Returns G PayHand values (0 = nothing).

    Every concrete hand is one row, ranked by plain rank counting; the five cards are
    held as five columns (small integers, one contiguous array each), so each step is
    one pass over the rows."""
    subs = np.array(list(itertools.combinations_with_replacement(range(52), wilds)), dtype=np.int64)
    subs = subs.reshape(len(subs), wilds)
    g, s = len(natural), len(subs)
    cards = [np.repeat(natural[:, p], s) for p in range(5 - wilds)] + [np.tile(subs[:, q], g) for q in range(wilds)]
    # (g*s) concrete hands, duplicates allowed; ranks sorted within each hand
    sorted_ranks = np.sort(np.stack([_RANK8[c] for c in cards], axis=1), axis=1)
    r = [np.ascontiguousarray(sorted_ranks[:, i]) for i in range(5)]
    su = [_SUIT8[c] for c in cards]
    del cards, sorted_ranks
    # how often each card's rank occurs in its hand
    same = [functools.reduce(np.add, [(r[i] == r[j]).view(np.int8) for j in range(5)]) for i in range(5)]
    shape = functools.reduce(np.add, same)  # 5 nothing, 7 pair, 9 two pair, 11 trips, 13 full, 17 four, 25 five
    flush = functools.reduce(np.logical_and, [su[i] == su[0] for i in range(1, 5)])
    wheel = functools.reduce(np.logical_and, [r[i] == v for i, v in enumerate((2, 3, 4, 5, 14))])
    straight = (shape == 5) & ((r[4] - r[0] == 4) | wheel)
    royal = straight & flush & (r[0] == 10)

    def top(times: int, exact: bool) -> np.ndarray:
        """The highest rank occurring ``times`` times (at least, unless ``exact``), else 0."""
        return functools.reduce(
            np.maximum, [np.where((same[i] == times) if exact else (same[i] >= times), r[i], 0) for i in range(5)]
        )

    quad, kicker, pair = top(4, False), top(1, True), top(2, True)
    candidates = np.zeros(len(shape), dtype=np.int64)

    def put(mask: np.ndarray, row: PayHand) -> None:
        free = candidates == 0
        candidates[free & mask] = int(row)

    rows = machine.pays
    put(shape == 25, PayHand.FIVE_OF_A_KIND)
    put(royal, PayHand.NATURAL_ROYAL if wilds == 0 else PayHand.WILD_ROYAL)
    put(straight & flush, PayHand.STRAIGHT_FLUSH)
    four = shape == 17
    if PayHand.FOUR_ACES_KICKER in rows:
        put(four & (quad == 14) & np.isin(kicker, [2, 3, 4]), PayHand.FOUR_ACES_KICKER)
    if PayHand.FOUR_2_4_KICKER in rows:
        put(four & np.isin(quad, [2, 3, 4]) & np.isin(kicker, [14, 2, 3, 4]), PayHand.FOUR_2_4_KICKER)
    if PayHand.FOUR_ACES in rows:
        put(four & (quad == 14), PayHand.FOUR_ACES)
        put(four & np.isin(quad, [2, 3, 4]), PayHand.FOUR_2_4)
        put(four, PayHand.FOUR_5_K)
    put(four, PayHand.FOUR_OF_A_KIND)
    put(shape == 13, PayHand.FULL_HOUSE)
    put(flush, PayHand.FLUSH)
    put(straight, PayHand.STRAIGHT)
    put(shape == 11, PayHand.THREE_OF_A_KIND)
    put(shape == 9, PayHand.TWO_PAIR)
    put((shape == 7) & (pair >= machine.min_pair_rank), PayHand.HIGH_PAIR)
    pay = np.array([0] + [rows.get(PayHand(v), (0,) * 5)[-1] for v in range(1, max(PayHand) + 1)])
    score = pay[candidates] * 100 + candidates
    if machine.wild == "deuces" and wilds == 4:
        score[:] = rows[PayHand.FOUR_DEUCES][-1] * 100 + int(PayHand.FOUR_DEUCES)
    best = score.reshape(g, s).max(axis=1)
    return np.where(pay[best % 100] > 0, best % 100, 0)


@functools.lru_cache(maxsize=2)
def _deal_groups(deck_size: int, wild_kind: str) -> tuple[np.ndarray, ...]:
    """The deals grouped by their natural cards up to suit relabelling and the number of
    wild cards (the three machines without wild cards share one grouping): the first
    deal of each group, which of its cards are wild, the group keys and sizes. Computed
    card column by card column (one pass over the deals each)."""
    hands = all_hands(deck_size)
    n = len(hands)
    masks = np.zeros((4, n), dtype=np.int64)
    w = np.zeros(n, dtype=np.int64)
    for p in range(5):
        card = hands[:, p].astype(np.int64)
        wild = (card == 52) if wild_kind == "joker" else (_RANK[card] == 2) if wild_kind == "deuces" else (
            np.zeros(n, dtype=bool)
        )
        w += wild
        bit = np.where(wild, 0, np.left_shift(1, np.minimum(card, 51) // 4))
        suit = _SUIT[card]
        for s in range(4):
            masks[s] += np.where(suit == s, bit, 0)
    masks = np.sort(masks.T, axis=1)
    key = (((masks[:, 3] << 13 | masks[:, 2]) << 13 | masks[:, 1]) << 13 | masks[:, 0]) * 8 + w
    keys, first, sizes = np.unique(key, return_index=True, return_counts=True)
    reps = hands[first].astype(np.int64)
    wild_reps = (reps == 52) if wild_kind == "joker" else (_RANK[reps] == 2) if wild_kind == "deuces" else (
        np.zeros(reps.shape, dtype=bool)
    )
    return reps, wild_reps, keys, sizes


def _brute_counts(machine: Machine) -> dict[PayHand | None, int]:
    reps_all, wild_all, keys, sizes = _deal_groups(machine.deck_size, machine.wild)
    totals: dict[PayHand | None, int] = {None: 0}
    totals.update({h: 0 for h in machine.order})
    for wilds in range(5):
        chosen = (keys % 8) == wilds
        if not chosen.any():
            continue
        reps = reps_all[chosen]
        # Each representative's natural cards, ascending (a stable sort puts them first).
        order = np.argsort(wild_all[chosen], axis=1, kind="stable")
        natural = np.sort(np.take_along_axis(reps, order, axis=1)[:, :5 - wilds], axis=1)
        step = max(1, 2_000_000 // max(1, len(list(itertools.combinations_with_replacement(range(52), wilds)))))
        by_row = np.zeros(max(PayHand) + 1, dtype=np.int64)
        for lo in range(0, len(natural), step):
            best = _brute_best(machine, natural[lo:lo + step], wilds)
            np.add.at(by_row, best, sizes[chosen][lo:lo + step])
        for row, n in enumerate(by_row.tolist()):
            if n:
                totals[PayHand(row) if row else None] += n
    return totals


PUBLISHED = {
    # Counts of all 2,598,960 hands (combinatorics found in any video-poker reference).
    "jacks-or-better-9-6": {
        PayHand.NATURAL_ROYAL: 4, PayHand.STRAIGHT_FLUSH: 36, PayHand.FOUR_OF_A_KIND: 624,
        PayHand.FULL_HOUSE: 3744, PayHand.FLUSH: 5108, PayHand.STRAIGHT: 10200,
        PayHand.THREE_OF_A_KIND: 54912, PayHand.TWO_PAIR: 123552, PayHand.HIGH_PAIR: 337920,
    },
    "bonus-poker-8-5": {PayHand.FOUR_ACES: 48, PayHand.FOUR_2_4: 144, PayHand.FOUR_5_K: 432},
    "double-double-bonus-9-6": {
        PayHand.FOUR_ACES_KICKER: 12, PayHand.FOUR_ACES: 36, PayHand.FOUR_2_4_KICKER: 36,
        PayHand.FOUR_2_4: 108, PayHand.FOUR_5_K: 432,
    },
    "deuces-wild": {
        PayHand.NATURAL_ROYAL: 4, PayHand.FOUR_DEUCES: 48, PayHand.WILD_ROYAL: 480,
        PayHand.FIVE_OF_A_KIND: 624, PayHand.STRAIGHT_FLUSH: 2068, PayHand.FOUR_OF_A_KIND: 31552,
        PayHand.FULL_HOUSE: 12672, PayHand.FLUSH: 14472, PayHand.STRAIGHT: 62232,
        PayHand.THREE_OF_A_KIND: 355080,
    },
}


@pytest.mark.slow
@pytest.mark.parametrize("key", MACHINE_ORDER)
def test_every_hand_is_categorised_as_the_brute_force_says(key: str) -> None:
    machine = MACHINES[key]
    hands = all_hands(machine.deck_size)
    counts = row_counts(machine, hand_rows(machine, hands))
    assert sum(counts.values()) == len(hands) == (2_598_960 if machine.wild != "joker" else 2_869_685)
    assert counts == _brute_counts(machine)
    for row, n in PUBLISHED.get(key, {}).items():
        assert counts[row] == n, row


@pytest.mark.parametrize("key", MACHINE_ORDER)
def test_random_hands_match_the_brute_force_one_by_one(key: str) -> None:
    """The core's classify itself (not through the grouped counting) on random deals,
    half of them forced to hold wild cards."""
    machine = MACHINES[key]
    rng = random.Random(16)
    deck = machine.deck()
    wild = [c for c in deck if machine.is_wild(c)]
    for i in range(300):
        cards = rng.sample(deck, 5)
        if wild and i % 2:
            extra = rng.sample(wild, rng.randint(1, min(2, len(wild))))  # 3-4: exhaustive test
            cards = (extra + [c for c in cards if c not in extra])[:5]
        natural = np.array([[_index(c) for c in cards if not machine.is_wild(c)]], dtype=np.int64)
        w = 5 - natural.shape[1]
        expected = int(_brute_best(machine, natural, w)[0])
        got = machine.classify(cards)
        assert (0 if got is None else int(got)) == expected, (cards, got, PayHand(expected) if expected else None)


def _index(card: Card) -> int:
    from cardtable.ai.poker_analysis import card_index

    index = card_index(card)
    assert index_card(index) == card
    return index


#: The natural evaluator's category -> the 9/6 row it pays on (pairs: jacks or better).
_ROW_OF = {
    HandCategory.ROYAL_FLUSH: PayHand.NATURAL_ROYAL, HandCategory.STRAIGHT_FLUSH: PayHand.STRAIGHT_FLUSH,
    HandCategory.FOUR_OF_A_KIND: PayHand.FOUR_OF_A_KIND, HandCategory.FULL_HOUSE: PayHand.FULL_HOUSE,
    HandCategory.FLUSH: PayHand.FLUSH, HandCategory.STRAIGHT: PayHand.STRAIGHT,
    HandCategory.THREE_OF_A_KIND: PayHand.THREE_OF_A_KIND, HandCategory.TWO_PAIR: PayHand.TWO_PAIR,
}


def test_jacks_or_better_machine_agrees_with_the_natural_evaluator() -> None:
    """The machine's own classification pays what the evaluator's category says (RULES §4)."""
    rng = random.Random(5)
    deck = JACKS_OR_BETTER.deck()
    for _ in range(2000):
        cards = rng.sample(deck, 5)
        value = evaluate(cards)
        row = _ROW_OF.get(value.category)
        if value.category is HandCategory.ONE_PAIR and value.ranks[0] >= 11:
            row = PayHand.HIGH_PAIR
        assert JACKS_OR_BETTER.classify(cards) is row, cards
        assert JACKS_OR_BETTER.payout(cards, 5) == (JACKS_OR_BETTER.pays[row][4] if row else 0)
    assert JACKS_OR_BETTER.payout(parse_cards("AS KS QS JS TS"), 5) == 4000


@pytest.mark.parametrize(
    "key, text, lit",
    [
        ("joker-poker", "JK KS 7D 5H 3C", (0, 1)),
        ("joker-poker", "9S JK 9D 5H 3C", (0, 1, 2)),
        ("deuces-wild", "9S 2H 9D 5H 2C", (0, 1, 2, 3, 4)),  # four of a kind: all five
        ("deuces-wild", "9S 2H 9D 5H 3C", (0, 1, 2)),
        ("deuces-wild", "9S 2H 8D 5H 3C", ()),
        ("double-double-bonus-9-6", "AS AD AH AC 3S", (0, 1, 2, 3, 4)),
        ("double-double-bonus-9-6", "QS QD 3H 3C 7S", (0, 1, 2, 3)),
    ],
)
def test_the_cards_that_make_the_paying_hand(key: str, text: str, lit: tuple[int, ...]) -> None:
    assert MACHINES[key].paying_positions(hand(text)) == lit


# -- a hand on each machine: paid by its table, recorded with it, replayed with it ----------------

def test_a_joker_hand_is_dealt_paid_and_replayed_on_its_machine() -> None:
    from cardtable.core.poker_hand import DrawHand, Phase
    from cardtable.core.poker_table import PokerTable

    joker = MACHINES["joker-poker"]
    table = PokerTable(500, 1, joker)
    deck = table.fresh_deck(Shoe.stacked(hand("JK KS 7D 5H 3C KD 9C 4H")))
    live = table.deal(5, 10_000, deck)
    assert live.cards[0] is JOKER
    record = live.record()
    assert record.start["machine"] == "joker-poker"
    live = live.exchange([2, 3, 4]).settle()
    assert live.paid is PayHand.THREE_OF_A_KIND and live.payout_coins == 10
    assert live.value is None  # no natural value with the joker
    assert live.winning_positions == (0, 1, 2)
    assert live.details()["paid_on"] == "Three of a Kind" and live.details()["machine"] == "joker-poker"
    # Replayed from the record (as a resumed round is) on the same machine, joker and all.
    on_offer = {m.name: m for m in MACHINES.values()}
    again = DrawHand.replay(record.with_action(("exchange", (2, 3, 4))), on_offer)
    assert again.phase is Phase.SHOWDOWN and again.settle().payout_coins == 10
    assert again.pay_table is joker


def test_a_fresh_joker_deck_comes_from_the_shoe_generator() -> None:
    from cardtable.core.poker_table import PokerTable

    one = PokerTable(500, 1, MACHINES["joker-poker"]).fresh_deck(Shoe(1, random.Random(9)))
    two = PokerTable(500, 1, MACHINES["joker-poker"]).fresh_deck(Shoe(1, random.Random(9)))
    assert one.remaining == 53 and one.undealt() == two.undealt()
    plain = Shoe(1, random.Random(9))
    assert PokerTable(500, 1, MACHINES["deuces-wild"]).fresh_deck(plain) is plain


def test_an_old_record_without_a_machine_is_jacks_or_better_and_a_deuces_record_pays_deuces() -> None:
    from cardtable.core.poker_hand import DrawHand
    from cardtable.core.record import RecordError, RoundRecord

    on_offer = {m.name: m for m in MACHINES.values()}
    deuces = DrawHand.new(500, 1, MACHINES["deuces-wild"]).bet(1).deal(Shoe.stacked(hand("2S 2H 9D 9H 4C 5C")))
    record = deuces.record()
    again = DrawHand.replay(record, on_offer).stand().settle()
    assert again.paid is PayHand.FOUR_OF_A_KIND and again.payout_coins == 5
    old_start = {k: v for k, v in record.start.items() if k != "machine"}
    old_start["pay_table"] = "9/6 Jacks or Better"
    old = DrawHand.replay(RoundRecord("poker", old_start, ()), on_offer).stand().settle()
    assert old.pay_table is MACHINES["jacks-or-better-9-6"]
    assert old.paid is PayHand.TWO_PAIR  # the same cards on 9/6 Jacks or Better: deuces are deuces
    with pytest.raises(RecordError):
        DrawHand.replay(RoundRecord("poker", {**record.start, "machine": "joker-poker"}, ()), on_offer)


def test_a_hand_remembers_its_dealt_cards_and_first_hold() -> None:
    from cardtable.core.poker_hand import DrawHand

    hand = DrawHand.new(500, 2).bet(1).deal(Shoe.stacked(hand_text := "AS KD 7H 4C 9S QS JH TD"))
    assert hand.first_hold is None
    after = hand.exchange([2, 3]).stand()
    assert after.dealt == tuple(parse_cards(hand_text)[:5]) and after.first_hold == (0, 1, 4)
    assert DrawHand.new(500).bet(1).deal(Shoe.stacked(hand_text)).stand().first_hold == (0, 1, 2, 3, 4)


def test_the_core_reads_the_file_the_assets_resolver_finds() -> None:
    """The core finds ``assets/paytables`` by itself (it imports nothing of the project)."""
    from cardtable.core.poker_machines import shipped_machine
    from cardtable.resources import asset_path

    data = json.loads(asset_path("paytables", "deuces-wild.json").read_text(encoding="utf-8"))
    assert shipped_machine("deuces-wild") == Machine.from_mapping(data)
    with pytest.raises(FileNotFoundError, match="no-such-machine"):
        shipped_machine("no-such-machine")
