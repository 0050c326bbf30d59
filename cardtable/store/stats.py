"""Statistics: each game's totals since the last reset (``GameStats``: rounds, results,
net, refills) and the money figures kept beside them (``GameTotals``), both updated by the
round that settles, so that no screen ever passes over the whole history for them."""

from __future__ import annotations

from dataclasses import dataclass

from .base import StoreBase
from .values import GAMES, check_game

__all__ = ["GameStats", "GameTotals", "StatsMixin"]


@dataclass(frozen=True)
class GameStats:
    """Totals for one game since the last reset. Amounts in hundredths."""

    game: str
    rounds: int = 0
    won: int = 0
    lost: int = 0
    pushed: int = 0
    net: int = 0
    biggest_win: int = 0
    refills: int = 0


@dataclass(frozen=True)
class GameTotals:
    """What the history says about one game: money staked and the extremes.

    The house edge the player experienced is ``-net / staked``."""

    game: str
    rounds: int = 0
    staked: int = 0
    net: int = 0
    biggest_win: int = 0
    biggest_loss: int = 0

    @property
    def edge(self) -> float | None:
        return -self.net / self.staked if self.staked else None


class StatsMixin(StoreBase):
    """The store's statistics, read from the ``stats`` table."""

    def stats(self, game: str) -> GameStats:
        """Totals for one game."""
        check_game(game)
        rows = self._read(
            "SELECT rounds, won, lost, pushed, net, biggest_win, refills FROM stats"
            " WHERE game = ?",
            (game,),
        )
        if not rows:
            return GameStats(game)
        return GameStats(game, *(int(v) for v in rows[0]))

    def all_stats(self) -> dict[str, GameStats]:
        """Totals for every game, in ``GAMES`` order."""
        rows = self._read(
            "SELECT game, rounds, won, lost, pushed, net, biggest_win, refills FROM stats"
        )
        found = {row[0]: GameStats(row[0], *(int(v) for v in row[1:])) for row in rows}
        return {game: found.get(game, GameStats(game)) for game in GAMES}

    def game_totals(self) -> dict[str, GameTotals]:
        """Per game: rounds, money staked, net, biggest win and loss (from the statistics,
        which keep them as each round settles: no pass over the history)."""
        rows = self._read("SELECT game, rounds, staked, net, biggest_win, biggest_loss FROM stats")
        found = {str(r[0]): GameTotals(str(r[0]), *(int(v) for v in r[1:])) for r in rows}
        return {game: found.get(game, GameTotals(game)) for game in GAMES}
