"""cardtable: a terminal card room (blackjack, baccarat, draw poker)."""

__version__ = "0.2.0"
