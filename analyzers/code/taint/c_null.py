"""CWE-476: dereferences dominated by a NULL check, or of pointers that can never be NULL."""

from __future__ import annotations

from tree_sitter import Node

from .c_conditions import comparisons, holding_conditions
from .c_context import Ctx, review
from .c_provenance import definition_of
from .c_states import states_at
from .c_tree import (
    call_args,
    declared_name,
    enclosing_function,
    func_name,
    in_sizeof,
    line_of,
    on_lines,
    param_names,
    strip_expr,
    text,
    walk,
)
from .c_values import array_size, definitions
from .outcome import Outcome
from .values import Note


def deref_vars(root: Node, lo: int, hi: int) -> list[tuple[str, Node]]:
    out: list[tuple[str, Node]] = []
    for n in on_lines(root, lo, hi, {"field_expression", "pointer_expression", "subscript_expression"}):
        if (
            (n.type == "field_expression" and text(n.child_by_field_name("operator")) == "->")
            or (n.type == "pointer_expression" and text(n.child_by_field_name("operator")) == "*")
            or n.type == "subscript_expression"
        ):
            arg = n.child_by_field_name("argument")
        else:
            continue
        if arg is not None and not in_sizeof(n):
            a = strip_expr(arg)
            if a.type in {"identifier", "field_expression"}:
                out.append((text(a), n))
    return out


def forward_derefs(root: Node, lo: int, hi: int) -> list[tuple[str, Node]]:
    """``p = malloc(...)`` reported at the allocation: the later dereferences of ``p`` in its function."""
    names: list[tuple[str, Node]] = []
    for n in on_lines(root, lo, hi, {"init_declarator", "assignment_expression"}):
        value = (
            n.child_by_field_name("value") if n.type == "init_declarator" else n.child_by_field_name("right")
        )
        if value is None or strip_expr(value).type != "call_expression":
            continue
        target = (
            declared_name(n.child_by_field_name("declarator"))
            if n.type == "init_declarator"
            else text(n.child_by_field_name("left"))
        )
        if target:
            names.append((target, n))
    out: list[tuple[str, Node]] = []
    for name, at in names:
        func = enclosing_function(at)
        if func is None:
            continue
        for var, use in deref_vars(func, 1, func.end_point[0] + 1):
            if var == name and use.start_byte > at.end_byte:
                out.append((var, use))
    return out


def judge_null(ctx: Ctx, root: Node, lo: int, hi: int) -> Outcome:
    uses = deref_vars(root, lo, hi) or forward_derefs(root, lo, hi)
    if not uses:
        calls = on_lines(root, lo, hi, {"call_expression"})
        for c in calls:
            for a in call_args(c):
                s = strip_expr(a)
                if s.type == "identifier":
                    uses.append((text(s), c))
    if not uses:
        return review("pointer dereference", ctx.path, lo)
    notes: list[Note] = []
    for var, node in uses:
        func = enclosing_function(node)
        safe = nonnull(ctx, var, node, func)
        if safe is None:
            return Outcome(
                "TRUE_POSITIVE",
                0.7,
                "pointer not checked for NULL",
                f"`{var}` is dereferenced at line {line_of(node)} without a dominating NULL check.",
                [ctx.note(node, f"`{var}` dereferenced", "sink")],
            )
        notes.append(ctx.note(node, f"`{var}` dereferenced", "sink"))
        notes.append(safe)
    return Outcome(
        "FALSE_POSITIVE",
        0.85,
        "checked for NULL before use",
        "Every pointer used on the line is checked for NULL first or can never be NULL.",
        notes,
    )


def nonnull(ctx: Ctx, var: str, at: Node, func: Node | None, depth: int = 0) -> Note | None:
    for cond, truth, where in holding_conditions(at):
        for v, op, other in comparisons(cond, truth):
            if v != var:
                continue
            o = strip_expr(other)
            if op == "!=" and (
                o == strip_expr(cond)
                or o.type == "null"
                or text(o) in {"NULL", "0", "nullptr"}
                or (o.type in {"identifier", "field_expression"} and text(o) == var)
            ):
                return ctx.note(where, f"`{var}` is checked to be non-NULL here", "guard")
    if func is not None and var in param_names(func) and array_size(ctx, var, func, at) is not None:
        why = f"every call of {func_name(func)}() passes an array as `{var}` (never NULL)"
        return ctx.note(at, why, "constant")
    if array_size(ctx, var, func, at) is not None or declared_arrays_named(var, func):
        return ctx.note(at, f"`{var}` is an array (never NULL)", "constant")
    if func is not None:
        defs = definitions(var, func, at, ctx, content=False)
        if defs and all(d is not None and never_null(ctx, d, func, depth) for d in defs):
            return ctx.note(defs[0] or at, f"`{var}` always points to an object (never NULL)", "constant")
        if not defs and array_size(ctx, var, func, at) is not None:
            return ctx.note(at, f"`{var}` is an array (never NULL)", "constant")
        if depth == 0 and strip_expr(at).type != "identifier":
            states = states_at(ctx, var, at)
            if states and not states & {"null", "uninit", "undecided"}:
                return ctx.note(
                    at,
                    f"on every path the code allows to line {line_of(at)}, `{var}` was last given an object "
                    "or memory checked not to be NULL",
                    "guard",
                )
    return None


def declared_arrays_named(name: str, func: Node | None) -> bool:
    """``func`` declares an array ``name`` in its body. A parameter written as an array
    (``char buf[100]``) is a pointer, NULL when a caller passes NULL: not counted."""
    if func is None:
        return False
    for n in walk(func):
        if (
            n.type == "array_declarator"
            and text(n.child_by_field_name("declarator")) == name
            and not (n.parent is not None and n.parent.type == "parameter_declaration")
        ):
            return True
    return False


def never_null(ctx: Ctx, node: Node, func: Node | None, depth: int = 0) -> bool:
    n = strip_expr(node)
    if n.type in {"string_literal", "concatenated_string"}:
        return True
    if n.type == "pointer_expression" and text(n.child_by_field_name("operator")) == "&":
        return True
    if n.type == "call_expression" and depth == 0:
        return returns_nonnull(ctx, n)
    return bool(n.type == "identifier" and array_size(ctx, text(n), func, n) is not None)


def returns_nonnull(ctx: Ctx, call: Node) -> bool:
    """A workspace function every ``return`` of which hands back a pointer checked to be non-NULL
    (``xmalloc``: allocate, ``if (!p) abort();``, return ``p``)."""
    found = definition_of(ctx, call)
    if found is None:
        return False
    other, fdef = found
    returns = [r for r in walk(fdef) if r.type == "return_statement" and enclosing_function(r) == fdef]
    if not returns:
        return False
    for r in returns:
        value = r.named_children[0] if r.named_children else None
        if value is None:
            return False
        v = strip_expr(value)
        if v.type == "identifier":
            if nonnull(other, text(v), r, fdef, depth=1) is None:
                return False
        elif not never_null(other, v, fdef, depth=1):
            return False
    return True
