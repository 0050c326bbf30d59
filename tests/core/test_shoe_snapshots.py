"""What a committed round relies on in the shoe: ``Shoe.snapshot``/``restore`` round-trips
(a stacked shoe keeps its whole composition, anything else is refused), and ``undo_deal``
puts the dealt cards back (and does not forget a shuffle) for blackjack and baccarat.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from round_record_helpers import _bac_bet_map

from cardtable.core.baccarat import Outcome, new_shoe
from cardtable.core.baccarat_table import BaccaratTable
from cardtable.core.blackjack import Action, Rules
from cardtable.core.blackjack_table import Table
from cardtable.core.cards import Card, Shoe, ShoeEmpty, full_deck

# =====================================================================================
# Shoe snapshot / restore
# =====================================================================================


def _remaining_cards(shoe: Shoe) -> list[Card]:
    return shoe.undealt()


def _deal_both_to_the_end(a: Shoe, b: Shoe) -> None:
    while True:
        assert a.cut_card_reached == b.cut_card_reached
        assert a.remaining == b.remaining and a.dealt == b.dealt
        if a.remaining == 0:
            break
        assert a.draw() == b.draw()
    with pytest.raises(ShoeEmpty):
        a.draw()
    with pytest.raises(ShoeEmpty):
        b.draw()


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    decks=st.integers(1, 8),
    cut=st.one_of(st.none(), st.integers(0, 52)),
    dealt=st.integers(0, 420),
)
def test_shoe_snapshot_restore_round_trip(seed: int, decks: int, cut: int | None, dealt: int) -> None:
    shoe = Shoe(decks, random.Random(seed), cut_from_end=cut)
    for _ in range(min(dealt, shoe.size)):
        shoe.draw()
    snap = shoe.snapshot()
    assert json.loads(json.dumps(snap)) == snap  # plain JSON data
    rng = random.Random(seed + 1)
    restored = Shoe.restore(json.loads(json.dumps(snap)), rng)
    assert restored.rng is rng
    assert restored.snapshot() == snap
    assert restored.decks == shoe.decks and restored.size == shoe.size
    assert restored.cut_from_end == shoe.cut_from_end
    assert _remaining_cards(restored) == _remaining_cards(shoe)
    _deal_both_to_the_end(shoe, restored)
    # a reshuffle gathers the whole shoe again
    restored.shuffle()
    assert restored.remaining == restored.size == decks * 52
    assert Counter(_remaining_cards(restored)) == Counter(full_deck() * decks)


@settings(max_examples=40, deadline=None)
@given(
    cards=st.lists(st.sampled_from(full_deck()), min_size=0, max_size=40),
    dealt=st.integers(0, 40),
    cut=st.one_of(st.none(), st.integers(0, 40)),
    seed=st.integers(0, 1000),
)
def test_stacked_shoe_snapshot_keeps_its_whole_composition(
    cards: list[Card], dealt: int, cut: int | None, seed: int
) -> None:
    assume(cut is None or cut <= len(cards))
    shoe = Shoe.stacked(cards, random.Random(seed), cut_from_end=cut)
    for _ in range(min(dealt, len(cards))):
        shoe.draw()
    snap = shoe.snapshot()
    restored = Shoe.restore(json.loads(json.dumps(snap)), random.Random(seed))
    assert restored.snapshot() == snap
    assert restored.size == shoe.size == len(cards)
    assert _remaining_cards(restored) == cards[min(dealt, len(cards)):]
    assert restored.cut_card_reached == shoe.cut_card_reached
    # A snapshot taken after a shuffle of a stacked shoe still restores.
    again = Shoe.restore(restored.snapshot(), random.Random(seed))
    _deal_both_to_the_end(shoe, restored)
    for s in (shoe, restored, again):
        s.shuffle()
        assert s.remaining == len(cards)
        assert Counter(_remaining_cards(s)) == Counter(cards)
    after = Shoe.restore(shoe.snapshot(), random.Random(0))
    assert Counter(_remaining_cards(after)) == Counter(cards)
    after.shuffle()
    assert Counter(_remaining_cards(after)) == Counter(cards)


@pytest.mark.parametrize(
    "snapshot",
    [
        None,
        [],
        "AS KD",
        {},
        {"decks": 1, "cut": None},
        {"decks": 1, "cut": None, "cards": "AS AS"},
        {"decks": 1, "cut": None, "cards": "AS ZZ"},
        {"decks": "1", "cut": None, "cards": "AS"},
        {"decks": True, "cut": None, "cards": "AS"},
        {"decks": -1, "cut": None, "cards": "AS"},
        {"decks": 65, "cut": None, "cards": "AS"},
        {"decks": 1, "cut": 53, "cards": "AS"},
        {"decks": 1, "cut": -1, "cards": "AS"},
        {"decks": 1, "cut": "1", "cards": "AS"},
        {"decks": 1, "cut": None, "cards": ["AS"]},
        {"decks": 0, "cut": None, "cards": "AS"},
        {"decks": 0, "cut": None, "cards": "AS", "all": "KS"},
        {"decks": 0, "cut": 3, "cards": "AS", "all": "AS KS"},
    ],
)
def test_shoe_restore_refuses_what_is_not_a_snapshot(snapshot: object) -> None:
    with pytest.raises(ValueError):
        Shoe.restore(snapshot)


# =====================================================================================
# undo_deal
# =====================================================================================


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rounds_before=st.integers(0, 6), seats=st.integers(1, 5))
def test_blackjack_undo_deal_puts_the_cards_back(seed: int, rounds_before: int, seats: int) -> None:
    table = Table(Rules(), rng=random.Random(seed))
    rng = random.Random(seed)
    for _ in range(rounds_before):
        table.new_round([500] * rng.randint(1, 5))
        while table.round.turn is not None:  # type: ignore[union-attr]
            table.round.act(rng.choice(sorted(table.round.legal_actions(), key=lambda a: a.value)))  # type: ignore[union-attr]
        table.finish_round()
    assume(not table.cut_card_reached)  # see the test below for a deal after the cut card
    before = table.shoe.snapshot()
    seen, dealt = table.seen_since_shuffle, table.rounds_dealt
    first = table.new_round([500] * seats, [1000] * seats)
    cards, dealer, events = first.all_hands, first.dealer_cards, first.events
    assert table.shoe.snapshot() != before
    table.undo_deal()
    assert table.round is None
    assert table.shoe.snapshot() == before
    assert table.seen_since_shuffle == seen
    assert table.rounds_dealt == dealt
    with pytest.raises(RuntimeError):
        table.record({})
    again = table.new_round([500] * seats, [1000] * seats)
    assert (again.all_hands, again.dealer_cards, again.events) == (cards, dealer, events)
    table.undo_deal()
    table.undo_deal()  # nothing dealt: nothing to undo
    assert table.shoe.snapshot() == before


def test_blackjack_undo_deal_after_the_cut_card_still_reports_the_shuffle() -> None:
    table = Table(Rules(), rng=random.Random(4))
    while not table.cut_card_reached:
        table.new_round([500, 500, 500])
        while table.round.turn is not None:  # type: ignore[union-attr]
            table.round.act(Action.STAND)  # type: ignore[union-attr]
        table.finish_round()
    table.new_round([500])
    assert table.just_shuffled
    table.undo_deal()
    table.new_round([500])
    assert table.just_shuffled, "the round after the shuffle is still the first of the new shoe"
    assert table.record({}).start["just_shuffled"] is True


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    decks=st.sampled_from([4, 6, 8]),
    coups_before=st.integers(0, 90),
    bets=_bac_bet_map,
)
def test_baccarat_undo_deal_puts_the_cards_back(
    seed: int, decks: int, coups_before: int, bets: dict[Outcome, int]
) -> None:
    table = BaccaratTable(new_shoe(decks, random.Random(seed)))
    for _ in range(coups_before):
        if table.needs_shoe:
            break
        table.deal({Outcome.BANKER: 500})
        table.finish()
    before = table.shoe.snapshot()
    history, needs, new = list(table.history), table.needs_shoe, table.new_shoe
    coup = table.deal(bets)
    table.undo_deal()
    assert table.coup is None and table.bets == {}
    assert table.shoe.snapshot() == before
    assert table.history == history and table.needs_shoe == needs and table.new_shoe == new
    with pytest.raises(RuntimeError):
        table.record()
    assert table.deal(bets) == coup  # dealt again: the same coup
    table.undo_deal()
    table.undo_deal()
    assert table.shoe.snapshot() == before


def test_baccarat_deal_that_runs_dry_leaves_the_shoe_as_it_was() -> None:
    table = BaccaratTable(Shoe.stacked("2S 3H 4D", random.Random(1)))
    before = table.shoe.snapshot()
    with pytest.raises(ShoeEmpty):
        table.deal({Outcome.PLAYER: 500})
    assert table.shoe.snapshot() == before
    assert table.coup is None
    with pytest.raises(RuntimeError):
        table.record()
