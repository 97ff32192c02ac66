"""Taint analysis of Python over tree-sitter: an abstract interpreter of one function at a time.

The interpreter walks a function's statements in order with an environment
``name -> Val`` (see :mod:`.values`), for one CWE family. Branches are joined, loops
iterated to a small fixpoint, branches whose condition folds to a constant are
skipped (and remembered as dead), and conditions that validate a variable (allow-
lists, restrictive regexes, containment checks) make it safe on the branch where
they hold — so ``if x not in ALLOWED: abort()`` cleans ``x`` after the ``if``.

Calls into workspace functions are summarised: the callee is interpreted once per
family with its parameters as symbolic origins, and its return value is applied
to the caller's arguments. Nodes to *watch* (the sinks of a finding) record the
values of their arguments whenever the interpreter reaches them.
"""

from __future__ import annotations

import builtins
import re
import weakref
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from tree_sitter import Node

from .. import constfold
from ..constfold import NOT_CONST
from .families import Family
from .pymodule import ModuleInfo, dotted_parts, module_info, normalize_module, text
from .python_spec import (
    CALL_FLAGS,
    CASTS,
    CLEAN_CALLS,
    CLEAN_METHODS,
    FAMILIES,
    HASH_CONSTRUCTORS,
    LIBRARY_CALLS,
    PATH_NORMALIZERS,
    PROPAGATORS,
    SAFE_YAML_LOADERS,
    SOURCE_CALLS,
    SOURCE_METHODS,
    SOURCE_OBJECTS,
    STR_PROPAGATING_METHODS,
    TERMINATORS,
    PyFamily,
)
from .values import (
    CLEAN,
    Note,
    Origin,
    Val,
    combine,
    container,
    join,
    join_all,
)

if TYPE_CHECKING:
    from ..index import ParsedFile, WorkspaceIndex
    from .python_sinks import SinkSite

Env = dict[str, Val]
NodeKey = tuple[int, int]


# Importable module names per index (recomputed when the index's file list changes).
_MODULE_NAMES: weakref.WeakKeyDictionary[Any, tuple[tuple[str, ...], frozenset[str]]] = (
    weakref.WeakKeyDictionary()
)


def nkey(node: Node) -> NodeKey:
    """Identity of a node within its tree (``f(x)`` and ``f(x)(y)`` start at the same byte)."""
    return node.start_byte, node.end_byte


MAX_DEPTH = 4
MAX_STEPS = 200_000
LOOP_ROUNDS = 3
_FUNC_TYPES = frozenset({"function_definition"})
_SHELLS = frozenset(
    {"sh", "bash", "zsh", "dash", "ksh", "csh", "tcsh", "fish", "cmd", "cmd.exe", "powershell", "pwsh"}
)
_BUILTIN_NAMES = frozenset(dir(builtins))


@dataclass
class Hit:
    """The values a watched node saw (joined over every time the interpreter reached it)."""

    args: list[Val] = field(default_factory=list)
    kwargs: dict[str, Val] = field(default_factory=dict)
    receiver: Val | None = None
    visits: int = 0

    def add(self, args: list[Val], kwargs: dict[str, Val], receiver: Val | None) -> None:
        if self.visits == 0:
            self.args, self.kwargs, self.receiver = list(args), dict(kwargs), receiver
        else:
            n = max(len(self.args), len(args))
            self.args = [
                join(self.args[i] if i < len(self.args) else CLEAN, args[i] if i < len(args) else CLEAN)
                for i in range(n)
            ]
            for k, v in kwargs.items():
                self.kwargs[k] = join(self.kwargs[k], v) if k in self.kwargs else v
            if receiver is not None:
                self.receiver = receiver if self.receiver is None else join(self.receiver, receiver)
        self.visits += 1


@dataclass
class FunctionResult:
    returns: Val
    hits: dict[NodeKey, Hit]
    dead: list[Note]
    self_attrs: dict[str, Val]
    span: str


@dataclass(frozen=True)
class Param:
    name: str
    index: int
    default: Node | None
    annotation: str
    kind: str  # "plain" | "star" | "dstar"


def params_of(func: Node) -> list[Param]:
    out: list[Param] = []
    plist = func.child_by_field_name("parameters")
    if plist is None:
        return out
    idx = 0
    for p in plist.named_children:
        name, default, ann, kind = "", None, "", "plain"
        if p.type == "identifier":
            name = text(p)
        elif p.type in {"default_parameter", "typed_default_parameter"}:
            name = text(p.child_by_field_name("name"))
            default = p.child_by_field_name("value")
            ann = text(p.child_by_field_name("type"))
        elif p.type == "typed_parameter":
            inner = p.named_children[0] if p.named_children else None
            if inner is not None and inner.type == "list_splat_pattern":
                name, kind = text(inner.named_children[0]) if inner.named_children else "", "star"
            elif inner is not None and inner.type == "dictionary_splat_pattern":
                name, kind = text(inner.named_children[0]) if inner.named_children else "", "dstar"
            else:
                name = text(inner)
            ann = text(p.child_by_field_name("type"))
        elif p.type == "list_splat_pattern":
            name, kind = (text(p.named_children[0]) if p.named_children else ""), "star"
        elif p.type == "dictionary_splat_pattern":
            name, kind = (text(p.named_children[0]) if p.named_children else ""), "dstar"
        else:
            continue  # "*" / "/" separators
        if name:
            out.append(Param(name, idx, default, ann, kind))
            idx += 1
    return out


def enclosing_function(node: Node) -> Node | None:
    cur = node.parent
    while cur is not None:
        if cur.type in _FUNC_TYPES:
            return cur
        cur = cur.parent
    return None


def enclosing_class(node: Node) -> Node | None:
    cur = node.parent
    while cur is not None:
        if cur.type == "class_definition":
            return cur
        cur = cur.parent
    return None


def decorators(func: Node) -> list[Node]:
    parent = func.parent
    if parent is not None and parent.type == "decorated_definition":
        return [c for c in parent.named_children if c.type == "decorator"]
    return []


def line_of(node: Node) -> int:
    return node.start_point[0] + 1


def end_line_of(node: Node) -> int:
    return node.end_point[0] + 1


class AnalysisBudgetExceeded(Exception):
    """The interpretation of one finding took more steps than allowed."""


class Engine:
    """Per-judgement (or per-workspace) caches over a :class:`WorkspaceIndex`."""

    def __init__(self, index: WorkspaceIndex) -> None:
        self.index = index
        self._modules: dict[str, tuple[str, ModuleInfo]] = {}
        self._module_env: dict[tuple[str, str, Family], Env] = {}
        self._results: dict[tuple[str, int, Family, frozenset[NodeKey]], FunctionResult] = {}
        self._defs: dict[tuple[str, str, int], tuple[str, Node] | None] = {}
        self._active: set[tuple[str, int, Family]] = set()
        self._sink_sites: dict[tuple[str, int, Family], list[SinkSite]] = {}
        self._files: dict[str, ParsedFile | None] = {}
        self.qualifiers: dict[tuple[str, int, str], Interp] = {}
        self._workspace_modules: frozenset[str] | None = None
        self._globals: dict[tuple[str, str, int], tuple[str, str] | None] = {}
        self._contexts: dict[tuple[Any, ...], Val] = {}
        self.consulted: set[str] = set()
        # the finding being judged (cookie flags differ by CWE)
        self.finding_cwes: frozenset[int] = frozenset()
        self.steps = 0  # statements interpreted (bounded: pathological code ends NEEDS_REVIEW)
        self.max_steps = MAX_STEPS
        self.depth = 0

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
        info = parsed.derived.get("python.module_info")  # shared by every judgement of this parse
        if not isinstance(info, ModuleInfo):
            info = parsed.derived["python.module_info"] = module_info(path, parsed.tree.root_node)
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
            written = parsed.derived["python.written_from_functions"] = _written_from_functions(info.root)
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

    def call_in_context(self, path: str, func: Node, family: Family, bound: dict[int, Val]) -> Val:
        """The return value of ``func`` called with ``bound`` (cached by the shape of the arguments)."""
        shape = tuple(sorted((i, _shape(v)) for i, v in bound.items()))
        key = (path, func.start_byte, family, shape)
        cached = self._contexts.get(key)
        if cached is not None:
            return cached
        result = self.analyse(path, func, family, bound=bound)
        self._contexts[key] = result.returns
        return result.returns

    def sink_sites(self, path: str, func: Node, family: Family) -> list[SinkSite]:
        """The sinks of ``family`` in the body of a workspace function (nested defs excluded)."""
        key = (path, func.start_byte, family)
        sites = self._sink_sites.get(key)
        if sites is None:
            from .python_sinks import find_sinks

            self._sink_sites[key] = []  # cycle guard
            info = self.module(path)
            body = func.child_by_field_name("body")
            sites = (
                find_sinks(self, info, body, family, lines=None)
                if info is not None and body is not None
                else []
            )
            self._sink_sites[key] = sites
        return sites


