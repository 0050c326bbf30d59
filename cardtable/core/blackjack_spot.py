"""A blackjack decision as plain integers: legal-action masks and spot keys.

The round describes the hand to act as one integer (:meth:`Round.spot_key
<cardtable.core.blackjack.Round.spot_key>`) so that a simulated player decides from a
dictionary hit; :func:`decode_spot` reads it back as a :class:`Spot`.
"""

from __future__ import annotations

from dataclasses import dataclass

from .blackjack_rules import Action

__all__ = [
    "Spot",
    "decode_spot",
    "legal_from_mask",
    "ACTION_BITS",
    "LEGAL_SETS",
    "HIT_BIT",
    "STAND_BIT",
    "DOUBLE_BIT",
    "SPLIT_BIT",
    "SURRENDER_BIT",
]

#: Bits of a legal-action mask (see :meth:`Round.spot_key`).
HIT_BIT, STAND_BIT, DOUBLE_BIT, SPLIT_BIT, SURRENDER_BIT = 1, 2, 4, 8, 16
#: The bit of each action.
ACTION_BITS: dict[Action, int] = {
    Action.HIT: HIT_BIT,
    Action.STAND: STAND_BIT,
    Action.DOUBLE: DOUBLE_BIT,
    Action.SPLIT: SPLIT_BIT,
    Action.SURRENDER: SURRENDER_BIT,
}
#: The legal set of every mask (index), built once.
LEGAL_SETS: tuple[frozenset[Action], ...] = tuple(
    frozenset(a for a, bit in ACTION_BITS.items() if mask & bit) for mask in range(32)
)


def legal_from_mask(mask: int) -> frozenset[Action]:
    """The actions of a legal-action mask."""
    return LEGAL_SETS[mask]


@dataclass(frozen=True)
class Spot:
    """A decision as a basic-strategy player sees it, decoded from :meth:`Round.spot_key`."""

    total: int
    soft: bool
    #: The card value (ace = 1) of a two-card pair, else 0.
    pair: int
    #: The hand holds exactly two cards.
    two_cards: bool
    #: The dealer's up card value (ace = 1).
    up: int
    legal: frozenset[Action]


def decode_spot(key: int) -> Spot:
    """The :class:`Spot` of a :meth:`Round.spot_key`."""
    key, mask = divmod(key, 32)
    key, up = divmod(key, 11)
    key, two = divmod(key, 2)
    key, soft = divmod(key, 2)
    pair, total = divmod(key, 32)
    return Spot(total, bool(soft), pair, bool(two), up, LEGAL_SETS[mask])

