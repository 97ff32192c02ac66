"""A buffer that only ever holds string literals: ``char buf[100] = ""; strcpy(buf, "text");``.

When every write into the object a pointer points to (its initialiser, string copies into it through
any pointer into it) copies a literal, and nothing else may write into it (no other call is handed
it, no element is assigned, no pointer into it is stored elsewhere), its content is one of those
literals wherever it is read.
"""

from __future__ import annotations

from tree_sitter import Node

from .c_context import Ctx
from .c_spec import FORMAT_FUNCS, READ_ONLY_ARGS, SCAN_FUNCS
from .c_tree import aliases_of, call_args, declared_name, pointer_base, strip_expr, text, walk
from .c_values import const_string

_LITERAL_COPIES = frozenset({"strcpy", "wcscpy", "stpcpy", "strcat", "wcscat", "strncpy", "wcsncpy"})


def literal_contents(ctx: Ctx, expr: Node, func: Node | None) -> list[tuple[str, Node]] | None:
    """Every literal the object ``expr`` points to can hold; None when something else may be there."""
    from .c_objects import points_to

    e = strip_expr(expr)
    if func is None or e.type != "identifier":
        return None
    targets = points_to(ctx, e, func)
    if not targets:
        return None
    out: list[tuple[str, Node]] = []
    for t in targets:
        if t.where.type in {"string_literal", "concatenated_string"}:
            got = const_string(ctx, t.where, func)
            if got is None:
                return None
            out.append(got)
            continue
        if not _declared_array(func, t.obj):
            return None
        got_all = _array_literals(ctx, t.obj, func, aliases_of(func, t.obj) | aliases_of(func, text(e)))
        if got_all is None:
            return None
        out.extend(got_all)
    return out or None


def _declared_array(func: Node, name: str) -> bool:
    return any(
        n.type == "array_declarator" and text(n.child_by_field_name("declarator")) == name for n in walk(func)
    )


def _array_literals(ctx: Ctx, name: str, func: Node, pointers: set[str]) -> list[tuple[str, Node]] | None:
    out: list[tuple[str, Node]] = []
    initialised = False
    for n in walk(func):
        if n.type == "init_declarator" and declared_name(n.child_by_field_name("declarator")) == name:
            value = n.child_by_field_name("value")
            got = const_string(ctx, value, func) if value is not None else None
            if got is None:
                return None
            out.append(got)
            initialised = True
        elif n.type == "assignment_expression":
            left = strip_expr(n.child_by_field_name("left") or n)
            right = n.child_by_field_name("right")
            if (
                left.type in {"subscript_expression", "pointer_expression"}
                and pointer_base(left.child_by_field_name("argument") or left) in pointers
            ):
                return None  # an element written
            if right is not None and pointer_base(right) in pointers and left.type != "identifier":
                return None  # a pointer into it stored where other code may write through it
        elif n.type == "call_expression":
            args = call_args(n)
            at = [i for i, a in enumerate(args) if pointer_base(a) in pointers]
            if not at:
                continue
            callee = ctx.callee(n)
            if callee in _LITERAL_COPIES and at == [0] and len(args) > 1:
                got = const_string(ctx, args[1], func)
                if got is None:
                    return None
                out.append(got)
                initialised = True
                continue
            if callee in READ_ONLY_ARGS or (
                callee in FORMAT_FUNCS
                and callee not in SCAN_FUNCS
                and all(i >= FORMAT_FUNCS[callee] for i in at)
            ):
                continue
            return None
    return out if initialised else None
