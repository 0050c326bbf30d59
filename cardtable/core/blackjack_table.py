"""The blackjack table across rounds: the shoe, the seats and the cards seen.

A :class:`Table` owns the 6-deck shoe (cut card at 75 % penetration by default) and
the record of cards seen since the last shuffle. When the cut card has come out, the
round in progress is completed and the shoe is reshuffled before the next one
(docs/rules.md section 3).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple, Protocol

from .blackjack import Action, HandResult, IllegalAction, Round, Rules, SeatView
from .cards import Card, Shoe, ShoeEmpty, ShoeMark, cards_text, full_deck, parse_cards
from .record import RecordError, RoundRecord
from .refusal import Refusal, RuleCode

__all__ = ["Table", "SeatPlayer", "bet_refusal"]


class SeatPlayer(Protocol):
    """A computer seat: decides from what its seat may know (``cardtable.ai`` has three)."""

    def decide(self, view: SeatView) -> Action: ...


class Table:
    """Deals successive :class:`Round` objects from one shoe.

    ``shoe`` may be given (tests stack one); otherwise a ``rules.decks`` shoe is made
    with ``rng`` and the cut card ``rules.cut_from_end`` cards from the end.
    """

    def __init__(
        self,
        rules: Rules | None = None,
        rng: random.Random | None = None,
        *,
        shoe: Shoe | None = None,
        keep_states: bool = False,
    ) -> None:
        self.rules = rules if rules is not None else Rules()
        #: Rounds keep a picture per event (for a screen that animates them).
        self.keep_states = keep_states
        self.shoe = shoe if shoe is not None else Shoe(
            self.rules.decks, rng, cut_from_end=self.rules.cut_from_end
        )
        self._seen: list[Card] = []
        self.round: Round | None = None
        self.rounds_dealt = 0
        self.shuffles = 0
        #: True when the shoe was reshuffled just before the current round.
        self.just_shuffled = False
        #: The current round's starting state (see :meth:`record`), kept as cheap parts
        #: (a shoe mark, the seen cards) and written out only when a record is asked for.
        self._start: dict[str, object] | None = None
        self._start_parts: _Start | None = None
        #: A deal was undone right after a shuffle: the next round is still a new shoe's.
        self._shuffled_before_deal = False

    @property
    def seen_since_shuffle(self) -> tuple[Card, ...]:
        """Cards seen in the completed rounds since the last shuffle."""
        return tuple(self._seen)

    @property
    def cut_card_reached(self) -> bool:
        return self.shoe.cut_card_reached

    def new_round(self, bets: Sequence[int], bankrolls: Sequence[int] | None = None) -> Round:
        """Reshuffle if the cut card has come out, then deal a round."""
        if self.round is not None and not self.round.finished:
            raise RuntimeError("the current round is not finished")
        self.just_shuffled, self._shuffled_before_deal = self._shuffled_before_deal, False
        if self.shoe.cut_card_reached:
            self.reshuffle()
        seen = tuple(self._seen)
        self._mark_start(bets, bankrolls, seen)
        try:
            self.round = Round(self.rules, self.shoe, bets, bankrolls, seen=seen, keep_states=self.keep_states)
        except ShoeEmpty:
            # Only a shoe far smaller than the round could run out in the deal: the
            # cards go back, the shoe is shuffled and the round dealt again (once).
            self.reshuffle()
            self._mark_start(bets, bankrolls, ())
            self.round = Round(self.rules, self.shoe, bets, bankrolls, seen=(), keep_states=self.keep_states)
        self.rounds_dealt += 1
        return self.round

    def refusal(self, bet: int, bankroll: int) -> Refusal | None:
        """Why ``bet`` cannot be dealt with ``bankroll`` beside it, in plain words, or None."""
        return bet_refusal(self.rules, bet, bankroll)

    def act(self, seat: int, action: Action) -> None:
        """``seat`` takes ``action`` on its hand to act; :class:`IllegalAction` when it is
        not that seat's turn or the action is not legal (nothing changes)."""
        r = self.round
        if r is None or r.turn is None or r.turn[0] != seat:
            raise IllegalAction(f"it is not seat {seat}'s turn")
        r.act(action)

    def play_computers(self, players: Sequence[SeatPlayer | None]) -> int:
        """Let the computer seats act until a person is to act or every hand is done.

        ``players`` has one entry per seat, ``None`` for a person. A computer seat is
        asked through its :meth:`view` only; an action the table refuses becomes a
        stand, so a misbehaving player cannot stall the table. Returns how many
        actions were taken.
        """
        r = self.round
        taken = 0
        while r is not None and r.turn is not None:
            seat = r.turn[0]
            player = players[seat] if seat < len(players) else None
            if player is None:
                break
            try:
                r.act(player.decide(r.view(seat)))
            except IllegalAction:
                r.act(Action.STAND)
            taken += 1
        return taken

    def _mark_start(self, bets: Sequence[int], bankrolls: Sequence[int] | None, seen: tuple[Card, ...]) -> None:
        self._start = None
        self._start_parts = _Start(self.shoe.mark(), tuple(bets),
                                   None if bankrolls is None else tuple(bankrolls), seen, self.just_shuffled)

    def _starting_state(self) -> dict[str, object] | None:
        """The current round's starting state as plain data (made once, when asked)."""
        if self._start is None and self._start_parts is not None:
            parts = self._start_parts
            self._start = {
                "rules": self.rules.to_dict(),
                "shoe": parts.shoe.snapshot(),
                "bets": list(parts.bets),
                "bankrolls": None if parts.bankrolls is None else list(parts.bankrolls),
                "seen": cards_text(parts.seen),
                "just_shuffled": parts.just_shuffled,
            }
        return self._start

    def undo_deal(self) -> None:
        """Put the current round's cards back as if it had never been dealt.

        Only for a deal that could not be committed (the data file refused it): the
        player saw nothing, so the shoe is exactly as before.
        """
        start = self._starting_state()
        if start is None or self.round is None:
            return
        self.shoe = Shoe.restore(start["shoe"], self.shoe.rng)
        # A shuffle made for this deal still happened: the next round says so.
        self._shuffled_before_deal = bool(start["just_shuffled"])
        self.round = None
        self._start = self._start_parts = None
        self.rounds_dealt -= 1

    def record(self, meta: dict[str, object] | None = None) -> RoundRecord:
        """The current round as its starting state plus the actions taken so far."""
        start = self._starting_state()
        if self.round is None or start is None:
            raise RuntimeError("no round")
        actions = tuple(tuple(a) for a in self.round.actions)
        return RoundRecord("blackjack", dict(start), actions, dict(meta or {}))

    @classmethod
    def resume(
        cls, record: RoundRecord, rng: random.Random | None = None, *, keep_states: bool = False
    ) -> Table:
        """The table of a saved round, replayed through the engine to where it stopped.

        :class:`~cardtable.core.record.RecordError` when the record cannot be replayed
        (edited or damaged): an action that is not legal where it stands, a seat that
        is not the one to act, cards that are not in the shoe.
        """
        if record.game != "blackjack":
            raise RecordError(f"not a blackjack round: {record.game!r}")
        start = record.start
        try:
            rules = Rules.from_dict(start["rules"])
            shoe = Shoe.restore(start["shoe"], rng)
            bets = _ints(start["bets"], "bets")
            bankrolls = start["bankrolls"]
            if bankrolls is not None:
                bankrolls = _ints(bankrolls, "bankrolls")
            seen = parse_cards(start["seen"])
            _check_seen(seen, shoe)
            just_shuffled = start.get("just_shuffled", False)
            if not isinstance(just_shuffled, bool):
                raise TypeError("just_shuffled")
            table = cls(rules, shoe=shoe, keep_states=keep_states)
            table._seen = list(seen)
            table.just_shuffled = just_shuffled
            table._start = dict(start)
            table.round = Round(rules, shoe, bets, bankrolls, seen=tuple(seen), keep_states=keep_states)
            table.rounds_dealt = 1
            for step in record.actions:
                seat, hand, name = step
                if table.round.turn != (seat, hand):
                    raise RecordError(f"the saved round has seat {seat} acting out of turn")
                table.round.act(Action(name))
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, ShoeEmpty) as error:
            # IllegalAction is a ValueError: an action that is not legal there.
            why = str(error) if isinstance(error, IllegalAction) else type(error).__name__
            raise RecordError(f"the saved blackjack round cannot be replayed ({why})") from None
        return table

    def reshuffle(self) -> None:
        """Gather every card and shuffle; nothing has been seen from the new shoe."""
        self.shoe.shuffle()
        self._seen.clear()
        self.shuffles += 1
        self.just_shuffled = True

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know about the current round (see :meth:`Round.view`)."""
        if self.round is None:
            raise RuntimeError("no round")
        return self.round.view(seat)

    def finish_round(self) -> list[list[HandResult]]:
        """Play the dealer and settle; the round's cards join the seen record."""
        if self.round is None:
            raise RuntimeError("no round")
        if self.round.finished:
            return self.round.results  # type: ignore[return-value]
        results = self.round.finish()
        self._seen.extend(self.round.face_up_cards())
        return results

    def void_round(self) -> None:
        """Abandon the round (a malfunction): its face-up cards were still seen."""
        if self.round is not None and not self.round.finished:
            self._seen.extend(self.round.face_up_cards())
        self.round = None


