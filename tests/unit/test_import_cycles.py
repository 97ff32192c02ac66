"""No import cycles inside ``sastls``: data flows one way (server -> graph -> analyzers), and within a
package the modules form a pipeline. Every import counts, at module level or inside a function (a
lazy import that closes a circle is still a circle); only imports under ``if TYPE_CHECKING:`` are
left out (they never run)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TOPS = ("analyzers", "graph", "server", "prompts")
# Cycles known when this test was written, each to be removed when its modules are split. A cycle
# listed here that no longer exists fails the test too, so the list can only shrink.
KNOWN: list[frozenset[str]] = []


def _modules() -> dict[str, Path]:
    out: dict[str, Path] = {}
    for top in TOPS:
        for path in sorted((ROOT / top).rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[".".join(["sastls", *parts])] = path
    return out


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    found: list[ast.Import | ast.ImportFrom] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def _edges(modules: dict[str, Path]) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for name, path in modules.items():
        is_pkg = path.name == "__init__.py"
        package = name if is_pkg else name.rsplit(".", 1)[0]
        for node in _imports(ast.parse(path.read_text(), filename=str(path))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                if node.level:
                    base_parts = package.split(".")
                    if node.level > 1:
                        base_parts = base_parts[: -(node.level - 1)]
                    base = ".".join(base_parts)
                    mod = f"{base}.{node.module}" if node.module else base
                else:
                    mod = node.module or ""
                for alias in node.names:
                    sub = f"{mod}.{alias.name}"
                    targets.append(sub if sub in modules else mod)
            for t in targets:
                if t in modules and t != name:
                    graph[name].add(t)
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = 0

    def strong(v: str) -> None:
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp: list[str] = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    return out


def test_the_import_graph_has_no_cycle() -> None:
    graph = _edges(_modules())
    cycles = [c for c in _cycles(graph) if frozenset(c) not in KNOWN]
    assert not cycles, "import cycles inside sastls:\n" + "\n".join(" <-> ".join(c) for c in cycles)
    gone = [sorted(k) for k in KNOWN if list(sorted(k)) not in _cycles(graph)]
    assert not gone, f"no longer a cycle, remove it from KNOWN: {gone}"


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_imports_under_type_checking_are_left_out() -> None:
    tree = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import x\nimport y\n")
    assert [a.name for n in _imports(tree) for a in n.names] == ["TYPE_CHECKING", "y"]


def test_layers_point_downward() -> None:
    """analyzers imports nothing of graph or server; graph imports nothing of server."""
    graph = _edges(_modules())
    wrong = [
        f"{m} -> {t}"
        for m, targets in graph.items()
        for t in targets
        if (m.startswith("sastls.analyzers") and t.startswith(("sastls.graph", "sastls.server")))
        or (m.startswith("sastls.graph") and t.startswith("sastls.server"))
    ]
    assert wrong == []
