"""The one statistics model (``GameStats``): a game's totals since the last reset, all
games' together, one round's, or a sitting's. Apart from the store's queries so that
opening the data file does not build it: the lobby reads no statistics."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["GameStats", "GameTotals", "STATS_COLUMNS"]


@dataclass(frozen=True)
class GameStats:
    """Totals for one game since the last reset, kept as each round settles: the rounds
    and their results (by the round's net), the net, the biggest win and loss, the refills
    and the money staked. Amounts in hundredths. The one statistics model: a game's, all
    games' (``+``), one round's (:meth:`of_round`) or a sitting's (:meth:`since`)."""

    game: str
    rounds: int = 0
    won: int = 0
    lost: int = 0
    pushed: int = 0
    net: int = 0
    biggest_win: int = 0
    refills: int = 0
    staked: int = 0
    #: The biggest loss of one round: 0 or below.
    biggest_loss: int = 0

    @property
    def edge(self) -> float | None:
        """The house edge the player experienced, ``-net / staked`` (None: nothing staked)."""
        return -self.net / self.staked if self.staked else None

    @classmethod
    def of_round(cls, game: str, stake: int, returned: int) -> GameStats:
        """One settled round (or one hand) as the statistics count it: won when it
        returned more than its stake, lost when less, pushed when the same."""
        net = returned - stake
        return cls(game, 1, int(net > 0), int(net < 0), int(net == 0), net, max(net, 0), 0, stake, min(net, 0))

    def __add__(self, other: GameStats) -> GameStats:
        """Both together (two sittings, two hands, all games): counts and money summed, the
        bigger win and loss; the game kept when both are of it, else ``"total"``."""
        if not isinstance(other, GameStats):
            return NotImplemented
        return GameStats(
            self.game if self.game == other.game else "total",
            self.rounds + other.rounds,
            self.won + other.won,
            self.lost + other.lost,
            self.pushed + other.pushed,
            self.net + other.net,
            max(self.biggest_win, other.biggest_win),
            self.refills + other.refills,
            self.staked + other.staked,
            min(self.biggest_loss, other.biggest_loss),
        )

    def since(self, earlier: GameStats) -> GameStats:
        """What happened between an ``earlier`` reading of this game's statistics and this
        one (a sitting at a table: the session summary's figures).

        The biggest win (loss) is this reading's when it grew meanwhile (a round in between
        set it), else 0: two readings cannot tell a smaller one. ``ValueError`` for another
        game's reading, or for one that is not earlier (a count that went back: a reset).
        """
        if earlier.game != self.game:
            raise ValueError(f"{earlier.game} statistics are no earlier reading of {self.game}'s")
        if any(getattr(earlier, name) > getattr(self, name) for name in _COUNTS):
            raise ValueError("the earlier reading counts more than this one: the statistics were reset between")
        return GameStats(
            self.game,
            self.rounds - earlier.rounds,
            self.won - earlier.won,
            self.lost - earlier.lost,
            self.pushed - earlier.pushed,
            self.net - earlier.net,
            self.biggest_win if self.biggest_win > earlier.biggest_win else 0,
            self.refills - earlier.refills,
            self.staked - earlier.staked,
            self.biggest_loss if self.biggest_loss < earlier.biggest_loss else 0,
        )


#: The fields that only grow until a reset.
_COUNTS = ("rounds", "won", "lost", "pushed", "refills", "staked")
#: The name the money figures had when they were a model of their own: the same model now.
GameTotals = GameStats
#: The ``stats`` columns, in ``GameStats`` field order after ``game``.
STATS_COLUMNS = "rounds, won, lost, pushed, net, biggest_win, refills, staked, biggest_loss"
