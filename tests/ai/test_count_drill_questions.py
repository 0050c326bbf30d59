"""The count drill's questions and grading, and the index drill's answers (pure)."""

from __future__ import annotations

import random

import pytest

from cardtable.ai.counting.drill import CountDrill, IndexDrill, decks_in_tray, true_count_right
from cardtable.ai.counting.indices import Index
from cardtable.ai.counting.systems import system_named

HILO = system_named("hilo")


def test_the_tray_is_read_to_the_half_deck() -> None:
    assert [decks_in_tray(n) for n in (312, 290, 150, 20, 0)] == [6.0, 5.5, 3.0, 0.5, 0.5]


@pytest.mark.parametrize("answer, exact, right", [
    (2, 2.4, True), (2, 2.6, True), (3, 2.6, True), (1, 2.6, False), (-2, -1.6, True), (-1, -1.6, True),
    (-2, -1.4, True), (0, -1.4, False), (2.45, 2.4, True), (2.6, 2.4, False),
])
def test_a_true_count_is_right_rounded_floored_or_truncated(answer: float, exact: float, right: bool) -> None:
    assert true_count_right(answer, exact) is right


def test_counts_follow_one_shoe_question_after_question() -> None:
    drill = CountDrill(HILO, 2, random.Random(5), whole_rounds=True, seats=2)
    first = drill.question()
    assert first.new_shoe and first.before == 0
    previous = first
    for _ in range(6):
        q = drill.question()
        if q.new_shoe:
            break
        assert q.before == previous.running
        assert q.running == q.before + sum(HILO.tag(min(c.rank, 10)) for c in q.cards)
        assert q.true_count == pytest.approx(q.running / q.decks_left)
        assert len(q.cards) >= 6  # two cards to each of two players and the dealer at least
        assert len(q.hands) == 3 and sum(q.hands) == len(q.cards) and min(q.hands) >= 2
        assert q.grade(q.running, round(q.true_count)) == (True, True)
        assert q.grade(q.running + 1, q.true_count + 2) == (False, False)
        previous = q


def test_after_the_cut_card_a_new_shoe_starts_at_the_initial_count() -> None:
    ko = system_named("ko")
    drill = CountDrill(ko, 1, random.Random(2), whole_rounds=False, single=10, penetration=50)
    questions = [drill.question() for _ in range(4)]
    assert [q.new_shoe for q in questions] == [True, False, False, True]  # 26 cards dealt: the cut
    assert questions[0].before == questions[3].before == ko.initial_running_count(1) == 0
    assert all(len(q.cards) == 10 and q.hands == () for q in questions)


def _index(index: int) -> Index:
    return Index("16", "10", "stand", "hit", index, index + 0.2, "hit", "hard", 16, 10, index + 0.2, 0.01)


def test_the_index_drill_answers_by_the_index() -> None:
    drill = IndexDrill([_index(0), _index(9)], random.Random(1))
    assert [p.index for p in drill.plays] == [0]  # far indices are left out
    for _ in range(20):
        q = drill.question()
        assert -2 <= q.true_count <= 2
        assert q.answer == ("stand" if q.true_count >= 0 else "hit")
        assert q.choices == ("stand", "hit")
    with pytest.raises(ValueError, match="no index plays"):
        IndexDrill([_index(9)])
