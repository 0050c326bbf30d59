"""The ``cardtable`` command line: one module per subcommand, the shared pieces in
:mod:`.common`; :func:`main` is the console script's entry point."""

from __future__ import annotations

from .command import build_drill_parser, build_parser, main
from .common import UsageError, split_subcommand

__all__ = ["main", "build_parser", "build_drill_parser", "split_subcommand", "UsageError"]
