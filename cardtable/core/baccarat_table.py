"""The punto banco table across coups: the bets, the shoe, this shoe's results, the coup.

The betting rules live here, written once: a chip on a spot is refused past the table
limit per spot or when the bankroll cannot cover every bet on the layout, and the last
coup's bets are put back only if the bankroll covers them. A refusal is a plain
message the screen shows as it is. :meth:`BaccaratTable.state` is the whole table as
one immutable :class:`BaccaratState`, which the screen renders.

A coup needs no decision once the bets are down, so its record is its starting state
alone (the shoe's remaining cards in order, the bets, this shoe's results so far);
replaying it deals exactly the same coup (docs/rules.md section 1: a dealt round is
committed and resumes as it stood).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType

from .baccarat import Coup, Outcome, needs_reshuffle, play_coup, settle, win_amount
from .cards import Shoe, ShoeEmpty
from .money import format_chips, format_signed
from .record import RecordError, RoundRecord
from .refusal import Refusal, RuleCode

__all__ = [
    "BaccaratState",
    "Phase",
    "BaccaratTable",
    "SPOT_ORDER",
    "chip_sizes",
    "result_text",
    "spot_results",
]

#: Left to right on the layout, as on a real punto banco table.
SPOT_ORDER: tuple[Outcome, ...] = (Outcome.PLAYER, Outcome.TIE, Outcome.BANKER)
#: Casino chip denominations in whole chips (hundredths).
_DENOMINATIONS = (100, 500, 1_000, 2_500, 5_000, 10_000, 50_000, 100_000)


def chip_sizes(minimum: int, maximum: int) -> list[int]:
    """The chips on offer: the table minimum, then the denominations up to the maximum.

    Every chip is at least the minimum, so any stake built of chips respects it; all are
    whole chips, so a Banker win (95/100 of the stake, integer arithmetic) is always exact
    to the hundredth.
    """
    return [minimum] + [d for d in _DENOMINATIONS if minimum < d <= maximum]


def _frozen(bets: Mapping[Outcome, int] | None = None) -> Mapping[Outcome, int]:
    """A read-only copy of ``bets`` without the empty spots."""
    return MappingProxyType({o: s for o, s in (bets or {}).items() if s})


class Phase(str, Enum):
    """Where a coup stands, as the players see it (the one phase of a baccarat table,
    local or shared, and of its history replay)."""

    BETTING = "betting"  # no coup being shown: bet, change the chip, deal or say ready
    DEALING = "dealing"  # the coup is committed and its cards are coming out
    UNSAVED = "unsaved"  # the coup is shown settled, the data file did not take it yet


@dataclass(frozen=True)
class BaccaratState:
    """The table at one moment, read-only: what the screen draws and what it allows."""

    #: The bets on the layout: the coup's while one is on the table, else those
    #: placed for the next coup (empty spots left out).
    bets: Mapping[Outcome, int] = field(default_factory=_frozen)
    #: The coup dealt and not settled yet (its bets are :attr:`bets`).
    coup: Coup | None = None
    #: The last settled coup and its bets: its cards stay on the table, ``r`` repeats them.
    last_coup: Coup | None = None
    last_bets: Mapping[Outcome, int] = field(default_factory=_frozen)
    #: The last coup's result still marks the spots (until the next coup's first bet).
    result_shown: bool = False
    #: Outcomes of this shoe's settled coups, oldest first (the roads).
    history: tuple[Outcome, ...] = ()
    #: Cards left in the shoe (the coup on the table is already drawn), its decks
    #: (0 for a stacked shoe) and where its cut card lies.
    shoe_left: int = 0
    decks: int = 0
    cut_from_end: int | None = None
    #: The coup on the table is the first of a new shoe.
    new_shoe: bool = False
    #: With no bets placed, the next deal places the last coup's again (``enter`` alone
    #: plays on) — until ``c`` clears that too.
    repeat_on_deal: bool = False

    def stake(self, spot: Outcome) -> int:
        return self.bets.get(spot, 0)

    @property
    def staked(self) -> int:
        """Everything on the layout."""
        return sum(self.bets.values())

    @property
    def betting(self) -> bool:
        """No coup on the table: bets may be placed, changed and dealt."""
        return self.coup is None

    @property
    def can_clear(self) -> bool:
        """Something for the next deal to clear: bets placed, or the last coup's that
        ``enter`` alone would place again."""
        return self.betting and (self.staked > 0 or self.repeat_on_deal)

    @property
    def can_repeat(self) -> bool:
        """The last coup's bets exist (``r`` places them again and deals)."""
        return self.betting and bool(self.last_bets)

    @property
    def can_deal(self) -> bool:
        """Bets placed, or the last coup's to place again (``enter`` alone plays on)."""
        return self.betting and bool(self.bets or self.repeat_on_deal)


