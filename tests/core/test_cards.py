"""Cards, notation and the shoe (RULES.md section 1)."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from cardtable.core.cards import Card, Shoe, ShoeEmpty, Suit, full_deck, parse_cards


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("AS", 1, Suit.SPADES),
        ("as", 1, Suit.SPADES),
        ("TD", 10, Suit.DIAMONDS),
        ("10h", 10, Suit.HEARTS),
        ("qc", 12, Suit.CLUBS),
        ("Kh", 13, Suit.HEARTS),
        ("2s", 2, Suit.SPADES),
        ("9D", 9, Suit.DIAMONDS),
        ("jc", 11, Suit.CLUBS),
    ],
)
def test_parse_accepts_the_notation(text: str, rank: int, suit: Suit) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)


@pytest.mark.parametrize("bad", ["", "A", "1S", "11H", "AX", "ZS", "10", "A S", "AS!", "0D", "1OH"])
def test_parse_rejects_bad_text_naming_the_token(bad: str) -> None:
    with pytest.raises(ValueError) as info:
        Card.parse(bad)
    assert repr(bad) in str(info.value)


def test_parse_cards_reports_the_bad_token() -> None:
    assert parse_cards("AS KD TH") == [Card(1, Suit.SPADES), Card(13, Suit.DIAMONDS), Card(10, Suit.HEARTS)]
    assert parse_cards("as,10d") == [Card(1, Suit.SPADES), Card(10, Suit.DIAMONDS)]
    with pytest.raises(ValueError, match="'QX'"):
        parse_cards("AS QX 2C")


def test_card_text_round_trips_and_labels() -> None:
    for card in full_deck():
        assert Card.parse(str(card)) == card
    card = Card.parse("10h")
    assert str(card) == "TH"
    assert card.label() == "10♥"
    assert card.label(ascii=True) == "10H"
    assert Card.parse("qs").label() == "Q♠"
    assert Card.parse("qs").suit.is_red is False
    assert Card.parse("qd").suit.is_red is True


def test_card_rejects_bad_fields() -> None:
    with pytest.raises(ValueError):
        Card(0, Suit.SPADES)
    with pytest.raises(ValueError):
        Card(14, Suit.SPADES)
    with pytest.raises(ValueError):
        Card(5, "S")  # type: ignore[arg-type]


def test_full_deck_has_52_distinct_cards() -> None:
    deck = full_deck()
    assert len(deck) == 52 and len(set(deck)) == 52


@pytest.mark.parametrize("decks", [1, 4, 6, 8])
def test_shoe_holds_every_card_decks_times(decks: int) -> None:
    shoe = Shoe(decks, random.Random(3))
    assert shoe.size == shoe.remaining == 52 * decks
    dealt = [shoe.draw() for _ in range(shoe.size)]
    assert Counter(dealt) == Counter({card: decks for card in full_deck()})
    assert shoe.remaining == 0 and shoe.dealt == 52 * decks
    with pytest.raises(ShoeEmpty):
        shoe.draw()


def test_shoe_needs_a_deck() -> None:
    for bad in (0, -1, 1.5, "6"):
        with pytest.raises(ValueError):
            Shoe(bad)  # type: ignore[arg-type]


def test_seeded_shoes_repeat_and_unseeded_use_systemrandom() -> None:
    a = [Shoe(6, random.Random(42)).draw() for _ in range(1)]
    b = [Shoe(6, random.Random(42)).draw() for _ in range(1)]
    assert a == b
    s1, s2 = Shoe(2, random.Random(7)), Shoe(2, random.Random(7))
    assert [s1.draw() for _ in range(104)] == [s2.draw() for _ in range(104)]
    assert isinstance(Shoe(1)._rng, random.SystemRandom)


def test_stacked_shoe_deals_exactly_the_given_cards() -> None:
    cards = parse_cards("AS KD 7H 7C 2D")
    shoe = Shoe.stacked(cards)
    assert shoe.remaining == 5
    assert [shoe.draw() for _ in range(5)] == cards
    with pytest.raises(ShoeEmpty):
        shoe.draw()
    assert [Shoe.stacked("9h 8h").draw()] == [Card.parse("9h")]


def test_cut_card_and_reshuffle() -> None:
    shoe = Shoe(1, random.Random(1), cut_from_end=13)
    for _ in range(38):
        shoe.draw()
        assert not shoe.cut_card_reached
    shoe.draw()  # 39 dealt, 13 left: the cut card is out
    assert shoe.remaining == 13 and shoe.cut_card_reached
    shoe.reshuffle()
    assert shoe.remaining == 52 and shoe.dealt == 0 and not shoe.cut_card_reached
    assert Counter(shoe.draw() for _ in range(52)) == Counter(full_deck())


def test_blackjack_cut_at_75_percent_of_six_decks() -> None:
    shoe = Shoe(6, random.Random(2), cut_from_end=78)
    for _ in range(233):
        shoe.draw()
    assert not shoe.cut_card_reached
    shoe.draw()
    assert shoe.dealt == 234 and shoe.cut_card_reached


def test_stacked_shoe_reshuffles_its_own_cards() -> None:
    cards = parse_cards("AS 2S 3S 4S 5S 6S")
    shoe = Shoe.stacked(cards, random.Random(5), cut_from_end=2)
    for _ in range(4):
        shoe.draw()
    assert shoe.cut_card_reached
    shoe.shuffle()
    assert sorted(str(c) for c in (shoe.draw() for _ in range(6))) == sorted(str(c) for c in cards)


def test_bad_cut_card_position() -> None:
    with pytest.raises(ValueError):
        Shoe(1, cut_from_end=53)
    with pytest.raises(ValueError):
        Shoe(1, cut_from_end=-1)


def test_shuffle_is_uniform_over_all_24_orders_of_four_cards() -> None:
    """Chi-square over 24,000 shuffles of 4 cards; each order expected 1,000 times.

    The critical value of chi-square with 23 degrees of freedom at p = 0.001 is 49.73;
    a seeded generator makes the test repeatable. A biased shuffle (e.g. the naive
    "swap with any position") gives a chi-square in the hundreds and fails.
    """
    cards = parse_cards("AS 2S 3S 4S")
    rng = random.Random(20261129)
    counts: Counter[tuple[str, ...]] = Counter()
    shuffles = 24_000
    shoe = Shoe.stacked(cards, rng)
    for _ in range(shuffles):
        shoe.shuffle()
        counts[tuple(str(shoe.draw()) for _ in range(4))] += 1
    assert set(counts) == {tuple(str(c) for c in p) for p in itertools.permutations(cards)}
    expected = shuffles / 24
    chi2 = sum((n - expected) ** 2 / expected for n in counts.values())
    assert chi2 < 49.73, chi2
    # and no order strays beyond ±15 % of its expected frequency
    assert all(abs(n - expected) < 0.15 * expected for n in counts.values()), counts


def test_naive_shuffle_would_fail_the_uniformity_check() -> None:
    """The check above can fail: the classic biased shuffle does."""
    rng = random.Random(20261129)
    counts: Counter[tuple[int, ...]] = Counter()
    for _ in range(24_000):
        order = [0, 1, 2, 3]
        for i in range(4):
            j = rng.randrange(4)  # biased: should be randrange(i, 4) / randrange(i + 1)
            order[i], order[j] = order[j], order[i]
        counts[tuple(order)] += 1
    expected = 1000
    chi2 = sum((n - expected) ** 2 / expected for n in counts.values())
    assert chi2 > 49.73
