"""Punto banco baccarat (docs/rules.md section 2): the tableau, payouts, shoe and exact odds.

Pure: no I/O, no UI. ``play_coup`` deals one coup from a shoe exactly as a real table
does (Player, Banker, Player, Banker, then third cards by the tableau) and returns an
immutable :class:`Coup` that also records the real dealing order, so a screen can
replay it card by card.

Money is ``int`` hundredths of a chip. Bets on the table are whole chips (the screen
only offers chip sizes in whole chips), so a banker win of ``stake × 95 // 100`` is always
a whole number of hundredths. :func:`settle` still accepts any non-negative number of
hundredths; when 95 % of the stake is not a whole number of hundredths, the win is rounded *down* to the
hundredth (the house keeps the fraction, as a casino rounds its commission up).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from functools import cache

from . import config
from .cards import Card, Shoe

__all__ = [
    "Outcome",
    "Coup",
    "DECK_CHOICES",
    "DEFAULT_DECKS",
    "CUT_FROM_END",
    "card_value",
    "hand_total",
    "is_natural",
    "player_draws",
    "banker_draws",
    "play_coup",
    "settle",
    "net_result",
    "win_amount",
    "new_shoe",
    "needs_reshuffle",
    "outcome_probabilities",
    "house_edges",
]

#: Shoe sizes the settings offer (docs/rules.md section 2); 8 is the standard.
DECK_CHOICES: tuple[int, ...] = config.BACCARAT_DECK_CHOICES
DEFAULT_DECKS = config.DEFAULT_BACCARAT_DECKS
#: The cut card lies this many cards above the bottom of the shoe.
CUT_FROM_END = 16


class Outcome(Enum):
    """Who won the coup; also names the two hands and the three bet spots."""

    PLAYER = "P"
    BANKER = "B"
    TIE = "T"

    @property
    def letter(self) -> str:
        """P, B or T (scoreboards in ASCII mode, hand history)."""
        return self.value

    @property
    def label(self) -> str:
        """Player, Banker or Tie."""
        return self.name.capitalize()


# -- the tableau -------------------------------------------------------------------


def card_value(card: Card) -> int:
    """A = 1, 2-9 face value, 10/J/Q/K = 0."""
    return card.rank if card.rank < 10 else 0


def hand_total(cards: Sequence[Card]) -> int:
    """A hand's score: the sum of its card values modulo 10."""
    return sum([card_value(card) for card in cards]) % 10


def is_natural(total: int) -> bool:
    """An 8 or 9 on the first two cards."""
    return total >= 8


def player_draws(player_total: int) -> bool:
    """The Player draws a third card on 0-5 and stands on 6-7."""
    return player_total <= 5


#: Player's third-card value -> highest Banker total that still draws (docs/rules.md table).
_BANKER_DRAWS_UP_TO: dict[int, int] = {
    0: 3, 1: 3, 2: 4, 3: 4, 4: 5, 5: 5, 6: 6, 7: 6, 8: 2, 9: 3,
}


def banker_draws(banker_total: int, player_third: int | None) -> bool:
    """Whether the Banker takes a third card (both hands without a natural).

    ``player_third`` is the *value* (0-9) of the Player's third card, or ``None``
    when the Player stood: then the Banker draws on 0-5 like the Player.
    """
    if player_third is None:
        return banker_total <= 5
    return banker_total <= _BANKER_DRAWS_UP_TO[player_third]


@dataclass(frozen=True)
class Coup:
    """One dealt coup. ``deal_order`` lists (hand, card) in the order dealt."""

    player: tuple[Card, ...]
    banker: tuple[Card, ...]
    deal_order: tuple[tuple[Outcome, Card], ...]

    @property
    def player_total(self) -> int:
        return hand_total(self.player)

    @property
    def banker_total(self) -> int:
        return hand_total(self.banker)

    @property
    def outcome(self) -> Outcome:
        p, b = self.player_total, self.banker_total
        if p > b:
            return Outcome.PLAYER
        if b > p:
            return Outcome.BANKER
        return Outcome.TIE

    @property
    def natural(self) -> bool:
        """Either hand had a natural 8 or 9 on its first two cards."""
        return is_natural(hand_total(self.player[:2])) or is_natural(hand_total(self.banker[:2]))

    @property
    def cards_used(self) -> int:
        return len(self.deal_order)

    def describe(self) -> str:
        """Short text for the hand history: ``P 9 (9S KD) B 7 (3H 4C 0S)``."""
        p = " ".join(str(c) for c in self.player)
        b = " ".join(str(c) for c in self.banker)
        return f"P {self.player_total} ({p}) B {self.banker_total} ({b})"


def play_coup(shoe: Shoe) -> Coup:
    """Deal one complete coup from ``shoe`` by the tableau (docs/rules.md section 2)."""
    draw = shoe.draw
    p1 = draw()
    b1 = draw()
    p2 = draw()
    b2 = draw()
    player = [p1, p2]
    banker = [b1, b2]
    order = [(Outcome.PLAYER, p1), (Outcome.BANKER, b1), (Outcome.PLAYER, p2), (Outcome.BANKER, b2)]
    p, b = hand_total(player), hand_total(banker)
    if not (is_natural(p) or is_natural(b)):
        third: int | None = None
        if player_draws(p):
            card = draw()
            player.append(card)
            order.append((Outcome.PLAYER, card))
            third = card_value(card)
        if banker_draws(b, third):
            card = draw()
            banker.append(card)
            order.append((Outcome.BANKER, card))
    return Coup(tuple(player), tuple(banker), tuple(order))


