"""How many characters an integer conversion prints (``%u``, ``%02x``, ``%hhu``...), from the value
range of its argument: a constant, checks that dominate the call, or the declared type of a variable,
a member (every member of that name in the file declared with one type) or an array element.

Printed widths follow C's rules: ``%d`` prints the value as an ``int`` (a value outside that range
is not bounded here), ``%u``/``%x``/``%o`` as an ``unsigned int`` (a negative value prints as a
large one: not bounded here), ``hh``/``h`` convert to ``char``/``short`` first. A cast keeps the
range of what it converts only when that range fits the cast's type."""

from __future__ import annotations

from tree_sitter import Node

from .c_context import Ctx
from .c_overflow import interval
from .c_spec import INT32, INT64, TYPE_RANGE, UINT32, UINT64
from .c_tree import call_args, strip_expr, text, walk
from .c_values import const_int, declared_type

_LENGTHS = {"hh": ((-128, 127), (0, 255)), "h": ((-32768, 32767), (0, 65535))}
_WIDE = {"l", "ll", "j", "z", "t"}
_ABS_RANGE = {"abs": INT32, "labs": INT64, "llabs": INT64, "imaxabs": INT64}


def int_width(
    ctx: Ctx, arg: Node, conv: str, length: str | None, *, at: Node, func: Node | None
) -> int | None:
    """The most characters ``%<length><conv>`` prints for ``arg`` at ``at`` (no field width), or
    None when its value range is not known to fit what the conversion reads."""
    r = value_range(ctx, arg, at, func)
    if r is None:
        return None
    lo, hi = r
    signed = conv in "di"
    if length in _LENGTHS:
        narrow = _LENGTHS[length][0 if signed else 1]
        if not (narrow[0] <= lo and hi <= narrow[1]):
            lo, hi = narrow  # converted to char or short first: any value of that type
    else:
        limits = (INT64 if signed else UINT64) if length in _WIDE else (INT32 if signed else UINT32)
        if lo < limits[0] or hi > limits[1]:
            return None
    if signed:
        return max(len(str(lo)), len(str(hi)))
    base = {"u": 10, "o": 8}.get(conv, 16)
    return len(_digits(hi, base))


def _digits(v: int, base: int) -> str:
    if base == 10:
        return str(v)
    return format(v, "o" if base == 8 else "x")


def value_range(ctx: Ctx, arg: Node, at: Node, func: Node | None) -> tuple[int, int] | None:
    """The range of an integer expression at ``at``, when both ends are known."""
    e = arg
    while e.type == "parenthesized_expression" and e.named_children:
        e = e.named_children[0]
    if e.type == "cast_expression":
        inner = e.child_by_field_name("value")
        typ = " ".join(text(e.child_by_field_name("type")).split())
        cast = TYPE_RANGE.get(typ)
        got = value_range(ctx, inner, at, func) if inner is not None else None
        if cast is None:
            return None
        if got is not None and cast[0] <= got[0] and got[1] <= cast[1]:
            return got
        return cast
    v = const_int(ctx, e, func)
    if v is not None:
        return v, v
    e = strip_expr(e)
    if e.type == "binary_expression" and text(e.child_by_field_name("operator")) in {"/", "%"}:
        return _quotient_range(ctx, e, at, func)  # `cents / 100`, `cents % 100`
    if e.type == "call_expression" and ctx.callee(e) in _ABS_RANGE:
        return _abs_range(ctx, e, at, func)
    if e.type == "identifier":
        lo, hi = interval(ctx, e, at, func)
        declared = declared_type(text(e), func, ctx.parsed.tree.root_node)
        typed = TYPE_RANGE.get(" ".join((declared or "").replace("const ", "").split()))
        if typed is not None:
            lo = typed[0] if lo is None else max(lo, typed[0])
            hi = typed[1] if hi is None else min(hi, typed[1])
        return (lo, hi) if lo is not None and hi is not None else None
    if e.type == "field_expression":
        return TYPE_RANGE.get(_member_type(ctx, text(e.child_by_field_name("field") or e)) or "")
    if e.type == "subscript_expression":
        base = strip_expr(e.child_by_field_name("argument") or e)
        if base.type == "field_expression":
            return TYPE_RANGE.get(_member_type(ctx, text(base.child_by_field_name("field") or base)) or "")
        if base.type == "identifier":
            declared = declared_type(text(base), func, ctx.parsed.tree.root_node) or ""
            element = " ".join(declared.replace("const ", "").replace("*", " ").split())
            return TYPE_RANGE.get(element)
    return None


def _quotient_range(ctx: Ctx, e: Node, at: Node, func: Node | None) -> tuple[int, int] | None:
    """``a / K`` and ``a % K`` with a constant ``K`` above 0: C divides toward zero, and the remainder
    has the dividend's sign and is smaller than ``K`` in magnitude (whatever ``a`` is)."""
    left, right = e.child_by_field_name("left"), e.child_by_field_name("right")
    k = const_int(ctx, right, func) if right is not None else None
    if left is None or k is None or k <= 0:
        return None
    got = value_range(ctx, left, at, func)
    if text(e.child_by_field_name("operator")) == "%":
        if got is None:
            return -(k - 1), k - 1
        lo, hi = got
        return (0 if lo >= 0 else max(lo, -(k - 1))), (min(hi, k - 1) if hi > 0 else 0)
    if got is None:
        return None
    lo, hi = got
    return (lo // k if lo >= 0 else -(-lo // k)), (hi // k if hi >= 0 else -(-hi // k))


def _abs_range(ctx: Ctx, call: Node, at: Node, func: Node | None) -> tuple[int, int] | None:
    """``labs(x)``: 0 to the largest magnitude of ``x``; the most negative value of the type has no
    positive counterpart (``labs(LONG_MIN)`` stays negative), so then the type's whole range."""
    args = call_args(call)
    got = value_range(ctx, args[0], at, func) if len(args) == 1 else None
    if got is None:
        return None
    typ = _ABS_RANGE[ctx.callee(call)]
    m = max(abs(got[0]), abs(got[1]))
    return (0, m) if m <= typ[1] else typ


def _member_type(ctx: Ctx, name: str) -> str | None:
    """The one type every member called ``name`` in the file is declared with (an array member: its
    element type), or None."""
    types: set[str] = set()
    for n in walk(ctx.parsed.tree.root_node):
        if n.type != "field_declaration":
            continue
        names = {
            text(d) if d.type == "field_identifier" else text(d.child_by_field_name("declarator") or d)
            for d in n.named_children
            if d.type in {"field_identifier", "array_declarator"}
        }
        if name not in names:
            continue
        typ = n.child_by_field_name("type")
        if typ is None:
            return None
        types.add(" ".join(text(typ).split()))
    return types.pop() if len(types) == 1 else None
