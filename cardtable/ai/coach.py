"""The coach's exact values, one import for the tables and the drills (issue 11).

- :func:`blackjack_action_evs` — every legal blackjack action's expected net return per
  unit of the hand's original stake, exact for the unseen cards
  (:mod:`cardtable.ai.coach_blackjack`); :func:`unseen_counts` builds those unseen
  cards from a seat's view.
"""

from __future__ import annotations

from .coach_blackjack import blackjack_action_evs, full_shoe, unseen_counts, unseen_from_cards

__all__ = ["blackjack_action_evs", "unseen_counts", "unseen_from_cards", "full_shoe"]
