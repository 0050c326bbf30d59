"""Draw poker evaluator and pay table (RULES.md section 4), with hands written out by hand."""

from __future__ import annotations

import random
from collections import Counter
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.core.cards import Card, Suit, full_deck, parse_cards
from cardtable.core.poker import (
    JACKS_OR_BETTER_9_6,
    HandCategory,
    HandValue,
    all_hand_values,
    evaluate,
)
from cardtable.core.poker_machines import Machine, PayHand
from cardtable.resources import assets_dir, read_json

H = HandCategory


def ev(text: str) -> HandValue:
    return evaluate(parse_cards(text))


# -- categories and their names -----------------------------------------------------------


def test_categories_weakest_first_with_source_names() -> None:
    assert [c.name for c in HandCategory] == [
        "NO_PAIR", "ONE_PAIR", "TWO_PAIR", "THREE_OF_A_KIND", "STRAIGHT",
        "FLUSH", "FULL_HOUSE", "FOUR_OF_A_KIND", "STRAIGHT_FLUSH", "ROYAL_FLUSH",
    ]
    assert [c.label for c in sorted(HandCategory, reverse=True)] == [
        "Royal Straight Flush", "Straight Flush", "Four of a Kind", "Full House", "Flush",
        "Straight", "Three of a Kind", "Two Pair", "One Pair", "No Pair",
    ]


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("AS KS QS JS TS", H.ROYAL_FLUSH),
        ("TD JD QD KD AD", H.ROYAL_FLUSH),
        ("9H TH JH QH KH", H.STRAIGHT_FLUSH),
        ("AC 2C 3C 4C 5C", H.STRAIGHT_FLUSH),  # steel wheel
        ("7S 7H 7D 7C 2S", H.FOUR_OF_A_KIND),
        ("AS AH AD KC KS", H.FULL_HOUSE),
        ("2S 2H 3D 3C 3S", H.FULL_HOUSE),
        ("2H 7H 9H JH KH", H.FLUSH),
        ("AD 2D 3D 4D 6D", H.FLUSH),  # not a straight flush: 6 breaks the wheel
        ("TH JS QD KC AS", H.STRAIGHT),  # broadway offsuit (the source's C code misses it)
        ("AH 2S 3D 4C 5S", H.STRAIGHT),  # the wheel: ace low
        ("5S 6D 7H 8C 9C", H.STRAIGHT),
        ("QS KD AH 2C 3C", H.NO_PAIR),  # no wrapping round the ace
        ("KS AD 2H 3C 4C", H.NO_PAIR),
        ("JS QD KH AC 2C", H.NO_PAIR),
        ("9S 9D 9H 4C KC", H.THREE_OF_A_KIND),
        ("9S 9D 4H 4C KC", H.TWO_PAIR),
        ("9S 9D 3H 4C KC", H.ONE_PAIR),
        ("2S 5D 9H JC KC", H.NO_PAIR),
        ("2S 3D 4H 5C 7C", H.NO_PAIR),
    ],
)
def test_category(text: str, category: HandCategory) -> None:
    value = ev(text)
    assert value.category is category
    assert value.label == category.label


def test_card_order_does_not_matter() -> None:
    cards = parse_cards("9S 9D 4H 4C KC")
    rng = random.Random(3)
    for _ in range(20):
        rng.shuffle(cards)
        assert evaluate(cards) == ev("9S 9D 4H 4C KC")
        assert evaluate(tuple(cards)) == ev("9S 9D 4H 4C KC")


# -- order inside and across categories -------------------------------------------------------

