"""The facts layer: what a Python file binds at import level and defines, and name qualification."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache

from tree_sitter import Node, Query, QueryCursor

from ...languages import ts_language
from ...symbols import Import
from .syntax import text


def normalize_module(name: str, aliases: Mapping[str, str]) -> str:
    """Apply the module aliases of the models to the longest matching module prefix."""
    if not aliases:
        return name
    parts = name.split(".")
    for i in range(len(parts), 0, -1):
        prefix = ".".join(parts[:i])
        alias = aliases.get(prefix)
        if alias is not None:
            return ".".join([alias, *parts[i:]])
    return name


@dataclass
class ModuleInfo:
    """What a Python file binds at import level (``local name -> qualified name``) and defines."""

    path: str
    root: Node
    aliases: Mapping[str, str] = field(default_factory=dict)
    imports: dict[str, str] = field(default_factory=dict)
    defs: dict[str, Node] = field(default_factory=dict)  # top-level functions and classes
    # every module a name is bound to when it is bound more than once (``try: from lxml import etree``
    # ``except ImportError: import xml.etree.ElementTree as etree``): any of them may run
    alternatives: dict[str, list[str]] = field(default_factory=dict)

    def bind(self, name: str, target: str) -> None:
        prior = self.imports.get(name)
        if prior is not None and prior != target:
            alts = self.alternatives.setdefault(name, [prior])
            if target not in alts:
                alts.append(target)
        self.imports[name] = target

    def normalize(self, name: str) -> str:
        return normalize_module(name, self.aliases)

    def qualify_root(self, name: str) -> str | None:
        q = self.imports.get(name)
        return self.normalize(q) if q is not None else None


@cache
def _imports_query() -> Query:
    return Query(ts_language("python"), "[(import_statement) (import_from_statement)] @import")


def _walk_imports(node: Node) -> Iterator[Node]:
    """The import statements under ``node`` (at any depth: function-level imports bind too), in
    source order. A tree-sitter query walks the tree in C: a walk in Python visited every node of
    the file once per file and judgement, the largest cost of judging a finding in a big file."""
    found = QueryCursor(_imports_query()).captures(node).get("import", [])
    yield from sorted(found, key=lambda n: n.start_byte)


def _join(module: str, name: str) -> str:
    if not module:
        return name
    return f"{module}{name}" if module.endswith(".") else f"{module}.{name}"


def module_info(
    path: str, root: Node, aliases: Mapping[str, str], imports: Sequence[Import] | None = None
) -> ModuleInfo:
    """``imports``: the file's imports as its summary lists them (``symbols.FileSummary``), read
    instead of walking the tree again when the tree has no syntax error (the summary then read
    exactly this tree)."""
    info = ModuleInfo(path=path, root=root, aliases=aliases)
    if imports is not None and not root.has_error:
        _bind_summary_imports(info, imports)
    else:
        _bind_imports(info, root)
    for child in root.named_children:
        node = child
        if node.type == "decorated_definition":
            inner = node.child_by_field_name("definition")
            if inner is None:
                continue
            node = inner
        if node.type in {"function_definition", "class_definition"}:
            info.defs[text(node.child_by_field_name("name"))] = node
    return info


def _bind_summary_imports(info: ModuleInfo, imports: Sequence[Import]) -> None:
    """What ``_bind_imports`` binds, from the summary's records (in source order)."""
    for imp in imports:
        if imp.written:  # from M import a, b as c
            for name, local in imp.names:
                if (name, local) != ("*", "*"):
                    info.bind(local, _join(imp.written, name))
        elif not imp.names and imp.module:  # import a.b / import a.b as c
            if imp.alias:
                info.bind(imp.alias, imp.module)
            else:
                first = imp.module.split(".")[0]
                info.imports.setdefault(first, first)
                info.bind(imp.module, imp.module)
        # else: from __future__ import ... binds nothing here


def _bind_imports(info: ModuleInfo, root: Node) -> None:
    for stmt in _walk_imports(root):
        if stmt.type == "import_statement":
            for child in stmt.named_children:
                if child.type == "dotted_name":
                    full = text(child)
                    info.imports.setdefault(full.split(".")[0], full.split(".")[0])
                    info.bind(full, full)
                elif child.type == "aliased_import":
                    name, alias = child.child_by_field_name("name"), child.child_by_field_name("alias")
                    if name is not None and alias is not None:
                        info.bind(text(alias), text(name))
        else:
            mod_node = stmt.child_by_field_name("module_name")
            module = text(mod_node)
            for i in range(stmt.child_count):
                if stmt.field_name_for_child(i) != "name":
                    continue
                child = stmt.children[i]
                if child.type == "dotted_name":
                    info.bind(text(child), _join(module, text(child)))
                elif child.type == "aliased_import":
                    name, alias = child.child_by_field_name("name"), child.child_by_field_name("alias")
                    if name is not None and alias is not None:
                        info.bind(text(alias), _join(module, text(name)))
