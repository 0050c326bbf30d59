"""The session summary shown when leaving any table after at least one round.

Why it counts from the store: the summary must count the same unit as the
statistics — settled rounds, won/lost/pushed by the round's net — so it is
the difference between the game's statistics (the store's :class:`GameStats`) when the
player sat down and when they leave (:func:`session_tally`). Blackjack adds its hands as a
second figure (a split round is one round and two hands): :class:`SessionStats` keeps
those at the table, with the sitting's rounds as a :class:`GameStats` counted as the store
counts them — the summary at a shared table, whose statistics are the server's.

At every table the summary also says how well the player chose — decisions
taken, the share that were the best, the expected value given away — read from the
grades the sitting's settled rounds keep in the history (:func:`sitting_accuracy`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import zip_longest

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static

from ...ai.grading import Accuracy, Decision, accuracy, decisions_in
from ...core.blackjack import HandOutcome, HandResult
from ...i18n import N_, _
from ...i18n.formatting import number, signed
from ...i18n.text import pad
from ...store import GameStats, HistoryFilter, Store
from ..widgets.common.footer import KeyFooter

__all__ = [
    "SessionStats", "SessionTally", "SessionSummary", "session_tally", "sitting_accuracy", "accuracy_lines",
    "accuracy_rows",
]


@dataclass
class SessionStats:
    """A sitting at the blackjack table as the screen saw it: its rounds in the store's
    own unit (``played``, a :class:`GameStats`), their hands (a split round is one round
    and two hands) and the graded decisions. The local summary takes its rounds from the
    store's statistics (:func:`session_tally`); a shared table's statistics are the
    server's, so there the summary is this count (:meth:`tally`)."""

    played: GameStats = field(default_factory=lambda: GameStats("blackjack"))
    won: int = 0
    lost: int = 0
    pushed: int = 0
    blackjacks: int = 0
    decisions: list[Decision] = field(default_factory=list)

    @property
    def rounds(self) -> int:
        return self.played.rounds

    @property
    def net(self) -> int:
        return self.played.net

    @property
    def hands(self) -> int:
        return self.won + self.lost + self.pushed

    def add(self, results: list[HandResult]) -> None:
        for r in results:
            if r.returned > r.stake:
                self.won += 1
            elif r.returned == r.stake:
                self.pushed += 1
            else:
                self.lost += 1
            if r.outcome is HandOutcome.BLACKJACK:
                self.blackjacks += 1
        stake = sum(r.stake for r in results)
        self.played = self.played + GameStats.of_round("blackjack", stake, sum(r.returned for r in results))

    def tally(self) -> SessionTally:
        """The sitting in the summary's form, from this count alone."""
        return SessionTally.of(self.played, self, accuracy(self.decisions))

    def lines(self) -> list[str]:
        return self.tally().lines()


@dataclass(frozen=True)
class SessionTally:
    """One sitting at a table as the summary shows it: its rounds in the statistics'
    unit (a :class:`GameStats` of the sitting), at blackjack the hands too (``hands``),
    and the graded decisions."""

    played: GameStats
    hands: SessionStats | None = None
    #: The sitting's graded decisions (None: not read).
    decisions: Accuracy | None = None

    @property
    def game(self) -> str:
        """The game played."""
        return self.played.game

    @property
    def rounds(self) -> int:
        """Rounds settled."""
        return self.played.rounds

    @property
    def won(self) -> int:
        """Rounds won."""
        return self.played.won

    @property
    def lost(self) -> int:
        """Rounds lost."""
        return self.played.lost

    @property
    def pushed(self) -> int:
        """Rounds pushed."""
        return self.played.pushed

    @property
    def net(self) -> int:
        """The net result, in hundredths."""
        return self.played.net

    @classmethod
    def of(cls, played: GameStats, hands: SessionStats | None = None,
           decisions: Accuracy | None = None) -> SessionTally:
        return cls(played, hands, decisions)

    @classmethod
    def from_hands(cls, game: str, stats: SessionStats) -> SessionTally:
        """A tally from blackjack's own count alone."""
        return cls.of(replace(stats.played, game=game), stats)

    def rows(self) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
        """(label, figure) rows: the rounds and the net, and blackjack's hands beside them."""
        rounds = [(N_("Rounds played"), number(self.rounds))]
        if self.won or self.lost or self.pushed:
            rounds += [(N_("Rounds won"), number(self.won)), (N_("Rounds lost"), number(self.lost)),
                       (N_("Rounds pushed"), number(self.pushed))]
        rounds.append((N_("Net"), signed(self.net)))
        hands = self.hands
        if hands is None:
            return rounds, []
        return rounds, [
            (N_("Hands played"), number(hands.hands)),
            (N_("Hands won"), number(hands.won)),
            (N_("Hands lost"), number(hands.lost)),
            (N_("Hands pushed"), number(hands.pushed)),
            (N_("Blackjacks"), number(hands.blackjacks)),
        ]

    def lines(self) -> list[str]:
        """Every figure on a line of its own, its label in the language in force."""
        rounds, hands = self.rows()
        rows = [*rounds[:-1], *hands, rounds[-1]]
        if self.decisions is not None:
            rows += accuracy_rows(self.decisions)
        width = _label_width(rows)
        return [pad(_(label), width) + figure for label, figure in rows]

    def text(self) -> str:
        """The summary as the dialog shows it: the rounds and the net, the hands beside
        them (blackjack), then the decisions — short enough for 80×24 with its button."""
        rounds, hands = self.rows()
        decisions = accuracy_rows(self.decisions) if self.decisions is not None else []
        width = _label_width([*rounds, *hands, *decisions])
        left = [pad(_(label), width) + figure for label, figure in rounds]
        right = [pad(_(label), width) + figure for label, figure in hands]
        column = max(_COLUMN, max(cell_len(line) for line in left) + 1)
        rows = [(pad(a, column) + b).rstrip() for a, b in zip_longest(left, right, fillvalue="")]
        if decisions:
            rows += ["", *(pad(_(label), width) + figure for label, figure in decisions)]
        return "\n".join(rows)


