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
from .c_capacity import prover as new_prover
from .c_capacity_wp import Lin, Prover, Want, byte_pointer, lin
from .c_context import Ctx
from .c_flow import backward_goto
from .c_pair_write import add
from .c_paths import cannot_be_negative
from .c_tree import param_names, store_of, walk
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
    if start is None or n is None:
        return None
    if not cannot_be_negative(ctx, count, at, func) and not all(nonnegative(ctx, v, at, func) for v in n[0]):
        return None  # a signed count may be negative; a difference of unsigned parts: _inside's no_wrap
    return _inside(ctx, at, start, n, func, pairs=pairs)


def element_inside_own_pair(
    ctx: Ctx, sub: Node, func: Node | None, *, pairs: list[tuple[str, str]] | None = None
) -> tuple[str, str, Node] | None:
    """As :func:`inside_own_pair` for the one element ``sub`` (``line[len - 1]``) reads or writes."""
    arr, idx = sub.child_by_field_name("argument"), sub.child_by_field_name("index")
    if func is None or arr is None or idx is None:
        return None
    base, at = lin(ctx, arr, func), lin(ctx, idx, func)
    if base is None or at is None:
        return None
    return _inside(ctx, sub, add(base, at), ({}, 1), func, pairs=pairs)


def _inside(
    ctx: Ctx, at: Node, start: Lin, n: Lin, func: Node, *, pairs: list[tuple[str, str]] | None
) -> tuple[str, str, Node] | None:
    params = param_names(func)
    for pointer, length in pairs if pairs is not None else pairwise(params):
        if not _pointer_and_size(ctx, func, pointer, length):
            continue
        prover = new_prover(ctx, target=at)
        if not unchanged_until(func, pointer, at) or not (
            unchanged_until(func, length, at) or _only_shrinks(func, length, prover)
        ):
            continue
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
    """A pointer to bytes (so that offsets, counts and the length all count bytes) and a length that
    is never negative."""
    n = declared_type(length, func, ctx.parsed.tree.root_node) or ""
    return byte_pointer(ctx, pointer, func) and "*" not in n and nonnegative(ctx, length, func, func)


def _only_shrinks(func: Node, length: str, prover: Prover) -> bool:
    """Every change of the length parameter in ``func`` takes something off it without going below 0
    (``while (len > 0 && line[len - 1] == '\\n') len--;``, ``len -= k`` where ``k <= len``) and its
    address is never taken: wherever it is read it is at most what the caller handed, so a part of
    ``buf[0 .. len)`` lies inside the caller's pair."""
    if backward_goto(func, unknown_labels=True):
        return False
    for n in walk(func):
        stored = store_of(n)
        if stored is None or stored[1] != length:
            continue
        op = stored[0]
        if op == "--":
            if not prover.no_wrap(({length: 1}, -1), n, func):
                return False
            continue
        step = lin(prover.ctx, n.child_by_field_name("right"), func) if op == "-=" else None
        if step is None:
            return False  # a store, a step up or an address taken
        if any(c < 0 for c in step[0].values()) or step[1] < 0:
            return False  # what it takes off must not be negative: `len -= k` adds when k < 0
        if not all(prover.nonnegative(v, n, func) for v in step[0]):
            return False
        if not prover.no_wrap(
            add(({length: 1}, 0), ({v: -c for v, c in step[0].items()}, -step[1])), n, func
        ):
            return False
    return True
