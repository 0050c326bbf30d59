"""Table claims: an OS file lock beside the data file per game, so that two running
copies of cardtable never sit at the same game's table (and a killed copy lets go)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import IO

from .base import StoreBase
from .errors import StoreError
from .values import check_game

__all__ = ["TableClaim", "ClaimsMixin"]


class TableClaim:
    """An exclusive lock on one game's table, held while a screen shows that table."""

    def __init__(self, handle: IO[bytes]) -> None:
        self._handle: IO[bytes] | None = handle

    @classmethod
    def acquire(cls, path: Path) -> TableClaim | None:
        """Lock ``path`` (created if missing); None when another process holds it."""
        try:
            handle = open(path, "a+b")  # noqa: SIM115 - held until release()
        except OSError as error:
            raise StoreError(
                f"The lock file {path} cannot be opened: {error.strerror or error}."
            ) from None
        try:
            if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
                import msvcrt

                handle.seek(0)
                msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
            else:
                import fcntl

                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            return None
        return cls(handle)

    @property
    def held(self) -> bool:
        return self._handle is not None

    def release(self) -> None:
        """Let go of the table (closing the file drops the lock). Safe to repeat."""
        handle, self._handle = self._handle, None
        if handle is not None:
            handle.close()


class ClaimsMixin(StoreBase):
    """The store's side of the claims: one lock file per game beside the data file."""

    def claim_table(self, game: str) -> TableClaim | None:
        """Sit at ``game``'s table in this copy of the program, or None if another
        running copy already sits there (its open round is its own to play out).

        The claim is an OS file lock beside the data file, so a copy that is killed
        (even with ``kill -9``) lets go at once. Release it with ``claim.release()``.
        """
        check_game(game)
        return TableClaim.acquire(self.path.with_name(f"{self.path.name}.{game}.lock"))
