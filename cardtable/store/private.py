"""Private file modes: the data folder owner-only and cardtable's files in it readable by
the player alone, because an open round holds the shoe's undealt cards."""

from __future__ import annotations

import os
from pathlib import Path

from .schema import DB_NAME

__all__ = ["create_private", "make_private", "short"]

#: Files of the data folder kept private (the data file with its -wal, -shm, locks and
#: moved-aside copies, the shared tables' keys, the poker returns cache).
_PRIVATE = (DB_NAME, "shared-tables.json", "poker-returns.json")


def create_private(path: Path) -> None:
    """Create the data file empty and owner-only if it is missing (SQLite gives its
    -wal and -shm files the data file's mode): an open round holds the shoe's undealt
    cards, so no other user of the machine may read it."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT, 0o600))
    except OSError:
        pass  # opening it says why, in words


def make_private(folder: Path) -> str | None:
    """The folder owner-only (0700) and cardtable's files in it 0600; one line saying
    what was repaired, or None when all was private already (or cannot be changed)."""
    if os.name != "posix":
        return None
    repaired = 0
    try:
        if folder.stat().st_mode & 0o077:
            os.chmod(folder, 0o700)
            repaired += 1
        for entry in os.scandir(folder):
            if entry.name.startswith(_PRIVATE) and entry.is_file(follow_symlinks=False):
                if entry.stat(follow_symlinks=False).st_mode & 0o077:
                    os.chmod(entry.path, 0o600)
                    repaired += 1
    except OSError:
        return None
    if not repaired:
        return None
    return f"The data folder {short(folder)} could be read by other users of this machine: it is now private."


def short(path: Path, limit: int = 160) -> str:
    """A path for a one-line message: long ones keep their start and end."""
    text = str(path)
    return text if len(text) <= limit else f"{text[:60]}…{text[-60:]}"
