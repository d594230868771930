"""No import circle among the project's modules, counting the imports inside functions too.

A circle works until someone moves an import or calls a function earlier, then fails with a
half-initialised module; an import inside a function only hides it. The graph is read from the
source with ``ast``, so nothing is imported:

- ``import a.b`` and ``from a.b import c`` are edges to ``a.b``, or to ``a.b.c`` when ``c`` is a
  submodule; relative imports are resolved against the importing module's package;
- importing a module first runs the ``__init__`` of each package above it, so an edge also goes
  to each of those packages that does not already hold the importing module (``catan_core.x``
  importing ``catan_core.bots.y`` depends on ``catan_core.bots`` too);
- imports under ``if TYPE_CHECKING:`` never run and are left out; imports of other projects are
  left out.

A subpackage is one module too, seen from outside: if ``catan_core.table`` imports
``catan_core.bots`` and a module of ``catan_core.bots`` imports ``catan_core.table``, the two
need each other even if no single file closes the circle. So circles are looked for twice: between
files, and between the modules of a package and its subpackages, each taken whole.
"""

from __future__ import annotations

import ast
import itertools
from collections import deque
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path

import pytest
from sources import package_dir

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("catan_core", "catan_web", "catan_site", "catan_rooms", "devtools", "benchmarks")
Graph = dict[str, set[str]]


def module_files(root: Path, packages: Iterable[str]) -> dict[str, Path]:
    """``{dotted name: file}`` of every module of ``packages`` (a package is its ``__init__``)."""
    found = {}
    for package in packages:
        home = root if (root / package).is_dir() else package_dir(package).parent
        for path in sorted((home / package).rglob("*.py")):
            parts = path.relative_to(home).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _import_nodes(nodes: Iterable[ast.AST]) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement that can run: module level, in functions, classes, branches."""
    for node in nodes:
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        elif isinstance(node, ast.If) and _is_type_checking(node):
            yield from _import_nodes(node.orelse)
        else:
            yield from _import_nodes(ast.iter_child_nodes(node))


def imported(name: str, path: Path, known: set[str]) -> set[str]:
    """The project modules that importing ``name`` (at ``path``) may import, directly."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: list[str] = []
    for node in _import_nodes([ast.parse(path.read_text(encoding="utf-8"), str(path))]):
        if isinstance(node, ast.Import):
            targets += [alias.name for alias in node.names]
            continue
        base = node.module or ""
        if node.level:
            parent = package.split(".")[: len(package.split(".")) - (node.level - 1)]
            base = ".".join([*parent, *([base] if base else [])])
        for alias in node.names:
            sub = f"{base}.{alias.name}"
            targets.append(sub if sub in known else base)
    edges = set()
    for target in targets:
        parts = target.split(".")
        for end in range(1, len(parts) + 1):
            above = ".".join(parts[:end])
            last = end == len(parts)
            # a package above the target runs first, unless it already holds the importer
            if above in known and above != name and (last or not _inside(name, above)):
                edges.add(above)
    return edges


def _inside(name: str, package: str) -> bool:
    return name.startswith(package + ".")


@cache
def graph(root: Path = ROOT, packages: tuple[str, ...] = PACKAGES) -> Graph:
    """``{module: the project modules it imports}``."""
    files = module_files(root, packages)
    known = set(files)
    return {name: imported(name, path, known) for name, path in files.items()}


def _whole(name: str) -> str:
    """The module or subpackage, directly in a top-level package, that holds ``name``."""
    return ".".join(name.split(".")[:2])


def by_subpackage(edges: Graph) -> Graph:
    """The same imports, each subpackage taken as one module (its imports inside left out)."""
    out: Graph = {}
    for name, targets in edges.items():
        out.setdefault(_whole(name), set()).update(
            _whole(t) for t in targets if _whole(t) != _whole(name))
    return out


def _components(edges: Graph) -> list[list[str]]:
    """Strongly connected components (Tarjan) of more than one module, or importing itself."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1 or node in edges.get(node, ()):
                out.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return sorted(out)


def _shortest_cycle(edges: Graph, start: str, within: set[str]) -> list[str]:
    """The shortest way from ``start`` back to itself inside one component."""
    before: dict[str, str] = {}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for nxt in sorted(edges[node] & within):
            if nxt == start:
                path = [node]
                while path[-1] != start:
                    path.append(before[path[-1]])
                return [*reversed(path), start]
            if nxt not in before:
                before[nxt] = node
                queue.append(nxt)
    raise AssertionError(f"{start} is in no cycle")


def cycles(edges: Graph) -> list[list[str]]:
    """One shortest cycle through each module of each circle, each cycle listed once."""
    found: list[list[str]] = []
    seen: set[frozenset[tuple[str, str]]] = set()
    for group in _components(edges):
        for start in group:
            cycle = _shortest_cycle(edges, start, set(group))
            key = frozenset(itertools.pairwise(cycle))
            if key not in seen:
                seen.add(key)
                found.append(cycle)
    return found


def all_cycles() -> list[list[str]]:
    """The circles between files, then those only seen between whole subpackages."""
    found = cycles(graph())
    return found + [c for c in cycles(by_subpackage(graph())) if c not in found]


def _report(found: list[list[str]]) -> str:
    return "import circles:\n" + "\n".join("  " + " -> ".join(c) for c in found)


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_circle(package: str) -> None:
    """No circle goes through a module of ``package`` (a circle across two fails both)."""
    found = [c for c in all_cycles() if any(m.split(".")[0] == package for m in c)]
    print(_report(found))
    assert not found, _report(found)


def test_the_graph_sees_what_it_must(tmp_path: Path) -> None:
    """The reader finds function-level, relative, package and submodule imports."""
    files = {
        "p/__init__.py": "from .m import f\n",
        "p/m.py": "import os\n\ndef f():\n    from p.s import a\n",
        "p/s/__init__.py": "",
        "p/s/a.py": "from .. import m\nfrom . import b\n",
        "p/s/b.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from p import m\n",
        "q/__init__.py": "",
        "q/x.py": "import p.s.b\nfrom p.s.a import name\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    edges = graph(tmp_path, ("p", "q"))
    assert edges["p"] == {"p.m"}  # relative, from a package's __init__
    assert edges["p.m"] == {"p.s", "p.s.a"}  # inside a function; the __init__ of p.s runs too
    assert edges["p.s.a"] == {"p.m", "p.s.b"}  # from .. import m, from . import b: submodules
    assert edges["p.s.b"] == set()  # under TYPE_CHECKING
    assert edges["q.x"] == {"p", "p.s", "p.s.a", "p.s.b"}  # every package above runs first
    assert cycles(edges) == [["p.m", "p.s.a", "p.m"]]
    made = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"d"}, "e": {"a"}}
    assert cycles(made) == [["a", "b", "c", "a"], ["d", "d"]]
    split = {"p.m": {"p.s"}, "p.s": {"p.s.a"}, "p.s.a": set(), "p.s.b": {"p.m"}}
    assert cycles(split) == []
    assert cycles(by_subpackage(split)) == [["p.m", "p.s", "p.m"]]
