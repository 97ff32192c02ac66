"""Whether the visible callers of a function hand it (pointer, length) pairs that hold.

A function ``apply(val, olen)`` that copies ``olen`` bytes of ``val`` trusts its callers that
``val`` points to ``olen`` bytes: for a function other files may call, that is the contract of its
interface. When every call is visible (a ``static`` function, c_callers.visible_calls), the calls
are checked instead: ``apply(pkt + i + 2, pkt[i + 1])`` hands a length read from the input that
nothing compares with what is left of the packet, and the pair is not trusted. A call keeps the pair
when its length is a constant no larger than what its pointer is known to point into
(c_objects.room), or a constant at a constant offset of one of the caller's own pointer parameters
(the caller's interface contract, one level up); when its length is the string's own
(``strlen(s)``), or found by a search of the
string its pointer points into (``sp - line``, ``end - val`` with ``end = val + strlen(val)``); or
when the caller hands on a pair of its own: its pointer is one of its parameters, unmoved, and its
length another parameter."""

from __future__ import annotations

from itertools import pairwise

from tree_sitter import Node

from .c_caller_wrap import callers_may_wrap
from .c_callers import entry_arguments, keeps_value, unchanged_until, visible_calls
from .c_context import Ctx
from .c_objects import room
from .c_pair_reads import element_inside_own_pair, inside_own_pair
from .c_tree import (
    call_args,
    enclosing_function,
    line_of,
    param_names,
    plain_definitions,
    store_of,
    strip_expr,
    text,
    walk,
)
from .c_values import base_and_offset, const_int, sizeof_own_array
from .values import Note


def callers_pair(ctx: Ctx, func: Node, pointer: str, length: Node) -> bool:
    """Every visible call of ``func`` hands the parameters ``pointer`` and those named in
    ``length`` a pair that holds (True also when the calls are not all visible: the interface's
    contract)."""
    calls = visible_calls(ctx, func)
    if calls is None:
        return True
    params = param_names(func)
    names = [text(n) for n in walk(length) if n.type == "identifier" and text(n) in params]
    if pointer not in params or len(set(names)) != 1:
        return False
    p_i, n_i = params.index(pointer), params.index(names[0])
    outer = ctx.unbound()
    for call in calls:
        args = call_args(call)
        caller = enclosing_function(call)
        if caller is None or max(p_i, n_i) >= len(args):
            return False
        if not _holds(outer, call, args[p_i], args[n_i], caller):
            return False
    return True


def pair_read_fits(
    ctx: Ctx, call: Node, src: Node, count: Node, func: Node | None, *, verb: str = "read"
) -> Note | None:
    """A note when ``call`` reads (or writes: ``verb``) ``count`` bytes at ``src`` inside a (pointer,
    length) pair of the function's parameters (c_pair_reads), which every visible caller hands a pair
    that holds and never a difference that may have wrapped; None otherwise. The length is the
    parameter right after the pointer (the interface's convention, trusted when other files may
    call), or, when every call is seen, any other unsigned parameter that each call shows to fit
    (``xstrlcpy(dst, src, dsize)`` called with ``sizeof(e->title)``)."""
    if func is None:
        return None
    got = inside_own_pair(ctx, call, src, count, func, pairs=_pairs(ctx, func))
    if got is None or not _callers_hold(ctx, func, got):
        return None
    pointer, length, end = got
    return ctx.note(
        end,
        f"the `{text(count)}` bytes {verb} at `{text(src)}` lie inside the `{length}` bytes of `{pointer}` "
        f"(its callers' pair), as the code up to line {line_of(end)} shows",
        "guard",
    )


def pair_element_fits(ctx: Ctx, sub: Node, func: Node | None) -> Note | None:
    """A note when the element ``sub`` (``line[len - 1]``, of a byte pointer) lies inside a (pointer,
    length) pair of the function's parameters that its callers hand as :func:`pair_read_fits` says;
    None otherwise."""
    if func is None:
        return None
    got = element_inside_own_pair(ctx, sub, func, pairs=_pairs(ctx, func))
    if got is None or not _callers_hold(ctx, func, got):
        return None
    pointer, length, end = got
    return ctx.note(
        end,
        f"`{text(sub)}` lies inside the `{length}` bytes of `{pointer}` (its callers' pair), as the code "
        f"up to line {line_of(end)} shows",
        "guard",
    )


