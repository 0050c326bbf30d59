"""Basic-strategy charts as data: hard totals, soft totals and pairs by dealer up card.

A chart cell is one of ``H`` (hit), ``S`` (stand), ``Dh`` (double, else hit),
``Ds`` (double, else stand), ``P`` (split), or with late surrender ``Rh``, ``Rs``,
``Rp`` (surrender, else hit, stand or split). Charts are stored as JSON in
``assets/data`` (the published chart for the normal player, the derived chart for
the hard player) and read once.

Playing a chart: a pair whose cell says ``P`` splits when splitting is legal;
otherwise the pair plays its total. Doubles apply to two-card hands only; a hand of
three or more cards reads the total rows with ``Dh`` as hit and ``Ds`` as stand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from cardtable.core.blackjack import Action
from cardtable.core.blackjack_totals import values_total
from cardtable.resources import read_json

__all__ = [
    "UP_ORDER",
    "CODES",
    "Chart",
    "up_index",
    "resolve",
    "dumps_chart",
    "PUBLISHED_CHART_FILE",
    "published_chart",
]

#: The standard published 4–8 deck S17 DAS peek chart (the normal player's), in assets/data.
PUBLISHED_CHART_FILE = "bj_chart_s17_das_peek.json"

#: Dealer up cards in chart column order: 2..10 then ace (values 1..10, ace = 1).
UP_ORDER: tuple[int, ...] = (2, 3, 4, 5, 6, 7, 8, 9, 10, 1)
CODES = frozenset({"H", "S", "Dh", "Ds", "P", "Rh", "Rs", "Rp"})
#: What a surrender cell does when surrender is not allowed.
_UNSURRENDERED = {"Rh": "H", "Rs": "S", "Rp": "P"}


def up_index(up_value: int) -> int:
    """Column of a dealer up card value (ace = 1) in a chart row."""
    return UP_ORDER.index(up_value)


def _row(cells: Sequence[str], what: str) -> tuple[str, ...]:
    row = tuple(cells)
    if len(row) != len(UP_ORDER) or any(c not in CODES for c in row):
        raise ValueError(f"bad chart row {what}: {cells!r}")
    return row


@dataclass(frozen=True)
class Chart:
    """A basic-strategy chart: rows keyed by hard total, soft total and pair value."""

    name: str
    hard: Mapping[int, tuple[str, ...]]
    soft: Mapping[int, tuple[str, ...]]
    #: Keyed by card value, ace = 1, ten-valued = 10.
    pairs: Mapping[int, tuple[str, ...]]

    # -- data ----------------------------------------------------------------------

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Chart:
        """Build from the JSON layout used in ``assets/data/bj_chart_*.json``."""
        if list(data.get("upcards", [])) != [_up_label(u) for u in UP_ORDER]:
            raise ValueError("chart columns must be 2..10 then A")
        hard = {int(k): _row(v, f"hard {k}") for k, v in data["hard"].items()}
        soft = {int(k): _row(v, f"soft {k}") for k, v in data["soft"].items()}
        pairs = {_pair_key(k): _row(v, f"pair {k}") for k, v in data["pairs"].items()}
        return cls(name=str(data.get("name", "")), hard=hard, soft=soft, pairs=pairs)

    def to_json(self, **extra: Any) -> dict[str, Any]:
        """The JSON layout (``extra`` keys are added first, e.g. a description)."""
        out: dict[str, Any] = dict(extra)
        out["name"] = self.name
        out["upcards"] = [_up_label(u) for u in UP_ORDER]
        out["hard"] = {str(k): list(self.hard[k]) for k in sorted(self.hard)}
        out["soft"] = {str(k): list(self.soft[k]) for k in sorted(self.soft)}
        out["pairs"] = {_up_label(k): list(self.pairs[k]) for k in _pair_order(self.pairs)}
        return out

    def cells(self) -> dict[tuple[str, int, int], str]:
        """Every cell as ``{(kind, row key, up value): code}`` (for comparisons)."""
        out: dict[tuple[str, int, int], str] = {}
        for kind, rows in (("hard", self.hard), ("soft", self.soft), ("pair", self.pairs)):
            for key, row in rows.items():
                for up, code in zip(UP_ORDER, row, strict=True):
                    out[(kind, key, up)] = code
        return out

    # -- play ----------------------------------------------------------------------

    def total_code(self, total: int, soft: bool, up: int) -> str:
        """The total-row cell; totals beyond the rows are clamped (hit low, stand high)."""
        rows = self.soft if soft else self.hard
        if total in rows:
            return rows[total][up_index(up)]
        if not rows:
            return "S" if total >= 17 else "H"
        if total < min(rows):
            return "H"
        return "S"

    def code_for(self, values: Sequence[int], up: int, can_split: bool) -> tuple[str, str]:
        """(cell, row name) for a hand given as card values; pair rows only when splittable."""
        total, soft = values_total(values)
        pair = values[0] if len(values) == 2 and values[0] == values[1] else 0
        return self.code_for_facts(total, soft, pair, up, can_split)

    def code_for_facts(self, total: int, soft: bool, pair: int, up: int,
                       can_split: bool) -> tuple[str, str]:
        """:meth:`code_for` from the hand's facts (``pair`` the pair's value, or 0)."""
        if pair and pair in self.pairs:
            code = self.pairs[pair][up_index(up)]
            if code not in ("P", "Rp") or can_split:
                return code, "pair"
        return self.total_code(total, soft, up), "soft" if soft else "hard"

    def decide(
        self,
        values: Sequence[int],
        up: int,
        *,
        can_hit: bool = True,
        can_double: bool = False,
        can_split: bool = False,
        can_surrender: bool = False,
    ) -> Action:
        """The chart's action for a hand, falling back when an action isn't allowed."""
        code, _ = self.code_for(values, up, can_split)
        two = len(values) == 2
        return resolve(code, can_hit=can_hit, can_double=can_double and two,
                       can_split=can_split, can_surrender=can_surrender and two)


@lru_cache(maxsize=1)
def published_chart() -> Chart:
    """The standard published chart, read once from ``assets/data``."""
    return Chart.from_json(read_json("data", PUBLISHED_CHART_FILE))


def resolve(code: str, *, can_hit: bool, can_double: bool, can_split: bool,
            can_surrender: bool = False) -> Action:
    """Turn a cell into an action allowed now (``P`` must be handled by the caller)."""
    if code in _UNSURRENDERED:
        if can_surrender:
            return Action.SURRENDER
        code = _UNSURRENDERED[code]
    if code == "P" and can_split:
        return Action.SPLIT
    if code in ("Dh", "Ds") and can_double:
        return Action.DOUBLE
    if code in ("H", "Dh") and can_hit:
        return Action.HIT
    return Action.STAND


def _up_label(value: int) -> str:
    return "A" if value == 1 else str(value)


def _pair_key(label: str) -> int:
    return 1 if label.upper() == "A" else int(label)


def _pair_order(pairs: Mapping[int, Any]) -> list[int]:
    return sorted(pairs, key=lambda v: 0 if v == 1 else v)


def dumps_chart(document: Mapping[str, Any]) -> str:
    """JSON text of a chart document with one chart row per line (readable diffs)."""
    import json

    lines = ["{"]
    items = list(document.items())
    for i, (key, value) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        if key in ("hard", "soft", "pairs") and isinstance(value, Mapping):
            lines.append(f"  {json.dumps(key)}: {{")
            rows = list(value.items())
            for j, (row_key, row) in enumerate(rows):
                row_comma = "," if j < len(rows) - 1 else ""
                lines.append(f"    {json.dumps(row_key)}: {json.dumps(row)}{row_comma}")
            lines.append("  }" + comma)
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"
