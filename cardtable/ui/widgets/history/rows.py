"""The history list's rows: a round's time, game, stake, net and small cards as cells.

Pure (no widget, no store): the history screen makes a page's rows in its reading thread.
"""

from __future__ import annotations

from datetime import datetime

from rich.text import Text

from ....core.cards import Card
from ....core.money import format_chips, format_signed
from ....store import HistoryEntry
from ...games import GAME_INFO
from ..common.card import cards_mini

__all__ = ["Row", "row_cells", "round_cards", "net_text", "local_time"]

#: Cells of one small card in the list: a ten's three, every other card padded to match.
_CARD_CELLS = 3


def local_time(at: str, seconds: bool = False) -> str:
    """The store's UTC time as the player's local time (``2026-12-01 14:05``)."""
    try:
        when = datetime.fromisoformat(at.replace("Z", "+00:00")).astimezone()
    except ValueError:
        return at
    return when.strftime("%Y-%m-%d %H:%M:%S" if seconds else "%Y-%m-%d %H:%M")


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
        out.append("  vs ", style="dim")
        out.append_text(_cards(d.get("dealer"), ascii))
    elif entry.game == "baccarat":
        out.append("P ", style="dim")
        out.append_text(_cards(d.get("player"), ascii))
        out.append("  B ", style="dim")
        out.append_text(_cards(d.get("banker"), ascii))
    elif entry.game == "poker":
        out.append_text(_cards(d.get("cards"), ascii))
        if d.get("paid_on"):
            out.append(f" {d['paid_on']}", style="dim")
    return out


def net_text(amount: int) -> Text:
    """A signed amount, right-aligned, green when won and red when lost."""
    style = "bold green" if amount > 0 else "bold red" if amount < 0 else "dim"
    return Text(format_signed(amount), style=style, justify="right")


Row = tuple[str, str, Text, Text, Text]
"""One line of the list: when, game, staked, net, cards."""


def row_cells(entry: HistoryEntry, ascii: bool) -> Row:
    """The list's cells for one round (pure: made in the reading thread)."""
    title = GAME_INFO[entry.game].title if entry.game in GAME_INFO else entry.game
    return (
        local_time(entry.at),
        title,
        Text(format_chips(entry.stake), justify="right"),
        net_text(entry.net),
        round_cards(entry, ascii),
    )
