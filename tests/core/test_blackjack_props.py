"""Property tests for the blackjack engine (hypothesis) and the seat-view secrecy test.

Any sequence of legal actions keeps every card unique and conserved, stakes are
conserved until settlement, totals and soft flags agree with a brute-force count,
an illegal action changes nothing, and no view depends on the face-down card or
the undealt shoe.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.core.blackjack import Action, HandOutcome, IllegalAction, Round, Rules, hand_total
from cardtable.core.cards import Card, Shoe, ShoeEmpty, full_deck

ORDER = [Action.HIT, Action.STAND, Action.DOUBLE, Action.SPLIT]


def brute_total(cards: tuple[Card, ...]) -> tuple[int, bool]:
    """Best total by trying every ace as 1 or 11 (independent of hand_total)."""
    aces = sum(1 for c in cards if c.rank == 1)
    base = sum(10 if c.rank >= 10 else c.rank for c in cards if c.rank != 1)
    totals = []
    for choice in itertools.product((1, 11), repeat=aces):
        totals.append((base + sum(choice), 11 in choice))
    under = [t for t in totals if t[0] <= 21]
    if under:
        best = max(t[0] for t in under)
        # soft when the best total needs an ace counted as 11
        return best, all(s for t, s in under if t == best)
    low = min(t[0] for t in totals)
    return low, False


@st.composite
def rounds(draw):
    deck = full_deck()
    perm = draw(st.permutations(deck))
    seats = draw(st.integers(1, 2))
    bets = [draw(st.sampled_from([100, 500, 700, 2500])) for _ in range(seats)]
    limited = draw(st.booleans())
    bankrolls = [draw(st.integers(0, 3000)) for _ in range(seats)] if limited else None
    rules = draw(st.sampled_from(VARIANTS))
    return perm, bets, bankrolls, rules


#: The house rules first, then variants the engine also deals.
VARIANTS = [
    Rules(),
    Rules(dealer_peeks=True),
    Rules(dealer_hits_soft_17=True),
    Rules(resplit_aces=True, max_hands=3),
    Rules(double_after_split=False, max_hands=2),
]


def _check_cards_and_stakes(r: Round, shoe: Shoe, bankrolls: list[int] | None, on_table: list[int],
                            settled: bool = False) -> None:
    """Every card once, 52 in all; totals as counted by hand; chips beside plus chips
    staked constant until settlement."""
    dealt = [c for hands in r.all_hands for h in hands for c in h.cards] + list(r.dealer_cards)
    assert len(set(dealt)) == len(dealt)  # unique
    assert len(dealt) + shoe.remaining == 52
    for seat, hands in enumerate(r.all_hands):
        for h in hands:
            assert (h.total, h.soft) == brute_total(h.cards)
            assert hand_total(h.cards) == brute_total(h.cards)
        if bankrolls is not None and not settled:
            assert r.bankroll(seat) + r.staked(seat) == on_table[seat]
            assert r.bankroll(seat) >= 0


def _refuses_an_illegal_action(r: Round, shoe: Shoe, data: st.DataObject) -> None:
    """An action not legal now (if there is one) is refused and changes nothing."""
    illegal = [a for a in ORDER if a not in r.legal_actions()]
    if not illegal:
        return
    bad = data.draw(st.sampled_from(illegal))
    snap = (r.all_hands, r.events, r.turn, shoe.remaining)
    try:
        r.act(bad)
    except IllegalAction:
        pass
    else:
        raise AssertionError(f"{bad} accepted though not legal")
    assert (r.all_hands, r.events, r.turn, shoe.remaining) == snap


def _check_settlement(r: Round, shoe: Shoe, perm: list[Card], bets: list[int], bankrolls: list[int] | None,
                      on_table: list[int]) -> None:
    """The dealt cards and the rest of the shoe are the stacked deck; every return is a
    legal multiple of its stake; each bankroll moved by exactly its seat's net."""
    results = r.results
    assert results is not None
    rest = []
    while True:
        try:
            rest.append(shoe.draw())
        except ShoeEmpty:
            break
    dealt = [c for hands in r.all_hands for h in hands for c in h.cards] + list(r.dealer_cards)
    assert Counter(dealt + rest) == Counter(perm)
    dealer_natural = len(r.dealer_cards) == 2 and hand_total(r.dealer_cards)[0] == 21
    if r.rules.dealer_peeks and dealer_natural:
        # a peeked natural ends the round at once: only the original stakes were at risk
        assert [[res.stake for res in seat] for seat in results] == [[b] for b in bets]
    for seat, seat_results in enumerate(results):
        for res in seat_results:
            assert res.returned in (0, res.stake, 2 * res.stake, res.stake * 5 // 2)
            if res.outcome is HandOutcome.BLACKJACK:
                assert res.returned * 2 == res.stake * 5
        if bankrolls is not None:
            # chips beside + original stake + everything won or lost
            assert r.bankroll(seat) == on_table[seat] + sum(x.net for x in seat_results)


@settings(max_examples=300, deadline=None)
@given(rounds(), st.data())
def test_any_legal_play_conserves_cards_and_stakes(setup, data) -> None:
    perm, bets, bankrolls, rules = setup
    shoe = Shoe.stacked(perm)
    r = Round(rules, shoe, bets, bankrolls)
    on_table = [
        (bankrolls[s] if bankrolls else 0) + bets[s] for s in range(len(bets))
    ]
    _check_cards_and_stakes(r, shoe, bankrolls, on_table)
    while r.turn is not None:
        legal = r.legal_actions()
        assert legal and Action.STAND in legal
        _refuses_an_illegal_action(r, shoe, data)
        r.act(data.draw(st.sampled_from([a for a in ORDER if a in legal])))
        _check_cards_and_stakes(r, shoe, bankrolls, on_table)
    r.finish()
    _check_cards_and_stakes(r, shoe, bankrolls, on_table, settled=True)
    _check_settlement(r, shoe, perm, bets, bankrolls, on_table)


def _play(order: list[Card], bets: list[int], choices: list[int] | None, rng: random.Random,
          rules: Rules = Rules()):
    """Play the players' part; return the views of every seat after every step and
    the actions taken (``choices`` replays a previous game's actions)."""
    shoe = Shoe.stacked(order)
    r = Round(rules, shoe, bets, [10_000] * len(bets))
    views = [tuple(r.view(s) for s in range(len(bets)))]
    taken: list[int] = []
    step = 0
    while r.turn is not None:
        legal = [a for a in ORDER if a in r.legal_actions()]
        if choices is None:
            pick = rng.randrange(len(legal))
        else:
            pick = choices[step]
        taken.append(pick)
        r.act(legal[pick])
        step += 1
        views.append(tuple(r.view(s) for s in range(len(bets))))
    return views, taken, shoe.size - shoe.remaining


@pytest.mark.parametrize("rules", [Rules(), Rules(dealer_peeks=True)], ids=["no-peek", "peek"])
def test_views_do_not_depend_on_face_down_card_or_undealt_shoe(rules: Rules) -> None:
    """Pairs of rounds differing only in the face-down card and the undealt shoe
    give identical views to every seat at every step. With peek, a dealer natural is
    announced at once, so there the swap keeps whether the hole card makes one."""
    peek = rules.dealer_peeks
    rng = random.Random(20261129)
    differing_dealer_naturals = 0
    peeked_naturals = 0
    for trial in range(300):
        order = full_deck() * 6
        rng.shuffle(order)
        seats = rng.randint(1, 5)
        bets = [500] * seats
        views_a, taken, used = _play(order, bets, None, rng, rules)
        hole = 2 * seats + 1
        up = order[seats]

        def natural(card: Card, up: Card = up) -> bool:
            return sorted((min(up.rank, 10), min(card.rank, 10))) == [1, 10]

        # swap the hole card with an undealt card of another value, reshuffle the rest
        other = order[:]
        if peek and natural(other[hole]):
            # the only cards that keep the natural are of its value: another suit/rank
            candidates = [i for i in range(used, len(other))
                          if other[i] != other[hole] and natural(other[i])]
        else:
            candidates = [
                i for i in range(used, len(other))
                if min(other[i].rank, 10) != min(other[hole].rank, 10)
                and not (peek and natural(other[i]))
            ]
        j = rng.choice(candidates)
        other[hole], other[j] = other[j], other[hole]
        tail = other[used:]
        random.Random(trial).shuffle(tail)
        other[used:] = tail
        assert other[hole] != order[hole]
        assert other[:hole] == order[:hole] and other[hole + 1 : used] == order[hole + 1 : used]
        views_b, taken_b, used_b = _play(other, bets, taken, rng, rules)
        assert taken_b == taken and used_b == used
        assert views_a == views_b
        if natural(order[hole]) != natural(other[hole]):
            differing_dealer_naturals += 1
        if peek and natural(order[hole]):
            peeked_naturals += 1
    if peek:
        # the pairs included rounds the peeked natural ended (the same on both sides)
        assert differing_dealer_naturals == 0 and peeked_naturals > 0
    else:
        # the pairs really did include dealer naturals on one side only
        assert differing_dealer_naturals > 0
