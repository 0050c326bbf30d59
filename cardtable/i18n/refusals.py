"""Refusals and the table's notes in words: a code and its parameters as a sentence in
the language in force.

The core refuses with a :class:`~cardtable.core.refusal.Refusal` (a code, parameters),
and a shared table's server sends the same (``docs/protocol.md``, "Codes"), so that
each player reads it in their own language. This is the one place that words them: the
local screens and the join client both call :func:`word`. Amounts (hundredths of a
chip) are written with :func:`~cardtable.i18n.formatting.chips`, an action, a spot or a
computer's level with the table's own words. A code this version does not know (a newer
server) gets a generic sentence, never an error.
"""

from __future__ import annotations

import string
from collections.abc import Mapping

from ..core.refusal import AMOUNT_PARAMS, Refusal, RuleCode
from . import N_, _
from .formatting import chips, number

__all__ = ["WORDS", "GENERIC", "word", "word_refusal"]

R = RuleCode

#: Each code's sentences: the first whose placeholders the parameters all fill is used
#: (none: the last, with ``?`` for what is missing).
WORDS: Mapping[str, tuple[str, ...]] = {
    # -- the rules' refusals (core.refusal.RuleCode) ---------------------------------
    R.WAIT_TURN.value: (N_("Wait for your turn."),),
    R.SPLIT_ACE_ONE_CARD.value: (N_("A split ace takes exactly one card."),),
    R.SPLIT_ACE_NO_DOUBLE.value: (N_("A split ace takes exactly one card: no double."),),
    R.NO_MORE_CARDS.value: (N_("No more cards: the hand is {total}."),),
    R.DOUBLE_FIRST_TWO.value: (N_("Double only on a hand's first two cards."),),
    R.NO_DOUBLE_AFTER_SPLIT.value: (N_("No double after a split at this table."),),
    R.DOUBLE_SHORT.value: (N_("Not enough chips to double: {needed} needed, {left} left."),),
    R.SPLIT_SAME_VALUE.value: (N_("Only two cards of the same value can be split."),),
    R.SPLIT_MAX_HANDS.value: (N_("At most {hands} hands per seat: no more splits."),),
    R.SPLIT_ACES_ONCE.value: (N_("Aces are split only once."),),
    R.SPLIT_SHORT.value: (N_("Not enough chips to split: {needed} needed, {left} left."),),
    R.NOT_POSSIBLE.value: (N_("{action} is not possible now."),),
    R.BET_LIMITS.value: (N_("The table takes {min}–{max} per hand."),),
    R.BET_OVER_BANKROLL.value: (N_("Your bankroll ({bankroll}) cannot cover a bet of {amount}."),),
    R.SPOT_LIMITS.value: (N_("The table takes {min}–{max} per spot."),),
    R.LAYOUT_OVER_BANKROLL.value: (N_("Your bankroll ({bankroll}) cannot cover bets of {amount}."),),
    R.COUP_UNSETTLED.value: (N_("No more bets: the coup on the table is not settled"),),
    R.SPOT_LIMIT.value: (N_("Refused: the limit is {max} per spot ({outcome} has {amount})"),),
    R.CHIP_OVER_BANKROLL.value: (N_("Refused: your bankroll of {bankroll} cannot cover another {amount} "
                                    "(on the table {staked})"),),
    R.NO_LAST_BETS.value: (N_("No last bets to repeat"),),
    R.REPEAT_OVER_BANKROLL.value: (N_("Refused: your bankroll of {bankroll} cannot cover the last bets ({amount})"),),
    R.PLACE_A_BET.value: (N_("Place a bet first"),),
    R.BETS_OVER_BANKROLL.value: (N_("Refused: your bankroll of {bankroll} cannot cover these bets"),),
    R.SHOE_EMPTY.value: (N_("The shoe is empty"),),
    R.NO_COIN.value: (N_("Your bankroll cannot cover one coin: Enter offers the free refill."),),
    R.COINS_RANGE.value: (N_("The machine takes 1 to {most} coins, not {coins}."),),
    R.COINS_SHORT.value: (N_("Not enough chips for this bet: lower it with −."),),
    # -- the server's errors (tables.codes.ErrorCode) --------------------------------
    "line-too-long": (N_("The server refused a message longer than {limit} bytes."),),
    "bad-json": (N_("The server could not read a message of this client."),),
    "not-object": (N_("The server could not read a message of this client."),),
    "no-type": (N_("The server could not read a message of this client."),),
    "unknown-type": (N_("The server could not read a message of this client."),),
    "bad-field": (N_("The server refused a message of this client (its field {field})."),
                  N_("The server refused a message of this client.")),
    "flood": (N_("Too many messages: at most {limit} a second."),),
    "server": (N_("The server could not handle that."),),
    "hello-first": (N_("The server expected this client to say hello first."),),
    "hello-timeout": (N_("The server expected this client to say hello first."),),
    "idle": (N_("Nothing was heard from this client for {seconds} s."),),
    "too-many-connections": (N_("At most {limit} connections from one address: close one and try again."),),
    "server-full": (N_("The server is full: try again later, or join with a name you already have."),),
    "version": (N_("This server speaks protocol version {version}: this client cannot join it."),),
    "bad-name": (N_("That name cannot be used: 1 to 20 letters, digits, '_' or '-', not a device name."),),
    "name-pattern": (N_("A name is 1 to 20 letters, digits, '_' or '-' (no spaces)."),),
    "name-dash": (N_("A name may not start with '-'."),),
    "name-device": (N_("{name} is a device name on Windows, not a name a file may have."),),
    "token-required": (N_("The name {name} is taken: its key is needed."),),
    "bad-token": (N_("That is not the key of {name}."),),
    "new-names": (N_("Too many new names from your address: wait a minute, or join with a name you have."),),
    "too-many-tries": (N_("Too many wrong keys from your address: wait a minute and try again."),),
    "already-greeted": (N_("This client has already said hello."),),
    "no-table": (N_("There is no table {table}."),),
    "table-full": (N_("Table {table} has no free seat."),),
    "seated": (N_("You are already seated here."),),
    "not-seated": (N_("Sit at a table first."),),
    "closing": (N_("The server is closing: no new rounds."),),
    "in-round": (N_("Not during a round: that waits until the round is over."),),
    "not-host": (N_("Only the first player to sit chooses the computer seats."),),
    "bad-seat": (N_("Seats are 1 to {last}."),),
    "seat-taken": (N_("{name} sits in seat {seat}."),),
    "bad-level": (N_("Levels are easy, normal and hard."),),
    "no-computers": (N_("Computer players sit at the blackjack tables only."),),
    "no-decisions": (N_("Baccarat has no decisions: bet, then deal."),),
    "bad-bet": (N_("The table refused that bet."),),
    "spot-needed": (N_("A baccarat bet needs its spot: Player, Banker or Tie."),),
    "round-open": (N_("Your last round is not settled yet: try again in a moment."),),
    "not-your-turn": (N_("It is {name}'s turn."), N_("No hand is to act now.")),
    "illegal": (N_("{action} is not allowed on this hand now."),),
    "short-shoe": (N_("The shoe is too short to deal a round: it has been shuffled."),),
    "void": (N_("The shoe ran out: this round is void and every stake returned."),),
    "no-hand": (N_("There is no hand to play now."),),
    "refill": (N_("The free refill is not possible now."),),
    "store": (N_("That could not be saved on the server, so it was not done."),),
    "unsettled": (N_("Your result could not be saved yet: it is saved before your next round."),),
    "history": (N_("Your history cannot be read on the server now."),),
    # -- what a table says (tables.codes.NoteCode) ------------------------------------
    "waiting-bets": (N_("Waiting for bets."),),
    "place-bets": (N_("Place your bets."),),
    "dealt": (N_("Round {round}: cards are dealt."),),
    "to-act": (N_("{name} to act"),),
    "to-act-away": (N_("{name} to act (away)"),),
    "last-to-act": (N_("Last round · {name} to act"),),
    "last-to-act-away": (N_("Last round · {name} to act (away)"),),
    "timeout": (N_("Time is up: {name}'s hand stands."),),
    "settled": (N_("Round {round} settled."),),
    "coup": (N_("Coup {round}: {outcome} wins {high} to {low}."),),
    "coup-tie": (N_("Coup {round}: tie {total} to {total}."),),
    "round-void": (N_("The shoe ran out: this round is void and every stake returned."),),
    "closes-after-round": (N_("The server is stopping: the table closes after this round."),),
    "closes-no-coups": (N_("The table closes: no new coups."),),
    "replaying": (N_("A round left open is being played out."),),
    "server-closing": (N_("The server has closed."),),
    "signed-in-elsewhere": (N_("This name signed in from another connection."),),
}