class Interp:
    """One run of the abstract interpreter over a function body (or a module's top level)."""

    def __init__(
        self, engine: Engine, info: ModuleInfo, family: Family, watch: frozenset[NodeKey], func: Node | None
    ) -> None:
        self.engine = engine
        self.info = info
        self.path = info.path
        self.family = family
        self.spec: PyFamily | None = FAMILIES.get(family)
        self.watch = watch
        self.func = func
        self.env: Env | None = {}
        self.returns: list[Val] = []
        self.hits: dict[NodeKey, Hit] = {}
        self.dead: list[Note] = []
        self.loop_exits: list[list[Env]] = []
        self.locals: set[str] = set()
        self.self_attrs: dict[str, Val] = {}
        self._menv: Env | None = None
        self.is_module = func is None

    # ------------------------------------------------------------ entry points

    def run_module(self) -> Env:
        body = self.info.root
        self.locals = set()
        self.block(body.named_children)
        return self.env or {}

    def run_module_result(self) -> FunctionResult:
        env = self.run_module()
        del env
        root = self.info.root
        return FunctionResult(CLEAN, self.hits, self.dead, {}, f"{self.path}:1-{end_line_of(root)}")

    def run_function(self, bound: dict[int, Val] | None = None) -> FunctionResult:
        func = self.func
        assert func is not None
        body = func.child_by_field_name("body")
        self.locals = _assigned_names(body) if body is not None else set()
        env: Env = {}
        for p in params_of(func):
            self.locals.add(p.name)
            if bound is not None:
                if p.index in bound:
                    env[p.name] = bound[p.index]
                elif p.default is not None:
                    env[p.name] = self.default_value(p.default)
                else:
                    env[p.name] = Val(fields=() if p.kind != "plain" else None, exact=p.kind != "plain")
                continue
            env[p.name] = Val(
                origins=frozenset(
                    {Origin("param", f"parameter '{p.name}'", self.path, line_of(func), p.index, p.name)}
                )
            )
        self.env = env
        if body is not None:
            self.block(body.named_children)
        returns = join_all(self.returns) if self.returns else CLEAN
        span = f"{self.path}:{line_of(func)}-{end_line_of(func)}"
        return FunctionResult(returns, self.hits, self.dead, self.self_attrs, span)

    # ------------------------------------------------------------ helpers

    def default_value(self, node: Node) -> Val:
        """A parameter default, evaluated in the module's environment."""
        sub = Interp(self.engine, self.info, self.family, frozenset(), None)
        sub.env = dict(self.engine.module_env(self.path, self.family))
        return sub.ev(node)

    def note(self, node: Node, why: str, role: Any) -> Note:
        return Note(self.path, line_of(node), end_line_of(node), why, role)

    def menv(self) -> Env:
        if self._menv is None:
            self._menv = {} if self.is_module else self.engine.module_env(self.path, self.family)
        return self._menv

    def mark_dead(self, nodes: Iterable[Node], why: str) -> None:
        for n in nodes:
            self.dead.append(self.note(n, why, "dead_branch"))

    # ------------------------------------------------------------ statements

    def block(self, stmts: Iterable[Node]) -> None:
        stmts = [s for s in stmts if s.type != "comment"]
        for i, stmt in enumerate(stmts):
            if self.env is None:
                self.mark_dead(stmts[i : i + 1], "unreachable: every path before it returns or raises")
                if i + 1 < len(stmts):
                    self.mark_dead(stmts[i + 1 :], "unreachable: every path before it returns or raises")
                return
            self.stmt(stmt)

    def stmt(self, node: Node) -> None:
        self.engine.steps += 1
        if self.engine.steps > self.engine.max_steps:
            raise AnalysisBudgetExceeded(f"more than {self.engine.max_steps} statements interpreted")
        t = node.type
        if t == "expression_statement":
            for child in node.named_children:
                self.expr_stmt(child)
        elif t == "return_statement":
            value = node.named_children[0] if node.named_children else None
            v = self.ev(value) if value is not None else CLEAN
            if nkey(node) in self.watch:
                self.record(node, [v], {}, None)
            self.returns.append(v)
            self.env = None
        elif t == "raise_statement":
            for c in node.named_children:
                self.ev(c)
            self.env = None
        elif t in {"break_statement", "continue_statement"}:
            if self.loop_exits and self.env is not None:
                self.loop_exits[-1].append(dict(self.env))
            self.env = None
        elif t == "if_statement":
            self.if_stmt(node)
        elif t == "for_statement":
            self.for_stmt(node)
        elif t == "while_statement":
            self.while_stmt(node)
        elif t == "try_statement":
            self.try_stmt(node)
        elif t == "with_statement":
            self.with_stmt(node)
        elif t == "match_statement":
            self.match_stmt(node)
        elif t in {"function_definition", "class_definition"}:
            name = text(node.child_by_field_name("name"))
            if self.env is not None and name:
                self.env[name] = CLEAN
        elif t == "decorated_definition":
            inner = node.child_by_field_name("definition")
            for d in node.named_children:
                if d.type == "decorator":
                    self.ev(d.named_children[0]) if d.named_children else None
            if inner is not None:
                self.stmt(inner)
        elif t in {"import_statement", "import_from_statement", "future_import_statement"}:
            if self.env is not None:
                for name in _import_bindings(node):
                    self.env.pop(name, None)  # names resolve through the module's import table
        elif t == "assert_statement":
            for c in node.named_children:
                self.ev(c)
        elif t == "delete_statement":
            pass
        elif t == "block":
            self.block(node.named_children)
        else:
            for c in node.named_children:
                if c.type.endswith("statement") or c.type == "block":
                    self.stmt(c)
                else:
                    self.ev(c)

    def expr_stmt(self, node: Node) -> None:
        if node.type == "assignment":
            self.assignment(node)
        elif node.type == "augmented_assignment":
            left, right, op = (node.child_by_field_name(f) for f in ("left", "right", "operator"))
            if left is None or right is None:
                return
            old = self.ev(left)
            new = self.ev(right)
            opname = text(op).rstrip("=")
            v = combine([old, new], const=constfold.binary(opname, old.const, new.const))
            if (
                old.fields is not None
                and new.fields is not None
                and old.exact
                and new.exact
                and opname == "+"
            ):
                items = list(old.fields) + [(len(old.fields) + i, fv) for i, (_, fv) in enumerate(new.fields)]
                v = container(items, exact=True, const=v.const)
            self.bind(left, v.with_step(self.note(node, f"{text(left)} {text(op)} ...", "step")), node)
        else:
            v = self.ev(node)
            if node.type == "call" and self.qualify(node.child_by_field_name("function"))[0] in TERMINATORS:
                self.env = None
            del v

    def assignment(self, node: Node) -> None:
        right = node.child_by_field_name("right")
        left = node.child_by_field_name("left")
        if right is None or left is None:
            return
        if right.type == "assignment":
            # a = b = value
            self.assignment(right)
            inner = right
            while inner.type == "assignment":
                nxt = inner.child_by_field_name("right")
                if nxt is None:
                    return
                inner = nxt
            v = self.ev_cached(inner)
        else:
            v = self.ev(right)
        if nkey(node) in self.watch:
            key = CLEAN
            if left.type == "subscript":
                sub = left.child_by_field_name("subscript")
                key = self.ev(sub) if sub is not None else CLEAN
            self.record(node, [v, key], {}, None)
        if v.tainted:
            v = v.with_step(self.note(node, f"{text(left)} = {_short(text(right))}", "step"))
        elif v.is_const and left.type == "identifier" and not v.notes:
            v = v.with_note(
                self.note(node, f"{text(left)} is the constant {_short(repr(v.const))}", "constant")
            )
        self.bind(left, v, node)

    def ev_cached(self, node: Node) -> Val:
        return self.ev(node)

    def bind(self, target: Node, v: Val, at: Node) -> None:
        if self.env is None:
            return
        t = target.type
        if t == "identifier":
            self.env[text(target)] = v
        elif t == "attribute":
            key = text(target)
            self.env[key] = v
            if key.startswith("self."):
                attr = key[5:]
                self.self_attrs[attr] = join(self.self_attrs[attr], v) if attr in self.self_attrs else v
        elif t == "subscript":
            base = target.child_by_field_name("value")
            sub = target.child_by_field_name("subscript")
            if base is None:
                return
            ckey: Any = self.ev(sub).const if sub is not None else NOT_CONST
            self.container_write(base, ckey, v)
        elif t in {"pattern_list", "tuple_pattern", "list_pattern", "tuple", "list"}:
            targets = [c for c in target.named_children]
            star = [i for i, c in enumerate(targets) if c.type == "list_splat_pattern"]
            if v.fields is not None and v.exact and not star and len(v.fields) == len(targets):
                for (_, fv), tnode in zip(v.fields, targets, strict=True):
                    self.bind(tnode, fv, at)
            else:
                elem = v.element()
                for tnode in targets:
                    if tnode.type == "list_splat_pattern":
                        inner = tnode.named_children[0] if tnode.named_children else None
                        if inner is not None:
                            self.bind(inner, replace(elem, fields=None), at)
                    else:
                        self.bind(tnode, elem, at)
        elif (t == "parenthesized_expression" and target.named_children) or (
            t == "list_splat_pattern" and target.named_children
        ):
            self.bind(target.named_children[0], v, at)

    def container_write(self, base: Node, key: Any, v: Val) -> None:
        if self.env is None:
            return
        name = text(base)
        if base.type not in {"identifier", "attribute"}:
            self.ev(base)
            return
        old = self.env.get(name)
        if old is None:
            old = self.ev(base)
        if old.fields is not None and key is not NOT_CONST:
            items = [(k, fv) for k, fv in old.fields if not (k == key and type(k) is type(key))]
            replaced = len(items) != len(old.fields)
            # writing past a known list's end raises: keep what we know, but no longer exactly
            exact = False if isinstance(key, int) and not replaced and old.exact else old.exact
            items.append((key, v))
            if old.exact and isinstance(key, int) and not isinstance(key, bool):
                items.sort(key=lambda kv: kv[0] if isinstance(kv[0], int) else 0)
            new = container(items, exact=exact)
            if not exact:
                new = replace(new, origins=new.origins | old.origins)
        elif key is not NOT_CONST and old.fields is None and not old.tainted and not old.is_const:
            new = container([(key, v)], exact=False)
        else:
            new = replace(combine([old, v]), fields=None)
        self.env[name] = new

    def if_stmt(self, node: Node) -> None:
        clauses: list[tuple[Node | None, Node]] = []
        cond = node.child_by_field_name("condition")
        body = node.child_by_field_name("consequence")
        if body is None:
            return
        clauses.append((cond, body))
        for c in node.children:
            if c.type == "elif_clause":
                cb = c.child_by_field_name("consequence")
                if cb is not None:
                    clauses.append((c.child_by_field_name("condition"), cb))
            elif c.type == "else_clause":
                eb = c.child_by_field_name("body")
                if eb is not None:
                    clauses.append((None, eb))
        if clauses[-1][0] is not None:
            clauses.append((None, None))  # type: ignore[arg-type]
        self.branches(clauses)

    def branches(self, clauses: Sequence[tuple[Node | None, Node | None]]) -> None:
        """if/elif/else: each clause runs in the env refined by the previous conditions being false."""
        current = self.env
        outs: list[Env | None] = []
        decided = False
        for cond, body in clauses:
            if current is None:
                break
            if decided:
                if body is not None:
                    self.mark_dead([body], "dead branch: an earlier condition is always true")
                continue
            if cond is None:
                self.env = dict(current)
                if body is not None:
                    self.block(body.named_children)
                outs.append(self.env)
                current = None
                break
            self.env = dict(current)
            cv = self.ev(cond)
            current = self.env if self.env is not None else current
            truth = constfold.truthy(cv.const)
            if truth is False:
                if body is not None:
                    self.mark_dead([body], f"dead branch: `{_short(text(cond))}` is always false")
                continue
            env_true = self.refine(dict(current), cond, True)
            self.env = env_true
            if body is not None:
                self.block(body.named_children)
            outs.append(self.env)
            if truth is True:
                decided = True
                current = None
                continue
            current = self.refine(dict(current), cond, False)
        if current is not None and not decided:
            outs.append(current)
        self.env = _join_envs(outs)

    def for_stmt(self, node: Node) -> None:
        left, right, body = (node.child_by_field_name(f) for f in ("left", "right", "body"))
        if right is None or body is None or left is None:
            return
        it = self.ev(right)
        elem = it.element() if it.fields is not None or it.tainted else replace(it, const=NOT_CONST)
        if it.fields is not None and it.exact and not it.fields:
            self.mark_dead([body], "dead loop: the iterable is always empty")
            alt = node.child_by_field_name("alternative")
            if alt is not None:
                self.stmt(alt)
            return
        if it.is_const and isinstance(it.const, tuple | str | frozenset) and len(it.const) == 0:
            self.mark_dead([body], "dead loop: the iterable is always empty")
            return
        before = self.env
        self.loop(lambda: self.bind(left, elem, node), body, before)
        alt = node.child_by_field_name("alternative")
        if alt is not None and self.env is not None:
            self.stmt(alt)

    def while_stmt(self, node: Node) -> None:
        cond, body = node.child_by_field_name("condition"), node.child_by_field_name("body")
        if cond is None or body is None:
            return
        cv = self.ev(cond)
        truth = constfold.truthy(cv.const)
        if truth is False:
            self.mark_dead([body], f"dead loop: `{_short(text(cond))}` is always false")
            return
        before = self.env
        self.loop(lambda: None, body, before, infinite=truth is True, cond=cond)

    def loop(
        self,
        bind: Callable[[], None],
        body: Node,
        before: Env | None,
        infinite: bool = False,
        cond: Node | None = None,
    ) -> None:
        if before is None:
            return
        state: Env = dict(before)
        exits: list[Env] = []
        for _ in range(LOOP_ROUNDS):
            self.env = dict(state)
            if cond is not None:
                self.env = self.refine(self.env, cond, True)
            bind()
            self.loop_exits.append([])
            self.block(body.named_children)
            exits = self.loop_exits.pop()
            new_state = _join_envs([state, self.env, *exits])
            if new_state is None:
                break
            if _env_same(new_state, state):
                state = new_state
                break
            state = new_state
        if infinite:
            self.env = _join_envs(exits) if exits else None
        else:
            after = state if cond is None else self.refine(dict(state), cond, False)
            self.env = after

    def try_stmt(self, node: Node) -> None:
        before = dict(self.env) if self.env is not None else None
        body = node.child_by_field_name("body")
        if body is not None:
            self.block(body.named_children)
        after_body = self.env
        outs: list[Env | None] = []
        finally_clause = None
        else_clause = None
        handler_start = _join_envs([before, after_body])
        for c in node.children:
            if c.type in {"except_clause", "except_group_clause"}:
                self.env = dict(handler_start) if handler_start is not None else None
                for sub in c.named_children:
                    if sub.type == "as_pattern":
                        alias = sub.child_by_field_name("alias")
                        if alias is not None and alias.named_children:
                            self.bind(alias.named_children[0], CLEAN, sub)
                    elif sub.type == "block":
                        self.block(sub.named_children)
                outs.append(self.env)
            elif c.type == "else_clause":
                else_clause = c
            elif c.type == "finally_clause":
                finally_clause = c
        self.env = after_body
        if else_clause is not None:
            eb = else_clause.child_by_field_name("body")
            if eb is not None:
                self.block(eb.named_children)
        outs.append(self.env)
        self.env = _join_envs(outs)
        if finally_clause is not None:
            terminated = self.env is None
            self.env = self.env if self.env is not None else handler_start
            for sub in finally_clause.named_children:
                if sub.type == "block":
                    self.block(sub.named_children)
            if terminated:
                self.env = None

    def with_stmt(self, node: Node) -> None:
        for c in node.children:
            if c.type == "with_clause":
                for item in c.named_children:
                    value = item.child_by_field_name("value")
                    if value is None:
                        continue
                    if value.type == "as_pattern":
                        expr = value.named_children[0] if value.named_children else None
                        alias = value.child_by_field_name("alias")
                        v = self.ev(expr) if expr is not None else CLEAN
                        if alias is not None and alias.named_children:
                            self.bind(alias.named_children[0], v, item)
                    else:
                        self.ev(value)
        body = node.child_by_field_name("body")
        if body is not None:
            self.block(body.named_children)

    def match_stmt(self, node: Node) -> None:
        subject = node.child_by_field_name("subject")
        if subject is not None:
            self.ev(subject)
        body = node.child_by_field_name("body")
        if body is None:
            return
        before = self.env
        outs: list[Env | None] = [before]
        for case in body.named_children:
            if case.type != "case_clause":
                continue
            self.env = dict(before) if before is not None else None
            cons = case.child_by_field_name("consequence")
            if cons is not None:
                self.block(cons.named_children)
            outs.append(self.env)
        self.env = _join_envs(outs)

    # ------------------------------------------------------------ guards

    def refine(self, env: Env, cond: Node, truth: bool) -> Env:
        saved = self.env
        self.env = env
        try:
            for key, note in self.validations(cond, truth):
                cur = env.get(key)
                if cur is None:
                    continue
                env[key] = cur.cleaned(note) if cur.tainted or cur.origins else cur.with_note(note)
        finally:
            self.env = saved
        return env

    def validations(self, cond: Node, truth: bool) -> list[tuple[str, Note]]:
        """Variables ``cond`` proves safe (for this family) when it evaluates to ``truth``."""
        t = cond.type
        if t == "parenthesized_expression" and cond.named_children:
            return self.validations(cond.named_children[0], truth)
        if t == "not_operator":
            arg = cond.child_by_field_name("argument")
            return self.validations(arg, not truth) if arg is not None else []
        if t == "boolean_operator":
            op = text(cond.child_by_field_name("operator"))
            left, right = cond.child_by_field_name("left"), cond.child_by_field_name("right")
            if left is None or right is None:
                return []
            if (op == "and" and truth) or (op == "or" and not truth):
                out = self.validations(left, truth) + self.validations(right, truth)
                if op == "and" and truth:
                    out += self.relative_url_check(left, right)
                return out
            return []
        if t == "comparison_operator":
            return self.compare_validation(cond, truth)
        if t == "call":
            return self.call_validation(cond, truth)
        if t == "attribute" and self.family == "redirect":
            # `if urlparse(u).netloc: abort()` -> false branch has no host
            var = self.netloc_var(cond)
            if var is not None and not truth:
                return [(var, self.note(cond, f"`{var}` has no host (relative URL only)", "guard"))]
        return []

    def compare_validation(self, cond: Node, truth: bool) -> list[tuple[str, Note]]:
        ops = constfold.comparison_operators(cond)
        operands = constfold.comparison_operands(cond)
        if len(ops) != 1 or len(operands) != 2:
            return []
        op = ops[0]
        left, right = operands
        positive = {"in": True, "not in": False, "==": True, "!=": False, "is": True, "is not": False}.get(op)
        if positive is None:
            return []
        holds = truth if positive else not truth
        if not holds:
            return []
        if op in {"in", "not in"}:
            coll = self.ev(right)
            if coll.tainted or (coll.fields is None and not coll.is_const):
                return []
            var = self.netloc_var(left) if self.family in {"redirect", "ssrf"} else None
            if var is not None:
                return [
                    (var, self.note(cond, f"the host of `{var}` is checked against an allow-list", "guard"))
                ]
            key = _var_key(left)
            if key is not None:
                return [(key, self.note(cond, f"`{key}` is checked against a fixed allow-list", "guard"))]
            var = self.netloc_var(left) if self.family == "redirect" else None
            if var is not None:
                return [
                    (var, self.note(cond, f"the host of `{var}` is checked against an allow-list", "guard"))
                ]
            return []
        # equality with a constant
        for a, b in ((left, right), (right, left)):
            bv = self.ev(b)
            if bv.is_const and not bv.tainted:
                key = _var_key(a)
                if key is not None:
                    return [
                        (
                            key,
                            self.note(cond, f"`{key}` equals the constant {_short(repr(bv.const))}", "guard"),
                        )
                    ]
                var = self.netloc_var(a) if self.family == "redirect" else None
                if var is not None and bv.const in ("", None):
                    return [(var, self.note(cond, f"`{var}` has no host (relative URL only)", "guard"))]
                if self.family == "path":
                    pv = self.commonpath_var(a, bv, b)
                    if pv is not None:
                        return [
                            (
                                pv,
                                self.note(
                                    cond, f"`{pv}` is checked to stay inside the base directory", "guard"
                                ),
                            )
                        ]
        for a, b in ((left, right), (right, left)):
            if self.family == "path":
                bv = self.ev(b)
                if not bv.tainted:
                    pv = self.commonpath_var(a, bv, b)
                    if pv is not None:
                        return [
                            (
                                pv,
                                self.note(
                                    cond, f"`{pv}` is checked to stay inside the base directory", "guard"
                                ),
                            )
                        ]
        return []

    def commonpath_var(self, node: Node, base: Val, base_node: Node) -> str | None:
        """``os.path.commonpath([base, v]) == base`` with ``v`` normalized: ``v`` is inside ``base``."""
        if node.type != "call":
            return None
        q, _ = self.qualify(node.child_by_field_name("function"))
        if q != "os.path.commonpath" or base.tainted:
            return None
        args = node.child_by_field_name("arguments")
        if args is None or not args.named_children:
            return None
        lst = args.named_children[0]
        if lst.type not in {"list", "tuple"}:
            return None
        for item in lst.named_children:
            key = _var_key(item)
            if key is None or self.env is None or key == text(base_node):
                continue
            v = self.env.get(key)
            if v is not None and "normalized" in v.flags:
                return key
        return None

    def call_validation(self, cond: Node, truth: bool) -> list[tuple[str, Note]]:
        if not truth:
            return []
        fn = cond.child_by_field_name("function")
        args_node = cond.child_by_field_name("arguments")
        if fn is None or args_node is None:
            return []
        args = [a for a in args_node.named_children if a.type != "keyword_argument"]
        q, _is_method = self.qualify(fn)
        spec = self.spec
        if spec is not None and q in spec.validators and args:
            key = _var_key(args[0])
            if key is not None:
                return [(key, self.note(cond, f"`{key}` is validated by {q.rsplit('.', 1)[-1]}()", "guard"))]
        if fn.type == "attribute":
            obj = fn.child_by_field_name("object")
            method = text(fn.child_by_field_name("attribute"))
            key = _var_key(obj) if obj is not None else None
            checks = {"isdigit", "isdecimal", "isnumeric", "isalnum", "isalpha", "isidentifier"}
            if method in checks and key and spec is not None and spec.dangerous_chars:
                return [(key, self.note(cond, f"`{key}` is checked by .{method}()", "guard"))]
            if (
                method in {"startswith", "is_relative_to"}
                and key
                and self.family == "path"
                and self.env is not None
            ):
                v = self.env.get(key)
                base = self.ev(args[0]) if args else CLEAN
                if v is not None and "normalized" in v.flags and not base.tainted:
                    return [
                        (
                            key,
                            self.note(
                                cond,
                                f"`{key}` (resolved) is checked to start with the base directory",
                                "guard",
                            ),
                        )
                    ]
            if method in {"match", "fullmatch"} and obj is not None and args:
                pat = self.ev(obj)
                if "regex" in pat.flags:
                    pattern = next((f[6:] for f in pat.flags if f.startswith("regex:")), None)
                    k = _var_key(args[0])
                    if pattern is not None and k and self.restrictive(pattern, method == "fullmatch"):
                        return [
                            (
                                k,
                                self.note(
                                    cond, f"`{k}` must match the pattern {_short(repr(pattern))}", "guard"
                                ),
                            )
                        ]
        if q in {"re.match", "re.fullmatch"} and len(args) >= 2:
            pat = self.ev(args[0])
            k = _var_key(args[1])
            if isinstance(pat.const, str) and k and self.restrictive(pat.const, q == "re.fullmatch"):
                return [
                    (k, self.note(cond, f"`{k}` must match the pattern {_short(repr(pat.const))}", "guard"))
                ]
        if q == "isinstance" and len(args) == 2:
            k = _var_key(args[0])
            typ = text(args[1])
            if k and typ in {"int", "float", "bool", "(int, float)"}:
                return [(k, self.note(cond, f"`{k}` is a number", "guard"))]
        return []

    def restrictive(self, pattern: str, full: bool) -> bool:
        spec = self.spec
        if spec is None or not spec.dangerous_chars:
            return False
        allowed = regex_charset(pattern, full)
        if allowed is None:
            return False
        return not (allowed & set(spec.dangerous_chars))

    def netloc_var(self, node: Node) -> str | None:
        """``urlparse(v).netloc`` (or a variable holding ``urlparse(v)``) -> ``v``."""
        if node.type != "attribute" or text(node.child_by_field_name("attribute")) not in {
            "netloc",
            "hostname",
        }:
            return None
        obj = node.child_by_field_name("object")
        if obj is None:
            return None
        if obj.type == "call":
            q, _ = self.qualify(obj.child_by_field_name("function"))
            args = obj.child_by_field_name("arguments")
            if (
                q in {"urllib.parse.urlparse", "urllib.parse.urlsplit"}
                and args is not None
                and args.named_children
            ):
                return _var_key(args.named_children[0])
            return None
        key = _var_key(obj)
        if key is not None and self.env is not None:
            v = self.env.get(key)
            if v is not None:
                for f in v.flags:
                    if f.startswith("urlof:"):
                        return f[6:]
        return None

    def relative_url_check(self, left: Node, right: Node) -> list[tuple[str, Note]]:
        """``u.startswith("/") and not u.startswith("//")``: a path on this site only."""
        if self.family != "redirect":
            return []

        def starts(node: Node) -> tuple[str, Any] | None:
            if node.type != "call":
                return None
            fn = node.child_by_field_name("function")
            if (
                fn is None
                or fn.type != "attribute"
                or text(fn.child_by_field_name("attribute")) != "startswith"
            ):
                return None
            args = node.child_by_field_name("arguments")
            obj = fn.child_by_field_name("object")
            key = _var_key(obj) if obj is not None else None
            if key is None or args is None or not args.named_children:
                return None
            return key, self.ev(args.named_children[0]).const

        a = starts(left)
        b_node = right.child_by_field_name("argument") if right.type == "not_operator" else None
        b = starts(b_node) if b_node is not None else None
        if (
            a
            and b
            and a[0] == b[0]
            and a[1] == "/"
            and (b[1] == "//" or (isinstance(b[1], tuple) and "//" in b[1]))
        ):
            return [
                (a[0], self.note(left, f"`{a[0]}` is a path on this site (starts with one '/')", "guard"))
            ]
        return []

    # ------------------------------------------------------------ expressions

    def qualify(self, fn: Node | None) -> tuple[str, bool]:
        """The qualified name of a callee and whether it is a method on an object."""
        if fn is None:
            return "", False
        if fn.type == "identifier":
            name = text(fn)
            if name in self.locals and not self.is_module:
                return name, False
            q = self.info.qualify_root(name)
            return (q if q is not None else name), False
        if fn.type == "attribute":
            parts = dotted_parts(fn)
            attr = text(fn.child_by_field_name("attribute"))
            if parts is not None:
                root = text(parts[0])
                if not (root in self.locals and not self.is_module) and root not in {"self", "cls"}:
                    q = self.info.qualify_root(root)
                    rest = [text(p) for p in parts[1:]]
                    if q is not None:
                        return normalize_module(".".join([q, *rest])), False
                    if root not in self.info.defs and root not in self.menv():
                        return normalize_module(".".join([root, *rest])), False
            return "." + attr, True
        return "", True

    def ev(self, node: Node | None) -> Val:
        if node is None:
            return CLEAN
        t = node.type
        if t in {"string", "concatenated_string"}:
            return self.ev_string(node)
        if t in {"integer", "float", "true", "false", "none"}:
            return Val(const=constfold.literal(node))
        if t == "identifier":
            return self.ev_name(node)
        if t == "attribute":
            return self.ev_attribute(node)
        if t == "subscript":
            return self.ev_subscript(node)
        if t == "call":
            return self.ev_call(node)
        if t == "binary_operator":
            left, right, op = (node.child_by_field_name(f) for f in ("left", "right", "operator"))
            lv, rv = self.ev(left), self.ev(right)
            const = constfold.binary(text(op), lv.const, rv.const)
            if text(op) == "%" and right is not None and right.type in {"list", "list_comprehension"}:
                const = NOT_CONST  # lists fold to tuples, and "%s" % [1] is not "%s" % (1,)
            if text(op) == "%" and isinstance(lv.const, str) and rv.tainted:
                rv = self.numeric_format(node, lv.const, rv)
            if text(op) == "+" and lv.fields is not None and rv.fields is not None and lv.exact and rv.exact:
                items = list(lv.fields) + [(len(lv.fields) + i, v) for i, (_, v) in enumerate(rv.fields)]
                return container(items, exact=True, const=const)
            return combine([lv, rv], const=const)
        if t == "unary_operator":
            arg = node.child_by_field_name("argument")
            v = self.ev(arg)
            return Val(
                const=constfold.unary(text(node.child_by_field_name("operator")), v.const), notes=v.notes
            )
        if t == "not_operator":
            v = self.ev(node.child_by_field_name("argument"))
            return Val(const=constfold.unary("not", v.const))
        if t == "boolean_operator":
            left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
            bop = text(node.child_by_field_name("operator"))
            lv = self.ev(left)
            truth = constfold.truthy(lv.const)
            if truth is not None and ((bop == "and" and not truth) or (bop == "or" and truth)):
                return lv
            saved = self.env
            if self.env is not None and left is not None:
                self.env = self.refine(dict(self.env), left, bop == "and")
            rv = self.ev(right)
            self.env = saved
            if truth is not None:
                return rv
            return join(lv, rv)
        if t == "comparison_operator":
            operands = [self.ev(c) for c in constfold.comparison_operands(node)]
            return Val(
                const=constfold.compare([v.const for v in operands], constfold.comparison_operators(node))
            )
        if t == "conditional_expression":
            return self.ev_ternary(node)
        if t == "parenthesized_expression":
            return self.ev(node.named_children[0]) if node.named_children else CLEAN
        if t in {"list", "tuple", "set", "expression_list"}:
            return self.ev_sequence(node)
        if t == "dictionary":
            return self.ev_dict(node)
        if t in {
            "list_comprehension",
            "set_comprehension",
            "generator_expression",
            "dictionary_comprehension",
        }:
            return self.ev_comprehension(node)
        if t == "lambda":
            body = node.child_by_field_name("body")
            saved = self.env
            if self.env is not None and body is not None:
                inner = dict(self.env)
                params = node.child_by_field_name("parameters")
                for p in params.named_children if params is not None else []:
                    inner[text(p.child_by_field_name("name") or p)] = Val(
                        origins=frozenset({Origin("unknown", "a lambda parameter", self.path, line_of(node))})
                    )
                self.env = inner
                self.ev(body)
                self.env = saved
            return CLEAN
        if t == "await":
            return self.ev(node.named_children[0]) if node.named_children else CLEAN
        if t == "named_expression":
            name, value = node.child_by_field_name("name"), node.child_by_field_name("value")
            v = self.ev(value)
            if name is not None:
                self.bind(name, v, node)
            return v
        if t == "yield":
            v = self.ev(node.named_children[0]) if node.named_children else CLEAN
            self.returns.append(v)
            return CLEAN
        if t in {"keyword_argument"}:
            return self.ev(node.child_by_field_name("value"))
        if t in {"list_splat", "dictionary_splat", "parenthesized_list_splat"}:
            return self.ev(node.named_children[0]).element() if node.named_children else CLEAN
        if t in {"ellipsis", "comment"}:
            return CLEAN
        if t == "slice":
            return combine([self.ev(c) for c in node.named_children])
        parts = [self.ev(c) for c in node.named_children]
        return combine(parts)

    def ev_string(self, node: Node) -> Val:
        const = constfold.literal(node)
        if const is not NOT_CONST:
            return Val(const=const)
        parts: list[Val] = []
        strings = [node] if node.type == "string" else [c for c in node.named_children if c.type == "string"]
        for s in strings:
            for c in s.named_children:
                if c.type == "interpolation":
                    expr = c.child_by_field_name("expression")
                    v = self.ev(expr)
                    spec = c.child_by_field_name("format_specifier")
                    if spec is not None and v.tainted and re.search(r"[dxXobeEfFgGn%]\s*\}?$", text(spec)):
                        v = v.cleaned(self.note(c, f"formatted as a number (`{text(spec)}`)", "sanitizer"))
                    parts.append(v)
        folded = constfold.fold(
            node,
            lambda name: (
                self.env.get(name, CLEAN).const if self.env is not None and name in self.env else NOT_CONST
            ),
        )
        return combine(parts, const=folded)

    def numeric_format(self, node: Node, fmt: str, args: Val) -> Val:
        """``"... %d ..." % x``: arguments consumed by numeric conversions carry no text."""
        convs = [
            m.group(1)
            for m in re.finditer(
                r"%(?:\([^)]*\))?[-+ #0]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[hlL]?([diouxXeEfFgGcrsa%])", fmt
            )
        ]
        convs = [c for c in convs if c != "%"]
        numeric = set("diouxXeEfFgG")
        if not convs or ("(" in fmt and "%(" in fmt):
            return args
        note = self.note(node, "formatted with a numeric conversion (%d): no text survives", "sanitizer")
        if args.fields is not None and args.exact and len(args.fields) == len(convs):
            items = [
                (k, v.cleaned(note) if c in numeric and v.tainted else v)
                for (k, v), c in zip(args.fields, convs, strict=True)
            ]
            return container(items, exact=True)
        if len(convs) == 1 and convs[0] in numeric and args.fields is None:
            return args.cleaned(note)
        return args

    def ev_name(self, node: Node) -> Val:
        name = text(node)
        if self.env is not None and name in self.env:
            return self.env[name]
        if name in self.locals and not self.is_module:
            # assigned in this function but not on any path reaching here
            return Val(
                origins=frozenset(
                    {Origin("unknown", f"'{name}' (not assigned on this path)", self.path, line_of(node))}
                )
            )
        q = self.info.qualify_root(name)
        if q is not None:
            return self.ev_qualified(node, q, name)
        if name in self.info.defs:
            return CLEAN
        menv = self.menv()
        if name in menv:
            return menv[name]
        if name in {"__name__", "__file__", "__doc__"}:
            return CLEAN
        if name in _BUILTIN_NAMES:
            return CLEAN
        return Val(origins=frozenset({Origin("unknown", f"'{name}'", self.path, line_of(node))}))

    def ev_qualified(self, node: Node, qualified: str, local: str) -> Val:
        if qualified in SAFE_YAML_LOADERS:
            return Val(flags=frozenset({"safe_yaml_loader"}))
        if qualified in HASH_CONSTRUCTORS:
            return Val(flags=frozenset({"hash:" + HASH_CONSTRUCTORS[qualified]}))
        if _is_source_object(qualified):
            o = Origin("source", qualified, self.path, line_of(node))
            return Val(
                origins=frozenset({o}),
                steps=(self.note(node, f"{qualified} (user-controlled input)", "source"),),
            )
        glob = self.engine.resolve_global(self.path, local, line_of(node))
        if glob is not None:
            gpath, gname = glob
            env = self.engine.module_env(gpath, self.family)
            if gname in env:
                return env[gname]
        return CLEAN  # a module, a class, a function or a constant of a library

    def ev_attribute(self, node: Node) -> Val:
        key = text(node)
        if self.env is not None and key in self.env:
            return self.env[key]
        parts = dotted_parts(node)
        if parts is not None:
            root = text(parts[0])
            if root in {"self", "cls"} and len(parts) == 2:
                return self.class_attribute(node, text(parts[1]))
            if not (root in self.locals and not self.is_module) and (
                self.env is None or root not in self.env
            ):
                q = self.info.qualify_root(root)
                if q is not None:
                    full = normalize_module(".".join([q, *[text(p) for p in parts[1:]]]))
                    if full in SAFE_YAML_LOADERS:
                        return Val(flags=frozenset({"safe_yaml_loader"}))
                    if full in HASH_CONSTRUCTORS:
                        return Val(flags=frozenset({"hash:" + HASH_CONSTRUCTORS[full]}))
                    if _is_source_object(full):
                        o = Origin("source", full, self.path, line_of(node))
                        return Val(
                            origins=frozenset({o}),
                            steps=(self.note(node, f"{full} (user-controlled input)", "source"),),
                        )
                    glob = self.engine.resolve_global(
                        self.path, ".".join(text(p) for p in parts), line_of(node)
                    )
                    if glob is not None:
                        env = self.engine.module_env(glob[0], self.family)
                        if glob[1] in env:
                            return env[glob[1]]
                    return CLEAN
        obj = node.child_by_field_name("object")
        base = self.ev(obj)
        attr = text(node.child_by_field_name("attribute"))
        if self.family == "path" and attr in {"name", "stem"} and obj is not None and obj.type == "call":
            q, _ = self.qualify(obj.child_by_field_name("function"))
            if q.startswith("pathlib."):
                return base.cleaned(
                    self.note(node, f"only the final component (.{attr}) of the path is used", "sanitizer")
                )
        if base.tainted:
            return replace(base, fields=None, exact=False, const=NOT_CONST)
        return Val(notes=base.notes)

    def class_attribute(self, node: Node, attr: str) -> Val:
        cls = enclosing_class(self.func) if self.func is not None else None
        if cls is None:
            return Val(origins=frozenset({Origin("unknown", f"self.{attr}", self.path, line_of(node))}))
        body = cls.child_by_field_name("body")
        vals: list[Val] = []
        for stmt in body.named_children if body is not None else []:
            inner = stmt
            if stmt.type == "decorated_definition":
                d = stmt.child_by_field_name("definition")
                inner = d if d is not None else stmt
            if inner.type == "expression_statement" and inner.named_children:
                a = inner.named_children[0]
                if a.type == "assignment" and text(a.child_by_field_name("left")) == attr:
                    right = a.child_by_field_name("right")
                    if right is not None:
                        vals.append(self.ev(right))
                    if right is None or (
                        a.child_by_field_name("type") is not None and _is_dataclass(cls, self)
                    ):
                        # a declared field (``val: str``): whoever constructs the object sets it
                        vals.append(self.constructed_field(node, attr, cls))
            elif inner.type == "function_definition" and inner != self.func:
                if f"self.{attr}" not in (inner.text or b"").decode("utf-8", "replace"):
                    continue
                res = self.engine.analyse(self.path, inner, self.family)
                v = res.self_attrs.get(attr)
                if v is not None:
                    # parameters of other methods: whoever constructs or calls the object
                    vals.append(
                        _params_external(v, f"a parameter of {text(inner.child_by_field_name('name'))}()")
                    )
        if not vals:
            return Val(origins=frozenset({Origin("unknown", f"self.{attr}", self.path, line_of(node))}))
        return join_all(vals)

    def constructed_field(self, node: Node, attr: str, cls: Node) -> Val:
        """A field the constructor fills: what the instance was built from when this method runs on
        a known instance (a call in context), else unknown."""
        me = self.env.get("self") if self.env is not None else None
        if me is None or any(o.kind == "param" for o in me.origins):
            what = f"field {text(cls.child_by_field_name('name'))}.{attr} (set by whoever constructs it)"
            return Val(origins=frozenset({Origin("unknown", what, self.path, line_of(node))}))
        return replace(me, fields=None, exact=False, const=NOT_CONST, flags=frozenset())

    def ev_subscript(self, node: Node) -> Val:
        base = self.ev(node.child_by_field_name("value"))
        subs = [c for i, c in enumerate(node.children) if node.field_name_for_child(i) == "subscript"]
        if len(subs) != 1:
            for s in subs:
                self.ev(s)
            return base.element()
        sub = subs[0]
        if sub.type == "slice":
            self.ev(sub)
            const = NOT_CONST
            return replace(base, fields=None, exact=False, const=const)
        key = self.ev(sub)
        if base.fields is not None and key.is_const:
            k = key.const
            if isinstance(k, int) and not isinstance(k, bool) and k < 0 and base.exact:
                k = len(base.fields) + k
            fv = base.field(k)
            if fv is not None:
                return fv
        if base.is_const and key.is_const:
            try:
                c = base.const[key.const]
            except Exception:
                c = NOT_CONST  # an index error at run time: nothing known
            if c is not NOT_CONST:
                return Val(const=c, notes=base.notes)
        return base.element()

    def ev_ternary(self, node: Node) -> Val:
        parts = node.named_children
        if len(parts) != 3:
            return combine([self.ev(p) for p in parts])
        body, cond, alt = parts
        cv = self.ev(cond)
        truth = constfold.truthy(cv.const)
        if truth is True:
            self.mark_dead([alt], f"dead branch: `{_short(text(cond))}` is always true")
            return self.ev(body)
        if truth is False:
            self.mark_dead([body], f"dead branch: `{_short(text(cond))}` is always false")
            return self.ev(alt)
        saved = self.env
        if saved is None:
            return CLEAN
        self.env = self.refine(dict(saved), cond, True)
        a = self.ev(body)
        self.env = self.refine(dict(saved), cond, False)
        b = self.ev(alt)
        self.env = saved
        return join(a, b)

    def ev_sequence(self, node: Node) -> Val:
        items: list[tuple[Any, Val]] = []
        exact = True
        for c in node.named_children:
            if c.type in {"list_splat", "parenthesized_list_splat"}:
                inner = self.ev(c.named_children[0]) if c.named_children else CLEAN
                if inner.fields is not None and inner.exact:
                    for _, fv in inner.fields:
                        items.append((len(items), fv))
                else:
                    exact = False
                    items.append((len(items), inner.element()))
                continue
            if c.type == "comment":
                continue
            items.append((len(items), self.ev(c)))
        const: Any = NOT_CONST
        if all(v.is_const for _, v in items) and exact:
            consts = tuple(v.const for _, v in items)
            const = frozenset(consts) if node.type == "set" and _hashable(consts) else consts
        if node.type == "set":
            exact = False
        return container(items, exact=exact, const=const)

    def ev_dict(self, node: Node) -> Val:
        items: list[tuple[Any, Val]] = []
        exact = True
        extra: list[Val] = []
        for c in node.named_children:
            if c.type == "pair":
                k = self.ev(c.child_by_field_name("key"))
                v = self.ev(c.child_by_field_name("value"))
                if k.is_const and _hashable((k.const,)):
                    items = [
                        (kk, vv) for kk, vv in items if not (kk == k.const and type(kk) is type(k.const))
                    ]
                    items.append((k.const, v))
                else:
                    exact = False
                    extra.append(combine([k, v]))
            elif c.type == "dictionary_splat":
                inner = self.ev(c.named_children[0]) if c.named_children else CLEAN
                if inner.fields is not None and inner.exact:
                    items.extend(inner.fields)
                else:
                    exact = False
                    extra.append(inner)
        out = container(items, exact=exact)
        if extra:
            out = replace(out, origins=out.origins | combine(extra).origins)
        return out

    def ev_comprehension(self, node: Node) -> Val:
        saved = self.env
        if saved is None:
            return CLEAN
        self.env = dict(saved)
        body = node.child_by_field_name("body")
        for c in node.named_children:
            if c.type == "for_in_clause":
                left, right = c.child_by_field_name("left"), c.child_by_field_name("right")
                it = self.ev(right)
                if left is not None:
                    self.bind(
                        left,
                        it.element()
                        if (it.fields is not None or it.tainted)
                        else replace(it, const=NOT_CONST),
                        c,
                    )
            elif c.type == "if_clause" and c.named_children and self.env is not None:
                self.ev(c.named_children[0])
                self.env = self.refine(self.env, c.named_children[0], True)
        if body is not None and body.type == "pair":
            v = combine(
                [self.ev(body.child_by_field_name("key")), self.ev(body.child_by_field_name("value"))]
            )
        else:
            v = self.ev(body)
        self.env = saved
        return replace(v, fields=None, exact=False, const=NOT_CONST)

    # ------------------------------------------------------------ calls

    def call_args(self, node: Node) -> tuple[list[Val], dict[str, Val], list[Node], dict[str, Node]]:
        args_node = node.child_by_field_name("arguments")
        pos: list[Val] = []
        kws: dict[str, Val] = {}
        pos_nodes: list[Node] = []
        kw_nodes: dict[str, Node] = {}
        if args_node is None:
            return pos, kws, pos_nodes, kw_nodes
        if args_node.type == "generator_expression":
            pos.append(self.ev(args_node))
            pos_nodes.append(args_node)
            return pos, kws, pos_nodes, kw_nodes
        for a in args_node.named_children:
            if a.type == "keyword_argument":
                name = text(a.child_by_field_name("name"))
                value = a.child_by_field_name("value")
                kws[name] = self.ev(value)
                if value is not None:
                    kw_nodes[name] = value
            elif a.type == "list_splat":
                inner = self.ev(a.named_children[0]) if a.named_children else CLEAN
                if inner.fields is not None and inner.exact:
                    for _, fv in inner.fields:
                        pos.append(fv)
                        pos_nodes.append(a)
                else:
                    pos.append(inner.element())
                    pos_nodes.append(a)
                    kws["*"] = inner.element()
            elif a.type == "dictionary_splat":
                inner = self.ev(a.named_children[0]) if a.named_children else CLEAN
                if inner.fields is not None:
                    for k, fv in inner.fields:
                        if isinstance(k, str):
                            kws[k] = fv
                if inner.fields is None or not inner.exact:
                    kws["**"] = inner.element()
            elif a.type == "comment":
                continue
            else:
                pos.append(self.ev(a))
                pos_nodes.append(a)
        return pos, kws, pos_nodes, kw_nodes

    def record(self, node: Node, args: list[Val], kwargs: dict[str, Val], receiver: Val | None) -> None:
        hit = self.hits.get(nkey(node))
        if hit is None:
            hit = self.hits[nkey(node)] = Hit()
        hit.add(args, kwargs, receiver)

    def ev_call(self, node: Node) -> Val:
        fn = node.child_by_field_name("function")
        q, is_method = self.qualify(fn)
        receiver: Val | None = None
        obj: Node | None = None
        if fn is not None and fn.type == "attribute" and is_method:
            obj = fn.child_by_field_name("object")
            receiver = self.ev(obj)
        elif fn is not None and fn.type not in {"identifier", "attribute"}:
            receiver = self.ev(fn)  # f(x)(y), (lambda: ...)(), d[k](x): the callee is a value
        pos, kws, _pos_nodes, _kw_nodes = self.call_args(node)
        if nkey(node) in self.watch:
            if receiver is None and fn is not None and fn.type == "identifier":
                receiver = self.ev(fn)  # a callable object (a compiled XPath): its value matters
                self.record(node, pos, kws, receiver)
                receiver = None
            else:
                self.record(node, pos, kws, receiver)
        result = self.call_result(
            node, fn, q, is_method=is_method, receiver=receiver, obj=obj, pos=pos, kws=kws
        )
        if is_method and obj is not None:
            self.mutate(obj, q[1:], pos, receiver)
            if q == ".setFeature" and len(pos) >= 2:
                self.set_feature(node, obj, pos)
        return result

    def set_feature(self, node: Node, obj: Node, pos: list[Val]) -> None:
        """``parser.setFeature(feature_external_ges, True)`` turns external entities on."""
        args = node.child_by_field_name("arguments")
        first = args.named_children[0] if args is not None and args.named_children else None
        if first is None or self.env is None:
            return
        name, _ = self.qualify(first) if first.type in {"identifier", "attribute"} else (text(first), False)
        if not (
            name.endswith(("feature_external_ges", "feature_external_pes"))
            or "external-" in str(pos[0].const)
        ):
            return
        key = text(obj)
        cur = self.env.get(key, self.ev(obj))
        on = constfold.truthy(pos[1].const)
        flags = cur.flags - {"!external_entities"} if on is False else cur.flags | {"!external_entities"}
        self.env[key] = replace(cur, flags=flags)

    def mutate(self, obj: Node, method: str, pos: list[Val], receiver: Val | None) -> None:
        """Container methods that change their receiver (append, insert, pop, update...)."""
        if self.env is None or obj.type not in {"identifier", "attribute"} or receiver is None:
            return
        key = text(obj)
        old = receiver
        new: Val | None = None
        if method == "append" and pos:
            if old.fields is not None and old.exact:
                new = container([*old.fields, (len(old.fields), pos[0])], exact=True)
            else:
                new = replace(combine([old, pos[0]]), fields=old.fields, exact=False)
        elif method == "extend" and pos:
            arg = pos[0]
            if old.fields is not None and old.exact and arg.fields is not None and arg.exact:
                new = container(
                    [*old.fields, *[(len(old.fields) + i, v) for i, (_, v) in enumerate(arg.fields)]],
                    exact=True,
                )
            else:
                new = replace(combine([old, arg]), fields=old.fields, exact=False)
        elif method == "insert" and len(pos) >= 2:
            idx = pos[0].const
            if old.fields is not None and old.exact and isinstance(idx, int) and not isinstance(idx, bool):
                vals = [v for _, v in old.fields]
                vals.insert(idx, pos[1])
                new = container(list(enumerate(vals)), exact=True)
            else:
                new = replace(combine([old, pos[1]]), fields=old.fields, exact=False)
        elif method == "pop" and old.fields is not None and old.exact:
            if not pos:
                vals = [v for _, v in old.fields][:-1]
                new = container(list(enumerate(vals)), exact=True)
            elif isinstance(pos[0].const, int) and not isinstance(pos[0].const, bool):
                vals = [v for _, v in old.fields]
                try:
                    vals.pop(pos[0].const)
                    new = container(list(enumerate(vals)), exact=True)
                except IndexError:
                    new = None
            elif pos[0].is_const:
                new = container([(k, v) for k, v in old.fields if k != pos[0].const], exact=True)
        elif method == "remove" and pos and old.fields is not None and old.exact and pos[0].is_const:
            vals = [v for _, v in old.fields]
            for i, v in enumerate(vals):
                if v.is_const and v.const == pos[0].const:
                    del vals[i]
                    new = container(list(enumerate(vals)), exact=True)
                    break
        elif method == "clear":
            new = container([], exact=True)
        elif method in {"update", "setdefault", "add"} and pos:
            if method == "update" and pos[0].fields is not None and old.fields is not None:
                items = [(k, v) for k, v in old.fields if pos[0].field(k) is None] + list(pos[0].fields)
                new = container(items, exact=old.exact and pos[0].exact)
            elif method == "setdefault" and len(pos) >= 2 and pos[0].is_const and old.fields is not None:
                if old.field(pos[0].const) is None:
                    new = container([*old.fields, (pos[0].const, pos[1])], exact=old.exact)
            else:
                new = replace(combine([old, *pos]), fields=None, exact=False)
        if new is not None:
            self.env[key] = new

    def call_result(
        self,
        node: Node,
        fn: Node | None,
        q: str,
        *,
        is_method: bool,
        receiver: Val | None,
        obj: Node | None,
        pos: list[Val],
        kws: dict[str, Val],
    ) -> Val:
        spec = self.spec
        args_all = [*pos, *kws.values()]
        method = q[1:] if is_method else q.rsplit(".", 1)[-1]
        # 1. workspace code: interpret it rather than trust a table
        if not is_method or (obj is not None and text(obj) in {"self", "cls"}):
            target = self.engine.resolve_def(self.path, text(fn), line_of(node)) if fn is not None else None
            if target is not None:
                return self.apply_summary(
                    node, target, pos, kws, receiver=receiver, is_method=bool(is_method)
                )
        elif receiver is not None and any(f.startswith("class:") for f in receiver.flags):
            # a method of an instance of a workspace class
            method_def = self.engine.method_of(receiver.flags, q[1:])
            if method_def is not None:
                return self.apply_summary(node, method_def, pos, kws, receiver=receiver, is_method=True)
        # 2. objects whose kind matters to a family (a CSPRNG, a weak generator)
        flag = CALL_FLAGS.get(q)
        if flag is not None:
            return replace(combine(args_all), flags=frozenset({flag}))
        # 3. sanitizers and safe variants of the family
        if spec is not None and (
            q in spec.sanitizers
            or q in spec.safe_variants
            or (spec.safe_prefixes and q.startswith(spec.safe_prefixes))
        ):
            return Val(const=NOT_CONST).with_note(
                self.note(node, f"sanitized by {q.lstrip('.')}()", "sanitizer")
            )
        if spec is not None and spec.casts_clean and q in CASTS:
            return Val(const=constfold.builtin(q, [a.const for a in pos])).with_note(
                self.note(node, f"converted by {q}() (no text survives)", "sanitizer")
            )
        # 3. sources
        if _is_source_object(q):
            o = Origin(
                "source",
                q.rsplit(".", 1)[0] if q.rsplit(".", 1)[-1] in {"get", "getlist"} else q,
                self.path,
                line_of(node),
            )
            return Val(
                origins=frozenset({o}), steps=(self.note(node, f"{q}() (user-controlled input)", "source"),)
            )
        if (not is_method and q in SOURCE_CALLS) or (is_method and method in SOURCE_METHODS):
            o = Origin("source", f"{q.lstrip('.')}()", self.path, line_of(node))
            flags = frozenset({"fileobj"}) if q in {"open", "io.open", "codecs.open"} else frozenset()
            base = combine(args_all) if q in {"input", "raw_input"} else CLEAN
            return Val(
                origins=frozenset({o}) | base.origins,
                steps=(self.note(node, f"{q.lstrip('.')}() reads external input", "source"),),
                flags=flags,
            )
        # 4. values that are never attacker text
        if (not is_method and q in CLEAN_CALLS) or (is_method and method in CLEAN_METHODS):
            if is_method:
                recv_const = receiver.const if receiver is not None else NOT_CONST
                return Val(const=constfold.method(recv_const, method, [a.const for a in pos]))
            return Val(const=constfold.builtin(q, [a.const for a in pos]))
        # a whole-string match of a restrictive pattern: the match (and groups) hold only those characters
        if (q in {"re.fullmatch", "re.match"} and len(pos) >= 2) or (
            is_method
            and method in {"fullmatch", "match"}
            and receiver is not None
            and "regex" in receiver.flags
            and pos
        ):
            flags = receiver.flags if receiver is not None else frozenset()
            pattern = (
                pos[0].const
                if not is_method
                else next((f[6:] for f in flags if f.startswith("regex:")), None)
            )
            if isinstance(pattern, str) and self.restrictive(pattern, q.endswith("fullmatch")):
                return Val().with_note(
                    self.note(node, f"matched against the pattern {_short(repr(pattern))}", "sanitizer")
                )
        if not is_method and q in CASTS:
            return combine(args_all, const=constfold.builtin(q, [a.const for a in pos]))
        # 5. removal of every character outside a class: re.sub(r"[^a-z0-9]", "", x)
        if q == "re.sub" and len(pos) >= 3 and isinstance(pos[0].const, str) and pos[1].const == "":
            kept = _negated_class(pos[0].const)
            spec_chars = set(spec.dangerous_chars) if spec is not None and spec.dangerous_chars else None
            if kept is not None and spec_chars is not None and not (kept & spec_chars):
                why = f"characters outside {_short(pos[0].const[2:])!s} removed by re.sub()"
                return Val().with_note(self.note(node, why, "sanitizer"))
        # 6. regexes, url parsing, path normalisation: propagate with a flag
        if q == "re.compile" and pos and isinstance(pos[0].const, str):
            return Val(flags=frozenset({"regex", "regex:" + pos[0].const}))
        if q in {"urllib.parse.urlparse", "urllib.parse.urlsplit"} and pos:
            args_node = node.child_by_field_name("arguments")
            first = (
                args_node.named_children[0] if args_node is not None and args_node.named_children else None
            )
            key = _var_key(first) if first is not None else None
            v = combine(args_all)
            return replace(v, flags=frozenset({f"urlof:{key}"})) if key else v
        if q in PATH_NORMALIZERS or (is_method and "." + method in PATH_NORMALIZERS):
            parts = [*pos] + ([receiver] if receiver is not None else [])
            return replace(combine(parts), flags=frozenset({"normalized"}))
        if q in {"lxml.etree.XMLParser", "xml.etree.ElementTree.XMLParser"}:
            resolve = kws.get("resolve_entities")
            flags = (
                frozenset({"safe_xml_parser"})
                if resolve is not None and resolve.const is False
                else frozenset()
            )
            return Val(flags=flags)
        if q in {"xml.sax.make_parser", "xml.sax.expatreader.create_parser"}:
            return Val(flags=frozenset({"sax_parser"}))
        # 6. known propagators and constant folding of builtins
        if not is_method and (q in PROPAGATORS or q in LIBRARY_CALLS):
            const = constfold.builtin(q, [a.const for a in pos]) if not kws else NOT_CONST
            return combine(args_all, const=const)
        if is_method and obj is not None and text(obj) in {"self", "cls"}:
            # a method the class inherits from code outside the workspace (a framework's request
            # handler): what it returns is unknown, never a constant
            o = Origin("unknown", f"{text(fn)}() (inherited, not in the workspace)", self.path, line_of(node))
            return Val(origins=frozenset({o}) | combine(args_all).origins)
        if is_method and receiver is not None:
            if method in {"get", "pop", "setdefault"} and receiver.fields is not None and pos:
                # a lookup returns one of the container's values (or the default), never the key
                default = pos[1] if len(pos) > 1 else CLEAN
                fv = receiver.field(pos[0].const) if pos[0].is_const else None
                if fv is not None:
                    return fv
                if receiver.exact:
                    return default if pos[0].is_const else join(receiver.element(), default)
            if method == "pop" and receiver.fields is not None and receiver.exact and receiver.fields:
                if not pos:
                    return receiver.fields[-1][1]
                return receiver.element()
            if method in {"index", "count"}:
                return CLEAN
            const = constfold.method(receiver.const, method, [a.const for a in pos]) if not kws else NOT_CONST
            if method == "format" and kws:
                const = NOT_CONST
            if method in STR_PROPAGATING_METHODS or receiver.is_const or not receiver.tainted:
                if method in {"join"} and pos:
                    return combine(
                        [receiver, pos[0].element() if pos[0].fields is not None else pos[0]], const=const
                    )
                return replace(
                    combine([receiver, *args_all], const=const), flags=receiver.flags & {"normalized"}
                )
            return combine([receiver, *args_all], const=const)
        if is_method:
            return combine(args_all)
        # 7. a name we cannot see into: keep whatever flows in, and say we could not see
        if q in _BUILTIN_NAMES:
            return combine(args_all, const=constfold.builtin(q, [a.const for a in pos]))
        o = Origin("unknown", f"{q}()", self.path, line_of(node))
        return Val(origins=frozenset({o}) | combine(args_all).origins)

    def apply_summary(
        self,
        node: Node,
        target: tuple[str, Node],
        pos: list[Val],
        kws: dict[str, Val],
        *,
        receiver: Val | None,
        is_method: bool,
    ) -> Val:
        path, fnode = target
        if fnode.type == "class_definition":
            # an instance: remembers its class, so its methods can be followed
            return replace(
                combine([*pos, *kws.values()]), flags=frozenset({f"class:{path}:{fnode.start_byte}"})
            )
        bound = bind_params(fnode, pos, kws, receiver if is_method else None)
        # in context: guards inside the callee depend on what the caller passes (a base directory)
        v = self.engine.call_in_context(path, fnode, self.family, bound)
        name = text(fnode.child_by_field_name("name"))
        if v.tainted:
            return v.with_step(self.note(node, f"through {name}() ({path}:{line_of(fnode)})", "step"))
        return v


