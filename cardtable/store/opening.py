"""Opening the data file: the folder made ready, the file connected and checked (its
version, its integrity, its tables), created or migrated, and a file that cannot be used
moved aside under a timestamped name so that a fresh one can take its place."""

from __future__ import annotations

import os
import sqlite3
from datetime import datetime, timezone
from pathlib import Path

from .base import identity, rollback
from .errors import NewerDataFile, StoreError, Unusable, env_reason
from .private import short
from .schema import (
    DB_NAME,
    SCHEMA_VERSION,
    check_tables,
    create,
    migrate_1_to_2,
    migrate_2_to_3,
    table_names,
)
from .values import GAMES

__all__ = ["BUSY_TIMEOUT_MS", "prepare_folder", "identity", "connect_and_check", "damaged", "move_aside"]

#: How long a write waits for another process before giving up (ms). The app lowers
#: it (``set_busy_timeout``) so that no key blocks the screen while a file is locked.
BUSY_TIMEOUT_MS = 5000
#: SQLite refuses file names longer than this (its default SQLITE_MAX_PATHNAME, less
#: room for the "-wal" and "-shm" files beside the data file).
_SQLITE_MAX_PATH = 500


def prepare_folder(data_dir: str | os.PathLike[str] | None) -> Path:
    """The data folder, made if missing (owner-only); ``StoreError`` when it cannot be used.

    ``None`` means the platform's user data folder."""
    if data_dir is None:
        import platformdirs  # imported here: only needed for the default folder

        folder = Path(platformdirs.user_data_dir("cardtable", appauthor=False))
    else:
        folder = Path(os.fspath(data_dir)).expanduser()
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except FileExistsError:
        raise StoreError(
            f"The data folder {short(folder)} cannot be used because it is a file, not a folder."
        ) from None
    except NotADirectoryError:
        raise StoreError(
            f"The data folder {short(folder)} cannot be created because part of its path is a file."
        ) from None
    except PermissionError:
        raise StoreError(
            f"The data folder {short(folder)} cannot be created: permission denied."
        ) from None
    except OSError as error:
        reason = error.strerror or str(error)
        raise StoreError(f"The data folder {short(folder)} cannot be created: {reason}.") from None
    try:
        if not folder.is_dir():
            raise StoreError(f"The data folder {short(folder)} is not a folder.")
        if not os.access(folder, os.W_OK | os.X_OK):
            raise StoreError(f"The data folder {short(folder)} cannot be written: permission denied.")
        if (folder / DB_NAME).is_dir():
            raise StoreError(
                f"The data file {short(folder / DB_NAME)} cannot be used because it is a folder."
            )
    except OSError as error:  # e.g. a path too long for the system
        raise StoreError(
            f"The data folder {short(folder)} cannot be used: {error.strerror or error}."
        ) from None
    if len(os.fsencode(os.path.abspath(folder / DB_NAME))) > _SQLITE_MAX_PATH:
        raise StoreError(
            f"The data folder {short(folder)} cannot be used: its path is too long for the "
            f"data file (at most {_SQLITE_MAX_PATH} bytes); choose a shorter --data-dir."
        )
    return folder


def connect_and_check(path: Path, scan: bool = True) -> sqlite3.Connection:
    """Connect, check the file and create the schema if the file is new.

    Raises ``Unusable`` when the file must be moved aside and ``StoreError`` when
    the environment (permissions, a full disk, a busy lock) is in the way.
    """
    try:
        conn = sqlite3.connect(
            path,
            timeout=BUSY_TIMEOUT_MS / 1000,
            isolation_level=None,
            check_same_thread=False,
        )
    except sqlite3.Error as error:
        raise StoreError(
            f"The data file {path} cannot be opened: {env_reason(error) or error}."
        ) from None
    try:
        _check(conn, scan=scan)
    except (Unusable, NewerDataFile):
        conn.close()
        raise
    except sqlite3.Error as error:
        rollback(conn)
        conn.close()
        reason = env_reason(error)
        if reason is None:
            raise Unusable("the file is damaged or is not a cardtable data file") from None
        raise StoreError(f"The data file {path} cannot be used: {reason}.") from None
    except BaseException:
        conn.close()
        raise
    return conn


