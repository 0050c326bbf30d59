"""The blackjack coach at the table: what every legal action is worth for the
cards actually left, the chart's answer beside it, and the grade of each decision.

A :class:`CoachSpot` is one decision as the player's seat sees it: the hand to act, the
dealer's up card, the legal actions, the hand's original stake and the unseen cards (the
shoe since the shuffle less every card seen — never the face-down card, never the shoe's
order). :func:`advise` values it (exact EVs from ``cardtable.ai.coach_blackjack`` and the
hard level's chart) — it is slow enough to run in a worker thread, and everything it needs
is in the spot, so its answer is cached by spot. :class:`CoachAdvice` words the answer and
grades a choice; :class:`CoachPanel` shows the values under the table's banner.

EVs are net expected returns per unit of the hand's original stake (0 = break even), as
the analysis computes them; in chips they are ``ev × stake`` (an expectation, a float of
hundredths shown rounded — never money that moves).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from rich.cells import cell_len
from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from ....ai.coach import blackjack_action_evs, unseen_counts
from ....ai.grading import BEST_TOLERANCE, Decision, grade
from ....core.blackjack import Action, Hand, Rules, SeatView, card_value, values_total
from ....core.cards import Card
from ....i18n import _
from ....i18n.formatting import chips, number, signed
from ....i18n.text import pad
from .words import action_name

__all__ = [
    "CoachShown",
    "ACTION_WORDS",
    "CoachSpot",
    "CoachAdvice",
    "CoachPanel",
    "advise",
    "chart_cell",
]

#: The table's words for the actions (the decision's ``chosen``/``best``).
ACTION_WORDS: dict[Action, str] = {
    Action.HIT: "Hit",
    Action.STAND: "Stand",
    Action.DOUBLE: "Double",
    Action.SPLIT: "Split",
    Action.SURRENDER: "Surrender",
}


#: Columns the banner has at 80 (its line is cut beyond them).
_BANNER_ROOM = 76


def _up_words(value: int) -> str:
    if value == 1:
        return "an ace"
    return f"an {value}" if value == 8 else f"a {value}"


def _rank_words(value: int) -> str:
    return "A" if value == 1 else str(value)


def chart_cell(cards: tuple[Card, ...], dealer_up: Card, can_split: bool) -> tuple[str, int, int]:
    """The chart cell of a hand: (``"hard"``/``"soft"``/``"pair"``, row key, up value
    1..10), as :class:`~cardtable.ai.bj_chart.Chart` keys its rows (for ChartScreen)."""
    values = [card_value(c) for c in cards]
    up = card_value(dealer_up)
    if len(values) == 2 and values[0] == values[1] and can_split:
        return "pair", values[0], up
    total, soft = values_total(values)
    return ("soft" if soft else "hard"), total, up


@dataclass(frozen=True)
class CoachSpot:
    """One decision as the player's seat sees it; equal spots have equal values."""

    rules: Rules
    #: The hand to act (its flags say whether it came from a split, of aces).
    hand: Hand
    #: How many hands the seat holds (a resplit is limited by it).
    hands: int
    dealer_up: Card
    legal: frozenset[Action]
    #: Unseen cards by value, aces first, ten-valued last: the shoe since the shuffle
    #: less every card seen (:func:`cardtable.ai.coach.unseen_counts`).
    remaining: tuple[int, ...]
    #: The hand's original stake (hundredths): the unit of the EVs.
    stake: int = field(compare=False)
    #: The situation in words, e.g. "hard 16 (10 6) against a 10".
    words: str = field(compare=False)

    @classmethod
    def of(cls, view: SeatView) -> CoachSpot | None:
        """The spot of the hand ``view``'s seat is to act on, or None when it is not
        that seat's turn."""
        hand = view.hand
        if hand is None or not view.legal:
            return None
        values = [card_value(c) for c in hand.cards]
        up = _up_words(card_value(view.dealer_up))
        if len(values) == 2 and values[0] == values[1] and Action.SPLIT in view.legal:
            words = f"pair of {'aces' if values[0] == 1 else f'{values[0]}s'} against {up}"
        else:
            ranks = " ".join(_rank_words(v) for v in values)
            words = f"{hand.describe()} ({ranks}) against {up}"
        stake = hand.stake // 2 if hand.doubled else hand.stake
        counts = unseen_counts(view)
        return cls(
            rules=view.rules,
            hand=hand,
            hands=len(view.hands),
            dealer_up=view.dealer_up,
            legal=frozenset(view.legal),
            remaining=tuple(counts.get(v, 0) for v in range(1, 11)),
            stake=stake,
            words=words,
        )

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.hand.cards

    @property
    def cell(self) -> tuple[str, int, int]:
        """The strategy chart's cell for this hand (see :func:`chart_cell`)."""
        return chart_cell(self.cards, self.dealer_up, Action.SPLIT in self.legal)


