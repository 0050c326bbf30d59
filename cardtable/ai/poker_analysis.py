"""The exact return of a video-poker machine under optimal play (one draw, 5 coins).

The standard counting method, vectorised with numpy:

1. Every five-card hand of the machine's deck (C(52,5) or C(53,5)) is put on its pay
   row once: hands are grouped by (natural ranks, one suit or not, number of wild
   cards) and the core's :meth:`Machine.classify` prices one hand of each group.
2. For every subset X of up to five cards, the pay total and the row counts of all
   hands that contain X are summed (``bincount`` over the 32 subsets of each hand).
3. For a deal, the hands reachable by holding H and discarding D are the hands that
   contain H and none of D: by inclusion–exclusion, ``sum over T ⊆ D of (-1)^|T|
   total[H ∪ T]``. That gives all 32 holds exactly with integer arithmetic.
4. Deals are reduced by suit symmetry (134,459 classes of the 52-card deck), the best
   hold of each class is taken (ties: more cards held, then the leftmost), and its row
   counts are weighted by the class size.

Everything is exact: the return comes out as a :class:`~fractions.Fraction`. The work
of steps 2–4 is split over the machine's cores (``workers``).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb
from multiprocessing import get_context
from typing import Any

import numpy as np
import numpy.typing as npt

from ..core.cards import SUIT_ORDER, Card
from ..core.poker_machines import JOKER, Joker, Machine, PayHand
from .poker_returns import CACHE_NAME, fingerprint, read_figures
from .poker_returns import cached_returns as cached_returns  # where callers found it first

__all__ = ["Analysis", "analyse", "all_hands", "hand_rows", "card_index", "index_card", "row_counts"]

IntArray = npt.NDArray[np.int64]
Progress = Callable[[str, int, int], None]

_PRIMES = (0, 0, 2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)  # by high rank 2..14
_BINOM = np.array([[comb(n, k) for k in range(6)] for n in range(54)], dtype=np.int64)
#: C(card, j) for each j, one contiguous table per j (a one-dimensional look-up is fast).
_BINOM_BY_SIZE = tuple(np.ascontiguousarray(_BINOM[:, j]) for j in range(6))
_POP = np.array([bin(m).count("1") for m in range(32)], dtype=np.int64)
#: Inclusion–exclusion: held positions h (rows) from the totals of supersets m (columns).
_SIGNS = np.array(
    [[(-1) ** int(_POP[m] - _POP[h]) if (m & h) == h else 0 for m in range(32)] for h in range(32)],
    dtype=np.int64,
)
#: Masks in the order ties are broken: more cards held first, then the leftmost positions.
_PREFERENCE = sorted(range(32), key=lambda m: (-int(_POP[m]), [i for i in range(5) if m >> i & 1]))


def card_index(card: Card) -> int:
    """The card's number in the analysis: 4 × (rank − 2) + suit, ace high; the joker is 52."""
    if isinstance(card, Joker):
        return 52
    high = 14 if card.rank == 1 else card.rank
    return 4 * (high - 2) + SUIT_ORDER.index(card.suit)


def index_card(index: int) -> Card:
    """Inverse of :func:`card_index`."""
    if index == 52:
        return JOKER
    high = index // 4 + 2
    return Card(1 if high == 14 else high, SUIT_ORDER[index % 4])


def all_hands(deck_size: int) -> npt.NDArray[np.int8]:
    """Every five-card hand of a ``deck_size`` deck, cards ascending, one row each
    (in the order of ``itertools.combinations``; a fresh array, free to change)."""
    hands: npt.NDArray[np.int8] = _deck_hands(deck_size).copy()
    return hands


@lru_cache(maxsize=2)
def _deck_hands(deck_size: int) -> npt.NDArray[np.int8]:
    """:func:`all_hands`, built once per deck size (read-only: the machines of one deck
    size share it)."""
    hands = _combinations(deck_size, 5)
    hands.flags.writeable = False
    return hands


