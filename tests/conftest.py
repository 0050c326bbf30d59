"""Shared fixtures: every test gets its own data folder."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    """A fresh, empty data folder for the store."""
    folder = tmp_path / "data"
    folder.mkdir()
    return folder
