"""The shared-table protocol: newline-delimited JSON, one object per line.

Every message is a JSON object with a ``type``; each type has a schema here (plain
Python, no dependency), and every message a client sends is checked against it before
the server looks at it. The server's own messages are checked by the same code in the
tests (``validate(message, SERVER)``). ``docs/protocol.md`` describes every message.

Limits (anything beyond gets an ``error`` message or a disconnect, never a crash and
never a change to a table): a line longer than :data:`MAX_LINE` bytes, text that is not
UTF-8 JSON, a value that is not an object, an unknown ``type``, a field missing, of the
wrong kind, out of range or not in the schema, and more than :data:`FLOOD_RATE` messages
in one second.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from ..core.refusal import Refusal
from ..tables.codes import ErrorCode
from ..tables.hub import encode

__all__ = [
    "PROTOCOL_VERSION",
    "MAX_LINE",
    "FLOOD_RATE",
    "FLOOD_DISCONNECT",
    "NAME_PATTERN",
    "name_problem",
    "ProtocolError",
    "Field",
    "CLIENT",
    "SERVER",
    "validate",
    "decode",
    "encode",
]

#: The version a ``hello`` must name; a client of another version is told and let go.
PROTOCOL_VERSION: Final = 1
#: The longest line (bytes, newline excluded) either side may send.
MAX_LINE: Final = 64 * 1024
#: Messages a client may send in one second; more are dropped with an ``error``.
FLOOD_RATE: Final = 50
#: Messages in one second after which the client is disconnected.
FLOOD_DISCONNECT: Final = 4 * FLOOD_RATE
#: A player's name: 1-20 letters, digits, ``_`` or ``-`` (it names a folder on the server;
#: :func:`name_problem` refuses the few of these that are bad file names somewhere).
NAME_PATTERN: Final = re.compile(r"[A-Za-z0-9_-]{1,20}")
#: Names Windows reserves for devices, whatever the case (``CON``, ``nul``, ``COM1`` …).
_DEVICES: Final = frozenset(
    {"con", "prn", "aux", "nul", "conin$", "conout$"}
    | {f"{d}{n}" for d in ("com", "lpt") for n in "0123456789"}
)


def name_problem(name: str) -> Refusal | None:
    """Why ``name`` cannot be a player's name (``name-pattern``, ``name-dash``,
    ``name-device``: the ``why`` of an ``error`` ``bad-name``), or None when it can.

    Letters, digits, ``_`` and ``-`` only, 1-20 of them (no dot, no slash, no space),
    not starting with ``-`` (a command would read it as an option: ``-rf``, ``--``),
    and not a device name Windows reserves (``CON``, ``NUL``, ``COM1`` …): a name is
    a folder on the server, which must be one on any system."""
    if not NAME_PATTERN.fullmatch(name):
        return Refusal(ErrorCode.NAME_PATTERN)
    if name.startswith("-"):
        return Refusal(ErrorCode.NAME_DASH)
    if name.lower() in _DEVICES:
        return Refusal(ErrorCode.NAME_DEVICE, {"name": name})
    return None
#: Blackjack actions a client may send (the core's ``Action`` values the house offers).
ACTIONS: Final = ("hit", "stand", "double", "split")
LEVELS: Final = ("easy", "normal", "hard")
#: Largest amount accepted in a message (hundredths of a chip): far above any table.
MAX_AMOUNT: Final = 10**12


class ProtocolError(ValueError):
    """A message that does not follow the protocol. ``code`` is the error's short name
    (``bad-json``, ``unknown-type``, ``bad-field`` ...); the text says why in English
    (the server's log, a person with nc); ``params`` are for the client's words."""

    def __init__(self, code: str, message: str, params: Mapping[str, int | str] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, int | str] = dict(params or {})


@dataclass(frozen=True)
class Field:
    """One field of a message: its kind and what values it may hold.

    ``kind`` is one of ``str int bool number list dict any params note``; ``choices`` limits a
    string; ``low``/``high`` an int (inclusive); ``pattern`` a string; ``length`` the
    most characters of a string or items of a list; ``items`` checks each item of a
    list; ``nullable`` lets ``null`` stand for the value.
    """

    kind: str
    required: bool = True
    nullable: bool = False
    choices: tuple[str, ...] | None = None
    low: int | None = None
    high: int | None = None
    pattern: re.Pattern[str] | None = None
    length: int | None = None
    items: Field | None = None

    def check(self, name: str, value: Any) -> None:
        where = {"field": name.partition("[")[0]}
        if value is None:
            if self.nullable:
                return
            raise ProtocolError("bad-field", f"'{name}' must not be null", where)
        check = _KINDS[self.kind]
        if not check(value):
            raise ProtocolError("bad-field", f"'{name}' must be {_WORDS[self.kind]}", where)
        if self.choices is not None and value not in self.choices:
            raise ProtocolError("bad-field", f"'{name}' must be one of {', '.join(self.choices)}", where)
        if self.low is not None and value < self.low:
            raise ProtocolError("bad-field", f"'{name}' must be at least {self.low}", where)
        if self.high is not None and value > self.high:
            raise ProtocolError("bad-field", f"'{name}' must be at most {self.high}", where)
        if self.length is not None and len(value) > self.length:
            raise ProtocolError("bad-field", f"'{name}' is too long (at most {self.length})", where)
        if self.pattern is not None and not self.pattern.fullmatch(value):
            raise ProtocolError("bad-field", f"'{name}' has characters that are not allowed", where)
        if self.items is not None:
            for i, item in enumerate(value):
                self.items.check(f"{name}[{i}]", item)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_number(v: Any) -> bool:
    return (_is_int(v) or isinstance(v, float)) and math.isfinite(v)


#: A code the server sends for the client to word (``docs/protocol.md``, "Codes").
CODE_PATTERN: Final = re.compile(r"[a-z0-9-]{1,40}")
#: A parameter's name, and a text parameter's value: a name, a level, an action, a code
#: (no markup, no control character, no sentence). At most :data:`MAX_PARAMS` of them.
PARAM_NAME: Final = re.compile(r"[a-z_]{1,20}")
PARAM_TEXT: Final = re.compile(r"[A-Za-z0-9_ ().-]{0,40}")
MAX_PARAMS: Final = 8


def _is_params(v: Any) -> bool:
    """A code's parameters: a small object of short names to whole numbers or short words."""
    return isinstance(v, dict) and len(v) <= MAX_PARAMS and all(
        isinstance(k, str) and PARAM_NAME.fullmatch(k)
        and ((_is_int(x) and abs(x) <= MAX_AMOUNT) or (isinstance(x, str) and PARAM_TEXT.fullmatch(x)))
        for k, x in v.items()
    )


def _is_note(v: Any) -> bool:
    """What a table says: ``{"code": …, "params": {…}}``."""
    return (isinstance(v, dict) and set(v) == {"code", "params"} and isinstance(v["code"], str)
            and bool(CODE_PATTERN.fullmatch(v["code"])) and _is_params(v["params"]))


_KINDS: dict[str, Callable[[Any], bool]] = {
    "str": lambda v: isinstance(v, str),
    "int": _is_int,
    "bool": lambda v: isinstance(v, bool),
    "number": _is_number,
    "list": lambda v: isinstance(v, list),
    "dict": lambda v: isinstance(v, dict),
    "any": lambda v: True,
    "params": _is_params,
    "note": _is_note,
}
_WORDS = {
    "str": "text",
    "int": "a whole number",
    "bool": "true or false",
    "number": "a number",
    "list": "a list",
    "dict": "an object",
    "any": "a value",
    "params": "an object of at most 8 short names to whole numbers or short words",
    "note": "an object with a code and its params",
}

_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
_AMOUNT = Field("int", low=1, high=MAX_AMOUNT)
_TABLE = Field("int", low=1, high=10**6)
_SEAT = Field("int", low=0, high=4)
_CARD = Field("str", nullable=True, length=3)
_TEXT = Field("str", length=500)
_CODE = Field("str", pattern=CODE_PATTERN)
_PARAMS = Field("params")

Schema = Mapping[str, Field]

#: What a client may send. ``type`` is implied in each.
CLIENT: Final[Mapping[str, Schema]] = {
    "hello": {
        "version": Field("int"),
        "name": Field("str", pattern=NAME_PATTERN),
        "token": Field("str", required=False, nullable=True, pattern=_TOKEN),
    },
    "lobby": {},
    # the player's own settled rounds (newest first), of one game or all
    "history": {"game": Field("str", required=False, nullable=True, choices=("blackjack", "baccarat", "poker")),
                "limit": Field("int", required=False, low=1, high=50)},
    "sit": {"table": Field("int", required=False, nullable=True, low=1, high=10**6),
            "game": Field("str", required=False, choices=("blackjack", "baccarat"))},
    "leave": {},
    "bet": {"amount": _AMOUNT, "spot": Field("str", required=False, choices=("player", "banker", "tie"))},
    "clear": {},
    "deal": {"grades": Field("list", required=False)},  # baccarat: the client coach's grades of the bets
    "act": {"action": Field("str", choices=ACTIONS),
            # the client's coach grade of the choice, kept in the player's own history
            "grade": Field("dict", required=False)},
    "computer": {"seat": _SEAT, "level": Field("str", nullable=True, choices=LEVELS)},
    "refill": {},
    "ping": {"id": Field("int", required=False, low=0, high=2**53)},
}

_ANY_LIST = Field("list")

#: What the server sends (checked in the tests on every message a client receives).
SERVER: Final[Mapping[str, Schema]] = {
    "welcome": {
        "version": Field("int"),
        "name": Field("str", pattern=NAME_PATTERN),
        "token": Field("str", required=False, pattern=_TOKEN),
        "bankroll": Field("int", low=0),
        "tables": _ANY_LIST,
        "seated": Field("dict", required=False, nullable=True),
    },
    "error": {
        "code": _CODE,
        "params": _PARAMS,
        "message": _TEXT,  # English, for logs and nc: a client words code and params
        "fatal": Field("bool"),
    },
    "lobby": {"tables": _ANY_LIST},
    "history": {"game": Field("str", nullable=True), "rounds": _ANY_LIST},
    "seated": {"table": _TABLE, "seat": _SEAT, "host": Field("bool")},
    "left": {"table": _TABLE},
    "bankroll": {"bankroll": Field("int", low=0), "why": _TEXT},
    "pong": {"id": Field("int", required=False, low=0, high=2**53)},
    "bye": {"code": _CODE, "params": _PARAMS},
    "closing": {"code": _CODE, "params": _PARAMS},
    # -- table events (one type per event, to every client at the table) --------------
    "player_sat": {"table": _TABLE, "seat": _SEAT, "name": Field("str"), "kind": Field("str")},
    "player_left": {"table": _TABLE, "seat": _SEAT, "name": Field("str")},
    "connection": {"table": _TABLE, "seat": _SEAT, "name": Field("str"), "connected": Field("bool")},
    "bet_placed": {"table": _TABLE, "seat": _SEAT, "amount": Field("int", low=0)},
    "round_started": {"table": _TABLE, "round": Field("int", low=1), "seats": _ANY_LIST,
                      "shuffled": Field("bool")},
    "deal": {"table": _TABLE, "seat": Field("int", nullable=True), "hand": Field("int", nullable=True),
             "card": _CARD, "face_up": Field("bool")},
    "action": {"table": _TABLE, "seat": _SEAT, "hand": Field("int"), "action": Field("str"),
               "by": Field("str", choices=("player", "computer", "timeout", "stop"))},
    "split": {"table": _TABLE, "seat": _SEAT, "hand": Field("int")},
    "double": {"table": _TABLE, "seat": _SEAT, "hand": Field("int"), "amount": Field("int")},
    "closed": {"table": _TABLE, "seat": _SEAT, "hand": Field("int"), "why": Field("str")},
    "turn": {"table": _TABLE, "seat": _SEAT, "hand": Field("int"), "seconds": Field("number"),
             "legal": Field("list", items=Field("str"))},
    "timeout": {"table": _TABLE, "seat": _SEAT, "hand": Field("int"), "code": _CODE, "params": _PARAMS},
    "reveal": {"table": _TABLE, "card": Field("str", length=3)},
    "dealer_done": {"table": _TABLE, "total": Field("int"), "note": Field("str")},
    "payout": {"table": _TABLE, "seat": _SEAT, "hand": Field("int"), "returned": Field("int", low=0),
               "outcome": Field("str")},
    "round_settled": {"table": _TABLE, "round": Field("int", low=1), "results": _ANY_LIST},
    "coup": {"table": _TABLE, "round": Field("int", low=1), "player": Field("list", items=Field("str")),
             "banker": Field("list", items=Field("str")), "player_total": Field("int", low=0, high=9),
             "banker_total": Field("int", low=0, high=9),
             "outcome": Field("str", choices=("player", "banker", "tie"))},
    "baccarat": {
        "table": _TABLE,
        "game": Field("str", choices=("baccarat",)),
        "phase": Field("str", choices=("betting", "closing")),
        "round": Field("int", low=0),
        "rules": Field("dict"),
        "seats": _ANY_LIST,
        "last": Field("dict", nullable=True),
        "roads": Field("str", pattern=re.compile(r"[PBT]*")),
        "shoe": Field("dict"),
        "window": Field("number", required=False, nullable=True),
        "note": Field("note"),
        "you": Field("dict", nullable=True),
    },
    "table": {
        "table": _TABLE,
        "game": Field("str", choices=("blackjack",)),
        "phase": Field("str", choices=("betting", "playing", "closing")),
        "round": Field("int", low=0),
        "host": Field("str", nullable=True, pattern=NAME_PATTERN),
        "rules": Field("dict"),
        "seats": _ANY_LIST,
        "dealer": Field("dict"),
        "turn": Field("dict", nullable=True),
        "shoe": Field("dict"),
        "window": Field("number", required=False, nullable=True),
        "note": Field("note"),
        "you": Field("dict", nullable=True),
    },
}


def validate(message: object, schemas: Mapping[str, Schema] = CLIENT) -> dict[str, Any]:
    """``message`` if it is an object of a known type whose fields follow its schema;
    :class:`ProtocolError` otherwise (the first problem, in words)."""
    if not isinstance(message, dict):
        raise ProtocolError("not-object", "a message is a JSON object")
    kind = message.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("no-type", "a message needs a 'type' (text)")
    schema = schemas.get(kind)
    if schema is None:
        raise ProtocolError("unknown-type", f"unknown message type {kind[:40]!r}")
    for name in message:
        if name != "type" and name not in schema:
            raise ProtocolError("bad-field", f"'{kind}' has no field {str(name)[:40]!r}")
    for name, spec in schema.items():
        if name not in message:
            if spec.required:
                raise ProtocolError("bad-field", f"'{kind}' needs '{name}'", {"field": name})
            continue
        spec.check(name, message[name])
    return message


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def decode(line: bytes) -> dict[str, Any]:
    """One received line (without its newline) as a validated client message."""
    if len(line) > MAX_LINE:
        raise ProtocolError("line-too-long", f"a line may have at most {MAX_LINE} bytes")
    try:
        text = line.decode("utf-8")
        value = json.loads(text, parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ProtocolError("bad-json", "the line is not JSON (one object per line, UTF-8)") from None
    return validate(value, CLIENT)
