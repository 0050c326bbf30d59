"""The coach's exact values, one import for the tables and the drills.

- :func:`blackjack_action_evs` — every legal blackjack action's expected net return per
  unit of the hand's original stake, exact for the unseen cards
  (:mod:`cardtable.ai.coach_blackjack`). :func:`unseen_counts` builds those unseen
  cards from a seat's view; :func:`prepare_blackjack` (rules) warms it up once, in a
  worker, so that the first question is as quick as the others.
- :func:`baccarat_bet_evs` — the exact expected return of each baccarat bet for the
  cards left in the shoe (:mod:`cardtable.ai.coach_baccarat`).
"""

from __future__ import annotations

from .coach_baccarat import baccarat_bet_evs
from .coach_blackjack import blackjack_action_evs, full_shoe, unseen_counts, unseen_from_cards
from .coach_blackjack import prepare as prepare_blackjack

__all__ = [
    "blackjack_action_evs",
    "unseen_counts",
    "unseen_from_cards",
    "full_shoe",
    "prepare_blackjack",
    "baccarat_bet_evs",
]
