"""A string built by ``strcpy``/``strcat`` calls after one check of all the lengths together.

``if (strlen(prefix) + strlen(path) >= sizeof(member)) return -1; strcpy(member, prefix);
strcat(member, path);`` or ``if (strlen(expr) + strlen(argv[i]) + 2 > sizeof(expr)) return 2;
strcat(expr, argv[i]); strcat(expr, " ");``. The check is a sum ``T`` of string lengths
(``strlen(x)``, or a local only set to one) and constants compared with the destination's size ``S``
(``sizeof(dst)`` of an array, or a constant no larger than what ``dst`` holds). From the check to the
copy being judged, the destination is only restarted by ``strcpy(dst, x)`` or grown by
``strcat(dst, y)`` (a literal adds its length); every string copied in this way must be one whose
length ``T`` counted (each counted once; ``strlen(dst)`` stands for what ``dst`` held at the check,
when nothing restarted it), and the literals and the terminator must fit in ``T``'s constant.
Then what ``dst`` holds after the copy, terminator included, is at most ``T`` (``T < S``) or ``T``
plus one (``T <= S`` needs one more byte of constant). The check must hold where the copy runs with
the same strings (no write into a counted string in between), and the copies may not repeat in a
loop the check is outside of."""

from __future__ import annotations

from collections import Counter

from tree_sitter import Node

from .c_caller_pairs import callers_pair
from .c_caller_wrap import callers_may_wrap
from .c_callers import keeps_value
from .c_conditions import FLIP, LOOPS, NEG, atoms, holding_conditions
from .c_context import Ctx
from .c_lengths import string_length_of
from .c_objects import writable
from .c_symbolic_fit import is_array, unchanged_between
from .c_tree import (
    call_args,
    param_names,
    plain_definitions,
    pointer_base,
    squash,
    store_target,
    strip_expr,
    text,
    walk,
)
from .c_values import const_int, const_string
from .values import Note

_RESTARTS = frozenset({"strcpy"})
_GROWS = frozenset({"strcat"})
_MEASURES = frozenset({"strlen", "strnlen"})


def chain_fits(ctx: Ctx, call: Node, func: Node | None) -> Note | None:
    """A note when a check of the lengths together covers the string ``call`` leaves in its
    destination (a ``strcpy`` or ``strcat``)."""
    name = ctx.callee(call)
    args = call_args(call)
    if func is None or name not in _RESTARTS | _GROWS or len(args) < 2:
        return None
    dst = args[0]
    d = squash(text(strip_expr(dst)))
    for cond, truth, where in holding_conditions(call):
        for a, t in atoms(cond, truth):
            for total, op, size in _facts(a, t):
                if not _size_of(ctx, size, dst, func):
                    continue
                since: list[Node] = []
                terms = _sum(ctx, total, func, since, cond)
                if terms is None:
                    continue
                start = min([cond, *since], key=lambda x: x.start_byte)
                if _covered(ctx, call, dst, d, (cond, start), terms, strict=op == "<", func=func):
                    z = strip_expr(size)
                    handed = (
                        f" `{text(z)}`, which every call of this function hands with `{text(dst)}`"
                        if z.type == "identifier" and text(z) in param_names(func)
                        else ""
                    )
                    return ctx.note(
                        where,
                        f"the check at line {where.start_point[0] + 1} counts every string copied into "
                        f"`{text(dst)}` since, and its terminator, within its size{handed}",
                        "guard",
                    )
    return None


def _facts(a: Node, t: bool) -> list[tuple[Node, str, Node]]:
    """``(total, op, size)`` with op ``<`` or ``<=`` that the atom ``a`` holding as ``t`` says."""
    if a.type != "binary_expression":
        return []
    op = text(a.child_by_field_name("operator"))
    left, right = a.child_by_field_name("left"), a.child_by_field_name("right")
    if op not in FLIP or left is None or right is None:
        return []
    if not t:
        op = NEG[op]
    out: list[tuple[Node, str, Node]] = []
    if op in {"<", "<="}:
        out.append((left, op, right))
    if FLIP[op] in {"<", "<="}:
        out.append((right, FLIP[op], left))
    return out


def _size_of(ctx: Ctx, size: Node, dst: Node, func: Node) -> bool:
    """``size`` is what ``dst`` holds: ``sizeof`` of the array, a constant no larger, or the size
    parameter of a (pointer, size) pair of parameters whose every call hands a pair that holds
    (c_caller_pairs; for a function other files may call, the interface's contract)."""
    s = squash(text(strip_expr(size)))
    d = squash(text(strip_expr(dst)))
    if s in {f"sizeof({d})", f"sizeof{d}"}:
        return is_array(ctx, dst, func)
    params = param_names(func)
    z = strip_expr(size)
    if z.type == "identifier" and s in params and d in params and s != d:
        return (
            keeps_value(func, d)
            and keeps_value(func, s)
            and callers_pair(ctx, func, d, z)
            and not callers_may_wrap(ctx, func, z)
        )
    k = const_int(ctx, size, func)
    room = writable(ctx, strip_expr(dst), func)
    return k is not None and room is not None and 0 < k <= room