def _combinations(n: int, k: int) -> npt.NDArray[np.int8]:
    """The rows of ``itertools.combinations(range(n), k)``, in its order, built with numpy:
    the rows starting with ``a`` are ``a`` then the combinations of the values above it,
    which are the last rows of the combinations of ``k - 1`` of ``1..n-1``."""
    if k == 1:
        return np.arange(n, dtype=np.int8).reshape(n, 1)
    rest = _combinations(n - 1, k - 1) + np.int8(1)
    sizes = [comb(n - a - 1, k - 1) for a in range(n - k + 1)]
    out = np.empty((sum(sizes), k), dtype=np.int8)
    out[:, 0] = np.repeat(np.arange(n - k + 1, dtype=np.int8), sizes)
    out[:, 1:] = np.concatenate([rest[len(rest) - size:] for size in sizes])
    return out


def _columns(hands: npt.NDArray[np.integer[Any]]) -> list[npt.NDArray[np.int16]]:
    """The five card columns of ``hands``, each contiguous (column operations are fast)."""
    return [np.ascontiguousarray(hands[:, position], dtype=np.int16) for position in range(5)]


def _pay_groups(hands: npt.NDArray[np.int8], wild_kind: str) -> tuple[IntArray, IntArray]:
    """Hands that must land on the same pay row of any machine with ``wild_kind`` wild
    cards, grouped: (natural ranks, one suit or not, number of wild cards). Returns the
    first hand of each group and every hand's group."""
    columns = _columns(hands)
    primes = np.array(_PRIMES + (1,), dtype=np.int64)
    key = np.ones(len(hands), dtype=np.int64)
    low = np.full(len(hands), 9, dtype=np.int16)
    high = np.full(len(hands), -1, dtype=np.int16)
    for card in columns:
        rank = card // 4 + 2
        suit = card % 4
        if wild_kind == "joker":
            wild = card == 52
        elif wild_kind == "deuces":
            wild = rank == 2
        else:
            wild = np.zeros(len(card), dtype=bool)
        # The product of five rank primes is below 41**5 < 2**31.
        key *= primes[np.where(wild, 15, rank).astype(np.intp)]
        np.minimum(low, np.where(wild, 9, suit), out=low)
        np.maximum(high, np.where(wild, -1, suit), out=high)
    key = key * 2 + (low >= high)  # one suit (or no natural card at all)
    _unique, first, inverse = np.unique(key, return_index=True, return_inverse=True)
    return first, inverse.reshape(-1)


@lru_cache(maxsize=3)
def _deck_pay_groups(deck_size: int, wild_kind: str) -> tuple[IntArray, npt.NDArray[np.int32]]:
    """:func:`_pay_groups` of every hand of the deck, once per deck size and kind of wild
    card (the machines without wild cards share it)."""
    first, inverse = _pay_groups(_deck_hands(deck_size), wild_kind)
    small = inverse.astype(np.int32)
    small.flags.writeable = False
    return first, small


def _group_rows(machine: Machine, hands: npt.NDArray[np.int8], first: IntArray) -> IntArray:
    """The pay row of each group, from the core's :meth:`Machine.classify` of its first hand."""
    place = {hand: i + 1 for i, hand in enumerate(machine.order)}
    row_of_group = np.zeros(len(first), dtype=np.int64)
    deck = [index_card(c) for c in range(53)]
    for i, cards_at in enumerate(hands[first].tolist()):
        cards = [deck[c] for c in cards_at]
        paid = machine.classify(cards)
        row_of_group[i] = 0 if paid is None else place[paid]
    return row_of_group


def hand_rows(machine: Machine, hands: npt.NDArray[np.int8]) -> IntArray:
    """The pay row of every hand: 0 for nothing, else 1 + its place in ``machine.order``."""
    first, inverse = _pay_groups(hands, machine.wild)
    return _group_rows(machine, hands, first)[inverse]


def _deck_rows(machine: Machine) -> IntArray:
    """:func:`hand_rows` of every hand of the machine's deck (the grouping shared)."""
    first, inverse = _deck_pay_groups(machine.deck_size, machine.wild)
    return _group_rows(machine, _deck_hands(machine.deck_size), first)[inverse]


def row_counts(machine: Machine, rows: IntArray) -> dict[PayHand | None, int]:
    """How many hands land on each row (None: no win)."""
    counts = np.bincount(rows, minlength=len(machine.order) + 1)
    out: dict[PayHand | None, int] = {None: int(counts[0])}
    out.update({hand: int(counts[i + 1]) for i, hand in enumerate(machine.order)})
    return out


