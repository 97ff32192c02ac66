"""An element of a local array that a counting loop sets in every round before the read.

gcc -fanalyzer reports ``use of uninitialized value 'f[2]'`` after ``for (i = 0; i < 7; i++) {
f[i] = next_field(&cur); if (f[i] == NULL) return -1; }``: it does not follow the loop over all its
rounds. The element is set when:

- the loop is a statement before the read in a block that encloses the read (every path to the read
  runs it: the function has no ``goto``);
- it starts ``i`` at 0, runs while ``i < N`` with a constant ``N``, steps ``i`` by one, and nothing
  in its body changes ``i`` or leaves the loop (``break``) other than by leaving the function;
- the first statement of its body (run in every round) stores into ``a[i]``;
- the element read is ``a[K]`` with a constant ``K`` below ``N``.

Then the loop ran every round from 0 to ``N - 1`` when the read runs, and each round set its element.
"""

from __future__ import annotations

import re

from tree_sitter import Node

from .c_callers import keeps_value
from .c_context import Ctx
from .c_tree import (
    declares,
    enclosing_function,
    line_of,
    squash,
    strip_expr,
    stripped_text,
    text,
    walk,
)
from .c_values import const_int
from .outcome import Outcome

_ELEMENT = re.compile(r"use of uninitialized value [‘'`]([A-Za-z_]\w*)\[(\d+)\][’'`]")
_LEAVES_LOOP = {"break_statement", "goto_statement"}
_DECLARING = frozenset({"declaration", "parameter_declaration"})
_NESTED = {"for_statement", "while_statement", "do_statement", "switch_statement"}


def loop_filled(ctx: Ctx, root: Node, lo: int, hi: int) -> Outcome | None:
    """FALSE_POSITIVE when the gcc finding's element is set by a loop before its read (see the
    module); None when it names no such element or the loop is not shown."""
    m = _ELEMENT.search(ctx.finding.message)
    if m is None:
        return None
    arr, k = m.group(1), int(m.group(2))
    for use in walk(root):
        if use.type != "subscript_expression" or not lo <= line_of(use) <= hi:
            continue
        if squash(text(use)) != f"{arr}[{k}]":
            continue
        func = enclosing_function(use)
        if func is None or any(n.type == "goto_statement" for n in walk(func)):
            return None
        if sum(1 for n in walk(func) if declares(n, arr, _DECLARING)) != 1:
            return None  # one array of that name in the function (no inner one hiding it)
        found = _filling_loop(ctx, use, arr, k, func)
        if found is None:
            return None
        loop, counter, bound = found
        why = (
            f"`{arr}[{k}]` is set before line {line_of(use)}: the loop at line {line_of(loop)} sets "
            f"`{arr}[{counter}]` first thing in every round, for `{counter}` from 0 to {bound - 1}, and "
            "nothing in it leaves the loop but a return, so every path to the read ran all its rounds."
        )
        notes = [
            ctx.note(use, f"`{arr}[{k}]` read, says {ctx.finding.tool}", "sink"),
            ctx.note(loop, f"the loop sets `{arr}[i]` in every round", "guard"),
        ]
        return Outcome("FALSE_POSITIVE", 0.8, "set by a loop", why, notes)
    return None


def _filling_loop(ctx: Ctx, use: Node, arr: str, k: int, func: Node) -> tuple[Node, str, int] | None:
    """(the loop, its counter, its bound) of a loop before ``use`` that sets ``arr[k]``."""
    cur = use
    while cur.parent is not None and cur != func:
        parent = cur.parent
        if parent.type == "compound_statement":
            for stmt in parent.named_children:
                if stmt.start_byte >= cur.start_byte:
                    break
                got = _fills(ctx, stmt, arr, k, func) if stmt.type == "for_statement" else None
                if got is not None:
                    return stmt, got[0], got[1]
        cur = parent
    return None


def _fills(ctx: Ctx, loop: Node, arr: str, k: int, func: Node) -> tuple[str, int] | None:
    init, cond, update = (loop.child_by_field_name(f) for f in ("initializer", "condition", "update"))
    body = loop.child_by_field_name("body")
    if init is None or cond is None or update is None or body is None:
        return None
    name = _started_at_zero(ctx, init, func)
    if name is None or squash(text(update)) not in {f"{name}++", f"++{name}", f"{name}+=1"}:
        return None
    c = strip_expr(cond)
    if c.type != "binary_expression" or text(c.child_by_field_name("operator")) != "<":
        return None
    if stripped_text(c.child_by_field_name("left") or c) != name:
        return None
    bound = const_int(ctx, c.child_by_field_name("right"), func)
    if bound is None or not 0 <= k < bound:
        return None
    if not keeps_value(body, name) or _leaves(body):
        return None
    first = body.named_children[0] if body.type == "compound_statement" and body.named_children else body
    return (name, bound) if _stores_element(first, arr, name) else None


def _started_at_zero(ctx: Ctx, init: Node, func: Node) -> str | None:
    """``i = 0`` or ``int i = 0``: the counter's name."""
    if init.type == "declaration":
        decls = [d for d in init.named_children if d.type == "init_declarator"]
        if len(decls) != 1:
            return None
        target, value = decls[0].child_by_field_name("declarator"), decls[0].child_by_field_name("value")
    else:
        e = strip_expr(init)
        if e.type != "assignment_expression" or text(e.child_by_field_name("operator")) != "=":
            return None
        target, value = e.child_by_field_name("left"), e.child_by_field_name("right")
    if target is None or value is None or strip_expr(target).type != "identifier":
        return None
    return stripped_text(target) if const_int(ctx, value, func) == 0 else None


def _leaves(body: Node) -> bool:
    """A ``break`` of this loop (not of a loop or switch nested in it), or a ``goto``."""
    stack = [body]
    while stack:
        n = stack.pop()
        if n.type in _LEAVES_LOOP:
            return True
        stack.extend(c for c in n.children if c.type not in _NESTED)
    return False


def _stores_element(stmt: Node, arr: str, counter: str) -> bool:
    """``arr[counter] = ...;``"""
    if stmt.type != "expression_statement" or not stmt.named_children:
        return False
    e = strip_expr(stmt.named_children[0])
    if e.type != "assignment_expression" or text(e.child_by_field_name("operator")) != "=":
        return False
    left = strip_expr(e.child_by_field_name("left") or e)
    if left.type != "subscript_expression":
        return False
    base, idx = left.child_by_field_name("argument"), left.child_by_field_name("index")
    return (
        base is not None and idx is not None and stripped_text(base) == arr and stripped_text(idx) == counter
    )
