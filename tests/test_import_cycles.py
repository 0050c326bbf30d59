"""No import loop in the package, by a plain AST scan: every import statement counts,
those inside functions (lazy) and under ``TYPE_CHECKING`` too. A module importing its own
parent package is not a loop (Python runs the parent first whatever the code says)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import cardtable

ROOT = Path(cardtable.__file__).parent


def modules(root: Path) -> dict[str, tuple[Path, bool]]:
    """Each module's dotted name: its file, and whether it is a package's ``__init__``."""
    found: dict[str, tuple[Path, bool]] = {}
    for path in root.rglob("*.py"):
        parts = [root.name, *path.relative_to(root).with_suffix("").parts]
        package = parts[-1] == "__init__"
        found[".".join(parts[:-1] if package else parts)] = (path, package)
    return found


def imported_names(module: str, path: Path, package: bool) -> Iterator[str]:
    """Every dotted name an import statement of the file names, relative ones resolved."""
    here = module.split(".") if package else module.split(".")[:-1]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = here[: len(here) - node.level + 1] if node.level else []
            source = ".".join([*base, *([node.module] if node.module else [])])
            yield source
            yield from (f"{source}.{alias.name}" for alias in node.names)


def import_graph(root: Path) -> dict[str, set[str]]:
    """Module -> the project's modules it imports (not its own ancestors)."""
    found = modules(root)

    def owner(name: str) -> str | None:
        while name and name not in found:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {m: set() for m in found}
    for module, (path, package) in found.items():
        for name in imported_names(module, path, package):
            target = owner(name)
            if target is not None and target != module and not module.startswith(target + "."):
                graph[module].add(target)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            nxt = next(edges, None)
            if nxt is not None:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
    return groups


def test_the_package_has_no_import_cycle() -> None:
    graph = import_graph(ROOT)
    assert len(graph) > 150 and "cardtable.tables.blackjack" in graph["cardtable.tables.local"]
    assert cycles(graph) == []


def test_the_scan_finds_a_lazy_import_loop(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "sub" / "__init__.py").write_text("from . import a\n")
    (package / "sub" / "a.py").write_text("from ..b import thing\n")
    (package / "b.py").write_text("def thing():\n    from .sub.a import x\n")
    (package / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import b\n")
    assert cycles(import_graph(package)) == [["pkg.b", "pkg.sub.a"]]
