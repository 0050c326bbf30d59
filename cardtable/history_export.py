"""``cardtable history`` and ``cardtable stats``: the history exported or printed.

Why these formats: a CSV must open in a spreadsheet as it is — a header row, ISO 8601
times with the local offset (``2026-12-01T03:08:47+01:00``), amounts as decimal chips
(``4.75``, ``-10.00``), cards in the rule book's text notation (``AS TD``). JSON Lines
keeps everything, the round's record (every seat's actions) included, one round a line.
"""

from __future__ import annotations

import csv
import json
import os
from datetime import date, datetime, time, timezone
from functools import lru_cache
from pathlib import Path
from typing import Any, TextIO

from rich.cells import cell_len

from .history_stats import EDGE_FROM_ROUNDS, GAME_TITLES, StatsRow, local_minute, stats_headings
from .i18n import _
from .i18n.formatting import chips, number
from .store import HistoryEntry, HistoryFilter, Store

__all__ = [
    "CSV_COLUMNS",
    "ExportError",
    "decimal_chips",
    "export",
    "history_table",
    "iso_local",
    "parse_since",
    "row_of",
    "stats_table",
]

#: The CSV's columns, in order (JSON Lines has the same keys and more).
CSV_COLUMNS = (
    "id", "time", "game", "staked", "returned", "net", "bankroll_after",
    "result", "player_cards", "dealer_cards", "outcome",
)


class ExportError(Exception):
    """A bad path or filter; the message is the one line shown."""


def decimal_chips(amount: int) -> str:
    """Hundredths as decimal chips with two places: ``-10.00``, ``4.75``."""
    if amount < 0:
        whole, cents = divmod(-amount, 100)
        return f"-{whole}.{cents:02d}"
    whole, cents = divmod(amount, 100)
    return f"{whole}.{cents:02d}"


@lru_cache(maxsize=4096)  # rounds settled in the same second share their text
def iso_local(at: str) -> str:
    """The store's UTC time as ISO 8601 in local time with its offset."""
    try:
        when = datetime.fromisoformat(at.replace("Z", "+00:00"))
    except ValueError:
        return at
    return when.astimezone().isoformat(timespec="seconds")


def parse_since(text: str) -> str:
    """``--since``: a date (local midnight) or an ISO 8601 time; the store's UTC text.

    ``ExportError`` in one line for anything else."""
    raw = text.strip()
    try:
        if len(raw) == 10:
            when = datetime.combine(date.fromisoformat(raw), time()).astimezone()
        else:
            when = datetime.fromisoformat(raw.replace("Z", "+00:00"))
            if when.tzinfo is None:
                when = when.astimezone()
    except ValueError:
        shown = raw if len(raw) <= 40 else raw[:37] + "..."
        raise ExportError(
            _("--since takes a date like 2026-11-30 or a time like 2026-11-30T18:00+01:00, not {text}").format(
                text=repr(shown))
        ) from None
    return when.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _names(value: object) -> str:
    return " ".join(str(v) for v in value) if isinstance(value, list) else ""


def cards_of(entry: HistoryEntry) -> tuple[str, str, str]:
    """(player's cards, dealer's or banker's cards, outcome) in the rule book's notation."""
    d = entry.details
    if entry.game == "blackjack":
        hands = d.get("hands") if isinstance(d.get("hands"), list) else []
        mine = " | ".join(_names(h.get("cards")) for h in hands or [] if isinstance(h, dict))
        outcome = " | ".join(str(h.get("outcome", "")) for h in hands or [] if isinstance(h, dict))
        return mine, _names(d.get("dealer")), outcome
    if entry.game == "baccarat":
        return _names(d.get("player")), _names(d.get("banker")), str(d.get("outcome") or "")
    if entry.game == "poker":
        return _names(d.get("cards")), "", str(d.get("paid_on") or d.get("hand") or "")
    return "", "", ""


def _result(net: int) -> str:
    return "won" if net > 0 else "lost" if net < 0 else "pushed"


def row_of(entry: HistoryEntry) -> dict[str, Any]:
    """The CSV row of one round (strings, as a spreadsheet reads them)."""
    player, dealer, outcome = cards_of(entry)
    return {
        "id": entry.id,
        "time": iso_local(entry.at),
        "game": entry.game,
        "staked": decimal_chips(entry.stake),
        "returned": decimal_chips(entry.returned),
        "net": decimal_chips(entry.net),
        "bankroll_after": "" if entry.bankroll is None else decimal_chips(entry.bankroll),
        "result": _result(entry.net),
        "player_cards": player,
        "dealer_cards": dealer,
        "outcome": outcome,
    }


def _check_target(path: Path) -> str:
    suffix = path.suffix.lower()
    if suffix not in (".csv", ".jsonl"):
        raise ExportError(_("--export FILE must end in .csv or .jsonl, not {name}").format(name=repr(path.name[-40:])))
    folder = path.parent
    if not folder.is_dir():
        raise ExportError(_("cannot write {path}: the folder {folder} does not exist").format(path=path, folder=folder))
    if path.is_dir():
        raise ExportError(_("cannot write {path}: it is a folder").format(path=path))
    if not os.access(folder, os.W_OK):
        raise ExportError(_("cannot write {path}: permission denied").format(path=path))
    return suffix


