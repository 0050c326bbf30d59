"""Statistics: each game's totals since the last reset (``GameStats``, in
:mod:`.game_stats`: rounds, results, net, refills, money staked, the biggest win and loss),
updated by the round that settles, so that no screen ever passes over the whole history
for them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .base import StoreBase
from .values import GAMES, check_game

if TYPE_CHECKING:
    from .game_stats import GameStats

__all__ = ["StatsMixin"]


class StatsMixin(StoreBase):
    """The store's statistics, read from the ``stats`` table."""

    def stats(self, game: str) -> GameStats:
        """Totals for one game."""
        from .game_stats import STATS_COLUMNS, GameStats

        check_game(game)
        rows = self._read(f"SELECT {STATS_COLUMNS} FROM stats WHERE game = ?", (game,))
        if not rows:
            return GameStats(game)
        return GameStats(game, *(int(v) for v in rows[0]))

    def all_stats(self) -> dict[str, GameStats]:
        """Totals for every game, in ``GAMES`` order."""
        from .game_stats import STATS_COLUMNS, GameStats

        rows = self._read(f"SELECT game, {STATS_COLUMNS} FROM stats")
        found = {str(row[0]): GameStats(str(row[0]), *(int(v) for v in row[1:])) for row in rows}
        return {game: found.get(game, GameStats(game)) for game in GAMES}

    def game_totals(self) -> dict[str, GameStats]:
        """The same as :meth:`all_stats` (the name from when the money figures were read
        apart): kept by the statistics as each round settles, no pass over the history."""
        return self.all_stats()
