"""``cardtable join``: the app's side of a shared table.

The app asks for a name when none was given, connects (:class:`SharedSession`), and
routes each server message: a ``table``/``baccarat`` snapshot to the shared screen of
that table (opened on the first snapshot that seats this player), the bankroll to the
app's reactive ``bankroll``, the lobby to ``shared_lobby``, table events and errors to
the screen. A dropped connection is retried for a while, the seat being kept by the
server for the round under way; a refusal or the server's ``bye`` ends the app with
one line saying why.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any, TypeAlias

from ..i18n import _
from ..i18n.formatting import chips
from ..i18n.refusals import word_refusal
from ..net.clean import said
from ..net.tokens import TokenBook
from ..store import START_BANKROLL
from .remote import JoinRefused, SharedSession

if TYPE_CHECKING:
    from .room import CardRoom
    from .screens.baccarat_seat import SharedSeat
    from .screens.blackjack import BlackjackScreen

    #: What the server's messages for a table go to: the client of the baccarat screen,
    #: or the blackjack screen at a server's table (one screen each for the local and
    #: the shared table).
    SharedTarget: TypeAlias = SharedSeat | BlackjackScreen

__all__ = ["start_join", "sit", "deliver", "go_local", "RECONNECT_FOR"]

#: Seconds a dropped connection is retried before the app gives up (the server keeps
#: the seat for the round under way; the turn timeout stands the hand meanwhile).
RECONNECT_FOR = 30.0
#: Seconds between two attempts.
RECONNECT_EVERY = 1.0


def start_join(app: CardRoom) -> None:
    """Ask for a name (and, with ``--ask-key``, the key) when needed, then connect."""
    remote = app.remote
    assert remote is not None
    app.sub_title = _("joining {address}").format(address=remote.address)
    if remote.name is not None and not remote.ask_key:
        _connect(app, remote.name, None)
        return
    _ask_name(app, remote.name)


def _ask_name(app: CardRoom, name: str | None, problem: str = "") -> None:
    from .screens.join_name import JoinNameScreen

    remote = app.remote
    assert remote is not None

    def named(answer: tuple[str, str] | None) -> None:
        if not answer:
            app.exit(message=_("Not joined."))
            return
        _connect(app, answer[0], answer[1] or None)

    app.push_screen(JoinNameScreen(remote.address, ask_key=remote.ask_key, name=name, problem=problem), named)


def _connect(app: CardRoom, name: str, key: str | None) -> None:
    # After the first frame: an answer as quick as "refused" must not end the app while
    # its first screen is still being mounted.
    app.call_after_refresh(
        lambda: app.run_worker(_session(app, name, key), group="join", exclusive=True, exit_on_error=False)
    )


async def _session(app: CardRoom, name: str, key: str | None) -> None:
    remote = app.remote
    assert remote is not None
    tokens = TokenBook(None if remote.ask_key else app.store.path.parent)
    if key is not None:
        tokens.put(remote.host, remote.port, name, key)
    session = SharedSession(remote, tokens, app.shared_message)
    try:
        welcome = await session.connect(name)
    except JoinRefused as error:
        if remote.ask_key and error.code in ("token-required", "bad-token", "bad-field"):
            problem = (
                _("That is not the key of {name} (it was shown at the name's first join).").format(name=name)
                if key
                else _("{name} is taken on this server: type its key, or choose another name.").format(name=name)
            )
            _ask_name(app, name, problem)
            return
        app.exit(return_code=2, message=f"cardtable: {error}")
        return
    _welcomed(app, session, welcome)
    await session.run()


def _welcomed(app: CardRoom, session: SharedSession, welcome: dict[str, Any]) -> None:
    remote = app.remote
    assert remote is not None
    app.session = session
    bankroll = welcome.get("bankroll")
    if isinstance(bankroll, int):
        app.bankroll = bankroll
    _set_lobby(app, welcome.get("tables"))
    app.sub_title = _("{name} at {address}").format(name=session.name, address=remote.address)
    if welcome.get("token_problem"):
        app.notify(
            _("{problem}. Without it this name cannot join again.").format(problem=welcome["token_problem"]),
            severity="error",
            timeout=20,
        )
    elif welcome.get("token") and session.tokens.path is None:
        from .screens.join_name import KeyScreen

        app.push_screen(KeyScreen(str(session.name), str(welcome["token"])))
    elif welcome.get("token"):
        app.notify(
            _("Welcome, {name}: {chips} chips to start. Your key to this name on this server is kept in {path}.")
            .format(name=session.name, chips=chips(START_BANKROLL), path=session.tokens.path),
            timeout=10,
        )


def sit(app: CardRoom, game: str) -> bool:
    """Ask the server for a seat at ``game``'s shared table (the seat arrives as a
    snapshot, which opens the screen)."""
    if game not in ("blackjack", "baccarat"):
        app.notify(
            _("Draw poker is a game for one: it is played at home (plain 'cardtable'). "
              "The shared tables are blackjack and baccarat."),
            severity="warning",
        )
        return False
    if app.session is None:
        app.notify(_("Not connected to the server yet."), severity="warning")
        return False
    app.session.send({"type": "sit", "game": game})
    return True


def _shared_screen(app: CardRoom) -> SharedTarget | None:
    """Where the messages of the server's table this app sits at go (None: not seated)."""
    from .screens.baccarat import BaccaratScreen
    from .screens.baccarat_seat import SharedSeat
    from .screens.blackjack import BlackjackScreen

    for screen in reversed(app.screen_stack):
        if isinstance(screen, BlackjackScreen) and screen.table_id is not None:
            return screen
        if isinstance(screen, BaccaratScreen) and isinstance(screen.client, SharedSeat):
            return screen.client
    return None


