"""The names of poker hands in the language in force: the ten categories, the machines'
pay-table rows and a hand's longer description ("One Pair of Jacks").

The core names them in English (``HandCategory.label``, ``Machine.row_label``,
``HandValue.describe``) for the store, the logs and the tests; it cannot import the
translations, so the screen words them here from the same enums. The English texts are
the core's own (a test keeps the two tables in step); Japanese uses the seed's words
(ロイヤルストレートフラッシュ … ノーペア).
"""

from __future__ import annotations

from rich.cells import cell_len

from ....core.poker import HandCategory, HandValue
from ....core.poker_machines import Machine, PayHand
from ....i18n import N_, _

__all__ = ["category_name", "row_name", "top_word", "describe", "rank_word", "CATEGORY_NAMES", "ROW_NAMES"]

#: The ten categories, as the source names them.
CATEGORY_NAMES: dict[HandCategory, str] = {
    HandCategory.NO_PAIR: N_("No Pair"),
    HandCategory.ONE_PAIR: N_("One Pair"),
    HandCategory.TWO_PAIR: N_("Two Pair"),
    HandCategory.THREE_OF_A_KIND: N_("Three of a Kind"),
    HandCategory.STRAIGHT: N_("Straight"),
    HandCategory.FLUSH: N_("Flush"),
    HandCategory.FULL_HOUSE: N_("Full House"),
    HandCategory.FOUR_OF_A_KIND: N_("Four of a Kind"),
    HandCategory.STRAIGHT_FLUSH: N_("Straight Flush"),
    HandCategory.ROYAL_FLUSH: N_("Royal Straight Flush"),
}

#: The machines' rows (the lowest pair's row is worded with its rank: "Jacks or Better").
ROW_NAMES: dict[PayHand, str] = {
    PayHand.HIGH_PAIR: N_("One Pair"),
    PayHand.TWO_PAIR: N_("Two Pair"),
    PayHand.THREE_OF_A_KIND: N_("Three of a Kind"),
    PayHand.STRAIGHT: N_("Straight"),
    PayHand.FLUSH: N_("Flush"),
    PayHand.FULL_HOUSE: N_("Full House"),
    PayHand.FOUR_OF_A_KIND: N_("Four of a Kind"),
    PayHand.FOUR_5_K: N_("Four 5s–Ks"),
    PayHand.FOUR_2_4: N_("Four 2s–4s"),
    PayHand.FOUR_ACES: N_("Four Aces"),
    PayHand.FOUR_2_4_KICKER: N_("Four 2s–4s + A–4"),
    PayHand.FOUR_ACES_KICKER: N_("Four Aces + 2–4"),
    PayHand.STRAIGHT_FLUSH: N_("Straight Flush"),
    PayHand.FIVE_OF_A_KIND: N_("Five of a Kind"),
    PayHand.WILD_ROYAL: N_("Wild Royal Flush"),
    PayHand.FOUR_DEUCES: N_("Four Deuces"),
    PayHand.NATURAL_ROYAL: N_("Royal Straight Flush"),
}

#: Shorter names for the rows whose names are long in some language (English never needs them).
_SHORT_ROW_NAMES: dict[PayHand, str] = {
    PayHand.NATURAL_ROYAL: N_("Royal Flush"),
    PayHand.WILD_ROYAL: N_("Wild Royal"),
    PayHand.FOUR_2_4_KICKER: N_("Four 2–4, kicker A–4"),
    PayHand.FOUR_ACES_KICKER: N_("Four Aces, kicker 2–4"),
}
#: The top row in a word.
_TOP_WORDS: dict[PayHand, str] = {PayHand.NATURAL_ROYAL: N_("royal")}

#: Ranks (2..14, ace high) in descriptions: "Jacks" in "One Pair of Jacks", "Ace" in
#: "Straight, Ace high". Japanese and Lithuanian write the rank's symbol (J, A).
_PLURAL = {
    2: N_("Twos"), 3: N_("Threes"), 4: N_("Fours"), 5: N_("Fives"), 6: N_("Sixes"),
    7: N_("Sevens"), 8: N_("Eights"), 9: N_("Nines"), 10: N_("Tens"), 11: N_("Jacks"),
    12: N_("Queens"), 13: N_("Kings"), 14: N_("Aces"),
}
_SINGULAR = {
    2: N_("Two"), 3: N_("Three"), 4: N_("Four"), 5: N_("Five"), 6: N_("Six"),
    7: N_("Seven"), 8: N_("Eight"), 9: N_("Nine"), 10: N_("Ten"), 11: N_("Jack"),
    12: N_("Queen"), 13: N_("King"), 14: N_("Ace"),
}


def rank_word(high_rank: int, plural: bool = False) -> str:
    """``Jack`` / ``Jacks`` (``J`` in Japanese and Lithuanian); ranks 2..14, ace 14."""
    return _((_PLURAL if plural else _SINGULAR)[high_rank])


def category_name(category: HandCategory) -> str:
    """``One Pair`` / ``ワンペア`` / ``Pora``."""
    return _(CATEGORY_NAMES[category])


def row_name(machine: Machine, hand: PayHand, room: int = 0) -> str:
    """A pay-table row's name: ``Jacks or Better``, ``Natural Royal Flush`` on a wild
    machine …; given ``room`` (cells), a shorter name when the full one is wider and the
    row has one (the two-block table of a machine with many rows)."""
    if hand is PayHand.HIGH_PAIR:
        name = _("{ranks} or Better").format(ranks=rank_word(machine.min_pair_rank, True))
    elif hand is PayHand.NATURAL_ROYAL and machine.wild != "none":
        name = _("Natural Royal Flush")
    else:
        name = _(ROW_NAMES[hand])
    if room and cell_len(name) > room and hand in _SHORT_ROW_NAMES:
        return _(_SHORT_ROW_NAMES[hand])
    return name


def top_word(machine: Machine, hand: PayHand) -> str:
    """The top row in a word (``royal``), for the note under a two-block table."""
    word = _TOP_WORDS.get(hand)
    return _(word) if word else row_name(machine, hand).split()[0].lower()


def describe(value: HandValue) -> str:
    """A longer name: ``One Pair of Jacks``, ``Full House, Kings over Fives`` …"""
    c, r = value.category, value.ranks
    hand = category_name(c)
    if c is HandCategory.ROYAL_FLUSH:
        return hand
    if c is HandCategory.FOUR_OF_A_KIND or c is HandCategory.THREE_OF_A_KIND:
        return _("{hand}, {ranks}").format(hand=hand, ranks=rank_word(r[0], True))
    if c is HandCategory.FULL_HOUSE:
        return _("{hand}, {high} over {low}").format(hand=hand, high=rank_word(r[0], True), low=rank_word(r[1], True))
    if c is HandCategory.TWO_PAIR:
        return _("{hand}, {high} and {low}").format(hand=hand, high=rank_word(r[0], True), low=rank_word(r[1], True))
    if c is HandCategory.ONE_PAIR:
        return _("{hand} of {ranks}").format(hand=hand, ranks=rank_word(r[0], True))
    return _("{hand}, {rank} high").format(hand=hand, rank=rank_word(r[0]))  # straights, flush, no pair
