"""The shared punto banco table: everyone's bets on the same coups, one shoe.

No networking here (see :mod:`cardtable.tables.hub`). A coup needs no
decision once the bets are down, so a round is: bets (``bet`` with a spot, ``clear``),
then the coup is dealt when every seated, connected player with a bet has said
``deal``, or when the betting window after the first bet closes; each bettor's stake
is committed to their own Store with a record of *their* coup (the coup's cards as a
stacked shoe and their bets, so the local game's ``BaccaratTable`` deals it again),
and settled at once.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from ..core.baccarat import DEFAULT_DECKS, Coup, Outcome, new_shoe, settle
from ..core.baccarat_table import BaccaratTable
from ..core.money import format_chips
from ..core.record import RecordError, RoundRecord
from ..core.replay import stacked_snapshot
from ..store import StoreError
from .hub import Account, Hub, TableError
from .shared import SharedTable

__all__ = ["BaccaratShared", "BACCARAT_SEATS"]

GAME = "baccarat"
#: Seats at the shared baccarat table.
BACCARAT_SEATS = 7
SPOTS = {"player": Outcome.PLAYER, "banker": Outcome.BANKER, "tie": Outcome.TIE}


@dataclass(eq=False)
class _Seat:
    player: Account
    connected: bool = True
    bets: dict[Outcome, int] = field(default_factory=dict)
    ready: bool = False
    #: Said ready without a bet: sits the next coup out.
    passed: bool = False

    @property
    def name(self) -> str:
        return self.player.name

    @property
    def staked(self) -> bool:
        return bool(self.bets)

    @property
    def decided(self) -> bool:
        return (self.ready and bool(self.bets)) or self.passed


class BaccaratShared(SharedTable):
    """One shared baccarat table."""

    game = GAME

    def __init__(
        self,
        table_id: int,
        hub: Hub,
        *,
        rng: random.Random | None = None,
        bet_window: float = 30.0,
        min_bet: int = 500,
        max_bet: int = 50_000,
        decks: int = DEFAULT_DECKS,
    ) -> None:
        super().__init__(table_id, hub, BACCARAT_SEATS, bet_window)
        self.rng = rng
        self.decks = decks
        self.min_bet = min_bet
        self.max_bet = max_bet
        self.table = BaccaratTable(new_shoe(decks, rng))
        self.seats: list[_Seat | None] = [None] * BACCARAT_SEATS
        self.message = "Place your bets."
        self.last: Coup | None = None

    # -- seats ---------------------------------------------------------------------

    def in_round(self, key: str) -> bool:
        return False  # a coup is dealt and settled in one step

    @property
    def idle(self) -> bool:
        return True

    def sit(self, player: Account) -> int:
        if self.stopping:
            raise TableError("closing", "the server is closing: no new seats")
        for i, s in enumerate(self.seats):
            if s is None:
                self.seats[i] = _Seat(player)
                self.hub.send(player.key, {"type": "seated", "table": self.id, "seat": i, "host": False})
                self._event({"type": "player_sat", "seat": i, "name": player.name, "kind": "human"})
                self._snapshot()
                return i
        raise TableError("table-full", f"table {self.id} has no free seat")

    def reconnect(self, player: Account) -> int | None:
        return None  # nothing waits at this table: a dropped player's seat is freed

    def disconnect(self, key: str) -> None:
        i = self.seat_of(key)
        if i is not None:
            self._free(i)
            self._maybe_deal()

    def leave(self, key: str) -> None:
        i = self.seat_of(key)
        if i is None:
            raise TableError("not-seated", "you are not seated at this table")
        self._free(i)
        self._maybe_deal()

    def _free(self, i: int) -> None:
        s = self.seats[i]
        if s is not None:
            self.seats[i] = None
            self._event({"type": "player_left", "seat": i, "name": s.name})
            self._snapshot()

    def set_computer(self, key: str, seat: int, level: str | None) -> None:
        raise TableError("no-computers", "computer players sit at the blackjack tables only")

    def act(self, key: str, action: object) -> None:
        raise TableError("no-decisions", "baccarat has no decisions: bet, then deal")

    # -- bets ------------------------------------------------------------------------

    def _mine(self, key: str) -> _Seat:
        i = self.seat_of(key)
        if i is None:
            raise TableError("not-seated", "sit at a table before betting")
        s = self.seats[i]
        assert s is not None
        return s

    def bet(self, key: str, amount: int, spot: str | None) -> None:
        """Put ``amount`` on ``spot`` (replacing what was there) for the next coup."""
        if spot is None:
            raise TableError("bad-bet", "a baccarat bet needs its spot: player, banker or tie")
        if self.stopping:
            raise TableError("closing", "the server is closing: no new coups")
        s = self._mine(key)
        outcome = SPOTS[spot]
        if not self.min_bet <= amount <= self.max_bet:
            raise TableError("bad-bet", f"The table takes {format_chips(self.min_bet)}–"
                                        f"{format_chips(self.max_bet)} per spot.")
        total = sum(v for o, v in s.bets.items() if o is not outcome) + amount
        if total > s.player.bankroll:
            raise TableError("bad-bet", f"Your bankroll ({format_chips(s.player.bankroll)}) cannot cover "
                                        f"bets of {format_chips(total)}.")
        s.bets[outcome] = amount
        s.ready = s.passed = False
        self._event({"type": "bet_placed", "seat": self.seats.index(s), "amount": total})
        self.open_window()
        self._snapshot()

    def clear(self, key: str) -> None:
        s = self._mine(key)
        s.bets.clear()
        s.ready = False
        self._snapshot()
        self._maybe_deal()

    def ready(self, key: str) -> None:
        """Ready with the bets down; with none, a pass: this coup goes on without them."""
        s = self._mine(key)
        if s.bets:
            s.ready = True
        else:
            s.passed = True
            self.open_window()
        self._maybe_deal()

    # -- the coup --------------------------------------------------------------------

    def deal(self) -> None:
        self.close_window()
        bettors = [(i, s) for i, s in enumerate(self.seats) if s is not None and s.bets]
        if not bettors:
            return
        master = self.table
        if master.needs_shoe:
            master.replace_shoe(new_shoe(self.decks, self.rng))
        self.round_no += 1
        meta = {"server_table": self.id, "server_round": self.round_no,
                "names": [s.name for _, s in bettors]}
        full = master.shoe.snapshot()
        roads, fresh = "".join(o.value for o in master.history), master.new_shoe
        coup = master.deal(bettors[0][1].bets)
        master.finish()
        self.last = coup
        common = self._common_start(full, roads, fresh, coup, bettors[0][1].bets)
        dealt: list[tuple[int, _Seat, int]] = []
        for i, s in bettors:
            start = {**common, "bets": {o.value: v for o, v in s.bets.items()}}
            record = RoundRecord(GAME, start, (), {**meta, "seat": i})
            staked = sum(s.bets.values())
            try:
                s.player.bankroll = s.player.store.commit_round(GAME, staked, record.to_json())
            except StoreError as error:
                self.hub.send(s.player.key, {"type": "error", "code": "bad-bet", "fatal": False,
                                             "message": f"your bets could not be taken: {error}"})
                s.bets, s.ready = {}, False
                continue
            dealt.append((i, s, staked))
        self._event({"type": "round_started", "round": self.round_no, "shuffled": False,
                     "seats": [{"seat": i, "name": s.name, "bet": staked} for i, s, staked in dealt]})
        self._event({"type": "coup", "round": self.round_no, "player": [str(c) for c in coup.player],
                     "banker": [str(c) for c in coup.banker], "player_total": coup.player_total,
                     "banker_total": coup.banker_total, "outcome": coup.outcome.label.lower()})
        results = []
        for i, s, staked in dealt:
            their = coup
            returned = settle(s.bets, their)
            details = {
                "bets": {o.label.lower(): v for o, v in s.bets.items()},
                "player": [str(c) for c in their.player], "banker": [str(c) for c in their.banker],
                "player_total": their.player_total, "banker_total": their.banker_total,
                "outcome": their.outcome.label, "coup": their.describe(),
                "table": {"server_table": self.id, "server_round": self.round_no, "seat": i},
            }
            try:
                s.player.bankroll = s.player.store.settle_round(GAME, returned, details, stake=staked)
            except StoreError as error:  # stays open: the next start of the server settles it
                self.hub.log(f"error table {self.id}: {s.name}'s coup not settled yet: {error}")
            self.hub.send(s.player.key, {"type": "bankroll", "bankroll": s.player.bankroll,
                                         "why": "coup settled"})
            results.append({"seat": i, "name": s.name, "net": returned - staked,
                            "bets": {o.label.lower(): v for o, v in s.bets.items()}})
        for sitting in self.seats:
            if sitting is not None:
                sitting.bets, sitting.ready, sitting.passed = {}, False, False
        self.message = f"Coup {self.round_no}: {coup.describe()}."
        self._event({"type": "round_settled", "round": self.round_no, "results": results})
        self.open_window()
        self._snapshot()

    @staticmethod
    def _common_start(full: dict[str, object], roads: str, fresh: bool, coup: Coup,
                      bets: dict[Outcome, int]) -> dict[str, object]:
        """The coup's starting state with a shoe of just its cards (the history keeps
        no more), checked by dealing it again; the whole shoe if that differs."""
        tokens = str(full["cards"]).split()[: coup.cards_used]
        trimmed: dict[str, object] = {"shoe": stacked_snapshot(tokens), "roads": roads, "new_shoe": fresh}
        try:
            again = BaccaratTable.resume(
                RoundRecord(GAME, {**trimmed, "bets": {o.value: v for o, v in bets.items()}}))
            if again.coup == coup:
                return trimmed
        except RecordError:
            pass
        return {"shoe": full, "roads": roads, "new_shoe": fresh}

    def stop(self, now: bool = False) -> None:
        self.stopping = "now" if now else True
        self.close_window()
        self.message = "The table closes: no new coups."
        self._snapshot()

    # -- what the table says -----------------------------------------------------------

    def _snapshot(self) -> None:
        for key in self._audience():
            self.hub.send(key, self.snapshot(key))

    def snapshot(self, key: str | None = None) -> dict[str, Any]:
        last = self.last
        mine = None if key is None else self.seat_of(key)
        you = None
        if mine is not None:
            s = self.seats[mine]
            assert s is not None
            you = {"seat": mine, "bankroll": s.player.bankroll}
        return {
            "type": "baccarat", "table": self.id, "game": GAME,
            "phase": "closing" if self.stopping else "betting", "round": self.round_no,
            "rules": {"min_bet": self.min_bet, "max_bet": self.max_bet, "decks": self.decks,
                      "bet_seconds": self.bet_window},
            "seats": [{"seat": i, "kind": "empty"} if s is None else
                      {"seat": i, "kind": "human", "name": s.name, "connected": s.connected, "ready": s.ready,
                       "passed": s.passed,
                       "bets": {o.label.lower(): v for o, v in s.bets.items()}}
                      for i, s in enumerate(self.seats)],
            "last": None if last is None else {
                "player": [str(c) for c in last.player], "banker": [str(c) for c in last.banker],
                "player_total": last.player_total, "banker_total": last.banker_total,
                "outcome": last.outcome.label.lower()},
            "roads": "".join(o.value for o in self.table.history),
            "shoe": {"left": self.table.shoe.remaining, "size": self.table.shoe.size},
            "window": self.window_left,
            "message": self.message, "you": you,
        }

    def lobby_entry(self) -> dict[str, Any]:
        return {
            "table": self.id, "game": GAME, "phase": "betting", "round": self.round_no,
            "free": self.free_seats(),
            "seats": [None if s is None else {"name": s.name, "kind": "human"} for s in self.seats],
        }


def settle_left_open(record: RoundRecord) -> tuple[int, dict[str, Any]]:
    """What a coup a stopped server left open returns, and its details."""
    table = BaccaratTable.resume(record)
    return table.returned(), table.details()
