"""A length shown at most a string's own length where a read uses it: ``n = strlen(name); if (n >=
sizeof(row->name)) n = sizeof(row->name) - 1; memcpy(row->name, name, n);``, or ``len = strlen(src);
n = len >= size ? size - 1 : len; memcpy(dst, src, n);``.

The backward prover of c_capacity_wp walks from the read with ``strlen(src)`` as an atom of its sums:
the store ``n = strlen(src)`` puts the length in ``n``'s place, a clamp is proven arm by arm (``size -
1 <= len`` where ``len >= size``), and a store to ``src`` itself ends the walk. What may write into the
string between its first measure and the read (a call handed it, a store through a pointer to it) is
the caller's to rule out (c_copies._string_unchanged). The count must not be negative, nor a
difference that may wrap."""

from __future__ import annotations

from tree_sitter import Node

from .c_capacity import prover as new_prover
from .c_capacity_wp import Want, lin
from .c_context import Ctx
from .c_paths import cannot_be_negative
from .c_tree import call_args, callee_of, squash, stripped_text, walk


def measure_bound(ctx: Ctx, count: Node, src: str, at: Node, func: Node) -> Node | None:
    """The first ``strlen(src)`` of ``func`` before ``at`` when ``count <= strlen(src)`` holds where
    ``at`` runs; None otherwise."""
    n = lin(ctx, count, func)
    if n is None or not n[0] or not cannot_be_negative(ctx, count, at, func):
        return None  # a constant count is c_measured_index's to judge
    first = first_measure(func, src, at)
    if first is None:
        return None
    prover = new_prover(ctx, target=at, measures=frozenset({src}))
    if not prover.no_wrap(n, at, func):
        return None
    if prover.holds(Want(n, ({f"strlen({src})": 1}, 0)), at, func) is None:
        return None
    return first


def first_measure(func: Node, src: str, at: Node) -> Node | None:
    """The first ``strlen(src)`` of ``func`` before ``at``."""
    return next(
        (
            c
            for c in walk(func)
            if c.type == "call_expression"
            and callee_of(c) == "strlen"
            and len(call_args(c)) == 1
            and squash(stripped_text(call_args(c)[0])) == src
            and c.end_byte <= at.start_byte
        ),
        None,
    )
