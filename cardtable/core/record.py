"""A round as data: its starting state plus the actions taken (docs/rules.md section 1).

A dealt round is committed: it is saved when it is dealt and after every action, and
rebuilt after a restart by replaying the actions through the same engine from the
same starting state (the shoe's remaining cards in order, the seats, the stakes).
There is no second representation of a hand: a record holds only what is needed to
deal the round again, and each game's table module knows how to replay its own.

A record that cannot be replayed (edited or damaged) raises :class:`RecordError`;
it is the one case of a void round ("malfunction voids all pays and plays").
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["RoundRecord", "RecordError", "RECORD_VERSION"]

#: Bumped when the layout of ``start`` or ``actions`` changes incompatibly.
RECORD_VERSION = 1


class RecordError(ValueError):
    """A saved round that cannot be replayed; the message says why in plain words."""


@dataclass(frozen=True)
class RoundRecord:
    """One game's round: where it started and what was done since, as JSON-ready data.

    ``start`` and each action are plain JSON values (dicts, lists, strings, ints).
    ``meta`` holds what the table around the engine needs to show the round again
    (computer seats' levels, the roads of the shoe) and is not replayed.
    """

    game: str
    start: Mapping[str, Any]
    actions: tuple[Any, ...] = ()
    meta: Mapping[str, Any] = field(default_factory=dict)

    def with_action(self, action: Any) -> RoundRecord:
        """A copy with ``action`` appended."""
        return RoundRecord(self.game, self.start, self.actions + (action,), self.meta)

    def to_json(self) -> str:
        """Compact JSON text for the store."""
        return json.dumps(
            {
                "version": RECORD_VERSION,
                "game": self.game,
                "start": self.start,
                "actions": list(self.actions),
                "meta": self.meta,
            },
            separators=(",", ":"),
            sort_keys=True,
            allow_nan=False,
        )

    @classmethod
    def from_json(cls, text: object) -> RoundRecord:
        """Parse :meth:`to_json` output; :class:`RecordError` for anything else."""
        if not isinstance(text, str):
            raise RecordError("the saved round is not text")
        try:
            data = json.loads(text, parse_constant=_no_constant)
        except (ValueError, RecursionError):
            raise RecordError("the saved round is not readable") from None
        if not isinstance(data, dict):
            raise RecordError("the saved round is not a record")
        if data.get("version") != RECORD_VERSION:
            raise RecordError(f"the saved round has an unknown layout ({data.get('version')!r})")
        game, start, actions, meta = (data.get(k) for k in ("game", "start", "actions", "meta"))
        if not isinstance(game, str) or not isinstance(start, dict):
            raise RecordError("the saved round has no game or starting state")
        if not isinstance(actions, list) or not isinstance(meta, dict):
            raise RecordError("the saved round's actions are not a list")
        try:
            frozen = tuple(_freeze(a) for a in actions)
        except RecursionError:
            raise RecordError("the saved round's actions are nested too deeply") from None
        return cls(game, start, frozen, meta)


def _no_constant(name: str) -> Any:
    """``NaN`` and ``Infinity`` are not JSON a record ever holds."""
    raise ValueError(f"not a number: {name}")


def _freeze(value: Any) -> Any:
    """JSON lists inside actions become tuples, so records compare equal after a reload."""
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value
