"""Making a strategy drill from the player's settings: its question maker and its stake."""

from __future__ import annotations

import random

from ...ai.drills import BlackjackDrill, PokerDrill
from ..room import CardRoom
from ..widgets.drill.words import Stake

__all__ = ["make_drill", "POKER_COINS"]

#: Poker: coins a drill hand is played with (the EVs are per coin at this bet).
POKER_COINS = 5


def drill_rng(app: CardRoom, game: str, seed: int | None) -> random.Random:
    """``seed``'s generator; else, under ``--seed``, one seeded from the app's stream for
    this game's drills (each drill of the session new, the session reproducible; the
    drill's own generator, as its questions are made in a thread); else unpredictable."""
    if seed is not None:
        return random.Random(f"{seed}:drill:{game}")
    stream = app.rng(f"drill:{game}")
    return random.Random(stream.getrandbits(64)) if stream is not None else random.Random()


def make_drill(app: CardRoom, game: str, seed: int | None) -> tuple[BlackjackDrill | PokerDrill, Stake]:
    """The drill of ``game`` at the player's table settings (blackjack: the table's rules,
    a hand at the minimum bet; poker: the chosen machine, 5 coins of the coin size)."""
    settings = app.settings
    if game == "blackjack":
        from ...core.blackjack import Rules

        rules = Rules(min_bet=settings.bj_min, max_bet=settings.bj_max)
        return BlackjackDrill(rules, drill_rng(app, game, seed)), Stake(game, settings.bj_min)
    from ...ai.poker_machines import UnknownMachine, default_machine, machine_named

    try:
        machine = machine_named(settings.poker_machine)
    except UnknownMachine:
        machine = default_machine()
    stake = Stake(game, POKER_COINS * settings.poker_coin, POKER_COINS, settings.poker_coin)
    return PokerDrill(machine, drill_rng(app, game, seed), coins=POKER_COINS), stake
