"""A counter that only counts up by one where a check stops it at a bound stays between 0 and that
bound everywhere: ``if (nvars == ENV_MAX) return -1; strcpy(vars[nvars].key, key); nvars++;`` and
``if (n >= MAX) continue; cur = &tab[n++];``. Every store in the counter's scope (its function for a
local, the whole file for a ``static`` file-level variable) must be a constant from 0 up, or an
increment by one under a holding check ``n < K``, ``n <= K - 1`` or ``n != K``. A ``!=`` check bounds
the increment only when ``K`` is the largest value the counter is ever given (then ``n <= K`` and
``n != K`` make ``n < K``). Its address taken, a decrement or any other store: no bound. At a read,
checks holding there narrow the range further (``n != K`` there: at most ``K - 1``)."""

from __future__ import annotations

from tree_sitter import Node

from .c_conditions import comparisons, holding_conditions
from .c_context import Ctx
from .c_tree import (
    declared_name,
    declares,
    enclosing_function,
    squash,
    storage_classes,
    strip_expr,
    text,
    walk,
)
from .c_values import const_int, declared_in


def counter_range(ctx: Ctx, name: str, at: Node, func: Node) -> tuple[int, int] | None:
    """``(0, hi)``: the values the counter ``name`` may have where ``at`` reads it; None unknown."""
    scope = _scope(ctx, name, func)
    if scope is None:
        return None
    top = _largest(ctx, name, scope)
    if top is None:
        return None
    hi = top
    for op, k in constant_checks(ctx, name, at):
        if op == "<":
            hi = min(hi, k - 1)
        elif op == "<=":
            hi = min(hi, k)
        elif op == "!=" and k == top:
            hi = min(hi, k - 1)
    return (0, hi) if hi >= 0 else None


def _scope(ctx: Ctx, name: str, func: Node) -> Node | None:
    """The function for a local, the file for a ``static`` file-level variable; None otherwise (a
    parameter, or a variable other files may change)."""
    if declared_in(func, name):
        body = func.child_by_field_name("body")
        return body if body is not None and _declared_in_body(body, name) else None
    root = ctx.parsed.tree.root_node
    for n in root.named_children:
        if declares(n, name):
            return root if "static" in storage_classes(n) else None
    return None


def _declared_in_body(body: Node, name: str) -> bool:
    return any(declares(n, name) for n in walk(body))


def _largest(ctx: Ctx, name: str, scope: Node) -> int | None:
    """The largest value the counter is ever given, when every store is one of the allowed kinds."""
    tops: list[int] = []
    unequal: list[int] = []  # bounds of increments under `n != K`
    for n in walk(scope):
        if n.type == "function_definition" and scope.type == "translation_unit" and declared_in(n, name):
            continue  # a function with its own variable of that name: not this counter
        if n.type == "init_declarator" and declared_name(n.child_by_field_name("declarator")) == name:
            v = const_int(ctx, n.child_by_field_name("value"), enclosing_function(n))
            if v is None or v < 0:
                return None
            tops.append(v)
            continue
        if n.type == "declaration" and scope.type == "translation_unit" and n.parent == scope:
            if any(d.type == "identifier" and text(d) == name for d in n.named_children):
                tops.append(0)  # a file-level variable without an initialiser starts at zero
            continue
        target = (
            n.child_by_field_name("argument")
            if n.type in {"update_expression", "pointer_expression"}
            else None
        )
        if n.type == "assignment_expression":
            target = n.child_by_field_name("left")
        if target is None or text(strip_expr(target)) != name:
            continue
        if n.type == "pointer_expression":
            if text(n.child_by_field_name("operator")) == "&":
                return None
            continue
        if n.type == "assignment_expression":
            op = text(n.child_by_field_name("operator"))
            func = enclosing_function(n)
            value = const_int(ctx, n.child_by_field_name("right"), func)
            if op == "=" and value is not None and value >= 0:
                tops.append(value)
                continue
            if op != "+=" or value != 1:
                return None
        elif "++" not in text(n):
            return None
        bound = _increment_bound(ctx, name, n)
        if bound is None:
            return None
        if bound[1]:
            unequal.append(bound[0])
        else:
            tops.append(bound[0])
    if not tops and not unequal:
        return None
    top = max(tops + unequal)
    if any(k != top for k in unequal):
        return None
    return top


def _increment_bound(ctx: Ctx, name: str, inc: Node) -> tuple[int, bool] | None:
    """The value an increment may reach, from a check holding where it runs: (K, False) under
    ``n < K`` / ``n <= K - 1``; (K, True) under ``n != K``. None without such a check."""
    best: tuple[int, bool] | None = None
    for op, k in constant_checks(ctx, name, inc):
        got = {"<": (k, False), "<=": (k + 1, False), "!=": (k, True)}.get(op)
        if got is not None and (best is None or (not got[1] and (best[1] or got[0] < best[0]))):
            best = got
    return best


def constant_checks(ctx: Ctx, name: str, at: Node) -> list[tuple[str, int]]:
    """``(op, K)`` for each holding check ``name op K`` at ``at`` with a constant ``K``."""
    func = enclosing_function(at)
    out: list[tuple[str, int]] = []
    for cond, truth, _where in holding_conditions(at):
        for var, op, other in comparisons(cond, truth):
            k = const_int(ctx, other, func) if squash(var) == name else None
            if k is not None:
                out.append((op, k))
    return out
