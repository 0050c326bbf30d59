"""What the draw-poker table says: the result line and the hint under the cards.

Words only: the hand's value, the payout and the refusals come from the core.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from ....core.money import format_chips, format_signed
from ....core.poker import HandCategory
from ....core.poker_hand import HAND_SIZE, DrawHand, Phase
from ....core.poker_machines import Machine, PayHand
from ....i18n.refusals import word_refusal
from .view import PokerView

if TYPE_CHECKING:
    from ....ai.grading import Decision

__all__ = [
    "result_line",
    "held_line",
    "wild_line",
    "hint",
    "coin_info",
    "coins_text",
    "return_text",
    "coach_line",
    "WAITING",
    "NOT_SAVED",
]

#: Banner notices: (text, kind).
WAITING = ("Your hand was waiting for you: it goes on where it stopped.", "info")
NOT_SAVED = ("The result is not saved yet: enter tries again.", "error")


def coins_text(n: int) -> str:
    """``1 coin``, ``3 coins``."""
    return f"{n} coin" if n == 1 else f"{n} coins"


def coin_info(coin_size: int, rounds: int) -> str:
    """``Coin 5 chips · 1 exchange round``."""
    return f"Coin {format_chips(coin_size)} chips · {rounds} exchange round{'s' if rounds != 1 else ''}"


def result_line(hand: DrawHand) -> tuple[str, str]:
    """(``Three of a Kind, Jacks — wins 30 (+20)``, banner kind) for a settled hand."""
    machine, value = hand.pay_table, hand.value
    if machine.wild != "none" or value is None:
        # Wild cards: the row they made is the hand's name ("Five of a Kind").
        name = machine.row_label(hand.paid) if hand.paid is not None else "No paying hand"
    elif hand.paid is not None and hand.paid.name.startswith("FOUR_") and hand.paid is not PayHand.FOUR_OF_A_KIND:
        name = f"{value.describe()} ({machine.row_label(hand.paid)})"  # e.g. four aces with a kicker
    else:
        # The source's rank name, with the ranks that matter ("One Pair of Jacks"), so a
        # paying pair and a low one read differently; "No Pair" alone needs no detail.
        name = value.describe() if value.category is not HandCategory.NO_PAIR else value.label
    if hand.paid is not None and hand.net == 0:  # a pay of 1 per coin: the stake comes back
        return f"{name} — stake back", "push"
    if hand.paid is not None:
        return f"{name} — wins {format_chips(hand.returned)} ({format_signed(hand.net)})", "win"
    return f"{name} — no win ({format_signed(hand.net)})", "lose"


def held_line(hand: DrawHand) -> str:
    """``You hold: Two Pair``: the cards held now, before the next draw, named as the
    rules name the categories (the core's evaluator); on a machine with wild cards, the
    row they make at their best (the machine's own classification)."""
    machine = hand.pay_table
    if len(hand.cards) != HAND_SIZE:
        return ""
    wilds = any(machine.is_wild(card) for card in hand.cards)
    if wilds:
        row = machine.classify(hand.cards)
        if row is None:
            return "You hold: nothing that pays yet"
        name = "One Pair" if row is PayHand.HIGH_PAIR else machine.row_label(row)
        return f"You hold: {name}"
    value = hand.current_value()
    return f"You hold: {value.label}" if value is not None else ""


def wild_line(machine: Machine) -> str:
    """``Deuces are wild`` / ``The joker is wild`` (empty on a machine without wild cards)."""
    return {"deuces": "Deuces are wild", "joker": "The joker is wild"}.get(machine.wild, "")


def return_text(machine: Machine, computed: object) -> str:
    """The machine line beside the table: its exact return once this program computed it."""
    if isinstance(computed, Fraction):
        figure = f"returns {float(computed) * 100:.4f} %"
    elif isinstance(computed, str):
        figure = "computing the return…"
    else:
        figure = "return not computed"
    return f"[@click=screen.next_machine]m ▸ next machine[/]\n{figure}"


def coach_line(decisions: Sequence[Decision]) -> str | None:
    """The coach after the draw, from the hand's graded exchanges: all best, or the
    first one that was not (with both values per coin; ``~`` marks an estimate)."""
    if not decisions:
        return None
    several = len(decisions) > 1
    for n, decision in enumerate(decisions, start=1):
        if not decision.is_best:
            where = f"exchange {n}: " if several else ""
            approx = "~" if decision.estimated else ""
            return (
                f"Coach: {where}best was {decision.best} ({approx}{decision.ev_best:.3f};"
                f" yours {approx}{decision.ev_chosen:.3f} per coin)"
            )
    if several:
        return "Coach: the best hold at every exchange ✓ · Enter deals the next hand"
    return f"Coach: the best hold ✓ ({decisions[0].ev_best:.3f} per coin) · Enter deals the next hand"


def hint(view: PokerView) -> str:
    """The line under the cards: what is going on, or what to do next."""
    hand, phase = view.shown, view.phase
    if view.hidden:
        dealing = hand is not None and hand.phase is Phase.DRAWING and hand.drawn == HAND_SIZE
        return "Dealing…" if dealing else "Drawing…"
    if phase is Phase.SHOWDOWN:
        return "The result is not saved yet (the data file refused it): Enter tries again."
    if phase is Phase.DRAWING:
        if view.tip:
            return view.tip
        # the same words whatever is ticked: a tick redraws its card and box, not this line
        # (the boxes show the ticks, the action button says Draw or Stand)
        return "Tick the cards to exchange (1–5 or click) · Enter draws them, or stands"
    refusal = view.refusal
    if refusal is not None:
        return word_refusal(refusal)
    if hand is not None and hand.phase is Phase.SETTLED:
        if hand.kept_no_card:
            kept = ", ".join(str(i + 1) for i in hand.kept_no_card)
            cards = "card" if len(hand.kept_no_card) == 1 else "cards"
            return f"The deck ran out: {cards} {kept} kept. Enter deals the next hand."
        if view.coach:
            return view.coach
        return "Enter deals the next hand · +/− change the bet · r repeats"
    return "Choose your bet (+/−) and press Enter to deal"
