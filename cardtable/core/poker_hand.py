"""One hand of draw poker as immutable state with explicit steps (docs/rules.md section 4).

    DrawHand.new(coin_size) -> .bet(coins) -> .deal(deck) -> .exchange(positions) [x rounds]
                                                           -> .stand() (skips rounds left)
                            -> .settle() -> result: value, category paid, stake, returned

Each step returns a new :class:`DrawHand`; the old one is untouched. A step taken
out of order raises :class:`StepOutOfOrder` (a ``ValueError``) before anything
happens, so nothing changes — not the hand, not the deck.

The deck is a one-deck :class:`~cardtable.core.cards.Shoe` shuffled for this hand
(the caller makes it; one fresh deck per hand). The hand keeps a reference to it
because replacements come from the top of the same deck. The deck is the one
mutable thing, so every drawing step first checks that the deck has dealt exactly
the cards this state knows about: stepping from a stale state is refused instead of
silently drawing twice.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any

from .cards import Card, Shoe, ShoeEmpty
from .poker import HandValue, evaluate
from .poker_machines import JACKS_OR_BETTER, Joker, Machine, PayHand, restore_deck
from .record import RecordError, RoundRecord

__all__ = [
    "HAND_SIZE",
    "MAX_EXCHANGE_ROUNDS",
    "Phase",
    "StepOutOfOrder",
    "DrawHand",
]

HAND_SIZE = 5
#: The settings allow 1 to 3 exchange rounds (docs/rules.md section 4).
MAX_EXCHANGE_ROUNDS = 3


class Phase(Enum):
    """Where a hand stands; each names the step that comes next."""

    BETTING = "betting"        # new: place a bet
    READY = "ready"            # bet placed: deal
    DRAWING = "drawing"        # five cards dealt: exchange (or stand)
    SHOWDOWN = "showdown"      # exchanges done: rank and pay
    SETTLED = "settled"        # ranked and paid; start a new hand


class StepOutOfOrder(ValueError):
    """A step was taken in the wrong phase; nothing was changed."""


@dataclass(frozen=True)
class DrawHand:
    """Immutable state of one draw-poker hand. Money in hundredths of a chip.

    ``pay_table`` is the machine the hand is played on (its pay table and
    its wild cards).
    """

    coin_size: int
    exchange_rounds: int = 1
    pay_table: Machine = field(default=JACKS_OR_BETTER, repr=False, compare=False)
    phase: Phase = Phase.BETTING
    coins: int = 0
    cards: tuple[Card, ...] = ()
    #: Exchange rounds already taken.
    exchanges_done: int = 0
    #: Positions (0-4) replaced by the latest exchange.
    replaced: tuple[int, ...] = ()
    #: Positions the player asked to exchange but kept because the deck ran out (all rounds).
    kept_no_card: tuple[int, ...] = ()
    #: Cards drawn from the deck so far (5 dealt plus replacements).
    drawn: int = 0
    #: The five cards as dealt, before any exchange (what the first decision was about).
    dealt: tuple[Card, ...] = ()
    #: The natural value of the final cards (None with the joker among them).
    value: HandValue | None = None
    #: The pay-table row the settled hand won on (None: it lost, or not settled yet).
    paid: PayHand | None = None
    #: Coins returned at settlement (stake included; 0 when nothing pays).
    payout_coins: int = 0
    deck: Shoe | None = field(default=None, repr=False, compare=False)
    #: The deck as it stood before the deal (a :meth:`Shoe.snapshot`), for the record.
    deck_start: Mapping[str, Any] | None = field(default=None, repr=False, compare=False)
    #: The player's decisions so far: ``("exchange", positions)`` or ``("stand",)``.
    steps: tuple[tuple[Any, ...], ...] = ()

    # -- construction ---------------------------------------------------------------

    @classmethod
    def new(
        cls,
        coin_size: int,
        exchange_rounds: int = 1,
        pay_table: Machine = JACKS_OR_BETTER,
    ) -> DrawHand:
        """A hand waiting for its bet. ``coin_size`` in hundredths (5 chips = 500)."""
        if not isinstance(coin_size, int) or isinstance(coin_size, bool) or coin_size <= 0:
            raise ValueError(f"coin size must be a positive whole number of hundredths, not {coin_size!r}")
        if (
            not isinstance(exchange_rounds, int)
            or isinstance(exchange_rounds, bool)
            or not 1 <= exchange_rounds <= MAX_EXCHANGE_ROUNDS
        ):
            raise ValueError(f"exchange rounds must be 1 to {MAX_EXCHANGE_ROUNDS}, not {exchange_rounds!r}")
        return cls(coin_size=coin_size, exchange_rounds=exchange_rounds, pay_table=pay_table)

    @property
    def machine(self) -> Machine:
        """The machine this hand is played on."""
        return self.pay_table

    # -- derived --------------------------------------------------------------------

    @property
    def stake(self) -> int:
        """Hundredths staked on this hand (0 before the bet)."""
        return self.coins * self.coin_size

    @property
    def returned(self) -> int:
        """Hundredths paid back at settlement, stake included."""
        return self.payout_coins * self.coin_size

    @property
    def net(self) -> int:
        """Win (positive) or loss (negative) in hundredths once settled."""
        return self.returned - self.stake

    @property
    def exchanges_left(self) -> int:
        """Exchange rounds still open (0 unless drawing)."""
        if self.phase is not Phase.DRAWING:
            return 0
        return self.exchange_rounds - self.exchanges_done

    @property
    def in_progress(self) -> bool:
        """True from the bet until settlement: leaving now voids the hand."""
        return self.phase in (Phase.READY, Phase.DRAWING, Phase.SHOWDOWN)

    @property
    def winning_category(self) -> PayHand | None:
        """The pay-table row this hand won on (None before settlement or if it lost)."""
        return self.paid

    @property
    def deck_ran_out(self) -> bool:
        """True if some card could not be exchanged because the deck was empty."""
        return bool(self.kept_no_card)

    @property
    def winning_positions(self) -> tuple[int, ...]:
        """Positions (0-4) of the cards that make the paying hand: the pairs or the
        three of a kind, all five from a straight up; none when nothing was paid."""
        if self.paid is None:
            return ()
        return self.pay_table.paying_positions(self.cards)

    @property
    def first_hold(self) -> tuple[int, ...] | None:
        """Positions kept at the first decision (all five when it stood), None before it."""
        if not self.steps:
            return None
        step = self.steps[0]
        if step[0] == "stand":
            return tuple(range(HAND_SIZE))
        return tuple(i for i in range(HAND_SIZE) if i not in step[1])

    def current_value(self) -> HandValue | None:
        """The natural value of the cards held now (None before the deal or with the joker)."""
        if len(self.cards) != HAND_SIZE or any(isinstance(card, Joker) for card in self.cards):
            return None
        return evaluate(self.cards)

    # -- steps ----------------------------------------------------------------------

    def _expect(self, step: str, *phases: Phase) -> None:
        if self.phase not in phases:
            wanted = " or ".join(p.value for p in phases)
            raise StepOutOfOrder(f"cannot {step} now: the hand is {self.phase.value}, {step} needs {wanted}")

    def _check_deck(self, step: str) -> Shoe:
        deck = self.deck
        assert deck is not None
        if deck.dealt != self.drawn:
            raise StepOutOfOrder(
                f"cannot {step}: the deck has dealt {deck.dealt} cards but this hand drew {self.drawn}"
                " (a step was taken from an older state)"
            )
        return deck

    def bet(self, coins: int) -> DrawHand:
        """Place the bet: 1 to the pay table's maximum coins."""
        self._expect("bet", Phase.BETTING)
        max_coins = self.pay_table.max_coins
        if not isinstance(coins, int) or isinstance(coins, bool) or not 1 <= coins <= max_coins:
            raise ValueError(f"bet 1 to {max_coins} coins, not {coins!r}")
        return replace(self, phase=Phase.READY, coins=coins)

    def deal(self, deck: Shoe) -> DrawHand:
        """Deal five cards from the top of ``deck``, a freshly shuffled deck for this hand."""
        self._expect("deal", Phase.READY)
        if not isinstance(deck, Shoe):
            raise TypeError(f"deal needs a Shoe, not {type(deck).__name__}")
        if deck.dealt != 0:
            raise ValueError(f"deal needs a fresh deck, this one has dealt {deck.dealt} cards already")
        if deck.remaining < HAND_SIZE:
            raise ValueError(f"deal needs at least {HAND_SIZE} cards, the deck holds {deck.remaining}")
        start = deck.snapshot()
        cards = tuple(deck.draw() for _ in range(HAND_SIZE))
        return replace(
            self, phase=Phase.DRAWING, cards=cards, dealt=cards, drawn=HAND_SIZE, deck=deck, deck_start=start
        )

    def exchange(self, positions: Iterable[int]) -> DrawHand:
        """Discard the cards at ``positions`` (0-4) and replace them from the top of the deck.

        Replacements are drawn left to right. If the deck runs out, the remaining
        chosen cards are kept and listed in :attr:`kept_no_card`. Takes one exchange
        round; after the last one the hand goes to the showdown.
        """
        self._expect("exchange", Phase.DRAWING)
        chosen = _positions(positions)
        deck = self._check_deck("exchange")
        cards = list(self.cards)
        replaced: list[int] = []
        kept = list(self.kept_no_card)
        drawn = self.drawn
        for position in chosen:
            try:
                cards[position] = deck.draw()
            except ShoeEmpty:
                if position not in kept:
                    kept.append(position)
                continue
            drawn += 1
            replaced.append(position)
        done = self.exchanges_done + 1
        return replace(
            self,
            phase=Phase.SHOWDOWN if done >= self.exchange_rounds else Phase.DRAWING,
            cards=tuple(cards),
            exchanges_done=done,
            replaced=tuple(replaced),
            kept_no_card=tuple(sorted(kept)),
            drawn=drawn,
            steps=self.steps + (("exchange", chosen),),
        )

    def stand(self) -> DrawHand:
        """Keep all five cards and skip the exchange rounds left."""
        self._expect("stand", Phase.DRAWING)
        return replace(self, phase=Phase.SHOWDOWN, replaced=(), steps=self.steps + (("stand",),))

    def settle(self) -> DrawHand:
        """Rank the hand and pay it from the machine's table (wild cards at their best)."""
        self._expect("settle", Phase.SHOWDOWN)
        paid = self.pay_table.classify(self.cards)
        payout = self.pay_table.pay(paid, self.coins)
        return replace(
            self, phase=Phase.SETTLED, value=self.current_value(), paid=paid, payout_coins=payout, replaced=()
        )

    def next_hand(self) -> DrawHand:
        """A new hand at the same table (coin size, rounds, pay table), waiting for a bet."""
        self._expect("start the next hand", Phase.SETTLED)
        return DrawHand.new(self.coin_size, self.exchange_rounds, self.pay_table)

    # -- the record of a dealt hand ----------------------------------------------------

    def record(self) -> RoundRecord:
        """The dealt hand as its starting state (the deck, the bet) plus the decisions."""
        if self.deck_start is None:
            raise StepOutOfOrder("a hand has a record once it is dealt")
        start = {
            "coin_size": self.coin_size,
            "exchange_rounds": self.exchange_rounds,
            "pay_table": self.pay_table.name,
            "machine": self.pay_table.key,
            "coins": self.coins,
            "deck": dict(self.deck_start),
        }
        return RoundRecord("poker", start, tuple(_as_tuple(step) for step in self.steps))

    @classmethod
    def replay(
        cls,
        record: RoundRecord,
        pay_tables: Mapping[str, Machine],
        rng: random.Random | None = None,
    ) -> DrawHand:
        """The hand of a saved record, dealt again and every decision taken again.

        ``pay_tables`` holds the machines on offer (by name). The record names its
        machine by key (``machine``) and by name (``pay_table``); a record from before
        there were machines has only the name, which is 9/6 Jacks or Better's. :class:`RecordError`
        when the record cannot be replayed (an unknown machine, a bad step, a bad deck).
        """
        if record.game != "poker":
            raise RecordError(f"not a draw-poker hand: {record.game!r}")
        start = record.start
        try:
            table = _machine_for(start, pay_tables)
            hand = cls.new(start["coin_size"], start["exchange_rounds"], table).bet(start["coins"])
            deck = restore_deck(start["deck"], table.wild, rng)
            if deck.decks > 1 or len(set(deck.undealt())) != deck.remaining:
                raise ValueError("a draw-poker deck holds each card once")
            hand = hand.deal(deck)
            for step in record.actions:
                if step[0] == "exchange" and len(step) == 2:
                    hand = hand.exchange(step[1])
                elif tuple(step) == ("stand",):
                    hand = hand.stand()
                else:
                    raise ValueError(f"unknown step {step!r}")
        except (KeyError, TypeError, ValueError, IndexError) as error:
            why = str(error) if isinstance(error, StepOutOfOrder) else type(error).__name__
            raise RecordError(f"the saved poker hand cannot be replayed ({why})") from None
        return hand

    # -- for the history -------------------------------------------------------------

    def details(self) -> dict[str, object]:
        """A JSON-ready summary of a settled hand, for the store's hand history."""
        return {
            "cards": [str(c) for c in self.cards],
            "coins": self.coins,
            "coin_size": self.coin_size,
            "machine": self.pay_table.key,
            "hand": self.value.label if self.value else None,
            "description": self.value.describe() if self.value else None,
            "paid_on": self.pay_table.row_label(self.paid) if self.paid else None,
            "payout_coins": self.payout_coins,
            "exchanges": self.exchanges_done,
            "kept_no_card": list(self.kept_no_card),
        }


def _machine_for(start: Mapping[str, Any], pay_tables: Mapping[str, Machine]) -> Machine:
    """The machine a record names (KeyError when it is not on offer)."""
    key = start.get("machine")
    name = start["pay_table"]
    for machine in pay_tables.values():
        if (machine.key == key or key is None) and machine.name == name:
            return machine
    raise KeyError(name)


def _as_tuple(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return tuple(_as_tuple(v) for v in value)
    return value


def _positions(positions: Iterable[int]) -> tuple[int, ...]:
    """Validate exchange positions: distinct ints 0-4, returned in ascending order."""
    if isinstance(positions, (str, bytes)):
        raise ValueError(f"exchange positions must be numbers 0-{HAND_SIZE - 1}, not {positions!r}")
    chosen = tuple(positions)
    for p in chosen:
        if not isinstance(p, int) or isinstance(p, bool) or not 0 <= p < HAND_SIZE:
            raise ValueError(f"exchange positions must be numbers 0-{HAND_SIZE - 1}, not {p!r}")
    if len(set(chosen)) != len(chosen):
        raise ValueError(f"each position may be exchanged once, not {list(chosen)}")
    return tuple(sorted(chosen))
