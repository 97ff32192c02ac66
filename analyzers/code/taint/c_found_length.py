"""A copy's length found inside its source string: ``eq = strchr(s, '='); memcpy(key, s, eq - s)``,
``n = strcspn(p, " \\t"); memcpy(field, p, n)``. A search of a terminated string stops at its
terminator, so what it finds (and any span it measures) lies inside the string; reading that many
bytes from the string's start stays inside its object.

Sound only when the string searched is terminated inside its object where it is searched
(``c_terminated.terminated_string`` or a cursor, ``c_cursor``), the found pointer is checked against
NULL where the length is taken, and the pointer the copy reads from has not moved since the search
(none of its variables, nor in a loop around the copy that does not hold the search). Stores into
the string since do not matter: its object keeps its size."""

from __future__ import annotations

from tree_sitter import Node

from .c_conditions import reaching_value, said_not_null
from .c_context import Ctx
from .c_cursor import unmoved
from .c_spec import STRING_SEARCHES, STRING_SPANS
from .c_terminated import cursor_at, terminated_string
from .c_tree import call_args, line_of, plain_definitions, squash, strip_expr, text, walk
from .c_values import const_int
from .values import Note

MAX_DEPTH = 3


def found_within(ctx: Ctx, call: Node, src: Node, length: Node, func: Node | None) -> list[Note] | None:
    """Notes when the ``length`` bytes ``call`` reads from ``src`` lie inside the string ``src``
    holds, measured by a search of it; None when that is not shown."""
    if func is None:
        return None
    got = _within(ctx, length, src, call, func, depth=0)
    if not got:
        return None
    return [
        ctx.note(call, f"the length is found inside the string `{text(src)}` by a search of it", "guard"),
        *got,
    ]


def _within(ctx: Ctx, e: Node, src: Node, at: Node, func: Node, *, depth: int) -> list[Note] | None:
    """``e`` evaluated at ``at`` is at most the length of the string ``src`` holds there."""
    e = strip_expr(e)
    if depth > MAX_DEPTH:
        return None
    if const_int(ctx, e, func) == 0:
        return []
    want = squash(text(strip_expr(src)))
    if e.type == "call_expression" and ctx.callee(e) in STRING_SPANS and call_args(e):
        s = call_args(e)[0]
        return _searched(ctx, e, s, want, at=at, func=func)
    if e.type == "binary_expression" and text(e.child_by_field_name("operator")) == "-":
        left, right = e.child_by_field_name("left"), e.child_by_field_name("right")
        if left is None or right is None or squash(text(strip_expr(right))) != want:
            return None
        q = strip_expr(left)
        if q.type != "identifier" or not _not_null(q, e):
            return None
        defs = plain_definitions(func, text(q))
        if not defs:
            return None
        notes: list[Note] = []
        for d, value in defs:
            v = strip_expr(value)
            if v.type != "call_expression" or ctx.callee(v) not in STRING_SEARCHES or not call_args(v):
                return None
            got = _searched(ctx, v, call_args(v)[0], want, at=at, func=func)
            if got is None:
                return None
            notes.extend(got)
            if d.start_byte > e.start_byte:
                return None  # set after the length is taken: reaches it only around a loop
        return notes
    if e.type == "conditional_expression":
        out: list[Note] = []
        for arm in (e.child_by_field_name("consequence"), e.child_by_field_name("alternative")):
            got = _within(ctx, arm, src, at, func, depth=depth + 1) if arm is not None else None
            if got is None:
                return None
            out.extend(got)
        return out
    if e.type == "identifier":
        reaching = reaching_value(ctx, text(e), at, func)
        return _within(ctx, reaching, src, at, func, depth=depth + 1) if reaching is not None else None
    return None


def _searched(ctx: Ctx, search: Node, s: Node, want: str, *, at: Node, func: Node) -> list[Note] | None:
    """``search`` looks through ``s`` (the copy's source, by its spelling), a terminated string
    there, whose pointer has not moved from the search to ``at``."""
    if squash(text(strip_expr(s))) != want:
        return None
    names = {text(n) for n in walk(s) if n.type == "identifier"}  # `p + 2`: p; `argv[i]`: argv and i
    if not names or not all(unmoved(func, name, search, at) for name in names):
        return None
    proof = cursor_at(ctx, s, search, func)
    if proof is None:
        whole = terminated_string(ctx, search, s, func, depth=0)
        proof = whole if isinstance(whole, list) else None
    if proof is None:
        return None
    why = f"{ctx.callee(search)}() at line {line_of(search)} searches the terminated string `{text(s)}`"
    return [ctx.note(search, why, "guard"), *proof[:1]]


def _not_null(q: Node, at: Node) -> bool:
    return said_not_null(text(q), at)
