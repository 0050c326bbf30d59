"""The count coach mode shows at the blackjack table, and the index note."""

from __future__ import annotations

import pytest

from cardtable.ai.counting.play import IndexPlay
from cardtable.ai.counting.systems import system_named
from cardtable.ai.counting.table_count import index_note, read_count
from cardtable.core.blackjack import Action
from cardtable.core.cards import parse_cards

HILO = system_named("hilo")
# 16 v 10: basic hits; stand from a true count of 0 (the Illustrious 18's first play).
SIXTEEN = IndexPlay("hard", 16, 10, Action.HIT, Action.STAND, Action.HIT, 0, 0.5, -0.2)


def test_the_running_and_true_count_of_the_cards_seen() -> None:
    reading = read_count(HILO, parse_cards("2H 3D TS AS 5C 6D"), cards_left=260, decks=6)
    assert reading.running == 2  # +1 +1 -1 -1 +1 +1
    assert reading.true == pytest.approx(2 / 5)  # five decks left
    assert reading.words() == "Hi-Lo +2 · true +0.4"


def test_an_unbalanced_count_starts_where_its_system_says() -> None:
    ko = system_named("ko")
    assert read_count(ko, [], 312, 6).running == ko.initial_running_count(6) != 0


def test_the_note_says_when_the_count_turns_the_basic_play() -> None:
    legal = {Action.HIT, Action.STAND}
    assert index_note([SIXTEEN], ("hard", 16, 10), Action.HIT, legal, 1.2) == \
        "16 v 10 at true count +1: stand (index 0)"
    assert index_note([SIXTEEN], ("hard", 16, 10), Action.HIT, legal, -1.0) is None  # basic stands
    assert index_note([SIXTEEN], ("hard", 15, 10), Action.HIT, legal, 3.0) is None  # another cell
    assert index_note([SIXTEEN], ("hard", 16, 10), Action.HIT, {Action.HIT}, 3.0) is None  # not legal now
