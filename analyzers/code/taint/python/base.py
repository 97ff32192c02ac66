"""The interpreter's shared state and the helpers every part of it uses.

:class:`Interp` (``interp.py``) is assembled from mixins, one per concern: statements
(``statements.py``), guards (``guards.py``), expressions (``expressions.py``) and calls
(``calls.py``). Each mixin derives from :class:`InterpBase`, which holds the state and names the
methods the mixins call on one another. The engine is seen through :class:`EngineAPI` only, so
nothing here imports the engine (the engine imports the interpreter, never the reverse).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Protocol

from tree_sitter import Node

from ... import constfold
from ..families import Family
from ..values import Note, Val
from .module import ModuleInfo
from .regex import regex_charset
from .results import Env, FunctionResult, Hit
from .spec import PyFamily, PySpec
from .syntax import NodeKey, dotted_parts, end_line_of, line_of, nkey, overridable, text

if TYPE_CHECKING:
    from ...index import ParsedFile


class EngineAPI(Protocol):
    """What the interpreter asks of the engine (caches and resolution across the workspace)."""

    spec: PySpec
    steps: int
    max_steps: int

    settle_default: Callable[[str, Node, int], object] | None

    def parsed(self, path: str) -> ParsedFile | None: ...
    def module_env(self, path: str, family: Family) -> Env: ...
    def resolve_def(self, path: str, name: str, line: int) -> tuple[str, Node] | None: ...
    def resolve_global(self, path: str, name: str, line: int) -> tuple[str, str] | None: ...
    def method_of(self, flags: frozenset[str], name: str) -> tuple[str, Node] | None: ...
    def call_in_context(
        self, path: str, func: Node, family: Family, bound: dict[int, Val]
    ) -> FunctionResult: ...
    def analyse(
        self,
        path: str,
        func: Node | None,
        family: Family,
        watch: frozenset[NodeKey] = frozenset(),
        bound: dict[int, Val] | None = None,
    ) -> FunctionResult: ...


class InterpBase:
    """State of one run of the abstract interpreter over a function body (or a module's top level)."""

    def __init__(
        self,
        engine: EngineAPI,
        info: ModuleInfo,
        family: Family,
        watch: frozenset[NodeKey],
        func: Node | None,
    ) -> None:
        self.engine = engine
        self.spec: PySpec = engine.spec
        self.info = info
        self.path = info.path
        self.family = family
        self.fam: PyFamily | None = engine.spec.families.get(family)
        self.watch = watch
        self.func = func
        self.env: Env | None = {}
        self.returns: list[Val] = []
        self.exit_envs: list[Env] = []  # the environments at each return
        # each ``return``: the environment there, the returned expression and its value
        self.return_points: list[tuple[Env, Node | None, Val]] = []
        self.hits: dict[NodeKey, Hit] = {}
        self.dead: list[Note] = []
        self.loop_exits: list[list[Env]] = []
        self.locals: set[str] = set()
        self.self_attrs: dict[str, Val] = {}
        self._menv: Env | None = None
        self.is_module = func is None

    # ------------------------------------------------------------ implemented by the mixins

    def ev(self, node: Node | None) -> Val:
        raise NotImplementedError

    def refine(self, env: Env, cond: Node, truth: bool) -> Env:
        raise NotImplementedError

    def bind(self, target: Node, v: Val, at: Node) -> None:
        raise NotImplementedError

    def block(self, stmts: Iterable[Node]) -> None:
        raise NotImplementedError

    def ev_call(self, node: Node) -> Val:
        raise NotImplementedError

    def return_validation(self, call: Node) -> list[tuple[str, Note]]:
        raise NotImplementedError

    def update_location(self, target: Node, change: Callable[[Val], Val]) -> bool:
        raise NotImplementedError

    def class_attribute(self, node: Node, attr: str) -> Val:
        raise NotImplementedError

    # ------------------------------------------------------------ helpers

    def default_value(self, node: Node) -> Val:
        """A parameter default, evaluated in the module's environment."""
        sub = type(self)(self.engine, self.info, self.family, frozenset(), None)
        sub.env = dict(self.engine.module_env(self.path, self.family))
        return sub.ev(node)

    def truth(self, cond: Node, v: Val) -> bool | None:
        """Whether condition ``cond`` (of value ``v``) is always true or always false; None when it may
        be either. A condition on a member of ``self``/``cls`` is never decided (``overridable``)."""
        truth = constfold.truthy(v.const)
        return None if truth is not None and overridable(cond) else truth

    def settled(self, v: Val) -> Val:
        """A configuration value that is exactly a parameter of this function, replaced by the
        parameter's constant default when every caller in the workspace leaves it there."""
        settle = self.engine.settle_default
        if settle is None or self.func is None or v.is_const or len(v.origins) != 1:
            return v
        (o,) = tuple(v.origins)
        if o.kind != "param":
            return v
        default = settle(self.path, self.func, o.index)
        if default is constfold.NOT_CONST:
            return v
        name = text(self.func.child_by_field_name("name"))
        why = (
            f"`{o.name}` is {name}()'s parameter with the default {default!r}, and no call in the workspace "
            "passes another value"
        )
        return Val(const=default, notes=(Note(self.path, o.line, o.line, why, "constant"),))

    def note(self, node: Node, why: str, role: Any) -> Note:
        return Note(self.path, line_of(node), end_line_of(node), why, role)

    def menv(self) -> Env:
        if self._menv is None:
            self._menv = {} if self.is_module else self.engine.module_env(self.path, self.family)
        return self._menv

    def mark_dead(self, nodes: Iterable[Node], why: str) -> None:
        for n in nodes:
            self.dead.append(self.note(n, why, "dead_branch"))

    def record(self, node: Node, args: list[Val], kwargs: dict[str, Val], receiver: Val | None) -> None:
        hit = self.hits.get(nkey(node))
        if hit is None:
            hit = self.hits[nkey(node)] = Hit()
        hit.add(args, kwargs, receiver)

    def restrictive(self, pattern: str, full: bool) -> bool:
        """A whole-string match of ``pattern`` leaves none of the family's dangerous characters."""
        fam = self.fam
        if fam is None or not fam.dangerous_chars:
            return False
        allowed = regex_charset(pattern, full)
        if allowed is None:
            return False
        return not (allowed & set(fam.dangerous_chars))

    def is_source_object(self, q: str) -> bool:
        return any(q == s or q.startswith(s + ".") for s in self.spec.source_objects)

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
                        return self.info.normalize(".".join([q, *rest])), False
                    if root not in self.info.defs and root not in self.menv():
                        return self.info.normalize(".".join([root, *rest])), False
            return "." + attr, True
        return "", True
