"""Packed records: a settled round's record trimmed to the cards it dealt and compressed
with a preset dictionary, so that keeping every round costs little. ``_ZDICT`` never
changes: every packed record in every player's history needs it byte for byte."""

from __future__ import annotations

import zlib

__all__ = ["pack_record", "unpack_record"]

#: The first byte of a packed record: how the rest is to be read. ``z``: zlib;
#: ``d``: zlib with the preset dictionary below (never change it: old rows need it;
#: a better one gets a new first byte).
_PACK_ZLIB = b"z"
_PACK_DICT = b"d"
#: What records look like, so that a record of a few hundred bytes compresses as if
#: it were the thousandth of a series (zlib's preset dictionary; frequent parts last).
_ZDICT = (
    '"pay_table":"9/6 Jacks or Better"},"version":1}'
    '{"actions":[["exchange",[0,1,2,3,4]]],"game":"poker","meta":{},"start":{"coin_size":500,"coins":5,'
    '"deck":{"all":"TS QD AS 2S 5S 9C 3S 8S","cards":"TS QD AS 2S 5S 9C 3S 8S","cut":null,"decks":0},'
    '"exchange_rounds":1,"machine":"jacks-or-better-9-6",'
    '{"actions":[],"game":"baccarat","meta":{},"start":{"bets":{"B":1000,"P":500,"T":500},"new_shoe":false,'
    '"roads":"PBBPBBPPPBBBPBTBBBBBBP","shoe":{"all":"AD 8D 9C JH","cards":"AD 8D 9C JH",'
    '"cut":null,"decks":0}},"version":1}'
    '{"actions":[[0,0,"hit"],[0,0,"stand"],[1,0,"double"],[1,0,"split"],[2,0,"stand"],[2,1,"hit"]],'
    '"game":"blackjack","meta":{"levels":["easy","normal","hard"]},"start":{"bankrolls":[100000,100000,100000],'
    '"bets":[500,500,500],"just_shuffled":false,"rules":{"blackjack_pays":[3,2],"dealer_hits_soft_17":false,'
    '"dealer_peeks":false,"decks":6,"double_after_split":true,"late_surrender":false,"max_bet":50000,"max_hands":4,'
    '"min_bet":500,"penetration_percent":75,"resplit_aces":false},"seen":"","shoe":{"all":"'
).encode("ascii")


def pack_record(text: str) -> bytes | None:
    """A settled round's record for the history: trimmed to the cards it dealt
    (``core.replay.compact``) and zlib-compressed. None for text that is not a record."""
    from ..core.record import RecordError, RoundRecord
    from ..core.replay import compact

    try:
        record = RoundRecord.from_json(text)
    except RecordError:
        return None
    try:
        text = compact(record).to_json()
    except Exception:  # noqa: BLE001 - a settlement never fails for want of a smaller record
        text = record.to_json()
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, _ZDICT)
    return _PACK_DICT + packer.compress(text.encode("utf-8")) + packer.flush()


def unpack_record(blob: object) -> str | None:
    """The record text of :func:`pack_record`; None for a blob it did not write."""
    if not isinstance(blob, bytes) or not blob:
        return None
    try:
        if blob.startswith(_PACK_DICT):
            unpacker = zlib.decompressobj(-15, _ZDICT)
            return (unpacker.decompress(blob[1:]) + unpacker.flush()).decode("utf-8")
        if blob.startswith(_PACK_ZLIB):
            return zlib.decompress(blob[1:]).decode("utf-8")
    except (zlib.error, UnicodeDecodeError):
        return None
    return None
