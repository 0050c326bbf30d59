"""``cardtable join`` without ``--name``, or with ``--ask-key`` (every page of
``cardtable web --server``): the player's name at the shared table, and their key.

A key is the server's secret for a name, shown once at the first join. A terminal
player's copy of the program keeps it in their data folder; a page served by
``cardtable web`` keeps none (many players share that machine), so the player is
shown the key at the first join (:class:`KeyScreen`) and types it at the next.
"""

from __future__ import annotations

from rich.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label

from ...i18n import N_, _
from ...i18n.formatting import chips as format_chips
from ...i18n.refusals import word_refusal
from ...net.protocol import name_problem
from ...store import START_BANKROLL
from ..widgets.common.footer import KeyFooter

__all__ = ["JoinNameScreen", "KeyScreen"]

_DIALOG_CSS = """
{name} {{ align: center middle; }}
{name} > Vertical {{
    width: 64; height: auto; border: thick $accent; background: $surface; padding: 1 2;
}}
{name} Label {{ width: 1fr; margin-bottom: 1; }}
{name} .problem {{ color: $error; margin: 1 0 0 0; }}
{name} Button {{ margin: 1 0 0 0; }}
"""


class JoinNameScreen(ModalScreen[tuple[str, str] | None]):
    """Asks for a name (and the key, with ``ask_key``); dismisses with (name, key) — the
    key "" when none was typed — or None (escape: not joined)."""

    DEFAULT_CSS = _DIALOG_CSS.format(name="JoinNameScreen")

    BINDINGS = [Binding("escape", "cancel", N_("Quit"), id="join.cancel")]

    def __init__(self, address: str, *, ask_key: bool = False, name: str | None = None, problem: str = "") -> None:
        super().__init__()
        self.address = address
        self.ask_key = ask_key
        self.given_name = name or ""
        self.problem = problem
        #: Enter was pressed on the name: the next enter submits, wherever the focus is.
        self._to_key = False

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(
                _("Your name at the shared tables of {address}").format(address=escape(self.address))
                + "\n"
                + _("(1 to 20 letters, digits, _ or -; the first join with a name makes it yours)")
            )
            yield Input(self.given_name, placeholder=_("name"), max_length=20, id="join-name")
            if self.ask_key:
                yield Label(_("Your key, if this name is yours already (empty for a new name):"))
                yield Input(placeholder=_("key"), password=True, max_length=64, id="join-key")
            yield Label(self.problem, id="join-problem", classes="problem")
        yield KeyFooter()

    def on_mount(self) -> None:
        if self.given_name and self.ask_key:
            self.query_one("#join-key", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        name = self.query_one("#join-name", Input).value.strip()
        problem = name_problem(name)  # the server's own rule, said before asking it
        if problem is not None:
            self.query_one("#join-problem", Label).update(word_refusal(problem))
            self.query_one("#join-name", Input).focus()
            return
        if self.ask_key and event.input.id == "join-name" and not self._to_key:
            # enter moves on to the key; a second enter typed before the focus moved
            # (fast typing) is the key's enter, as the player meant it
            self._to_key = True
            self.query_one("#join-key", Input).focus()
            return
        key = self.query_one("#join-key", Input).value.strip() if self.ask_key else ""
        self.dismiss((name, key))

    def action_cancel(self) -> None:
        """Not joining after all."""
        self.dismiss(None)


class KeyScreen(ModalScreen[None]):
    """The key of a name just made (``--ask-key``): shown once, to be written down."""

    DEFAULT_CSS = _DIALOG_CSS.format(name="KeyScreen")

    BINDINGS = [Binding("enter,escape", "close", N_("Written down"), id="key.close")]

    def __init__(self, name: str, key: str) -> None:
        super().__init__()
        self.player = name
        self.key = key

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(
                _("Welcome, {name}: {amount} chips to start.").format(
                    name=escape(self.player), amount=format_chips(START_BANKROLL)
                )
            )
            yield Label(
                _(
                    "Your key for this name on this server — write it down. It is asked when you join "
                    "again, and nobody can play as you without it; it is not kept here and is never "
                    "shown again:"
                )
            )
            yield Label(f"[b]{self.key}[/b]", id="key-text", markup=True)
            yield Button(_("Written down"), variant="primary", id="key-ok")
        yield KeyFooter()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def action_close(self) -> None:
        """Close the notice."""
        self.dismiss(None)
