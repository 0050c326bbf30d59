"""The history list's rows: a round's time, game, stake, net and small cards as cells.

Pure (no widget, no store): the history screen makes a page's rows in its reading thread.
"""

from __future__ import annotations

import re
from datetime import date

from rich.text import Text

from ....core.cards import Card
from ....core.poker_names import rank_name
from ....history_stats import local_minute as local_time
from ....i18n import _
from ....i18n.formatting import chips, signed
from ....i18n.formatting import date as format_date
from ....store import HistoryEntry
from ...games import GAME_INFO
from ..common.card import cards_mini
from ..poker.names import rank_word

__all__ = ["Row", "row_cells", "round_cards", "net_text", "local_time", "local_day_text", "game_name", "pay_row_words"]

#: Cells of one small card in the list: a ten's three, every other card padded to match.
_CARD_CELLS = 3




def local_day_text(day: str) -> str:
    """A local day kept as ``2026-12-01`` as the language writes it (``Dec 1, 2026``)."""
    try:
        return format_date(date.fromisoformat(day))
    except ValueError:
        return day


def game_name(game: str) -> str:
    """A game's name as the lobby shows it (the store's key when it is not a game)."""
    return _(GAME_INFO[game].title) if game in GAME_INFO else game


def _cards(names: object, ascii: bool) -> Text:
    cards: list[Card] = []
    if isinstance(names, list):
        for name in names:
            try:
                cards.append(Card.parse(str(name)))
            except ValueError:
                continue
    return cards_mini(cards, ascii, width=_CARD_CELLS, in_table=True)


def round_cards(entry: HistoryEntry, ascii: bool = False) -> Text:
    """The round's cards as small cards: yours (each hand), then the dealer's / banker's."""
    d = entry.details
    out = Text()
    if entry.game == "blackjack":
        hands = d.get("hands") if isinstance(d.get("hands"), list) else []
        for i, hand in enumerate(hands or []):
            if i:
                out.append(" │ ")
            out.append_text(_cards(hand.get("cards") if isinstance(hand, dict) else None, ascii))
        # TRANSLATORS: between the player's cards and the dealer's in the history list
        out.append("  " + _("vs") + " ", style="dim")
        out.append_text(_cards(d.get("dealer"), ascii))
    elif entry.game == "baccarat":
        # TRANSLATORS: P and B mark the Player's and the Banker's cards in the history list
        out.append(_("P") + " ", style="dim")
        out.append_text(_cards(d.get("player"), ascii))
        out.append("  " + _("B") + " ", style="dim")
        out.append_text(_cards(d.get("banker"), ascii))
    elif entry.game == "poker":
        out.append_text(_cards(d.get("cards"), ascii))
        if d.get("paid_on"):
            out.append(" " + pay_row_words(str(d["paid_on"])), style="dim")
    return out


def pay_row_words(label: str) -> str:
    """A pay-table row as the store keeps it (the core's English: ``Jacks or Better``,
    ``Two Pair``) in the words the poker table uses in the language in force."""
    found = re.fullmatch(r"(\w+) or Better", label)
    if found:
        ranks = next((r for r in range(2, 15) if rank_name(r, True) == found.group(1)), None)
        if ranks is not None:
            return _("{ranks} or Better").format(ranks=rank_word(ranks, True))
    return _(label)


def net_text(amount: int) -> Text:
    """A signed amount, right-aligned, green when won and red when lost."""
    style = "bold green" if amount > 0 else "bold red" if amount < 0 else "dim"
    return Text(signed(amount), style=style, justify="right")


Row = tuple[str, str, Text, Text, Text]
"""One line of the list: when, game, staked, net, cards."""


def row_cells(entry: HistoryEntry, ascii: bool) -> Row:
    """The list's cells for one round (pure: made in the reading thread)."""
    return (
        local_time(entry.at),
        game_name(entry.game),
        Text(chips(entry.stake), justify="right"),
        net_text(entry.net),
        round_cards(entry, ascii),
    )