def bind_params(func: Node, pos: list[Val], kws: dict[str, Val], receiver: Val | None) -> dict[int, Val]:
    params = params_of(func)
    bound: dict[int, Val] = {}
    offset = 0
    if receiver is not None and params and params[0].name in {"self", "cls"}:
        bound[params[0].index] = receiver
        offset = 1
    elif params and params[0].name in {"self", "cls"}:
        bound[params[0].index] = CLEAN
        offset = 1
    plain = [p for p in params[offset:] if p.kind == "plain"]
    for i, v in enumerate(pos):
        if i < len(plain):
            bound[plain[i].index] = v
        else:
            star = next((p for p in params if p.kind == "star"), None)
            if star is not None:
                bound[star.index] = join(bound[star.index], v) if star.index in bound else v
    for k, v in kws.items():
        p = next((p for p in params if p.name == k and p.kind == "plain"), None)
        if p is not None:
            bound[p.index] = v
        else:
            ds = next((p for p in params if p.kind == "dstar"), None)
            if ds is not None:
                bound[ds.index] = join(bound[ds.index], v) if ds.index in bound else v
            if k in {"*", "**"}:
                for p2 in plain:
                    if p2.index not in bound:
                        bound[p2.index] = v
    return bound


def _shape(v: Val) -> tuple[Any, ...]:
    """What of a value can change a callee's result: where it comes from, what it is, its facts."""
    const = v.const if isinstance(v.const, str | int | float | bool | bytes | type(None)) else id(NOT_CONST)
    fields = (
        tuple((k, _shape(fv)) for k, fv in v.fields) if v.fields is not None and len(v.fields) <= 8 else None
    )
    return (v.origins, const, v.flags, fields, v.exact)


