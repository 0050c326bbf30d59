"""What the blackjack table says: the turn prompt and the result line.

Words only: every figure (totals, naturals, outcomes, amounts) comes from the core.
"""

from __future__ import annotations

from collections.abc import Sequence

from ....core.blackjack import HandResult, RoundState, SeatView
from ....core.money import format_signed
from .seat import dealer_text

__all__ = ["turn_prompt", "result_line"]


def turn_prompt(view: SeatView, prefix: str = "") -> str:
    """``Your turn: hard 15 against a 10`` (with the hand number after a split)."""
    hand = view.hand
    if hand is None or view.hand_index is None:
        return ""
    which = f" (hand {view.hand_index + 1} of {len(view.hands)})" if len(view.hands) > 1 else ""
    value = min(view.dealer_up.rank, 10)
    against = "an ace" if value == 1 else (f"an {value}" if value == 8 else f"a {value}")
    return f"{prefix}Your turn{which}: {hand.describe()} against {against}"


def result_line(state: RoundState, mine: Sequence[HandResult]) -> tuple[str, str]:
    """(``Dealer 20 · you: win, bust · round +5``, banner kind) for the player's hands."""
    words = ", ".join(result.outcome.value for result in mine)
    net = sum(result.net for result in mine)
    kind = "win" if net > 0 else ("lose" if net < 0 else "push")
    return f"Dealer {dealer_text(state)} · you: {words} · round {format_signed(net)}", kind
