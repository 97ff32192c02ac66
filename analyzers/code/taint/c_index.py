"""Array indexes (CWE-119/787): an index checked against both ends of its array, by constants,
dominating checks, clamps, loop counters that only count up, string lengths inside their own array
and what a receive call wrote."""

from __future__ import annotations

import re

from tree_sitter import Node

from .c_callers import keeps_value
from .c_conditions import comparisons, holding_conditions
from .c_context import Ctx, keep
from .c_counter_bound import counter_range
from .c_measured_index import measured_index
from .c_member_base import member_base_held
from .c_objects import elem_of, writable
from .c_overflow import combine, interval
from .c_pair_write import (
    add,
    cannot_wrap,
    checked_counter_max,
    checked_extent,
    counting_floor,
    linear_of,
    straight_start,
)
from .c_paths import bound_value, cannot_be_negative, upper_bound
from .c_roomleft import received_index, string_length_index
from .c_spec import TYPE_RANGE
from .c_tree import (
    call_args,
    callee_of,
    enclosing_function,
    squash,
    strip_expr,
    stripped_text,
    text,
    walk,
)
from .c_values import array_count, array_elem_size, const_int, dst_size, int_text, sizeof_own_array
from .outcome import Outcome
from .values import Note


def index_safe(ctx: Ctx, sub: Node) -> list[Note] | Outcome:
    func = enclosing_function(sub)
    arr = sub.child_by_field_name("argument")
    idx = sub.child_by_field_name("index")
    if arr is None or idx is None:
        return keep(ctx, sub, "array access not understood", "unchecked index")
    name = text(strip_expr(arr))
    held = member_base_held(ctx, arr, sub, func, index_safe)
    if held is not None:
        return held
    size = writable(ctx, arr, func)
    d = strip_expr(arr)
    declared = (  # one element of a declared array (`char *names[4]`: a pointer, not a char)
        array_elem_size(text(d), func, ctx.parsed.tree.root_node)
        if d.type == "identifier"
        else array_elem_size(text(d.child_by_field_name("field") or d), None, ctx.parsed.tree.root_node)
        if d.type == "field_expression"
        else None
    )
    known = declared or elem_of(ctx, name.split("->")[-1].split(".")[-1], func)
    count = None
    if strip_expr(arr).type in {"identifier", "field_expression"}:
        d = strip_expr(arr)
        field = d.child_by_field_name("field") if d.type == "field_expression" else None
        count = array_count(  # its declared elements (`const char *names[] = {...}`: pointers, not bytes)
            ctx, text(field) if field is not None else text(d), func if field is None else None
        )
    if count is None and known is not None:
        count = size // known if size is not None else None
    sink = ctx.note(sub, f"`{text(sub)}` indexes `{name}`", "sink")
    v = const_int(ctx, idx, func)
    if v is not None and count is not None and 0 <= v < count:
        return [sink, ctx.note(idx, f"index {v} is inside `{name}` ({count} elements)", "constant")]
    i = strip_expr(idx)
    if count is not None and i.type == "call_expression" and callee_of(i) in {"strlen", "strcspn", "strnlen"}:
        first = call_args(i)[0] if call_args(i) else None
        if first is not None and text(strip_expr(first)) == name and dst_size(ctx, arr, func) is not None:
            return [
                sink,
                ctx.note(idx, f"a string's length inside its own buffer `{name}` is below its size", "guard"),
            ]
    if count is not None and func is not None:
        measured = string_length_index(ctx, idx, arr, count, func)
        if measured is not None:
            return [sink, measured]
        received = received_index(ctx, sub, arr, count, func)
        if received is not None:
            return received
    if count is not None:
        lo, hi = index_range(ctx, idx, sub, func)
        shifted = _offset_bound(ctx, idx, sub, func) if func is not None else None
        if shifted is not None and (hi is None or shifted < hi):
            hi = shifted
        if lo is not None and hi is not None and lo >= 0 and hi < count:
            return [
                sink,
                ctx.note(idx, f"`{text(idx)}` stays between {lo} and {hi} ({count} elements)", "guard"),
            ]
        for cond, truth, where in holding_conditions(sub):
            for var, op, other in comparisons(cond, truth):
                if (
                    var == text(strip_expr(idx))
                    and op == "<"
                    and sizeof_own_array(ctx, other, arr, func)
                    and known == 1  # bytes: sizeof counts elements only of a byte array
                    and lo is not None
                    and lo >= 0
                ):
                    return [sink, ctx.note(where, f"`{var}` is checked against sizeof({name})", "guard")]
    if count is not None and func is not None:
        lo, hi = index_range(ctx, idx, sub, func)
        if (hi is not None and hi >= count) or (lo is not None and lo < 0):
            reach = hi if hi is not None and hi >= count else lo
            return keep(
                ctx,
                sub,
                f"index `{text(idx)}` may be {reach} here, outside `{name}` "
                f"({count} elements, 0 to {count - 1})",
                "index out of bounds",
            )
    measured = measured_index(ctx, idx, arr, func) if func is not None else None
    if measured is not None:
        return [sink, measured]
    read = strip_expr(_value_read(idx))
    counted = counter_range(ctx, text(read), sub, func) if read.type == "identifier" and func else None
    if counted is not None and count is not None and counted[1] < count:
        why = (
            f"`{text(read)}` starts from 0 and only counts up by one under a check: it stays between 0 "
            f"and {counted[1]} here ({count} elements)"
        )
        return [sink, ctx.note(idx, why, "guard")]
    if func is not None and known == 1:
        at = linear_of(ctx, _value_read(idx), func)
        checked = checked_extent(ctx, sub, arr, add(at, ({}, 1)), func) if at is not None else None
        if checked is not None:
            return [sink, checked]
    if func is not None and known == 1:
        from .c_caller_pairs import pair_element_fits

        paired = pair_element_fits(ctx, sub, func)  # `while (len > 0 && line[len - 1] == '\n') len--;`
        if paired is not None:
            return [sink, paired]
    return keep(
        ctx, sub, f"index `{text(idx)}` is not checked against both ends of `{name}`", "unchecked index"
    )


