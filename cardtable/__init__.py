"""cardtable: a terminal card room (blackjack, baccarat, draw poker)."""

__version__ = "0.1.0"