# Strictly increasing, each written by hand: the edges of every category and its kickers.
LADDER = [
    "2S 3D 4H 5C 7C",   # the weakest hand
    "2S 3D 4H 6C 7C",
    "8S 5D 4H 3C 2C",
    "KS QD JH 9C 8C",
    "AS 2D 3H 4C 6C",   # ace-high beats king-high
    "AS KD QH JC 9C",   # the best no pair
    "2S 2D 3H 4C 5C",   # lowest pair
    "2S 2D AH KC QC",
    "3S 3D 4H 5C 6C",   # pair rank beats kickers
    "TS TD AH KC QC",
    "JS JD 2H 3C 4C",   # jacks
    "JS JD 5H 3C 2C",   # first kicker decides
    "JS JD 5H 4C 2C",   # second kicker decides
    "JS JD 5H 4C 3C",   # third kicker decides
    "AS AD KH QC JC",   # the best pair
    "3S 3D 2H 2C 4C",   # lowest two pair
    "3S 3D 2H 2C AC",   # same pairs: kicker decides
    "4S 4D 2H 2C 3C",   # top pair decides
    "4S 4D 3H 3C 2C",   # then second pair
    "KS KD QH QC AC",
    "AS AD 2H 2C 3C",   # aces up beats kings and queens
    "AS AD KH KC QC",   # the best two pair
    "2S 2D 2H 3C 4C",   # lowest trips
    "2S 2D 2H KC AC",
    "3S 3D 3H 2C 4C",
    "AS AD AH KC QC",   # the best trips
    "AH 2S 3D 4C 5S",   # wheel: the lowest straight
    "2H 3S 4D 5C 6S",   # 6-high beats the wheel
    "9H TS JD QC KS",
    "TH JS QD KC AS",   # broadway: the best straight
    "2H 3H 4H 5H 7H",   # lowest flush
    "AH 2H 3H 4H 6H",
    "AH KH QH JH 9H",   # the best flush
    "2S 2D 2H 3C 3S",   # lowest full house
    "2S 2D 2H AC AS",
    "3S 3D 3H 2C 2S",   # trips decide
    "AS AD AH KC KS",   # the best full house
    "2S 2D 2H 2C 3S",   # lowest quads
    "2S 2D 2H 2C AS",
    "3S 3D 3H 3C 2S",
    "AS AD AH AC KS",   # the best quads
    "AC 2C 3C 4C 5C",   # steel wheel: the lowest straight flush
    "2C 3C 4C 5C 6C",
    "9H TH JH QH KH",   # the best straight flush
    "TS JS QS KS AS",   # royal
]


def test_ladder_strictly_increasing() -> None:
    values = [ev(text) for text in LADDER]
    for (weaker, stronger), (wt, st_) in zip(pairwise(values), pairwise(LADDER), strict=True):
        assert weaker < stronger, f"{wt} should lose to {st_}"
        assert stronger > weaker
        assert weaker != stronger
        assert not stronger <= weaker
    assert values[0].strength == 0
    assert values[-1].strength == 7461


@pytest.mark.parametrize(
    ("left", "right"),
    [
        ("AS KS QS JS TS", "AH KH QH JH TH"),  # royals tie
        ("TH JS QD KC AS", "TC JC QS KH AD"),  # broadway straights tie
        ("AH 2S 3D 4C 5S", "AD 2C 3S 4H 5D"),  # wheels tie
        ("JS JD 5H 4C 3C", "JH JC 5S 4D 3D"),  # same pair, same kickers
        ("2H 7H 9H JH KH", "2S 7S 9S JS KS"),  # same flush in other suits
    ],
)
def test_ties(left: str, right: str) -> None:
    a, b = ev(left), ev(right)
    assert a == b and not a < b and not a > b and a <= b and a >= b
    assert hash(a) == hash(b)


def test_royal_beats_straight_flush_beats_quads() -> None:
    assert ev("TS JS QS KS AS") > ev("9S TS JS QS KS") > ev("AS AD AH AC KS")
    assert ev("TS JS QS KS AS").category is H.ROYAL_FLUSH
    assert ev("9S TS JS QS KS").category is H.STRAIGHT_FLUSH


def test_all_hand_values_sorted_and_distinct() -> None:
    values = all_hand_values()
    assert len(values) == 7462
    assert [v.strength for v in values] == list(range(7462))
    assert all(a < b for a, b in pairwise(values))
    per_category = Counter(v.category for v in values)
    # Distinct values per category (the classic table of 7,462).
    assert per_category == {
        H.ROYAL_FLUSH: 1, H.STRAIGHT_FLUSH: 9, H.FOUR_OF_A_KIND: 156, H.FULL_HOUSE: 156,
        H.FLUSH: 1277, H.STRAIGHT: 10, H.THREE_OF_A_KIND: 858, H.TWO_PAIR: 858,
        H.ONE_PAIR: 2860, H.NO_PAIR: 1277,
    }


