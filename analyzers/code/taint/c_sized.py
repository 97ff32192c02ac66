"""A destination allocated for the string copied into it: ``n = strlen(s); d = malloc(n + 1);
strcpy(d, s);`` (or ``calloc(n + 1, sizeof *d)``, ``malloc((n + 1) * sizeof(wchar_t))`` with
``wcslen``/``wcscpy``). The copy writes ``strlen(s) + 1`` characters, exactly what was allocated,
as long as nothing between the measure and the copy can change the string ``s`` points to (no store
into it, no call that may write it, ``s`` itself not moved) and ``d`` still holds that block.
"""

from __future__ import annotations

from tree_sitter import Node

from .c_alloc_calls import allocation
from .c_callers import quiet_between
from .c_conditions import LOOPS, if_of_condition, runs_before
from .c_context import Ctx
from .c_tree import (
    aliases_of,
    call_args,
    callee_of,
    plain_definitions,
    squash,
    strip_expr,
    stripped_text,
    text,
    walk,
)
from .c_values import const_int
from .values import Note

_MEASURES = {"strcpy": "strlen", "stpcpy": "strlen", "wcscpy": "wcslen"}


def sized_for_source(ctx: Ctx, call: Node, func: Node | None) -> Note | None:
    """A note when ``call`` (a string copy) writes into a block allocated for its source's length."""
    name = ctx.callee(call)
    args = call_args(call)
    measure = _MEASURES.get(name)
    if measure is None or len(args) < 2 or func is None:
        return None
    unit = 4 if name == "wcscpy" else 1
    dst, src = strip_expr(args[0]), strip_expr(args[1])
    if dst.type != "identifier" or src.type != "identifier":
        return None
    defs = plain_definitions(func, text(dst))
    # `if ((d = malloc(n + 1)) == NULL) return NULL;` runs where its check does
    if not defs or len(defs) != 1 or not runs_before(ctx, if_of_condition(defs[0][0]) or defs[0][0], call):
        return None
    alloc = strip_expr(defs[0][1])
    length = _allocated_length(ctx, alloc, unit, func)
    if length is None:
        return None
    measured = _measured(ctx, length, text(src), measure, func)
    if measured is None or not runs_before(ctx, measured, call):
        return None
    if not (measured.parent is not None and _within(measured, alloc)) and not runs_before(
        ctx, measured, alloc
    ):
        return None  # the length is measured before the block is sized by it
    if _moved_between(func, text(src), measured.end_byte, call.start_byte):
        return None
    if aliases_of(func, text(src)) & aliases_of(func, text(dst)):
        return None
    if not quiet_between(ctx, func, (measured.end_byte, call.start_byte), aliases_of(func, text(dst))):
        return None
    if any(n.type == "goto_statement" for n in walk(func)):
        return None  # a jump back may run the copy again after the string changed
    for loop in _loops_around(call, func):
        # a later round runs the copy again: nothing in the loop may change the string either
        if _moved_between(func, text(src), loop.start_byte, loop.end_byte) or not quiet_between(
            ctx, func, (loop.start_byte, loop.end_byte), aliases_of(func, text(dst))
        ):
            return None
    return ctx.note(
        alloc,
        f"`{text(dst)}` is allocated for {measure}(`{text(src)}`) + 1 characters, and `{text(src)}` "
        "does not change before the copy",
        "guard",
    )


def _allocated_length(ctx: Ctx, alloc: Node, unit: int, func: Node) -> Node | None:
    """``X`` when ``alloc`` reserves at least ``(X + 1) * unit`` bytes."""
    got = allocation(ctx, alloc)  # a library allocator, or a wrapper of the file (c_alloc_calls)
    if got is None or got[0] == "realloc":
        return None
    kind, args = got
    if kind == "calloc":
        for count, size in ((args[0], args[1]), (args[1], args[0])):
            each = const_int(ctx, size, func)
            x = _plus_one(count)
            if x is not None and each is not None and each >= unit:
                return x
        return None
    total = strip_expr(args[0])
    if unit == 1 and _plus_one(total) is not None:
        return _plus_one(total)
    if total.type == "binary_expression" and text(total.child_by_field_name("operator")) == "*":
        left, right = total.child_by_field_name("left"), total.child_by_field_name("right")
        if left is None or right is None:
            return None
        for count, size in ((left, right), (right, left)):
            each = const_int(ctx, size, func)
            x = _plus_one(count)
            if x is not None and each is not None and each >= unit:
                return x
    return None


def _within(node: Node, container: Node) -> bool:
    return container.start_byte <= node.start_byte and node.end_byte <= container.end_byte


def _plus_one(e: Node) -> Node | None:
    """``X`` of ``X + 1`` (or ``1 + X``)."""
    e = strip_expr(e)
    if e.type != "binary_expression" or text(e.child_by_field_name("operator")) != "+":
        return None
    left, right = e.child_by_field_name("left"), e.child_by_field_name("right")
    if left is None or right is None:
        return None
    if text(strip_expr(right)) == "1":
        return strip_expr(left)
    if text(strip_expr(left)) == "1":
        return strip_expr(right)
    return None


def _measured(ctx: Ctx, x: Node, src: str, measure: str, func: Node) -> Node | None:
    """The ``strlen(src)`` call ``x`` stands for: ``x`` itself, or a variable whose one definition
    is that call (and that nothing else changes)."""
    if x.type == "call_expression":
        return x if _measures(x, src, measure) else None
    if x.type != "identifier":
        return None
    defs = plain_definitions(func, text(x))
    if not defs or len(defs) != 1:
        return None
    value = strip_expr(defs[0][1])
    return value if value.type == "call_expression" and _measures(value, src, measure) else None


def _measures(call: Node, src: str, measure: str) -> bool:
    args = call_args(call)
    return callee_of(call) == measure and len(args) == 1 and squash(stripped_text(args[0])) == src


def _moved_between(func: Node, name: str, start: int, end: int) -> bool:
    """``name`` is assigned, incremented or has its address taken between the bytes ``start`` and
    ``end``."""
    for n in walk(func):
        if n.end_byte <= start or n.start_byte >= end:
            continue
        if n.type == "assignment_expression" and stripped_text(n.child_by_field_name("left")) == name:
            return True
        if n.type == "update_expression" and stripped_text(n.child_by_field_name("argument")) == name:
            return True
        if (
            n.type == "pointer_expression"
            and text(n.child_by_field_name("operator")) == "&"
            and stripped_text(n.child_by_field_name("argument")) == name
        ):
            return True
    return False


def _loops_around(node: Node, func: Node) -> list[Node]:
    out: list[Node] = []
    cur = node.parent
    while cur is not None and cur != func:
        if cur.type in LOOPS:
            out.append(cur)
        cur = cur.parent
    return out