#: The summary's left column (the rounds), in cells: the hands start after it.
_COLUMN = 26
#: The narrowest label column, in cells (the figures line up after it).
_LABELS = 16


def _label_width(rows: list[tuple[str, str]]) -> int:
    """The label column's width in the language in force: the longest label and a gap."""
    return max(_LABELS, *(cell_len(_(label)) + 2 for label, _figure in rows))


def accuracy_rows(tally: Accuracy) -> list[tuple[str, str]]:
    """How well the player chose: (label, figure) rows."""
    if not tally.taken:
        return [(N_("Decisions"), _("none graded"))]
    share = round(100 * tally.best / tally.taken)
    return [
        (N_("Decisions"), number(tally.taken)),
        (N_("Best choices"), _("{n} ({share} %)").format(n=number(tally.best), share=share)),
        (N_("EV given away"), _("{amount} chips").format(amount=number(tally.cost / 100, 2))),
    ]


def accuracy_lines(tally: Accuracy) -> list[str]:
    """How well the player chose, in the summary's columns."""
    rows = accuracy_rows(tally)
    width = _label_width(rows)
    return [pad(_(label), width) + figure for label, figure in rows]


def sitting_accuracy(store: Store, game: str, rounds: int) -> Accuracy:
    """The grades of ``game``'s last ``rounds`` settled rounds: this sitting's (one copy
    of the program holds a table at a time, so they are all the player's here)."""
    if rounds <= 0:
        return Accuracy()
    entries = store.history_page(HistoryFilter(game=game), limit=rounds)
    return accuracy(d for entry in entries for d in decisions_in(entry.details))


def session_tally(
    game: str,
    before: GameStats,
    after: GameStats,
    hands: SessionStats | None = None,
    decisions: Accuracy | None = None,
) -> SessionTally:
    """What happened at ``game`` between two readings of its statistics (nothing when
    they were reset in between)."""
    try:
        played = after.since(before)
    except ValueError:
        played = GameStats(after.game)
    return SessionTally.of(replace(played, game=game), hands, decisions)


_TITLES = {"blackjack": N_("Blackjack"), "baccarat": N_("Baccarat"), "poker": N_("Draw poker")}


class SessionSummary(ModalScreen[None]):
    """Shown when the player leaves a table after playing; ``note``: what became of a
    round left open (said here, where a notice would cover the button)."""

    DEFAULT_CSS = """
    SessionSummary { align: center middle; }
    SessionSummary > Vertical {
        width: 62; max-width: 100%; height: auto; max-height: 100%;
        border: thick $accent; background: $surface; padding: 0 2;
    }
    SessionSummary .title { text-style: bold; width: 1fr; content-align: center middle; margin-top: 1; }
    SessionSummary #summary { margin-top: 1; }
    SessionSummary #summary-note { margin-top: 1; color: $text-warning; }
    SessionSummary Center { height: auto; margin: 1 0; }
    """
    BINDINGS = [Binding("escape,enter", "close", N_("Close"), id="summary.close", priority=True)]

    def __init__(self, stats: SessionTally | SessionStats, note: str = "") -> None:
        super().__init__()
        self.stats = stats if isinstance(stats, SessionTally) else SessionTally.from_hands("blackjack", stats)
        self.note = note

    def compose(self) -> ComposeResult:
        with Vertical():
            game = _(_TITLES[self.stats.game]) if self.stats.game in _TITLES else self.stats.game
            yield Label(_("{game} — session summary").format(game=game), classes="title")
            yield Static(self.stats.text(), id="summary")
            if self.note:
                yield Static(self.note, id="summary-note")
            with Center():
                yield Button(_("Close"), id="summary-ok", variant="primary")
        yield KeyFooter()  # the dialog's own key at the foot, over the lobby's

    def action_close(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)
