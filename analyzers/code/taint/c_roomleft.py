"""Appending into the room left after a string: ``fgets(buf + len, N - len, f)``,
``recv(s, (char *)(buf + len), sizeof(wchar_t) * (N - len - 1), 0)`` where ``len = strlen(buf)``.

The write starts ``len`` elements into the object ``buf`` points to and moves at most ``N - len``
elements (minus a constant), so it ends by element ``N``: it fits when ``N`` elements fit the object
and ``len`` lies between 0 and ``N`` (otherwise ``N - len`` wraps to a huge size). ``len`` is known
to lie there when it is the length of the string ``buf`` holds (a string inside its own array is
shorter than the array) or a dominating check bounds it.
"""

from __future__ import annotations

from tree_sitter import Node

from .c_conditions import comparisons, holding_conditions
from .c_context import Ctx
from .c_cursor import unmoved
from .c_lengths import string_length_of
from .c_objects import elem_of, points_to
from .c_paths import cannot_be_negative, upper_bound
from .c_tree import (
    aliases_of,
    call_args,
    callee_of,
    plain_definitions,
    strip_expr,
    stripped_text,
    text,
)
from .c_values import const_int, sizeof_value
from .values import Note


def _sides(e: Node) -> tuple[Node, Node, str] | None:
    if e.type != "binary_expression":
        return None
    left, right = e.child_by_field_name("left"), e.child_by_field_name("right")
    if left is None or right is None:
        return None
    return strip_expr(left), strip_expr(right), text(e.child_by_field_name("operator"))


def _scaled(ctx: Ctx, n: Node, func: Node | None) -> tuple[int | None, Node]:
    """``sizeof(T) * e`` (either order): (bytes per unit, e); (None, n) when not scaled."""
    e = strip_expr(n)
    sides = _sides(e)
    if sides is not None and sides[2] == "*":
        for a, b in ((sides[0], sides[1]), (sides[1], sides[0])):
            if a.type == "sizeof_expression":
                return sizeof_value(ctx, a, func), b
    return None, e


def _minus_offset(ctx: Ctx, e: Node, func: Node | None) -> tuple[int, str] | None:
    """``K - L``, ``K - L - c``, ``K - (L + c)``, ``K - c - L`` -> (K - c, L's text)."""
    e = strip_expr(e)
    sides = _sides(e)
    if sides is None or sides[2] != "-":
        return None
    left, right, _op = sides
    k = const_int(ctx, right, func)
    if k is not None and k >= 0:  # (K - L) - c
        inner = _minus_offset(ctx, left, func)
        return (inner[0] - k, inner[1]) if inner is not None else None
    k = const_int(ctx, left, func)
    if k is not None:
        if right.type == "identifier":
            return k, text(right)
        inner_sides = _sides(right)
        if inner_sides is not None and inner_sides[2] == "+":  # K - (L + c)
            a, b, _ = inner_sides
            c = const_int(ctx, b, func)
            if c is not None and c >= 0 and a.type == "identifier":
                return k - c, text(a)
        return None
    inner = _minus_offset_const_first(ctx, left, right, func)
    return inner


def _minus_offset_const_first(ctx: Ctx, left: Node, right: Node, func: Node | None) -> tuple[int, str] | None:
    """``(K - c) - L``."""
    k = const_int(ctx, left, func)
    if k is not None and right.type == "identifier":
        return k, text(right)
    return None


def _start(dst: Node) -> tuple[str, str] | None:
    """``p + L`` or ``&p[L]`` (casts stripped) -> (p, L)."""
    d = strip_expr(dst)
    sides = _sides(d)
    if (
        sides is not None
        and sides[2] == "+"
        and sides[0].type == "identifier"
        and sides[1].type == "identifier"
    ):
        return text(sides[0]), text(sides[1])
    if d.type == "pointer_expression" and text(d.child_by_field_name("operator")) == "&":
        inner = strip_expr(d.child_by_field_name("argument") or d)
        if inner.type == "subscript_expression":
            arr, idx = inner.child_by_field_name("argument"), inner.child_by_field_name("index")
            if arr is not None and idx is not None:
                a, i = strip_expr(arr), strip_expr(idx)
                if a.type == "identifier" and i.type == "identifier":
                    return text(a), text(i)
    return None


