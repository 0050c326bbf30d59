"""European blackjack table engine (docs/rules.md section 3).

A :class:`Round` is the "server" for one round: it owns the dealing from a shoe,
tells who is to act and what is legal, validates every action (the human's and the
computer seats' alike), plays the dealer and settles in exact hundredths of a chip.

Everything a caller can read is immutable (frozen dataclasses and tuples); the round
itself is the one mutable object, like the shoe it deals from. A computer seat gets
only :meth:`Round.view` — never the face-down card, never the shoe.

This module is the game's front door: the variant (:mod:`.blackjack_rules`), the hand
total (:mod:`.blackjack_totals`), what a round shows (:mod:`.blackjack_state`) and the
spot keys (:mod:`.blackjack_spot`) are importable from here too. ``Action``, ``Rules``,
``card_value``, ``hand_total`` and ``values_total`` are shared with ``cardtable.ai`` and the
widgets; keep their names.
"""

from __future__ import annotations

from collections.abc import Sequence

from .blackjack_box import HandBox
from .blackjack_rules import Action, Rules
from .blackjack_spot import (
    ACTION_BITS,
    DOUBLE_BIT,
    HIT_BIT,
    LEGAL_SETS,
    SPLIT_BIT,
    STAND_BIT,
    SURRENDER_BIT,
    Spot,
    decode_spot,
    legal_from_mask,
)
from .blackjack_state import (
    Event,
    EventKind,
    Hand,
    HandOutcome,
    HandResult,
    IllegalAction,
    RoundState,
    SeatView,
)
from .blackjack_totals import CARD_VALUES, card_value, hand_total, is_natural, values_total
from .cards import Card, Shoe, ShoeEmpty

__all__ = [
    "Action",
    "Rules",
    "card_value",
    "hand_total",
    "values_total",
    "is_natural",
    "Hand",
    "HandOutcome",
    "HandResult",
    "EventKind",
    "Event",
    "SeatView",
    "RoundState",
    "IllegalAction",
    "Round",
    "Spot",
    "decode_spot",
    "legal_from_mask",
    "HIT_BIT",
    "STAND_BIT",
    "DOUBLE_BIT",
    "SPLIT_BIT",
    "SURRENDER_BIT",
]

#: Raw events as tuples (kind, seat, hand, card, face_up, amount, note); Event
#: objects are made only when :attr:`Round.events` is read.
_RawEvent = tuple[EventKind, int | None, int | None, Card | None, bool, int, str]
_DEAL, _ACTION, _SPLIT, _DOUBLE, _CLOSED, _REVEAL, _DEALER_DONE, _PAYOUT = (
    EventKind.DEAL, EventKind.ACTION, EventKind.SPLIT, EventKind.DOUBLE, EventKind.CLOSED,
    EventKind.REVEAL, EventKind.DEALER_DONE, EventKind.PAYOUT,
)
_HIT, _STAND, _DOUBLE_A, _SPLIT_A, _SURRENDER = (
    Action.HIT, Action.STAND, Action.DOUBLE, Action.SPLIT, Action.SURRENDER,
)


