"""Helpers for the round-record tests (resume, damaged records, shoe snapshots): the
hypothesis settings, the pay tables a replay needs, a record through its JSON text, and
a seeded shuffle, a blackjack table on a stacked shoe and baccarat bets."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from cardtable.core.baccarat import Outcome
from cardtable.core.blackjack import Rules
from cardtable.core.blackjack_table import Table
from cardtable.core.cards import Card, Shoe, full_deck, parse_cards
from cardtable.core.poker import JACKS_OR_BETTER_9_6
from cardtable.core.record import RoundRecord

PAY_TABLES = {JACKS_OR_BETTER_9_6.name: JACKS_OR_BETTER_9_6}

SETTINGS = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _through_json(record: RoundRecord) -> RoundRecord:
    """What a restart reads back: the record as stored text, parsed again."""
    text = record.to_json()
    back = RoundRecord.from_json(text)
    assert back == record
    assert back.to_json() == text
    return back


def _shuffled(cards: list[Card], seed: int) -> list[Card]:
    cards = list(cards)
    random.Random(seed).shuffle(cards)
    return cards


def _stacked_table(prefix: str, seed: int, rules: Rules | None = None) -> Table:
    tail = _shuffled(full_deck() * 2, seed)
    return Table(rules or Rules(), shoe=Shoe.stacked(parse_cards(prefix) + tail, random.Random(seed)))


_bac_bet_map = st.dictionaries(
    st.sampled_from(list(Outcome)), st.integers(0, 100_000), min_size=1, max_size=3
).filter(lambda b: any(b.values()))