#: A code this version does not know (a newer server), or parameters that do not fit.
GENERIC = N_("The server said something this version cannot show ({code}).")

#: Words a parameter may name: an action, a baccarat spot, a computer's level.
_ACTIONS = {"hit": N_("Hit"), "stand": N_("Stand"), "double": N_("Double"), "split": N_("Split")}
_SPOTS = {"player": N_("Player"), "banker": N_("Banker"), "tie": N_("Tie")}
_LEVELS = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}
#: Seat indexes a code carries (from 0, as every seat on the wire): the screens say
#: "Seat 1" for index 0, so the words count from 1 too.
_SEAT_INDEXES = {"bad-seat": "last", "seat-taken": "seat"}
#: Parameters that are themselves worded: the word table each one reads.
_NAMED = {"action": _ACTIONS, "outcome": _SPOTS}


def _fields(message: str) -> set[str]:
    """The placeholders of ``message`` (``{name}``)."""
    return {name for _text, name, _spec, _conv in string.Formatter().parse(message) if name}


def _value(key: str, value: int | str, params: Mapping[str, int | str]) -> str:
    """One parameter as the sentence shows it."""
    if isinstance(value, int) and not isinstance(value, bool):
        return chips(value) if key in AMOUNT_PARAMS else number(value)
    words = _NAMED.get(key)
    if words is not None and value in words:
        return _(words[value])
    level = params.get("level")
    if key == "name" and isinstance(level, str) and level in _LEVELS:
        return _("Computer ({level})").format(level=_(_LEVELS[level]))
    return str(value)


def word(code: str, params: Mapping[str, int | str] | None = None) -> str:
    """The sentence for ``code`` with ``params``, in the language in force. An ``error``
    ``bad-bet`` naming its rule (``why``) says the rule's refusal."""
    params = params or {}
    seat = _SEAT_INDEXES.get(code)
    index = params.get(seat) if seat is not None else None
    if seat is not None and isinstance(index, int) and not isinstance(index, bool):
        params = {**params, seat: index + 1}
    why = params.get("why")
    if isinstance(why, str) and why in WORDS and why != code:
        return word(why, {k: v for k, v in params.items() if k != "why"})
    variants = WORDS.get(code, ())
    for message in variants:
        if _fields(message) <= params.keys() or message is variants[-1]:
            translated = _(message)
            if not _fields(translated) <= _fields(message):
                translated = message  # a translation that asks for more than the code has
            return translated.format_map(
                {k: _value(k, params[k], params) if k in params else "?" for k in _fields(message)})
    return _(GENERIC).format(code=code or "?")


def word_refusal(refusal: Refusal) -> str:
    """A core refusal in words."""
    return word(refusal.code, refusal.params)
