"""What the callers of a function hand its pointer parameters, when all its calls are visible.

A length a caller hands a (pointer, length) pair may have wrapped below zero.

``config_apply(cfg, p + HDR, rlen - HDR)`` with ``rlen`` read from the input: when ``rlen < HDR``
the unsigned difference is huge, and a callee that trusts its pair (reads ``vlen`` bytes of ``val``)
reads far past the input. Where every call of the callee is visible, each length argument (or the
local it is held in) that subtracts must do so under a check that the first operand is at least the
second (``if (rlen < HDR) return -1;``); otherwise the pair is not trusted."""

from __future__ import annotations

from tree_sitter import Node

from .c_callers import visible_calls
from .c_conditions import comparisons, holding_conditions, reaching_value
from .c_context import Ctx
from .c_cursor import end_never_below
from .c_spec import STRING_SEARCHES
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
from .values import Note


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
        if left is None or right is None:
            return True
        if _found_after(ctx, left, right, func):
            return False  # `q - s` with q what a search of s found: never below s
        inner = strip_expr(left)
        if inner.type == "binary_expression" and text(inner.child_by_field_name("operator")) == "-":
            q, s = inner.child_by_field_name("left"), inner.child_by_field_name("right")
            if q is not None and s is not None:  # `q - s - k` with q found from `s + k`
                start = f"{squash(text(strip_expr(s)))}+{squash(text(strip_expr(right)))}"
                if _found_after(ctx, q, start, func):
                    return False
        q, b = strip_expr(left), strip_expr(right)
        if q.type == b.type == "identifier" and end_never_below(ctx, text(q), text(b), func):
            return False  # `end - val` with end = val + strlen(val), trimmed only while end > val
        return not _at_least(e, squash(text(left)), squash(text(right)), at) and not _shown_no_wrap(
            ctx, e, at, func
        )
    if e.type == "conditional_expression":  # `q ? (size_t)(q - p) : strlen(p)`: either arm
        arms = [e.child_by_field_name("consequence"), e.child_by_field_name("alternative")]
        return any(a is None or _may_wrap(ctx, a, at, func, depth + 1) for a in arms)
    if e.type == "identifier":
        defs = plain_definitions(func, text(e))
        if defs is None:
            return False  # changed in other ways: not a difference the analyst can see (as before)
        reaching = reaching_value(ctx, text(e), at, func)
        if reaching is not None and reaching.parent is not None:
            return _may_wrap(ctx, reaching, reaching.parent, func, depth + 1)  # the one store that reaches
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


def _found_after(ctx: Ctx, found: Node, start: Node | str, func: Node) -> bool:
    """``found`` is a pointer only ever set to what a search starting at ``start`` returned
    (``sp2 = memchr(sp1 + 1, ' ', n)``, then ``sp2 - (sp1 + 1)``): at or after ``start`` when not
    NULL (and a NULL result minus ``start`` is no length anyone copies with)."""
    f = strip_expr(found)
    if f.type != "identifier":
        return False
    defs = plain_definitions(func, text(f))
    want = start if isinstance(start, str) else squash(text(strip_expr(start)))
    return bool(defs) and all(
        (v := strip_expr(value)).type == "call_expression"
        and ctx.callee(v) in STRING_SEARCHES | {"memchr", "memmem"}
        and bool(call_args(v))
        and squash(text(strip_expr(call_args(v)[0]))) == want
        for _d, value in defs or []
    )


def found_after(ctx: Ctx, found: Node, start: Node | str, func: Node) -> bool:
    """Public :func:`_found_after`: ``found`` is only ever a search result starting at ``start``."""
    return _found_after(ctx, found, start, func)


def callers_hand_enough(ctx: Ctx, src: Node, n: int, func: Node | None) -> Note | None:
    """A note when ``src`` is a parameter ``p`` (or ``p + k``, ``k`` constant) and every visible call
    hands ``p`` an object with at least ``k + n`` bytes from where it points: reading ``n`` bytes at
    ``src`` stays inside (``parse_header(blk)`` with ``unsigned char blk[512]``, reading 155 bytes
    at ``blk + 345``)."""
    from .c_callers import keeps_value
    from .c_objects import writable
    from .c_values import const_int

    if func is None:
        return None
    s = strip_expr(src)
    offset = 0
    if s.type == "binary_expression" and text(s.child_by_field_name("operator")) == "+":
        k = const_int(ctx, s.child_by_field_name("right"), func)
        if k is None or k < 0:
            return None
        offset, s = k, strip_expr(s.child_by_field_name("left") or s)
    params = param_names(func)
    if s.type != "identifier" or text(s) not in params or not keeps_value(func, text(s)):
        return None
    calls = visible_calls(ctx, func)
    if not calls:
        return None
    pos = params.index(text(s))
    outer = ctx.unbound()
    shown: list[str] = []
    for call in calls:
        args = call_args(call)
        caller = enclosing_function(call)
        room = writable(outer, strip_expr(args[pos]), caller) if pos < len(args) else None
        if room is None or room < offset + n:
            return None
        shown.append(f"line {call.start_point[0] + 1}: {room} bytes")
    return ctx.note(
        src,
        f"reads {n} bytes {f'{offset} bytes into' if offset else 'from the start of'} `{text(s)}`, and every "
        f"call hands it at least {offset + n} ({'; '.join(shown[:3])})",
        "guard",
    )


def callers_room(ctx: Ctx, dst: Node, func: Node | None) -> tuple[int, Note] | None:
    """The fewest bytes any visible call hands the pointer parameter ``dst`` (never changed in the
    function), with a note saying so; None when ``dst`` is no such parameter or a call's object is
    not known."""
    from .c_callers import keeps_value
    from .c_objects import writable

    d = strip_expr(dst)
    if func is None or d.type != "identifier":
        return None
    params = param_names(func)
    if text(d) not in params or not keeps_value(func, text(d)):
        return None
    calls = visible_calls(ctx, func)
    if not calls:
        return None
    pos = params.index(text(d))
    outer = ctx.unbound()
    rooms: list[tuple[int, int]] = []
    for call in calls:
        args = call_args(call)
        caller = enclosing_function(call)
        room = writable(outer, strip_expr(args[pos]), caller) if pos < len(args) else None
        if room is None:
            return None
        rooms.append((room, call.start_point[0] + 1))
    least = min(r for r, _line in rooms)
    shown = "; ".join(f"line {line}: {room}" for room, line in rooms[:3])
    return least, ctx.note(dst, f"every call hands `{text(d)}` at least {least} bytes ({shown})", "guard")


def _shown_no_wrap(ctx: Ctx, e: Node, at: Node, func: Node) -> bool:
    """The checks and stores before ``at`` show the difference ``e`` of unsigned parts is not below 0
    (``n - pos`` after ``if (pos >= n) return ...; pos++;``), by the backward prover."""
    from .c_capacity import nonnegative, prover
    from .c_capacity_wp import lin

    value = lin(ctx, e, func)
    if value is None or not all(nonnegative(ctx, v, at, func) for v in value[0]):
        return False
    return prover(ctx).no_wrap(value, at, func)