def bet_refusal(rules: Rules, bet: int, bankroll: int) -> Refusal | None:
    """Why a blackjack table of ``rules`` refuses ``bet`` with ``bankroll`` beside it,
    or None: the one rule the local table, the server and a client ask."""
    if not rules.min_bet <= bet <= rules.max_bet:
        return Refusal(RuleCode.BET_LIMITS, {"min": rules.min_bet, "max": rules.max_bet})
    if bet > bankroll:
        return Refusal(RuleCode.BET_OVER_BANKROLL, {"bankroll": bankroll, "amount": bet})
    return None


class _Start(NamedTuple):
    """What a round started from, before it is written out as data."""

    shoe: ShoeMark
    bets: Sequence[int]
    bankrolls: Sequence[int] | None
    seen: tuple[Card, ...]
    just_shuffled: bool


def _ints(values: object, name: str) -> list[int]:
    """A saved list of amounts: ints only (never a bool, a float or a numeric string)."""
    if not isinstance(values, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in values
    ):
        raise TypeError(name)
    return list(values)


def _check_seen(seen: Sequence[Card], shoe: Shoe) -> None:
    """Cards seen since the shuffle plus the cards left cannot exceed the shoe's decks."""
    from collections import Counter

    if shoe.decks == 0:
        return  # a stacked (test) shoe has no fixed composition to check against
    left = Counter(full_deck() * shoe.decks)
    left.subtract(seen)
    left.subtract(shoe.undealt())
    if any(count < 0 for count in left.values()):
        raise ValueError("the seen cards are not in the shoe's decks")