class BaccaratTable:
    """One shoe of coups and the bets on the layout.

    The caller supplies a fresh shoe when the cut card is out.
    """

    def __init__(self, shoe: Shoe, history: tuple[Outcome, ...] = ()) -> None:
        self.shoe = shoe
        #: Outcomes of the coups settled from this shoe, oldest first (the roads).
        self.history: list[Outcome] = list(history)
        #: The coup dealt and not yet settled, with its bets.
        self.coup: Coup | None = None
        self.bets: dict[Outcome, int] = {}
        #: True when the current coup is the first of a new shoe.
        self.new_shoe = False
        #: The bets placed for the next coup (still in the bankroll until it is dealt).
        self.placed: dict[Outcome, int] = {}
        #: The last settled coup and its bets (``repeat`` puts them back).
        self.last_coup: Coup | None = None
        self.last_bets: dict[Outcome, int] = {}
        #: The last coup's result is still on the layout (until the next coup's bets).
        self.result_shown = False
        #: ``c`` cleared the layout with nothing placed: ``enter`` alone no longer
        #: places the last coup's bets again (until the next coup is settled).
        self.cleared = False
        self._start: dict[str, object] | None = None

    # -- betting ------------------------------------------------------------------

    @property
    def on_table(self) -> int:
        """The bets placed for the next coup, in all."""
        return sum(self.placed.values())

    def place(self, spot: Outcome, chip: int, bankroll: int, maximum: int) -> Refusal | None:
        """One ``chip`` on ``spot``; a refusal if the limit per spot (``maximum``) or
        the ``bankroll`` (covering every bet) does not allow it."""
        if chip <= 0:
            raise ValueError(f"a chip is worth something, not {chip!r}")
        if self.coup is not None:
            return Refusal(RuleCode.COUP_UNSETTLED)
        has = self.placed.get(spot, 0)
        if has + chip > maximum:
            return Refusal(RuleCode.SPOT_LIMIT, {"max": maximum, "outcome": spot.label.lower(), "amount": has})
        if self.on_table + chip > bankroll:
            return Refusal(RuleCode.CHIP_OVER_BANKROLL, {"bankroll": bankroll, "amount": chip, "staked": self.on_table})
        self.result_shown = False  # the next coup's betting begins
        self.placed[spot] = has + chip
        return None

    def take_back(self, spot: Outcome, chip: int) -> bool:
        """One ``chip`` back from ``spot`` (all of it if less); False if nothing was there."""
        has = self.placed.get(spot, 0)
        if self.coup is not None or not has:
            return False
        if has > chip:
            self.placed[spot] = has - chip
        else:
            del self.placed[spot]
        return True

    def clear(self) -> None:
        """Every bet placed for the next coup back in the bankroll, and the next deal
        no longer places the last coup's bets on its own: what ``c`` clears is what the
        next deal would have used."""
        if self.coup is None:
            self.placed.clear()
            self.cleared = True

    def repeat(self, bankroll: int) -> Refusal | None:
        """The last coup's bets in place of those placed; a refusal if the
        ``bankroll`` does not cover them (nothing changes then)."""
        if self.coup is not None:
            return Refusal(RuleCode.COUP_UNSETTLED)
        if not self.last_bets:
            return Refusal(RuleCode.NO_LAST_BETS)
        total = sum(self.last_bets.values())
        if total > bankroll:
            return Refusal(RuleCode.REPEAT_OVER_BANKROLL, {"bankroll": bankroll, "amount": total})
        self.result_shown = False
        self.placed = dict(self.last_bets)
        return None

    def memory(self) -> dict[str, int]:
        """The last coup's bets by spot letter, for the table's next visit."""
        return {spot.value: amount for spot, amount in self.last_bets.items()}

    def recall(self, memory: object, maximum: int) -> bool:
        """Take back the last bets kept by :meth:`memory` (before any coup here); False,
        with nothing changed, when they do not read or break the limit per spot."""
        if self.coup is not None or self.last_bets or not isinstance(memory, dict) or not memory:
            return False
        bets: dict[Outcome, int] = {}
        for letter, amount in memory.items():
            if letter not in ("P", "B", "T") or isinstance(amount, bool) or not isinstance(amount, int):
                return False
            if not 0 < amount <= maximum:
                return False
            bets[Outcome(letter)] = amount
        self.last_bets = bets
        return True

    def deal_next(self, bankroll: int, new_shoe: Callable[[], Shoe]) -> Refusal | None:
        """Deal the next coup for the placed bets (with none placed, the last coup's are
        placed again), from a ``new_shoe()`` once the cut card is out; a refusal if there
        is nothing to deal, the ``bankroll`` falls short or the shoe is empty."""
        if self.coup is not None:
            return Refusal(RuleCode.COUP_UNSETTLED)
        if not self.placed:
            refusal = self.repeat(bankroll) if self.last_bets and not self.cleared else Refusal(RuleCode.PLACE_A_BET)
            if refusal is not None:
                return refusal
        if self.on_table > bankroll:
            return Refusal(RuleCode.BETS_OVER_BANKROLL, {"bankroll": bankroll})
        if self.needs_shoe:
            self.replace_shoe(new_shoe())
        try:
            try:
                self.deal()
            except ShoeEmpty:  # only a stacked (test) shoe can run dry
                self.replace_shoe(new_shoe())
                self.deal()
        except ShoeEmpty:
            return Refusal(RuleCode.SHOE_EMPTY)
        return None

    # -- the shoe and the coup -----------------------------------------------------

    @property
    def needs_shoe(self) -> bool:
        """The cut card came out in the last coup: the next coup needs a new shoe."""
        return needs_reshuffle(self.shoe)

    def replace_shoe(self, shoe: Shoe) -> None:
        """A freshly shuffled shoe; this shoe's roads start empty."""
        self.shoe = shoe
        self.history.clear()
        self.new_shoe = True

    def deal(self, bets: Mapping[Outcome, int] | None = None) -> Coup:
        """Deal one coup for ``bets`` (by default those placed; validated as by
        :func:`settle`). The placed bets stay until the coup is finished."""
        if self.coup is not None:
            raise RuntimeError("the coup on the table is not settled")
        clean = {o: s for o, s in (self.placed if bets is None else bets).items() if s}
        settle(clean, _ANY_COUP)  # validates spots and stakes before a card moves
        if not clean:
            raise ValueError("a coup needs at least one bet")
        self._start = {
            "shoe": self.shoe.snapshot(),
            "bets": {o.value: s for o, s in clean.items()},
            "roads": "".join(o.value for o in self.history),
            "new_shoe": self.new_shoe,
        }
        try:
            self.coup = play_coup(self.shoe)
        except ShoeEmpty:
            self.shoe = Shoe.restore(self._start["shoe"], self.shoe.rng)
            self._start = None
            raise
        self.bets = clean
        return self.coup

    def undo_deal(self) -> None:
        """Put the coup's cards back (a deal the data file refused: nothing was shown)."""
        if self._start is None or self.coup is None:
            return
        self.shoe = Shoe.restore(self._start["shoe"], self.shoe.rng)
        self.coup, self.bets, self._start = None, {}, None

    @property
    def staked(self) -> int:
        """The stakes of the coup on the table."""
        return sum(self.bets.values())

    def returned(self) -> int:
        """What the coup on the table returns to the player, stakes included."""
        if self.coup is None:
            raise RuntimeError("no coup")
        return settle(self.bets, self.coup)

    def details(self) -> dict[str, object]:
        """The coup on the table for the hand history."""
        coup = self.coup
        if coup is None:
            raise RuntimeError("no coup")
        return {
            "bets": {o.label.lower(): self.bets[o] for o in Outcome if self.bets.get(o)},
            "player": [str(c) for c in coup.player],
            "banker": [str(c) for c in coup.banker],
            "player_total": coup.player_total,
            "banker_total": coup.banker_total,
            "outcome": coup.outcome.label,
            "coup": coup.describe(),
        }

    def finish(self) -> None:
        """The coup was settled: its result joins the roads and stays on the layout; the
        placed bets are cleared; the next coup may be dealt."""
        if self.coup is None:
            return
        self.history.append(self.coup.outcome)
        self.last_coup, self.last_bets, self.result_shown = self.coup, self.bets, True
        self.cleared = False
        self.coup, self.bets, self._start = None, {}, None
        self.placed = {}
        self.new_shoe = False

    def state(self) -> BaccaratState:
        """The table now, as one immutable snapshot."""
        shoe = self.shoe
        return BaccaratState(
            bets=_frozen(self.bets if self.coup is not None else self.placed),
            coup=self.coup,
            last_coup=self.last_coup,
            last_bets=_frozen(self.last_bets),
            result_shown=self.result_shown,
            history=tuple(self.history),
            shoe_left=shoe.remaining,
            decks=shoe.decks,
            cut_from_end=shoe.cut_from_end,
            new_shoe=self.new_shoe,
            repeat_on_deal=bool(self.last_bets) and not self.cleared and self.coup is None,
        )

    # -- records -------------------------------------------------------------------

    def record(self) -> RoundRecord:
        """The coup on the table as its starting state (no actions: the tableau decides)."""
        if self._start is None:
            raise RuntimeError("no coup")
        return RoundRecord("baccarat", dict(self._start))

    @classmethod
    def resume(cls, record: RoundRecord, rng: random.Random | None = None) -> BaccaratTable:
        """The table of a saved coup, dealt again from the same cards."""
        if record.game != "baccarat":
            raise RecordError(f"not a baccarat coup: {record.game!r}")
        if record.actions:
            raise RecordError("a saved coup has no actions")
        start = record.start
        try:
            shoe = Shoe.restore(start["shoe"], rng)
            roads = start["roads"]
            if not isinstance(roads, str):
                raise TypeError("roads")
            history = tuple(Outcome(letter) for letter in roads)
            raw = start["bets"]
            if not isinstance(raw, dict):
                raise TypeError("bets")
            bets = {Outcome(k): v for k, v in raw.items()}
            table = cls(shoe, history)
            table.new_shoe = bool(start.get("new_shoe", False))
            table.deal(bets)
        except (KeyError, TypeError, ValueError, ShoeEmpty) as error:
            raise RecordError(f"the saved coup cannot be dealt again ({type(error).__name__})") from None
        return table


