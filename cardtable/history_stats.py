"""The statistics per game as the player reads them: counts, money, and house edges.

Why a module of its own: the statistics screen and ``cardtable stats`` show the same
rows, and the exact edge beside the experienced one needs the games' analyses (the
blackjack chart's exact return, baccarat's exact odds, the poker machines' returns),
which only this module gathers.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from fractions import Fraction

from .ai.grading import Accuracy, accuracy, decisions_in
from .core.config import GAMES
from .i18n import N_, pgettext
from .i18n.formatting import date_time
from .store import GameStats, HistoryEntry, HistoryFilter, Store

__all__ = [
    "StatsRow", "stats_rows", "exact_edges", "EDGE_FROM_ROUNDS",
    "GAME_TITLES", "ALL_GAMES", "stats_headings", "CoachStats", "coach_stats", "local_day", "local_minute",
]

#: The games' names as the lobby names them (the same messages: one translation each);
#: English here, shown through ``_(title)``.
GAME_TITLES = {"blackjack": N_("Blackjack"), "baccarat": N_("Baccarat"), "poker": N_("Draw poker")}
#: The total row's name.
ALL_GAMES = N_("All games")

def stats_headings() -> tuple[str, ...]:
    """The statistics' column headings in the language in force, as the screen and
    ``cardtable stats`` show them (short: ten columns fit 80 cells in every language)."""
    return (
        pgettext("statistics", "Game"), pgettext("statistics", "Rounds"), pgettext("statistics", "Won"),
        pgettext("statistics", "Lost"), pgettext("statistics", "Pushed"), pgettext("statistics", "Net"),
        pgettext("statistics", "Best"), pgettext("statistics", "Worst"), pgettext("statistics", "Edge"),
        pgettext("statistics", "Exact"),
    )


#: Rounds of a game (or of all games, for the total) before its experienced edge is shown.
#: One round's result swings by about its whole stake while the edges are a few percent:
#: after one round the figure would read "100.00%" (or "−100.00%"), and even at 100 rounds
#: it is still within about ±10 points of luck, which is as early as it says anything.
EDGE_FROM_ROUNDS = 100


@dataclass(frozen=True)
class StatsRow:
    """One game's row (``game`` is ``"total"`` for all games together)."""

    game: str
    rounds: int
    won: int
    lost: int
    pushed: int
    net: int
    biggest_win: int
    biggest_loss: int
    staked: int
    refills: int
    #: The exact house edge for the stakes the player made (None: not known).
    exact_edge: float | None = None

    @classmethod
    def of(cls, stats: GameStats, exact_edge: float | None = None) -> StatsRow:
        """The row of a game's statistics (or of all games', summed: ``"total"``)."""
        return cls(
            stats.game, stats.rounds, stats.won, stats.lost, stats.pushed, stats.net,
            stats.biggest_win, stats.biggest_loss, stats.staked, stats.refills, exact_edge,
        )

    @property
    def title(self) -> str:
        """The row's name in English (the message): shown through ``_(row.title)``."""
        return GAME_TITLES.get(self.game, ALL_GAMES)

    @property
    def edge(self) -> float | None:
        """The house edge the player experienced: what they lost per chip staked; None
        (shown "—") before :data:`EDGE_FROM_ROUNDS` rounds, when it says next to nothing."""
        if not self.staked or self.rounds < EDGE_FROM_ROUNDS:
            return None
        return -self.net / self.staked


def stats_rows(
    store: Store, exact: Mapping[str, float | None] | None = None
) -> list[StatsRow]:
    """A row per game and a total row, from the statistics (no pass over the history);
    ``exact``: each game's exact edge, weighted by the stakes for the total."""
    stats = {game: store.stats(game) for game in GAMES}
    exact = exact or {}
    rows = [StatsRow.of(stats[game], exact.get(game)) for game in GAMES]
    total = sum((stats[game] for game in GAMES), GameStats("total"))
    weighted = [(r.exact_edge, r.staked) for r in rows if r.staked]
    exact_total = (
        sum(e * s for e, s in weighted if e is not None) / total.staked
        if weighted and all(e is not None for e, _ in weighted)
        else None
    )
    rows.append(StatsRow.of(total, exact_total))
    return rows


