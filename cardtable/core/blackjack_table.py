"""The blackjack table across rounds: the shoe, the seats and the cards seen.

A :class:`Table` owns the 6-deck shoe (cut card at 75 % penetration by default) and
the record of cards seen since the last shuffle. When the cut card has come out, the
round in progress is completed and the shoe is reshuffled before the next one
(RULES.md section 3).
"""

from __future__ import annotations

import random
from typing import Sequence

from .blackjack import HandResult, Round, Rules, SeatView
from .cards import Card, Shoe, ShoeEmpty

__all__ = ["Table"]


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
    ) -> None:
        self.rules = rules if rules is not None else Rules()
        self.shoe = shoe if shoe is not None else Shoe(
            self.rules.decks, rng, cut_from_end=self.rules.cut_from_end
        )
        self._seen: list[Card] = []
        self.round: Round | None = None
        self.rounds_dealt = 0
        self.shuffles = 0
        #: True when the shoe was reshuffled just before the current round.
        self.just_shuffled = False

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
        self.just_shuffled = False
        if self.shoe.cut_card_reached:
            self.reshuffle()
        try:
            self.round = Round(self.rules, self.shoe, bets, bankrolls, seen=tuple(self._seen))
        except ShoeEmpty:
            # Only a shoe far smaller than the round could run out in the deal: the
            # cards go back, the shoe is shuffled and the round dealt again (once).
            self.reshuffle()
            self.round = Round(self.rules, self.shoe, bets, bankrolls, seen=())
        self.rounds_dealt += 1
        return self.round

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
        """Abandon the round (the player left): its face-up cards were still seen."""
        if self.round is not None and not self.round.finished:
            self._seen.extend(self.round.face_up_cards())
        self.round = None
