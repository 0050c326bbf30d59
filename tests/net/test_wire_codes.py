"""What the server says for a person travels as a code and parameters, never a sentence
(docs/protocol.md, "Codes"): the schema of every message a player reads has no free
text but the ``error``'s English ``message`` kept for logs, parameters are bounded, and
the client reads a hostile server's codes and parameters within bounds, as plain text,
worded by itself."""

from __future__ import annotations

import pytest

from cardtable.core.refusal import Refusal
from cardtable.i18n.refusals import GENERIC, word_refusal
from cardtable.net.clean import PARAM_CHARS, clean_message, said
from cardtable.net.protocol import MAX_AMOUNT, MAX_PARAMS, SERVER, ProtocolError, validate

#: The server's messages whose words a player reads.
SHOWN = ("error", "timeout", "closing", "bye", "table", "baccarat")
#: The one free text among them: the error's English words for the server's log and a
#: person reading the protocol with nc; the client never shows it.
FOR_LOGS = {("error", "message")}


def test_no_message_shown_to_players_has_a_free_text_field() -> None:
    for kind in SHOWN:
        for name, field in SERVER[kind].items():
            if (kind, name) in FOR_LOGS:
                continue
            free = field.kind == "str" and field.pattern is None and field.choices is None
            assert not free, f"{kind}.{name} is free text"
        spoken = {"code", "params"} <= SERVER[kind].keys() or "note" in SERVER[kind]
        assert spoken, f"{kind} carries no code and parameters"


@pytest.mark.parametrize("params", [
    {"k" + "_" * i: i for i in range(MAX_PARAMS + 1)},  # too many
    {"name": "[bold]x[/bold]"},  # markup
    {"name": "x" * 41},  # too long
    {"name": "a sentence, with a comma"},
    {"name": "\x1b]0;title\x07"},
    {"amount": MAX_AMOUNT + 1},
    {"amount": 1.5},
    {"ok": True},
    {"nested": {"a": 1}},
    {"Bad-Key": 1},
])
def test_the_schema_bounds_the_parameters(params: dict[str, object]) -> None:
    with pytest.raises(ProtocolError):
        validate({"type": "bye", "code": "server-closing", "params": params}, SERVER)
    with pytest.raises(ProtocolError):
        validate({"type": "timeout", "table": 1, "seat": 0, "hand": 0, "code": "timeout", "params": params}, SERVER)


def test_the_schema_takes_a_code_and_its_parameters_and_refuses_a_sentence() -> None:
    validate({"type": "error", "code": "bad-bet", "params": {"why": "bet-limits", "min": 500, "max": 50_000},
              "message": "refused: bet-limits", "fatal": False}, SERVER)
    validate({"type": "closing", "code": "closes-after-round", "params": {}}, SERVER)
    with pytest.raises(ProtocolError):
        validate({"type": "closing", "code": "The table closes.", "params": {}}, SERVER)
    with pytest.raises(ProtocolError):
        validate({"type": "closing", "message": "the table closes after this round"}, SERVER)


def test_a_hostile_servers_parameters_are_bounded_and_plain() -> None:
    hostile = {"k" + "_" * i: i for i in range(19)}
    assert len(said("x", hostile).params) == MAX_PARAMS
    read = said("to-act", {
        "name": "\x1b]52;c;SGVsbG8=\x07[link=https://evil.example]click[/link]" + "y" * 500,
        "round": 10**30, "bool": True, "list": [1], "[b]": 1, "Bad": 2, "x": None,
    })
    assert set(read.params) == {"name"}
    name = read.params["name"]
    assert isinstance(name, str) and len(name) <= PARAM_CHARS and "\x1b" not in name and "\x07" not in name
    # through the one decoding point, markup is escaped once: the sentence shows it as text
    decoded = clean_message({"type": "timeout", "code": "timeout", "params": {"name": "[b]alice[/b]"}})
    words = word_refusal(said(decoded["code"], decoded["params"]))
    assert words == "Time is up: \\[b]alice\\[/b]'s hand stands."


@pytest.mark.parametrize("code", ["no-such-code-yet", "[bold]x", "x" * 41, "Has Spaces", None, 7])
def test_an_unknown_or_bad_code_is_the_generic_sentence(code: object) -> None:
    read = said(code, {"name": "bob"})
    text = word_refusal(read)
    expected = GENERIC.format(code=read.code or "?")
    assert text == expected and "[bold]" not in text
    assert read == Refusal(code if code == "no-such-code-yet" else "", {"name": "bob"})


def test_every_code_the_server_raises_is_listed() -> None:
    """The codes written where the server refuses (``TableError("…"``, ``_error(conn, "…"``
    …) are all in the lists the client words (``tables/codes.py``)."""
    import re
    from pathlib import Path

    import cardtable
    from cardtable.tables.codes import ErrorCode

    raised = re.compile(r'(?:TableError|IdentityError|ProtocolError)\(\s*"([a-z-]+)"|_error\(\s*\w+,\s*"([a-z-]+)"'
                        r'|"code": "([a-z-]+)"')
    package = Path(cardtable.__file__).parent
    sources = [*(package / "net").glob("*.py"), *(package / "tables").glob("*.py")]
    found = {code for path in sources for m in raised.finditer(path.read_text("utf-8")) for code in m.groups() if code}
    assert len(found) > 30
    assert found - {c.value for c in ErrorCode} == set()
