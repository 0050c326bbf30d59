"""Card-counting systems as data (``assets/counts/*.json``), read once.

A system gives every card value a tag (ace first, ``"10"`` for every ten-valued card);
the running count is the sum of the tags of the cards seen. A *balanced* system's tags
add up to 0 over a deck, so the running count divided by the decks left (the true
count) measures the shoe's richness at any depth. An *unbalanced* one (KO) starts at an
initial running count chosen so that one running count, the pivot, means the same
richness at every depth; :meth:`CountSystem.true_count` converts it all the same, so the
analysis and the simulator treat every system alike.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from cardtable.resources import asset_path, read_json

__all__ = ["RANK_LABELS", "CountSystem", "Unbalanced", "load_systems", "system_named", "SYSTEM_ORDER",
           "CARDS_PER_DECK"]

#: Tag labels, in card-value order (ace = 1 ... ten-valued = 10).
RANK_LABELS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")
#: The order systems are listed in (others, if any are added, follow by key).
SYSTEM_ORDER: tuple[str, ...] = ("hilo", "ko", "hiopt1", "hiopt2", "omega2", "zen", "halves")
CARDS_PER_DECK = 52
#: Cards of each value in one deck (ten-valued: 10, J, Q, K).
_PER_DECK = (4,) * 9 + (16,)


@dataclass(frozen=True)
class Unbalanced:
    """How an unbalanced system starts and reads: IRC = offset + per_deck × decks."""

    irc_per_deck: int
    irc_offset: int
    #: The running count that means the same richness at every depth.
    pivot: float
    #: Published key counts (where betting starts) by decks in the shoe.
    key_counts: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class CountSystem:
    """One counting system: tags per card value and how its count reads."""

    key: str
    name: str
    description: str
    #: Tags by card value, ace first, ten-valued last (10 entries).
    tags: tuple[float, ...]
    balanced: bool
    unbalanced: Unbalanced | None = None

    def tag(self, value: int) -> float:
        """The tag of a card value (ace = 1, ten-valued = 10)."""
        return self.tags[value - 1]

    @property
    def deck_sum(self) -> float:
        """The sum of the tags over one deck (0 for a balanced system)."""
        return sum(n * t for n, t in zip(_PER_DECK, self.tags, strict=True))

    @property
    def level(self) -> float:
        """The largest tag in size (1 for Hi-Lo, 2 for Zen)."""
        return max(abs(t) for t in self.tags)

    def initial_running_count(self, decks: int) -> float:
        """Where the running count starts after a shuffle."""
        if self.unbalanced is None:
            return 0.0
        return float(self.unbalanced.irc_offset + self.unbalanced.irc_per_deck * decks)

    def key_count(self, decks: int) -> int | None:
        """The published key count for ``decks`` decks (unbalanced systems only)."""
        if self.unbalanced is None:
            return None
        return dict(self.unbalanced.key_counts).get(decks)

    def true_count(self, running: float, cards_left: int) -> float:
        """The true count per deck left. For an unbalanced system, the equivalent of a
        balanced count of the same tags: the richness its running count means at this
        depth (equal to the pivot when the running count is the pivot)."""
        decks_left = max(cards_left, 1) / CARDS_PER_DECK
        if self.unbalanced is None:
            return running / decks_left
        return (running - self.unbalanced.irc_offset) / decks_left + self.deck_sum

    def running_for_true(self, true_count: float, cards_left: int) -> float:
        """The running count that :meth:`true_count` reads as ``true_count``."""
        decks_left = max(cards_left, 1) / CARDS_PER_DECK
        if self.unbalanced is None:
            return true_count * decks_left
        return (true_count - self.deck_sum) * decks_left + self.unbalanced.irc_offset


def _number(value: object, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"{what} must be a number, not {value!r}")
    return float(value)


def _text(data: Mapping[str, Any], name: str, where: str) -> str:
    value = data.get(name)
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{where}: {name!r} must be a non-empty text")
    return value


def parse_system(data: object, where: str = "count system") -> CountSystem:
    """A system from its JSON document; ``ValueError`` naming ``where`` when it is not one."""
    if not isinstance(data, dict):
        raise ValueError(f"{where}: not a JSON object")
    tags_data = data.get("tags")
    if not isinstance(tags_data, dict) or set(tags_data) != set(RANK_LABELS):
        raise ValueError(f"{where}: 'tags' must give exactly the ranks {', '.join(RANK_LABELS)}")
    tags = tuple(_number(tags_data[label], f"{where}: tag of {label}") for label in RANK_LABELS)
    balanced = data.get("balanced")
    if not isinstance(balanced, bool):
        raise ValueError(f"{where}: 'balanced' must be true or false")
    unbalanced = None
    extra = data.get("unbalanced")
    if extra is not None:
        if not isinstance(extra, dict):
            raise ValueError(f"{where}: 'unbalanced' must be an object")
        keys = extra.get("key_count", {})
        if not isinstance(keys, dict):
            raise ValueError(f"{where}: 'key_count' must map decks to counts")
        try:
            unbalanced = Unbalanced(
                int(_number(extra.get("initial_running_count_per_deck"), f"{where}: IRC per deck")),
                int(_number(extra.get("initial_running_count_offset"), f"{where}: IRC offset")),
                _number(extra.get("pivot"), f"{where}: pivot"),
                tuple(sorted((int(k), int(_number(v, f"{where}: key count"))) for k, v in keys.items())),
            )
        except (TypeError, ValueError) as error:
            raise ValueError(str(error) if str(error).startswith(where) else f"{where}: {error}") from None
    system = CountSystem(_text(data, "key", where), _text(data, "name", where), _text(data, "description", where),
                         tags, balanced, unbalanced)
    if balanced != (abs(system.deck_sum) < 1e-9):
        raise ValueError(f"{where}: 'balanced' is {balanced} but the tags add up to {system.deck_sum:g} a deck")
    if not balanced and unbalanced is None:
        raise ValueError(f"{where}: an unbalanced system needs its 'unbalanced' start and pivot")
    return system


@lru_cache(maxsize=1)
def load_systems() -> dict[str, CountSystem]:
    """Every shipped system by key, in :data:`SYSTEM_ORDER`."""
    found: dict[str, CountSystem] = {}
    for path in sorted(asset_path("counts").glob("*.json")):
        system = parse_system(read_json("counts", path.name), f"counts/{path.name}")
        found[system.key] = system
    rank = {key: i for i, key in enumerate(SYSTEM_ORDER)}
    return {k: found[k] for k in sorted(found, key=lambda k: (rank.get(k, len(rank)), k))}


def _simple(text: str) -> str:
    return "".join(c for c in text.lower() if c.isalnum())


def system_named(name: str) -> CountSystem:
    """A system by key or name, case and punctuation ignored (``hilo``, ``Hi-Lo``,
    ``Wong Halves``); ``ValueError`` listing the keys otherwise."""
    wanted = _simple(name)
    for system in load_systems().values():
        before, _, inside = system.name.partition("(")
        if wanted in (system.key, _simple(system.name), _simple(before), _simple(inside)):
            return system
    shown = name if len(name) <= 20 else name[:20] + "…"
    raise ValueError(f"unknown count system {shown!r}; one of: {', '.join(load_systems())}")