# -- payouts -----------------------------------------------------------------------


def win_amount(spot: Outcome, stake: int) -> int:
    """Net win in hundredths when ``spot`` wins: 1:1, 95:100 (rounded down), 8:1."""
    if spot is Outcome.PLAYER:
        return stake
    if spot is Outcome.BANKER:
        return stake * 95 // 100
    return stake * 8


def settle(bets: Mapping[Outcome, int], coup: Coup) -> int:
    """Total returned to the player, stakes included (0 when every bet lost).

    Player 1:1, Banker 95:100, Tie 8:1; Player and Banker bets push on a tie.
    Stakes are non-negative ``int`` hundredths (``ValueError`` otherwise).
    """
    outcome = coup.outcome
    returned = 0
    for spot, stake in bets.items():
        if not isinstance(spot, Outcome):
            raise ValueError(f"unknown bet spot {spot!r}")
        if not isinstance(stake, int) or isinstance(stake, bool) or stake < 0:
            raise ValueError(f"a stake is a non-negative int of hundredths, not {stake!r}")
        if spot is outcome:
            returned += stake + win_amount(spot, stake)
        elif outcome is Outcome.TIE:
            returned += stake  # Player and Banker push on a tie
    return returned


def net_result(bets: Mapping[Outcome, int], coup: Coup) -> int:
    """Returned minus staked: the player's net win (negative for a loss)."""
    return settle(bets, coup) - sum(bets.values())


# -- the shoe ----------------------------------------------------------------------


def new_shoe(decks: int = DEFAULT_DECKS, rng: random.Random | None = None) -> Shoe:
    """A freshly shuffled baccarat shoe with the cut card 16 cards from the end."""
    if decks not in DECK_CHOICES:
        raise ValueError(f"baccarat uses {', '.join(map(str, DECK_CHOICES))} decks, not {decks!r}")
    return Shoe(decks, rng, cut_from_end=CUT_FROM_END)


def needs_reshuffle(shoe: Shoe) -> bool:
    """True before a coup once the cut card has come out (the last coup was completed).

    With the cut card 16 from the end a coup (at most 6 cards) can never run dry.
    """
    return shoe.cut_card_reached


# -- exact odds --------------------------------------------------------------------


@cache
def _outcome_weights(decks: int) -> tuple[dict[Outcome, int], int]:
    """Integer weights of each outcome over all ordered 6-card value sequences.

    Every coup uses 4 to 6 cards; a coup that stops early is weighted as the sum over
    all continuations, i.e. multiplied by the falling product of the cards left.
    The common denominator is N (N-1) ... (N-5) for a shoe of N cards.
    """
    counts = [16 * decks] + [4 * decks] * 9  # value 0 (ten, J, Q, K), then 1-9
    n = 52 * decks
    # acc[i]: weight of outcome ORDER[i]; win[p][b] is the index of the result p vs b
    acc = [0, 0, 0]
    win = [[0 if p > b else 1 if b > p else 2 for b in range(10)] for p in range(10)]
    tail4, tail5 = (n - 4) * (n - 5), n - 5
    values = range(10)
    for p1 in values:
        w1 = counts[p1]
        counts[p1] -= 1
        for b1 in values:
            w2 = w1 * counts[b1]
            counts[b1] -= 1
            for p2 in values:
                w3 = w2 * counts[p2]
                counts[p2] -= 1
                p = (p1 + p2) % 10
                for b2 in values:
                    w4 = w3 * counts[b2]
                    counts[b2] -= 1
                    b = (b1 + b2) % 10
                    if is_natural(p) or is_natural(b) or (not player_draws(p) and not banker_draws(b, None)):
                        acc[win[p][b]] += w4 * tail4
                    elif not player_draws(p):  # the player stands, the banker draws
                        row = win[p]
                        for b3 in values:
                            acc[row[(b + b3) % 10]] += w4 * counts[b3] * tail5
                    else:
                        for p3 in values:
                            w5 = w4 * counts[p3]
                            counts[p3] -= 1
                            row = win[(p + p3) % 10]
                            if banker_draws(b, p3):
                                for b3 in values:
                                    acc[row[(b + b3) % 10]] += w5 * counts[b3]
                            else:
                                acc[row[b]] += w5 * tail5
                            counts[p3] += 1
                    counts[b2] += 1
                counts[p2] += 1
            counts[b1] += 1
        counts[p1] += 1
    weights = {Outcome.PLAYER: acc[0], Outcome.BANKER: acc[1], Outcome.TIE: acc[2]}
    total = n * (n - 1) * (n - 2) * (n - 3) * (n - 4) * (n - 5)
    return weights, total


@cache
def outcome_probabilities(decks: int = DEFAULT_DECKS) -> dict[Outcome, Fraction]:
    """Exact probability of each outcome for a full shoe of ``decks`` decks (cached)."""
    weights, total = _outcome_weights(decks)
    return {o: Fraction(w, total) for o, w in weights.items()}


def house_edges(decks: int = DEFAULT_DECKS) -> dict[Outcome, Fraction]:
    """House edge per unit staked on each spot (a push counts as zero).

    Banker includes the 5 % commission: edge = P(player) - 95/100 · P(banker), exact Fractions.
    """
    pr = outcome_probabilities(decks)
    p, b, t = pr[Outcome.PLAYER], pr[Outcome.BANKER], pr[Outcome.TIE]
    return {
        Outcome.PLAYER: b - p,
        Outcome.BANKER: p - Fraction(95, 100) * b,
        Outcome.TIE: (1 - t) - 8 * t,
    }
