"""The card room's constants, spelled once: games, computer levels, shoes and limits.

Everything else (the store's validation, the command line, the settings screen, the
tables) reads these names, so a new level or deck count is added in one place.
Money is hundredths of a chip (docs/rules.md section 1).
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "GAMES",
    "LEVELS",
    "MAX_COMPUTER_SEATS",
    "START_BANKROLL",
    "BLACKJACK_DECKS",
    "BACCARAT_DECK_CHOICES",
    "DEFAULT_BACCARAT_DECKS",
    "DEFAULT_TABLE_MIN",
    "DEFAULT_TABLE_MAX",
    "TABLE_LIMIT_CHOICES",
    "DEFAULT_POKER_COIN",
    "MAX_POKER_EXCHANGES",
]

#: The games of the card room, in lobby order (also the store's keys).
GAMES: Final = ("blackjack", "baccarat", "poker")
#: Computer players' levels, weakest first (docs/rules.md section 3).
LEVELS: Final = ("easy", "normal", "hard")
#: Computer seats beside the player at the blackjack table.
MAX_COMPUTER_SEATS: Final = 4
#: A new player's bankroll and the amount of a free refill: 1,000 chips.
START_BANKROLL: Final = 100_000
#: The blackjack shoe (docs/rules.md section 3).
BLACKJACK_DECKS: Final = 6
#: Baccarat shoes the settings offer; 8 is the standard (docs/rules.md section 2).
BACCARAT_DECK_CHOICES: Final = (4, 6, 8)
DEFAULT_BACCARAT_DECKS: Final = 8
#: Default table limits per hand or spot: 5–500 chips (docs/rules.md section 1).
DEFAULT_TABLE_MIN: Final = 500
DEFAULT_TABLE_MAX: Final = 50_000
#: The table limits the settings offer (minimum, maximum per hand or spot), the
#: default first; a minimum never exceeds what a refill gives.
TABLE_LIMIT_CHOICES: Final = ((500, 50_000), (1_000, 100_000), (2_500, 250_000), (10_000, 1_000_000))
#: Draw poker's default coin: 5 chips; 1 to 3 exchange rounds.
DEFAULT_POKER_COIN: Final = 500
MAX_POKER_EXCHANGES: Final = 3
