"""Finds the shipped ``assets/`` folder, from a source checkout or an installed wheel.

The wheel force-includes the top-level ``assets/`` as ``cardtable/assets``; in a source
checkout (editable install) it is the folder beside the package.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

__all__ = ["assets_dir", "asset_path", "read_text", "read_json"]


@lru_cache(maxsize=1)
def assets_dir() -> Path:
    """The assets folder; raises ``FileNotFoundError`` with both places tried."""
    package = Path(__file__).resolve().parent
    candidates = (package / "assets", package.parent / "assets")
    for candidate in candidates:
        if (candidate / "ASSETS").is_file():
            return candidate
    tried = ", ".join(str(c) for c in candidates)
    raise FileNotFoundError(f"cardtable assets not found (tried {tried})")


def asset_path(*parts: str) -> Path:
    """Path of one asset file, e.g. ``asset_path("help", "poker.md")``."""
    return assets_dir().joinpath(*parts)


def read_text(*parts: str) -> str:
    """Text of one asset file (UTF-8)."""
    return asset_path(*parts).read_text(encoding="utf-8")


def read_json(*parts: str) -> Any:
    """Parsed JSON of one asset file."""
    return json.loads(read_text(*parts))
