"""A read inside the function's own (pointer, length) pair, at an offset and for a count the code
computes: ``handle(const unsigned char *buf, size_t len)`` with ``val = buf + off + 3;`` ``if (vlen >
len - off - 3) return -1;`` ``n = vlen < K ? vlen : K - 1;`` ``memcpy(dst, val, n)``, or ``sp =
memchr(line, ' ', len); if (!sp) return; memcpy(dst, line, sp - line)``.

As for a pair read whole (c_copies._paired), how many bytes ``buf`` holds is the callers' contract
with the length parameter right after it (checked at every visible call, c_caller_pairs, and never a
difference a caller may have wrapped); here the read must be shown to lie inside ``buf[0 .. len)``
where it runs: its start at or after ``buf`` and its end (start plus count) at most ``buf + len``, by
the backward prover of c_capacity_wp (stores put in place, checks that leave, clamps ``c ? a : b``
arm by arm, ``memchr()``'s result inside what it searched where it is checked not NULL). The count
must not be negative (an unsigned type, or shown so), nor a difference that may wrap. A call that
hands such a read on (``parse_line(req, line, sp - line)``) is judged the same way
(c_caller_pairs)."""

from __future__ import annotations

from itertools import pairwise

from tree_sitter import Node

from .c_callers import unchanged_until
from .c_capacity import nonnegative
from .c_capacity_wp import Prover, Want, lin
from .c_context import Ctx
from .c_pair_write import add
from .c_paths import cannot_be_negative
from .c_tree import param_names
from .c_values import declared_type


def inside_own_pair(
    ctx: Ctx,
    at: Node,
    src: Node,
    count: Node,
    func: Node | None,
    *,
    pairs: list[tuple[str, str]] | None = None,
) -> tuple[str, str, Node] | None:
    """(the pointer parameter, the length parameter right after it, the statement or check that shows
    it) when ``count`` bytes at ``src`` lie inside that pair where ``at`` runs; None otherwise. The
    callers' side of the pair is c_caller_pairs' to judge, which may name other ``pairs`` of
    parameters to try (a pointer and a length apart, ``f(dst, src, dsize)``, where every call is
    seen)."""
    if func is None:
        return None
    start, n = lin(ctx, src, func), lin(ctx, count, func)
    if start is None or n is None or not cannot_be_negative(ctx, count, at, func):
        return None
    params = param_names(func)
    for pointer, length in pairs if pairs is not None else pairwise(params):
        if not _pointer_and_size(ctx, func, pointer, length):
            continue
        if not (unchanged_until(func, pointer, at) and unchanged_until(func, length, at)):
            continue
        prover = Prover(ctx, lambda atom, here, f: nonnegative(ctx, atom, here, f), target=at)
        if not prover.no_wrap(n, at, func):  # the count's own subtraction
            continue
        end = prover.holds(Want(add(start, n), ({pointer: 1, length: 1}, 0)), at, func)
        if end is None:
            continue
        lower = Want(({pointer: 1}, 0), start)
        if prover.evident(lower, at, func) or prover.holds(lower, at, func) is not None:
            return pointer, length, end
    return None


def _pointer_and_size(ctx: Ctx, func: Node, pointer: str, length: str) -> bool:
    root = ctx.parsed.tree.root_node
    p, n = declared_type(pointer, func, root) or "", declared_type(length, func, root) or ""
    return "*" in p and "*" not in n and nonnegative(ctx, length, func, func)
