"""What a greeted player may send (``docs/protocol.md``): one handler per message kind.

:class:`Messages` is a part of :class:`~cardtable.net.server.Server`, which inherits it: it
declares what it uses of the server (its tables, the lobby, the log, the error line), so
this module imports nothing of the server's and the server file keeps to its connections,
tables and life cycle.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import Any

from ..core.blackjack import Action
from ..store import StoreError
from ..tables.baccarat import BaccaratService
from ..tables.blackjack import GAME, BlackjackService
from ..tables.hub import TableError
from .connection import Connection
from .history import history_message
from .players import Player
from .protocol import encode

__all__ = ["Messages", "AnyTable"]

#: A table the server runs.
AnyTable = BlackjackService | BaccaratService


class Messages(ABC):
    """The server's handling of each message a connection sends."""

    _stopping: bool
    """The server is closing: no one sits down any more."""

    @abstractmethod
    def table_of(self, key: str) -> AnyTable | None:
        """The table the player with ``key`` sits at."""

    @abstractmethod
    def _table_for(self, wanted: int | None, game: str = GAME) -> AnyTable:
        """The table ``wanted`` (or one with a free seat) for ``game``; TableError if none."""

    @abstractmethod
    def lobby(self) -> list[dict[str, Any]]:
        """The tables and who sits there."""

    @abstractmethod
    def log(self, text: str) -> None:
        """One line in the server's log."""

    @abstractmethod
    def _error(self, conn: Connection, code: str, text: str, params: Mapping[str, int | str] | None = None,
               *, fatal: bool = False) -> None:
        """Tell the connection what went wrong (logged when fatal)."""

    @abstractmethod
    def _hello(self, conn: Connection, message: dict[str, Any]) -> None:
        """A connection's first message: who it is."""

    def _dispatch(self, conn: Connection, message: dict[str, Any]) -> None:
        kind = message["type"]
        player = conn.player
        if player is None:
            if kind == "hello":
                self._hello(conn, message)
            else:
                self._error(conn, "hello-first", "say hello first")
            return
        try:
            if kind in _ROOM_MESSAGES:
                _ROOM_MESSAGES[kind](self, conn, player, message)
                return
            table = self.table_of(player.key)
            if table is None:
                raise TableError("not-seated", "sit at a table first")
            if kind in _TABLE_MESSAGES:
                _TABLE_MESSAGES[kind](self, conn, player, table, message)
        except TableError as error:
            self._error(conn, error.code, str(error), error.params)

    def _on_hello_again(self, conn: Connection, player: Player, message: dict[str, Any]) -> None:
        raise TableError("already-greeted", "you have already said hello")

    def _on_ping(self, conn: Connection, player: Player, message: dict[str, Any]) -> None:
        pong = {"type": "pong", "id": message["id"]} if "id" in message else {"type": "pong"}
        conn.write(encode(pong))

    def _on_lobby(self, conn: Connection, player: Player, message: dict[str, Any]) -> None:
        conn.write(encode({"type": "lobby", "tables": self.lobby()}))

    def _on_history(self, conn: Connection, player: Player, message: dict[str, Any]) -> None:
        """The player's own rounds, seated or not."""
        conn.write(encode(history_message(player.store, message.get("game"), message.get("limit", 20))))

    def _on_sit(self, conn: Connection, player: Player, message: dict[str, Any]) -> None:
        table = self.table_of(player.key)
        if table is not None:
            raise TableError("seated", f"you are seated at table {table.id}")
        if self._stopping:
            raise TableError("closing", "the server is closing")
        table = self._table_for(message.get("table"), message.get("game", GAME))
        table.sit(player)
        self.log(f"sit {player.name} at table {table.id}")

    def _on_leave(self, conn: Connection, player: Player, table: AnyTable, message: dict[str, Any]) -> None:
        table.leave(player.key)
        conn.write(encode({"type": "left", "table": table.id}))
        self.log(f"leave {player.name} from table {table.id}")

    def _on_bet(self, conn: Connection, player: Player, table: AnyTable, message: dict[str, Any]) -> None:
        if isinstance(table, BaccaratService):
            table.bet(player.key, message["amount"], message.get("spot"))
        elif "spot" in message:
            raise TableError("bad-bet", "a blackjack bet has no spot")
        else:
            table.bet(player.key, message["amount"])

    def _on_clear(self, conn: Connection, player: Player, table: AnyTable, message: dict[str, Any]) -> None:
        table.clear(player.key)

    def _on_deal(self, conn: Connection, player: Player, table: AnyTable, message: dict[str, Any]) -> None:
        table.ready(player.key, message.get("grades"))

    def _on_act(self, conn: Connection, player: Player, table: AnyTable, message: dict[str, Any]) -> None:
        table.act(player.key, Action(message["action"]), message.get("grade"))

    def _on_computer(self, conn: Connection, player: Player, table: AnyTable, message: dict[str, Any]) -> None:
        table.set_computer(player.key, message["seat"], message["level"])

    def _on_refill(self, conn: Connection, player: Player, table: AnyTable, message: dict[str, Any]) -> None:
        if table.in_round(player.key):
            raise TableError("in-round", "a refill waits until the round is settled")
        try:
            bankroll = player.bankroll = player.store.refill(table.game, table.min_bet)
        except StoreError as error:
            raise TableError("refill", str(error)) from None
        conn.write(encode({"type": "bankroll", "bankroll": bankroll, "why": "refill"}))


#: A greeted player's messages that need no seat, and their handlers.
_ROOM_MESSAGES: dict[str, Callable[[Messages, Connection, Player, dict[str, Any]], None]] = {
    "hello": Messages._on_hello_again, "ping": Messages._on_ping, "lobby": Messages._on_lobby,
    "history": Messages._on_history, "sit": Messages._on_sit,
}
#: The messages of a player seated at a table, and their handlers.
_TABLE_MESSAGES: dict[str, Callable[[Messages, Connection, Player, AnyTable, dict[str, Any]], None]] = {
    "leave": Messages._on_leave, "bet": Messages._on_bet, "clear": Messages._on_clear, "deal": Messages._on_deal,
    "act": Messages._on_act, "computer": Messages._on_computer, "refill": Messages._on_refill,
}
