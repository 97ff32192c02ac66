"""The engine: per-judgement (or per-batch) caches over a workspace index, and the resolution of
names, definitions and module-level values across files. It runs the interpreter; it names no
library (the models it carries do)."""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tree_sitter import Node

from ...constfold import NOT_CONST
from ..families import Family
from ..values import CLEAN, Origin, Val, join
from .interp import Interp
from .module import ModuleInfo, module_info
from .results import MAX_DEPTH, MAX_STEPS, Env, FunctionResult
from .spec import PySpec, python_spec
from .syntax import NodeKey, line_of, text, written_from_functions

if TYPE_CHECKING:
    from ...index import ParsedFile, WorkspaceIndex

# Importable module names per index (recomputed when the index's file list changes).
_MODULE_NAMES: weakref.WeakKeyDictionary[Any, tuple[tuple[str, ...], frozenset[str]]] = (
    weakref.WeakKeyDictionary()
)


class Engine:
    """Per-judgement (or per-workspace) caches over a :class:`WorkspaceIndex`."""

    def __init__(self, index: WorkspaceIndex, spec: PySpec | None = None) -> None:
        self.index = index
        self.spec: PySpec = spec if spec is not None else python_spec()
        self._modules: dict[str, tuple[str, ModuleInfo]] = {}
        self._module_env: dict[tuple[str, str, Family], Env] = {}
        self._results: dict[tuple[str, int, Family, frozenset[NodeKey]], FunctionResult] = {}
        self._defs: dict[tuple[str, str, int], tuple[str, Node] | None] = {}
        self._active: set[tuple[str, int, Family]] = set()
        self.sink_cache: dict[tuple[str, int, Family], list[Any]] = {}  # filled by sinks.sink_sites
        self._files: dict[str, ParsedFile | None] = {}
        self.qualifiers: dict[tuple[str, int, str], Any] = {}  # filled by sinks.qualifier
        self._workspace_modules: frozenset[str] | None = None
        self._globals: dict[tuple[str, str, int], tuple[str, str] | None] = {}
        self._contexts: dict[tuple[Any, ...], FunctionResult] = {}
        self.consulted: set[str] = set()
        # the finding being judged (cookie flags differ by CWE)
        self.finding_cwes: frozenset[int] = frozenset()
        self.steps = 0  # statements interpreted (bounded: pathological code ends NEEDS_REVIEW)
        self.max_steps = MAX_STEPS
        self.depth = 0
        # the constant a parameter is left at by every caller in the workspace (defaults.settled_default,
        # given by the judge: the defaults module reads callers through this engine)
        self.settle_default: Callable[[str, Node, int], object] | None = None

    # ------------------------------------------------------------ files and names

    def parsed(self, path: str) -> ParsedFile | None:
        """The file (memoised for this engine's lifetime: one judgement, or a batch over unchanged files)."""
        if path not in self._files:
            self._files[path] = self.index.file(path)
        return self._files[path]

    def workspace_modules(self) -> frozenset[str]:
        """Dotted names under which workspace Python files can be imported (every path suffix)."""
        if self._workspace_modules is None:
            try:
                files = tuple(self.index.files())
            except Exception:
                files = ()
            cached = _MODULE_NAMES.get(self.index)
            if cached is not None and cached[0] == files:
                self._workspace_modules = cached[1]
                return cached[1]
            names: set[str] = set()
            for rel in files:
                if not rel.endswith((".py", ".pyi")):
                    continue
                parts = rel.rsplit(".", 1)[0].split("/")
                if parts[-1] == "__init__":
                    parts = parts[:-1]
                for i in range(len(parts)):
                    names.add(".".join(parts[i:]))
            self._workspace_modules = frozenset(names)
            _MODULE_NAMES[self.index] = (files, self._workspace_modules)
        return self._workspace_modules

    def may_be_workspace(self, path: str, name: str) -> bool:
        """Whether ``name`` (as written in ``path``) can name code of the workspace: defined in the file,
        a relative import, or imported from a module that exists in the workspace."""
        info = self.module(path)
        if info is None:
            return False
        root = name.split(".", 1)[0]
        if root in {"self", "cls"} or root in info.defs:
            return True
        target = info.imports.get(root)
        if target is None:
            return False
        if target.startswith("."):
            return True
        modules = self.workspace_modules()
        parts = target.split(".")
        return any(".".join(parts[:i]) in modules for i in range(1, len(parts) + 1))

    def module(self, path: str) -> ModuleInfo | None:
        parsed = self.parsed(path)
        if parsed is None or parsed.language != "python":
            return None
        cached = self._modules.get(path)
        if cached is not None and cached[0] == parsed.content_hash:
            return cached[1]
        memo = parsed.derived.get("python.module_info")  # shared by every judgement of this parse
        if isinstance(memo, tuple) and memo[0] == self.spec.aliases and isinstance(memo[1], ModuleInfo):
            info = memo[1]
        else:
            info = module_info(path, parsed.tree.root_node, self.spec.aliases, parsed.summary.imports)
            parsed.derived["python.module_info"] = (dict(self.spec.aliases), info)
        self._modules[path] = (parsed.content_hash, info)
        return info

    def resolve_def(self, path: str, name: str, line: int) -> tuple[str, Node] | None:
        """A workspace function/class definition for a callee name seen in ``path``."""
        key = (path, name, line if "self." in name else 0)
        if key in self._defs:
            return self._defs[key]
        found: tuple[str, Node] | None = None
        try:  # only same-file and imported definitions count: fuzzy matches are never asked for
            matches = (
                self.index.definitions(name, from_path=path, line=line, limit=3, fuzzy=False)
                if self.may_be_workspace(path, name)
                else []
            )
        except Exception:
            matches = []
        for m in matches:
            if m.strategy not in {"same_file", "import"}:
                continue
            if m.symbol.kind not in {"function", "method", "class"}:
                continue
            parsed = self.parsed(m.symbol.path)
            if parsed is None or parsed.language != "python":
                continue
            node = parsed.node_for(m.symbol)
            if node is None:
                continue
            if node.type == "decorated_definition":
                inner = node.child_by_field_name("definition")
                node = inner if inner is not None else node
            if node.type in {"function_definition", "class_definition"}:
                found = (m.symbol.path, node)
                break
        self._defs[key] = found
        return found

    def resolve_global(self, path: str, name: str, line: int) -> tuple[str, str] | None:
        """(path, name) of a module-level variable imported into ``path`` under ``name``."""
        key = (path, name, -1)
        if key in self._globals:
            return self._globals[key]
        found: tuple[str, str] | None = None
        try:
            matches = (
                self.index.definitions(name, from_path=path, line=line, limit=3, fuzzy=False)
                if self.may_be_workspace(path, name)
                else []
            )
        except Exception:
            matches = []
        for m in matches:
            if m.strategy in {"same_file", "import"} and m.symbol.kind == "global":
                found = (m.symbol.path, m.symbol.name)
                break
        self._globals[key] = found
        return found

    # ------------------------------------------------------------ analyses

    def module_env(self, path: str, family: Family) -> Env:
        parsed = self.parsed(path)
        if parsed is None:
            return {}
        key = (path, parsed.content_hash, family)
        env = self._module_env.get(key)
        if env is not None:
            return env
        info = self.module(path)
        if info is None:
            return {}
        self._module_env[key] = {}  # cycle guard: a module reading itself sees nothing yet
        interp = Interp(self, info, family, frozenset(), None)
        env = interp.run_module()
        written = parsed.derived.get("python.written_from_functions")
        if not isinstance(written, dict):
            written = parsed.derived["python.written_from_functions"] = written_from_functions(info.root)
        for name, where in written.items():
            if name in env:
                # a function rebinds or fills it (``global x``, ``CACHE.append(...)``): not a constant
                origin = Origin("unknown", f"'{name}' (also written in a function)", path, where)
                env[name] = join(env[name], Val(origins=frozenset({origin})))
        self._module_env[key] = env
        return env

    def analyse(
        self,
        path: str,
        func: Node | None,
        family: Family,
        watch: frozenset[NodeKey] = frozenset(),
        bound: dict[int, Val] | None = None,
    ) -> FunctionResult:
        """Interpret ``func`` (or the module when None) for ``family``, recording watched nodes.

        With ``bound``, the parameters start as those values (a call in context, not cached);
        otherwise each parameter is a symbolic ``param`` origin."""
        start = func.start_byte if func is not None else -1
        key = (path, start, family, watch)
        cached = self._results.get(key) if bound is None else None
        if cached is not None:
            return cached
        info = self.module(path)
        if info is None:
            return FunctionResult(CLEAN, {}, [], {}, "")
        active = (path, start, family)
        if active in self._active or self.depth > MAX_DEPTH:
            origin = Origin(
                "unknown", "a recursive or deeply nested call", path, line_of(func) if func else 1
            )
            return FunctionResult(Val(origins=frozenset({origin})), {}, [], {}, "")
        self._active.add(active)
        self.depth += 1
        try:
            interp = Interp(self, info, family, watch, func)
            result = interp.run_function(bound) if func is not None else interp.run_module_result()
        finally:
            self.depth -= 1
            self._active.discard(active)
        if result.span:
            self.consulted.add(result.span)
        if bound is None:
            self._results[key] = result
        return result

    def method_of(self, flags: frozenset[str], name: str) -> tuple[str, Node] | None:
        """The definition of method ``name`` of the workspace class named by a ``class:`` flag."""
        classes = [f for f in flags if f.startswith("class:")]
        if len(classes) != 1:
            return None
        _, path, start = classes[0].rsplit(":", 2) if classes[0].count(":") >= 2 else ("", "", "")
        parsed = self.parsed(path)
        if parsed is None or not start.isdigit():
            return None
        node: Node | None = parsed.tree.root_node.descendant_for_byte_range(int(start), int(start) + 1)
        while node is not None and not (node.type == "class_definition" and node.start_byte == int(start)):
            node = node.parent
        body = node.child_by_field_name("body") if node is not None else None
        for stmt in body.named_children if body is not None else []:
            inner = stmt.child_by_field_name("definition") if stmt.type == "decorated_definition" else stmt
            is_def = inner is not None and inner.type == "function_definition"
            if inner is not None and is_def and text(inner.child_by_field_name("name")) == name:
                return path, inner
        return None

    def call_in_context(self, path: str, func: Node, family: Family, bound: dict[int, Val]) -> FunctionResult:
        """``func`` called with ``bound`` (cached by the shape of the arguments)."""
        args_shape = tuple(sorted((i, shape(v)) for i, v in bound.items()))
        key = (path, func.start_byte, family, args_shape)
        cached = self._contexts.get(key)
        if cached is not None:
            return cached
        result = self.analyse(path, func, family, bound=bound)
        self._contexts[key] = result
        return result


def shape(v: Val) -> tuple[Any, ...]:
    """What of a value can change a callee's result: where it comes from, what it is, its facts."""
    const = v.const if isinstance(v.const, str | int | float | bool | bytes | type(None)) else id(NOT_CONST)
    fields = (
        tuple((k, shape(fv)) for k, fv in v.fields) if v.fields is not None and len(v.fields) <= 8 else None
    )
    return (v.origins, const, v.flags, fields, v.exact)