#: Any coup: used to validate bets with :func:`settle` before dealing.
_ANY_COUP = Coup((), (), ())


# -- the result in words ---------------------------------------------------------------


def layout_refusal(bets: Mapping[Outcome, int], bankroll: int, minimum: int, maximum: int) -> Refusal | None:
    """Why a shared table refuses a player's whole layout ``bets`` (each spot within the
    table's limits, every bet covered by the ``bankroll``); None when it takes them.
    The server and the client's screen both ask this one rule."""
    for amount in bets.values():
        if amount and not minimum <= amount <= maximum:
            return Refusal(RuleCode.SPOT_LIMITS, {"min": minimum, "max": maximum})
    total = sum(bets.values())
    if total > bankroll:
        return Refusal(RuleCode.LAYOUT_OVER_BANKROLL, {"bankroll": bankroll, "amount": total})
    return None


def result_text(coup: Coup, bets: Mapping[Outcome, int]) -> tuple[str, str]:
    """Who won, by what, and the player's net; with its kind (win, lose or push)."""
    staked = sum(bets.values())
    returned = settle(bets, coup)
    p, b = coup.player_total, coup.banker_total
    if coup.outcome is Outcome.TIE:
        head = f"Tie {p} to {b}"
    else:
        head = f"{coup.outcome.label} wins {max(p, b)} to {min(p, b)}"
    if coup.natural:
        head += " (natural)"
    net = returned - staked
    if net > 0:
        return f"{head} · you win {format_signed(net)}", "win"
    if net < 0:
        return f"{head} · you lose {format_chips(-net)}", "lose"
    if coup.outcome is Outcome.TIE:
        return f"{head} · push: your {format_chips(staked)} back", "push"
    lost = sum(stake for spot, stake in bets.items() if spot is not coup.outcome)
    return f"{head} · you break even (won and lost {format_chips(lost)})", "push"


def spot_results(coup: Coup, bets: Mapping[Outcome, int]) -> dict[Outcome, tuple[str, str]]:
    """Each spot's result (win, push or lose) and a note on its stake (``10 won +10``)."""
    outcome = coup.outcome
    results: dict[Outcome, tuple[str, str]] = {}
    for spot in Outcome:
        stake = bets.get(spot, 0)
        amount = format_chips(stake)
        if spot is outcome:
            results[spot] = ("win", f"{amount} won {format_signed(win_amount(spot, stake))}" if stake else "wins")
        elif outcome is Outcome.TIE and stake:
            results[spot] = ("push", f"{amount} push")
        else:
            results[spot] = ("lose", f"{amount} lost" if stake else "")
    return results