class Round:
    """One round at the table, from the deal to the settlement.

    ``bets`` has one entry per seat (seat 0 first); ``bankrolls`` (chips left beside
    each seat's stake) limit doubles and splits, ``None`` = unlimited. ``seen`` is the
    cards already seen since the last shuffle before this round (the table passes it).

    The same engine serves the screen and the simulator: hands keep their totals as
    cards arrive, events are stored as tuples until read, and a computer player may
    decide from :meth:`spot_key` (plain integers) instead of a full :meth:`view`.
    """

    def __init__(
        self,
        rules: Rules,
        shoe: Shoe,
        bets: Sequence[int],
        bankrolls: Sequence[int] | None = None,
        *,
        seen: Sequence[Card] = (),
        keep_states: bool = False,
    ) -> None:
        if not bets:
            raise ValueError("a round needs at least one seat")
        for bet in bets:
            if type(bet) is not int or bet <= 0:
                raise ValueError(f"a bet is a positive int of hundredths, not {bet!r}")
        if bankrolls is not None:
            if len(bankrolls) != len(bets):
                raise ValueError("one bankroll per seat")
            for b in bankrolls:
                if not isinstance(b, int) or b < 0:
                    raise ValueError(f"a bankroll is a non-negative int, not {b!r}")
        self.rules = rules
        self._shoe = shoe
        self._draw = shoe.draw
        self._seen_before: tuple[Card, ...] = seen if type(seen) is tuple else tuple(seen)
        self._bankrolls: list[int] | None = None if bankrolls is None else list(bankrolls)
        self._boxes: list[list[HandBox]] = [[HandBox([], bet)] for bet in bets]
        self._dealer: list[Card] = []
        self._dealer_box = HandBox([], 0)
        self._revealed = False
        self._turn: tuple[int, int] | None = None
        self._results: list[list[HandResult]] | None = None
        self._nets: list[int] = []
        self._raw: list[_RawEvent] = []
        self._event_objs: list[Event] = []
        #: With ``keep_states``: the picture after each event, for a screen's replay.
        self._keep_states = keep_states
        self._states: list[RoundState] = []
        self._paid: list[list[HandResult | None]] = [[None] for _ in bets]
        #: (seat, hand, action) for every action taken, in order: with the starting
        #: state, all that is needed to deal this round again.
        self._actions: list[tuple[int, int, Action]] = []
        self._refills = False  # a shoe too short for the deal raises ShoeEmpty (the table reshuffles)
        self._deal()
        self._refills = True

    # -- public state -------------------------------------------------------------

    @property
    def seats(self) -> int:
        return len(self._boxes)

    @property
    def turn(self) -> tuple[int, int] | None:
        """(seat, hand index) to act, None when the players are done."""
        return self._turn

    @property
    def events(self) -> tuple[Event, ...]:
        """Every step so far, in order (the screen keeps its own read position)."""
        objs = self._event_objs
        raw = self._raw
        for i in range(len(objs), len(raw)):
            objs.append(Event(*raw[i]))
        return tuple(objs)

    def _emit(self, kind: EventKind, seat: int | None = None, hand: int | None = None,
              card: Card | None = None, face_up: bool = True, amount: int = 0, note: str = "") -> None:
        self._raw.append((kind, seat, hand, card, face_up, amount, note))
        if self._keep_states:
            self._states.append(self.state())

    def state(self) -> RoundState:
        """The picture now: what everyone at the table sees."""
        dealer: tuple[Card | None, ...] = tuple(self._dealer)
        if not self._revealed and len(dealer) > 1:
            dealer = (dealer[0], None) + dealer[2:]
        return RoundState(
            seats=self.all_hands,
            dealer=dealer,
            revealed=self._revealed,
            turn=self._turn,
            results=tuple(tuple(row) for row in self._paid),
            finished=self._results is not None,
            applied=len(self._raw),
        )

    @property
    def states(self) -> tuple[RoundState, ...]:
        """With ``keep_states``: the picture after each of :attr:`events`."""
        return tuple(self._states)

    @property
    def actions(self) -> tuple[tuple[int, int, str], ...]:
        """Every action taken so far as ``(seat, hand, action value)``, in order."""
        return tuple((seat, hand, action.value) for seat, hand, action in self._actions)

    def hands(self, seat: int) -> tuple[Hand, ...]:
        return tuple(box.hand() for box in self._boxes[seat])

    @property
    def all_hands(self) -> tuple[tuple[Hand, ...], ...]:
        return tuple(tuple(box.hand() for box in boxes) for boxes in self._boxes)

    @property
    def revealed(self) -> bool:
        return self._revealed

    @property
    def dealer_up(self) -> Card:
        return self._dealer[0]

    @property
    def dealer_visible(self) -> tuple[Card, ...]:
        """The dealer's face-up cards (the up card only until the reveal)."""
        return tuple(self._dealer) if self._revealed else (self._dealer[0],)

    @property
    def dealer_cards(self) -> tuple[Card, ...]:
        """All the dealer's cards, the face-down one included — for the table, not seats."""
        return tuple(self._dealer)

    @property
    def finished(self) -> bool:
        return self._results is not None

    @property
    def results(self) -> list[list[HandResult]] | None:
        return None if self._results is None else [list(r) for r in self._results]

    def net(self, seat: int) -> int:
        """A settled seat's net result in hundredths (returns minus stakes)."""
        if self._results is None:
            raise IllegalAction("the round is not settled")
        return self._nets[seat]

    def hand_count(self, seat: int) -> int:
        """How many hands the seat plays (more than one after a split)."""
        return len(self._boxes[seat])

    def details(self, seat: int) -> dict[str, object]:
        """A settled round as the history keeps it, for ``seat``: the dealer's cards and
        that seat's hands with their stakes, returns and outcomes."""
        results = self.results
        if results is None:
            raise IllegalAction("the round is not settled")
        return {
            "dealer": [str(c) for c in self._dealer],
            "hands": [result.to_dict() for result in results[seat]],
            "seats": self.seats,
        }

    def bankroll(self, seat: int) -> int | None:
        """Chips left beside the seat's stakes, or None when unlimited."""
        return None if self._bankrolls is None else self._bankrolls[seat]

    def staked(self, seat: int) -> int:
        """Everything the seat has on the table now."""
        return sum(box.stake for box in self._boxes[seat])

    def face_up_cards(self) -> tuple[Card, ...]:
        """Every face-up card on the table: seats' cards in order, then the dealer's."""
        cards: list[Card] = []
        for boxes in self._boxes:
            for box in boxes:
                cards.extend(box.cards)
        if self._revealed:
            cards.extend(self._dealer)
        else:
            cards.append(self._dealer[0])
        return tuple(cards)

    def cards_dealt(self) -> tuple[Card, ...]:
        """Every card dealt this round, the face-down one included (for the discards)."""
        return self.face_up_cards() + (() if self._revealed else tuple(self._dealer[1:]))

    # -- legality -----------------------------------------------------------------

    def legal_actions(self) -> set[Action]:
        """The actions legal for the hand to act (empty when no one is to act)."""
        if self._turn is None:
            return set()
        seat, index = self._turn
        return set(LEGAL_SETS[self._mask(seat, index)])

    def legal_mask(self) -> int:
        """The legal actions of the hand to act as bits (``HIT_BIT`` ...); 0 when none."""
        if self._turn is None:
            return 0
        seat, index = self._turn
        return self._mask(seat, index)

    def _mask(self, seat: int, index: int) -> int:
        boxes = self._boxes[seat]
        box = boxes[index]
        if box.closed:
            return 0
        rules = self.rules
        money = self._bankrolls[seat] if self._bankrolls is not None else None
        affordable = money is None or money >= box.stake
        cards = box.cards
        two = len(cards) == 2
        can_split = (
            two
            and CARD_VALUES[cards[0].rank] == CARD_VALUES[cards[1].rank]
            and affordable
            and len(boxes) < rules.max_hands
            and (not box.split_aces or rules.resplit_aces)
        )
        if box.split_aces:
            # Only reached when resplitting aces is allowed and a second ace came.
            return STAND_BIT | SPLIT_BIT if can_split else STAND_BIT
        mask = STAND_BIT
        if box.total < 21:
            mask |= HIT_BIT
        if two:
            if affordable and (not box.from_split or rules.double_after_split):
                mask |= DOUBLE_BIT
            if can_split:
                mask |= SPLIT_BIT
            if rules.late_surrender and not box.from_split and len(boxes) == 1:
                mask |= SURRENDER_BIT
        return mask

    def spot_key(self) -> int:
        """The decision to make as one plain integer: the hand's total, softness, pair
        value and card count, the dealer's up card and the legal actions — all a
        basic-strategy player uses (:func:`decode_spot` reads it back). Raises
        :class:`IllegalAction` when no one is to act."""
        turn = self._turn
        if turn is None:
            raise IllegalAction("no hand is to act")
        seat, index = turn
        box = self._boxes[seat][index]
        cards = box.cards
        two = len(cards) == 2
        pair = 0
        if two:
            v = CARD_VALUES[cards[0].rank]
            if v == CARD_VALUES[cards[1].rank]:
                pair = v
        key = (((pair * 32 + box.total) * 2 + box.soft) * 2 + two) * 11 + CARD_VALUES[self._dealer[0].rank]
        return key * 32 + self._mask(seat, index)

    # -- dealing ------------------------------------------------------------------

    def _refill(self) -> Card:
        """The shoe ran out after the deal: a round never deals past the shoe's last
        card, so the rest of it is dealt from a fresh shoe of the cards not on the table
        (:meth:`Shoe.refill`; nothing seen before is left in it). Returns its first card."""
        if not self._refills:
            raise ShoeEmpty("the shoe is empty")
        self._shoe.refill(self.cards_dealt())
        self._seen_before = ()
        return self._draw()

    def _give(self, seat: int, index: int) -> Card:
        try:
            card = self._draw()
        except ShoeEmpty:
            card = self._refill()
        self._boxes[seat][index].add(card)
        self._raw.append((_DEAL, seat, index, card, True, 0, ""))
        if self._keep_states:
            self._states.append(self.state())
        return card

    def _close(self, seat: int, index: int, note: str) -> None:
        box = self._boxes[seat][index]
        box.closed = True
        box._hand = None
        self._emit(_CLOSED, seat, index, note=note)

    def _deal(self) -> None:
        """docs/rules.md: a card up to each seat, one up to the dealer, a second to each
        seat, then the dealer's second card face down."""
        seats = range(len(self._boxes))
        for seat in seats:
            self._give(seat, 0)
        up = self._draw()
        self._dealer.append(up)
        self._dealer_box.add(up)
        self._emit(_DEAL, None, None, up)
        for seat in seats:
            self._give(seat, 0)
        hole = self._draw()
        self._dealer.append(hole)
        self._dealer_box.add(hole)
        self._emit(_DEAL, None, None, None, face_up=False)
        for seat in seats:
            if self._boxes[seat][0].natural:
                self._close(seat, 0, "blackjack")
        if self.rules.dealer_peeks and self._dealer_box.total == 21:
            # Peek variant: the dealer's natural ends the round before anyone acts, so
            # only the original stakes are at risk. (No peek, the house rule: players
            # act without knowing, and the natural later takes every stake.)
            for seat in seats:
                if not self._boxes[seat][0].closed:
                    self._close(seat, 0, "dealer blackjack")
            self._turn = None
            return
        self._advance(0, 0)

    def _advance(self, seat: int, index: int) -> None:
        """Move the turn to the first open hand at or after (seat, index), dealing the
        second card to a split hand as play reaches it (casino order)."""
        all_boxes = self._boxes
        while seat < len(all_boxes):
            boxes = all_boxes[seat]
            while index < len(boxes):
                box = boxes[index]
                if not box.closed and len(box.cards) == 1:
                    self._give(seat, index)
                    if box.split_aces and self._mask(seat, index) & ~STAND_BIT == 0:
                        self._close(seat, index, "split aces")
                    elif box.total == 21:
                        self._close(seat, index, "21")
                if not box.closed:
                    self._turn = (seat, index)
                    return
                index += 1
            seat += 1
            index = 0
        self._turn = None

    # -- acting -------------------------------------------------------------------

    def act(self, action: Action) -> None:
        """Apply ``action`` to the hand to act; :class:`IllegalAction` if not legal."""
        if self._turn is None:
            if not isinstance(action, Action):
                raise IllegalAction(f"not an action: {action!r}")
            raise IllegalAction("no hand is to act")
        seat, index = self._turn
        bit = ACTION_BITS.get(action) if isinstance(action, Action) else None
        if bit is None:
            raise IllegalAction(f"not an action: {action!r}")
        if not self._mask(seat, index) & bit:
            hand = self._boxes[seat][index].hand()
            raise IllegalAction(
                f"{action.value} is not legal for seat {seat} hand {index} ({hand.describe()})"
            )
        box = self._boxes[seat][index]
        self._actions.append((seat, index, action))
        self._emit(_ACTION, seat, index, note=action.value)
        if action is _HIT:
            self._give(seat, index)
            total = box.total
            if total > 21:
                self._close(seat, index, "bust")
            elif total == 21:
                self._close(seat, index, "21")
            else:
                return  # the same hand is still to act
        elif action is _STAND:
            self._close(seat, index, "stand")
        elif action is _DOUBLE_A:
            stake = box.stake
            self._pay_in(seat, stake)
            box.stake = stake * 2
            box.doubled = True
            box._hand = None
            self._emit(_DOUBLE, seat, index, amount=stake)
            self._give(seat, index)
            self._close(seat, index, "bust" if box.total > 21 else "double")
        elif action is _SPLIT_A:
            stake = box.stake
            self._pay_in(seat, stake)
            first, second = box.cards
            aces = first.rank == 1
            self._boxes[seat][index : index + 1] = [
                HandBox([first], stake, from_split=True, split_aces=aces),
                HandBox([second], stake, from_split=True, split_aces=aces),
            ]
            self._paid[seat][index : index + 1] = [None, None]
            self._emit(_SPLIT, seat, index, amount=stake)
        else:  # surrender
            self._close(seat, index, "surrender")
        self._advance(seat, index)

    def _pay_in(self, seat: int, amount: int) -> None:
        if self._bankrolls is not None:
            self._bankrolls[seat] -= amount

    # -- dealer and settlement ----------------------------------------------------

    def finish(self) -> list[list[HandResult]]:
        """Reveal, play the dealer (stands on all 17s unless the rules say H17) and
        settle every hand. Idempotent once done."""
        if self._results is not None:
            return self.results  # type: ignore[return-value]
        if self._turn is not None:
            raise IllegalAction(f"seat {self._turn[0]} is still to act")
        self._revealed = True
        self._emit(_REVEAL, None, None, self._dealer[1])
        surrendered = self._surrendered()
        dealer = self._dealer_box
        natural = dealer.total == 21 and len(dealer.cards) == 2
        if not natural and not all(
            box.total > 21 or id(box) in surrendered for boxes in self._boxes for box in boxes
        ):
            hits_soft_17 = self.rules.dealer_hits_soft_17
            while dealer.total < 17 or (dealer.total == 17 and dealer.soft and hits_soft_17):
                try:
                    card = self._draw()
                except ShoeEmpty:
                    card = self._refill()
                self._dealer.append(card)
                dealer.add(card)
                self._emit(_DEAL, None, None, card)
        dealer_total = dealer.total
        self._emit(
            _DEALER_DONE,
            amount=dealer_total,
            note="blackjack" if natural else ("bust" if dealer_total > 21 else "stand"),
        )
        results: list[list[HandResult]] = []
        nets: list[int] = []
        for seat, boxes in enumerate(self._boxes):
            seat_results = []
            net = 0
            for index, box in enumerate(boxes):
                result = self._settle(box, dealer_total, natural, id(box) in surrendered)
                seat_results.append(result)
                net += result.returned - result.stake
                self._paid[seat][index] = result
                if self._bankrolls is not None:
                    self._bankrolls[seat] += result.returned
                self._emit(_PAYOUT, seat, index, amount=result.returned, note=result.outcome.value)
            results.append(seat_results)
            nets.append(net)
        self._results = results
        self._nets = nets
        if self._states:
            self._states[-1] = self.state()  # the last picture is the settled table
        return self.results  # type: ignore[return-value]

    def _surrendered(self) -> set[int]:
        """Ids of the boxes given up (the last action on them was a surrender)."""
        if not self.rules.late_surrender:
            return set()
        return {id(self._boxes[seat][index]) for seat, index, action in self._actions
                if action is _SURRENDER}

    def _settle(self, box: HandBox, dealer_total: int, dealer_bj: bool, surrendered: bool) -> HandResult:
        stake = box.stake
        total = box.total
        if total > 21:
            outcome, returned = HandOutcome.BUST, 0
        elif box.natural:
            if dealer_bj:
                outcome, returned = HandOutcome.PUSH, stake
            else:
                num, den = self.rules.blackjack_pays
                # Exact for every stake in whole chips or even hundredths; an odd number
                # of hundredths (never offered by the table) rounds the half down.
                outcome, returned = HandOutcome.BLACKJACK, stake + stake * num // den
        elif dealer_bj:
            # No peek: the dealer's natural takes doubled and split stakes in full
            # (a surrendered hand too: late surrender only saves half against a hand
            # that is not a natural). Peek: no one acted, so the original stake only.
            outcome, returned = HandOutcome.LOSE, 0
        elif surrendered:
            outcome, returned = HandOutcome.SURRENDER, stake // 2
        elif dealer_total > 21 or total > dealer_total:
            outcome, returned = HandOutcome.WIN, 2 * stake
        elif total == dealer_total:
            outcome, returned = HandOutcome.PUSH, stake
        else:
            outcome, returned = HandOutcome.LOSE, 0
        return HandResult(tuple(box.cards), stake, returned, outcome, box.doubled, box.from_split)

    # -- views --------------------------------------------------------------------

    def view(self, seat: int) -> SeatView:
        """Everything ``seat`` may know: no face-down card, no shoe order."""
        if not 0 <= seat < self.seats:
            raise IndexError(f"no seat {seat}")
        table = self.face_up_cards()
        to_act = self._turn is not None and self._turn[0] == seat
        return SeatView(
            seat=seat,
            rules=self.rules,
            hands=self.hands(seat),
            hand_index=self._turn[1] if to_act else None,  # type: ignore[index]
            dealer_up=self._dealer[0],
            dealer_cards=self.dealer_visible,
            seats=self.all_hands,
            table_cards=table,
            seen_since_shuffle=self._seen_before + table,
            legal=LEGAL_SETS[self.legal_mask()] if to_act else frozenset(),
            bankroll=self.bankroll(seat),
            turn=self._turn,
        )