def _open_table(app: CardRoom, message: dict[str, Any]) -> None:
    from textual.screen import Screen

    screen: Screen[None]
    try:
        if message.get("type") == "baccarat":  # the local table's screen, fed by the server
            from .screens.baccarat import BaccaratScreen
            from .screens.baccarat_remote import RemoteBaccarat

            screen = BaccaratScreen(RemoteBaccarat(message))
        else:
            from .screens.blackjack import BlackjackScreen

            screen = BlackjackScreen(message)
    except ValueError as error:
        app.notify(_("The table could not be shown: {why}").format(why=error), severity="error")
        return
    app.push_screen(screen)


def deliver(app: CardRoom, message: dict[str, Any]) -> None:
    """Route one server message (see the module's docstring)."""
    if not _to_app(app, message):
        _to_table(app, _shared_screen(app), message)


def _to_app(app: CardRoom, message: dict[str, Any]) -> bool:
    """A message for the app whatever table is in view (the lobby, the bankroll, the
    history, the connection's end); False when it is not one."""
    kind = message.get("type")
    if kind == "lobby":
        _set_lobby(app, message.get("tables"))
    elif kind == "history":  # asked for with y at a shared table: the player's own rounds
        from .screens.server_history import ServerHistoryScreen

        app.push_screen(ServerHistoryScreen(message))
    elif kind == "bankroll":
        if isinstance(message.get("bankroll"), int):
            app.bankroll = message["bankroll"]
    elif kind == "bye":  # the dialog says the server closed; another reason is added to it
        _server_closed(app, "" if message.get("code") == "server-closing" else _words(message))
    elif kind == "connection-lost":
        _reconnect(app)
    elif kind == "client-error":
        app.notify(
            _("This client could not show a message of the server ({what}); "
              "the table is shown again from the next one.").format(what=message.get("message")),
            severity="error",
            timeout=10,
        )
    else:
        return False
    return True


def _to_table(app: CardRoom, screen: SharedTarget | None, message: dict[str, Any]) -> None:
    """A message about the table this app sits at (``screen``: its screen, if open);
    without a screen, errors and notices are shown by the app."""
    kind = message.get("type")
    if kind in ("table", "baccarat"):
        if screen is not None and screen.table_id == message.get("table"):
            screen.update_snapshot(message)
        elif message.get("you") is not None:
            _open_table(app, message)
    elif kind == "left":
        if screen is not None and app.screen is screen.screen:
            screen.close_table()
    elif kind == "error":
        _show_error(app, screen, message)
    elif kind == "closing":
        text = _words(message)
        if screen is not None:
            screen.closing = True
            screen.shared_notice(text)
        else:
            app.notify(text, severity="warning", timeout=10)
    elif screen is not None and message.get("table") == screen.table_id:
        screen.shared_event(message)


