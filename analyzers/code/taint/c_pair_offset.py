"""A read at a constant offset of a (pointer, length) pair whose length was checked to cover it.

``parse_hello(const unsigned char *p, size_t len, ...)`` with ``if (len < 35) return -1;`` then
``memcpy(h->random, p + 2, 32)``: the bytes read, 2 to 33, lie below the 35 the check guarantees.
As for a pair read whole (c_copies._paired), how many bytes ``p`` holds is the callers' contract
with the length parameter; here the read's end (offset plus count, both constants) must be at most
a lower bound a check holding at the read gives the length parameter (the one right after the
pointer, ``f(p, len)``), which no statement changes
before the read and which no visible caller hands a difference that may wrap below zero."""

from __future__ import annotations

from tree_sitter import Node

from .c_caller_wrap import callers_may_wrap
from .c_callers import unchanged_until
from .c_conditions import comparisons, holding_conditions
from .c_context import Ctx
from .c_tree import param_names, text
from .c_values import base_and_offset, const_int
from .values import Note


def pair_offset_fits(ctx: Ctx, call: Node, src: Node, n: int, func: Node | None) -> Note | None:
    """A note when ``call`` reads ``n`` bytes at ``src`` = ``p + K`` (or ``p``) of a pointer parameter
    ``p`` and a check holding there keeps another parameter at least ``K + n``."""
    if func is None or n < 0:
        return None
    params = param_names(func)
    split = base_and_offset(ctx, src, func)
    if split is None:
        return None
    s, offset = split
    if s.type != "identifier" or text(s) not in params or not unchanged_until(func, text(s), call):
        return None
    need = offset + n
    for cond, truth, where in holding_conditions(call):
        for var, op, other in comparisons(cond, truth):
            if (
                var not in params
                or params.index(var) != params.index(text(s)) + 1  # the pair: `f(p, len)`
                or not unchanged_until(func, var, call)
            ):
                continue
            k = const_int(ctx, other, func)
            least = k if k is not None and op == ">=" else k + 1 if k is not None and op == ">" else None
            if least is None or least < need:
                continue
            named = _named(cond, var)
            if named is None or callers_may_wrap(ctx, func, named):
                continue  # a caller may hand the length a difference that wrapped
            return ctx.note(
                where,
                f"reads bytes {offset} to {need - 1} of `{text(s)}`, and the check at line "
                f"{where.start_point[0] + 1} keeps its length `{var}` at least {least}",
                "guard",
            )
    return None


def _named(cond: Node, name: str) -> Node | None:
    from .c_tree import walk

    for x in walk(cond):
        if x.type == "identifier" and text(x) == name:
            return x
    return None
