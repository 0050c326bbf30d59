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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..ai.grading import Decision
from ..core.baccarat import DEFAULT_DECKS, Coup, Outcome, new_shoe, settle
from ..core.baccarat_table import BaccaratTable, layout_refusal
from ..core.cards import Shoe
from ..core.record import RecordError, RoundRecord
from ..core.replay import stacked_snapshot
from ..store import Store, StoreError
from .codes import NoteCode, note
from .hub import Account, Hub, TableError
from .shared import SharedTable

__all__ = ["BaccaratService", "BACCARAT_SEATS"]

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
    #: The client coach's grades of the bets said ready with (``Decision.to_json()``).
    grades: list[dict[str, Any]] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.player.name

    @property
    def staked(self) -> bool:
        return bool(self.bets)

    @property
    def decided(self) -> bool:
        return (self.ready and bool(self.bets)) or self.passed


class BaccaratService(SharedTable):
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
        table: BaccaratTable | None = None,
    ) -> None:
        super().__init__(table_id, hub, BACCARAT_SEATS, bet_window)
        self.rng = rng
        self.decks = decks
        self.min_bet = min_bet
        self.max_bet = max_bet
        #: The core table the coups are dealt from (the local game edits its layout).
        self.table = table if table is not None else BaccaratTable(new_shoe(decks, rng))
        #: The grades of the local coup's bets, kept with it until it is paid.
        self._decisions: list[dict[str, Any]] = []
        self.seats: list[_Seat | None] = [None] * BACCARAT_SEATS
        self.note = note(NoteCode.PLACE_BETS)
        self.last: Coup | None = None

    # -- seats ---------------------------------------------------------------------

    @property
    def idle(self) -> bool:
        return True

    def new_seat(self, player: Account) -> _Seat:
        return _Seat(player)

    def set_computer(self, key: str, seat: int, level: str | None) -> None:
        raise TableError("no-computers", "computer players sit at the blackjack tables only")

    def act(self, key: str, action: object, grade: object = None) -> None:
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
            raise TableError("bad-bet", "a baccarat bet needs its spot: player, banker or tie", {"why": "spot-needed"})
        if self.stopping:
            raise TableError("closing", "the server is closing: no new coups")
        s = self._mine(key)
        outcome = SPOTS[spot]
        layout = {**s.bets, outcome: amount}
        refusal = layout_refusal(layout, s.player.bankroll, self.min_bet, self.max_bet)
        if refusal is not None:
            raise TableError.refused("bad-bet", refusal)
        total = sum(layout.values())
        s.bets[outcome] = amount
        s.ready = s.passed = False
        s.grades = []
        self._event({"type": "bet_placed", "seat": self.seats.index(s), "amount": total})
        self.open_window()
        self._snapshot()

    def clear(self, key: str) -> None:
        s = self._mine(key)
        s.bets.clear()
        s.ready = False
        self._snapshot()
        self._maybe_deal()

    def ready(self, key: str, grades: object = None) -> None:
        """Ready with the bets down (``grades``: the client coach's grade of each, kept in
        the player's own history); with none, a pass: this coup goes on without them."""
        s = self._mine(key)
        if s.bets:
            s.ready = True
            s.grades = _grades_of(grades, s.bets)
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
                self.hub.send(s.player.key, {"type": "error", "code": "store", "fatal": False, "params": {},
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
            if s.grades:
                details["decisions"] = list(s.grades)
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
                sitting.bets, sitting.ready, sitting.passed, sitting.grades = {}, False, False, []
        high, low = max(coup.player_total, coup.banker_total), min(coup.player_total, coup.banker_total)
        if coup.outcome is Outcome.TIE:
            self.note = note(NoteCode.COUP_TIE, round=self.round_no, total=high)
        else:
            self.note = note(NoteCode.COUP, round=self.round_no, outcome=coup.outcome.label.lower(), high=high, low=low)
        self._event({"type": "round_settled", "round": self.round_no, "results": results})
        self.open_window()
        self._snapshot()

    # -- the local game: one person, the coup paid once it has been shown ------------------

    def deal_layout(self, key: str, new_shoe: Callable[[], Shoe], decisions: Sequence[dict[str, Any]] = ()) -> None:
        """Deal the bets on the layout of :attr:`table` (the last coup's again when none
        are placed) for ``key``; the stakes are committed, with the coup saved open,
        before a card is shown. :class:`TableError` ``bad-bet`` (the core's words) or
        ``store`` (nothing was dealt). :meth:`settle_coup` pays it once it is shown."""
        s = self._mine(key)
        table = self.table
        refusal = table.deal_next(s.player.store.bankroll, new_shoe)
        if refusal is not None:
            raise TableError.refused("bad-bet", refusal)
        record = table.record()
        saved = RoundRecord(record.game, record.start, record.actions, {**record.meta, "decisions": list(decisions)})
        try:
            s.player.bankroll = s.player.store.commit_round(GAME, table.staked, saved.to_json())
        except StoreError as error:
            table.undo_deal()
            raise TableError("store", str(error)) from None
        self.round_no += 1
        self._decisions = list(decisions)
        self.hub.send(s.player.key, {"type": "bankroll", "bankroll": s.player.bankroll,
                                     "why": "stake taken at the deal"})

    def resumed(self, decisions: Sequence[dict[str, Any]]) -> None:
        """A coup left open (its record replayed into :attr:`table`) waits to be paid."""
        self._decisions = list(decisions)

    def settle_coup(self, key: str) -> None:
        """Pay the coup dealt by :meth:`deal_layout`, in one transaction; then the coup
        joins the roads. :class:`TableError` ``unsettled``: it stays open, settle again."""
        s = self._mine(key)
        table = self.table
        if table.coup is None:
            return
        details = table.details()
        if self._decisions:
            details["decisions"] = list(self._decisions)
        try:
            s.player.bankroll = s.player.store.settle_round(GAME, table.returned(), details, stake=table.staked)
        except StoreError as error:
            raise TableError("unsettled", str(error)) from None
        table.finish()
        self._decisions = []
        self.hub.send(s.player.key, {"type": "bankroll", "bankroll": s.player.bankroll, "why": "coup settled"})

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
        self.note = note(NoteCode.CLOSES_NO_COUPS)
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
            "note": self.note, "you": you,
        }

    def lobby_entry(self) -> dict[str, Any]:
        return {
            "table": self.id, "game": GAME, "phase": "betting", "round": self.round_no,
            "free": self.free_seats(),
            "seats": [None if s is None else {"name": s.name, "kind": "human"} for s in self.seats],
        }


def _grades_of(grades: object, bets: Mapping[Outcome, int]) -> list[dict[str, Any]]:
    """The grades of baccarat bets a client sent that are grades of ``bets`` (at most
    one per spot); anything else is dropped, so it never reaches a history."""
    if not isinstance(grades, list):
        return []
    kept: dict[str, dict[str, Any]] = {}
    for data in grades:
        decision = Decision.from_json(data)
        spot = SPOTS.get(decision.chosen.lower()) if decision is not None else None
        if decision is not None and decision.game == GAME and spot is not None and bets.get(spot):
            kept[decision.chosen] = decision.to_json()
    return list(kept.values())


def settle_left_open(store: Store) -> int | None:
    """Pay the coup a stopped server left open in ``store`` (a coup needs no decision):
    the bankroll after it, or None when no coup was open. :class:`RecordError` when the
    saved coup cannot be dealt again (the caller voids it); ``StoreError`` as the store's."""
    open_round = store.open_round(GAME)
    if open_round is None:
        return None
    table = BaccaratTable.resume(RoundRecord.from_json(open_round.record))
    return store.settle_round(GAME, table.returned(), table.details())
