"""The shared blackjack table: seats, bets, turns and timers around the core's Table.

No networking here: a table talks through a :class:`Hub` (the server) that delivers a
message to a player by key. The core (:class:`cardtable.core.blackjack_table.Table`)
deals, validates every action and settles; this driver decides *when* (the round is
dealt once every connected seated player has bet, or when the betting window closes),
keeps each player's Store in step with the committed-round rules (RULES.md section 1),
and tells everyone at the table what happened, one message per event, followed by a
``table`` snapshot.

Money rules, as at the local table: a player's stake leaves their bankroll when the
round is dealt (``commit_round``), each decision is saved in the deciding player's
store *before* its card is dealt (``update_round``, with the extra stake of a double or
split), and the round settles in one transaction per player (``settle_round``). Every
open record holds the whole table's round: the copy with the most actions is the round
as far as any person took it (computer seats are deterministic and are replayed), so a
restarted server rebuilds it from its players' stores (:meth:`BlackjackTable.resume`).

What leaves the table never holds the dealer's face-down card before the reveal, nor
any card of the shoe: events come from the core (a face-down deal has no card) and the
snapshot from ``Round.state()`` (the face-down card is ``None``).
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..ai.blackjack import player_for
from ..ai.seats import COMPUTER_STACK
from ..core import config
from ..core.blackjack import Action, Round, Rules
from ..core.blackjack_table import SeatPlayer, Table
from ..core.money import format_chips
from ..core.record import RecordError, RoundRecord
from ..store import StoreError
from .blackjack_wire import dealer_message, event_message, hands_message, rules_message, trimmed_record
from .hub import Account, Hub, TableError, encode
from .shared import SharedTable

__all__ = ["SeatState", "BlackjackTable", "SEATS", "GAME"]

#: Seats at a shared blackjack table.
SEATS = 5
GAME = "blackjack"


@dataclass(eq=False)
class SeatState:
    """Who sits in a seat: a person (``player``) or a computer (``level``)."""

    name: str
    player: Account | None = None
    level: str | None = None
    connected: bool = True
    #: The bet for the next round (people only; 0 = none yet).
    bet: int = 0
    #: A computer seat's own chips.
    stack: int = COMPUTER_STACK
    computer: SeatPlayer | None = None
    sat_at: float = field(default_factory=time.monotonic)
    #: The person passed on the next round.
    passed: bool = False

    @property
    def kind(self) -> str:
        return "human" if self.player is not None else "computer"

    @property
    def key(self) -> str | None:
        return None if self.player is None else self.player.key

    @property
    def staked(self) -> bool:
        return self.bet > 0

    @property
    def decided(self) -> bool:
        """A bet is ready for the deal (a blackjack bet needs no "ready"), or a pass."""
        return self.bet > 0 or self.passed


class BlackjackTable(SharedTable):
    """One shared blackjack table (up to :data:`SEATS` seats)."""

    game = GAME

    def __init__(
        self,
        table_id: int,
        hub: Hub,
        *,
        rules: Rules | None = None,
        rng: random.Random | None = None,
        turn_timeout: float = 30.0,
        bet_window: float | None = None,
        on_idle: Callable[[BlackjackTable], None] | None = None,
    ) -> None:
        super().__init__(table_id, hub, SEATS, turn_timeout if bet_window is None else bet_window)
        self.rules = rules if rules is not None else Rules()
        self.core = Table(self.rules, rng)
        self.turn_timeout = turn_timeout
        self.on_idle = on_idle
        self.seats: list[SeatState | None] = [None] * SEATS
        self.host: SeatState | None = None
        self.phase = "betting"
        self.message = "Waiting for bets."
        #: Round index -> the seat state that played it (the last round's, until a deal).
        self._occupants: list[SeatState] = []
        self._seat_of: list[int] = []
        self._sent = 0
        self._turn_handle: asyncio.TimerHandle | None = None
        self._turn_deadline = 0.0
        self._by = "player"
        #: Players whose settlement their store refused: (returned, details, stake).
        self._unsettled: dict[str, tuple[Account, int, dict[str, Any], int]] = {}

    # -- who sits where ------------------------------------------------------------

    @property
    def min_bet(self) -> int:
        return self.rules.min_bet

    @property
    def round(self) -> Round | None:
        return self.core.round

    def in_round(self, key: str) -> bool:
        """True while ``key`` has a hand in the round under way."""
        return self.phase == "playing" and any(o.key == key for o in self._occupants)

    def sit(self, player: Account) -> int:
        """Seat ``player`` in the first free seat; returns it. ``TableError`` when full."""
        if self.stopping:
            raise TableError("closing", "the server is closing: no new seats")
        if self.seat_of(player.key) is not None:
            raise TableError("seated", "you are already seated here")
        for i, s in enumerate(self.seats):
            if s is None:
                state = SeatState(player.name, player=player)
                self.seats[i] = state
                if self.host is None:
                    self.host = state
                self.hub.send(player.key, {"type": "seated", "table": self.id, "seat": i,
                                           "host": state is self.host})
                self._event({"type": "player_sat", "seat": i, "name": player.name, "kind": "human"})
                self._snapshot()
                return i
        raise TableError("table-full", f"table {self.id} has no free seat")

    def reconnect(self, player: Account) -> int | None:
        """The seat ``player`` left behind when their connection dropped, now theirs again."""
        i = self.seat_of(player.key)
        if i is None:
            return None
        state = self.seats[i]
        assert state is not None
        state.player = player
        state.connected = True
        self.hub.send(player.key, {"type": "seated", "table": self.id, "seat": i, "host": state is self.host})
        self._event({"type": "connection", "seat": i, "name": state.name, "connected": True})
        self._snapshot()
        return i

    def disconnect(self, key: str) -> None:
        """The player's connection dropped: a hand in play keeps its seat (its turns time
        out and stand); otherwise the seat is freed."""
        i = self.seat_of(key)
        if i is None:
            return
        state = self.seats[i]
        assert state is not None
        if self.in_round(key):
            state.connected = False
            self._event({"type": "connection", "seat": i, "name": state.name, "connected": False})
            self._snapshot()
        else:
            self._free(i)
            self._maybe_deal()

    def leave(self, key: str) -> None:
        """The player stands up; refused while their hand is in play."""
        i = self.seat_of(key)
        if i is None:
            raise TableError("not-seated", "you are not seated at this table")
        if self.in_round(key):
            raise TableError("in-round", "your hand is in play: finish the round first")
        self._free(i)
        self._maybe_deal()

    def _free(self, i: int) -> None:
        state = self.seats[i]
        if state is None:
            return
        self.seats[i] = None
        self._event({"type": "player_left", "seat": i, "name": state.name})
        if state is self.host:
            people = sorted(self.people(), key=lambda s: s.sat_at)
            self.host = people[0] if people else None
        if not self.people() and self.phase == "betting":
            # The last person left: the computers go too (the next first player decides).
            for j, s in enumerate(self.seats):
                if s is not None:
                    self.seats[j] = None
                    self._event({"type": "player_left", "seat": j, "name": s.name})
        self._snapshot()

    def set_computer(self, key: str, seat: int, level: str | None) -> None:
        """The host puts a computer player of ``level`` in an empty ``seat`` (or takes one
        away with ``None``), between rounds."""
        if self.host is None or self.host.key != key:
            raise TableError("not-host", "only the first player to sit chooses the computer seats")
        if self.phase != "betting":
            raise TableError("in-round", "computer seats change between rounds")
        if not 0 <= seat < SEATS:
            raise TableError("bad-seat", f"seats are 0-{SEATS - 1}")
        current = self.seats[seat]
        if current is not None and current.player is not None:
            raise TableError("seat-taken", f"{current.name} sits in seat {seat}")
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
        refusal = self.core.refusal(amount, state.player.store.bankroll)
        if refusal is not None:
            raise TableError("bad-bet", refusal)
        if key in self._unsettled or state.player.store.open_round(GAME) is not None:
            raise TableError("round-open", "your last round is not settled yet; try again in a moment")
        state.bet, state.passed = amount, False
        self._event({"type": "bet_placed", "seat": i, "amount": amount})
        self.open_window()
        self._maybe_deal()

    def ready(self, key: str) -> None:
        """A bet placed is already ready; without one, the player passes this round."""
        i = self.seat_of(key)
        state = None if i is None else self.seats[i]
        if state is not None and state.bet > 0:
            return
        self.pass_round(key)

    def clear(self, key: str) -> None:
        """The bet is taken back: the player sits the next round out."""
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

    @property
    def betting(self) -> bool:
        return self.phase == "betting"

    def deal(self) -> None:
        """Deal a round to every seat with a bet (computer seats bet the minimum)."""
        self.close_window()
        self._retry_settlements()
        minimum = self.rules.min_bet
        occupants: list[SeatState] = []
        seat_of: list[int] = []
        bets: list[int] = []
        bankrolls: list[int] = []
        for i, s in enumerate(self.seats):
            if s is None:
                continue
            if s.player is not None:
                if s.bet <= 0:
                    continue
                store = s.player.store
                try:
                    bankroll = store.bankroll
                    open_round = store.open_round(GAME)
                except StoreError as error:
                    self._tell(s, "store", str(error))
                    s.bet = 0
                    continue
                if s.bet > bankroll or open_round is not None or s.key in self._unsettled:
                    self._tell(s, "bad-bet", "your bet could not be taken this round")
                    s.bet = 0
                    continue
                bets.append(s.bet)
                bankrolls.append(bankroll - s.bet)
            else:
                if s.stack < minimum:
                    s.stack = COMPUTER_STACK  # buys in again
                bets.append(minimum)
                bankrolls.append(s.stack - minimum)
            occupants.append(s)
            seat_of.append(i)
        if not any(s.player is not None for s in occupants):
            self._snapshot()
            return
        self.round_no += 1
        self.core.new_round(bets, bankrolls)
        self._occupants, self._seat_of, self._sent = occupants, seat_of, 0
        names = [s.name for s in occupants]
        committed: list[SeatState] = []
        for ri, s in enumerate(occupants):
            if s.player is None:
                continue
            try:
                s.player.bankroll = s.player.store.commit_round(GAME, bets[ri], self._record(ri).to_json())
                committed.append(s)
            except StoreError as error:
                # A genuine malfunction: nothing was shown yet; the stakes already taken
                # go back and the round is dealt again without this player.
                self.hub.log(f"error table {self.id}: {s.name}'s stake could not be saved: {error}")
                for c in committed:
                    assert c.player is not None
                    try:
                        c.player.bankroll = c.player.store.void_open_round(
                            GAME, "another player's stake could not be saved")
                    except StoreError as again:
                        self.hub.log(f"error table {self.id}: {c.name}: {again}")
                self.core.undo_deal()
                self.round_no -= 1
                s.bet = 0
                self._tell(s, "store", "your stake could not be saved; the round was dealt without you")
                self.deal()
                return
        self.phase = "playing"
        self.message = f"Round {self.round_no}: cards are dealt."
        for s in occupants:
            if s.player is not None:
                self.hub.send(s.player.key, {"type": "bankroll", "bankroll": s.player.bankroll,
                                             "why": "stake taken at the deal"})
        self._event({
            "type": "round_started", "round": self.round_no, "shuffled": self.core.just_shuffled,
            "seats": [{"seat": seat_of[ri], "name": names[ri], "bet": bets[ri]} for ri in range(len(bets))],
        })
        self._advance()

    def _record(self, ri: int) -> RoundRecord:
        meta: dict[str, object] = {
            "server_table": self.id,
            "server_round": self.round_no,
            "seat": ri,
            "table_seats": list(self._seat_of),
            "names": [s.name for s in self._occupants],
            "keys": [s.key for s in self._occupants],
            "levels": [s.level for s in self._occupants],
        }
        return self.core.record(meta)

    # -- playing -------------------------------------------------------------------

    def act(self, key: str, action: Action) -> None:
        """The player's action on their hand to act (validated by the core)."""
        r = self.round
        if self.phase != "playing" or r is None or r.turn is None:
            raise TableError("not-your-turn", "no hand is to act now")
        ri, hand = r.turn
        s = self._occupants[ri]
        if s.key != key:
            raise TableError("not-your-turn", f"it is {s.name}'s turn")
        if action not in r.legal_actions():
            raise TableError("illegal", f"{action.value} is not allowed on this hand now")
        self._apply(ri, hand, action, "player")

    def _apply(self, ri: int, hand: int, action: Action, by: str) -> None:
        """Save the person's decision, then let the core deal its card."""
        r = self.round
        assert r is not None
        s = self._occupants[ri]
        assert s.player is not None
        extra = r.hands(ri)[hand].stake if action in (Action.DOUBLE, Action.SPLIT) else 0
        record = self._record(ri).with_action((ri, hand, action.value))
        try:
            s.player.bankroll = s.player.store.update_round(GAME, record.to_json(), extra)
        except StoreError as error:
            raise TableError("store", f"your decision could not be saved ({error}); nothing changed") from None
        self._cancel_turn()
        self._by = by
        r.act(action)
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
            self.core.play_computers(players)
            self._flush_events()
        if r.turn is None:
            self._settle()
            return
        ri, hand = r.turn
        s = self._occupants[ri]
        if self.stopping == "now":
            return
        self._turn_deadline = time.monotonic() + self.turn_timeout
        self._turn_handle = asyncio.get_running_loop().call_later(
            self.turn_timeout, self._timed_out, self.round_no, (ri, hand)
        )
        self.message = ("Last round · " if self.stopping else "") + f"{s.name} to act" + (
            " (away)" if not s.connected else "")
        self._event({"type": "turn", "seat": self._seat_of[ri], "hand": hand,
                     "seconds": self.turn_timeout, "legal": sorted(a.value for a in r.legal_actions())})
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
        text = f"Time is up: {s.name}'s hand stands."
        self.message = text
        self._event({"type": "timeout", "seat": self._seat_of[ri], "hand": hand, "message": text})
        try:
            self._apply(ri, hand, Action.STAND, "timeout")
        except TableError as error:  # the store refused: try again after another wait
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
        results = self.core.finish_round()
        self._flush_events()
        trimmed = trimmed_record(self._record(0), self.core.shoe.remaining, results) if self.round else None
        summary = []
        for ri, s in enumerate(self._occupants):
            net = sum(h.returned - h.stake for h in results[ri])
            summary.append({"seat": self._seat_of[ri], "name": s.name, "net": net,
                            "hands": [h.to_dict() for h in results[ri]]})
            if s.player is None:
                s.stack = r.bankroll(ri) or 0
                continue
            returned = sum(h.returned for h in results[ri])
            if trimmed is not None:
                # The open record becomes the round's cards only, so that the store's own
                # trimming for the history (a replay per player) works on a few cards.
                mine = RoundRecord(GAME, trimmed.start, trimmed.actions, {**trimmed.meta, "seat": ri})
                try:
                    s.player.store.update_round(GAME, mine.to_json(), 0)
                except StoreError:
                    pass  # the store trims the whole record itself
            details = r.details(ri)
            details["table"] = {"server_table": self.id, "server_round": self.round_no,
                                "names": [o.name for o in self._occupants], "seat": ri}
            self._settle_player(s.player, returned, details, r.staked(ri))
        self.message = f"Round {self.round_no} settled."
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
            self._unsettled[player.key] = (player, returned, details, stake)
            return
        self._unsettled.pop(player.key, None)
        player.bankroll = bankroll
        self.hub.send(player.key, {"type": "bankroll", "bankroll": bankroll, "why": "round settled"})

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
            self.message = "The table closes after this round."
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
            you = json.dumps(self._you(key, common["turn"]), separators=(",", ":"))
            self.hub.send_line(key, head + b',"you":' + you.encode("ascii") + b"}\n")

    def _you(self, key: str, turn: dict[str, Any] | None) -> dict[str, Any] | None:
        """What only ``key`` is told: their seat, bankroll, and legal actions on their turn."""
        mine = self.seat_of(key)
        seat_state = None if mine is None else self.seats[mine]
        if seat_state is None or seat_state.player is None:
            return None
        r = self.round
        legal: list[str] = []
        if turn is not None and turn["seat"] == mine and r is not None:
            legal = sorted(a.value for a in r.legal_actions())
        return {"seat": mine, "bankroll": seat_state.player.bankroll, "legal": legal,
                "host": seat_state is self.host}

    def snapshot(self, key: str | None = None) -> dict[str, Any]:
        """The table as a client draws it (``you``: what only ``key`` is told)."""
        r = self.round
        state = r.state() if r is not None else None
        hands_of: dict[int, list[dict[str, Any]]] = {}
        if state is not None:
            for ri, occupant in enumerate(self._occupants):
                seat = self._seat_of[ri]
                if self.seats[seat] is occupant:
                    hands_of[seat] = hands_message(state, ri)
        seats = []
        for i, s in enumerate(self.seats):
            if s is None:
                seats.append({"seat": i, "kind": "empty"})
                continue
            seats.append({
                "seat": i, "kind": s.kind, "name": s.name, "level": s.level, "connected": s.connected,
                "bet": s.bet if s.player is not None else self.rules.min_bet,
                "stack": s.stack if s.player is None else None,
                "hands": hands_of.get(i, []),
            })
        dealer = dealer_message(state)
        turn = None
        if self.phase == "playing" and r is not None and r.turn is not None:
            turn_seat, turn_hand = r.turn
            turn = {"seat": self._seat_of[turn_seat], "hand": turn_hand,
                    "seconds": round(max(0.0, self._turn_deadline - time.monotonic()), 1)}
        you = None if key is None else self._you(key, turn)
        return {
            "type": "table", "table": self.id, "game": GAME,
            "phase": "closing" if self.stopping and self.phase != "playing" else self.phase,
            "round": self.round_no, "host": None if self.host is None else self.host.name,
            "rules": rules_message(self.rules, self.turn_timeout),
            "seats": seats, "dealer": dealer, "turn": turn,
            "shoe": {"left": self.core.shoe.remaining, "size": self.core.shoe.size,
                     "cut_reached": self.core.cut_card_reached,
                     "seen": " ".join(str(c) for c in self.core.seen_since_shuffle)},
            "window": self.window_left,
            "message": self.message, "you": you,
        }

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
        turn_timeout: float = 30.0,
        on_idle: Callable[[BlackjackTable], None] | None = None,
    ) -> BlackjackTable:
        """The table of a round a stopped server left open, replayed by the core to
        where it stood; its people are seated but away (their turns time out and stand,
        unless they come back first). ``players`` has one entry per round seat."""
        core = Table.resume(record, rng)
        meta = record.meta
        table_seats, names, levels = meta.get("table_seats"), meta.get("names"), meta.get("levels")
        n = core.round.seats if core.round is not None else 0
        if not (isinstance(table_seats, list) and isinstance(names, list) and isinstance(levels, list)
                and len(table_seats) == len(names) == len(levels) == len(players) == n
                and all(isinstance(t, int) and 0 <= t < SEATS for t in table_seats)
                and len(set(table_seats)) == n):
            raise RecordError("the saved round does not say who sat where")
        self = cls(table_id, hub, rules=core.rules, rng=rng, turn_timeout=turn_timeout, on_idle=on_idle)
        self.core = core
        occupants = []
        for ri in range(n):
            p, level = players[ri], levels[ri]
            if p is not None:
                state = SeatState(p.name, player=p, connected=False)
            elif isinstance(level, str) and level in config.LEVELS:
                state = SeatState(f"Computer ({level})", level=level, computer=player_for(level))
                state.stack = core.round.bankroll(ri) or 0  # type: ignore[union-attr]
            else:
                raise RecordError("the saved round's seats are not readable")
            self.seats[table_seats[ri]] = state
            occupants.append(state)
        self.host = next((s for s in occupants if s.player is not None), None)
        self._occupants, self._seat_of = occupants, list(table_seats)
        round_no = meta.get("server_round")
        self.round_no = round_no if isinstance(round_no, int) and round_no > 0 else 1
        self._sent = len(core.round.events) if core.round is not None else 0
        self.phase = "playing"
        self.message = "A round the server left open is being played out."
        return self

    def start_resumed(self) -> None:
        """Carry on a resumed round (needs the running loop: turns have timers)."""
        self._advance()