def _sum(
    ctx: Ctx, e: Node, func: Node, since: list[Node], check: Node, *, depth: int = 0
) -> tuple[Counter[str], int] | None:
    """The strings whose lengths ``e`` adds up, and its constant part (None: another term). A local
    stored once, before the ``check``, stands for the sum it holds (``need = strlen(dir) + 1 +
    strlen(name) + 1``); its store is added to ``since``: the strings it measures must be unchanged
    from there."""
    x = strip_expr(e)
    if x.type == "binary_expression" and text(x.child_by_field_name("operator")) == "+":
        left, right = x.child_by_field_name("left"), x.child_by_field_name("right")
        a = _sum(ctx, left, func, since, check, depth=depth) if left is not None else None
        b = _sum(ctx, right, func, since, check, depth=depth) if right is not None else None
        if a is None or b is None:
            return None
        return a[0] + b[0], a[1] + b[1]
    k = const_int(ctx, x, func)
    if k is not None:
        return (Counter(), k) if k >= 0 else None
    if x.type == "call_expression" and ctx.callee(x) == "strlen" and call_args(x):
        return Counter([squash(text(strip_expr(call_args(x)[0])))]), 0
    if x.type == "identifier":
        first = string_length_of(func, text(x), None)
        if first is not None:
            value = strip_expr(first)
            arg = call_args(value)[0] if value.type == "call_expression" and call_args(value) else None
            if arg is not None:
                return Counter([squash(text(strip_expr(arg)))]), 0
        defs = plain_definitions(func, text(x)) if depth < 2 else None
        if (
            defs
            and len(defs) == 1
            and defs[0][0].end_byte <= check.start_byte
            and _kept_until(ctx, func, defs[0], check)
        ):
            got = _sum(ctx, defs[0][1], func, since, check, depth=depth + 1)
            if got is not None:
                since.append(defs[0][0])
            return got
    return None


def _kept_until(ctx: Ctx, func: Node, definition: tuple[Node, Node], check: Node) -> bool:
    """Every string the stored sum measures is unchanged from the store to the check (the length
    stored is still its length there)."""
    store, value = definition
    return all(
        unchanged_between(ctx, func, store, check, call_args(m)[0])
        for m in walk(value)
        if m.type == "call_expression" and ctx.callee(m) in _MEASURES and call_args(m)
    )


def _covered(  # noqa: PLR0917
    ctx: Ctx,
    call: Node,
    dst: Node,
    d: str,
    checked: tuple[Node, Node],
    terms: tuple[Counter[str], int],
    strict: bool,
    func: Node,
) -> bool:
    cond, since = checked  # the check, and where the strings it counts were first measured
    counted, budget = Counter(terms[0]), terms[1] + (1 if strict else 0)
    loop = _innermost_loop(cond, func)
    base = pointer_base(dst)
    started = False  # restarted by a strcpy since the check
    copies: list[tuple[str, Node]] = []
    for n in walk(func):
        if n.start_byte < cond.end_byte or n.end_byte > call.end_byte:
            continue
        if n.type != "call_expression":
            if n != call and _stores_into(n, base):
                return False
            continue
        args = call_args(n)
        into = bool(args) and squash(text(strip_expr(args[0]))) == d
        if into and ctx.callee(n) in _MEASURES:
            continue  # `out[strlen(out) - 1]`: read, not written
        if not into:
            if any(pointer_base(x) == base for x in args) and ctx.callee(n) not in {
                "strlen",
                "printf",
                "puts",
            }:
                return False
            continue
        if ctx.callee(n) not in _RESTARTS | _GROWS or len(args) < 2 or _innermost_loop(n, func) != loop:
            return False
        if ctx.callee(n) in _RESTARTS:
            started = True
            counted, budget = Counter(terms[0]), terms[1] + (1 if strict else 0)
            copies = []
        copies.append((ctx.callee(n), args[1]))
    if not started:
        if counted[d] < 1:
            return False
        counted[d] -= 1
    for _callee, src in copies:
        lit = const_string(ctx, src, func)
        if lit is not None:
            budget -= len(lit[0])
            continue
        key = squash(text(strip_expr(src)))
        if counted[key] < 1 or not unchanged_between(ctx, func, since, call, src):
            return False
        counted[key] -= 1
    return budget >= 1  # the terminator


def _stores_into(n: Node, base: str) -> bool:
    """``n`` stores through ``base`` (``base[i] = c``, ``*base = c``) or moves ``base`` itself."""
    target = store_target(n)
    t = strip_expr(target) if target is not None else None
    if t is None:
        return False
    if t.type in {"subscript_expression", "pointer_expression"}:
        inner = t.child_by_field_name("argument")
        return inner is not None and pointer_base(inner) == base
    return squash(text(t)) == base  # the pointer itself moved


def _innermost_loop(node: Node, func: Node) -> Node | None:
    cur = node.parent
    while cur is not None and cur != func:
        if cur.type in LOOPS:
            return cur
        cur = cur.parent
    return None
