"""The largest value a length or index may have where it is used, from clamps and definitions.

``size_t n = len < sizeof(buf) - 1 ? len : sizeof(buf) - 1;`` (each arm bounded where it is chosen),
and a local whose every definition that may reach the use is bounded where it is made:
``if (len < sizeof(buf)) n = len; else n = sizeof(buf) - 1;`` (c_reaching: initialisers,
assignments; an increment or the address handed to a call gives no value, so no bound)."""

from __future__ import annotations

from tree_sitter import Node

from .c_conditions import LOOPS, runs_before
from .c_context import Ctx
from .c_paths import cannot_be_negative, upper_bound
from .c_reaching import reaching
from .c_strings import max_int
from .c_tree import enclosing_function, param_names, plain_definitions, strip_expr, text, walk
from .c_values import const_int

MAX_DEPTH = 3


def max_length(ctx: Ctx, n: Node, at: Node, func: Node | None, depth: int = 0) -> int | None:
    """An upper bound of a length (c_strings.max_int), also of a clamp ``c ? a : b`` whose every arm
    is bounded where it is chosen (``n > K ? K : n`` with ``n`` unsigned is at most ``K``), and of a
    local each of whose reaching definitions is bounded where it is made."""
    got = max_int(ctx, n, at, func)
    e = strip_expr(n)
    if got is None and e.type == "identifier" and func is not None:
        defs = plain_definitions(func, text(e))  # `size_t n = a < K ? a : K;` the last before `at`
        before = [d for d in defs or [] if d[0].end_byte <= at.start_byte]
        if before and strip_expr(before[-1][1]).type == "conditional_expression":
            d = before[-1][0]
            if (runs_before(ctx, d, at) and not loop_around(at, func, d)) or earlier_in_block(d, at):
                return max_length(ctx, before[-1][1], d, func, depth + 1)
        if depth < MAX_DEPTH:
            got = _reaching_max(ctx, text(e), at, func, depth)
        if got is None:
            handed = param_constants(ctx, text(e), func)  # `fixed_field(rec, 30, 9)` at every call
            got = max(handed) if handed and min(handed) >= 0 else None
        return got
    if got is not None or e.type != "conditional_expression":
        return got
    bounds: list[int] = []
    for arm in (e.child_by_field_name("consequence"), e.child_by_field_name("alternative")):
        if arm is None:
            return None
        value = max_int(ctx, arm, at, func)
        a = strip_expr(arm)
        if (
            value is None
            and a.type in {"identifier", "field_expression"}
            and cannot_be_negative(ctx, a, a, func)
        ):
            bound = upper_bound(ctx, a, a, func)  # the condition holds inside the arm that is chosen
            value = bound[0] if bound is not None and bound[0] >= 0 else None
        if value is None:
            return None
        bounds.append(value)
    return max(bounds)


def _reaching_max(ctx: Ctx, name: str, at: Node, func: Node, depth: int) -> int | None:
    """The largest bound of the values the definitions of the local ``name`` reaching ``at`` give,
    each taken where it is made (the checks holding there); None when one gives none."""
    defs = reaching(ctx, name, at, func)
    if not defs:
        return None
    bounds: list[int] = []
    for d in defs:
        if d.value is None or any(n.type == "identifier" and text(n) == name for n in walk(d.value)):
            return None  # `n++`, `&n` handed to a call, `n = n * 2`: no bound of its own
        got = bounded_at(ctx, d.value, d.node, func, depth + 1)
        if got is None:
            return None
        bounds.append(got)
    return max(bounds)


def bounded_at(
    ctx: Ctx, value: Node, at: Node, func: Node, depth: int = 0, *, members: bool = True
) -> int | None:
    """An upper bound of ``value`` at ``at``: :func:`max_length`, or the checks holding there on a
    variable (or, with ``members``, a member) that cannot be negative (``if (len < sizeof(buf)) n =
    len;``)."""
    got = max_length(ctx, value, at, func, depth)
    v = strip_expr(value)
    kinds = {"identifier", "field_expression"} if members else {"identifier"}
    if got is None and v.type in kinds and cannot_be_negative(ctx, v, at, func):
        bound = upper_bound(ctx, v, at, func)
        got = bound[0] if bound is not None and bound[0] >= 0 else None
    return got


def loop_around(at: Node, func: Node, since: Node) -> bool:
    """A loop around ``at`` that also holds ``since``' start: a later round may reach ``at`` after
    another definition (later in the loop) ran."""
    cur = at.parent
    while cur is not None and cur != func:
        if cur.type in LOOPS and cur.start_byte <= since.start_byte:
            return True
        cur = cur.parent
    return False


def earlier_in_block(node: Node, at: Node) -> bool:
    """``node``'s statement is a statement of a block (or a ``case``) that ``at`` comes later in, with
    no label between them: whenever ``at`` runs, ``node`` ran just before in the same pass."""
    stmt = node
    while stmt.parent is not None and stmt.parent.type not in {"compound_statement", "case_statement"}:
        stmt = stmt.parent
    block = stmt.parent
    if (
        block is None
        or not (block.start_byte <= at.start_byte < block.end_byte)
        or stmt.end_byte > at.start_byte
    ):
        return False
    return not any(
        c.type == "labeled_statement" and stmt.end_byte <= c.start_byte < at.start_byte for c in walk(block)
    )


def param_constants(ctx: Ctx, name: str, func: Node) -> list[int] | None:
    """The constants every call of ``func`` (all of them seen, in this file) hands its parameter
    ``name``, which the function never changes; None when one is not a constant."""
    from .c_callers import entry_arguments

    if name not in param_names(func):
        return None
    handed = entry_arguments(ctx, func, name)
    if not handed:
        return None
    root = ctx.parsed.tree.root_node
    out: list[int] = []
    for arg, call in handed:
        caller = enclosing_function(call)
        top = arg
        while top.parent is not None:
            top = top.parent
        v = const_int(ctx, arg, caller) if top == root else None
        if v is None:
            return None
        out.append(v)
    return out