def test_describe() -> None:
    assert ev("JS JD 5H 4C 3C").describe() == "One Pair of Jacks"
    assert ev("KS KD 5H 5C 3C").describe() == "Two Pair, Kings and Fives"
    assert ev("QS QD QH 4C 4D").describe() == "Full House, Queens over Fours"
    assert ev("AH 2S 3D 4C 5S").describe() == "Straight, Five high"
    assert ev("TS JS QS KS AS").describe() == "Royal Straight Flush"
    assert str(ev("2S 5D 9H JC KC")) == "No Pair, King high"


# -- invalid input ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "cards",
    [
        [],
        parse_cards("AS KS QS JS"),
        parse_cards("AS KS QS JS TS 9S"),
        parse_cards("AS AS QS JS TS"),   # duplicate in a one-suit hand
        parse_cards("AS AS QD JS TS"),   # duplicate among mixed suits
        parse_cards("7H 2C 7H 9D 3S"),   # duplicate, not adjacent
        parse_cards("7H 7C 7D 9D 7H"),   # duplicate inside trips
        parse_cards("KD 3C 4C 5C KD"),
        ["AS", "KS", "QS", "JS", "TS"],  # text, not cards
        "ASKSQ",
        None,
        [Card.parse("AS"), Card.parse("KS"), Card.parse("QS"), Card.parse("JS"), object()],
    ],
)
def test_invalid_hands_raise_value_error(cards: object) -> None:
    with pytest.raises(ValueError, match="five distinct cards"):
        evaluate(cards)  # type: ignore[arg-type]


def test_duck_typed_card_rejected() -> None:
    class Fake:
        rank = 1
        suit = Suit.SPADES

    cards = parse_cards("KS QS JS TS") + [Fake()]
    with pytest.raises(ValueError):
        evaluate(cards)  # type: ignore[list-item]


# -- an independent, slow reference evaluator --------------------------------------------------


def reference_key(cards: list[Card]) -> tuple:
    """Textbook evaluator written separately from the fast one: (category, tie-breaks)."""
    ranks = sorted((14 if c.rank == 1 else c.rank for c in cards), reverse=True)
    flush = len({c.suit for c in cards}) == 1
    counts = Counter(ranks)
    distinct = sorted(counts, reverse=True)
    straight_top = None
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            straight_top = distinct[0]
        elif distinct == [14, 5, 4, 3, 2]:
            straight_top = 5
    by_count = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    if straight_top and flush:
        return (9 if straight_top == 14 else 8, straight_top)
    if shape == [4, 1]:
        return (7, *by_count)
    if shape == [3, 2]:
        return (6, *by_count)
    if flush:
        return (5, *ranks)
    if straight_top:
        return (4, straight_top)
    if shape == [3, 1, 1]:
        return (3, *by_count)
    if shape == [2, 2, 1]:
        return (2, *by_count)
    if shape == [2, 1, 1, 1]:
        return (1, *by_count)
    return (0, *ranks)


hands = st.lists(st.sampled_from(full_deck()), min_size=5, max_size=5, unique=True)


@settings(max_examples=400, deadline=None)
@given(hands, hands)
def test_order_agrees_with_reference(left: list[Card], right: list[Card]) -> None:
    a, b = evaluate(left), evaluate(right)
    ka, kb = reference_key(left), reference_key(right)
    assert (a < b) == (ka < kb)
    assert (a == b) == (ka == kb)
    assert int(a.category) == ka[0]


def test_order_agrees_with_reference_on_many_random_hands() -> None:
    rng = random.Random(20261129)
    deck = full_deck()
    sample = [rng.sample(deck, 5) for _ in range(3000)]
    by_fast = sorted(sample, key=evaluate)
    keys = [reference_key(h) for h in by_fast]
    assert keys == sorted(keys)


