"""The machines' exact returns as the room shows them, read without computing anything.

Two sources, both written in one shape (machine key -> its pay table's fingerprint and
the exact return as a fraction):

* the shipped figures, ``assets/data/poker-returns.json``, written by
  ``scripts/poker_returns.py`` from :func:`cardtable.ai.poker_analysis.analyse` and
  compared with that exact analysis by ``tests/ai/test_poker_ai.py`` (so they cannot go
  stale): a fresh data folder knows every return at once;
* the data folder's ``poker-returns.json``, which ``cardtable analyse poker`` fills —
  figures for a pay table that the shipped file does not know (a changed table).

A figure counts only while its fingerprint matches the machine's pay table. The shipped
figures also carry a digest of each pay-table file as shipped, so the lobby can check them
against the files without building the machines at all (:func:`shipped_for_files`). This
module imports neither numpy nor the core's poker modules: the lobby reads it before its
first frame.
"""

from __future__ import annotations

import json
import os
import zlib
from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..resources import asset_path

if TYPE_CHECKING:
    from ..core.poker_machines import Machine

__all__ = ["CACHE_NAME", "SHIPPED", "fingerprint", "file_digest", "read_figures", "cached_returns",
           "shipped_returns", "shipped_for_files", "known_returns"]

#: File in the data folder with the returns this program computed.
CACHE_NAME = "poker-returns.json"
#: The shipped figures (in ``assets/data``).
SHIPPED = ("data", "poker-returns.json")


def fingerprint(machine: Machine) -> str:
    """A short digest of the machine's pay table: a changed table invalidates its figure."""
    import hashlib  # imported here: the lobby's quick path (``file_digest``) needs no OpenSSL

    text = json.dumps(machine.to_mapping(), sort_keys=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def file_digest(key: str) -> str | None:
    """The shipped pay-table file of machine ``key`` in short: its length and CRC-32 (None
    if unreadable). It tells an edited file from the one analysed, not a forgery: no
    secret rests on it, and the lobby reads it at every start (the CRC needs no OpenSSL,
    whose loading cost a hundredth of the start-up)."""
    try:
        data = asset_path("paytables", f"{key}.json").read_bytes()
    except OSError:
        return None
    return f"{len(data)}-{zlib.crc32(data):08x}"


def read_figures(path: os.PathLike[str] | str) -> dict[str, Any]:
    """The JSON object in ``path``; empty when it is missing or unreadable."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _valid(data: Mapping[str, Any], machines: Sequence[Machine]) -> dict[str, Fraction]:
    """The figures of ``data`` whose fingerprint matches the machine's pay table."""
    out: dict[str, Fraction] = {}
    for machine in machines:
        entry = data.get(machine.key)
        if not isinstance(entry, dict) or entry.get("fingerprint") != fingerprint(machine):
            continue
        try:
            out[machine.key] = Fraction(str(entry["return"]))
        except (KeyError, ValueError, ZeroDivisionError):
            continue
    return out


def cached_returns(folder: os.PathLike[str] | str, machines: Sequence[Machine]) -> dict[str, Fraction]:
    """The returns this program computed earlier in ``folder`` for ``machines`` (by key);
    a figure whose pay table has changed since, or that cannot be read, is left out."""
    return _valid(read_figures(Path(folder) / CACHE_NAME), machines)


@lru_cache(maxsize=1)
def _shipped_data() -> Mapping[str, Any]:
    return read_figures(asset_path(*SHIPPED))


def shipped_returns(machines: Sequence[Machine]) -> dict[str, Fraction]:
    """The shipped exact returns of ``machines`` whose pay table is the one analysed."""
    return _valid(_shipped_data(), machines)


def shipped_for_files(keys: Sequence[str]) -> dict[str, Fraction]:
    """The shipped returns of the machines ``keys`` whose pay-table file is byte for byte the
    one analysed (no machine is built: the lobby's quick path)."""
    data = _shipped_data()
    out: dict[str, Fraction] = {}
    for key in keys:
        entry = data.get(key)
        if not isinstance(entry, dict) or entry.get("file") is None or entry.get("file") != file_digest(key):
            continue
        try:
            out[key] = Fraction(str(entry["return"]))
        except (KeyError, ValueError, ZeroDivisionError):
            continue
    return out


def known_returns(folder: os.PathLike[str] | str | None, machines: Sequence[Machine]) -> dict[str, Fraction]:
    """Every return known for ``machines``: the shipped ones, then the data folder's."""
    known = shipped_returns(machines)
    if folder is not None:
        known.update(cached_returns(folder, machines))
    return known
