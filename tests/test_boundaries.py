"""The rules core stays usable without a terminal: it imports none of the other layers."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import cardtable

PACKAGE = Path(cardtable.__file__).parent
FORBIDDEN_FOR_CORE = ("textual", "rich", "cardtable.ui", "cardtable.store", "cardtable.ai", "cardtable.cli", "sqlite3")
FORBIDDEN_FOR_AI = ("textual", "cardtable.ui", "cardtable.store")
FORBIDDEN_FOR_TABLES = ("textual", "rich", "cardtable.ui", "cardtable.net", "cardtable.cli")
FORBIDDEN_FOR_NET = ("cardtable.ui",)
#: The store's round transactions: only the table services call them.
ROUND_TRANSACTIONS = {"commit_round", "update_round", "settle_round"}


def _imports(path: Path) -> set[str]:
    """Absolute module names imported by a file (relative imports resolved)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package_parts = path.relative_to(PACKAGE.parent).with_suffix("").parts[:-1]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = list(package_parts[: len(package_parts) - node.level + 1])
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def _violations(folder: str, forbidden: tuple[str, ...]) -> list[str]:
    bad = []
    for path in sorted((PACKAGE / folder).rglob("*.py")):
        for module in _imports(path):
            if any(module == f or module.startswith(f + ".") for f in forbidden):
                bad.append(f"{path.relative_to(PACKAGE)} imports {module}")
    return bad


def test_core_imports_no_ui_store_ai_textual_or_rich() -> None:
    assert _violations("core", FORBIDDEN_FOR_CORE) == []


def test_ai_imports_no_ui_or_store() -> None:
    assert _violations("ai", FORBIDDEN_FOR_AI) == []


def test_the_table_services_import_no_ui_network_or_textual() -> None:
    assert _violations("tables", FORBIDDEN_FOR_TABLES) == []


def test_the_network_imports_no_ui() -> None:
    assert _violations("net", FORBIDDEN_FOR_NET) == []


def _round_calls(paths: list[Path]) -> list[str]:
    """Calls of the store's round transactions in ``paths``."""
    found = []
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                if node.func.attr in ROUND_TRANSACTIONS:
                    found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} calls {node.func.attr}")
    return found


def _modules(folder: str = "") -> list[Path]:
    return sorted((PACKAGE / folder).rglob("*.py"))


def test_the_round_transactions_are_the_store_rounds_module_s() -> None:
    """The names checked below are the store's round transactions, defined in the store's
    ``rounds`` module: renaming or moving one fails here instead of silently checking nothing."""
    tree = ast.parse((PACKAGE / "store" / "rounds.py").read_text(encoding="utf-8"))
    defined = {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}
    assert ROUND_TRANSACTIONS <= defined
    from cardtable.store import Store

    assert all(callable(getattr(Store, name)) for name in ROUND_TRANSACTIONS)


def test_no_screen_or_network_module_drives_a_rounds_money() -> None:
    """One table service per game commits, saves and settles rounds: no other module of the
    package (screens, network, command line) calls them, only the table services do (and
    they do call them, or this test checks nothing). The store itself defines them."""
    outside = [p for p in _modules() if p.relative_to(PACKAGE).parts[0] not in ("tables", "store")]
    assert any(p.relative_to(PACKAGE).parts[0] == "ui" for p in outside)
    assert any(p.relative_to(PACKAGE).parts[0] == "net" for p in outside)
    assert _round_calls(outside) == []
    called = {line.rsplit(" ", 1)[-1] for line in _round_calls(_modules("tables"))}
    assert called == ROUND_TRANSACTIONS


def test_the_checker_catches_a_forbidden_import(tmp_path: Path) -> None:
    """The static check above can fail: a core-like file importing textual is caught."""
    fake = PACKAGE / "core" / "_boundary_probe_tmp.py"
    fake.write_text("from textual.app import App\nfrom ..ui import app\n", encoding="utf-8")
    try:
        bad = _violations("core", FORBIDDEN_FOR_CORE)
    finally:
        fake.unlink()
    assert any("textual.app" in b for b in bad) and any("cardtable.ui" in b for b in bad)


def test_importing_the_core_loads_no_textual_at_run_time() -> None:
    code = (
        "import sys, pkgutil, importlib, cardtable.core as c\n"
        "for m in pkgutil.iter_modules(c.__path__): importlib.import_module('cardtable.core.' + m.name)\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich', 'sqlite3') "
        "or m.startswith(('cardtable.ui', 'cardtable.store', 'cardtable.ai'))]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
