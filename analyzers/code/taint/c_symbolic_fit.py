"""A string copy checked against the size of its own destination, whatever that size is.

``if (strlen(gw) >= sizeof(rt->gw)) return -1; strcpy(rt->gw, gw);``: the check compares the source's
length with ``sizeof`` of the very destination the copy writes, so the copy fits even when the size
is a macro of a system header the analyst cannot evaluate (``char gw[INET_ADDRSTRLEN]``). The forms
accepted hold the length strictly below the size: ``strlen(s) < sizeof(d)``, ``strlen(s) + 1 <=
sizeof(d)``, ``strlen(s) <= sizeof(d) - 1`` (or their negations leaving), with ``len`` a local only
ever set to ``strlen(s)`` standing for it. The check must hold where the copy runs with neither the
source pointer nor the length reassigned since (``holding_conditions``); the destination must be an
array (``sizeof`` of a pointer measures the pointer)."""

from __future__ import annotations

import re

from tree_sitter import Node

from .c_conditions import comparisons, holding_conditions
from .c_context import Ctx
from .c_lengths import string_length_of
from .c_tree import squash, strip_expr, text
from .values import Note


def fits_own_size(ctx: Ctx, call: Node, src: Node, dst: Node, func: Node | None) -> Note | None:
    """A note when a check holding at ``call`` keeps ``strlen(src)`` below ``sizeof(dst)``."""
    if func is None or not is_array(ctx, dst, func):
        return None
    s = squash(text(strip_expr(src)))
    d = squash(text(strip_expr(dst)))
    sizes = {f"sizeof({d})", f"sizeof{d}"}
    for cond, truth, where in holding_conditions(call):
        for var, op, other in comparisons(cond, truth):
            length = _length_of(squash(var), s, func)
            o = squash(text(strip_expr(other)))
            if length is None:
                continue
            plus_one = length == "+1"
            if (
                (op == "<" and o in sizes and not plus_one)
                or (op == "<=" and ((plus_one and o in sizes) or (not plus_one and _minus_one(o, sizes))))
            ) and unchanged_between(ctx, func, where, call, src):
                return ctx.note(
                    where,
                    f"the check at line {where.start_point[0] + 1} keeps the length of `{text(src)}` below "
                    f"sizeof({text(dst)}), the destination's own size",
                    "guard",
                )
    return None


def unchanged_between(ctx: Ctx, func: Node, check: Node, call: Node, src: Node) -> bool:
    """Between the check and the copy nothing is handed a pointer into the source (but calls that
    only read their arguments), nothing stores through one, and the source's pointer is not set
    again: the string measured is the string copied."""
    from .c_spec import COPY_FUNCS, FORMAT_FUNCS, READ_ONLY_ARGS
    from .c_tree import aliases_of, call_args, pointer_base, pointer_bases, store_target, walk

    s = strip_expr(src)
    element = s.type == "subscript_expression"  # `argv[i]`: a string one element points to
    base = pointer_base(s.child_by_field_name("argument") or s) if element else pointer_base(src)
    if not base:
        return False
    ours = aliases_of(func, base)
    spelled = squash(text(s))
    for n in walk(func):
        if n.start_byte < check.end_byte or n.end_byte > call.start_byte:
            continue
        if element and n.type in {"assignment_expression", "update_expression"}:
            target = store_target(n)
            if target is not None and (base in {text(x) for x in walk(target) if x.type == "identifier"}):
                return False  # `argv[i] = p`, `argv[i][0] = c`: another string, or a changed one
        if n.type == "call_expression":
            callee = ctx.callee(n)
            for i, a in enumerate(call_args(n)):
                mine = bool(pointer_bases(a) & ours) or squash(text(strip_expr(a))) == spelled
                if not mine or callee in READ_ONLY_ARGS:
                    continue
                if callee in COPY_FUNCS and i != COPY_FUNCS[callee][0]:
                    continue  # the source of a copy: only read
                if callee in FORMAT_FUNCS and i > FORMAT_FUNCS[callee]:
                    continue
                return False
        target = store_target(n)
        t = strip_expr(target) if target is not None else None
        if t is not None and t.type == "identifier" and text(t) == base:
            return False  # `dir = other`: the pointer copied from is not the one measured
        if t is not None and t.type in {"subscript_expression", "pointer_expression"}:
            inner = t.child_by_field_name("argument")
            if inner is not None and pointer_bases(inner) & ours:
                return False  # `gw[0] = c`, `*p = c` with p into the source
    return True


def _length_of(var: str, src: str, func: Node) -> str | None:
    """ "" when ``var`` is the length of ``src`` (``strlen(src)`` or a local only set to it), "+1"
    when it is that plus one, None otherwise."""
    plus = ""
    m = re.fullmatch(r"(.+)\+1", var)
    if m is not None:
        var, plus = m.group(1), "+1"
    if var == f"strlen({src})":
        return plus
    if var.isidentifier() and src.isidentifier() and string_length_of(func, var, {src}) is not None:
        return plus
    return None


def _minus_one(o: str, sizes: set[str]) -> bool:
    return any(o == f"{size}-1" for size in sizes)


def is_array(ctx: Ctx, dst: Node, func: Node) -> bool:
    """``dst`` names an array (a member or variable declared with ``[...]``), not a pointer: for a
    variable, its declaration in ``func`` (or at file scope when ``func`` has none)."""
    from .c_tree import enclosing_function, walk
    from .c_values import declared_in

    d = strip_expr(dst)
    if d.type == "field_expression":
        return _declared_array(ctx, text(d.child_by_field_name("field") or d))
    if d.type != "identifier":
        return False
    name = text(d)
    local = declared_in(func, name)
    for n in walk(func if local else ctx.parsed.tree.root_node):
        if n.type not in {"array_declarator", "pointer_declarator", "identifier"} or (
            not local and enclosing_function(n) is not None
        ):
            continue
        inner = n if n.type == "identifier" else n.child_by_field_name("declarator")
        if inner is None or inner.type != "identifier" or text(inner) != name or n.type == "identifier":
            continue
        parent = n.parent
        if parent is not None and parent.type in {"parameter_declaration"}:
            return False  # `char buf[]` as a parameter is a pointer
        return n.type == "array_declarator"
    return False


def _declared_array(ctx: Ctx, name: str) -> bool:
    """Every declarator of ``name`` in the file that is an array or a pointer is an array."""
    from .c_tree import walk

    found = False
    for n in walk(ctx.parsed.tree.root_node):
        if n.type not in {"array_declarator", "pointer_declarator"}:
            continue
        inner = n.child_by_field_name("declarator")
        if inner is None or inner.type not in {"identifier", "field_identifier"} or text(inner) != name:
            continue
        if n.type == "pointer_declarator":
            return False
        found = True
    return found
