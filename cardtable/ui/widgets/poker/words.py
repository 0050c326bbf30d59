"""What the draw-poker table says: the result line, the hint under the cards and the
coach's holds, in the language in force.

Words only: the hand's value, the payout and the refusals come from the core; what goes
into the store (the graded holds) stays English there and is worded here when shown.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from rich.cells import cell_len

from ....core.cards import Card
from ....core.poker import HandCategory
from ....core.poker_hand import HAND_SIZE, DrawHand, Phase
from ....core.poker_machines import Machine, PayHand
from ....i18n import N_, _, ngettext
from ....i18n.formatting import chips, number, signed
from ....i18n.refusals import word_refusal
from .names import category_name, describe, row_name
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
    "hold_words",
    "stored_hold_words",
    "ev_text",
    "WAITING",
    "NOT_SAVED",
]

#: Banner notices: (text, kind); the text is translated where the banner shows it.
WAITING = (N_("Your hand was waiting for you: it goes on where it stopped."), "info")
NOT_SAVED = (N_("The result is not saved yet: enter tries again."), "error")


def coins_text(n: int) -> str:
    """``1 coin``, ``3 coins``."""
    return ngettext("{n} coin", "{n} coins", n).format(n=n)


def coin_info(coin_size: int, rounds: int) -> str:
    """``Coin 5 chips · 1 exchange round``."""
    return ngettext(
        "Coin {amount} chips · {n} exchange round", "Coin {amount} chips · {n} exchange rounds", rounds
    ).format(amount=chips(coin_size), n=rounds)


def result_line(hand: DrawHand) -> tuple[str, str]:
    """(``Three of a Kind, Jacks — wins 30 (+20)``, banner kind) for a settled hand."""
    machine, value = hand.pay_table, hand.value
    if machine.wild != "none" or value is None:
        # Wild cards: the row they made is the hand's name ("Five of a Kind").
        name = row_name(machine, hand.paid) if hand.paid is not None else _("No paying hand")
    elif hand.paid is not None and hand.paid.name.startswith("FOUR_") and hand.paid is not PayHand.FOUR_OF_A_KIND:
        # e.g. four aces with a kicker
        name = _("{hand} ({row})").format(hand=describe(value), row=row_name(machine, hand.paid))
    else:
        # The source's rank name, with the ranks that matter ("One Pair of Jacks"), so a
        # paying pair and a low one read differently; "No Pair" alone needs no detail.
        name = describe(value) if value.category is not HandCategory.NO_PAIR else category_name(value.category)
    if hand.paid is not None and hand.net == 0:  # a pay of 1 per coin: the stake comes back
        return _("{hand} — stake back").format(hand=name), "push"
    if hand.paid is not None:
        won = _("{hand} — wins {amount} ({net})")
        return won.format(hand=name, amount=chips(hand.returned), net=signed(hand.net)), "win"
    return _("{hand} — no win ({net})").format(hand=name, net=signed(hand.net)), "lose"


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
            return _("You hold: nothing that pays yet")
        name = category_name(HandCategory.ONE_PAIR) if row is PayHand.HIGH_PAIR else row_name(machine, row)
        return _("You hold: {hand}").format(hand=name)
    value = hand.current_value()
    return _("You hold: {hand}").format(hand=category_name(value.category)) if value is not None else ""


def wild_line(machine: Machine) -> str:
    """``Deuces are wild`` / ``The joker is wild`` (empty on a machine without wild cards)."""
    words = {"deuces": N_("Deuces are wild"), "joker": N_("The joker is wild")}.get(machine.wild)
    return _(words) if words else ""


def return_text(machine: Machine, computed: object) -> str:
    """The machine line beside the table: its exact return once this program computed it."""
    if isinstance(computed, Fraction):
        figure = _("returns {percent} %").format(percent=number(float(computed) * 100, 4))
    elif isinstance(computed, str):
        figure = _("computing the return…")
    else:
        figure = _("return not computed")
    return "[@click=screen.next_machine]" + _("m ▸ next machine") + f"[/]\n{figure}"


def hold_words(cards: Sequence[Card], hold: Sequence[int], ascii: bool = False) -> str:
    """A hold in the table's words: ``exchange 2 4 5 (keep K♠ J♦)``, ``stand pat``,
    ``exchange all five`` (cards counted 1-5 from the left)."""
    discards = [str(i + 1) for i in range(HAND_SIZE) if i not in hold]
    return _hold_words(discards, " ".join(cards[i].label(ascii) for i in sorted(hold)))


def _hold_words(discards: Sequence[str], kept: str) -> str:
    if not discards:
        return _("stand pat")
    if len(discards) == HAND_SIZE:
        return _("exchange all five")
    words = _("exchange {cards}").format(cards=" ".join(discards))
    return _("{exchange} (keep {cards})").format(exchange=words, cards=kept) if kept else words


#: A hold as the coach's grading keeps it (English, in the store): ``exchange 2 4 5 (keep …)``.
_STORED_HOLD = re.compile(r"exchange ([1-5](?: [1-5])*)(?: \(keep (.+)\))?")


def stored_hold_words(text: str, keep: bool = True) -> str:
    """A hold kept in the store in English (a graded decision) in the language in force
    (without the cards kept when ``keep`` is False: a line short of room)."""
    if text in ("stand pat", "exchange all five"):
        return _(text)
    match = _STORED_HOLD.fullmatch(text)
    if match is None:
        return text
    return _hold_words(match.group(1).split(), (match.group(2) or "") if keep else "")


def ev_text(ev: float, estimated: bool = False) -> str:
    """A value per coin: ``1.536``, ``~1.536`` for an estimate."""
    return ("~" if estimated else "") + number(ev, 3)


def coach_line(decisions: Sequence[Decision], width: int = 0) -> str | None:
    """The coach after the draw, from the hand's graded exchanges: all best, or the
    first one that was not (with both values per coin; ``~`` marks an estimate). Wider
    than ``width`` cells (if given), the best hold is named without the cards it keeps."""
    if not decisions:
        return None
    several = len(decisions) > 1
    for n, decision in enumerate(decisions, start=1):
        if not decision.is_best:
            line = ""
            for keep in (True, False):
                words = dict(
                    best=stored_hold_words(decision.best, keep),
                    ev=ev_text(decision.ev_best, decision.estimated),
                    yours=ev_text(decision.ev_chosen, decision.estimated),
                )
                if several:
                    line = _("Coach: exchange {n}: best was {best} ({ev}; yours {yours} per coin)").format(
                        n=n, **words
                    )
                else:
                    line = _("Coach: best was {best} ({ev}; yours {yours} per coin)").format(**words)
                if not width or cell_len(line) <= width:
                    break
            return line
    if several:
        return _("Coach: the best hold at every exchange ✓ · Enter deals the next hand")
    return _("Coach: the best hold ✓ ({ev} per coin) · Enter deals the next hand").format(
        ev=ev_text(decisions[0].ev_best)
    )


def hint(view: PokerView) -> str:
    """The line under the cards: what is going on, or what to do next."""
    hand, phase = view.shown, view.phase
    if view.hidden:
        dealing = hand is not None and hand.phase is Phase.DRAWING and hand.drawn == HAND_SIZE
        return _("Dealing…") if dealing else _("Drawing…")
    if phase is Phase.SHOWDOWN:
        return _("The result is not saved yet (the data file refused it): Enter tries again.")
    if phase is Phase.DRAWING:
        if view.tip:
            return view.tip
        # the same words whatever is ticked: a tick redraws its card and box, not this line
        # (the boxes show the ticks, the action button says Draw or Stand)
        return _("Tick the cards to exchange (1–5 or click) · Enter draws them, or stands")
    refusal = view.refusal
    if refusal is not None:
        return word_refusal(refusal)
    if hand is not None and hand.phase is Phase.SETTLED:
        if hand.kept_no_card:
            kept = ", ".join(str(i + 1) for i in hand.kept_no_card)
            ran_out = ngettext(
                "The deck ran out: card {cards} kept. Enter deals the next hand.",
                "The deck ran out: cards {cards} kept. Enter deals the next hand.",
                len(hand.kept_no_card),
            )
            return ran_out.format(cards=kept)
        if view.coach:
            return view.coach
        return _("Enter deals the next hand · +/− change the bet · r repeats")
    return _("Choose your bet (+/−) and press Enter to deal")
