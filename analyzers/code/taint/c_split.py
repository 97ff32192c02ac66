"""Conditions that test the same unchanging variable are correlated: ``if (flag) free(p); ...
if (!flag) use(p);`` never frees and uses on one path. A scanner's path through both branches is
then contradicted by the dominating check. This module finds such variables (a parameter or a
local that nothing assigns after its declaration and whose address is never taken) and the
values that decide every test on them, so the interpreter can run once per value (:func:`envs`)
and decide those tests (:func:`decide`) instead of taking both branches.
"""

from __future__ import annotations

from itertools import product

from tree_sitter import Node

from .c_context import Ctx
from .c_tree import declared_name, param_names, strip_expr, stripped_text, text, walk
from .c_values import const_int

Env = dict[str, int]
MAX_VARS = 3
MAX_ENVS = 64
_CMP = {"==", "!=", "<", "<=", ">", ">="}
_FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="}


def decide(ctx: Ctx, cond: Node, env: Env, func: Node) -> bool | None:
    """The truth of ``cond`` when each variable of ``env`` holds its value (None: not decided)."""
    c = strip_expr(cond)
    if c.type == "identifier":
        name = text(c)
        return env[name] != 0 if name in env else None
    if c.type == "unary_expression" and text(c.child_by_field_name("operator")) == "!":
        inner = c.child_by_field_name("argument")
        got = decide(ctx, inner, env, func) if inner is not None else None
        return None if got is None else not got
    if c.type != "binary_expression":
        return None
    op = text(c.child_by_field_name("operator"))
    left, right = c.child_by_field_name("left"), c.child_by_field_name("right")
    if left is None or right is None:
        return None
    if op in {"&&", "||"}:
        a, b = decide(ctx, left, env, func), decide(ctx, right, env, func)
        if op == "&&":
            return False if a is False or b is False else (True if a and b else None)
        return True if a is True or b is True else (False if a is False and b is False else None)
    if op not in _CMP:
        return None
    for var, k, o in ((left, right, op), (right, left, _FLIP[op])):
        name = stripped_text(var)
        if strip_expr(var).type == "identifier" and name in env:
            value = const_int(ctx, k, func)
            if value is None:
                return None
            v = env[name]
            return {"==": v == value, "!=": v != value, "<": v < value, "<=": v <= value,
                    ">": v > value, ">=": v >= value}[o]  # fmt: skip
    return None


def envs(ctx: Ctx, func: Node) -> list[Env]:
    """Value assignments that decide every test on the function's unchanging variables: for each
    variable, one value per region its tested constants cut the integers into. Empty when there is
    nothing to split on (or too much)."""
    tested: dict[str, set[int]] = {}
    for n in walk(func):
        if n.type not in {"if_statement", "conditional_expression", "while_statement", "do_statement"}:
            continue
        cond = n.child_by_field_name("condition")
        if cond is not None:
            _atoms(ctx, cond, func, tested)
    names = [v for v in sorted(tested) if _unchanging(func, v)][:MAX_VARS]
    if not names:
        return []
    choices: list[list[int]] = []
    for v in names:
        ks = sorted(tested[v] | {0})
        choices.append(sorted({x for k in ks for x in (k - 1, k, k + 1)}))
    out: list[Env] = []
    for values in product(*choices):
        out.append(dict(zip(names, values, strict=True)))
        if len(out) > MAX_ENVS:
            return []
    return out


def _atoms(ctx: Ctx, cond: Node, func: Node, tested: dict[str, set[int]]) -> None:
    c = strip_expr(cond)
    if c.type == "identifier":
        tested.setdefault(text(c), set()).add(0)
    elif c.type == "unary_expression" and text(c.child_by_field_name("operator")) == "!":
        inner = c.child_by_field_name("argument")
        if inner is not None:
            _atoms(ctx, inner, func, tested)
    elif c.type == "binary_expression":
        op = text(c.child_by_field_name("operator"))
        left, right = c.child_by_field_name("left"), c.child_by_field_name("right")
        if left is None or right is None:
            return
        if op in {"&&", "||"}:
            _atoms(ctx, left, func, tested)
            _atoms(ctx, right, func, tested)
        elif op in _CMP:
            for var, k in ((left, right), (right, left)):
                value = const_int(ctx, k, func)
                if strip_expr(var).type == "identifier" and value is not None:
                    tested.setdefault(stripped_text(var), set()).add(value)


def _unchanging(func: Node, name: str) -> bool:
    """A parameter or local of ``func`` that keeps one value: never assigned after its declaration,
    never incremented, its address never taken; an integer, not a pointer or an array."""
    declared = 1 if name in param_names(func) else 0
    for n in walk(func):
        if n.type in {"declaration", "parameter_declaration"}:
            for d in n.named_children:
                if declared_name(d) == name and n.type == "declaration":
                    if d.type not in {"identifier", "init_declarator"} or (
                        d.type == "init_declarator"
                        and (d.child_by_field_name("declarator") or d).type != "identifier"
                    ):
                        return False  # a pointer or an array: its value is an address
                    declared += 1
        elif (
            (n.type == "assignment_expression" and stripped_text(n.child_by_field_name("left")) == name)
            or (n.type == "update_expression" and stripped_text(n.child_by_field_name("argument")) == name)
            or (
                n.type == "pointer_expression"
                and text(n.child_by_field_name("operator")) == "&"
                and stripped_text(n.child_by_field_name("argument")) == name
            )
        ):
            return False
    return declared == 1  # declared twice (a shadowing block): two variables, not one