def export(store: Store, path: Path, where: HistoryFilter) -> int:
    """Write every round ``where`` selects, oldest first, to ``path``; returns the count.

    Written to a temporary file beside it and renamed, so a failed export never leaves
    half a file behind."""
    suffix = _check_target(path)
    where = HistoryFilter(where.game, where.since, where.until, where.result, "oldest")
    temporary = path.with_name(f".{path.name}.part")
    try:
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)  # a history is private
        with open(fd, "w", encoding="utf-8", newline="") as out:
            count = (_write_csv if suffix == ".csv" else _write_jsonl)(store, out, where)
        os.replace(temporary, path)
    except BaseException as error:  # a full disk, the data file, ctrl+c: no half file
        try:
            temporary.unlink()
        except OSError:
            pass
        if isinstance(error, OSError):
            reason = error.strerror or error
            raise ExportError(_("cannot write {path}: {reason}").format(path=path, reason=reason)) from None
        raise
    return count


def _write_csv(store: Store, out: TextIO, where: HistoryFilter) -> int:
    writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS)
    writer.writeheader()
    count = 0
    for entry in store.iter_history(where):
        writer.writerow(row_of(entry))
        count += 1
    return count


def _write_jsonl(store: Store, out: TextIO, where: HistoryFilter) -> int:
    count = 0
    dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
    write = out.write
    for entry, record in store.iter_records(where):
        line = row_of(entry)
        line["details"] = entry.details
        text = dumps(line)
        # The record is already compact JSON text: written as it is, not parsed again.
        write(f'{text[:-1]},"record":{record or "null"}}}\n')
        count += 1
    return count


# -- printed in the terminal ----------------------------------------------------------------


def _chips(amount: int, signed: bool = False) -> str:
    """An amount as the language writes it; ``signed``: ``+15``, ``-10``, ``±0``."""
    text = chips(abs(amount))
    if signed:
        return ("+" if amount > 0 else "-" if amount < 0 else "±") + text
    return ("-" if amount < 0 else "") + text


def aligned(
    head: list[str], rows: list[list[str]], right: set[int], last_free: bool = False, gap: int = 2
) -> list[str]:
    """Columns ``gap`` cells apart, each as wide as its widest text in terminal cells (a
    Japanese character is two), numbers (``right``) right-aligned; the heading, a rule,
    the rows. ``last_free``: the last column is not padded (the cards run on)."""
    widths = [max(cell_len(line[i]) for line in [head, *rows]) for i in range(len(head))]

    def line(cells: list[str]) -> str:
        out = []
        for i, text in enumerate(cells):
            room = " " * (widths[i] - cell_len(text))
            out.append(room + text if i in right else text if last_free and i == len(cells) - 1 else text + room)
        return (" " * gap).join(out).rstrip()

    first = line(head)
    return [first, "-" * cell_len(first), *(line(r) for r in rows)]


def history_table(entries: list[HistoryEntry]) -> list[str]:
    """The last rounds as aligned lines (numbers right-aligned), newest first."""
    rows: list[list[str]] = []
    for e in entries:
        player, dealer, outcome = cards_of(e)
        outcome = " | ".join(_(part) for part in outcome.split(" | ")) if outcome else ""  # the outcome's words
        cards = player + (f"  v {dealer}" if dealer else "") + (f"  ({outcome})" if outcome else "")
        title = _(GAME_TITLES[e.game]) if e.game in GAME_TITLES else e.game
        rows.append([str(e.id), local_minute(e.at), title, _chips(e.stake), _chips(e.net, True), cards])
    head = ["#", _("When"), _("Game"), _("Staked"), _("Net"), _("Cards")]
    return aligned(head, rows, {0, 3, 4}, last_free=True)


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{number(value * 100, 2)}%"


def stats_table(rows: list[StatsRow], bankroll: int) -> list[str]:
    """The statistics as aligned lines: a row per game, then all games."""
    head = [*stats_headings(), _("Refills")]
    cells = [
        [_(r.title), number(r.rounds), number(r.won), number(r.lost), number(r.pushed), _chips(r.net, True),
         _chips(r.biggest_win), _chips(r.biggest_loss), _pct(r.edge), _pct(r.exact_edge), number(r.refills)]
        for r in rows
    ]
    lines = aligned(head, cells, set(range(1, len(head))), gap=1)  # eleven columns in 80 cells
    lines.append("")
    lines.append(_("Bankroll {amount} chips. Edge: what the house won per chip staked (from {rounds} rounds);"
                   " Exact: the house edge of perfect play for those stakes.").format(
        amount=_chips(bankroll), rounds=number(EDGE_FROM_ROUNDS)))
    return lines