def exact_edges(store: Store) -> dict[str, float | None]:
    """The exact house edge of each game for the stakes the player made.

    Blackjack: basic strategy for the house rules (the project's own analysis; the
    player's own play may do worse). Baccarat: each spot's exact edge, weighted by what
    was staked on it. Poker: each machine's exact return with perfect holds, weighted by
    what was staked on it (a machine whose return was never computed leaves it unknown).
    SQLite sums the stakes; still, call it off the UI thread.
    """
    return {
        "blackjack": _blackjack_edge(),
        "baccarat": _baccarat_edge(store),
        "poker": _poker_edge(store),
    }


def _blackjack_edge() -> float | None:
    try:
        from .ai.simulate import _cached_return

        value = _cached_return("hard")
    except Exception:  # noqa: BLE001 - an unknown figure is shown as unknown
        return None
    return None if value is None else -value


def _spot_stakes(store: Store, game: str, key: str) -> dict[str, int]:
    """What was staked per spot (baccarat) or per machine (poker)."""
    sums = store.staked_by(game, key)
    if key == "machine" and "" in sums:  # hands from before the machines were named
        sums["jacks-or-better-9-6"] = sums.get("jacks-or-better-9-6", 0) + sums.pop("")
    return {k: v for k, v in sums.items() if v}


def _baccarat_edge(store: Store) -> float | None:
    from .core.baccarat import Outcome, house_edges

    stakes = _spot_stakes(store, "baccarat", "bets")
    total = sum(stakes.values())
    if not total:
        return None
    try:
        decks = store.settings().baccarat_decks
    except Exception:  # noqa: BLE001
        decks = 8
    edges = house_edges(decks)
    by_name = {o.label.lower(): edges[o] for o in Outcome}
    value = sum((by_name.get(spot, Fraction(0)) * amount for spot, amount in stakes.items()), Fraction(0))
    return float(value / total)


#: 9/6 Jacks or Better with perfect holds (docs/rules.md section 4), if no cache says more.
_JOB_RETURN = Fraction(995439, 1_000_000)


def _poker_edge(store: Store) -> float | None:
    stakes = _spot_stakes(store, "poker", "machine")
    total = sum(stakes.values())
    if not total:
        return None
    returns: dict[str, Fraction] = {"jacks-or-better-9-6": _JOB_RETURN}
    try:
        from .ai.poker_machines import load_machines
        from .ai.poker_returns import known_returns  # no numpy: the statistics open fast

        returns.update(known_returns(store.path.parent, list(load_machines().values())))
    except Exception:  # noqa: BLE001
        pass
    if any(machine not in returns for machine in stakes):
        return None
    value = sum((returns[m] * s for m, s in stakes.items()), Fraction(0))
    return float(1 - value / total)



# -- how well the player chose ------------------------------------------------


@dataclass(frozen=True)
class CoachStats:
    """The graded decisions of the whole history: per game, in all, and by local day
    (newest first) — how the player's choices went over time."""

    by_game: Mapping[str, Accuracy] = field(default_factory=dict)
    by_day: tuple[tuple[str, Accuracy], ...] = ()

    @property
    def total(self) -> Accuracy:
        return sum(self.by_game.values(), Accuracy())


def local_day(at: str) -> str:
    """The store's UTC time (``2026-12-01T02:03:47Z``) as the player's local date
    (``2026-12-01``); the text's own date if it does not read."""
    try:
        return datetime.fromisoformat(at.replace("Z", "+00:00")).astimezone().date().isoformat()
    except ValueError:
        return at[:10]


def local_minute(at: str) -> str:
    """The store's UTC time as the player's local date and minute, as the language writes
    it (``2026-12-01 05:12``, ``2026/12/01 05:12``); the text itself if it does not read."""
    try:
        return date_time(datetime.fromisoformat(at.replace("Z", "+00:00")).astimezone())
    except ValueError:
        return at[:16].replace("T", " ")


def coach_stats(store: Store) -> CoachStats:
    """Every settled round's graded decisions (``details["decisions"]``), summed per
    game and per local day. One pass over the history: call it off the UI thread."""
    return coach_stats_of(store.iter_history(HistoryFilter(order="oldest")))


def coach_stats_of(entries: Iterable[HistoryEntry]) -> CoachStats:
    by_game = {game: Accuracy() for game in GAMES}
    by_day: dict[str, Accuracy] = {}
    for entry in entries:
        decisions = decisions_in(entry.details)
        if not decisions:
            continue
        tally = accuracy(decisions)
        by_game[entry.game] = by_game.get(entry.game, Accuracy()) + tally
        day = local_day(entry.at)
        by_day[day] = by_day.get(day, Accuracy()) + tally
    days = tuple(sorted(by_day.items(), reverse=True))
    return CoachStats(by_game, days)
