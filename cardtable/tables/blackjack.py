"""The blackjack table service: seats, bets, turns and timers around the core's Table.

The same service deals the local game (in-process, one person, no clocks:
:mod:`.local`) and the shared tables of ``cardtable serve``. It talks through a
:class:`Hub` that delivers a message to a person by key. The core deals, validates
every action and settles; this service decides *when* (the betting window:
:mod:`.shared`), keeps each person's store in step with the committed-round rules
(docs/rules.md section 1) and tells everyone what happened, one message per event, then a
``table`` snapshot.

Money: a stake leaves its owner's bankroll when the round is dealt (``commit_round``),
each decision is saved in the deciding person's store *before* its card is dealt
(``update_round``, with the extra stake of a double or split), and the round settles
in one transaction per person (``settle_round``). Every open record holds the whole
table's round: the copy with the most actions is the round as far as any person took
it (computer seats are deterministic and replayed), so a restart rebuilds it. Nothing
that leaves the table holds the face-down card before the reveal, nor a shoe card.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from ..ai.blackjack import player_for
from ..ai.grading import Decision
from ..core import config
from ..core.blackjack import Action, Round, Rules
from ..core.blackjack_table import SeatPlayer, Table
from ..core.cards import Shoe, ShoeEmpty
from ..core.money import format_chips
from ..core.record import RoundRecord
from ..store import StoreError
from .blackjack_seats import SEATS, SeatState, saved_seats
from .blackjack_stakes import Stakes, take_stakes
from .blackjack_wire import event_message, table_snapshot, trimmed_record, you_message
from .codes import NoteCode, note
from .hub import Account, Hub, TableError, encode
from .shared import SharedTable

__all__ = ["SeatState", "BlackjackService", "SEATS", "GAME"]

GAME = "blackjack"


class BlackjackService(SharedTable):
    """One shared blackjack table (up to :data:`SEATS` seats)."""

    game = GAME
    HAS_HOST = True

    def __init__(
        self,
        table_id: int,
        hub: Hub,
        *,
        rules: Rules | None = None,
        rng: random.Random | None = None,
        turn_timeout: float | None = 30.0,
        bet_window: float | None = None,
        on_idle: Callable[[BlackjackService], None] | None = None,
        shoe: Shoe | None = None,
        keep_states: bool = False,
        local: bool = False,
    ) -> None:
        window = (turn_timeout or 0.0) if bet_window is None else bet_window
        super().__init__(table_id, hub, SEATS, window)
        self.rules = rules if rules is not None else Rules()
        self.core = Table(self.rules, rng, shoe=shoe, keep_states=keep_states)
        #: Seconds a person has for a decision (None: no limit, as at the local table).
        self.turn_timeout = turn_timeout
        #: The local game (one person, in-process): no server numbers in records or history.
        self.local = local
        self.on_idle = on_idle
        self.seats: list[SeatState | None] = [None] * SEATS
        self.phase = "betting"
        self.note = note(NoteCode.WAITING_BETS)
        #: Round index -> the seat state that played it (the last round's, until a deal).
        self._occupants: list[SeatState] = []
        self._seat_of: list[int] = []
        self._sent = 0
        self._turn_handle: asyncio.TimerHandle | None = None
        self._turn_deadline = 0.0
        self._by = "player"
        #: Players whose settlement their store refused: (returned, details, stake).
        self._unsettled: dict[str, tuple[Account, int, dict[str, Any], int]] = {}
        #: Round seat -> the coach's grades of that person's decisions this round.
        self._decisions: dict[int, list[dict[str, Any]]] = {}

    # -- who sits where ------------------------------------------------------------

    @property
    def min_bet(self) -> int:
        return self.rules.min_bet

    @property
    def round(self) -> Round | None:
        return self.core.round

    @property
    def occupants(self) -> tuple[SeatState, ...]:
        """Who plays the round under way (or the last one), in round-seat order."""
        return tuple(self._occupants)

    @property
    def table_seats(self) -> tuple[int, ...]:
        """The table seat of each round seat."""
        return tuple(self._seat_of)

    @property
    def turn_seconds_left(self) -> float:
        """Seconds left in the turn under way (one decimal)."""
        return round(max(0.0, self._turn_deadline - time.monotonic()), 1)

    def in_round(self, key: str) -> bool:
        """True while ``key`` has a hand in the round under way."""
        return self.phase == "playing" and any(o.key == key for o in self._occupants)

    def new_seat(self, player: Account) -> SeatState:
        return SeatState(player.name, player=player)

    def _freed(self) -> None:
        if not self.people() and self.phase == "betting":
            # The last person left: the computers go too (the next first player decides).
            for j, s in enumerate(self.seats):
                if s is not None:
                    self.seats[j] = None
                    self._event({"type": "player_left", "seat": j, "name": s.name})

    def set_computer(self, key: str, seat: int, level: str | None) -> None:
        """The host puts a computer player of ``level`` in an empty ``seat`` (or takes one
        away with ``None``), between rounds."""
        if self.host is None or self.host.key != key:
            raise TableError("not-host", "only the first player to sit chooses the computer seats")
        if self.phase != "betting":
            raise TableError("in-round", "computer seats change between rounds")
        if not 0 <= seat < SEATS:
            raise TableError("bad-seat", f"seats are 0-{SEATS - 1}", {"last": SEATS - 1})
        current = self.seats[seat]
        if current is not None and current.player is not None:
            raise TableError("seat-taken", f"{current.name} sits in seat {seat}", {"name": current.name, "seat": seat})
        if level is None:
            if current is not None:
                self.seats[seat] = None
                self._event({"type": "player_left", "seat": seat, "name": current.name})
        else:
            if level not in config.LEVELS:
                raise TableError("bad-level", "levels are easy, normal and hard")
            state = SeatState(f"Computer ({level})", level=level, computer=player_for(level))
            if current is not None:
                self._event({"type": "player_left", "seat": seat, "name": current.name})
            self.seats[seat] = state
            self._event({"type": "player_sat", "seat": seat, "name": state.name, "kind": "computer"})
        self._snapshot()

    # -- betting and dealing -------------------------------------------------------

    def bet(self, key: str, amount: int) -> None:
        """Place (or change) the player's bet for the next round."""
        i = self.seat_of(key)
        if i is None:
            raise TableError("not-seated", "sit at a table before betting")
        state = self.seats[i]
        assert state is not None and state.player is not None
        if self.phase != "betting":
            raise TableError("in-round", "bets are taken between rounds")
        if self.stopping:
            raise TableError("closing", "the server is closing: no new rounds")
        self._retry_settlements()
        refusal = self.core.refusal(amount, state.player.store.bankroll)
        if refusal is not None:
            raise TableError.refused("bad-bet", refusal)
        if key in self._unsettled or state.player.store.open_round(GAME) is not None:
            raise TableError("round-open", "your last round is not settled yet; try again in a moment")
        state.bet, state.passed = amount, False
        self._event({"type": "bet_placed", "seat": i, "amount": amount})
        self.open_window()
        self._maybe_deal()

    def ready(self, key: str, grades: object = None) -> None:
        """A bet placed is already ready; without one, the player passes this round."""
        i = self.seat_of(key)
        state = None if i is None else self.seats[i]
        if state is not None and state.bet > 0:
            return
        self.pass_round(key)

    def pass_round(self, key: str) -> None:
        """The player sits the next round out (their bet, if any, is taken back)."""
        i = self.seat_of(key)
        if i is None:
            raise TableError("not-seated", "sit at a table first")
        state = self.seats[i]
        assert state is not None
        if self.phase != "betting":
            raise TableError("in-round", "you can pass between rounds only")
        state.bet, state.passed = 0, True
        self._maybe_deal()

    #: The bet taken back: the player sits the next round out.
    clear = pass_round

    @property
    def betting(self) -> bool:
        return self.phase == "betting"

    def deal(self) -> None:
        """Deal a round to every seat with a bet (computer seats bet the minimum)."""
        self.close_window()
        self._retry_settlements()
        stakes = take_stakes(self.seats, self.rules.min_bet, GAME, self._unsettled, self._tell)
        if not stakes.has_person:
            self._snapshot()
            return
        self._start_round(stakes)
        if not self._commit_stakes(stakes.bets):
            self.deal()  # again, without the person whose stake could not be saved
            return
        self.phase = "playing"
        self.note = note(NoteCode.DEALT, round=self.round_no)
        for s in stakes.occupants:
            if s.player is not None:
                self.hub.send(s.player.key, {"type": "bankroll", "bankroll": s.player.bankroll,
                                             "why": "stake taken at the deal"})
        self._event({
            "type": "round_started", "round": self.round_no, "shuffled": self.core.just_shuffled,
            "seats": [{"seat": seat, "name": s.name, "bet": bet}
                      for s, seat, bet in zip(stakes.occupants, stakes.table_seats, stakes.bets, strict=True)],
        })
        self._advance()

    def _start_round(self, stakes: Stakes) -> None:
        """The core deals the next round to ``stakes``' seats; a stacked shoe shorter than
        one round is shuffled instead, the bets cleared (:class:`TableError`)."""
        self.round_no += 1
        try:
            self.core.new_round(stakes.bets, stakes.bankrolls)
        except ShoeEmpty:
            self.core.void_round()
            self.core.reshuffle()
            self.round_no -= 1
            for sitting in stakes.occupants:
                sitting.bet = 0
            raise TableError("short-shoe", "The shoe is too short to deal a round: it has been shuffled.") from None
        self._occupants, self._seat_of, self._sent = list(stakes.occupants), list(stakes.table_seats), 0
        self._decisions = {}

    def _commit_stakes(self, bets: Sequence[int]) -> bool:
        """Each person's stake leaves their store with the round's record. False when a
        store refuses: the deal is undone (see :meth:`_undo_deal`)."""
        committed: list[SeatState] = []
        for ri, s in enumerate(self._occupants):
            if s.player is None:
                continue
            try:
                s.player.bankroll = s.player.store.commit_round(GAME, bets[ri], self._record(ri).to_json())
            except StoreError as error:
                self._undo_deal(s, committed, error)
                return False
            committed.append(s)
        return True

    def _undo_deal(self, refused: SeatState, committed: list[SeatState], error: StoreError) -> None:
        """A genuine malfunction: nothing was shown yet; the stakes already taken go back
        and ``refused``'s bet is cleared, to deal again without them."""
        self.hub.log(f"error table {self.id}: {refused.name}'s stake could not be saved: {error}")
        for c in committed:
            assert c.player is not None
            try:
                c.player.bankroll = c.player.store.void_open_round(GAME, "another player's stake could not be saved")
            except StoreError as again:
                self.hub.log(f"error table {self.id}: {c.name}: {again}")
        self.core.undo_deal()
        self.round_no -= 1
        refused.bet = 0
        self._tell(refused, "store", f"your stake could not be saved ({error})")

    def _record(self, ri: int, decision: dict[str, Any] | None = None) -> RoundRecord:
        """The round as seat ``ri``'s store keeps it (with its grades, and ``decision``)."""
        graded = self._decisions.get(ri, [])
        meta: dict[str, object] = {} if self.local else {"server_table": self.id, "server_round": self.round_no}
        meta |= {
            "decisions": graded if decision is None else [*graded, decision],
            "seat": ri,
            "table_seats": list(self._seat_of),
            "names": [s.name for s in self._occupants],
            "keys": [s.key for s in self._occupants],
            "levels": [s.level for s in self._occupants],
        }
        return self.core.record(meta)

    # -- playing -------------------------------------------------------------------

    def act(self, key: str, action: Action, decision: dict[str, Any] | None = None) -> None:
        """The player's action on their hand to act (validated by the core); ``decision``
        is the coach's grade of it, kept with the round and in its history."""
        r = self.round
        if self.phase != "playing" or r is None or r.turn is None:
            raise TableError("not-your-turn", "no hand is to act now")
        ri, hand = r.turn
        s = self._occupants[ri]
        if s.key != key:
            raise TableError("not-your-turn", f"it is {s.name}'s turn", {"name": s.name})
        if action not in r.legal_actions():
            raise TableError("illegal", f"{action.value} is not allowed on this hand now", {"action": action.value})
        if decision is not None and (Decision.from_json(decision) is None or decision.get("game") != GAME):
            decision = None  # a grade that is not one never reaches a history
        self._apply(ri, hand, action, "player", decision)

    def _apply(self, ri: int, hand: int, action: Action, by: str, decision: dict[str, Any] | None = None) -> None:
        """Save the person's decision, then let the core deal its card."""
        r = self.round
        assert r is not None
        s = self._occupants[ri]
        assert s.player is not None
        extra = r.hands(ri)[hand].stake if action in (Action.DOUBLE, Action.SPLIT) else 0
        record = self._record(ri, decision).with_action((ri, hand, action.value))
        try:
            s.player.bankroll = s.player.store.update_round(GAME, record.to_json(), extra)
        except StoreError as error:
            raise TableError("store", f"your decision could not be saved ({error}); nothing changed") from None
        if decision is not None:
            self._decisions.setdefault(ri, []).append(decision)
        self._cancel_turn()
        self._by = by
        try:
            r.act(action)
        except ShoeEmpty:
            self._void_round()
        if extra:
            self.hub.send(s.player.key, {"type": "bankroll", "bankroll": s.player.bankroll,
                                         "why": f"{action.value}: {format_chips(extra)} more on the table"})
        self._advance()

    def _advance(self) -> None:
        """Computer seats act; then either a person's turn starts or the round settles."""
        r = self.round
        assert r is not None
        players: list[SeatPlayer | None] = [s.computer for s in self._occupants]
        self._flush_events()  # the person's action, under its own "by"
        if r.turn is not None and players[r.turn[0]] is not None:
            self._by = "computer"
            # Not saved: computer seats are deterministic, so a resumed round (the
            # record with the most actions among its players' copies) replays them.
            try:
                self.core.play_computers(players)
            except ShoeEmpty:
                self._void_round()
            self._flush_events()
        if r.turn is None:
            self._settle()
            return
        ri, hand = r.turn
        s = self._occupants[ri]
        if self.stopping == "now":
            return
        if self.turn_timeout is not None:
            self._turn_deadline = time.monotonic() + self.turn_timeout
            self._turn_handle = asyncio.get_running_loop().call_later(
                self.turn_timeout, self._timed_out, self.round_no, (ri, hand)
            )
        codes = ((NoteCode.TO_ACT, NoteCode.TO_ACT_AWAY), (NoteCode.LAST_TO_ACT, NoteCode.LAST_TO_ACT_AWAY))
        self.note = note(codes[bool(self.stopping)][not s.connected], **_who(s))
        self._event({"type": "turn", "seat": self._seat_of[ri], "hand": hand,
                     "seconds": self.turn_timeout or 0, "legal": sorted(a.value for a in r.legal_actions())})
        self._snapshot()

    def _cancel_turn(self) -> None:
        if self._turn_handle is not None:
            self._turn_handle.cancel()
            self._turn_handle = None

    def _timed_out(self, round_no: int, turn: tuple[int, int]) -> None:
        self._turn_handle = None
        r = self.round
        if r is None or self.round_no != round_no or r.turn != turn or self.phase != "playing":
            return
        ri, hand = turn
        s = self._occupants[ri]
        self.note = note(NoteCode.TIMEOUT, **_who(s))
        self._event({"type": "timeout", "seat": self._seat_of[ri], "hand": hand, **self.note})
        try:
            self._apply(ri, hand, Action.STAND, "timeout")
        except TableError as error:  # the store refused: try again after another wait
            if error.code == "void" or self.turn_timeout is None:
                return
            self.hub.log(f"error table {self.id}: timeout stand for {s.name} not saved: {error}")
            self._turn_handle = asyncio.get_running_loop().call_later(
                self.turn_timeout, self._timed_out, round_no, turn
            )

    def _flush_events(self) -> None:
        r = self.round
        assert r is not None
        events = r.events
        for event in events[self._sent:]:
            message = event_message(event, self._seat_of, [o.player is None for o in self._occupants], self._by)
            if message is not None:
                self._event(message)
        self._sent = len(events)

    # -- settling ------------------------------------------------------------------

    def _settle(self) -> None:
        r = self.round
        assert r is not None
        self._cancel_turn()
        try:
            results = self.core.finish_round()
        except ShoeEmpty:
            self._void_round()
        self._flush_events()
        # A shared round's cards only (the local store trims its own while it settles).
        trimmed = None if self.local else trimmed_record(self._record(0), self.core.shoe.remaining, results)
        summary = []
        for ri, s in enumerate(self._occupants):
            net = sum(h.returned - h.stake for h in results[ri])
            summary.append({"seat": self._seat_of[ri], "name": s.name, "net": net,
                            "hands": [h.to_dict() for h in results[ri]]})
            if s.player is None:
                s.stack = r.bankroll(ri) or 0
                continue
            returned = sum(h.returned for h in results[ri])
            # The open record gets every action (the computers' last ones too), and at a
            # shared table only the round's cards, so that the store's own trimming for the
            # history (a replay per player) works on a few cards.
            kept = trimmed if trimmed is not None else self._record(ri)
            mine = RoundRecord(GAME, kept.start, kept.actions, {**kept.meta, "seat": ri})
            try:
                s.player.store.update_round(GAME, mine.to_json(), 0)
            except StoreError:
                pass  # the settlement below says what the file refuses
            details = r.details(ri)
            if self._decisions.get(ri):
                details["decisions"] = list(self._decisions[ri])
            if not self.local:
                details["table"] = {"server_table": self.id, "server_round": self.round_no,
                                    "names": [o.name for o in self._occupants], "seat": ri}
            self._settle_player(s.player, returned, details, r.staked(ri))
        self.note = note(NoteCode.SETTLED, round=self.round_no)
        self._event({"type": "round_settled", "round": self.round_no, "results": summary})
        self.phase = "betting"
        for i, sitting in enumerate(self.seats):
            if sitting is None:
                continue
            sitting.bet, sitting.passed = 0, False
            if sitting.player is not None and not sitting.connected:
                self._free(i)
        self.open_window()
        self._snapshot()
        if self.on_idle is not None:
            self.on_idle(self)

    def _settle_player(self, player: Account, returned: int, details: dict[str, Any], stake: int) -> None:
        try:
            bankroll = player.store.settle_round(GAME, returned, details, stake=stake)
        except StoreError as error:
            self.hub.log(f"error table {self.id}: {player.name}'s round not settled yet: {error}")
            if player.key not in self._unsettled:
                self.hub.send(player.key, {"type": "error", "code": "unsettled", "fatal": False, "params": {},
                                           "message": f"your result could not be saved yet ({error}); "
                                                      "it is saved before your next round"})
            self._unsettled[player.key] = (player, returned, details, stake)
            return
        self._unsettled.pop(player.key, None)
        player.bankroll = bankroll
        self.hub.send(player.key, {"type": "bankroll", "bankroll": bankroll, "why": "round settled"})

    def _void_round(self) -> None:
        """The shoe ran out within a round (only a tiny stacked shoe can): a malfunction,
        so the round is void, every stake returned, and the shoe shuffled; the caller is
        told with :class:`TableError` ``void``."""
        reason = "the shoe ran out"
        for s in self._occupants:
            if s.player is None:
                continue
            try:
                s.player.bankroll = s.player.store.void_open_round(GAME, reason)
            except StoreError as error:
                self.hub.log(f"error table {self.id}: {s.name}: {error}")
            self.hub.send(s.player.key, {"type": "bankroll", "bankroll": s.player.bankroll, "why": "round void"})
        self.core.void_round()
        self.core.reshuffle()
        self.phase = "betting"
        for sitting in self.seats:
            if sitting is not None:
                sitting.bet, sitting.passed = 0, False
        self.note = note(NoteCode.ROUND_VOID)
        self._snapshot()
        raise TableError("void", "the shoe ran out: the round is void and every stake returned")

    def _retry_settlements(self) -> None:
        for player, returned, details, stake in list(self._unsettled.values()):
            self._settle_player(player, returned, details, stake)

    # -- stopping ------------------------------------------------------------------

    @property
    def idle(self) -> bool:
        return self.phase != "playing"

    def stop(self, now: bool = False) -> None:
        """Deal no more rounds; the round under way is played out. ``now``: the table
        stops where it stands (every decision taken is saved: the round resumes at the
        next start)."""
        self.stopping = "now" if now else True
        self.close_window()
        if now:
            self._cancel_turn()
            return
        if self.phase == "playing":
            self.note = note(NoteCode.CLOSES_AFTER_ROUND)
        self._snapshot()
        self._retry_settlements()

    # -- what the table says -------------------------------------------------------

    def _snapshot(self) -> None:
        audience = self._audience()
        if not audience:
            return
        common = self.snapshot(None)
        del common["you"]
        head = encode(common)[:-2]  # without the closing brace and the newline
        for key in audience:
            you = json.dumps(you_message(self, key, common["turn"]), separators=(",", ":"))
            self.hub.send_line(key, head + b',"you":' + you.encode("ascii") + b"}\n")

    def snapshot(self, key: str | None = None) -> dict[str, Any]:
        """The table as a client draws it (``you``: what only ``key`` is told)."""
        return table_snapshot(self, key)

    def lobby_entry(self) -> dict[str, Any]:
        return {
            "table": self.id, "game": GAME, "phase": self.phase, "round": self.round_no,
            "free": self.free_seats(),
            "seats": [None if s is None else {"name": s.name, "kind": s.kind} for s in self.seats],
        }

    # -- a round a stopped server left open ----------------------------------------

    @classmethod
    def resume(
        cls,
        table_id: int,
        hub: Hub,
        record: RoundRecord,
        players: Sequence[Account | None],
        *,
        rng: random.Random | None = None,
        turn_timeout: float | None = 30.0,
        on_idle: Callable[[BlackjackService], None] | None = None,
        keep_states: bool = False,
        local: bool = False,
    ) -> BlackjackService:
        """The table of a round a stopped server (or a closed app) left open, replayed by
        the core to where it stood; its people are seated but away (their turns time out
        and stand, unless they come back first). ``players``: one entry per round seat."""
        core = Table.resume(record, rng, keep_states=keep_states)
        assert core.round is not None
        saved = saved_seats(record.meta, players, core.round)
        self = cls(table_id, hub, rules=core.rules, rng=rng, turn_timeout=turn_timeout, on_idle=on_idle,
                   shoe=core.shoe, local=local)
        self.core = core
        for state, seat in zip(saved.occupants, saved.table_seats, strict=True):
            self.seats[seat] = state
        self.host = next((s for s in saved.occupants if s.player is not None), None)
        self._occupants, self._seat_of = list(saved.occupants), list(saved.table_seats)
        self.round_no = saved.round_no
        self._sent = len(core.round.events)
        self._decisions = {seat: list(graded) for seat, graded in saved.decisions.items()}
        self.phase = "playing"
        self.note = note(NoteCode.REPLAYING)
        return self

    def start_resumed(self) -> None:
        """Carry on a resumed round (needs the running loop: turns have timers)."""
        self._advance()



def _who(s: SeatState) -> dict[str, int | str]:
    """A seat in a note: its name, and a computer's level (the client words its name)."""
    return {"name": s.name} if s.level is None else {"name": s.name, "level": s.level}