def _subset_index(hands: npt.NDArray[np.integer[Any]], mask: int) -> IntArray:
    """Colex number of the cards of each hand picked by ``mask`` (among subsets of that size)."""
    return _subset_index_of([hands[:, position].astype(np.intp) for position in range(5)], mask)


def _subset_index_of(columns: Sequence[npt.NDArray[np.intp]], mask: int) -> IntArray:
    """:func:`_subset_index` from the hands' card columns (as look-up indices)."""
    index = np.zeros(len(columns[0]), dtype=np.int64)
    j = 0
    for position in range(5):
        if mask >> position & 1:
            j += 1
            index += _BINOM_BY_SIZE[j][columns[position]]
    return index


def _subset_indices(columns: Sequence[npt.NDArray[np.intp]], masks: Sequence[int]) -> Iterator[tuple[int, IntArray]]:
    """(mask, :func:`_subset_index_of`) for each of ``masks``, each mask's numbers from
    those of the mask less its last position (one look-up and one addition a mask;
    masks of the same size may come in any order)."""
    wanted = set(masks)

    def visit(mask: int, index: IntArray, last: int, size: int) -> Iterator[tuple[int, IntArray]]:
        if mask in wanted:
            yield mask, index
        for position in range(last + 1, 5):
            child = mask | 1 << position
            low = (2 << position) - 1  # the masks below ``child`` keep its positions up to here
            if any(m & low == child for m in wanted):
                yield from visit(child, index + _BINOM_BY_SIZE[size + 1][columns[position]], position, size + 1)

    yield from visit(0, np.zeros(len(columns[0]), dtype=np.int64), -1, 0)


# -- worker state (inherited by forked workers) ---------------------------------------------

_STATE: dict[str, Any] = {}


def _sum_masks(masks: Sequence[int]) -> dict[int, IntArray]:
    """Row counts over all hands, by subset, summed per subset size (the pay totals
    follow from them: :func:`_pay_totals`).

    Size 5 (the hand itself) keeps one row number per hand instead of a row of counts.
    """
    hands, rows, n, r = _STATE["hands"], _STATE["rows"], _STATE["n"], _STATE["r"]
    columns = [hands[:, position].astype(np.intp) for position in range(5)]
    out: dict[int, IntArray] = {}
    for mask, index in _subset_indices(columns, masks):
        size = int(_POP[mask])
        counts: Any
        if size == 5:
            counts = np.zeros(comb(n, 5), dtype=np.int64)
            counts[index] = rows
        else:
            counts = np.bincount(index * r + rows, minlength=comb(n, size) * r).reshape(-1, r)
        if size in out:
            out[size] += counts
        else:
            out[size] = counts
    return out


def _pay_totals(counts: dict[int, IntArray], pay_of_row: IntArray) -> dict[int, IntArray]:
    """The pay total over all hands containing each subset: its row counts times the pays
    (size 5: the hand's own row), exact integers."""
    return {size: pay_of_row[c] if size == 5 else c @ pay_of_row for size, c in counts.items()}


