"""A write into a member of the struct a pointer points to (``strcpy(l->ip, ip)``) stays inside that
member only when the pointer points to a whole struct. When the pointer is a place inside an array of
structs (``&tab[n]``, ``tab + n``, handed to a static function or kept in a local), the member's size
proves nothing unless the index is proven inside the array: a table allocated too small (an
overflowed ``count * sizeof``) is written past its end through its members. Positive evidence only:
other pointers (parameters of exported functions, results of allocations, addresses of variables)
are taken to point to whole structs, as everywhere else in the analyst."""

from __future__ import annotations

import threading
from collections.abc import Callable

from tree_sitter import Node

from .c_callers import entry_arguments
from .c_context import Ctx, keep
from .c_tree import line_of, param_names, plain_definitions, strip_expr, text
from .outcome import Outcome
from .values import Note

IndexCheck = Callable[[Ctx, Node], "list[Note] | Outcome"]

_following = threading.local()  # the (function, pointer) pairs being followed: recursion ends there


def member_base_held(
    ctx: Ctx, dst: Node, at: Node, func: Node | None, index_safe: IndexCheck
) -> Outcome | None:
    """None when ``dst`` is not a member reached through an element of an array, or the element is
    proven inside its array; else a TRUE_POSITIVE outcome saying which element is not."""
    d = strip_expr(dst)
    while d.type in {"subscript_expression", "binary_expression"}:  # `l->name + k`, `l->rows[i]`
        inner = d.child_by_field_name("argument") or d.child_by_field_name("left")
        if inner is None:
            return None
        d = strip_expr(inner)
    if d.type != "field_expression":
        return None
    base = d.child_by_field_name("argument")
    op = text(d.child_by_field_name("operator"))
    if base is None:
        return None
    base = strip_expr(base)
    if op == "." and base.type == "subscript_expression":  # `tab[n].ip`
        return _element(ctx, base, at, index_safe, ctx)
    if op != "->" or func is None:
        return None
    if base.type == "binary_expression" and text(base.child_by_field_name("operator")) == "+":
        return _element(ctx, base, at, index_safe, ctx)  # `(tab + n)->ip`
    if base.type != "identifier":
        return None
    name = text(base)
    key = (func.start_byte, name)
    active: set[tuple[int, str]] = getattr(_following, "active", set())
    if key in active:
        return None  # a recursive function handing on an element of its own struct: judged at entry
    _following.active = active | {key}
    try:
        return _followed(ctx, d, at, func, name=name, index_safe=index_safe)
    finally:
        _following.active = active


def _followed(
    ctx: Ctx, d: Node, at: Node, func: Node, *, name: str, index_safe: IndexCheck
) -> Outcome | None:
    if name in param_names(func):
        handed = entry_arguments(ctx, func, name)
        outer = ctx.unbound()
        for arg, call in handed or []:
            bad = _element(outer, strip_expr(arg), call, index_safe, ctx)
            if bad is not None:
                return keep(
                    ctx,
                    at,
                    f"`{name}` is handed `{text(arg)}` at line {line_of(call)}, a place inside an array "
                    f"that is not known to lie inside it, so `{text(d)}` may be past the array",
                )
        return None
    for _n, value in plain_definitions(func, name) or []:
        bad = _element(ctx, strip_expr(value), value, index_safe, ctx)
        if bad is not None:
            return keep(
                ctx,
                at,
                f"`{name}` is set to `{text(value)}` at line {line_of(value)}, a place inside an array "
                f"that is not known to lie inside it, so `{text(d)}` may be past the array",
            )
    return None


def _element(ctx: Ctx, e: Node, at: Node, index_safe: IndexCheck, own: Ctx) -> Outcome | None:
    """A TRUE_POSITIVE outcome when ``e`` (``&a[i]``, ``a[i]``, ``a + i``) is a place inside an array
    not proven to lie inside it."""
    if e.type == "pointer_expression" and text(e.child_by_field_name("operator")) == "&":
        inner = e.child_by_field_name("argument")
        e = strip_expr(inner) if inner is not None else e
    if e.type == "subscript_expression":
        got = index_safe(ctx, e)
        if isinstance(got, Outcome):
            return keep(own, at, f"`{text(e)}` is not known to lie inside its array")
        return None
    if e.type == "binary_expression" and text(e.child_by_field_name("operator")) in {"+", "-"}:
        return keep(own, at, f"`{text(e)}` is not known to lie inside its array")
    return None