def _pairs(ctx: Ctx, func: Node) -> list[tuple[str, str]]:
    pairs = list(pairwise(param_names(func)))
    if visible_calls(ctx, func) is not None:
        params = param_names(func)
        pairs += [(p, q) for p in params for q in params if p != q and (p, q) not in pairs]
    return pairs


def _callers_hold(ctx: Ctx, func: Node, got: tuple[str, str, Node]) -> bool:
    pointer, length, _end = got
    named = next((n for n in walk(func) if n.type == "identifier" and text(n) == length), None)
    return (
        named is not None
        and callers_pair(ctx, func, pointer, named)
        and not callers_may_wrap(ctx, func, named)
    )


def _holds(ctx: Ctx, call: Node, ptr: Node, n: Node, caller: Node) -> bool:
    k = const_int(ctx, n, caller)
    got = room(ctx, ptr, caller)
    if k is not None and got is not None and 0 <= k <= got[0]:
        return True
    p, m = strip_expr(ptr), strip_expr(n)
    if _inside_by_search(ctx, p, m, caller):
        return True
    if sizeof_own_array(ctx, m, p, caller) and (
        not any(c in text(p) for c in ("->", "[", "*")) or _whole_struct_member(ctx, p, call, caller)
    ):
        return True  # `copy_to(tmp.title, s, sizeof(tmp.title))`: an array of a variable, whole
    if (
        m.type == "call_expression"
        and ctx.callee(m) in {"strlen", "strnlen"}
        and call_args(m)
        and text(strip_expr(call_args(m)[0])) == text(p)
    ):
        return True  # `store(name, argv[1], strlen(argv[1]))`: the string's own length
    params = param_names(caller)
    split = base_and_offset(ctx, p, caller)
    if (
        k is not None
        and k >= 0
        and split is not None
        and split[0].type == "identifier"
        and text(split[0]) in params
        and unchanged_until(caller, text(split[0]), call)
    ):
        return True  # `octal_field(blk + 148, 8)`: a fixed part of what the caller's own caller hands it
    if (
        p.type == "identifier"
        and text(p) in params
        and unchanged_until(caller, text(p), call)
        and m.type == "identifier"
        and text(m) in params
        and text(m) != text(p)
    ):
        return unchanged_until(caller, text(m), call)  # the caller hands on a pair of its own
    return (
        _checked_against_pair(ctx, call, p, m, caller)
        or _proven_in_pair(ctx, call, p, m, caller)
        or inside_own_pair(ctx, call, p, m, caller) is not None  # a part of its own pair, as a read
        or _each_arm_holds(ctx, call, p, m, caller)
    )


def _whole_struct_member(ctx: Ctx, p: Node, call: Node, caller: Node) -> bool:
    """``e->title`` handed with ``sizeof(e->title)``: a member array of the struct ``e`` points to,
    where ``e`` is shown to point to a whole struct (:func:`_whole`). A place inside an array of
    structs (``&tab[n]``) is never taken to be whole here: its index is not followed."""
    if p.type != "field_expression" or text(p.child_by_field_name("operator")) != "->":
        return False
    base = p.child_by_field_name("argument")
    return base is not None and _whole(ctx, strip_expr(base), call, caller, 0)


_WHOLE_DEPTH = 3
_NEW_BLOCKS = frozenset({"malloc", "calloc"})


