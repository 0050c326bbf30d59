"""What the count drill says: its title, the question of each phase, the verdict on an
answer and the score. Pure text from the drill's state, in the language in force (the
screen, :mod:`cardtable.ui.screens.count_drill`, shows it and says it again on a change
of language)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from ....ai.counting.drill import CountQuestion
from ....i18n import _, ngettext
from ....i18n.formatting import number

__all__ = ["signed", "title", "intro", "keys_line", "asking", "verdict", "score"]


def signed(x: float) -> str:
    """A count: "+3", "−2", "0"."""
    text = f"{x:+g}" if x else "0"
    return text.replace("-", "\u2212")


def title(system: str, decks: int, n: int, total: int, over: bool) -> str:
    """"Count drill · Hi-Lo · 6 decks · question 3 of 10", or "· over"."""
    if over:
        return _("Count drill · {system} · over").format(system=system)
    return _("Count drill · {system} · {decks} · question {n} of {total}").format(
        system=system, decks=ngettext("{n} deck", "{n} decks", decks).format(n=decks), n=n, total=total)


def intro(q: CountQuestion, start: float) -> str:
    """Where the count stands before the cards: a new shoe's start, or the count so far."""
    if q.new_shoe:
        return _("A new shoe: the count starts at {count}.").format(count=signed(start))
    return _("The count so far: {count}.").format(count=signed(q.before))


def keys_line() -> str:
    """The keys that work while cards are dealt (the footer has no room for them)."""
    return _("While cards are dealt: {m} rounds or single cards · {y} count system · {i} index drill").format(
        m="[b]m[/b]", y="[b]y[/b]", i="[b]i[/b]")


def asking(phase: str, q: CountQuestion | None) -> str:
    """What the player is asked in ``phase`` ("dealing", "running", "true")."""
    if phase == "running":
        return _("Running count?")
    if phase == "true" and q is not None:
        return _("Decks left (the tray): {decks}. True count?").format(
            decks=number(q.decks_left, 1).removesuffix(".0").removesuffix(",0"))
    return _("Count the cards…")


def verdict(q: CountQuestion, running: tuple[bool, float], true: tuple[bool, float], seconds: float) -> Text:
    """Both answers graded (right, or what was said), and the time they took."""
    out = Text()
    exact_true = ("+" if q.true_count >= 0 else "\u2212") + number(abs(q.true_count), 2)
    for (ok, said), what, right in ((running, _("running count {count}"), signed(q.running)),
                                    (true, _("true count {count}"), exact_true)):
        out.append("✓ " if ok else "✗ ", style="bold green" if ok else "bold red")
        out.append(what.format(count=right) + (
            "" if ok else " " + _("(you said {count})").format(count=signed(said))) + "   ")
    out.append(_("{seconds} s").format(seconds=number(seconds, 1)))
    return out


def score(results: Sequence[tuple[bool, bool, float]]) -> Text:
    """The drill's score from its (running right, true right, seconds) answers."""
    taken = len(results)
    best = sum(1 for r, t, _s in results if r and t)
    running = sum(1 for r, _t, _s in results if r)
    true = sum(1 for _r, t, _s in results if t)
    pace = sum(s for _r, _t, s in results) / taken if taken else 0.0
    return Text.assemble((_("Drill over") + "\n", "bold"), _(
        "{n} answered, {best} fully right ({share} %): running counts {running}/{n}, "
        "true counts {true}/{n}, {seconds} s a question.").format(
            n=taken, best=best, share=round(100 * best / max(taken, 1)), running=running, true=true,
            seconds=number(pace, 1)) + "\n", (_("enter: another drill · escape: back"), "dim"))
