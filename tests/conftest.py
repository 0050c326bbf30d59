"""Shared fixtures: every test gets its own data folder."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from cardtable.store import Store


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: one worker a core and one more. A UI test spends a part of its time
    waiting (for the app to go idle, a server, a subprocess, the browser), and the extra
    worker runs meanwhile: on two cores three workers took 195 s where two took 265 s and
    four 217 s (each worker imports and collects everything, and builds its own caches)."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return cores + 1


@pytest.fixture(autouse=True)
def english_terminal(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test runs in an English terminal (whatever the machine's locale: the room
    speaks the terminal's language), and in English again after it; a test of another
    language sets it itself."""
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    yield
    from cardtable.i18n import set_language

    set_language("en")


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    """A fresh, empty data folder for the store, private as the app makes one (a folder
    open to others would be repaired with a notice, which would cover the screens)."""
    folder = tmp_path / "data"
    folder.mkdir(mode=0o700)
    return folder


@pytest.fixture(scope="module")
def filled_dir(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data folder holding rounds of all three games played by the computer, built
    once per module: the module says how many and with which seed (``HISTORY``)."""
    from cardtable.history_gen import fill
    from cardtable.store import Store

    rounds, seed = request.module.HISTORY
    folder = tmp_path_factory.mktemp(request.module.__name__.rsplit(".", 1)[-1])
    with Store.open(folder) as store:
        fill(store, rounds, seed=seed)
    return folder


@pytest.fixture
def data(filled_dir: Path, tmp_path: Path) -> Path:
    """A copy of the module's filled data folder for one test to change."""
    target = tmp_path / "data"
    shutil.copytree(filled_dir, target)
    return target


@pytest.fixture
def store(data_dir: Path) -> Iterator[Store]:
    """A store open on the test's data folder, closed after it (a module that needs
    another store defines its own ``store``)."""
    from cardtable.store import Store

    s = Store.open(data_dir)
    yield s
    s.close()
