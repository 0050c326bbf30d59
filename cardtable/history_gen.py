"""Play many rounds of all three games into a store, through the store's own round API.

Why: the history's size and speed are measured on a store filled the way the app
fills it — each round committed at the deal with its record, updated after each
decision, settled with its details (blackjack through the app's own table service) —
by the simulator's computer players, never by hand-written SQL. Benchmarks fill 100,000 rounds; tests a few dozen.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from .ai.blackjack import player_for
from .ai.seats import COMPUTER_STACK
from .core.baccarat import Outcome, new_shoe
from .core.baccarat_table import BaccaratTable
from .core.blackjack import Rules
from .core.cards import Shoe
from .core.poker import JACKS_OR_BETTER_9_6
from .core.poker_table import PokerTable
from .store import Store
from .tables.baccarat import BaccaratService
from .tables.hub import TableError
from .tables.local import YOU, LocalAccount, LocalHub, local_blackjack
from .tables.poker import PokerService

__all__ = ["fill", "Filler"]

#: The games in the order a generated session visits them (blackjack most often).
_PLAN = ("blackjack", "blackjack", "baccarat", "poker")


@dataclass
class Filler:
    """One player's sessions at the three tables, the app's way: the tables persist
    between rounds (shoes run down to the cut card), and refills are taken when the
    bankroll cannot cover a minimum."""

    store: Store
    rng: random.Random

    def __post_init__(self) -> None:
        self.me = player_for("hard")
        account = LocalAccount(self.store, self.store.bankroll)
        levels = ("normal", "hard")
        self.bj = local_blackjack(account, LocalHub(), Rules(), levels, [COMPUTER_STACK] * len(levels),
                                  shoe=Shoe(6, self.rng, cut_from_end=Rules().cut_from_end))
        self.bac = BaccaratService(0, LocalHub(), bet_window=0, table=BaccaratTable(new_shoe(8, self.rng)))
        self.bac.sit(account)
        self.poker_service = PokerService(account, LocalHub())

    def _refill(self, game: str, minimum: int) -> None:
        if self.store.can_refill(minimum):
            self.store.refill(game, minimum)

    def blackjack(self) -> None:
        """A round at the local blackjack table service (it commits, saves each decision
        and settles, as in the app)."""
        service = self.bj
        bet = self.rng.choice((500, 1000, 2500, 5000))
        self._refill("blackjack", bet)
        try:
            service.bet(YOU, min(bet, self.store.bankroll))
        except TableError:
            return  # a bankroll below the minimum that no refill was offered for
        r = service.round
        assert r is not None
        human = len(service.occupants) - 1
        while r.turn is not None and not r.finished:
            service.act(YOU, self.me.decide(r.view(human)))

    def baccarat(self) -> None:
        spot = self.rng.choice((Outcome.BANKER, Outcome.BANKER, Outcome.PLAYER, Outcome.TIE))
        stake = self.rng.choice((500, 1000, 2500))
        self._refill("baccarat", stake)
        stake = min(stake, self.store.bankroll)
        table = self.bac.table
        table.clear()
        if table.place(spot, stake, self.store.bankroll, 50_000) is not None:
            return
        self.bac.deal_layout(YOU, lambda: new_shoe(8, self.rng))
        self.bac.settle_coup(YOU)

    def poker(self) -> None:
        coins = self.rng.randint(1, 5)
        self._refill("poker", 500 * coins)
        coins = min(coins, self.store.bankroll // 500)
        hand = self.poker_service.deal(PokerTable(500, 1, JACKS_OR_BETTER_9_6), coins, Shoe(1, self.rng))
        # A simple player: keep pairs and better, else exchange everything but high cards.
        ranks = [c.rank for c in hand.cards]
        keep = {i for i, rank in enumerate(ranks) if ranks.count(rank) > 1 or rank == 1 or rank >= 11}
        self.poker_service.exchange([i for i in range(5) if i not in keep])
        self.poker_service.settle()

    def play(self, rounds: int, progress: Callable[[int], None] | None = None) -> None:
        games = {"blackjack": self.blackjack, "baccarat": self.baccarat, "poker": self.poker}
        for i in range(rounds):
            games[_PLAN[i % len(_PLAN)] if self.rng.random() < 0.8 else self.rng.choice(_PLAN)]()
            if progress is not None and i % 1000 == 999:
                progress(i + 1)


def fill(store: Store, rounds: int, seed: int = 1, progress: Callable[[int], None] | None = None) -> None:
    """Play ``rounds`` rounds into ``store`` (all three games), reproducibly for ``seed``."""
    Filler(store, random.Random(seed)).play(rounds, progress)