def _best_holds(lo: int, hi: int) -> tuple[IntArray, IntArray]:
    """For classes lo..hi: per number of discards, Σ weight × row counts and Σ weight × pay."""
    reps, weights = _STATE["reps"][lo:hi], _STATE["weights"][lo:hi]
    totals, counts, n, r = _STATE["totals"], _STATE["counts"], _STATE["n"], _STATE["r"]
    columns = [reps[:, position].astype(np.intp) for position in range(5)]
    indices = [_subset_index_of(columns, m) for m in range(32)]
    pays = np.stack([totals[int(_POP[m])][indices[m]] for m in range(32)], axis=1)
    numerators = pays @ _SIGNS.T  # (classes, 32 holds): pay totals over the reachable hands
    scale = np.array([_STATE["lcm"] // comb(n - 5, 5 - int(_POP[h])) for h in range(32)], dtype=np.int64)
    scaled = numerators * scale
    ordered = scaled[:, _PREFERENCE]
    best = np.array(_PREFERENCE, dtype=np.int64)[ordered.argmax(axis=1)]
    row_totals = np.zeros((len(reps), r), dtype=np.int64)
    for m in range(32):
        inside = (m & best) == best
        sign = np.where(inside, np.where((_POP[m] - _POP[best]) % 2 == 0, 1, -1), 0)
        if m == 31:  # the hand itself: its own row
            np.add.at(row_totals, (np.arange(len(reps)), counts[5][indices[m]]), sign)
        else:
            row_totals += sign[:, None] * counts[int(_POP[m])][indices[m]]
    discards = 5 - _POP[best]
    by_rows = np.zeros((6, r), dtype=np.int64)
    by_pay = np.zeros(6, dtype=np.int64)
    for k in range(6):
        chosen = discards == k
        if chosen.any():
            w = weights[chosen]
            by_rows[k] = (row_totals[chosen] * w[:, None]).sum(axis=0)
            by_pay[k] = (numerators[chosen, best[chosen]] * w).sum()
    return by_rows, by_pay


def _suit_classes(hands: npt.NDArray[np.int8]) -> tuple[IntArray, IntArray]:
    """One hand of each suit-symmetry class (rows of card indices) and the class sizes.

    A deal's class is the multiset of its four suits' rank sets (plus the joker):
    sorting the four 13-bit rank masks gives one key per class. Any member of a class
    stands for all of them (relabelling suits changes neither the holds' values nor the
    final hands), so the first deal of each class is its representative.
    """
    joker = np.zeros(len(hands), dtype=bool)
    masks = np.zeros((4, len(hands)), dtype=np.int64)
    for card in _columns(hands):
        joker |= card == 52
        bit = np.where(card == 52, 0, np.left_shift(1, np.minimum(card, 51) // 4))
        suit = card % 4
        for s in range(4):
            masks[s] += np.where(suit == s, bit, 0)
    masks = np.sort(masks.T, axis=1)
    key = (((masks[:, 3] << 13 | masks[:, 2]) << 13 | masks[:, 1]) << 13 | masks[:, 0]) << 1 | joker
    _keys, first, sizes = np.unique(key, return_index=True, return_counts=True)
    return hands[first].astype(np.int64), sizes.astype(np.int64)


@lru_cache(maxsize=2)
def _deck_suit_classes(deck_size: int) -> tuple[IntArray, IntArray]:
    """:func:`_suit_classes` of every deal of the deck, once per deck size."""
    reps, sizes = _suit_classes(_deck_hands(deck_size))
    reps.flags.writeable = False
    sizes.flags.writeable = False
    return reps, sizes


@dataclass(frozen=True)
class Analysis:
    """A machine's exact figures under optimal play at 5 coins, per coin bet."""

    machine: Machine
    #: Expected coins returned per coin bet (1 = the stake back).
    ret: Fraction
    variance: Fraction
    #: Probability of each final hand (None: no win), best row first.
    probabilities: tuple[tuple[PayHand | None, Fraction], ...]
    #: Suit classes of deals analysed, and the seconds it took.
    classes: int
    seconds: float

    @property
    def return_text(self) -> str:
        """The return to 6 decimal places, e.g. ``0.995439``."""
        return f"{float(self.ret):.6f}"


def analyse(machine: Machine, workers: int | None = None, progress: Progress | None = None) -> Analysis:
    """The exact return, final-hand probabilities and variance of ``machine`` (one draw,
    5 coins, best hold on every deal). ``workers``: processes (default: every core)."""
    import time

    start = time.perf_counter()
    say = progress or (lambda _stage, _done, _total: None)
    n = machine.deck_size
    r = len(machine.order) + 1
    coins = machine.max_coins
    pay_of_row = np.array([0] + [machine.pays[h][coins - 1] for h in machine.order], dtype=np.int64)
    say("hands", 0, 4)
    hands = _deck_hands(n)
    rows = _deck_rows(machine)
    say("hands", 1, 4)
    lcm = 1
    for k in range(6):
        lcm = lcm * comb(n - 5, k) // np.gcd(lcm, comb(n - 5, k))
    _STATE.clear()
    _STATE.update(hands=hands, rows=rows, n=n, r=r, lcm=lcm)
    workers = max(1, workers if workers is not None else (os.cpu_count() or 1))
    ctx = get_context("fork") if workers > 1 and "fork" in _start_methods() else None
    counts: dict[int, IntArray] = {}
    # One representative mask per subset size is enough: every subset of every hand
    # appears exactly once under the masks of its size, so sum over all 32 masks.
    mask_groups = [list(range(32))[i::workers] for i in range(workers)]
    if ctx is None:
        results = [_sum_masks(group) for group in mask_groups]
    else:
        with ProcessPoolExecutor(workers, mp_context=ctx) as pool:
            results = list(pool.map(_sum_masks, mask_groups))
    for part in results:
        for size, c in part.items():
            if size in counts:
                counts[size] += c
            else:
                counts[size] = c
    totals = _pay_totals(counts, pay_of_row)
    say("subsets", 2, 4)
    reps, weights = _deck_suit_classes(n)
    say("classes", 3, 4)
    _STATE.update(totals=totals, counts=counts, reps=reps, weights=weights)
    del _STATE["hands"], _STATE["rows"]
    chunk = 8192
    bounds = [(lo, min(lo + chunk, len(reps))) for lo in range(0, len(reps), chunk)]
    by_rows = np.zeros((6, r), dtype=np.int64)
    by_pay = np.zeros(6, dtype=np.int64)
    done = 0
    if ctx is None:
        parts: Any = (_best_holds(lo, hi) for lo, hi in bounds)
        pool2 = None
    else:
        pool2 = ProcessPoolExecutor(workers, mp_context=ctx)
        parts = pool2.map(_best_holds, [b[0] for b in bounds], [b[1] for b in bounds])
    try:
        for part_rows, part_pay in parts:
            by_rows += part_rows
            by_pay += part_pay
            done += 1
            say("deals", 3 * len(bounds) + done, 4 * len(bounds))
    finally:
        if pool2 is not None:
            pool2.shutdown()
    _STATE.clear()
    deals = comb(n, 5)
    ret = sum((Fraction(int(by_pay[k]), comb(n - 5, k)) for k in range(6)), Fraction(0)) / (deals * coins)
    probs = [sum((Fraction(int(by_rows[k, i]), comb(n - 5, k)) for k in range(6)), Fraction(0)) / deals
             for i in range(r)]
    second = sum((p * Fraction(int(pay_of_row[i]), coins) ** 2 for i, p in enumerate(probs)), Fraction(0))
    probabilities = tuple((hand, probs[i + 1]) for i, hand in enumerate(machine.order)) + ((None, probs[0]),)
    return Analysis(machine, ret, second - ret * ret, probabilities, len(reps), time.perf_counter() - start)


def _start_methods() -> list[str]:
    import multiprocessing

    return multiprocessing.get_all_start_methods()


# -- the cache the room reads, and the command ---------------------------------------------

def save_result(folder: os.PathLike[str] | str, analysis: Analysis) -> None:
    """Record a computed return in ``folder``'s cache (written whole, then renamed)."""
    import json
    from pathlib import Path

    path = Path(folder) / CACHE_NAME
    data = read_figures(path)
    data[analysis.machine.key] = {
        "fingerprint": fingerprint(analysis.machine),
        "return": str(analysis.ret),
        "variance": str(analysis.variance),
        "seconds": round(analysis.seconds, 1),
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")  # two copies never share one
    temporary.write_text(json.dumps(data, indent=2), encoding="utf-8")
    temporary.replace(path)


def _bar(stream: Any) -> Progress:
    """A one-line progress bar on ``stream`` (redrawn in place on a terminal)."""
    import time

    start = time.perf_counter()
    tty = bool(getattr(stream, "isatty", lambda: False)())
    shown = {"step": -1}

    def progress(stage: str, done: int, total: int) -> None:
        step = done * 20 // max(total, 1)
        if not tty and step == shown["step"]:
            return
        shown["step"] = step
        bar = "#" * step + "." * (20 - step)
        line = f"[{bar}] {done * 100 // max(total, 1):3d} %  {stage:<8} {time.perf_counter() - start:5.1f} s"
        stream.write(("\r" + line) if tty else line + "\n")
        stream.flush()

    return progress


def report(analysis: Analysis) -> str:
    """What ``cardtable analyse poker`` prints."""
    from rich.cells import cell_len

    from ..i18n import N_, _
    from ..i18n.formatting import number
    from ..i18n.text import pad

    machine = analysis.machine
    column = max(9, *(cell_len(_(label)) + 1 for label in (N_("return"), N_("exact"), N_("variance"))))
    lines = [
        _("{name} ({key}), 5 coins, one draw, optimal play").format(name=machine.name, key=machine.key),
        pad(_("return"), column) + f"{analysis.return_text}  ({number(float(analysis.ret) * 100, 4)} %)",
        pad(_("exact"), column) + f"{analysis.ret.numerator}/{analysis.ret.denominator}",
        pad(_("variance"), column) + _("{variance} (per coin bet, squared)").format(
            variance=number(float(analysis.variance), 6)),
        pad(_("final hand"), 27) + pad(_("probability"), 14) + _("pays/coin"),
    ]
    for hand, p in analysis.probabilities:
        label = _("No win") if hand is None else machine.row_label(hand)
        pays = "0" if hand is None else f"{machine.pays[hand][-1] / machine.max_coins:g}"
        lines.append(f"  {pad(label, 24)} {float(p):.9f}   {pays:>7}")
    lines.append(_("{classes} suit classes of deals, {seconds} s").format(
        classes=number(analysis.classes), seconds=number(analysis.seconds, 1)))
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """``cardtable analyse poker --machine NAME|all [--workers N] [--data-dir PATH]``."""
    import argparse
    import sys
    from pathlib import Path

    from ..argtypes import one_line
    from ..i18n import _
    from ..i18n.helpformat import CellHelpFormatter
    from .poker_machines import MACHINE_ORDER, UnknownMachine, load_machines, machine_named

    class _Parser(argparse.ArgumentParser):
        def error(self, message: str) -> Any:
            raise UnknownMachine(message)

    parser = _Parser(prog="cardtable analyse", formatter_class=CellHelpFormatter,
                     description=_("Exact return of a video-poker machine under optimal play."))
    parser.add_argument("game", choices=["poker"])
    parser.add_argument("--machine", required=True, metavar="NAME", help=_("one of {machines}, or all").format(
        machines=", ".join(MACHINE_ORDER)))
    parser.add_argument("--workers", type=int, default=None, metavar="N", help=_("processes (default: every core)"))
    parser.add_argument("--data-dir", metavar="PATH", help=_("where the computed returns are kept for the room"))
    parser.add_argument("--quiet", action="store_true", help=_("no report, no progress bar (only the cache)"))
    try:
        args = parser.parse_args(list(argv) if argv is not None else None)
        if args.workers is not None and not 1 <= args.workers <= 64:
            raise UnknownMachine(f"--workers must be 1 to 64, not {args.workers}")
        if args.machine.strip().lower() == "all":
            machines = list(load_machines().values())
        else:
            machines = [machine_named(args.machine)]
    except UnknownMachine as error:
        print(_("cardtable: error: {message}").format(message=_("{error} (see '{where}')").format(
            error=one_line(str(error), clip=False), where="cardtable analyse --help")), file=sys.stderr)
        return 2
    folder = Path(args.data_dir).expanduser() if args.data_dir else _default_folder()
    for machine in machines:
        progress = None if args.quiet else _bar(sys.stderr)
        try:
            analysis = analyse(machine, workers=args.workers, progress=progress)
        except KeyboardInterrupt:
            print("\n" + _("cardtable analyse: interrupted"), file=sys.stderr)
            return 130
        if not args.quiet:
            sys.stderr.write("\n" if getattr(sys.stderr, "isatty", lambda: False)() else "")
            print(report(analysis), flush=True)
        try:
            save_result(folder, analysis)
        except OSError as error:
            print(_("cardtable analyse: note: the figure was not kept ({reason})").format(
                reason=error.strerror or error), file=sys.stderr)
    return 0


def _default_folder() -> os.PathLike[str]:
    """The data folder the store uses by default (platformdirs' user data folder)."""
    from pathlib import Path

    import platformdirs

    return Path(platformdirs.user_data_dir("cardtable", appauthor=False))
