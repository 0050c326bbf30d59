"""The ``Store`` facade: one object for the player's persistent state, opened with
``Store.open``, made of the store's parts (rounds, wallet, statistics, history, settings,
drills, table memory, claims) over one connection."""

from __future__ import annotations

import os
from pathlib import Path

from .checked import left_as_checked
from .claims import ClaimsMixin
from .drills import DrillsMixin
from .errors import StoreError, Unusable
from .history import HistoryMixin
from .memory import MemoryMixin
from .opening import connect_and_check, identity, move_aside, prepare_folder
from .private import create_private, make_private
from .rounds import RoundsMixin
from .schema import DB_NAME
from .settings import SettingsMixin
from .stats import StatsMixin
from .values import START_BANKROLL
from .wallet import WalletMixin

__all__ = ["Store"]


class Store(
    RoundsMixin,
    WalletMixin,
    StatsMixin,
    HistoryMixin,
    SettingsMixin,
    DrillsMixin,
    MemoryMixin,
    ClaimsMixin,
):
    """The player's persistent state in one SQLite file. Use ``Store.open``."""

    @classmethod
    def open(cls, data_dir: str | os.PathLike[str] | None = None) -> Store:
        """Open (creating if needed) the store in ``data_dir``.

        ``None`` means the platform's user data folder. A file that cannot be used
        is renamed aside and replaced by a fresh one (see ``notice``); a folder that
        cannot be used raises ``StoreError``.
        """
        folder = prepare_folder(data_dir)
        path = folder / DB_NAME
        notice: str | None = None
        moved_aside: tuple[str, Path] | None = None
        for _attempt in range(3):
            create_private(path)
            before = identity(path)
            # Left as this program left it at its last clean close: neither the integrity
            # scan nor the bankroll's check against the records (both read every round).
            as_left = left_as_checked(path)
            try:
                conn = connect_and_check(path, scan=not as_left)
            except Unusable as why:
                moved = move_aside(path, before)
                if moved is not None:
                    moved_aside = (str(why), moved)
                    notice = (
                        f"Your saved data could not be used ({why}), so it was moved to "
                        f"{moved} and a fresh file was started with "
                        f"{START_BANKROLL // 100:,} chips."
                    )
                continue  # open the fresh file (or the one another copy just made)
            store = cls(path, conn, notice)
            store.opened_as = identity(path)
            store.moved_aside = moved_aside
            store.privacy_notice = make_private(folder)
            store.tampered = None if as_left else store._bankroll_check()
            return store
        raise StoreError(f"The data file {path} could not be opened or replaced.")

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