def room_left(
    ctx: Ctx, call: Node, dst: Node, n: Node, *, unit: int, func: Node | None, extra: int = 0
) -> list[Note] | None:
    """Notes proving a write of ``n`` (in units of ``unit`` bytes unless scaled by a sizeof), plus
    ``extra`` units (a terminator), at ``dst`` fits the room left after the string in its object;
    None when not shown."""
    if func is None:
        return None
    start = _start(dst)
    if start is None:
        return None
    base, offset = start
    scale, rest = _scaled(ctx, n, func)
    parsed = _minus_offset(ctx, rest, func)
    if parsed is None or parsed[1] != offset:
        return None
    limit, _ = parsed
    elem = elem_of(ctx, base, func)
    if elem is None or (scale if scale is not None else unit) != elem or limit < 0:
        return None
    targets = points_to(ctx, strip_expr(_base_node(dst)), func)
    if not targets or any(t.size is None or t.offset != 0 for t in targets):
        return None
    count = min(t.size for t in targets if t.size is not None) // elem
    if limit + extra > count:
        return None
    off_node = _offset_node(dst)
    if off_node is None or not cannot_be_negative(ctx, off_node, call, func):
        return None
    measured = string_length_of(func, offset, aliases_of(func, base))
    bound = upper_bound(ctx, off_node, call, func)
    if bound is None:
        from .c_pair_write import checked_counter_max

        grown = checked_counter_max(ctx, offset, func)  # only grown under checks that bound it
        bound = (grown, off_node) if grown is not None else None
    if measured is not None and count - 1 <= limit:
        why = f"`{offset}` is the length of the string in `{base}` ({count} elements), so at most {count - 1}"
        where = measured
    elif bound is not None and bound[0] <= limit:
        why, where = f"`{offset}` is checked to be at most {bound[0]}", bound[1]
    else:
        return None
    return [
        ctx.note(call, f"{callee_of(call) or 'the call'}() writes into `{text(dst)}`", "sink"),
        ctx.note(where, why, "guard"),
        ctx.note(
            n,
            f"`{text(n)}` is the room left after `{offset}` elements, within the {count} of `{base}`",
            "guard",
        ),
    ]


def at_string_end(ctx: Ctx, call: Node, dst: Node, func: Node | None) -> bool:
    """``dst`` is ``p + len`` (or ``&p[len]``) where ``len = strlen(p)`` is measured once, before
    ``call`` on every path, and nothing writes memory through a pointer in between: ``dst`` points
    at the terminator of the string ``p`` holds, so the string at ``dst`` is empty."""
    from .c_callers import quiet_between
    from .c_conditions import runs_before

    start = _start(dst)
    if start is None or func is None:
        return False
    base, offset = start
    defs = plain_definitions(func, offset)
    measured = string_length_of(func, offset, aliases_of(func, base))
    return (
        measured is not None
        and defs is not None
        and len(defs) == 1
        and runs_before(ctx, measured, call)
        and quiet_between(ctx, func, (measured.end_byte, call.start_byte), set())
    )


def _base_node(dst: Node) -> Node:
    d = strip_expr(dst)
    if d.type == "binary_expression":
        return d.child_by_field_name("left") or d
    inner = strip_expr(d.child_by_field_name("argument") or d)
    return inner.child_by_field_name("argument") or inner


def _offset_node(dst: Node) -> Node | None:
    d = strip_expr(dst)
    if d.type == "binary_expression":
        return d.child_by_field_name("right")
    inner = strip_expr(d.child_by_field_name("argument") or d)
    return inner.child_by_field_name("index")


_RECEIVERS = {"recv": (1, 2), "recvfrom": (1, 2), "read": (1, 2)}


def string_length_index(ctx: Ctx, idx: Node, arr: Node, count: int, func: Node) -> Note | None:
    """``buf[len]`` with ``len = strlen(buf)``: the terminator's place, inside the array; or
    ``buf[len - c]`` under a dominating check that ``len`` is at least ``c``."""
    i = strip_expr(idx)
    base = stripped_text(arr)
    if count < 1:
        return None
    minus = 0
    sides = _sides(i)
    if sides is not None and sides[2] == "-" and sides[0].type == "identifier":
        k = const_int(ctx, sides[1], func)
        if k is None or k < 0:
            return None
        i, minus = sides[0], k
    if i.type != "identifier":
        return None
    measured = string_length_of(func, text(i), aliases_of(func, base))
    if measured is None:
        return None
    if strip_expr(arr).type == "identifier" and not unmoved(func, base, measured, idx):
        return None  # `s += 2` after `len = strlen(s)`: `s[len - 1]` is past the string measured
    if minus and not _at_least(ctx, text(i), minus, idx, func):
        return None
    return ctx.note(
        measured, f"`{text(i)}` is the length of the string in `{base}`, below its {count} elements", "guard"
    )