@dataclass(frozen=True)
class CoachAdvice:
    """What the coach knows about a spot: the exact EV of each legal action (empty when
    they could not be worked out — then ``error`` says why) and the chart's answer."""

    spot: CoachSpot
    evs: Mapping[Action, float]
    chart: Action | None
    #: The hard level's hint in words ("Double — hard 11 against a 6").
    chart_words: str
    error: str = ""

    @property
    def ranked(self) -> list[tuple[Action, float]]:
        """The legal actions with their EVs, best first (ties: the chart's first)."""
        order = list(ACTION_WORDS)
        return sorted(
            self.evs.items(),
            key=lambda item: (-item[1], item[0] is not self.chart, order.index(item[0])),
        )

    @property
    def best(self) -> Action | None:
        ranked = self.ranked
        return ranked[0][0] if ranked else self.chart

    def decision(self, chosen: Action) -> Decision | None:
        """The grade of ``chosen`` (None when the values are not known)."""
        if chosen not in self.evs:
            return None
        evs = {ACTION_WORDS[a]: ev for a, ev in self.ranked}  # best first: ties name the tip's
        return grade("blackjack", self.spot.words, evs, ACTION_WORDS[chosen], self.spot.stake)

    def sentence(self) -> str:
        """The banner's line: the chart's answer, and by how much the shoe differs."""
        best = self.best
        if not self.evs or best is None:
            if not self.chart_words:
                return _("Tip: no advice for this hand.")
            return _("Tip (hard level): {hint}").format(hint=self.chart_words)
        chart = self.chart
        if chart is None or chart not in self.evs:
            return _("Tip: {action} is worth the most with the cards left.").format(action=action_name(best))
        gap = self.evs[best] - self.evs[chart]
        if gap <= BEST_TOLERANCE or best is chart:
            agrees = _("Tip: {hint} · the chart agrees with this shoe").format(hint=self.chart_words)
            return agrees if cell_len(agrees) <= _BANNER_ROOM else _("Tip: {hint}").format(hint=self.chart_words)
        return _("Tip: the chart says {chart}; with this shoe {best} is worth {gap} more.").format(
            chart=action_name(chart), best=action_name(best), gap=number(gap, 3))

    def grid(self) -> Text:
        """The values on two lines, best first: each action with its EV per unit of
        stake, and under it the same in chips on the hand's stake."""
        ranked = self.ranked
        if not ranked:
            why = self.error or _("not known")
            return Text(_("The exact values could not be worked out ({why}).").format(why=why), style="italic")
        stake = self.spot.stake
        tops = [("▸" if i == 0 else "") + f"{action_name(a)} {_per_unit(ev)}" for i, (a, ev) in enumerate(ranked)]
        bottoms = [_chips(ev, stake) for _a, ev in ranked]
        widths = [max(cell_len(t), cell_len(b)) for t, b in zip(tops, bottoms, strict=True)]
        labels = (_("per unit of stake"), _("chips on your {stake}").format(stake=_stake(stake)))
        label = max(cell_len(x) for x in labels) + 2
        text = Text(no_wrap=True, overflow="ellipsis")
        for row, (name, cells) in enumerate(zip(labels, (tops, bottoms), strict=True)):
            if row:
                text.append("\n")
            text.append(pad(name, label), style="dim")
            for i, (cell, width) in enumerate(zip(cells, widths, strict=True)):
                if i:
                    text.append("  ")
                text.append(" " * (width - cell_len(cell)) + cell, style="bold" if i == 0 else "")
        return text


def _per_unit(ev: float) -> str:
    return ("+" if ev >= 0 else "\u2212") + number(abs(ev), 3)


def _chips(ev: float, stake: int) -> str:
    return signed(round(ev * stake))


def _stake(stake: int) -> str:
    return chips(stake)


def advise(spot: CoachSpot) -> CoachAdvice:
    """Value ``spot`` (seconds at most for rules the chart must first be derived for;
    milliseconds otherwise). Never raises: a failure is an advice with ``error``."""
    from ....ai.blackjack import explain, recommend

    chart: Action | None
    try:
        chart = recommend(spot.rules, spot.cards, spot.dealer_up, spot.legal)
        chart_words = explain(spot.rules, spot.cards, spot.dealer_up, spot.legal)
    except Exception:  # noqa: BLE001 - the coach never stops the game
        chart, chart_words = None, ""
    try:
        remaining = {v: n for v, n in enumerate(spot.remaining, start=1)}
        values = blackjack_action_evs(
            spot.rules, spot.hand, spot.dealer_up, spot.legal, remaining, hands=spot.hands
        )
        evs = {a: float(ev) for a, ev in values.items() if a in spot.legal}
    except Exception as error:  # noqa: BLE001 - the coach never stops the game
        return CoachAdvice(spot, {}, chart, chart_words, error=str(error) or type(error).__name__)
    return CoachAdvice(spot, evs, chart, chart_words)


@dataclass(frozen=True)
class CoachShown:
    """The coach's line under the banner: the spot's values, or (``advice`` None) a
    word that they are being worked out."""

    spot: CoachSpot
    advice: CoachAdvice | None = None


class CoachPanel(Static):
    """The coach's values under the banner: hidden until ``t`` asks for them."""

    DEFAULT_CSS = """
    CoachPanel {
        width: 1fr;
        height: auto;
        max-height: 2;
        display: none;
        content-align: center top;
    }
    CoachPanel.-shown { display: block; }
    """

    state: reactive[CoachShown | None] = reactive(None, init=False, repaint=False)
    """What the panel shows (None: hidden); it draws itself again when this changes."""

    @property
    def spot(self) -> CoachSpot | None:
        """The spot the panel shows (None while hidden)."""
        return self.state.spot if self.state is not None else None

    @property
    def lines(self) -> int:
        """Rows the panel takes on the table (0 while hidden)."""
        return 2 if self.state is not None else 0

    def watch_state(self, shown: CoachShown | None) -> None:
        if shown is None:
            self._shown = Text("")
        elif shown.advice is None:
            self._shown = Text(_("Working out the exact value of every choice for the cards left…"), style="italic")
        else:
            self._shown = shown.advice.grid()
        self.update(self._shown)
        self.set_class(shown is not None, "-shown")

    _shown = Text("")

    def _paint(self) -> None:
        """Draw what the panel shows again (its words, in the language now in force)."""
        self.watch_state(self.state)

    @property
    def text(self) -> str:
        """The text shown (for tests)."""
        return self._shown.plain
