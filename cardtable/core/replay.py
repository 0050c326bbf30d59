"""A settled round as the history keeps it: its record, trimmed to the cards it used.

Why: a round's record (``core/record.py``) starts from the whole shoe that was left —
up to 416 cards — and the cards seen since the shuffle. Replaying a settled round needs
only the cards it dealt, so the history keeps a stacked shoe of exactly those (and
no seen cards). A compacted record replays through the same core as the open round
did and reaches the same result; :func:`compact` checks that and returns the record
unchanged when it cannot (an unfinished or unreadable record is kept whole).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .record import RecordError, RoundRecord

__all__ = ["compact", "stacked_snapshot"]


def stacked_snapshot(tokens: list[str]) -> dict[str, object]:
    """A shoe snapshot that deals exactly ``tokens`` (card notation), first first."""
    text = " ".join(tokens)
    return {"decks": 0, "cut": None, "cards": text, "all": text}


def _tokens(snapshot: object) -> list[str]:
    if not isinstance(snapshot, Mapping) or not isinstance(snapshot.get("cards"), str):
        raise RecordError("the record's shoe is not readable")
    return str(snapshot["cards"]).split()


def compact(record: RoundRecord) -> RoundRecord:
    """``record`` with its shoe cut down to the cards the round dealt, and without the
    graded decisions, which the settled round keeps in its details.

    Never raises for a bad record: what cannot be trimmed safely is returned as it is.
    """
    if "decisions" in record.meta:  # graded decisions travel in the round's details
        meta = {k: v for k, v in record.meta.items() if k != "decisions"}
        record = RoundRecord(record.game, record.start, record.actions, meta)
    try:
        if record.game == "blackjack":
            return _compact_blackjack(record)
        if record.game == "baccarat":
            return _compact_baccarat(record)
        if record.game == "poker":
            return _compact_poker(record)
    except (RecordError, KeyError, TypeError, ValueError, IndexError):
        pass
    return record


def _replace_start(record: RoundRecord, **changes: Any) -> RoundRecord:
    start = dict(record.start)
    start.update(changes)
    return RoundRecord(record.game, start, record.actions, record.meta)


def _compact_blackjack(record: RoundRecord) -> RoundRecord:
    from .blackjack_table import Table

    def outcome(rec: RoundRecord) -> tuple[int, Any]:
        table = Table.resume(rec)
        r = table.round
        assert r is not None
        if r.turn is not None:
            raise RecordError("the round is not played out")
        table.finish_round()
        return table.shoe.remaining, r.results

    tokens = _tokens(record.start["shoe"])
    left, results = outcome(record)
    used = len(tokens) - left
    trimmed = _replace_start(record, shoe=stacked_snapshot(tokens[:used]), seen="")
    left2, results2 = outcome(trimmed)
    if left2 != 0 or results2 != results:
        return record
    return trimmed


def _compact_baccarat(record: RoundRecord) -> RoundRecord:
    from .baccarat_table import BaccaratTable

    tokens = _tokens(record.start["shoe"])
    table = BaccaratTable.resume(record)
    coup = table.coup
    if coup is None:
        return record
    trimmed = _replace_start(record, shoe=stacked_snapshot(tokens[: coup.cards_used]))
    again = BaccaratTable.resume(trimmed).coup
    if again is None or again.deal_order != coup.deal_order or again.outcome != coup.outcome:
        return record
    return trimmed


def _compact_poker(record: RoundRecord) -> RoundRecord:
    """Five cards and one per exchanged position: counted from the steps, no replay
    needed (the machines live with the app, not here)."""
    deck = record.start["deck"]
    tokens = _tokens(deck)
    drawn = 5
    for step in record.actions:
        if step[0] == "exchange":
            drawn += len(step[1])
        elif tuple(step) != ("stand",):
            return record
    if drawn > len(tokens):
        return record  # the deck ran out: keep it as it was
    return _replace_start(record, deck=stacked_snapshot(tokens[:drawn]))
