"""The draw-poker table's money rules: what a bet costs and whether it can be dealt.

A :class:`PokerTable` is the machine as the settings set it up (coin size, exchange
rounds, pay table). It answers, as a pure function of the bet and the bankroll,
whether a bet can be dealt (:meth:`PokerTable.refusal`: ``None`` or a
:class:`Refusal`, a code the screen words), and deals only a bet it accepts
(:meth:`PokerTable.deal` raises :class:`BetRefused` otherwise). Money in hundredths
of a chip (docs/rules.md section 1).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import Shoe
from .poker_hand import DrawHand
from .poker_machines import JACKS_OR_BETTER, Machine, new_deck
from .refusal import Refusal as _Refusal
from .refusal import RuleCode

__all__ = ["PokerTable", "Refusal", "BetRefused", "NO_COIN", "OVER_BANKROLL"]


@dataclass(frozen=True)
class Refusal(_Refusal):
    """Why a bet cannot be dealt: a code (worded by the screen) and whether the table
    offers the free refill instead."""

    #: Not even one coin is covered: the table offers the free refill instead.
    refill: bool = False


#: The bankroll is below one coin: no bet at all can be dealt.
NO_COIN = Refusal(RuleCode.NO_COIN, refill=True)
#: One coin is covered, but not the bet chosen.
OVER_BANKROLL = Refusal(RuleCode.COINS_SHORT)


class BetRefused(ValueError):
    """A deal the table refuses; ``refusal`` says why. Nothing was dealt."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(f"refused: {refusal.code}")
        self.refusal = refusal


@dataclass(frozen=True)
class PokerTable:
    """One video-poker machine: its coin, its exchange rounds and its pay table."""

    coin_size: int
    exchange_rounds: int = 1
    pay_table: Machine = field(default=JACKS_OR_BETTER, repr=False)

    def __post_init__(self) -> None:
        DrawHand.new(self.coin_size, self.exchange_rounds, self.pay_table)  # validates both

    @property
    def machine(self) -> Machine:
        """The machine (its pay table and wild cards)."""
        return self.pay_table

    def fresh_deck(self, shoe: Shoe) -> Shoe:
        """The deck for one hand, from a freshly shuffled one-deck ``shoe``: Joker Poker
        adds its joker (shuffled with the shoe's generator); a stacked shoe is kept as is."""
        if self.machine.wild == "joker" and shoe.decks == 1:
            return new_deck("joker", shoe.rng)
        return shoe

    @property
    def max_coins(self) -> int:
        """The largest bet, in coins."""
        return self.pay_table.max_coins

    def stake(self, coins: int) -> int:
        """What a bet of ``coins`` costs, in hundredths."""
        return coins * self.coin_size

    def refusal(self, coins: int, bankroll: int) -> Refusal | None:
        """Why a bet of ``coins`` cannot be dealt with ``bankroll`` (hundredths), or None.

        The stake must be covered by the bankroll; below one coin the answer is
        :data:`NO_COIN` (the refill is offered) whatever the bet.
        """
        if self.stake(1) > bankroll:
            return NO_COIN
        if isinstance(coins, bool) or not isinstance(coins, int) or not 1 <= coins <= self.max_coins:
            return Refusal(RuleCode.COINS_RANGE, {"most": self.max_coins, "coins": repr(coins)[:20]})
        if self.stake(coins) > bankroll:
            return OVER_BANKROLL
        return None

    def new_hand(self) -> DrawHand:
        """A hand at this table waiting for its bet."""
        return DrawHand.new(self.coin_size, self.exchange_rounds, self.pay_table)

    def deal(self, coins: int, bankroll: int, deck: Shoe) -> DrawHand:
        """Bet ``coins`` and deal five from ``deck``; :class:`BetRefused` (before a card
        leaves the deck) when :meth:`refusal` refuses the bet."""
        refusal = self.refusal(coins, bankroll)
        if refusal is not None:
            raise BetRefused(refusal)
        return self.new_hand().bet(coins).deal(deck)
