"""Every code the server sends for a player to read, listed once (docs/protocol.md).

A player at a shared table reads the server in their own language, so the server never
sends a sentence for a person: an ``error``, a ``timeout``, a snapshot's ``note``,
``closing`` and ``bye`` carry one of these codes and its parameters, and the client
words them (:mod:`cardtable.i18n.refusals`). The rules' own refusals are
:class:`cardtable.core.refusal.RuleCode`; an ``error`` ``bad-bet`` names one in its
``why`` parameter.
"""

from __future__ import annotations

from enum import Enum
from typing import Any

__all__ = ["ErrorCode", "NoteCode", "note"]


class ErrorCode(str, Enum):
    """The ``code`` of an ``error`` message (the parameters each may carry in comments)."""

    # the line and the message
    LINE_TOO_LONG = "line-too-long"  # {limit} bytes
    BAD_JSON = "bad-json"
    NOT_OBJECT = "not-object"
    NO_TYPE = "no-type"
    UNKNOWN_TYPE = "unknown-type"
    BAD_FIELD = "bad-field"  # {field}
    FLOOD = "flood"  # {limit} messages a second
    SERVER = "server"
    # the connection and the name
    HELLO_FIRST = "hello-first"
    HELLO_TIMEOUT = "hello-timeout"
    IDLE = "idle"  # {seconds}
    TOO_MANY_CONNECTIONS = "too-many-connections"  # {limit}
    SERVER_FULL = "server-full"
    VERSION = "version"  # {version}
    BAD_NAME = "bad-name"  # {why: one of the three below, name?}
    NAME_PATTERN = "name-pattern"  # not 1-20 of A-Z a-z 0-9 _ -
    NAME_DASH = "name-dash"  # starts with '-'
    NAME_DEVICE = "name-device"  # {name}: a device name on Windows
    TOKEN_REQUIRED = "token-required"  # {name}
    BAD_TOKEN = "bad-token"  # {name}
    NEW_NAMES = "new-names"
    TOO_MANY_TRIES = "too-many-tries"
    ALREADY_GREETED = "already-greeted"
    # seats and tables
    NO_TABLE = "no-table"  # {table}
    TABLE_FULL = "table-full"  # {table}
    SEATED = "seated"
    NOT_SEATED = "not-seated"
    CLOSING = "closing"
    IN_ROUND = "in-round"
    NOT_HOST = "not-host"
    BAD_SEAT = "bad-seat"  # {last}: the last seat's index (from 0; worded from 1, "Seat 1")
    SEAT_TAKEN = "seat-taken"  # {name, seat}: the seat's index (from 0; worded from 1)
    BAD_LEVEL = "bad-level"
    NO_COMPUTERS = "no-computers"
    NO_DECISIONS = "no-decisions"
    # play
    BAD_BET = "bad-bet"  # {why: a RuleCode or "spot-needed", its parameters}
    SPOT_NEEDED = "spot-needed"  # a bad-bet's why: a baccarat bet without its spot
    ROUND_OPEN = "round-open"
    NOT_YOUR_TURN = "not-your-turn"  # {name} when another hand is to act
    ILLEGAL = "illegal"  # {action}
    SHORT_SHOE = "short-shoe"
    VOID = "void"
    NO_HAND = "no-hand"
    REFILL = "refill"  # {min}
    # the player's store on the server
    STORE = "store"
    UNSETTLED = "unsettled"
    HISTORY = "history"


class NoteCode(str, Enum):
    """What a table says (a snapshot's ``note``, ``timeout``, ``closing``, ``bye``)."""

    WAITING_BETS = "waiting-bets"
    PLACE_BETS = "place-bets"
    DEALT = "dealt"  # {round}
    TO_ACT = "to-act"  # {name}
    TO_ACT_AWAY = "to-act-away"  # {name}
    LAST_TO_ACT = "last-to-act"  # {name}
    LAST_TO_ACT_AWAY = "last-to-act-away"  # {name}
    TIMEOUT = "timeout"  # {name}
    SETTLED = "settled"  # {round}
    COUP = "coup"  # {round, outcome, high, low}: a baccarat coup won
    COUP_TIE = "coup-tie"  # {round, total}
    ROUND_VOID = "round-void"
    CLOSES_AFTER_ROUND = "closes-after-round"
    CLOSES_NO_COUPS = "closes-no-coups"
    REPLAYING = "replaying"
    SERVER_CLOSING = "server-closing"  # bye
    SIGNED_IN_ELSEWHERE = "signed-in-elsewhere"  # bye


def note(code: NoteCode, **params: int | str) -> dict[str, Any]:
    """What a table says, as the protocol carries it: ``{"code": …, "params": {…}}``."""
    return {"code": code.value, "params": params}