# -- pay table ---------------------------------------------------------------------------------

PAYS = {  # per coin, RULES.md section 4
    "TS JS QS KS AS": 250,
    "9S TS JS QS KS": 50,
    "7S 7H 7D 7C 2S": 25,
    "AS AH AD KC KS": 9,
    "2H 7H 9H JH KH": 6,
    "AH 2S 3D 4C 5S": 4,
    "TH JS QD KC AS": 4,
    "9S 9D 9H 4C KC": 3,
    "3S 3D 4H 4C KC": 2,
    "JS JD 5H 4C 3C": 1,
    "QS QD 5H 4C 3C": 1,
    "KS KD 5H 4C 3C": 1,
    "AS AD 5H 4C 3C": 1,
    "TS TD AH KC QC": 0,   # tens are not jacks or better
    "2S 2D AH KC QC": 0,
    "AS KD QH JC 9C": 0,   # no pair
}


@pytest.mark.parametrize("coins", [1, 2, 3, 4, 5])
@pytest.mark.parametrize(("text", "per_coin"), list(PAYS.items()))
def test_payout_every_row_and_coin_count(text: str, per_coin: int, coins: int) -> None:
    expected = per_coin * coins
    if per_coin == 250 and coins == 5:
        expected = 4000  # the royal pays 800 per coin at five coins
    assert JACKS_OR_BETTER_9_6.payout(parse_cards(text), coins) == expected


def test_royal_bonus_at_five_coins_only() -> None:
    royal = parse_cards("TD JD QD KD AD")
    assert [JACKS_OR_BETTER_9_6.payout(royal, n) for n in range(1, 6)] == [250, 500, 750, 1000, 4000]


@pytest.mark.parametrize("coins", [0, 6, -1, 2.0, True, None])
def test_payout_rejects_bad_coins(coins: object) -> None:
    with pytest.raises(ValueError):
        JACKS_OR_BETTER_9_6.payout(parse_cards("JS JD 5H 4C 3C"), coins)  # type: ignore[arg-type]


def test_payout_rejects_bad_hand() -> None:
    with pytest.raises(ValueError):
        JACKS_OR_BETTER_9_6.payout(parse_cards("JS JD 5H 4C"), 1)


def test_the_contract_table_is_the_shipped_9_6_machine() -> None:
    """DESIGN's ``JACKS_OR_BETTER_9_6`` is the Machine built from its one file."""
    data = read_json("paytables", "jacks-or-better-9-6.json")
    assert isinstance(JACKS_OR_BETTER_9_6, Machine)
    assert JACKS_OR_BETTER_9_6 == Machine.from_mapping(data)
    assert data["pays"] == JACKS_OR_BETTER_9_6.to_mapping()["pays"]


def test_the_9_6_table_is_written_once_in_the_assets() -> None:
    """No second copy of the pay table under another name (the old ``paytable_*`` files)."""
    spelled = [
        path.relative_to(assets_dir()).as_posix()
        for path in assets_dir().rglob("*.json")
        if '"9/6 Jacks or Better"' in path.read_text(encoding="utf-8")
    ]
    assert spelled == ["paytables/jacks-or-better-9-6.json"]


def test_pay_table_rows_strongest_first() -> None:
    rows = JACKS_OR_BETTER_9_6.rows()
    assert [hand for hand, _ in rows] == [
        PayHand.NATURAL_ROYAL, PayHand.STRAIGHT_FLUSH, PayHand.FOUR_OF_A_KIND, PayHand.FULL_HOUSE,
        PayHand.FLUSH, PayHand.STRAIGHT, PayHand.THREE_OF_A_KIND, PayHand.TWO_PAIR, PayHand.HIGH_PAIR,
    ]
    assert JACKS_OR_BETTER_9_6.row_label(PayHand.HIGH_PAIR) == "Jacks or Better"
    assert JACKS_OR_BETTER_9_6.row_label(PayHand.FULL_HOUSE) == "Full House"
    assert JACKS_OR_BETTER_9_6.row_label(PayHand.NATURAL_ROYAL) == "Royal Straight Flush"