def _whole(ctx: Ctx, e: Node, at: Node, func: Node, depth: int) -> bool:
    """``e`` points to a whole object: the address of a variable (``&req``), a new block
    (``calloc(1, sizeof(*e))``), a parameter of a function other files may call (its interface), or
    a parameter or local every value of which is one of these (followed a few steps)."""
    if depth > _WHOLE_DEPTH:
        return False
    if e.type == "pointer_expression" and text(e.child_by_field_name("operator")) == "&":
        inner = e.child_by_field_name("argument")
        return inner is not None and strip_expr(inner).type == "identifier"
    if e.type == "call_expression":
        return ctx.callee(e) in _NEW_BLOCKS
    if e.type != "identifier":
        return False
    name = text(e)
    if name in param_names(func):
        if visible_calls(ctx, func) is None:
            return keeps_value(func, name)  # an exported function: its callers hand whole structs
        handed = entry_arguments(ctx, func, name)
        outer = ctx.unbound()
        return handed is not None and all(
            (c := enclosing_function(call)) is not None and _whole(outer, strip_expr(arg), call, c, depth + 1)
            for arg, call in handed
        )
    defs = plain_definitions(func, name)
    return bool(defs) and all(_whole(ctx, strip_expr(v), d, func, depth + 1) for d, v in defs or [])


def _each_arm_holds(ctx: Ctx, call: Node, p: Node, m: Node, caller: Node) -> bool:
    """The length is a local set to a choice ``c ? a : b`` (``n = q ? (size_t)(q - p) : strlen(p)``)
    that reaches the call in every round, each arm a length that holds with the pointer, and nothing
    between the choice and the call (nor a loop around the call only) changes the pointer or what
    the arms name."""
    from .c_conditions import LOOPS, reaching_value

    if m.type != "identifier" or p.type != "identifier":
        return False
    value = reaching_value(ctx, text(m), call, caller)
    v = strip_expr(value) if value is not None else None
    holder = value.parent if value is not None else None
    if v is None or holder is None or v.type != "conditional_expression":
        return False
    arms = [v.child_by_field_name("consequence"), v.child_by_field_name("alternative")]
    names = {text(n) for n in walk(v) if n.type == "identifier"} | {text(p)}
    cur = call.parent
    while cur is not None and cur != caller:
        if cur.type in LOOPS and not cur.start_byte <= holder.start_byte < cur.end_byte:
            return False  # a later round of a loop around the call only may have moved them
        cur = cur.parent
    span = (holder.end_byte, call.start_byte)
    if any(
        span[0] <= n.start_byte
        and n.end_byte <= span[1]
        and (got := store_of(n)) is not None
        and got[1] in names
        for n in walk(caller)
    ):
        return False
    return all(a is not None and _holds(ctx, call, p, a, caller) for a in arms)


def _proven_in_pair(ctx: Ctx, call: Node, p: Node, m: Node, caller: Node) -> bool:
    """``lit(d, src + pos, count)`` in ``decode(d, src, n)`` where the checks and steps before the call
    prove ``pos + count <= n`` (``c_capacity_wp``: ``if (count > n - pos) return ...;`` with ``pos < n``
    tested by the loop and one ``pos++`` since): the pointer is the caller's own pointer parameter
    plus an offset, the length parameter the one right after it, neither changed before the call."""
    from .c_capacity import nonnegative
    from .c_capacity import prover as new_prover
    from .c_capacity_wp import Want, lin

    e = strip_expr(p)
    offset: tuple[dict[str, int], int] = ({}, 0)
    if e.type == "binary_expression" and text(e.child_by_field_name("operator")) == "+":
        got = lin(ctx, e.child_by_field_name("right"), caller)
        if got is None:
            return False
        e, offset = strip_expr(e.child_by_field_name("left") or e), got
    length = _own_pair(caller, e, call)
    if length is None:
        return False
    count = lin(ctx, m, caller)
    if count is None or any(c < 0 for c in offset[0].values()):
        return False
    prover = new_prover(ctx)
    if any(c < 0 for c in count[0].values()) and not (
        all(nonnegative(ctx, v, call, caller) for v in count[0]) and prover.no_wrap(count, call, caller)
    ):
        return False  # `n - pos` only where `pos <= n` is shown there
    small = (dict(offset[0]), offset[1] + count[1])
    for v, c in count[0].items():
        small[0][v] = small[0].get(v, 0) + c
    small = ({v: c for v, c in small[0].items() if c}, small[1])
    want = Want(small, ({length: 1}, 0))
    return prover.evident(want, call, caller) or prover.holds(want, call, caller) is not None


