"""A refusal as a value: a code and its parameters, never a sentence.

The core decides *why* something is refused; the words are chosen where they are shown
(:mod:`cardtable.i18n.refusals`), in the language of the person who reads them. So a
refusal crosses the network as its code and parameters, and each player of a shared
table reads it in their own language. Amounts are integer hundredths of a chip (never
pre-formatted text); an action is its core value (``"hit"``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum

__all__ = ["Refusal", "RuleCode", "AMOUNT_PARAMS"]

#: Parameters that are amounts (hundredths of a chip): worded with the language's digits.
AMOUNT_PARAMS = frozenset({"amount", "bankroll", "min", "max", "needed", "left", "staked"})


class RuleCode(str, Enum):
    """Every refusal the rules of the three games give, once (docs/protocol.md)."""

    #: blackjack actions (``action_refusal``)
    WAIT_TURN = "wait-turn"
    SPLIT_ACE_ONE_CARD = "split-ace-one-card"  # hit on a split ace
    SPLIT_ACE_NO_DOUBLE = "split-ace-no-double"
    NO_MORE_CARDS = "no-more-cards"  # {total}: the hand's points (a number, not an amount)
    DOUBLE_FIRST_TWO = "double-first-two"
    NO_DOUBLE_AFTER_SPLIT = "no-double-after-split"
    DOUBLE_SHORT = "double-short"  # {needed, left}
    SPLIT_SAME_VALUE = "split-same-value"
    SPLIT_MAX_HANDS = "split-max-hands"  # {hands}
    SPLIT_ACES_ONCE = "split-aces-once"
    SPLIT_SHORT = "split-short"  # {needed, left}
    NOT_POSSIBLE = "not-possible"  # {action}
    #: a blackjack bet (``bet_refusal``)
    BET_LIMITS = "bet-limits"  # {min, max}
    BET_OVER_BANKROLL = "bet-over-bankroll"  # {bankroll, amount}
    #: a shared baccarat layout (``layout_refusal``)
    SPOT_LIMITS = "spot-limits"  # {min, max}
    LAYOUT_OVER_BANKROLL = "layout-over-bankroll"  # {bankroll, amount}: all the bets
    #: the local baccarat layout (``BaccaratTable.place``, ``repeat``, ``deal_next``)
    COUP_UNSETTLED = "coup-unsettled"
    SPOT_LIMIT = "spot-limit"  # {max, outcome, amount}: what the spot has
    CHIP_OVER_BANKROLL = "chip-over-bankroll"  # {bankroll, amount, staked}
    NO_LAST_BETS = "no-last-bets"
    REPEAT_OVER_BANKROLL = "repeat-over-bankroll"  # {bankroll, amount}
    PLACE_A_BET = "place-a-bet"
    BETS_OVER_BANKROLL = "bets-over-bankroll"  # {bankroll}
    SHOE_EMPTY = "shoe-empty"
    #: the draw-poker machine (``PokerTable.refusal``)
    NO_COIN = "no-coin"  # below one coin: the free refill is offered
    COINS_RANGE = "coins-range"  # {most, coins}
    COINS_SHORT = "coins-short"


@dataclass(frozen=True)
class Refusal:
    """Why something is refused: a :class:`RuleCode` (or another listed code) and its
    parameters (ints, amounts in hundredths, or short names)."""

    code: str
    params: Mapping[str, int | str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if isinstance(self.code, Enum):  # a listed code is kept as its plain text
            object.__setattr__(self, "code", self.code.value)

    def as_wire(self) -> dict[str, object]:
        """The refusal as the protocol carries it: ``{"code": …, "params": {…}}``."""
        return {"code": self.code, "params": dict(self.params)}