def _offset_bound(ctx: Ctx, idx: Node, at: Node, func: Node) -> int | None:
    """The largest value of the index variable ``o`` from a check of ``o + k`` holding at ``at``
    (``if (o + 1 >= sizeof(out)) return -1; out[o++] = c;``), when ``o + k`` cannot wrap."""
    i = strip_expr(_value_read(idx))
    if i.type != "identifier":
        return None
    name = text(i)
    best: int | None = None
    for cond, truth, where in holding_conditions(at):
        for var, op, other in comparisons(cond, truth):
            m = re.fullmatch(rf"(?:{re.escape(name)}\+(\w+)|(\w+)\+{re.escape(name)})", squash(var))
            if m is None or op not in {"<", "<="}:
                continue
            k = _constant(ctx, m.group(1) or m.group(2), func)
            v = bound_value(ctx, other, func)
            if k is None or k < 0 or v is None or not cannot_wrap(ctx, name, where, func):
                continue
            top = v - k - (1 if op == "<" else 0)
            best = top if best is None else min(best, top)
    return best


def after_counting_loop(ctx: Ctx, name: str, at: Node, func: Node) -> int | None:
    """``i`` right after ``for (i = 0; i < n && i < K; i++)`` that is the statement before ``at``'s
    (nothing in between changes ``i``): ``i <= K``. The loop's condition holds ``i < K`` whenever it
    runs another round, each round adds one, and nothing else in it changes ``i``: it leaves with
    ``i`` at most ``K`` (a ``break`` leaves earlier, with less)."""
    from .c_conditions import atoms

    stmt = at
    while stmt.parent is not None and stmt.parent.type not in {"compound_statement", "case_statement"}:
        if stmt.parent == func:
            return None
        stmt = stmt.parent
    block = stmt.parent
    if block is None:
        return None
    siblings = [c for c in block.named_children if c.type != "comment"]
    pos = next((k for k, c in enumerate(siblings) if c == stmt), None)
    if not pos:
        return None
    loop = siblings[pos - 1]
    if loop.type != "for_statement":
        return None
    init, cond, update = (loop.child_by_field_name(f) for f in ("initializer", "condition", "update"))
    body = loop.child_by_field_name("body")
    if cond is None or update is None or body is None:
        return None
    if squash(text(update)) not in {f"{name}++", f"++{name}", f"{name}+=1"}:
        return None
    if not keeps_value(body, name) or (init is not None and not _starts_low(ctx, init, name, func)):
        return None
    if init is None:
        return None
    best: int | None = None
    for a, t in atoms(cond, True):
        for var, op, other in comparisons(a, t):
            if squash(var) == name and op in {"<", "<="}:
                k = bound_value(ctx, other, func)
                if k is not None:
                    top = k if op == "<" else k + 1
                    best = top if best is None else min(best, top)
    return best


def _starts_low(ctx: Ctx, init: Node, name: str, func: Node) -> bool:
    """The loop's initialiser sets ``name`` to a non-negative constant (``i = 0``)."""
    e = strip_expr(init)
    if e.type == "assignment_expression" and stripped_text(e.child_by_field_name("left")) == name:
        v = const_int(ctx, e.child_by_field_name("right"), func)
        return v is not None and v >= 0
    return False


def _constant(ctx: Ctx, spelled: str, func: Node) -> int | None:
    """A decimal number or a macro's value."""
    if spelled.isdigit():
        return int(spelled)
    macro = ctx.macro(spelled)
    return int_text(ctx, macro, func, 0) if macro is not None else None