def _check(conn: sqlite3.Connection, scan: bool = True) -> None:
    """The file's version, its integrity (every page read, when ``scan``: not for a file
    left as it was at this program's last clean close), its tables; create or migrate."""
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise NewerDataFile(_newer_message(conn, version))
    if scan and damaged(conn):
        raise Unusable("the file is damaged")
    if version == SCHEMA_VERSION and _up_to_date(conn):
        # Nothing to create, migrate or record: no write lock and no sync at start-up.
        conn.execute("PRAGMA synchronous = NORMAL")
        return
    conn.execute("BEGIN IMMEDIATE")
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        tables = table_names(conn)
        if version == 0 and not tables:
            create(conn)
        elif version > SCHEMA_VERSION:  # another copy upgraded it meanwhile
            raise NewerDataFile(_newer_message(conn, version))
        elif version == 1:
            check_tables(conn, tables, version=1)
            migrate_1_to_2(conn)
            migrate_2_to_3(conn)
        elif version == 2:
            check_tables(conn, tables, version=2)
            migrate_2_to_3(conn)
        elif version != SCHEMA_VERSION:
            raise Unusable("it does not hold cardtable data")
        else:
            check_tables(conn, tables)
        conn.executemany(
            "INSERT OR IGNORE INTO stats (game) VALUES (?)", [(game,) for game in GAMES]
        )
        from .. import __version__

        conn.execute(
            "INSERT INTO meta (key, value) VALUES ('written_by', ?)"
            " ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (__version__,),
        )
        conn.execute("COMMIT")
    except BaseException:
        rollback(conn)
        raise
    # Only now, so that a file about to be moved aside is left exactly as found.
    conn.execute("PRAGMA journal_mode = WAL").fetchone()
    conn.execute("PRAGMA synchronous = NORMAL")


def damaged(conn: sqlite3.Connection) -> bool:
    """Whether SQLite's integrity scan finds anything wrong (it reads every page)."""
    return [row[0] for row in conn.execute("PRAGMA quick_check").fetchall()] != ["ok"]


def _up_to_date(conn: sqlite3.Connection) -> bool:
    """Whether a current file needs nothing written at opening: its tables are whole, every
    game has its statistics row, this version is the one recorded as its writer and it is
    already in WAL mode. Read in one snapshot; any doubt means the full check."""
    from .. import __version__

    conn.execute("BEGIN")
    try:
        check_tables(conn, table_names(conn))
        games = {row[0] for row in conn.execute("SELECT game FROM stats")}
        writer = conn.execute("SELECT value FROM meta WHERE key = 'written_by'").fetchone()
        wal = conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    finally:
        conn.execute("COMMIT")
    return set(GAMES) <= games and writer is not None and writer[0] == __version__ and wal


def _newer_message(conn: sqlite3.Connection, version: int) -> str:
    """Which version wrote the file, read without changing anything."""
    from .. import __version__

    writer = None
    try:
        row = conn.execute("SELECT value FROM meta WHERE key = 'written_by'").fetchone()
        if row is not None and isinstance(row[0], str):
            writer = row[0][:40]
    except sqlite3.Error:
        pass
    who = f"cardtable {writer}" if writer else "a newer version of cardtable"
    return (
        f"The data file was written by {who} (data format {version}); this is cardtable "
        f"{__version__}, which reads data format {SCHEMA_VERSION} and older. It has been left "
        "untouched: update cardtable, or use another --data-dir."
    )


def move_aside(path: Path, expected: tuple[int, int] | None) -> Path | None:
    """Rename ``path`` (and its -wal/-shm/-journal) to a timestamped name.

    Returns the new path, or None when the file is gone or is no longer the one
    that was found bad (another copy of the program replaced it meanwhile).
    """
    if expected is None or identity(path) != expected:
        return None
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    counter = 1
    while target.exists():
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{counter}")
        counter += 1
    try:
        os.replace(path, target)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise StoreError(
            f"The data file {path} is damaged and could not be moved aside: "
            f"{error.strerror or error}."
        ) from None
    for suffix in ("-wal", "-shm", "-journal"):
        side = path.with_name(path.name + suffix)
        try:
            os.replace(side, target.with_name(target.name + suffix))
        except FileNotFoundError:
            pass
        except OSError as error:
            raise StoreError(
                f"The data file {side} could not be moved aside: {error.strerror or error}."
            ) from None
    return target