def _own_pair(caller: Node, base: Node, call: Node) -> str | None:
    """The length parameter right after the caller's pointer parameter ``base`` (``parse(p, len)``),
    when neither changes before ``call``; None otherwise."""
    params = param_names(caller)
    if base.type != "identifier" or text(base) not in params:
        return None
    i = params.index(text(base))
    if i + 1 >= len(params) or not unchanged_until(caller, text(base), call):
        return None
    length = params[i + 1]
    return length if unchanged_until(caller, length, call) else None


def _checked_against_pair(ctx: Ctx, call: Node, p: Node, m: Node, caller: Node) -> bool:
    """``apply(p + 2, rlen - 2)`` in ``parse(p, len)`` under ``rlen <= len``: the pointer is the
    caller's own pointer parameter (at a constant offset ``K``), and the length is ``X + c`` (or a
    local whose one definition is that) with a check holding at the call that keeps ``X`` at most
    the parameter right after the pointer (``f(p, len)``), with ``K + c <= 0``."""
    from .c_conditions import comparisons, holding_conditions
    from .c_tree import plain_definitions

    split = base_and_offset(ctx, p, caller)
    if split is None:
        return False
    base, k = split
    length = _own_pair(caller, base, call)
    if length is None:
        return False
    e = m
    if e.type == "identifier":
        defs = plain_definitions(caller, text(e))
        if not defs or len(defs) != 1 or defs[0][0].end_byte > call.start_byte:
            return False  # (plain_definitions: None when the local changes in other ways)
        e = strip_expr(defs[0][1])
    x, c = e, 0
    if e.type == "binary_expression" and text(e.child_by_field_name("operator")) in {"+", "-"}:
        left, right = e.child_by_field_name("left"), e.child_by_field_name("right")
        got = const_int(ctx, right, caller) if right is not None else None
        if left is None or got is None:
            return False
        x, c = strip_expr(left), got if text(e.child_by_field_name("operator")) == "+" else -got
    if x.type != "identifier" or k + c > 0:
        return False
    for cond, truth, _w in holding_conditions(call):
        for var, op, other in comparisons(cond, truth):
            if var == text(x) and op in {"<=", "<"} and text(strip_expr(other)) == length:
                return True
    return False


def _inside_by_search(ctx: Ctx, p: Node, m: Node, caller: Node) -> bool:
    """``(line, sp - line)`` with ``sp`` a search result of ``line``, ``(s + 1, q - s - 1)`` with
    ``q`` found from ``s + 1``, or ``(val, end - val)`` with ``end`` only ever ``val + strlen(val)``
    trimmed while ``end > val``: the length ends inside what the pointer points into."""
    from .c_caller_wrap import found_after
    from .c_cursor import end_never_below
    from .c_tree import squash

    if m.type != "binary_expression" or text(m.child_by_field_name("operator")) != "-":
        return False
    left, right = m.child_by_field_name("left"), m.child_by_field_name("right")
    if left is None or right is None:
        return False
    start = squash(text(p))
    if squash(text(strip_expr(right))) == start:
        a = strip_expr(left)
        if found_after(ctx, a, start, caller):
            return True
        return p.type == a.type == "identifier" and end_never_below(ctx, text(a), text(p), caller)
    inner = strip_expr(left)
    k = const_int(ctx, right, caller)
    if inner.type == "binary_expression" and text(inner.child_by_field_name("operator")) == "-" and k:
        q, s = inner.child_by_field_name("left"), inner.child_by_field_name("right")
        if q is not None and s is not None and start == f"{squash(text(strip_expr(s)))}+{k}":
            return found_after(ctx, q, start, caller)
    return False
