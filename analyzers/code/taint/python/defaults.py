"""A configuration argument passed on from a parameter (``XMLParser(resolve_entities=resolve_entities)``
in ``def load(path, resolve_entities=False)``): the call is configured by the parameter's default
when no call in the workspace passes another value. A caller outside the project that passes one
chooses that configuration in its own code, where its own finding belongs."""

from __future__ import annotations

from dataclasses import replace

from tree_sitter import Node

from ... import constfold
from ...constfold import NOT_CONST
from ..values import Note, Val
from .callers import _call_sites
from .engine import Engine
from .guards import argument_for
from .results import Hit
from .sinks import qualifier
from .syntax import (
    Param,
    assigned_names,
    decorators,
    enclosing_class,
    enclosing_function,
    line_of,
    params_of,
    text,
)

LITERALS = frozenset({"true", "false", "none", "integer", "string"})
MAX_DEPTH = 3


def _literal_default(p: Param) -> object:
    if p.default is None or p.default.type not in LITERALS:
        return NOT_CONST
    return constfold.literal(p.default)


def _left_at_default(engine: Engine, path: str, func: Node, p: Param, default: object, *, depth: int) -> bool:
    """Whether every call of ``func`` in the workspace leaves parameter ``p`` at ``default``: it passes
    nothing for it, the same constant, or its own parameter of the same default (followed up)."""
    if depth > MAX_DEPTH or _entry_point(engine, path, func):
        return False
    for spath, call in _call_sites(engine, path, func):
        node = argument_for(call, func, p.index)
        if node is None:
            continue  # left at its default
        if node.type in LITERALS:
            passed = constfold.literal(node)
            if passed != default or type(passed) is not type(default):
                return False
            continue
        caller = enclosing_function(call)
        outer = (
            next((q for q in params_of(caller) if q.name == text(node)), None) if caller is not None else None
        )
        body = caller.child_by_field_name("body") if caller is not None else None
        if (
            caller is None
            or outer is None
            or node.type != "identifier"
            or (body is not None and outer.name in assigned_names(body))
            or _literal_default(outer) != default
            or type(_literal_default(outer)) is not type(default)
            or not _left_at_default(engine, spath, caller, outer, default, depth=depth + 1)
        ):
            return False
    return True


def _entry_point(engine: Engine, path: str, func: Node) -> bool:
    """A function a framework calls with request data (a route, a handler method): its parameters are
    input, whatever their defaults."""
    if enclosing_class(func) is not None or enclosing_function(func) is not None:
        return True
    info = engine.module(path)
    if info is None:
        return True
    interp = qualifier(engine, info, "sql", None)
    plain = engine.spec.plain_decorators
    for d in decorators(func):
        expr = d.named_children[0] if d.named_children else None
        callee = expr.child_by_field_name("function") if expr is not None and expr.type == "call" else expr
        q, _ = interp.qualify(callee)
        if q.lstrip(".") not in plain and q not in plain:
            return True
    return False


def settle_defaults(engine: Engine, path: str, func: Node | None, hit: Hit) -> tuple[Hit, list[Note]]:
    """``hit`` with each argument that is exactly a parameter of ``func`` replaced by the parameter's
    constant default, when every call of ``func`` in the workspace leaves it at that default."""
    if func is None:
        return hit, []
    params = {p.index: p for p in params_of(func)}
    notes: list[Note] = []

    def settle(v: Val) -> Val:
        if v.is_const or len(v.origins) != 1:
            return v
        (o,) = tuple(v.origins)
        p = params.get(o.index) if o.kind == "param" else None
        default = _literal_default(p) if p is not None else NOT_CONST
        if p is None or default is NOT_CONST or not _left_at_default(engine, path, func, p, default, depth=0):
            return v
        name = text(func.child_by_field_name("name"))
        why = (
            f"`{p.name}` is {name}()'s parameter with the default {default!r}, and no call in the workspace "
            "passes another value"
        )
        line = line_of(p.default) if p.default is not None else line_of(func)
        notes.append(Note(path, line, line, why, "constant"))
        return Val(const=default)

    args = [settle(v) for v in hit.args]
    kwargs = {k: settle(v) for k, v in hit.kwargs.items()}
    if not notes:
        return hit, []
    return replace(hit, args=args, kwargs=kwargs), notes


def settled_default(engine: Engine, path: str, func: Node, index: int) -> object:
    """The constant default of ``func``'s parameter ``index`` when every call of ``func`` in the
    workspace leaves it there (``NOT_CONST`` otherwise): what a configuration argument passed on
    from that parameter is (``XMLParser(resolve_entities=resolve_entities)``)."""
    p = next((q for q in params_of(func) if q.index == index), None)
    default = _literal_default(p) if p is not None else NOT_CONST
    if p is None or default is NOT_CONST or not _left_at_default(engine, path, func, p, default, depth=0):
        return NOT_CONST
    return default