def _params_external(v: Val, what: str) -> Val:
    if not any(o.kind == "param" for o in v.origins):
        return v
    origins = frozenset(
        Origin("unknown", what, o.path, o.line) if o.kind == "param" else o for o in v.origins
    )
    return replace(v, origins=origins)


def _is_dataclass(cls: Node, interp: Interp) -> bool:
    """A class whose declared fields become constructor parameters (dataclasses, attrs, pydantic)."""
    for d in decorators(cls):
        expr = d.named_children[0] if d.named_children else None
        callee = expr.child_by_field_name("function") if expr is not None and expr.type == "call" else expr
        q, _ = interp.qualify(callee)
        if q.split(".")[-1] in {"dataclass", "define", "frozen", "mutable", "attrs", "s"}:
            return True
    supers = cls.child_by_field_name("superclasses")
    return supers is not None and any(
        text(b).split(".")[-1] in {"BaseModel", "NamedTuple", "TypedDict", "Struct"}
        for b in supers.named_children
    )


def _is_source_object(q: str) -> bool:
    return any(q == s or q.startswith(s + ".") for s in SOURCE_OBJECTS)


def _var_key(node: Node | None) -> str | None:
    if node is None:
        return None
    if node.type == "identifier":
        return text(node)
    if node.type == "attribute" and dotted_parts(node) is not None:
        return text(node)
    if node.type == "parenthesized_expression" and node.named_children:
        return _var_key(node.named_children[0])
    return None


