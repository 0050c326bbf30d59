"""The protocol's schemas and line decoding, without a server."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.net.protocol import CLIENT, MAX_LINE, SERVER, ProtocolError, decode, encode, validate


def test_every_client_message_type_has_a_valid_example() -> None:
    examples: dict[str, dict[str, Any]] = {
        "hello": {"version": 1, "name": "Ann_2-b", "token": "a" * 32},
        "lobby": {}, "sit": {"table": None, "game": "baccarat"}, "leave": {},
        "bet": {"amount": 500, "spot": "tie"}, "clear": {}, "deal": {},
        "act": {"action": "split"}, "computer": {"seat": 4, "level": None}, "refill": {},
        "ping": {"id": 9}, "history": {"game": "baccarat", "limit": 50},
    }
    assert set(examples) == set(CLIENT)
    for kind, fields in examples.items():
        line = encode({"type": kind, **fields})
        assert line.endswith(b"\n") and line.count(b"\n") == 1
        assert decode(line[:-1])["type"] == kind


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ({"type": "hello", "version": 1, "name": "x" * 21}, "bad-field"),
        ({"type": "hello", "version": 1, "name": "../etc"}, "bad-field"),
        ({"type": "hello", "version": 1, "name": "ann", "token": "short"}, "bad-field"),
        ({"type": "hello", "version": "1", "name": "ann"}, "bad-field"),
        ({"type": "computer", "seat": 5, "level": "easy"}, "bad-field"),
        ({"type": "computer", "seat": 1, "level": "expert"}, "bad-field"),
        ({"type": "bet", "amount": 0}, "bad-field"),
        ({"type": "bet", "amount": 10**13}, "bad-field"),
        ({"type": "history", "game": "chess"}, "bad-field"),
        ({"type": "history", "limit": 0}, "bad-field"),
        ({"type": 5}, "no-type"),
        ({"type": "TABLE"}, "unknown-type"),
        ("hello", "not-object"),
    ],
)
def test_bad_messages_name_their_problem(message: object, code: str) -> None:
    with pytest.raises(ProtocolError) as caught:
        validate(message)
    assert caught.value.code == code
    assert str(caught.value)


def test_a_server_message_sent_by_a_client_is_an_unknown_type() -> None:
    with pytest.raises(ProtocolError, match="unknown message type"):
        validate({"type": "welcome", "version": 1, "name": "a", "bankroll": 1, "tables": []})
    assert validate({"type": "pong"}, SERVER)


def test_lines_too_long_and_text_that_is_not_json() -> None:
    with pytest.raises(ProtocolError) as caught:
        decode(b" " * (MAX_LINE + 1))
    assert caught.value.code == "line-too-long"
    for line in (b"\x80abc", b"{", b'{"type":"bet","amount":Infinity}', b"[" * 100_00):
        with pytest.raises(ProtocolError) as caught:
            decode(line[:MAX_LINE])
        assert caught.value.code == "bad-json"


def test_encode_is_ascii_one_line() -> None:
    line = encode({"type": "bye", "message": "au revoir \u2660\n"})
    assert line.isascii() and line.count(b"\n") == 1
