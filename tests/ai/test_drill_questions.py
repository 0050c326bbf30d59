"""Drill generation: weighted toward the hard decisions, exact EVs,
reproducible with a seed. Pure: no Textual, no store."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardtable.ai.bj_analysis import analysis_for
from cardtable.ai.drills import (
    BJ_WEIGHTS,
    HARD_CATEGORIES,
    BlackjackDrill,
    PokerDrill,
    blackjack_question,
    exchange_words,
    hand_words,
    obvious_hold,
)
from cardtable.ai.poker import hold_evs
from cardtable.ai.poker_machines import machine_named
from cardtable.core.blackjack import Rules, card_value
from cardtable.core.cards import parse_cards
from cardtable.core.poker_machines import JACKS_OR_BETTER


def test_blackjack_questions_lean_on_the_hard_categories() -> None:
    drill = BlackjackDrill(Rules(), random.Random(11))
    cats = Counter(drill.category() for _ in range(2000))
    hard = sum(n for c, n in cats.items() if c in HARD_CATEGORIES)
    assert hard / 2000 > 0.7  # most questions: pairs, soft doubles, stiff hands vs 7-A
    assert set(cats) == set(BJ_WEIGHTS)
    assert cats["plain"] > 0  # and some ordinary hands


@pytest.mark.parametrize("category", list(BJ_WEIGHTS))
def test_each_blackjack_category_deals_what_it_says(category: str) -> None:
    drill = BlackjackDrill(Rules(), random.Random(5))
    for _ in range(300):
        (a, b), up = drill.spot(category)
        assert 1 <= a <= 10 and 1 <= b <= 10 and 1 <= up <= 10
        assert {a, b} != {1, 10}  # never a natural
        if category == "pair":
            assert a == b
        elif category == "soft double":
            assert 1 in (a, b) and a != b and 2 <= a + b - 1 <= 8
        elif category == "stiff vs 7-A":
            assert 12 <= a + b <= 16 and a != b and 1 not in (a, b)
            assert up in (7, 8, 9, 10, 1)
        else:
            assert a != b and 1 not in (a, b)


def test_blackjack_question_values_are_the_analysis_hand_evs() -> None:
    rules = Rules()
    q = blackjack_question(rules, parse_cards("8S 8H"), parse_cards("TD")[0], "pair")
    ev = analysis_for(rules).hand_ev(8, 8, 10)
    assert q.evs == {"Hit": ev.hit, "Stand": ev.stand, "Double": ev.double, "Split": ev.split}
    assert q.spot == "pair of 8s against a 10"
    # No peek (the house): a dealer blackjack takes both split stakes, so hitting 8s
    # against a 10 is best here, by a small margin.
    assert q.best == "Hit" and q.evs["Hit"] - q.evs["Split"] > 0.005
    graded = q.grade("Split", 500)
    assert not graded.is_best and graded.best == "Hit"
    assert graded.cost == pytest.approx((q.evs["Hit"] - q.evs["Split"]) * 500)
    assert q.grade("Hit", 500).cost == 0.0


def test_a_non_pair_has_no_split_and_a_natural_is_refused() -> None:
    q = blackjack_question(Rules(), parse_cards("AS 6H"), parse_cards("5D")[0])
    assert set(q.evs) == {"Hit", "Stand", "Double"}
    assert q.spot == "soft 17 against a 5" and q.best == "Double"
    with pytest.raises(ValueError):
        blackjack_question(Rules(), parse_cards("AS KH"), parse_cards("5D")[0])


def test_blackjack_drill_is_reproducible_and_best_matches_the_analysis() -> None:
    first = [BlackjackDrill(Rules(), random.Random(7)).question() for _ in range(1)]
    a = BlackjackDrill(Rules(), random.Random(7))
    b = BlackjackDrill(Rules(), random.Random(7))
    qa = [a.question() for _ in range(12)]
    qb = [b.question() for _ in range(12)]
    assert [(q.cards, q.up) for q in qa] == [(q.cards, q.up) for q in qb]
    assert qa[0].cards == first[0].cards
    analysis = analysis_for(Rules())
    for q in qa:
        assert q.up is not None
        c1, c2 = (card_value(c) for c in q.cards)
        best = analysis.hand_ev(c1, c2, card_value(q.up)).best()
        assert q.best == best.value.capitalize()
    # never the same spot twice in a row
    keys = [(tuple(sorted(card_value(c) for c in q.cards)), card_value(q.up)) for q in qa if q.up]
    assert all(x != y for x, y in zip(keys, keys[1:], strict=False))


def test_words() -> None:
    assert hand_words((1, 1)) == "pair of aces"
    assert hand_words((10, 6)) == "hard 16"
    assert hand_words((1, 7)) == "soft 18"
    assert exchange_words(()) == "stand pat"
    assert exchange_words((0, 1, 2, 3, 4)) == "exchange all five"
    assert exchange_words((4, 0, 2)) == "exchange 1 3 5"


def test_obvious_hold_is_a_rule_of_thumb() -> None:
    m = JACKS_OR_BETTER
    assert obvious_hold(parse_cards("JS JH 4C 7D 9S"), m) == (0, 1)  # the paying pair
    assert obvious_hold(parse_cards("4S 4H KC 7D 9S"), m) == (0, 1)  # a low pair
    assert obvious_hold(parse_cards("2H 6H KH 9H 3S"), m) == (0, 1, 2, 3)  # four to a flush
    assert obvious_hold(parse_cards("AS KD QC 7D 3S"), m) == (0, 1, 2)  # the high cards
    assert obvious_hold(parse_cards("2S 5D 8C 9D 3S"), m) == ()


def test_poker_drill_mostly_asks_hands_where_the_obvious_hold_is_wrong() -> None:
    machine = machine_named("jacks-or-better-9-6")
    drill = PokerDrill(machine, random.Random(3))
    questions = [drill.question() for _ in range(16)]
    cats = Counter(q.category for q in questions)
    assert cats["not obvious"] > cats["plain"]
    for q in questions:
        evs = hold_evs(q.cards, machine, 5)
        assert len(q.evs) == 32
        best = evs[0]
        assert q.evs[q.best] == pytest.approx(float(best.ev))
        assert q.holds[q.best] == best.hold
        if q.category == "not obvious":
            obvious = obvious_hold(q.cards, machine)
            worth = next(h.ev for h in evs if h.hold == obvious)
            assert worth < best.ev  # the lesson: the rule of thumb gives value away
    again = PokerDrill(machine, random.Random(3))
    assert [again.question().cards for _ in range(4)] == [q.cards for q in questions[:4]]


def test_known_lesson_suited_king_queen_beat_three_high_cards() -> None:
    machine = machine_named("jacks-or-better-9-6")
    cards = parse_cards("2C QD 5S KD AS")
    evs = hold_evs(cards, machine, 5)
    assert evs[0].hold == (1, 3)
    assert obvious_hold(cards, machine) == (1, 3, 4)