def _short(s: str, n: int = 60) -> str:
    s = " ".join(s.split())
    return s if len(s) <= n else s[: n - 1] + "…"


def _hashable(values: tuple[Any, ...]) -> bool:
    try:
        hash(values)
        return True
    except TypeError:
        return False


def _join_envs(envs: Iterable[Env | None]) -> Env | None:
    live = [e for e in envs if e is not None]
    if not live:
        return None
    if len(live) == 1:
        return dict(live[0])
    keys: set[str] = set()
    for e in live:
        keys |= e.keys()
    out: Env = {}
    for k in keys:
        vals = [e[k] for e in live if k in e]
        v = join_all(vals)
        if len(vals) < len(live):
            # defined on some paths only: elsewhere it is unbound (using it raises)
            pass
        out[k] = v
    return out


def _env_same(a: Env, b: Env) -> bool:
    if a.keys() != b.keys():
        return False
    for k, v in a.items():
        w = b[k]
        if v.origins != w.origins or v.flags != w.flags or (v.fields is None) != (w.fields is None):
            return False
        if v.fields is not None and w.fields is not None and len(v.fields) != len(w.fields):
            return False
    return True


def _assigned_names(node: Node) -> set[str]:
    names: set[str] = set()
    stack = [node]
    while stack:
        n = stack.pop()
        t = n.type
        if t in {"function_definition", "class_definition", "lambda"} and n != node:
            name = n.child_by_field_name("name")
            if name is not None:
                names.add(text(name))
            continue
        if t in {"assignment", "augmented_assignment"} or t in {"for_statement", "for_in_clause"}:
            left = n.child_by_field_name("left")
            if left is not None:
                names |= _target_names(left)
        elif t in {"as_pattern_target", "named_expression"}:
            target = (
                n.child_by_field_name("name")
                if t == "named_expression"
                else (n.named_children[0] if n.named_children else None)
            )
            if target is not None:
                names |= _target_names(target)
        stack.extend(n.named_children)
    return names


