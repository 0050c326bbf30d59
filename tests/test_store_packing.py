"""Packed records (``cardtable.store.packing``): every round in every player's history
was packed with the preset dictionary, so the dictionary may never change — a blob packed
by an earlier release must still read back to its very text."""

from __future__ import annotations

import hashlib
import zlib

import pytest

from cardtable.core.record import RoundRecord
from cardtable.store import pack_record, unpack_record
from cardtable.store.packing import _ZDICT

#: A baccarat round's record as the history keeps it ...
RECORD = (
    '{"actions":[],"game":"baccarat","meta":{},"start":{"bets":{"T":1000},"new_shoe":false,"roads":"",'
    '"shoe":{"all":"JS 8S 7C 8S","cards":"JS 8S 7C 8S","cut":null,"decks":0}},"version":1}'
)
#: ... and packed as the release of the store package packed it (28 bytes for 170).
PACKED = bytes.fromhex("64a3243987409233bee48b619f17283f2a983ba3e65b345182091500")


def test_the_preset_dictionary_is_the_one_the_kept_records_need() -> None:
    assert len(_ZDICT) == 1012
    assert hashlib.sha256(_ZDICT).hexdigest() == "586e05c59bb643f604b97446a181de56650c7422c1476b7965f93aa6305d9450"


def test_a_record_packed_by_an_earlier_release_reads_back_to_its_text() -> None:
    assert unpack_record(PACKED) == RECORD
    assert unpack_record(pack_record(RECORD)) == RECORD
    # without the dictionary the same bytes do not read: it is what makes them so short
    with pytest.raises(zlib.error):
        zlib.decompressobj(-15).decompress(PACKED[1:])


def test_a_plain_zlib_blob_still_reads() -> None:
    assert unpack_record(b"z" + zlib.compress(RECORD.encode("utf-8"))) == RECORD
    assert unpack_record(b"z" + b"not zlib at all") is None
    assert unpack_record(b"d" + zlib.compress("é".encode("latin-1"))) is None


def test_a_record_that_cannot_be_compacted_is_kept_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    import cardtable.core.replay as replay

    def broken(record: RoundRecord) -> RoundRecord:
        raise RuntimeError("no replay today")

    monkeypatch.setattr(replay, "compact", broken)
    blob = pack_record(RECORD)
    assert blob is not None and blob.startswith(b"d")
    assert unpack_record(blob) == RoundRecord.from_json(RECORD).to_json()


@pytest.mark.parametrize("blob", [b"", "d123", 42, b"x" + zlib.compress(b"{}")])
def test_what_the_packer_did_not_write_is_no_record(blob: object) -> None:
    assert unpack_record(blob) is None
