"""A length a caller hands a (pointer, length) pair may have wrapped below zero.

``config_apply(cfg, p + HDR, rlen - HDR)`` with ``rlen`` read from the input: when ``rlen < HDR``
the unsigned difference is huge, and a callee that trusts its pair (reads ``vlen`` bytes of ``val``)
reads far past the input. Where every call of the callee is visible, each length argument (or the
local it is held in) that subtracts must do so under a check that the first operand is at least the
second (``if (rlen < HDR) return -1;``); otherwise the pair is not trusted."""

from __future__ import annotations

from tree_sitter import Node

from .c_callers import visible_calls
from .c_conditions import comparisons, holding_conditions
from .c_context import Ctx
from .c_tree import (
    call_args,
    enclosing_function,
    param_names,
    plain_definitions,
    squash,
    strip_expr,
    text,
    walk,
)


def callers_may_wrap(ctx: Ctx, func: Node, length: Node) -> bool:
    """Some visible call of ``func`` hands a parameter of ``length`` a difference that may wrap."""
    params = param_names(func)
    used = {text(n) for n in walk(length) if n.type == "identifier"} & set(params)
    calls = visible_calls(ctx, func)
    if not used or not calls:
        return False
    outer = ctx.unbound()
    for call in calls:
        args = call_args(call)
        caller = enclosing_function(call)
        for name in used:
            i = params.index(name)
            if i < len(args) and caller is not None and _may_wrap(outer, args[i], call, caller, 0):
                return True
    return False


def _may_wrap(ctx: Ctx, e: Node, at: Node, func: Node, depth: int) -> bool:
    e = strip_expr(e)
    if depth > 2:
        return True
    if e.type == "binary_expression" and text(e.child_by_field_name("operator")) == "-":
        left, right = e.child_by_field_name("left"), e.child_by_field_name("right")
        return left is None or right is None or not _at_least(e, squash(text(left)), squash(text(right)), at)
    if e.type == "identifier":
        defs = plain_definitions(func, text(e))
        if defs is None:
            return False  # changed in other ways: not a difference the analyst can see (as before)
        return any(_may_wrap(ctx, value, d, func, depth + 1) for d, value in defs)
    return False


def _at_least(e: Node, big: str, small: str, at: Node) -> bool:
    """A condition holding where the difference is taken says ``big >= small``."""
    for where in (e, at):
        for cond, truth, _w in holding_conditions(where):
            for var, op, other in comparisons(cond, truth):
                o = squash(text(strip_expr(other)))
                if squash(var) == big and o == small and op in {">=", ">"}:
                    return True
                if squash(var) == small and o == big and op in {"<=", "<"}:
                    return True
    return False