_MUTATORS = frozenset(
    {"append", "extend", "insert", "update", "setdefault", "add", "__setitem__", "appendleft"}
)


def _written_from_functions(root: Node) -> dict[str, int]:
    """Module-level names that functions rebind (``global``) or mutate in place: name -> first line."""
    out: dict[str, int] = {}
    for top in root.named_children:
        func = top.child_by_field_name("definition") if top.type == "decorated_definition" else top
        if func is None or func.type not in {"function_definition", "class_definition"}:
            continue
        body = func.child_by_field_name("body")
        if body is None:
            continue
        stack = [body]
        declared: set[str] = set()
        local = _assigned_names(body) if func.type == "function_definition" else set()
        nodes: list[Node] = []
        while stack:
            n = stack.pop()
            nodes.append(n)
            if n.type == "global_statement":
                declared |= {text(c) for c in n.named_children if c.type == "identifier"}
            stack.extend(n.named_children)
        for n in nodes:
            line = n.start_point[0] + 1
            if n.type in {"assignment", "augmented_assignment"}:
                left = n.child_by_field_name("left")
                names = _target_names(left) if left is not None else set()
                for name in names & declared:
                    out.setdefault(name, line)
                if left is not None and left.type == "subscript":
                    base = left.child_by_field_name("value")
                    if base is not None and base.type == "identifier" and text(base) not in local - declared:
                        out.setdefault(text(base), line)
            elif n.type == "call":
                fn = n.child_by_field_name("function")
                if (
                    fn is not None
                    and fn.type == "attribute"
                    and text(fn.child_by_field_name("attribute")) in _MUTATORS
                ):
                    obj = fn.child_by_field_name("object")
                    if obj is not None and obj.type == "identifier" and text(obj) not in local - declared:
                        out.setdefault(text(obj), line)
    return out