def _at_least(ctx: Ctx, name: str, k: int, at: Node, func: Node) -> bool:
    """A dominating check that ``name >= k`` (or ``> k - 1``)."""
    for cond, truth, _where in holding_conditions(at):
        for var, op, other in comparisons(cond, truth):
            v = const_int(ctx, other, func) if var == name else None
            if v is not None and ((op == ">=" and v >= k) or (op == ">" and v >= k - 1)):
                return True
    return False


def received_index(ctx: Ctx, sub: Node, arr: Node, count: int, func: Node) -> list[Note] | None:
    """``buf[got]`` after ``got = recv(s, buf, K, 0)`` with ``K`` below the array's size, or
    ``buf[len + got / sizeof(T)]`` after ``got = recv(s, buf + len, sizeof(T) * (N - len - c), 0)``,
    and a check that ``got`` is not -1: the index ends inside the array."""
    idx = sub.child_by_field_name("index")
    if idx is None:
        return None
    i = strip_expr(idx)
    sides = _sides(i)
    offset: str | None = None
    got_e = i
    if sides is not None and sides[2] == "+" and sides[0].type == "identifier":
        offset, got_e = text(sides[0]), sides[1]
    per = 1
    div = _sides(got_e)
    if div is not None and div[2] == "/" and div[1].type == "sizeof_expression":
        size = sizeof_value(ctx, div[1], func)
        if size is None:
            return None
        per, got_e = size, div[0]
    if got_e.type != "identifier":
        return None
    got = text(got_e)
    call = _single_receive(func, got)
    if call is None:
        return None
    d_i, n_i = _RECEIVERS[callee_of(call)]
    args = call_args(call)
    if n_i >= len(args):
        return None
    scale, rest = _scaled(ctx, args[n_i], func)
    if (scale if scale is not None else 1) != per:
        return None
    pointers = aliases_of(func, stripped_text(arr))
    if offset is None:
        if stripped_text(args[d_i]) not in pointers:
            return None
        limit = const_int(ctx, rest, func)
        if limit is None or limit < 0 or limit > count - 1:
            return None
    else:
        start = _start(args[d_i])
        if start is None or start[1] != offset or start[0] not in pointers:
            return None
        parsed = _minus_offset(ctx, rest, func)
        if parsed is None or parsed[1] != offset or parsed[0] != count - 1:
            return None  # the offset may exceed a smaller limit: N - len would wrap
        limit = parsed[0]
        if string_length_of(func, offset, aliases_of(func, start[0])) is None:
            return None
    check = _not_failed(ctx, got, sub, func)
    if check is None:
        return None
    after = f" after `{offset}`" if offset is not None else ""
    return [
        ctx.note(sub, f"`{text(sub)}` terminates what {callee_of(call)}() received", "sink"),
        ctx.note(call, f"{callee_of(call)}() receives at most `{text(args[n_i])}` bytes{after}", "guard"),
        check,
    ]


def _single_receive(func: Node, name: str) -> Node | None:
    """The one receive call ``name`` is ever set from (None: set otherwise, or more than once)."""
    defs = plain_definitions(func, name)
    if defs is None or len(defs) != 1:
        return None
    v = strip_expr(defs[0][1])
    return v if v.type == "call_expression" and callee_of(v) in _RECEIVERS else None


def _not_failed(ctx: Ctx, name: str, at: Node, func: Node) -> Note | None:
    """A dominating check that rules out the -1 a receive returns on error (``!= -1``,
    ``!= SOCKET_ERROR``, ``> 0``, ``>= 0``)."""
    for cond, truth, where in holding_conditions(at):
        for var, op, other in comparisons(cond, truth):
            if var != name:
                continue
            v = const_int(ctx, other, func)
            if v is None:
                continue
            if (op == "!=" and v == -1) or (op == ">" and v >= -1) or (op == ">=" and v >= 0):
                return ctx.note(where, f"`{name}` is checked not to be the error value -1", "guard")
    return None