def index_range(ctx: Ctx, idx: Node, at: Node, func: Node | None) -> tuple[int | None, int | None]:
    """The range of an index at ``at``: dominating checks, clamps, its type, and loop counters that
    start at a non-negative constant and only count up. A postfix ``n++`` / ``n--`` indexes with the
    value ``n`` has before it changes."""
    idx = _value_read(idx)
    cast = idx
    while cast.type == "parenthesized_expression" and cast.named_children:
        cast = cast.named_children[0]
    if cast.type == "cast_expression":  # `(unsigned char)c`: the range of the converted value
        got = _bit_range(ctx, cast, at, func)
        return got if got is not None else (None, None)
    lo, hi = interval(ctx, idx, at, func)
    bound = upper_bound(ctx, idx, at, func)
    if bound is not None and (hi is None or bound[0] < hi):
        hi = bound[0]
    i = strip_expr(idx)
    if i.type == "identifier" and func is not None and hi is None:
        from .c_clamp import max_length

        hi = max_length(ctx, i, at, func)  # `n = len < K ? len : K;`, or each definition bounded where made
    if i.type == "identifier" and func is not None and (lo is None or lo < 0):
        from .c_clamp import param_constants

        handed = param_constants(ctx, text(i), func)  # `buf[width] = '\0'` with constants at every call
        lo = min(handed) if handed else lo
    if (lo is None or lo < 0) and i.type == "identifier" and func is not None:
        floor = counting_floor(ctx, text(i), func)  # a signed counter that starts at 0, only counted up
        lo = floor if floor is not None and (lo is None or floor > lo) else lo
    if i.type == "identifier" and func is not None and (lo is None or hi is None):
        start = straight_start(ctx, text(i), at, func)  # `int n = 0; ... a[n++] = x;` before any loop
        if start is not None:
            lo, hi = start, start
    if i.type == "identifier" and func is not None:
        grown = checked_counter_max(ctx, text(i), func)  # only grown under checks that bound it
        hi = grown if hi is None or (grown is not None and grown < hi) else hi
        after = after_counting_loop(ctx, text(i), at, func)
        hi = after if hi is None or (after is not None and after < hi) else hi
    if lo is None and i.type == "field_expression" and cannot_be_negative(ctx, i, at, func):
        lo = 0
    op = text(i.child_by_field_name("operator")) if i.type == "binary_expression" else ""
    left, right = i.child_by_field_name("left"), i.child_by_field_name("right")
    if (lo is None or hi is None) and op in {"&", ">>", "%"}:
        bits = _bit_range(ctx, i, at, func)  # `types[(m >> 12) & 0xf]`, `set[c >> 3]`
        if bits is not None:
            lo = bits[0] if lo is None else max(lo, bits[0])
            hi = bits[1] if hi is None else min(hi, bits[1])
    if (
        op in {"+", "-", "*"}
        and left is not None
        and right is not None
        and (lo is None or hi is None)
        and not any(n.type == "cast_expression" for n in walk(idx))  # a narrowing cast may wrap
    ):
        # `2 * i + 1` with i in [0, 7]: [1, 15] (exact: both ranges are bounded, nothing wraps)
        low, high = combine(op, index_range(ctx, left, at, func), index_range(ctx, right, at, func))
        lo = low if lo is None else lo if low is None else max(lo, low)
        hi = high if hi is None else hi if high is None else min(hi, high)
    return lo, hi


def _bit_range(ctx: Ctx, i: Node, at: Node, func: Node | None) -> tuple[int, int] | None:
    """The range of a mask, shift, remainder or cast: ``e & K`` with a constant ``K >= 0`` lies in
    [0, K] whatever ``e`` is; ``e >> s`` and ``e % K`` (``K > 0``) of an ``e`` known to be at least 0
    lie in [lo >> s, hi >> s] and [0, K - 1]; a cast to a type of known range, in that range (or the
    range of its operand, when that fits the type)."""
    if i.type == "cast_expression":
        typ = i.child_by_field_name("type")
        cast = TYPE_RANGE.get(" ".join(text(typ).split())) if typ is not None else None
        inner = i.child_by_field_name("value")
        lo, hi = index_range(ctx, inner, at, func) if inner is not None else (None, None)
        fits = cast or (0, 127)  # a type of unknown range holds at least 0 to 127
        if lo is not None and hi is not None and fits[0] <= lo and hi <= fits[1]:
            return lo, hi  # the value fits the type: the cast keeps it
        return cast
    op = text(i.child_by_field_name("operator"))
    left, right = i.child_by_field_name("left"), i.child_by_field_name("right")
    if left is None or right is None:
        return None
    if op == "&":
        masks = [
            k for k in (const_int(ctx, left, func), const_int(ctx, right, func)) if k is not None and k >= 0
        ]
        return (0, min(masks)) if masks else None
    k = const_int(ctx, right, func)
    if k is None:
        return None
    lo, hi = index_range(ctx, left, at, func)
    if lo is None or lo < 0:
        return None
    if op == ">>" and 0 <= k < 64 and hi is not None:
        return lo >> k, hi >> k
    if op == "%" and k > 0:
        return 0, k - 1 if hi is None else min(k - 1, hi)
    return None


def _value_read(idx: Node) -> Node:
    """The variable a postfix ``n++`` / ``n--`` index reads (its value before it changes)."""
    post = strip_expr(idx)
    arg = post.child_by_field_name("argument") if post.type == "update_expression" else None
    return arg if arg is not None and post.start_byte == arg.start_byte else idx