def _target_names(node: Node) -> set[str]:
    if node.type == "identifier":
        return {text(node)}
    out: set[str] = set()
    if node.type in {
        "pattern_list",
        "tuple_pattern",
        "list_pattern",
        "tuple",
        "list",
        "list_splat_pattern",
        "parenthesized_expression",
    }:
        for c in node.named_children:
            out |= _target_names(c)
    return out


def _import_bindings(node: Node) -> list[str]:
    out: list[str] = []
    if node.type == "import_statement":
        for c in node.named_children:
            if c.type == "dotted_name":
                out.append(text(c).split(".")[0])
            elif c.type == "aliased_import":
                out.append(text(c.child_by_field_name("alias")))
    elif node.type == "import_from_statement":
        for i in range(node.child_count):
            if node.field_name_for_child(i) == "name":
                c = node.children[i]
                out.append(
                    text(c.child_by_field_name("alias"))
                    if c.type == "aliased_import"
                    else text(c).split(".")[-1]
                )
    return out


# ------------------------------------------------------------ regex character sets

_CLASS_ESCAPES = {
    "d": set("0123456789"),
    "w": set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"),
}


def _negated_class(pattern: str) -> set[str] | None:
    """``[^...]`` (optionally ``+``): the characters it does *not* match, i.e. what ``re.sub`` keeps."""
    if not (pattern.startswith("[^") and (pattern.endswith("]") or pattern.endswith("]+"))):
        return None
    body = pattern[2 : pattern.rindex("]")]
    if "]" in body or "[" in body:
        return None
    return regex_charset("[" + body + "]", True) if body else None