def _show_error(app: CardRoom, screen: SharedTarget | None, message: dict[str, Any]) -> None:
    """The server's error: a fatal one ends the app with it, another is shown at the table."""
    text = _words(message)
    if message.get("fatal"):
        app.exit(return_code=2, message="cardtable: " + _("the server ended the connection: {why}").format(why=text))
    elif screen is not None:
        screen.shared_error(text)
    else:
        app.notify(text, severity="error")


def _words(message: dict[str, Any]) -> str:
    """What the server says in ``message`` (its code and parameters), in the player's
    language: the server sends no sentence for a person (docs/protocol.md)."""
    return word_refusal(said(message.get("code"), message.get("params")))


def _set_lobby(app: CardRoom, tables: object) -> None:
    """The server's list of tables, when it is one."""
    if isinstance(tables, list):
        app.shared_lobby = tuple(t for t in tables if isinstance(t, dict))


def _server_closed(app: CardRoom, why: str = "", name: str | None = None) -> None:
    """The server said goodbye: the table stays in view (its last round settled), and
    the player chooses to reconnect or to go back to the local lobby."""
    from .screens.server_closed import ServerClosedScreen

    session, app.session = app.session, None
    if session is not None:
        session.closed = True  # no "connection lost" after a goodbye
    remote = app.remote
    if remote is None or not app.is_running:
        return
    name = session.name if session is not None and session.name else (name or remote.name)

    def chosen(choice: str | None) -> None:
        if choice == "reconnect" and name:
            app.run_worker(_rejoin(app, name), group="join", exclusive=True, exit_on_error=False)
        else:
            go_local(app)

    screen = _shared_screen(app)
    last = ""
    if screen is not None:
        last = screen.said  # the last round's result, kept in the dialog over it
        screen.shared_notice(_("The server has closed."))
    app.push_screen(ServerClosedScreen(remote.address, why, last), chosen)


async def _rejoin(app: CardRoom, name: str) -> None:
    """One attempt to join the same server again; the choice again if it fails."""
    remote = app.remote
    assert remote is not None
    tokens = TokenBook(None if remote.ask_key else app.store.path.parent)
    session = SharedSession(remote, tokens, app.shared_message)
    try:
        welcome = await session.connect(name)
    except JoinRefused as error:
        _server_closed(app, _("Reconnecting failed: {why}.").format(why=error), name)
        return
    _welcomed(app, session, welcome)
    app.notify(_("Connected again."), timeout=4)
    await session.run()


def go_local(app: CardRoom) -> None:
    """Back to this machine's own card room: its lobby (drawn again), its bankroll."""
    app.remote = None
    app.session = None
    app.shared_lobby = ()
    app.sub_title = ""
    app.sync_bankroll()

    def to_lobby() -> None:
        while len(app.screen_stack) > 1:
            app.pop_screen()
        app.screen.refresh(recompose=True)

    app.call_later(to_lobby)


def _reconnect(app: CardRoom) -> None:
    """The connection dropped: try again for :data:`RECONNECT_FOR` seconds."""
    old = app.session
    app.session = None
    if old is None or app.remote is None or app.return_code is not None or not app.is_running:
        return
    name = old.name or ""
    screen = _shared_screen(app)
    if screen is not None:
        screen.shared_error(_("The connection to the server was lost: reconnecting…"))
    else:
        app.notify(_("The connection to the server was lost: reconnecting…"), severity="warning")

    async def again() -> None:
        remote = app.remote
        assert remote is not None
        loop = asyncio.get_running_loop()
        deadline = loop.time() + RECONNECT_FOR
        last = ""
        while loop.time() < deadline:
            session = SharedSession(remote, old.tokens, app.shared_message)
            try:
                welcome = await session.connect(name)
            except JoinRefused as error:
                last = str(error)
                await asyncio.sleep(RECONNECT_EVERY)
                continue
            _welcomed(app, session, welcome)
            app.notify(_("Connected again."), timeout=4)
            if welcome.get("seated") is None and (shown := _shared_screen(app)) is not None:
                shown.shared_error(_("Back, but the seat was freed meanwhile: the round went on without you."))
            await session.run()
            return
        lost = _("the connection to the server was lost ({why}).").format(why=last)
        app.exit(return_code=1, message=f"cardtable: {lost}")

    app.run_worker(again(), group="rejoin", exclusive=True, exit_on_error=False)
