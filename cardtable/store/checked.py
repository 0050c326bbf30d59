"""The data file as this program left it: after a clean close, a note beside the file of
its size, modification and change times and inode. A file opened just as it was left
(with no write-ahead log beside it, which another copy or a killed one would leave) needs
neither the integrity scan (``PRAGMA quick_check`` reads every page, about 60 ms at every
start for a history of 100,000 rounds) nor the bankroll's check against every round: it
was sound when left (a bankroll the records do not explain is never noted as left). Any
change since (a round played by another copy, a crash, an edit, a damaged write) moves a
time or the size, and both run as before."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["left_as_checked", "mark_checked"]

#: Beside the data file, under its name (so kept private with it).
_SUFFIX = "-checked"


def _state(path: Path) -> str | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return f"{st.st_size} {st.st_mtime_ns} {st.st_ctime_ns} {st.st_dev} {st.st_ino}"


def _note(path: Path) -> Path:
    return path.with_name(path.name + _SUFFIX)


def left_as_checked(path: Path) -> bool:
    """Whether ``path`` is exactly as this program left it at a clean close, with no
    write-ahead log beside it."""
    try:
        if os.path.getsize(path.with_name(path.name + "-wal")) > 0:
            return False
    except OSError:
        pass  # no log: the usual state after the last connection closed
    try:
        noted = _note(path).read_text(encoding="ascii").strip()
    except (OSError, ValueError):
        return False
    return noted != "" and noted == _state(path)


def mark_checked(path: Path) -> None:
    """Note ``path`` as left now (called once its connection is closed; nothing is
    noted if it cannot be written: the next start scans the file)."""
    state = _state(path)
    note = _note(path)
    try:
        if state is None:
            note.unlink(missing_ok=True)
            return
        fd = os.open(note, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="ascii") as out:
            out.write(state + "\n")
    except OSError:
        pass