def regex_charset(pattern: str, full: bool) -> set[str] | None:
    """The characters a whole-string match of ``pattern`` may contain, when the pattern is a simple
    anchored sequence of character classes and literals; None when it is anything else."""
    p = pattern
    if p.startswith("^"):
        p = p[1:]
    anchored_end = False
    for end in ("\\Z", "\\z", "$"):
        if p.endswith(end) and not p.endswith("\\" + end):
            p = p[: -len(end)]
            anchored_end = True
            break
    if not (full or anchored_end):
        return None
    if "$" in pattern and not pattern.endswith(("\\Z", "\\z")) and not full:
        # `$` also matches before a trailing newline: a newline may slip through
        pass
    chars: set[str] = set()
    i = 0
    while i < len(p):
        c = p[i]
        if c == "[":
            j = i + 1
            if j < len(p) and p[j] == "^":
                return None
            body: list[str] = []
            j_end = p.find("]", j + 1 if j < len(p) and p[j] == "]" else j)
            if j_end < 0:
                return None
            k = j
            while k < j_end:
                ch = p[k]
                if ch == "\\" and k + 1 < j_end:
                    esc = p[k + 1]
                    if esc in _CLASS_ESCAPES:
                        chars |= _CLASS_ESCAPES[esc]
                    elif esc.isalpha():
                        return None
                    else:
                        body.append(esc)
                    k += 2
                    continue
                if k + 2 < j_end and p[k + 1] == "-":
                    lo, hi = ord(ch), ord(p[k + 2])
                    if hi < lo or hi - lo > 200:
                        return None
                    chars |= {chr(x) for x in range(lo, hi + 1)}
                    k += 3
                    continue
                body.append(ch)
                k += 1
            chars |= set(body)
            i = j_end + 1
        elif c == "\\" and i + 1 < len(p):
            esc = p[i + 1]
            if esc in _CLASS_ESCAPES:
                chars |= _CLASS_ESCAPES[esc]
            elif esc.isalnum():
                return None
            else:
                chars.add(esc)
            i += 2
        elif c in "+*?":
            i += 1
        elif c == "{":
            j = p.find("}", i)
            if j < 0 or not re.fullmatch(r"\d*(,\d*)?", p[i + 1 : j]):
                return None
            i = j + 1
        elif c in ".|()^$":
            return None
        else:
            chars.add(c)
            i += 1
    if "$" in pattern and not full and pattern.endswith("$"):
        chars.add("\n")
    return chars
