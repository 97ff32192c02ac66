"""A buffer that only ever holds string literals: ``char buf[100] = ""; strcpy(buf, "text");``.

When every write into the object a pointer points to (its initialiser, string copies into it through
any pointer into it) copies a literal, and nothing else may write into it (no other call is handed
it, no element is assigned, no pointer into it is stored elsewhere), its content is one of those
literals wherever it is read.
"""

from __future__ import annotations

from tree_sitter import Node

from .c_context import Ctx
from .c_macro_text import alias_macros, macro_naming
from .c_spec import FORMAT_FUNCS, READ_ONLY_ARGS, SCAN_FUNCS
from .c_tree import (
    aliases_of,
    call_args,
    declared_name,
    initialiser_keeps,
    param_names,
    pointer_base,
    strip_expr,
    text,
    walk,
)
from .c_values import const_string

_LITERAL_COPIES = frozenset({"strcpy", "wcscpy", "stpcpy", "strcat", "wcscat", "strncpy", "wcsncpy"})


def literal_contents(
    ctx: Ctx, expr: Node, func: Node | None, reads: frozenset[int] = frozenset()
) -> list[tuple[str, Node]] | None:
    """Every literal the object ``expr`` points to can hold; None when something else may be there.
    ``reads``: ids of calls known only to read what they are handed."""
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
        pointers = aliases_of(func, t.obj) | aliases_of(func, text(e))
        for m in alias_macros(ctx, func, pointers):  # `#define BUF data`: another name of it
            pointers |= aliases_of(func, m)
        if macro_naming(ctx, func, pointers) is not None:
            return None  # a macro used here names it: what it writes there is not read
        got_all = _array_literals(ctx, t.obj, func, pointers, reads)
        if got_all is None:
            return None
        out.extend(got_all)
    return out or None


def _declared_array(func: Node, name: str) -> bool:
    return any(
        n.type == "array_declarator" and text(n.child_by_field_name("declarator")) == name for n in walk(func)
    )


def _array_literals(
    ctx: Ctx, name: str, func: Node, pointers: set[str], reads: frozenset[int], *, inner: bool = False
) -> list[tuple[str, Node]] | None:
    """The literals written into the array ``name`` (through ``pointers``) in ``func``; ``inner``:
    ``func`` is a function the array was handed to (only what it writes there counts, and it must
    not keep a pointer into it anywhere but its own local aliases)."""
    out: list[tuple[str, Node]] = []
    initialised = inner
    for n in walk(func):
        if n.type == "init_declarator" and declared_name(n.child_by_field_name("declarator")) == name:
            value = n.child_by_field_name("value")
            got = const_string(ctx, value, func) if value is not None else None
            if got is None:
                return None
            out.append(got)
            initialised = True
        elif initialiser_keeps(n, pointers):
            return None  # `struct s v = { buf }`: written through `v.p` where this does not look
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
            if inner and right is not None and pointer_base(right) in pointers and text(left) not in pointers:
                return None
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
            if (
                n.id in reads
                or callee in READ_ONLY_ARGS
                or (
                    callee in FORMAT_FUNCS
                    and callee not in SCAN_FUNCS
                    and all(i >= FORMAT_FUNCS[callee] for i in at)
                )
            ):
                continue
            written = None if inner else _helper_literals(ctx, n, at)
            if written is None:
                return None
            out.extend(written)
            initialised = True
    return out if initialised else None


def _helper_literals(ctx: Ctx, call: Node, at: list[int]) -> list[tuple[str, Node]] | None:
    """A workspace function handed the array in one parameter that it never reassigns: the
    literals it writes through that parameter (none when it only reads it), or None when it may
    write anything else there."""
    from .c_callers import keeps_value
    from .c_provenance import definition_of

    found = definition_of(ctx, call) if len(at) == 1 else None
    if found is None:
        return None
    octx, fdef = found
    params = param_names(fdef)
    if at[0] >= len(params) or not keeps_value(fdef, params[at[0]]):
        return None
    p = params[at[0]]
    return _array_literals(octx, p, fdef, aliases_of(fdef, p), frozenset(), inner=True)
